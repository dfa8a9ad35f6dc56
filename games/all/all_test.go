package all_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/tablee/tablee/bot" // the bot's own catalogue and menus
	"github.com/tablee/tablee/games"
	_ "github.com/tablee/tablee/games/all"
	"github.com/tablee/tablee/i18n"
)

// Every text exists in both languages: a key missing in English would show
// a French sentence to an English reader, or the bare key.
func TestCataloguesHaveTheSameKeys(t *testing.T) {
	fr, en := i18n.Keys(i18n.FR), i18n.Keys(i18n.EN)
	slices.Sort(fr)
	slices.Sort(en)
	for _, k := range fr {
		if !i18n.Has(i18n.EN, k) {
			t.Errorf("%s has no English text", k)
		}
	}
	for _, k := range en {
		if !i18n.Has(i18n.FR, k) {
			t.Errorf("%s has no French text", k)
		}
	}
	if len(fr) == 0 {
		t.Fatal("empty catalogue")
	}
}

// Every game presents itself: a title, a summary and its rules, in both
// languages, and a name that Lookup finds by name and by title.
func TestEveryGameIsComplete(t *testing.T) {
	for _, e := range games.All() {
		for _, lang := range i18n.Langs {
			for _, k := range []string{".title", ".title_of", ".title_at", ".summary", ".rules"} {
				if !i18n.Has(lang, e.Name()+k) {
					t.Errorf("%s: no %s text for %s", e.Name(), lang, k)
				}
			}
			title := i18n.Renderer{Lang: lang}.Text(i18n.T(e.Name() + ".title"))
			if got, ok := games.Lookup(strings.ToUpper(title)); !ok || got.Name() != e.Name() {
				t.Errorf("Lookup(%q) does not find %s", title, e.Name())
			}
		}
		if min, max := e.Seats(); min < 1 || max < min {
			t.Errorf("%s: seats %d-%d", e.Name(), min, max)
		}
		for _, o := range e.Options() {
			if len(o.Values) == 0 || !slices.Contains(o.Values, o.Default) {
				t.Errorf("%s: option %s default %q not among %v", e.Name(), o.Name, o.Default, o.Values)
			}
		}
	}
}

// A title's article contracts in French: "la table du Grand Escogriffe",
// "jouer au Grand Escogriffe", never "de Le"; a title without an article
// takes "de" and "à" as they are ("de Crack Word", "de La Coquillaude").
func TestEveryGameTitleTakesItsPreposition(t *testing.T) {
	fr := i18n.Renderer{Lang: i18n.FR}
	for _, e := range games.All() {
		title := fr.Text(i18n.T(e.Name() + ".title"))
		of, at := fr.Text(games.TitleOf(e.Name())), fr.Text(games.TitleAt(e.Name()))
		wantOf, wantAt := "de "+title, "à "+title
		if rest, ok := strings.CutPrefix(title, "Le "); ok {
			wantOf, wantAt = "du "+rest, "au "+rest
		}
		if of != wantOf || at != wantAt {
			t.Errorf("%s: %q and %q, want %q and %q", e.Name(), of, at, wantOf, wantAt)
		}
	}
	got := fr.Text(i18n.T("bot.seated", games.TitleOf("escogriffe"), 7))
	if !strings.Contains(got, "à la table du Grand Escogriffe (n°7)") {
		t.Errorf("seated at Le Grand Escogriffe: %q", got)
	}
	en := i18n.Renderer{Lang: i18n.EN}
	if got := en.Text(i18n.T("bot.seated", games.TitleOf("escogriffe"), 7)); !strings.Contains(got, "at the Great Escogriffe table (#7)") {
		t.Errorf("seated at The Great Escogriffe: %q", got)
	}
}

// Both platforms cap a bot's command menu at 100 commands, and a name may
// stand only once in it.
func TestCommandMenuFitsThePlatforms(t *testing.T) {
	cmds := bot.Commands()
	if len(cmds) > 100 {
		t.Fatalf("%d commands: Discord and Telegram take at most 100", len(cmds))
	}
	seen := map[string]string{}
	for _, c := range cmds {
		for _, lang := range i18n.Langs {
			n := c.Names[lang]
			if other, dup := seen[string(lang)+n]; dup && other != c.Name {
				t.Errorf("%s name %q stands for both /%s and /%s", lang, n, other, c.Name)
			}
			seen[string(lang)+n] = c.Name
		}
	}
	t.Logf("%d commands", len(cmds))
}
