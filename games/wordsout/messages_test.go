package wordsout

import (
	"strings"
	"testing"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/games/gamestest"
	"github.com/tablee/tablee/i18n"
)

// TestCataloguesHaveTheSameKeys: French and English hold the same keys,
// with the same arguments.
func TestCataloguesHaveTheSameKeys(t *testing.T) {
	gamestest.CheckCatalogue(t, "wordsout")
}

// TestEveryKeyInTheCode: every "wordsout.x" literal of the engine has a
// text, and every text is used.
func TestEveryKeyInTheCode(t *testing.T) {
	used := gamestest.KeysInCode(t, "wordsout")
	for _, v := range (&Engine{}).Verbs() {
		used["wordsout.verb."+v] = true // the bot's command menus
	}
	gamestest.CheckKeysUsed(t, "wordsout", used)
}

// The bot's /games, /rules and /play need a title, a summary and rules in
// both languages; the game is found by its name and title.
func TestCompleteForTheBot(t *testing.T) {
	e, ok := games.Lookup("wordsout")
	if !ok {
		t.Fatal("not registered")
	}
	for _, lang := range i18n.Langs {
		for _, k := range []string{".title", ".summary", ".rules"} {
			if !i18n.Has(lang, e.Name()+k) {
				t.Errorf("no %s %s", lang, k)
			}
		}
		title := i18n.Renderer{Lang: lang}.Text(i18n.T(e.Name() + ".title"))
		if got, ok := games.Lookup(strings.ToUpper(title)); !ok || got.Name() != e.Name() {
			t.Errorf("Lookup(%q)", title)
		}
	}
	if lo, hi := e.Seats(); lo != 2 || hi != 8 {
		t.Errorf("seats %d-%d", lo, hi)
	}
	if o := e.Options(); len(o) != 1 || o[0].Name != "forgiving" || o[0].Default != "off" {
		t.Errorf("options %+v", o)
	}
	for _, v := range e.Verbs() {
		if v != strings.ToLower(v) || strings.ContainsAny(v, " -") || len(v) > 32 {
			t.Errorf("verb %q", v)
		}
	}
}

// The setup tells a JOKER or a POUBELLE put back as people say it, whatever
// the card's gender ("un JOKER", "une POUBELLE"), and the dealer with his
// article; the forgiving option goes by its French name in the rules.
func TestWording_SetupAndOption(t *testing.T) {
	fr := i18n.Renderer{Lang: i18n.FR, Name: func(int) string { return "alice" }}
	for _, c := range []struct {
		msg  i18n.Msg
		want string
	}{
		{i18n.T("wordsout.ev.start_back", i18n.T("wordsout.card.poubelle"), 2), "La rangée 2 ne commence pas par une POUBELLE : la carte retourne dans la pioche."},
		{i18n.T("wordsout.ev.dealer", i18n.Seat(0), "Y"), "alice a la lettre la plus proche du Z (Y) : c'est le DONNEUR."},
	} {
		if got := fr.Text(c.msg); got != c.want {
			t.Errorf("%s: %q, want %q", c.msg.Key, got, c.want)
		}
	}
	if got := fr.Text(i18n.T("wordsout.rules")); !strings.Contains(got, "Option maison indulgent=oui") || strings.Contains(got, "forgiving") {
		t.Errorf("rules: the option's French name: %q", got)
	}
}
