package crackword

import (
	"strings"
	"testing"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/i18n"
)

func TestCompleteForTheBot(t *testing.T) {
	e, _ := games.Lookup("crackword")
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
}
