package gamestest

import (
	"testing"

	"github.com/tablee/tablee/games/lexicon"
)

// CheckPrepares checks that an engine's Prepare (games.Preparer) works out
// its table for the engine's own dictionary: prepare makes an engine of a
// small dictionary and prepares it; made tells whether the table of that
// dictionary is made, which it must not be before.
func CheckPrepares(t testing.TB, prepare func(*lexicon.Lexicon), made func(*lexicon.Lexicon) bool) {
	t.Helper()
	lex, err := lexicon.Build([]string{"MAISON", "CHAT", "CHIEN"})
	if err != nil {
		t.Fatal(err)
	}
	if made(lex) {
		t.Fatal("the table is made before Prepare")
	}
	prepare(lex)
	if !made(lex) {
		t.Error("Prepare did not make the table of the engine's dictionary")
	}
}
