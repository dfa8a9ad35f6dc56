package motsdetete

import (
	"testing"

	"github.com/tablee/tablee/games/gamestest"
	"github.com/tablee/tablee/games/lexicon"
)

// Prepare works out the bots' vocabulary of the engine's own dictionary.
func TestPrepareMakesTheBotsVocabulary(t *testing.T) {
	gamestest.CheckPrepares(t, func(lex *lexicon.Lexicon) {
		(&Engine{Lex: func() *lexicon.Lexicon { return lex }}).Prepare()
	}, vocabs.Made)
}
