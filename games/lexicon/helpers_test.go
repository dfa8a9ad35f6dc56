package lexicon

import (
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"
)

var (
	sourceOnce  sync.Once
	sourceWords []string
	sourceSet   map[string]struct{}
	sourceErr   error
)

// source returns the committed word list and a map of it: the reference
// every graph query is checked against.
func source(t testing.TB) ([]string, map[string]struct{}) {
	t.Helper()
	sourceOnce.Do(func() {
		sourceWords, sourceErr = EmbeddedWords()
		sourceSet = make(map[string]struct{}, len(sourceWords))
		for _, w := range sourceWords {
			sourceSet[w] = struct{}{}
		}
	})
	if sourceErr != nil {
		t.Fatal(sourceErr)
	}
	return sourceWords, sourceSet
}

var (
	sampleOnce  sync.Once
	sampleWords []string
	sampleLex   *Lexicon
	sampleErr   error

	factorOnce sync.Once
	factors    []bool
)

// sample returns a lexicon of 5,000 words drawn (seeded) from the source
// list, small enough to check infix answers by scanning every word.
func sample(t testing.TB) ([]string, *Lexicon) {
	t.Helper()
	words, _ := source(t)
	sampleOnce.Do(func() {
		rng := rand.New(rand.NewPCG(7, 7))
		for _, i := range rng.Perm(len(words))[:5000] {
			sampleWords = append(sampleWords, words[i])
		}
		slices.Sort(sampleWords)
		sampleLex, sampleErr = Build(sampleWords)
	})
	if sampleErr != nil {
		t.Fatal(sampleErr)
	}
	return sampleWords, sampleLex
}

const maxFactorLen = 5

// factorIndex numbers the strings of up to maxFactorLen letters.
func factorIndex(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		n = n*27 + int(s[i]-'A') + 1
	}
	return n
}

// isFactor reports, by a table of every factor of up to 5 letters of every
// source word, whether s (at most 5 letters) occurs inside a word.
func isFactor(t testing.TB, s string) bool {
	t.Helper()
	words, _ := source(t)
	factorOnce.Do(func() {
		size := 1
		for range maxFactorLen {
			size *= 27
		}
		factors = make([]bool, size)
		for _, w := range words {
			for i := range len(w) {
				n := 0
				for j := i; j < len(w) && j < i+maxFactorLen; j++ {
					n = n*27 + int(w[j]-'A') + 1
					factors[n] = true
				}
			}
		}
	})
	return factors[factorIndex(s)]
}

// bruteExample is ExampleWithInfix's documented choice, by scanning words.
func bruteExample(words []string, s string) (string, bool) {
	best, bestAt := "", -1
	for _, w := range words {
		at := strings.Index(w, s)
		if at < 0 {
			continue
		}
		if bestAt < 0 || exampleBefore(w, at, best, bestAt, len(s)) {
			best, bestAt = w, at
		}
	}
	return best, bestAt >= 0
}

// exampleBefore orders examples: shorter, then s earlier, then the letters
// before s read from s backwards, then the letters after s.
func exampleBefore(a string, atA int, b string, atB int, n int) bool {
	if len(a) != len(b) {
		return len(a) < len(b)
	}
	if atA != atB {
		return atA < atB
	}
	if c := strings.Compare(reverse(a[:atA]), reverse(b[:atB])); c != 0 {
		return c < 0
	}
	return a[atA+n:] < b[atB+n:]
}

func reverse(s string) string {
	b := []byte(s)
	slices.Reverse(b)
	return string(b)
}

// randomFragment returns a factor of a random word, sometimes mutated.
func randomFragment(rng *rand.Rand, words []string, maxLen int) string {
	w := words[rng.IntN(len(words))]
	n := 1 + rng.IntN(min(maxLen, len(w)))
	start := rng.IntN(len(w) - n + 1)
	s := w[start : start+n]
	if rng.IntN(3) == 0 {
		b := []byte(s)
		b[rng.IntN(len(b))] = byte('A' + rng.IntN(26))
		s = string(b)
	}
	return s
}
