package escogriffe

import (
	"testing"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/games/gamestest"
)

// fuzzPositions are the positions FuzzApply plays in (7,334, built once
// per process: 0.3 s, about 6 s under -race): every position of seven bot
// games, two of them whole (2 and 3 players, to the end of the game) and
// the first 800 moves of the others (4 to 8 players, two rounds or more).
// One position in 16 is kept saved, the others as the moves since, so that
// memory stays low. An execution loads one instead of replaying the bots'
// moves.
var fuzzPositions = gamestest.PositionsOnce{Build: func(t testing.TB) *gamestest.Positions {
	p := gamestest.NewPositions(engine{}, 16)
	plays := []gamestest.SelfPlay{{Players: 2, Seed: 1}, {Players: 3, Seed: 2}}
	for players := 4; players <= 8; players++ {
		plays = append(plays, gamestest.SelfPlay{Players: players, Seed: 1, Moves: 800})
	}
	for _, sp := range plays {
		if err := p.Play(sp); err != nil {
			t.Fatal(err)
		}
	}
	return p
}}

var fuzzMoves = []string{"pioche", "draw", "prendre 1", "take 3", "jeter 1 1", "discard 12", "poser 1 haut",
	"place 2 bottom", "poser 3", "passe", "pass", "", " ", "poser 99 bas", "jeter 0", "prendre -1",
	"poser 1 haut bas", "PIOCHE", "jeter 9999999999999999999 1", "poser\t1\nbas", "/prendre 2", "é"}

// fuzzSeeds is FuzzApply's seed corpus: every move above in the first and
// the last position of each phase (and of a game over), from seats taken
// in turn.
func fuzzSeeds(t testing.TB) []gamestest.FuzzInput {
	return fuzzPositions.Get(t).Seeds(t, func(g games.Game) int {
		if s := g.(*state); !s.Over {
			return s.Phase
		}
		return phaseOver
	}, []int{phaseDraw, phaseDiscard, phaseLast, phaseOver}, fuzzMoves)
}

// FuzzApply plays random strings from random seats in any position of a
// bot game: Apply never panics, a refusal changes nothing, and an accepted
// move keeps the 110 cards and saves, loads and shows the same.
func FuzzApply(f *testing.F) {
	for _, in := range fuzzSeeds(f) {
		f.Add(in.Seat, in.Pos, in.Move)
	}
	f.Fuzz(func(t *testing.T, seat uint8, pos uint16, mv string) { fuzzBody(t, seat, pos, mv) })
}

// fuzzBody is the body of FuzzApply.
func fuzzBody(t testing.TB, seat uint8, pos uint16, mv string) {
	s := fuzzPositions.Get(t).MustLoad(t, int(pos)).(*state)
	if _, ok := gamestest.TryMove(t, s, int(seat%10)-1, mv); !ok {
		return
	}
	if err := s.check(); err != nil {
		t.Fatalf("%q: %v", mv, err)
	}
	gamestest.MustRoundTrip(t, engine{}, s)
	_ = s.Scene()
	for p := 0; p < s.Players; p++ {
		_ = s.PrivateScene(p)
		_ = s.Choices(p, "")
		_ = s.Choices(p, mv)
	}
}

// BenchmarkFuzzBody is the cost of one execution of FuzzApply.
func BenchmarkFuzzBody(b *testing.B) {
	gamestest.BenchmarkFuzz(b, fuzzSeeds(b), fuzzBody)
}
