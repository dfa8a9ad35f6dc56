package games_test

import (
	"testing"

	"github.com/tablee/tablee/games"
	_ "github.com/tablee/tablee/games/all"
)

// Every engine whose tables are worked out on first use says so
// (games.Preparer), so that a server's start prepares them all.
func TestEveryWordGamePrepares(t *testing.T) {
	for _, name := range []string{"crackword", "wordsout", "motsdetete", "coquillaude"} {
		e, ok := games.Lookup(name)
		if !ok {
			t.Fatalf("%s is not registered", name)
		}
		if _, ok := e.(games.Preparer); !ok {
			t.Errorf("%s does not prepare its tables", name)
		}
	}
}
