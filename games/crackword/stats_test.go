package crackword

import (
	"os"
	"testing"
)

// TestBotVariants compares bot weights (run with CRACKWORD_AB=1): one seat
// plays the variant, the others the default.
func TestBotVariants(t *testing.T) {
	if os.Getenv("CRACKWORD_AB") == "" {
		t.Skip("set CRACKWORD_AB=1")
	}
	e := realEngine()
	variants := map[string]weights{}
	add := func(name string, f func(w *weights)) {
		w := botWeights
		f(&w)
		variants[name] = w
	}
	add("default", func(w *weights) {})
	add("naive", func(w *weights) { *w = weights{pass: -20, trashBase: -1000} })
	add("noSetup", func(w *weights) { w.setupAny, w.setupHeld = 0, 0 })
	add("setupHeld10", func(w *weights) { w.setupHeld = 10; w.setupAny = 3 })
	add("threatLow", func(w *weights) { w.threatBase, w.threatCard = 5, 3 })
	add("passLow", func(w *weights) { w.pass = -60 })
	add("control5", func(w *weights) { w.control = 5 })
	add("trashMore", func(w *weights) { w.trashBase = -15 })
	for name, vw := range variants {
		vw := vw
		wins, share, n := 0.0, 0.0, 600
		for i := 0; i < n; i++ {
			players := 2 + i%3
			me := (i / 3) % players
			gg, _ := e.New(nil, players, uint64(i)*31+7)
			g := gg.(*Game)
			for !g.s.Over {
				seat := g.Waiting()[0].Seat
				w := &botWeights
				if seat == me {
					w = &vw
				}
				if _, err := g.Apply(seat, g.botWith(seat, w)); err != nil {
					t.Fatal(err)
				}
			}
			winners := g.Result().Winners()
			for _, p := range winners {
				if p == me {
					wins += 1 / float64(len(winners))
				}
			}
			share += 1 / float64(players)
		}
		t.Logf("%-12s wins %.0f of %d (fair share %.0f)", name, wins, n, share)
	}
}
