package escogriffe

import (
	"testing"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/games/gamestest"
	"github.com/tablee/tablee/i18n"
)

func TestCataloguesHoldTheSameKeys(t *testing.T) {
	if fr := gamestest.Keys(i18n.FR, "escogriffe"); len(fr) < 40 {
		t.Fatalf("only %d French keys", len(fr))
	}
	gamestest.CheckCatalogue(t, "escogriffe")
}

// Every key the code names has a text, and the same number of verbs in
// both languages (CheckCatalogue); and every text is used.
func TestEveryKeyUsedHasTexts(t *testing.T) {
	used := gamestest.KeysInCode(t, "escogriffe")
	if len(used) < 30 {
		t.Fatalf("only %d keys found in the code", len(used))
	}
	gamestest.CheckKeysUsed(t, "escogriffe", used)
}

// The bot's /games and /rules need a title, a summary and the rules, and
// Lookup finds the game by its title in both languages.
func TestPresentsItself(t *testing.T) {
	for _, lang := range i18n.Langs {
		for _, k := range []string{".title", ".summary", ".rules"} {
			if !i18n.Has(lang, Name+k) {
				t.Errorf("no %s text for %s", lang, k)
			}
		}
	}
	for _, title := range []string{"Le Grand Escogriffe", "the great escogriffe", "escogriffe"} {
		if e, ok := games.Lookup(title); !ok || e.Name() != Name {
			t.Errorf("Lookup(%q) fails", title)
		}
	}
}

// Texts a French editor corrected: a button takes its article ("Prendre la
// défausse 2"), and the hand says how a card is written rather than
// "haut/bas" alone.
func TestWording_FrenchEditorsCorrections(t *testing.T) {
	fr := i18n.Renderer{Lang: i18n.FR}
	if got := fr.Text(i18n.T("escogriffe.btn_take", 2, "●R/■B")); got != "Prendre la défausse 2 : ●R/■B" {
		t.Errorf("take button: %q", got)
	}
	if got := fr.Text(i18n.T("escogriffe.line_hand", 7, 2, 8)); got != "Ta main : 7 cartes (figure 2/8). Une carte s'écrit : attache du haut/attache du bas." {
		t.Errorf("hand line: %q", got)
	}
}
