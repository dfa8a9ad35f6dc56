package lexicon

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// allStrings returns every string of 1 to n letters.
func allStrings(n int) []string {
	out := []string{""}
	var all []string
	for range n {
		var next []string
		for _, s := range out {
			for c := byte('A'); c <= 'Z'; c++ {
				next = append(next, s+string(c))
			}
		}
		all = append(all, next...)
		out = next
	}
	return all
}

func TestHasInfixEveryShortString(t *testing.T) {
	lex := Default()
	for _, s := range allStrings(3) {
		if got, want := lex.HasInfix(s), isFactor(t, s); got != want {
			t.Fatalf("HasInfix(%q) = %v, want %v", s, got, want)
		}
	}
}

func TestHasInfixSampledAgainstFactors(t *testing.T) {
	words, _ := source(t)
	lex := Default()
	rng := rand.New(rand.NewPCG(3, 4))
	yes := 0
	for range 20_000 {
		s := randomFragment(rng, words, maxFactorLen)
		want := isFactor(t, s)
		if got := lex.HasInfix(s); got != want {
			t.Fatalf("HasInfix(%q) = %v, want %v", s, got, want)
		}
		if want {
			yes++
		}
	}
	if yes < 1000 || yes > 19_000 {
		t.Fatalf("%d of 20000 fragments are infixes: sample too one-sided", yes)
	}
}

func TestInfixQueriesOnSampleAgainstBruteForce(t *testing.T) {
	words, lex := sample(t)
	rng := rand.New(rand.NewPCG(5, 6))
	n := 3000
	if testing.Short() {
		n = 500
	}
	for range n {
		s := randomFragment(rng, words, 8)
		want, wantOK := bruteExample(words, s)
		if got := lex.HasInfix(s); got != wantOK {
			t.Fatalf("sample HasInfix(%q) = %v, want %v", s, got, wantOK)
		}
		got, ok := lex.ExampleWithInfix(s)
		if got != want || ok != wantOK {
			t.Fatalf("sample ExampleWithInfix(%q) = %q %v, want %q %v", s, got, ok, want, wantOK)
		}
		var left, right LetterSet
		for _, w := range words {
			for from := 0; ; {
				at := strings.Index(w[from:], s)
				if at < 0 {
					break
				}
				at += from
				if at > 0 {
					left = left.With(w[at-1])
				}
				if end := at + len(s); end < len(w) {
					right = right.With(w[end])
				}
				from = at + 1
			}
		}
		if got := lex.ExtendInfixLeft(s); got != left {
			t.Fatalf("sample ExtendInfixLeft(%q) = %s, want %s", s, got, left)
		}
		if got := lex.ExtendInfixRight(s); got != right {
			t.Fatalf("sample ExtendInfixRight(%q) = %s, want %s", s, got, right)
		}
	}
}

// Every example for the strings of up to 2 letters, on the full list.
func TestExampleWithInfixShortStringsFullList(t *testing.T) {
	words, _ := source(t)
	lex := Default()
	queries := allStrings(2)
	best := make(map[string]string, len(queries))
	bestAt := make(map[string]int, len(queries))
	for _, w := range words {
		for n := 1; n <= 2; n++ {
			for at := 0; at+n <= len(w); at++ {
				s := w[at : at+n]
				if strings.Index(w, s) != at {
					continue // only the first occurrence counts
				}
				if b, ok := best[s]; !ok || exampleBefore(w, at, b, bestAt[s], n) {
					best[s], bestAt[s] = w, at
				}
			}
		}
	}
	for _, s := range queries {
		want, wantOK := best[s]
		got, ok := lex.ExampleWithInfix(s)
		if got != want || ok != wantOK {
			t.Fatalf("ExampleWithInfix(%q) = %q %v, want %q %v", s, got, ok, want, wantOK)
		}
	}
	for s, want := range map[string]string{"AISO": "MAISON", "OUV": "OUVRA"} {
		if got, _ := lex.ExampleWithInfix(s); got != want {
			t.Errorf("ExampleWithInfix(%q) = %q, want %q", s, got, want)
		}
	}
}

func TestExtendInfixFullListAgainstFactors(t *testing.T) {
	words, _ := source(t)
	lex := Default()
	rng := rand.New(rand.NewPCG(8, 9))
	queries := allStrings(2)
	for range 3000 {
		queries = append(queries, randomFragment(rng, words, maxFactorLen-1))
	}
	for _, s := range queries {
		var left, right LetterSet
		for c := byte('A'); c <= 'Z'; c++ {
			if isFactor(t, string(c)+s) {
				left = left.With(c)
			}
			if isFactor(t, s+string(c)) {
				right = right.With(c)
			}
		}
		if got := lex.ExtendInfixLeft(s); got != left {
			t.Fatalf("ExtendInfixLeft(%q) = %s, want %s", s, got, left)
		}
		if got := lex.ExtendInfixRight(s); got != right {
			t.Fatalf("ExtendInfixRight(%q) = %s, want %s", s, got, right)
		}
	}
}

func TestPrefixQueriesAgainstMap(t *testing.T) {
	words, set := source(t)
	lex := Default()
	prefixes := make(map[string]struct{})
	for _, w := range words {
		for i := 1; i <= len(w); i++ {
			prefixes[w[:i]] = struct{}{}
		}
	}
	rng := rand.New(rand.NewPCG(10, 11))
	for range 20_000 {
		s := mutate(rng, words[rng.IntN(len(words))])
		if s == "" {
			continue
		}
		s = s[:1+rng.IntN(len(s))]
		_, want := prefixes[s]
		if got := lex.HasPrefix(s); got != want {
			t.Fatalf("HasPrefix(%q) = %v, want %v", s, got, want)
		}
		var next LetterSet
		for c := byte('A'); c <= 'Z'; c++ {
			if _, ok := prefixes[s+string(c)]; ok {
				next = next.With(c)
			}
		}
		if got := lex.ExtendPrefixRight(s); got != next {
			t.Fatalf("ExtendPrefixRight(%q) = %s, want %s", s, got, next)
		}
	}
	_ = set
}
