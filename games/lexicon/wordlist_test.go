package lexicon

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestLoadWordList(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ods.txt")
	text := "# my list\r\nMAISON\r\nélève\n\n  Arbre  \nporte-monnaie\naujourd'hui\nmaison\n"
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	lex, err := LoadWordList(path)
	if err != nil {
		t.Fatal(err)
	}
	if lex.Len() != 4 {
		t.Fatalf("Len() = %d, want 4 (MAISON, ELEVE, ARBRE, AUJOURDHUI)", lex.Len())
	}
	for _, w := range []string{"MAISON", "ELEVE", "arbre", "AUJOURDHUI", "aujourd’hui"} {
		if !lex.Has(w) {
			t.Errorf("Has(%q) = false", w)
		}
	}
	if lex.Has("PORTEMONNAIE") || lex.Has("ROBE") {
		t.Error("the list has a word it should not")
	}
	if got := strings.Join(lex.Spellings("ELEVE"), " "); got != "élève" {
		t.Errorf("Spellings(ELEVE) = %q, want élève", got)
	}
	if got := strings.Join(lex.Spellings("AUJOURDHUI"), " "); got != "aujourd'hui" {
		t.Errorf("Spellings(AUJOURDHUI) = %q, want aujourd'hui", got)
	}
	if got := strings.Join(lex.Spellings("MAISON"), " "); got != "maison" {
		t.Errorf("Spellings(MAISON) = %q, want maison", got)
	}
	if got, _ := lex.ExampleWithInfix("RB"); got != "ARBRE" {
		t.Errorf("ExampleWithInfix(RB) = %q, want ARBRE", got)
	}
}

func TestLoadWordListErrorsNameTheFile(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "missing.txt")
	if _, err := LoadWordList(missing); err == nil || !strings.Contains(err.Error(), missing) {
		t.Errorf("LoadWordList(missing) error = %v, want it to name %s", err, missing)
	}
	empty := filepath.Join(dir, "empty.txt")
	if err := os.WriteFile(empty, []byte("# nothing\n123\nqu'\n\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := LoadWordList(empty)
	if err == nil || !strings.Contains(err.Error(), empty) || !errors.Is(err, ErrNoWords) {
		t.Errorf("LoadWordList(no words) error = %v, want ErrNoWords naming %s", err, empty)
	}
	if _, err := LoadWordList(dir); err == nil || !strings.Contains(err.Error(), dir) {
		t.Errorf("LoadWordList(a directory) error = %v, want it to name %s", err, dir)
	}
}

func TestBuildRejectsNonWords(t *testing.T) {
	if _, err := Build([]string{"MAISON", "porte-monnaie"}); err == nil {
		t.Error("Build accepted porte-monnaie")
	}
	if _, err := Build(nil); err == nil {
		t.Error("Build accepted an empty list")
	}
}

func TestUseOverridesDefault(t *testing.T) {
	custom, err := Build([]string{"MAISON"})
	if err != nil {
		t.Fatal(err)
	}
	Use(custom)
	defer Use(nil)
	if Default() != custom || Default().Has("ARBRE") {
		t.Fatal("Default() does not return the lexicon given to Use")
	}
	Use(nil)
	if Default() == custom || !Default().Has("ARBRE") {
		t.Fatal("Use(nil) did not restore the bundled dictionary")
	}
}
