package gamestest

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/tablee/tablee/games"
)

// RoundTrip saves g, loads it with e and saves it again. The two saves must
// be the same bytes, and the loaded game must show the same public view and
// the same private view to every seat (one a score), as text in every
// language and as values. It returns the loaded game.
func RoundTrip(e games.Engine, g games.Game) (games.Game, error) {
	data, err := g.Save()
	if err != nil {
		return nil, fmt.Errorf("save: %w", err)
	}
	g2, err := e.Load(data)
	if err != nil {
		return nil, fmt.Errorf("load: %w", err)
	}
	data2, err := g2.Save()
	if err != nil {
		return nil, fmt.Errorf("save after load: %w", err)
	}
	if !bytes.Equal(data, data2) {
		return nil, fmt.Errorf("save/load/save differs:\n%s\n%s", data, data2)
	}
	if a, b := g.Public(), g2.Public(); ViewText(a) != ViewText(b) || fmt.Sprint(a) != fmt.Sprint(b) {
		return nil, fmt.Errorf("public view differs after load:\n%s\n---\n%s", ViewText(a), ViewText(b))
	}
	for p := range g.Result().Scores {
		if a, b := g.Private(p), g2.Private(p); ViewText(a) != ViewText(b) || fmt.Sprint(a) != fmt.Sprint(b) {
			return nil, fmt.Errorf("private view of seat %d differs after load:\n%s\n---\n%s", p, ViewText(a), ViewText(b))
		}
	}
	return g2, nil
}

// MustRoundTrip is RoundTrip where any difference is fatal.
func MustRoundTrip(t testing.TB, e games.Engine, g games.Game) games.Game {
	t.Helper()
	g2, err := RoundTrip(e, g)
	if err != nil {
		t.Fatal(err)
	}
	return g2
}
