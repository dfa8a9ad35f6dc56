package i18ntest_test

import (
	"maps"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/tablee/tablee/adapters/discord"
	"github.com/tablee/tablee/adapters/local"
	"github.com/tablee/tablee/adapters/telegram"
	"github.com/tablee/tablee/bot"
	_ "github.com/tablee/tablee/games/all"
	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/i18n/i18ntest"
	"github.com/tablee/tablee/internal/testgame"
)

// The packages that register texts, all of them: the bot, every game, the
// adapters (tictactoe is the tests' game, but its texts are shown too).
var (
	_ = discord.New
	_ = telegram.New
	_ = local.New
)

func init() { testgame.Register() }

func allKeys() []string {
	keys := map[string]bool{}
	for _, lang := range i18n.Langs {
		for _, k := range i18n.Keys(lang) {
			if !strings.HasPrefix(k, "i18ntest.") { // this package's own examples of faults
				keys[k] = true
			}
		}
	}
	return slices.Sorted(maps.Keys(keys))
}

// TestCatalogues_SpeakAsPlayersDo walks every registered text of both
// languages: no "vous" in French, no "(s)", no Go duration, no "il" or
// "he" for a player, and every count rendered for 0, 1 and 2 with the
// right plural form.
func TestCatalogues_SpeakAsPlayersDo(t *testing.T) {
	keys := allKeys()
	if len(keys) < 500 {
		t.Fatalf("only %d keys: a catalogue is missing", len(keys))
	}
	i18ntest.Check(t, keys...)
}

// TestCatalogues_CommandsInTheReadersLanguage: a French text names the
// French commands (/jouer, /coup, /passe), an English one the English ones.
func TestCatalogues_CommandsInTheReadersLanguage(t *testing.T) {
	foreign := map[i18n.Lang][]string{}
	for _, c := range bot.Commands() {
		if c.Game != "" || c.Names[i18n.FR] == c.Names[i18n.EN] {
			continue
		}
		foreign[i18n.FR] = append(foreign[i18n.FR], c.Names[i18n.EN])
		foreign[i18n.EN] = append(foreign[i18n.EN], c.Names[i18n.FR])
	}
	for _, lang := range i18n.Langs {
		names := make([]string, len(foreign[lang]))
		for i, n := range foreign[lang] {
			names[i] = regexp.QuoteMeta(n)
		}
		re := regexp.MustCompile(`(^|[^\p{L}])/(` + strings.Join(names, "|") + `)([^\p{L}_]|$)`)
		for _, k := range allKeys() {
			if !i18n.Has(lang, k) {
				continue
			}
			if m := re.FindStringSubmatch(i18ntest.Source(lang, k)); m != nil {
				t.Errorf("%s (%s) names the command /%s of the other language", k, lang, m[2])
			}
		}
	}
}

// TestCatalogues_NoDecisionCode walks every text of every language, the
// bot's, every game's and the adapters': a numbered decision of the rules
// pages ("CQ-D5") is how the code cites a rule, never what a player reads.
func TestCatalogues_NoDecisionCode(t *testing.T) {
	for _, k := range allKeys() {
		for _, lang := range i18n.Langs {
			if !i18n.Has(lang, k) {
				continue
			}
			if m := i18ntest.DecisionCode.FindString(i18ntest.Source(lang, k)); m != "" {
				t.Errorf("%s (%s) shows the decision code %q", k, lang, m)
			}
		}
	}
}
