package coquillaude

import (
	"testing"

	"github.com/tablee/tablee/games/lexicon"
)

// Prepare works out the familiar words of the engine's own dictionary
// (and the tables every dictionary shares).
func TestPrepareMakesTheFamiliarWords(t *testing.T) {
	lex, err := lexicon.Build([]string{"MAISON", "CHAT", "CHIEN"})
	if err != nil {
		t.Fatal(err)
	}
	e := &Engine{Lex: func() *lexicon.Lexicon { return lex }}
	if familiarByLexicon.Made(lex) {
		t.Fatal("the familiar words are made before Prepare")
	}
	e.Prepare()
	if !familiarByLexicon.Made(lex) {
		t.Error("Prepare did not make the familiar words of the engine's dictionary")
	}
}
