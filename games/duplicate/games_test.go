package duplicate

import (
	"bytes"
	"testing"
)

// TestMakeAndLoadEveryGame: every game offered deals from a seed, and its
// deal saved loads back the same with the binary's engine; an unknown game
// is refused.
func TestMakeAndLoadEveryGame(t *testing.T) {
	if testing.Short() {
		t.Skip("loads the bundled dictionary")
	}
	for _, g := range Games() {
		d, err := Make(g, 42)
		if err != nil {
			t.Fatalf("%s: %v", g, err)
		}
		data, err := d.Save()
		if err != nil {
			t.Fatal(err)
		}
		back, err := LoadGame(g, data)
		if err != nil {
			t.Fatalf("%s: %v", g, err)
		}
		again, _ := back.Save()
		if !bytes.Equal(data, again) {
			t.Errorf("%s: the deal loaded is not the deal saved", g)
		}
	}
	if _, err := Make("crackword", 1); err == nil {
		t.Error("a deal of crackword was made")
	}
	if _, err := LoadGame("nosuchgame", []byte("{}")); err == nil {
		t.Error("a deal of an unknown game loaded")
	}
}
