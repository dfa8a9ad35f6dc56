package lexicon

import (
	"math/rand/v2"
	"testing"
)

func TestRulesPagesWords(t *testing.T) {
	lex := Default()
	for _, w := range []string{
		"ABOYEZ", "LEGERS", "GRELES", "ARISTOTELICIEN", "SIMULTANEE", "DEPENSER",
		"RUE", "ROBE", "OBJET", "ARBRE", "MAISON", "ABRI",
		"élève", "Légers", "cœur", "ÆTHUSE", "AUJOURD'HUI", "aujourd’hui",
	} {
		if !lex.Has(w) {
			t.Errorf("Has(%q) = false, want true", w)
		}
	}
	for _, w := range []string{"", "ZZZ", "MAISONX", "L'ARBRE", "AUJOURD'", "PORTE-MONNAIE", "ABRI ", "AB1"} {
		if lex.Has(w) {
			t.Errorf("Has(%q) = true, want false", w)
		}
	}
}

func TestEverySourceWordAccepted(t *testing.T) {
	words, _ := source(t)
	lex := Default()
	if lex.Len() != len(words) {
		t.Fatalf("Len() = %d, source has %d words", lex.Len(), len(words))
	}
	if len(words) < 400_000 {
		t.Fatalf("only %d source words, want about 414,000", len(words))
	}
	for _, w := range words {
		if !lex.Has(w) {
			t.Fatalf("Has(%q) = false for a source word", w)
		}
	}
}

func TestWordsListsTheSource(t *testing.T) {
	words, _ := source(t)
	i := 0
	Default().Words(func(w string) bool {
		if i >= len(words) || words[i] != w {
			t.Fatalf("Words()[%d] = %q, source has %q", i, w, words[min(i, len(words)-1)])
		}
		i++
		return true
	})
	if i != len(words) {
		t.Fatalf("Words() gave %d words, source has %d", i, len(words))
	}
}

// mutate returns a string near w: a letter changed, inserted, deleted or
// two swapped, so most results are near misses of real words.
func mutate(rng *rand.Rand, w string) string {
	b := []byte(w)
	letter := byte('A' + rng.IntN(26))
	switch p := rng.IntN(len(b) + 1); rng.IntN(5) {
	case 0:
		if p < len(b) {
			b[p] = letter
		}
	case 1:
		b = append(b[:p], append([]byte{letter}, b[p:]...)...)
	case 2:
		if p < len(b) {
			b = append(b[:p], b[p+1:]...)
		}
	case 3:
		if p+1 < len(b) {
			b[p], b[p+1] = b[p+1], b[p]
		}
	case 4:
		b = b[:p]
	}
	return string(b)
}

func TestMutatedStringsAgreeWithMap(t *testing.T) {
	words, set := source(t)
	lex := Default()
	rng := rand.New(rand.NewPCG(1, 2))
	accepted := 0
	for range 200_000 {
		s := mutate(rng, words[rng.IntN(len(words))])
		_, want := set[s]
		if s == "" {
			want = false
		}
		if got := lex.Has(s); got != want {
			t.Fatalf("Has(%q) = %v, map says %v", s, got, want)
		}
		if want {
			accepted++
		}
	}
	// The mutations must produce both answers, or the test proves nothing.
	if accepted < 1000 || accepted > 199_000 {
		t.Fatalf("%d of 200000 mutated strings are words: mutations too weak", accepted)
	}
}
