package lexicon

import (
	"bytes"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"sync"
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
	gaddagRoot := g.addGADDAG(gaddagPrefixes(g, dawgRoot, dawg), maxLen)
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

// A GADDAG holds every word once per split point: for CARE, ERAC (the
// whole word reversed), RAC^E, AC^RE and C^ARE. Everything after a
// separator is a word's ending after a prefix: exactly the DAWG node that
// prefix leads to. So rather than sorting the 4.3 million entries, the
// builder sorts the ~1 million reversed prefixes, each tagged with whether
// the prefix is a word and with its DAWG node, which becomes the target of
// the separator arc.
type gaddagPrefix struct {
	reversed []byte // the prefix, letters reversed
	word     bool   // the prefix is a word
	rest     int32  // DAWG node after the prefix (0: nothing follows)
}

// gaddagPrefixes lists the distinct prefixes of the sorted words, sorted
// by their reversed letters.
func gaddagPrefixes(g *graphBuilder, dawgRoot int32, words [][]byte) []gaddagPrefix {
	// Bucketed by last letter (the first of the reversed key), so the
	// buckets sort in parallel.
	var buckets [27][]gaddagPrefix
	var prev []byte
	nodes := []int32{dawgRoot}
	var buf []byte
	for _, w := range words {
		common := 0
		for common < len(prev) && common < len(w) && prev[common] == w[common] {
			common++
		}
		nodes = nodes[:common+1]
		for i := common; i < len(w); i++ {
			e := g.edge(nodes[i], w[i])
			nodes = append(nodes, e.child)
			if cap(buf)-len(buf) < i+1 {
				buf = make([]byte, 0, 1<<16)
			}
			start := len(buf)
			for k := i; k >= 0; k-- {
				buf = append(buf, w[k])
			}
			key := buf[start:len(buf):len(buf)]
			buckets[w[i]] = append(buckets[w[i]], gaddagPrefix{reversed: key, word: e.accepts, rest: e.child})
		}
		prev = w
	}
	var wg sync.WaitGroup
	next := make(chan int, len(buckets))
	for b := range buckets {
		next <- b
	}
	close(next)
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for b := range next {
				slices.SortFunc(buckets[b], func(x, y gaddagPrefix) int { return bytes.Compare(x.reversed, y.reversed) })
			}
		})
	}
	wg.Wait()
	var all []gaddagPrefix
	for _, bucket := range buckets {
		all = append(all, bucket...)
	}
	return all
}
