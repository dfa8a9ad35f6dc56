package bot

import (
	"regexp"
	"strings"
	"testing"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/i18n"
)

// Command names must suit both platforms' menus: Telegram takes 1-32
// characters of a-z, 0-9 and _, and Discord lowercase names too.
var menuName = regexp.MustCompile(`^[a-z0-9_]{1,32}$`)

func TestCommands_MenusInBothLanguages(t *testing.T) {
	cmds := Commands()
	if len(cmds) < len(coreCommands) {
		t.Fatalf("%d commands", len(cmds))
	}
	for _, c := range cmds {
		for _, l := range i18n.Langs {
			if !menuName.MatchString(c.Names[l]) {
				t.Errorf("%s: %s name %q unusable in menus", c.Name, l, c.Names[l])
			}
			if d := c.Descriptions[l]; d == "" || len(d) > 100 || d == "cmd."+c.Name {
				t.Errorf("%s: %s description %q", c.Name, l, d)
			}
		}
		// The French name is an alias the bot understands.
		if canonical(c.Names[i18n.FR]) != c.Name {
			t.Errorf("/%s is not understood as /%s", c.Names[i18n.FR], c.Name)
		}
	}
}

// A verb two games share is one command that names both, in both
// languages ("/pioche": Words Out and Le Grand Escogriffe).
func TestSharedVerbDescribesEveryGame(t *testing.T) {
	gamesOf := map[string][]string{}
	for _, e := range games.All() {
		for _, v := range e.Verbs() {
			gamesOf[v] = append(gamesOf[v], e.Name())
		}
	}
	shared := 0
	for _, c := range Commands() {
		gs := gamesOf[c.Name]
		if c.Game == "" || len(gs) < 2 {
			continue
		}
		shared++
		for _, l := range i18n.Langs {
			for _, g := range gs {
				title := i18n.Renderer{Lang: l}.Text(games.TitleOf(g))
				if !strings.Contains(c.Descriptions[l], title) {
					t.Errorf("/%s (%s): %q does not name %s", c.Name, l, c.Descriptions[l], title)
				}
			}
		}
	}
	if shared == 0 {
		t.Fatal("no verb shared by two games: the test checks nothing")
	}
}
