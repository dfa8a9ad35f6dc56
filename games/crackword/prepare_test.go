package crackword

import (
	"testing"

	"github.com/tablee/tablee/games/gamestest"
	"github.com/tablee/tablee/games/lexicon"
)

// Prepare works out the index of familiar words of the engine's own
// dictionary (the one a server gave to lexicon.Use).
func TestPrepareIndexesTheEnginesDictionary(t *testing.T) {
	gamestest.CheckPrepares(t, func(lex *lexicon.Lexicon) { NewEngine(lexDict{lex}).Prepare() }, familiarOf.Made)
}
