package lexicon

import (
	"slices"
	"strings"
	"testing"
)

// The familiarity list ranks the words people use: the most used first,
// each a folded common word of the bundled dictionary, once; the words a
// newcomer would not know are not in it.
func TestFamiliarity(t *testing.T) {
	if n := FamiliarWords(); n < 20000 {
		t.Fatalf("%d familiar words", n)
	}
	for word, want := range map[string]int{"de": 1, "la": 2, "le": 3} {
		if got := Familiarity(word); got != want {
			t.Errorf("Familiarity(%q) = %d, want %d", word, got, want)
		}
	}
	for _, w := range []string{"maison", "Été", "aujourd’hui", "jouer", "mot"} {
		if Familiarity(w) == 0 {
			t.Errorf("%q is not familiar", w)
		}
	}
	// Forms of a familiar word take its rank; rare tenses do not.
	for form, entry := range map[string]string{"MANGEONS": "MANGER", "FINIRONS": "FINIR", "VOYIONS": "VOIR",
		// Presents that end like the imperfect subjunctive of the third
		// group: the second group's subjunctive, -aît.
		"FINISSE": "FINIR", "AGISSE": "AGIR", "PLAIT": "PLAIRE"} {
		if Familiarity(entry) == 0 || Familiarity(form) != Familiarity(entry) {
			t.Errorf("Familiarity(%s) = %d, want %s's %d", form, Familiarity(form), entry, Familiarity(entry))
		}
	}
	for _, w := range []string{"TOMAISONS", "OSIDES", "ZABRES", "LIDAR", "BRAIERAS", "MANGEASSIONS", "TOURNAT", "COUPA", "CASAI", "SUTES", "TINS",
		// The imperfect subjunctive of the third group and eussé-je, dussé-je.
		"PRISSE", "MISSE", "VENDISSE", "SERVISSES", "REMISSE", "FISSE", "EUSSE", "DUSSE", "", "SNCF", "a-b"} {
		if r := Familiarity(w); r != 0 {
			t.Errorf("%q ranked %d", w, r)
		}
	}
	data, err := gunzip(embeddedFamiliarGz)
	if err != nil {
		t.Fatal(err)
	}
	lex := Default()
	seen := map[string]bool{}
	for _, w := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if f, ok := Fold(w); !ok || f != w || !lex.Has(w) || seen[w] {
			t.Errorf("familiar.txt.gz holds %q: not a folded common word, or twice", w)
		}
		seen[w] = true
	}
	forms, err := gunzip(embeddedFamiliarFormsGz)
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(forms)), "\n") {
		form, entry, ok := strings.Cut(line, " ")
		if !ok || !lex.Has(form) || !seen[entry] || seen[form] || len(form) > len(entry)+3 {
			t.Errorf("familiar-forms.txt.gz holds %q: not a word, its entry not familiar, already ranked, or far longer", line)
		}
	}
}

// Familiar is exactly the lexicon's words that Familiarity ranks, sorted:
// the same list as a walk over the whole dictionary, for the bundled
// lexicon and for a small one of a server.
func TestLexiconFamiliar(t *testing.T) {
	small, err := Build([]string{"MAISON", "ZABRES", "CHIENS", "OSIDES", "DE"})
	if err != nil {
		t.Fatal(err)
	}
	for _, lex := range []*Lexicon{Default(), small} {
		var want []string
		lex.Words(func(w string) bool {
			if Familiarity(w) > 0 {
				want = append(want, w)
			}
			return true
		})
		if got := lex.Familiar(); !slices.Equal(got, want) {
			t.Errorf("Familiar() has %d words, the walk %d (first %v, %v)", len(got), len(want), got[:min(3, len(got))], want[:min(3, len(want))])
		}
	}
	if got := small.Familiar(); !slices.Equal(got, []string{"CHIENS", "DE", "MAISON"}) {
		t.Errorf("small lexicon: %v", got)
	}
}
