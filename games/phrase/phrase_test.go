package phrase

import (
	"strings"
	"testing"
)

func TestWordsSplitsAsASentence(t *testing.T) {
	for text, want := range map[string]string{
		"R à droite de la rangée 2 arbre": "r a droite de la rangee 2 arbre",
		"poser l'E, (exemple : Maison)":   "poser l e exemple maison",
		"j’annonce CRACK WORD":            "j annonce crack word",
		"H3 bas aujourd'hui":              "h3 bas aujourd'hui",
		"rangée 2, à droite : « élève »":  "rangee 2 a droite eleve",
		"presqu'île":                      "presqu'ile",
		"qu'il":                           "qu il",
	} {
		var got []string
		for _, w := range Words(text) {
			got = append(got, w.Fold)
		}
		if g := strings.Join(got, " "); g != want {
			t.Errorf("Words(%q) = %q, want %q", text, g, want)
		}
	}
	if w := Words("Élève"); len(w) != 1 || w[0].Typed != "Élève" {
		t.Errorf("the typed word is lost: %+v", w)
	}
}

func TestNumberReadsDigitsWordsAndOrdinals(t *testing.T) {
	for w, n := range map[string]int{
		"2": 2, "deux": 2, "deuxieme": 2, "2e": 2, "2eme": 2, "second": 2, "seconde": 2, "2nd": 2, "two": 2,
		"1er": 1, "1re": 1, "1ere": 1, "premiere": 1, "premier": 1, "first": 1, "un": 1, "une": 0,
		"quatre": 4, "quatrieme": 4, "4th": 4, "fourth": 4, "neuvieme": 9, "onze": 11, "quinze": 15,
		"vingt-et-un": 21, "twenty-first": 21, "12": 12,
	} {
		got, ok := Number(w)
		if n == 0 {
			if ok {
				t.Errorf("Number(%q) = %d, want no number", w, got)
			}
			continue
		}
		if !ok || got != n {
			t.Errorf("Number(%q) = %d, %v, want %d", w, got, ok, n)
		}
	}
	for _, w := range []string{"", "x", "deuxx", "2x", "-1", "de", "la"} {
		if n, ok := Number(w); ok {
			t.Errorf("Number(%q) = %d", w, n)
		}
	}
}

func TestOrdinalReadsOrdinalsOnly(t *testing.T) {
	for w, n := range map[string]int{"deuxieme": 2, "2e": 2, "second": 2, "1re": 1, "premiere": 1, "fourth": 4, "3rd": 3} {
		if got, ok := Ordinal(w); !ok || got != n {
			t.Errorf("Ordinal(%q) = %d, %v, want %d", w, got, ok, n)
		}
	}
	for _, w := range []string{"2", "deux", "two", "un", "ligne"} {
		if n, ok := Ordinal(w); ok {
			t.Errorf("Ordinal(%q) = %d", w, n)
		}
	}
}

func TestWordsMarksElidedWords(t *testing.T) {
	ws := Words("pose l'E et l A")
	if len(ws) != 6 || !ws[1].Elided || ws[4].Elided || ws[2].Elided {
		t.Fatalf("%+v", ws)
	}
}

func TestAllInSet(t *testing.T) {
	set := Set("je passe  pass")
	if len(set) != 3 || !set["je"] || !set["passe"] || !set["pass"] {
		t.Fatalf("Set: %v", set)
	}
	for text, want := range map[string]bool{
		"je passe": true, "Je PASSE": true, "pass": true, "": true,
		"je pose": false, "passé": true, "passe,": true, "je passe 2": false,
	} {
		if got := AllIn(Words(text), set); got != want {
			t.Errorf("AllIn(%q) = %v, want %v", text, got, want)
		}
	}
}

func TestAtIsEmptyOutside(t *testing.T) {
	ws := Words("Pose l'E")
	for i, want := range map[int]string{-1: "", 0: "pose", 1: "l", 2: "e", 3: ""} {
		if got := At(ws, i); got != want {
			t.Errorf("At(%d) = %q, want %q", i, got, want)
		}
	}
}
