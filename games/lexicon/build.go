package lexicon

import (
	"errors"
	"fmt"
	"slices"
)

// Build makes a lexicon from words, folding each one with Fold. Duplicates
// (after folding) are fine; a word that doesn't fold is an error, and so is
// an empty list. It takes a few seconds for the full dictionary, most of it
// sorting the GADDAG entries: the games use the prebuilt embedded graph
// (Default) or LoadWordList instead.
func Build(words []string) (*Lexicon, error) {
	folded := make([]string, 0, len(words))
	for _, w := range words {
		f, ok := Fold(w)
		if !ok {
			return nil, fmt.Errorf("lexicon: %q is not a word of letters only", w)
		}
		folded = append(folded, f)
	}
	return buildFolded(folded)
}

// buildFolded builds from words already folded to A-Z; it sorts and dedupes
// the slice in place.
func buildFolded(words []string) (*Lexicon, error) {
	slices.Sort(words)
	words = slices.Compact(words)
	if len(words) == 0 {
		return nil, errors.New("lexicon: no words")
	}
	g := newGraphBuilder()
	dawg := make([][]byte, len(words))
	maxLen := 0
	for i, w := range words {
		dawg[i] = codes(w)
		maxLen = max(maxLen, len(w))
	}
	dawgRoot := g.addSorted(dawg, maxLen)
	gaddag := gaddagEntries(dawg)
	gaddagRoot := g.addSorted(gaddag, maxLen+1)
	arcs, dawgEnd, err := g.layout(dawgRoot, gaddagRoot)
	if err != nil {
		return nil, err
	}
	byLength := make([]uint32, maxLen+1)
	for _, w := range words {
		byLength[len(w)]++
	}
	return newLexicon(arcs, dawgEnd, uint32(len(words)), byLength), nil
}

func codes(w string) []byte {
	b := make([]byte, len(w))
	for i := 0; i < len(w); i++ {
		b[i] = code(w[i])
	}
	return b
}

// gaddagEntries returns, sorted, every word once per split point: for
// CARE, ERAC (the whole word reversed, no separator), RAC^E, AC^RE, C^ARE.
func gaddagEntries(words [][]byte) [][]byte {
	total := 0
	for _, w := range words {
		total += len(w) * (len(w) + 1)
	}
	buf := make([]byte, 0, total)
	entries := make([][]byte, 0, total/8)
	for _, w := range words {
		for split := len(w); split >= 1; split-- {
			start := len(buf)
			for i := split - 1; i >= 0; i-- {
				buf = append(buf, w[i])
			}
			if split < len(w) {
				buf = append(buf, separatorCode)
				buf = append(buf, w[split:]...)
			}
			entries = append(entries, buf[start:len(buf):len(buf)])
		}
	}
	slices.SortFunc(entries, func(a, b []byte) int { return bytesCompare(a, b) })
	return slices.CompactFunc(entries, func(a, b []byte) bool { return bytesCompare(a, b) == 0 })
}

func bytesCompare(a, b []byte) int {
	n := min(len(a), len(b))
	for i := 0; i < n; i++ {
		if a[i] != b[i] {
			return int(a[i]) - int(b[i])
		}
	}
	return len(a) - len(b)
}
