package lexicon

import (
	"math/rand/v2"
	"testing"
)

func TestWordAtMatchesSourceOrder(t *testing.T) {
	words, _ := source(t)
	lex := Default()
	lex.rankOnce.Do(lex.countArcWords)
	rng := rand.New(rand.NewPCG(18, 19))
	for range 5000 {
		r := rng.IntN(len(words))
		if got := string(lex.wordAt(uint32(r), nil)); got != words[r] {
			t.Fatalf("wordAt(%d) = %q, want %q", r, got, words[r])
		}
	}
}

func TestCountByLength(t *testing.T) {
	words, _ := source(t)
	lex := Default()
	counts := map[int]int{}
	for _, w := range words {
		counts[len(w)]++
	}
	for n := -1; n <= lex.MaxLength()+1; n++ {
		if got := lex.CountByLength(n); got != counts[n] {
			t.Errorf("CountByLength(%d) = %d, want %d", n, got, counts[n])
		}
	}
}

func TestRandomWord(t *testing.T) {
	lex := Default()
	for _, length := range []int{2, 5, 9, lex.MaxLength()} {
		seen := map[string]bool{}
		seeds := uint64(200)
		if lex.CountByLength(length)*64 < lex.Len() {
			seeds = 10 // rare lengths walk the whole graph per draw
		}
		for seed := range seeds {
			w, ok := lex.RandomWord(length, seed)
			if !ok || len(w) != length || !lex.Has(w) {
				t.Fatalf("RandomWord(%d, %d) = %q %v", length, seed, w, ok)
			}
			if again, _ := lex.RandomWord(length, seed); again != w {
				t.Fatalf("RandomWord(%d, %d) gave %q then %q", length, seed, w, again)
			}
			seen[w] = true
		}
		// 200 uniform draws among thousands of words rarely repeat.
		if n := lex.CountByLength(length); n > 10_000 && len(seen) < 190 {
			t.Errorf("RandomWord(%d, ...) gave only %d distinct words in 200 seeds", length, len(seen))
		}
	}
	if _, ok := lex.RandomWord(lex.MaxLength()+1, 1); ok {
		t.Error("RandomWord found a word longer than the longest")
	}
}

// Among the few 2-letter words every one must come up, about equally.
func TestRandomWordIsUniformOnRareLength(t *testing.T) {
	lex := Default()
	n := lex.CountByLength(2)
	hits := map[string]int{}
	draws := n * 100
	for seed := range uint64(draws) {
		w, _ := lex.RandomWord(2, seed)
		hits[w]++
	}
	if len(hits) != n {
		t.Fatalf("%d draws hit %d of the %d two-letter words", draws, len(hits), n)
	}
	for w, h := range hits {
		if h < 50 || h > 160 {
			t.Errorf("%s drawn %d times, expected about 100", w, h)
		}
	}
}
