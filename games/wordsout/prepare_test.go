package wordsout

import (
	"sync"
	"testing"

	"github.com/tablee/tablee/games/lexicon"
)

// Prepare works out the ranks of the familiar prefixes of the engine's
// own dictionary.
func TestPrepareRanksTheEnginesDictionary(t *testing.T) {
	lex, err := lexicon.Build([]string{"MAISON", "CHAT", "CHIEN"})
	if err != nil {
		t.Fatal(err)
	}
	e := NewEngine(lexDict{lex, sync.OnceValue(func() prefixRanks { return lexiconPrefixRanks(lex) })})
	if prefixRanksOf.Made(lex) {
		t.Fatal("the ranks are made before Prepare")
	}
	e.Prepare()
	if !prefixRanksOf.Made(lex) {
		t.Error("Prepare did not rank the prefixes of the engine's dictionary")
	}
}
