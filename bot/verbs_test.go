package bot

import (
	"testing"

	"github.com/tablee/tablee/games"
	_ "github.com/tablee/tablee/games/all"
)

// A game's verb must reach the game: a core command or an alias of the
// same name would answer it first ("/passe" is the core's pass), unless
// the row yields its names to the verbs of a table's game (/defi: La
// Coquillaude's verb at its table, TestAccentedGameVerbReachesTheGame).
func TestGameVerbsAreNotShadowed(t *testing.T) {
	core := map[string]bool{}
	for _, c := range menuRows() {
		core[c.Name] = true
	}
	yields := func(name string) bool {
		row := commands.lookup(name)
		return row != nil && row.YieldsToVerbs
	}
	for _, e := range games.All() {
		for _, v := range e.Verbs() {
			if (core[v] || canonical(v) != v) && !yields(v) {
				t.Errorf("%s: /%s is taken by the core (/%s)", e.Name(), v, canonical(v))
			}
		}
	}
}
