package motsdetete

import (
	"slices"
	"strings"
	"testing"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/games/gamestest"
	"github.com/tablee/tablee/i18n"
)

// TestCataloguesHaveTheSameKeys: French and English hold the same keys with
// the same number of arguments, and no other package registers one.
func TestCataloguesHaveTheSameKeys(t *testing.T) {
	gamestest.CheckCatalogue(t, "motsdetete")
	for _, lang := range i18n.Langs {
		for _, k := range gamestest.Keys(lang, "motsdetete") {
			if messagesFR[k] == "" || messagesEN[k] == "" {
				t.Errorf("%s registered elsewhere", k)
			}
		}
	}
}

// TestEveryKeyInTheCode: every "motsdetete.x" literal of the code has a
// text, and every text is used.
func TestEveryKeyInTheCode(t *testing.T) {
	gamestest.CheckKeysUsed(t, "motsdetete", gamestest.KeysInCode(t, "motsdetete"))
}

// TestRegistered: the engine answers to its name and its titles, with a
// title, a summary and rules in each language.
func TestRegistered(t *testing.T) {
	for _, name := range []string{"motsdetete", "Mots de Tête", "MOTS DE TETE", "mots-de-tête"} {
		if e, ok := games.Lookup(name); !ok || e.Name() != "motsdetete" {
			t.Errorf("Lookup(%q)", name)
		}
	}
	for _, lang := range i18n.Langs {
		for _, k := range []string{".title", ".summary", ".rules"} {
			if !i18n.Has(lang, "motsdetete"+k) {
				t.Errorf("no %s %s", lang, k)
			}
		}
	}
	if (i18n.Renderer{Lang: i18n.FR}).Text(i18n.T("motsdetete.title")) != "Mots de Tête" {
		t.Error("title")
	}
}

// TestOptions: the bare words a table types ("solo", "marathon", "quarte",
// "forgiving", "250") each name one option value, as the lobby's parser
// resolves them; and New honours them.
func TestOptions(t *testing.T) {
	e := &Engine{}
	min, max := e.Seats()
	if min != 1 || max != 4 {
		t.Fatal(min, max)
	}
	owner := map[string]string{}
	for _, o := range e.Options() {
		if o.Default != o.Values[0] || o.Help.IsZero() {
			t.Errorf("%s: default %q, values %v", o.Name, o.Default, o.Values)
		}
		for _, v := range o.Values {
			if v == "on" || v == "off" {
				continue
			}
			if prev, dup := owner[v]; dup {
				t.Errorf("value %q of both %s and %s", v, prev, o.Name)
			}
			owner[v] = o.Name
		}
	}
	for v, o := range map[string]string{"solo": "variant", "marathon": "variant", "quarte": "variant", "standard": "variant", "250": "target", "good": "botlevel"} {
		if owner[v] != o {
			t.Errorf("%q belongs to %q, want %q", v, owner[v], o)
		}
	}
	gg, err := realEngine().New(games.Options{"variant": "solo"}, 1, 3)
	if err != nil || gg.(*Game).s.Variant != Solo {
		t.Fatal(err)
	}
	gg, _ = realEngine().New(games.Options{"target": "250", "botlevel": "good", "forgiving": "on", "hints": "on"}, 4, 3)
	if s := gg.(*Game).s; s.Target != 250 || s.Level != LevelGood || !s.Forgiving || !s.Hints {
		t.Fatalf("%+v", s)
	}
	for _, bad := range []games.Options{{"variant": "x"}, {"target": "abc"}, {"target": "-3"}} {
		if _, err := realEngine().New(bad, 2, 1); err == nil {
			t.Errorf("%v accepted", bad)
		}
	}
	for _, n := range []int{0, 5} {
		if _, err := realEngine().New(nil, n, 1); err == nil {
			t.Errorf("%d players", n)
		}
	}
	if !slices.Contains(e.Options()[0].Values, "solo") {
		t.Fatal("solo")
	}
}

// A lost turn names the words the dictionary lacks with a real plural:
// "SPLUME, SQ absents", "SQ absent" (MT-D3); so does the forgiving
// option's refusal.
func TestLostTurnPluralOfRefusedWords(t *testing.T) {
	fr, en := i18n.Renderer{Lang: i18n.FR}, i18n.Renderer{Lang: i18n.EN}
	rec := &turnRecord{Kind: kindLost, Die: 4, Word: "SPLUME", Cell: "H3", Bad: []string{"SPLUME", "SQ"}}
	if got := fr.Text(recordMsg(rec)); !strings.Contains(got, " : SPLUME, SQ absents du dictionnaire.") {
		t.Errorf("two words: %q", got)
	}
	if got := en.Text(recordMsg(rec)); !strings.Contains(got, ": SPLUME, SQ are not in the dictionary.") {
		t.Errorf("two words: %q", got)
	}
	rec.Bad = []string{"SQ"}
	if got := fr.Text(recordMsg(rec)); !strings.Contains(got, " : SQ absent du dictionnaire.") {
		t.Errorf("one word: %q", got)
	}
	if got := en.Text(recordMsg(rec)); !strings.Contains(got, ": SQ is not in the dictionary.") {
		t.Errorf("one word: %q", got)
	}
	if got := fr.Text(i18n.T("motsdetete.err.not_word", "SPLUME, SQ", 2)); got != "Refusé : SPLUME, SQ ne sont pas dans le dictionnaire. Réessaie (option indulgente)." {
		t.Errorf("refusal: %q", got)
	}
}

// The rules name the options as a French table types them.
func TestWording_RulesNameOptionsInFrench(t *testing.T) {
	got := i18n.Renderer{Lang: i18n.FR}.Text(i18n.T("motsdetete.rules"))
	for _, want := range []string{"indulgent=oui", "objectif=250", "quarté (toujours 4 lettres"} {
		if !strings.Contains(got, want) {
			t.Errorf("rules lack %q", want)
		}
	}
	for _, english := range []string{"forgiving", "target", "quarte "} {
		if strings.Contains(got, english) {
			t.Errorf("rules say %q", english)
		}
	}
}

// A player left alone may be a woman: "seul·e", as the bot writes
// "assis·e".
func TestWording_LastRollSaysSeulE(t *testing.T) {
	got := i18n.Renderer{Lang: i18n.FR, Name: func(int) string { return "alice" }}.Text(i18n.T("motsdetete.ev.last_roll", i18n.Seat(0), "🎲 3"))
	if got != "alice reste seul·e en jeu et lance le dé une dernière fois : 🎲 3." {
		t.Errorf("%q", got)
	}
}
