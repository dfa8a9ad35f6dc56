package lexicon

import (
	"math/rand/v2"
	"slices"
	"testing"
)

func TestFillAgainstBruteForce(t *testing.T) {
	words, _ := source(t)
	lex := Default()
	byLength := map[int][]string{}
	for _, w := range words {
		byLength[len(w)] = append(byLength[len(w)], w)
	}
	rng := rand.New(rand.NewPCG(14, 15))
	total := 0
	for range 300 {
		w := words[rng.IntN(len(words))]
		pattern := make([]LetterSet, len(w))
		for i := range pattern {
			switch rng.IntN(3) {
			case 0:
				pattern[i] = Only(w[i])
			case 1:
				pattern[i] = LetterSet(rng.Uint32()) & AllLetters
			default:
				pattern[i] = AllLetters
			}
		}
		var want []string
		for _, cand := range byLength[len(w)] {
			ok := true
			for i := range pattern {
				if !pattern[i].Has(cand[i]) {
					ok = false
					break
				}
			}
			if ok {
				want = append(want, cand)
			}
		}
		var got []string
		lex.Fill(pattern, func(word string) bool {
			got = append(got, word)
			return true
		})
		if !slices.Equal(got, want) {
			t.Fatalf("Fill(%v) = %d words, want %d (%v...)", pattern, len(got), len(want), want[:min(3, len(want))])
		}
		total += len(want)
	}
	if total < 300 {
		t.Fatalf("patterns matched only %d words in all", total)
	}
	count := 0
	lex.Fill([]LetterSet{AllLetters, AllLetters, AllLetters}, func(string) bool {
		count++
		return count < 5
	})
	if count != 5 {
		t.Fatalf("Fill went on after fn returned false: %d calls", count)
	}
}

func TestCrossCheckAgainstBruteForce(t *testing.T) {
	words, set := source(t)
	lex := Default()
	rng := rand.New(rand.NewPCG(16, 17))
	for q := range 5000 {
		w := words[rng.IntN(len(words))]
		at := rng.IntN(len(w))
		before, after := w[:at], w[at+1:]
		if q%5 == 0 {
			before = mutate(rng, before)
		}
		var want LetterSet
		for c := byte('A'); c <= 'Z'; c++ {
			if _, ok := set[before+string(c)+after]; ok {
				want = want.With(c)
			}
		}
		if got := lex.CrossCheck(before, after); got != want {
			t.Fatalf("CrossCheck(%q, %q) = %s, want %s", before, after, got, want)
		}
	}
	if got := lex.CrossCheck("MAIS", "N"); !got.Has('O') {
		t.Errorf("CrossCheck(MAIS, N) = %s, want O in it", got)
	}
}
