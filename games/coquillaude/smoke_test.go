package coquillaude

import (
	"testing"
)

func TestSmoke(t *testing.T) {
	g := newGame(t, 3, 1, nil)
	t.Log(viewText(g.Public()))
	for i := 0; i < 2000 && !g.s.Over; i++ {
		w := g.Waiting()
		seat := w[0].Seat
		m := g.Bot(seat)
		evs, err := g.Apply(seat, m)
		if err != nil {
			t.Fatalf("%d %q: %v", seat, m, err)
		}
		t.Logf("%d> %s\n%s", seat, m, eventsText(evs, -1))
		checkInvariants(t, g)
	}
	t.Log(viewText(g.Public()))
	t.Log(viewText(g.Private(0)))
}
