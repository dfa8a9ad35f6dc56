package coquillaude

import (
	"regexp"
	"strings"
	"testing"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/games/gamestest"
	"github.com/tablee/tablee/games/lexicon"
	"github.com/tablee/tablee/i18n"
)

// TestCataloguesHaveTheSameKeys: French and English hold the same keys,
// with the same number of arguments.
func TestCataloguesHaveTheSameKeys(t *testing.T) {
	gamestest.CheckCatalogue(t, "coquillaude")
}

// TestEveryKeyInTheCode: every key the code names has a text, every text
// is used.
func TestEveryKeyInTheCode(t *testing.T) {
	used := gamestest.KeysInCode(t, "coquillaude")
	for _, d := range dirWord {
		used["coquillaude.dir."+d] = true
	}
	delete(used, "coquillaude.dir.")
	gamestest.CheckKeysUsed(t, "coquillaude", used)
}

func TestRegistered(t *testing.T) {
	e, ok := games.Lookup("coquillaude")
	if !ok {
		t.Fatal("not registered")
	}
	if lo, hi := e.Seats(); lo != 2 || hi != 4 {
		t.Fatalf("seats %d-%d", lo, hi)
	}
	for _, lang := range i18n.Langs {
		for _, k := range []string{".title", ".summary", ".rules"} {
			if !i18n.Has(lang, e.Name()+k) {
				t.Errorf("no %s %s", lang, k)
			}
		}
		title := i18n.Renderer{Lang: lang}.Text(i18n.T(e.Name() + ".title"))
		if title != "La Coquillaude" {
			t.Errorf("title %q", title)
		}
		if got, ok := games.Lookup(strings.ToUpper(title)); !ok || got.Name() != e.Name() {
			t.Errorf("Lookup(%q)", title)
		}
	}
	for _, o := range e.Options() {
		if o.Values[0] != o.Default {
			t.Errorf("option %s: default %q is not the first value", o.Name, o.Default)
		}
	}
}

// TestExampleWordsAreFamiliar: the words the help, the refusals and the
// hints show as examples (« reponse NICHE », « mot CHIEN H11 bas
// anagrammes=NICHE », « defi NICHE,CHINE ») are words a person knows
// (lexicon.Familiarity), or the sheet's famous NAPOLEON; the letters
// standing for words the rules refuse (TV, BMW, ADN) are no examples of
// words.
func TestExampleWordsAreFamiliar(t *testing.T) {
	notWords := map[string]bool{"BMW": true, "ADN": true, "COQUILLAUDE": true, "COQUILLAUDINETTE": true,
		"COQUILLAUDETTE": true, "COQUILLAUDET": true, "MOT": true, "WORD": true}
	upper := regexp.MustCompile(`\b[A-ZÀ-Ü]{3,}\b`)
	checked := 0
	for _, cat := range []map[string]string{messagesFR, messagesEN} {
		for key, text := range cat {
			if !strings.Contains(key, ".rules") && !strings.Contains(key, ".err.") &&
				!strings.Contains(key, ".ask.") && !strings.Contains(key, ".hint") {
				continue
			}
			for _, w := range upper.FindAllString(text, -1) {
				f, _ := lexicon.Fold(w)
				if notWords[f] {
					continue
				}
				checked++
				if lexicon.Familiarity(f) == 0 && !IsFamous(f) {
					t.Errorf("%s: example %s is not a familiar word", key, w)
				}
			}
		}
	}
	if checked < 10 {
		t.Fatalf("only %d example words found", checked)
	}
}

// A roll is told as players say it ("alice fait 6565 : ★★", as "a fait"
// for a gift), not
// as a machine would ("joue le nombre"), and English names the pions as
// letter tokens.
func TestWording_RollAndTokens(t *testing.T) {
	fr, en := i18n.Renderer{Lang: i18n.FR, Name: func(int) string { return "alice" }}, i18n.Renderer{Lang: i18n.EN, Name: func(int) string { return "alice" }}
	roll := i18n.T("coquillaude.ev.roll", i18n.Seat(0), 6565, kindMsg(entryStar2))
	if got := fr.Text(roll); got != "alice fait 6565 : ★★." {
		t.Errorf("fr: %q", got)
	}
	if got := en.Text(roll); got != "alice rolls 6565: ★★." {
		t.Errorf("en: %q", got)
	}
	if got := en.Text(i18n.T("coquillaude.summary")); strings.Contains(got, "letter pions") || !strings.Contains(got, "letter tokens") {
		t.Errorf("summary: %q", got)
	}
}

// The vote's third button says what it is: "Vote blanc", not "Blanc".
func TestWording_AbstainButton(t *testing.T) {
	if got := (i18n.Renderer{Lang: i18n.FR}).Text(i18n.T("coquillaude.choice.abstain")); got != "Vote blanc" {
		t.Errorf("%q", got)
	}
}
