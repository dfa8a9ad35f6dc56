package lexicon

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// fitsRack reports whether w can be made from the letter counts plus
// blanks; exact also requires every letter and blank to be used.
func fitsRack(w string, counts [26]int, blanks int, exact bool) bool {
	for i := 0; i < len(w); i++ {
		c := w[i] - 'A'
		if counts[c] > 0 {
			counts[c]--
		} else if blanks > 0 {
			blanks--
		} else {
			return false
		}
	}
	if !exact {
		return true
	}
	for _, n := range counts {
		if n != 0 {
			return false
		}
	}
	return blanks == 0
}

func TestAnagramsAgainstBruteForce(t *testing.T) {
	words, _ := source(t)
	lex := Default()
	rng := rand.New(rand.NewPCG(12, 13))
	for q := range 60 {
		w := []byte(words[rng.IntN(len(words))])
		rng.Shuffle(len(w), func(i, j int) { w[i], w[j] = w[j], w[i] })
		blanks := 0
		if q%4 == 0 {
			w[0], blanks = '?', 1
		}
		var counts [26]int
		for _, c := range w {
			if c != '?' {
				counts[c-'A']++
			}
		}
		var exact, sub []string
		for _, cand := range words {
			if fitsRack(cand, counts, blanks, true) {
				exact = append(exact, cand)
			}
			if len(cand) >= 3 && fitsRack(cand, counts, blanks, false) {
				sub = append(sub, cand)
			}
		}
		if got := lex.Anagrams(string(w)); !slices.Equal(got, exact) {
			t.Fatalf("Anagrams(%q) = %v, want %v", w, got, exact)
		}
		if got := lex.SubAnagrams(string(w), 3); !slices.Equal(got, sub) {
			t.Fatalf("SubAnagrams(%q, 3) = %d words, want %d", w, len(got), len(sub))
		}
	}
	if got := lex.Anagrams("BORE"); !slices.Contains(got, "ROBE") {
		t.Errorf("Anagrams(BORE) = %v, want ROBE among them", got)
	}
	if got := lex.Anagrams("a-b"); got != nil {
		t.Errorf("Anagrams(a-b) = %v, want nil", got)
	}
}

func TestAnagramsFoldsItsInput(t *testing.T) {
	lex := Default()
	got := lex.Anagrams("vélee")
	if !slices.Contains(got, "ELEVE") {
		t.Fatalf("Anagrams(vélee) = %v, want ELEVE among them", got)
	}
}
