package lexicon

import (
	"strings"
	"testing"
)

func FuzzHas(f *testing.F) {
	for _, s := range []string{"ABOYEZ", "MAISON", "MAISONS", "MAISO", "", "élève", "ZZZ", "A", "porte-monnaie", "ARISTOTELICIENS"} {
		f.Add(s)
	}
	_, set := source(f)
	lex := Default()
	f.Fuzz(func(t *testing.T, s string) {
		folded, ok := Fold(s)
		_, want := set[folded]
		want = want && ok
		if got := lex.Has(s); got != want {
			t.Fatalf("Has(%q) = %v, map says %v", s, got, want)
		}
	})
}

func FuzzHasInfix(f *testing.F) {
	for _, s := range []string{"AISO", "OUV", "XYL", "KZ", "Q", "", "ZZZZZZ", "ABOYEZ", "QWERTY", "ISTOTEL"} {
		f.Add(s)
	}
	words, lex := sample(f)
	full := Default()
	f.Fuzz(func(t *testing.T, s string) {
		if !isFolded(s) {
			if lex.HasInfix(s) && s != "" {
				t.Fatalf("HasInfix(%q) = true for a string that isn't folded", s)
			}
			return
		}
		want := false
		for _, w := range words {
			if strings.Contains(w, s) {
				want = true
				break
			}
		}
		if got := lex.HasInfix(s); got != want {
			t.Fatalf("sample HasInfix(%q) = %v, want %v", s, got, want)
		}
		if len(s) <= maxFactorLen {
			if got, want := full.HasInfix(s), isFactor(t, s); got != want {
				t.Fatalf("HasInfix(%q) = %v, want %v", s, got, want)
			}
		}
	})
}
