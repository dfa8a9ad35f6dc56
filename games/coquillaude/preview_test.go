package coquillaude

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/tablee/tablee/games"
)

// A proposal's preview is the points it scores when the round is resolved
// (the other player proposing nothing), and the game does not change; a
// proposal the rules refuse is refused with their reason, and any other
// move has no preview.
func TestPreviewIsTheProposalsPoints(t *testing.T) {
	e, ok := games.Lookup("coquillaude")
	if !ok {
		t.Fatal("no engine")
	}
	previewed := 0
	for seed := uint64(1); seed <= 6 && previewed < 3; seed++ {
		g, err := e.New(games.Options{}, 2, seed)
		if err != nil {
			t.Fatal(err)
		}
		for n := 0; n < 200 && !g.Result().Over && previewed < 3; n++ {
			w := g.Waiting()
			seat := w[0].Seat
			mv := g.Bot(seat, games.Normal)
			p := g.(games.Previewer)
			if !strings.HasPrefix(mv, "mot ") {
				if _, err := p.Preview(seat, mv); !errors.Is(err, games.ErrNoPreview) {
					t.Fatalf("%q previewed: %v", mv, err)
				}
				if _, err := g.Apply(seat, mv); err != nil {
					t.Fatal(err)
				}
				continue
			}
			before, _ := g.Save()
			points, err := p.Preview(seat, mv)
			if err != nil {
				t.Fatalf("%q: %v", mv, err)
			}
			if after, _ := g.Save(); !bytes.Equal(before, after) {
				t.Fatal("the preview changed the game")
			}
			var r *games.Refusal
			if _, err := p.Preview(seat, "mot ZZZQX H11 droite"); !errors.As(err, &r) {
				t.Fatalf("a word off the pions previewed: %v", err)
			}
			// Played, alone in the round: the points the preview said.
			scores := g.Result().Scores
			if _, err := g.Apply(seat, mv); err != nil {
				t.Fatal(err)
			}
			for _, o := range g.Waiting() {
				if _, err := g.Apply(o.Seat, "rien"); err != nil {
					t.Fatal(err)
				}
			}
			if got := g.Result().Scores[seat] - scores[seat]; got != points {
				t.Fatalf("%q previewed %d points, scored %d", mv, points, got)
			}
			previewed++
			break // the next seed: this game's next rounds are others'
		}
	}
	if previewed < 3 {
		t.Fatalf("%d proposals previewed", previewed)
	}
}
