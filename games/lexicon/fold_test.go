package lexicon

import (
	"strings"
	"testing"
)

func TestFold(t *testing.T) {
	for in, want := range map[string]string{
		"élève": "ELEVE", "Élevé": "ELEVE", "garçon": "GARCON", "cœur": "COEUR",
		"ŒUVRE": "OEUVRE", "ex-æquo"[3:]: "AEQUO", "Cæsar": "CAESAR", "MAISON": "MAISON",
		"maison": "MAISON", "naïf": "NAIF", "où": "OU", "Noël": "NOEL", "e\u0301te\u0301": "ETE",
		// An apostrophe between two letters is dropped.
		"aujourd'hui": "AUJOURDHUI", "aujourd’hui": "AUJOURDHUI", "presqu’île": "PRESQUILE",
		"Prud'homme": "PRUDHOMME", "entrʼouvrir": "ENTROUVRIR", "rock'n'roll": "ROCKNROLL",
		"l'é\u0301": "LE", "presqu'île": "PRESQUILE", "é'a": "EA",
	} {
		got, ok := Fold(in)
		if !ok || got != want {
			t.Errorf("Fold(%q) = %q %v, want %q", in, got, ok, want)
		}
	}
	for _, in := range []string{
		"", "porte-monnaie", "pomme de terre", "mp3", "abc.", "straße", "\u0301",
		"'", "’", "aujourd'", "'hui", "’hui", "presqu’", "d''o", "d'’o", "l' a", "l'-a", "l'\u0301a", "a'1", "é'",
	} {
		if got, ok := Fold(in); ok {
			t.Errorf("Fold(%q) = %q, true; want false", in, got)
		}
	}
}

// The generator folds in JavaScript: every committed word must be its own
// fold and every committed spelling must fold to a committed word.
func TestCommittedListsAreFolded(t *testing.T) {
	words, set := source(t)
	for _, w := range words {
		if f, ok := Fold(w); !ok || f != w {
			t.Fatalf("source word %q folds to %q %v", w, f, ok)
		}
	}
	text, err := gunzip(embeddedSpellingsGz)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(text), "\n"), "\n")
	if len(lines) < 150_000 {
		t.Fatalf("only %d accented spellings", len(lines))
	}
	prev := ""
	for _, line := range lines {
		f, ok := Fold(line)
		if _, known := set[f]; !ok || !known {
			t.Fatalf("spelling %q folds to %q %v, not a source word", line, f, ok)
		}
		if f < prev {
			t.Fatalf("spellings out of order at %q", line)
		}
		prev = f
	}
}

func TestSpellings(t *testing.T) {
	lex := Default()
	for folded, want := range map[string]string{
		"ELEVE": "élevé élève", "COEUR": "cœur", "MAISON": "maison", "A": "a à", "ABOYEZ": "aboyez",
	} {
		if got := strings.Join(lex.Spellings(folded), " "); got != want {
			t.Errorf("Spellings(%q) = %q, want %q", folded, got, want)
		}
	}
	if got := lex.Spellings("XQZW"); got != nil {
		t.Errorf("Spellings(XQZW) = %v, want nil", got)
	}
}

func TestLetterSet(t *testing.T) {
	s := LettersOf("maison")
	if s.Letters() != "AIMNOS" || s.Count() != 6 || !s.Has('m') || !s.Has('M') || s.Has('Z') || s.Has('-') {
		t.Fatalf("LettersOf(maison) = %s (count %d)", s, s.Count())
	}
	if c, ok := Only('q').Single(); !ok || c != 'Q' {
		t.Fatalf("Only(q).Single() = %c %v", c, ok)
	}
	if _, ok := s.Single(); ok {
		t.Fatal("a six-letter set is Single")
	}
	if AllLetters.Count() != 26 || AllLetters.Letters() != "ABCDEFGHIJKLMNOPQRSTUVWXYZ" {
		t.Fatal("AllLetters is not A-Z")
	}
}

func TestProperNouns(t *testing.T) {
	names := ProperNouns()
	if names.Len() < 7000 {
		t.Fatalf("only %d proper nouns", names.Len())
	}
	for _, n := range []string{"PARIS", "Aristote", "Corneille"} {
		if !names.Has(n) {
			t.Errorf("ProperNouns().Has(%q) = false", n)
		}
	}
	if names.Has("ABOYEZ") {
		t.Error("ABOYEZ is a proper noun")
	}
}
