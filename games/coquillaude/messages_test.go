package coquillaude

import (
	"strings"
	"testing"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/games/gamestest"
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
