package crackword

import (
	"testing"

	"github.com/tablee/tablee/games/lexicon"
)

// Prepare works out the index of familiar words of the engine's own
// dictionary (the one a server gave to lexicon.Use, here a small one).
func TestPrepareIndexesTheEnginesDictionary(t *testing.T) {
	lex, err := lexicon.Build([]string{"MAISON", "CHAT", "CHIEN"})
	if err != nil {
		t.Fatal(err)
	}
	e := NewEngine(lexDict{lex})
	if familiarOf.Made(lex) {
		t.Fatal("the index is made before Prepare")
	}
	e.Prepare()
	if !familiarOf.Made(lex) {
		t.Error("Prepare did not make the index of the engine's dictionary")
	}
}
