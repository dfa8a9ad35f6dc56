package motsdetete

import (
	"testing"

	"github.com/tablee/tablee/games/lexicon"
)

// Prepare works out the bots' vocabulary of the engine's own dictionary.
func TestPrepareMakesTheBotsVocabulary(t *testing.T) {
	lex, err := lexicon.Build([]string{"MAISON", "CHAT", "CHIEN"})
	if err != nil {
		t.Fatal(err)
	}
	e := &Engine{Lex: func() *lexicon.Lexicon { return lex }}
	if vocabs.Made(lex) {
		t.Fatal("the vocabulary is made before Prepare")
	}
	e.Prepare()
	if !vocabs.Made(lex) {
		t.Error("Prepare did not make the vocabulary of the engine's dictionary")
	}
}
