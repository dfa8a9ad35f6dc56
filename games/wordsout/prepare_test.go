package wordsout

import (
	"sync"
	"testing"

	"github.com/tablee/tablee/games/gamestest"
	"github.com/tablee/tablee/games/lexicon"
)

// Prepare works out the ranks of the familiar prefixes of the engine's
// own dictionary.
func TestPrepareRanksTheEnginesDictionary(t *testing.T) {
	gamestest.CheckPrepares(t, func(lex *lexicon.Lexicon) {
		NewEngine(lexDict{lex, sync.OnceValue(func() prefixRanks { return lexiconPrefixRanks(lex) })}).Prepare()
	}, prefixRanksOf.Made)
}
