package wordsout

import (
	"strings"
	"testing"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/games/gamestest"
)

// woObserver measures one game of Words Out as a player at the table would
// notice it: whether it ended with a player out (WO-D7) or with everyone
// passing, how many cards were left in hands, how long the table passed in
// a row, how many words were cashed. It checks the card invariants after
// every move.
type woObserver struct {
	t        testing.TB
	turns    int // moves of the player whose turn it is (counter answers excluded)
	handSum  int // his hand size after each of them
	handMax  int
	passRun  int
	passMax  int
	passes   int
	words    int
	counters int
	scores   []int
	dryPass  bool // the PIOCHE was drawn dry by a pass (not emptied by a deal)
	dry      bool
	dryHands int // cards in hands when the PIOCHE emptied
}

func (o *woObserver) Move(gg games.Game, seat int, move string) {
	g := gameOf(gg)
	s := g.s
	checkInvariants(o.t, g)
	if o.scores == nil {
		o.scores = make([]int, s.Players)
	}
	// A cash is the only way a score goes up before the end.
	for p, v := range s.Scores {
		if v > o.scores[p] && !s.Over {
			o.words++
		}
		o.scores[p] = v
	}
	if strings.HasPrefix(move, "contrer ") {
		o.counters++
	}
	if !o.dry && s.Pioche.Len() == 0 {
		o.dry, o.dryPass = true, move == "passe"
		for _, h := range s.Hands {
			o.dryHands += len(h)
		}
	}
	if move == "non" || strings.HasPrefix(move, "contrer ") {
		return // an answer in the counter window, not a turn
	}
	o.turns++
	o.handSum += len(s.Hands[seat])
	for _, h := range s.Hands {
		o.handMax = max(o.handMax, len(h))
	}
	if move == "passe" {
		o.passes++
		o.passRun++
		o.passMax = max(o.passMax, o.passRun)
	} else {
		o.passRun = 0
	}
}

func (o *woObserver) End(gg games.Game) map[string]float64 {
	s := gameOf(gg).s
	out, final, left := 0.0, 0, 0
	// Every lay, cash, counter and POUBELLE sets Passes to 0: a game that
	// ended with fewer passes in a row than players ended with a player
	// laying his last card (WO-D7).
	if s.Over && s.Passes < s.Players {
		out = 1
	}
	for _, h := range s.Hands {
		final = max(final, len(h))
		left += len(h)
	}
	best := s.Scores[0]
	for _, v := range s.Scores {
		best = max(best, v)
	}
	negative := 0.0
	if best < 0 {
		negative = 1
	}
	return map[string]float64{
		"out":                 out,
		"deals":               float64(s.Deals),
		"largest final hand":  float64(final),
		"cards left":          float64(left),
		"hand":                float64(o.handSum) / float64(max(o.turns, 1)),
		"largest hand":        float64(o.handMax),
		"longest pass streak": float64(o.passMax),
		"passes":              float64(o.passes),
		"words":               float64(o.words),
		"counters":            float64(o.counters),
		"negative win":        negative,
		"dry by pass":         b2f(o.dryPass),
		"hands when dry":      float64(o.dryHands),
	}
}

func ladderObserver(t testing.TB) func() gamestest.Observer {
	return func() gamestest.Observer { return &woObserver{t: t} }
}

// TestLadder plays the strengths against each other in two-player games,
// seats rotating.
func TestLadder(t *testing.T) {
	e := realEngine()
	n := gamestest.LadderGames(100)
	for _, p := range gamestest.HeadToHead(nil) {
		r := gamestest.PlayLadder(t, e, p, n, 1000, 3000, ladderObserver(t))
		t.Log(r.Report())
		t.Logf("%s: out %.0f%%, negative wins %.0f%%", p.Name, 100*r.Share("out"), 100*r.Share("negative win"))
	}
}

// gameOf is the engine's game behind g (the variants' test wraps it).
func gameOf(g games.Game) *Game {
	if ab, ok := g.(abGame); ok {
		return ab.Game
	}
	return g.(*Game)
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}
