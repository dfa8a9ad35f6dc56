package games

import (
	"testing"

	"github.com/tablee/tablee/i18n"
)

func init() {
	i18n.Register(i18n.FR, map[string]string{
		"optiontest.opt.success":             "Réussite des robots.",
		"optiontest.opt.success.name":        "réussite_robots",
		"optiontest.opt.variant":             "Variante.",
		"optiontest.opt.variant.name":        "variante",
		"optiontest.opt.variant.value.quart": "quarté",
	})
	i18n.Register(i18n.EN, map[string]string{
		"optiontest.opt.success":             "Bots' success.",
		"optiontest.opt.success.name":        "bot_success",
		"optiontest.opt.variant":             "Variant.",
		"optiontest.opt.variant.name":        "variant",
		"optiontest.opt.variant.value.quart": "quarté",
	})
}

// An option is shown by its name in the reader's language, its on and off
// as yes and no, and typed in either language, with or without accents
// and separators; a value without a text is written as it is.
func TestOption_NamesInEachLanguage(t *testing.T) {
	success := Option{Name: "bot_success", Values: []string{"70", "90"}, Help: i18n.T("optiontest.opt.success")}
	variant := Option{Name: "variant", Values: []string{"standard", "quart"}, Help: i18n.T("optiontest.opt.variant")}
	expert := Option{Name: "expert", Values: []string{"off", "on"}, Help: i18n.T("optiontest.opt.expert")}
	if got := success.Label(i18n.FR); got != "réussite_robots" {
		t.Errorf("fr label %q", got)
	}
	if got := expert.Label(i18n.FR); got != "expert" {
		t.Errorf("an option without a name text keeps its own: %q", got)
	}
	if got := expert.ValuesLabel(i18n.FR); got != "non|oui" {
		t.Errorf("fr on/off %q", got)
	}
	if got := expert.ValuesLabel(i18n.EN); got != "off|on" {
		t.Errorf("en on/off %q", got)
	}
	if got := variant.ValuesLabel(i18n.FR); got != "standard|quarté" {
		t.Errorf("fr values %q", got)
	}
	for _, typed := range []string{"réussite_robots", "REUSSITE-ROBOTS", "reussiterobots", "bot_success", "bot-success"} {
		if !success.Named(typed) {
			t.Errorf("%q does not name bot_success", typed)
		}
	}
	for _, typed := range []string{"", "robots", "variante"} {
		if success.Named(typed) {
			t.Errorf("%q names bot_success", typed)
		}
	}
	for typed, want := range map[string]string{"quarté": "quart", "QUARTE": "quart", "quart": "quart", "Standard": "standard"} {
		if v, ok := variant.ParseValue(typed); !ok || v != want {
			t.Errorf("ParseValue(%q) = %q %v, want %q", typed, v, ok, want)
		}
	}
	if v, ok := variant.ParseValue("marathon"); ok {
		t.Errorf("marathon parsed as %q", v)
	}
}
