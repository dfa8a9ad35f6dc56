package lexicon

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestLineWords: on random lines (letters here and there, cross-checks,
// anchors) and racks, LineWords reports exactly the placements a scan of
// every word of the sample at every start finds, each once.
func TestLineWords(t *testing.T) {
	words, lex := sample(t)
	rng := rand.New(rand.NewPCG(3, 3))
	const letters = "EEEAAIISSNNRRTTUULOCDMPGBFHV"
	found := 0
	for trial := range 300 {
		n := 3 + rng.IntN(13)
		l := Line{Letters: make([]byte, n), Allowed: make([]LetterSet, n), Anchor: make([]bool, n)}
		for i := range n {
			switch rng.IntN(6) {
			case 0:
				l.Letters[i] = letters[rng.IntN(len(letters))]
			case 1:
				l.Allowed[i] = LettersOf(letters[:14])
			default:
				l.Allowed[i] = AllLetters
			}
			l.Anchor[i] = l.Letters[i] != 0 || rng.IntN(4) == 0
		}
		rack := make([]byte, 2+rng.IntN(8))
		for i := range rack {
			rack[i] = letters[rng.IntN(len(letters))]
		}
		var got []string
		lex.LineWords(l, string(rack), func(start int, w []byte) {
			got = append(got, fmt.Sprint(start, string(w)))
		})
		want := scanLine(words, l, string(rack))
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Fatalf("trial %d: line %q rack %s: got %v, want %v", trial, l.Letters, rack, got, want)
		}
		found += len(got)
	}
	if found < 300 {
		t.Fatalf("only %d placements over the trials", found)
	}
}

// scanLine tries every word at every start of the line.
func scanLine(words []string, l Line, rack string) []string {
	var out []string
	n := len(l.Letters)
	for _, w := range words {
		for start := 0; start+len(w) <= n; start++ {
			end := start + len(w)
			if start > 0 && l.Letters[start-1] != 0 || end < n && l.Letters[end] != 0 {
				continue
			}
			left, placed, anchor, ok := rack, 0, false, true
			for k := 0; k < len(w) && ok; k++ {
				i := start + k
				anchor = anchor || l.Anchor[i]
				if l.Letters[i] != 0 {
					ok = l.Letters[i] == w[k]
					continue
				}
				j := strings.IndexByte(left, w[k])
				ok = j >= 0 && l.Allowed[i].Has(w[k])
				if ok {
					left = left[:j] + left[j+1:]
					placed++
				}
			}
			if ok && anchor && placed > 0 {
				out = append(out, fmt.Sprint(start, w))
			}
		}
	}
	slices.Sort(out)
	return out
}
