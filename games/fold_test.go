package games

import (
	"strings"
	"testing"
	"unicode"

	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"
)

// FoldWord's short cut for ASCII words gives what the whole fold gives.
func TestFoldWord_ASCIIAsTheWholeFold(t *testing.T) {
	whole := func(s string) string {
		f, _, err := transform.String(transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn)), norm.NFC), s)
		if err != nil {
			t.Fatal(err)
		}
		return strings.ToLower(f)
	}
	var all []byte
	for b := 0; b < 128; b++ {
		all = append(all, byte(b))
	}
	for _, s := range []string{"", "pass", "PASSE", "Reponse", "le Mot", "a-b_c 12", string(all)} {
		if got, want := FoldWord(s), whole(s); got != want {
			t.Errorf("FoldWord(%q) = %q, want %q", s, got, want)
		}
	}
	for s, want := range map[string]string{"Réponse": "reponse", "ÉTÉ": "ete", "naïf": "naif"} {
		if got := FoldWord(s); got != want {
			t.Errorf("FoldWord(%q) = %q, want %q", s, got, want)
		}
	}
}

func BenchmarkFoldWord(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		FoldWord("pass")
	}
}
