package coquillaude

import (
	"testing"

	"github.com/tablee/tablee/games/gamestest"
	"github.com/tablee/tablee/games/lexicon"
)

// Prepare works out the familiar words of the engine's own dictionary
// (and the tables every dictionary shares).
func TestPrepareMakesTheFamiliarWords(t *testing.T) {
	gamestest.CheckPrepares(t, func(lex *lexicon.Lexicon) {
		(&Engine{Lex: func() *lexicon.Lexicon { return lex }}).Prepare()
	}, familiarByLexicon.Made)
}
