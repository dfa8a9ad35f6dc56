package coquillaude

import (
	"testing"

	"github.com/tablee/tablee/games"
)

// positions collects the states and bot moves of a few self-play games,
// 2 to 4 players, the seats at every strength (mixed as in the ladder).
func positions(b *testing.B) ([]*Game, []int, []string) {
	var gs []*Game
	var seats []int
	var moves []string
	for seed := uint64(1); seed <= 6; seed++ {
		g := newGame(b, 2+int(seed%3), seed, nil)
		for !g.s.Over {
			seat := g.Waiting()[0].Seat
			m := g.Bot(seat, games.Strengths[(int(seed)+seat)%len(games.Strengths)])
			gs, seats, moves = append(gs, &Game{s: g.s, w: g.w}), append(seats, seat), append(moves, m)
			if _, err := g.Apply(seat, m); err != nil {
				b.Fatal(err)
			}
		}
	}
	return gs, seats, moves
}

// BenchmarkApply applies one bot move to positions of real games (Apply
// works on a copy, so the saved positions stay untouched).
func BenchmarkApply(b *testing.B) {
	gs, seats, moves := positions(b)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		k := i % len(gs)
		g := &Game{s: gs[k].s, w: gs[k].w}
		if _, err := g.Apply(seats[k], moves[k]); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBotMove computes a bot move of each strength in positions of
// real games, every phase (the goal: under 5 ms for every strength).
func BenchmarkBotMove(b *testing.B) {
	gs, seats, _ := positions(b)
	benchStrengths(b, gs, seats)
}

// BenchmarkBotCompose computes the compose move only, the bot's search,
// at each strength.
func BenchmarkBotCompose(b *testing.B) {
	gs, seats, _ := positions(b)
	var cg []*Game
	var cs []int
	for k, g := range gs {
		if g.s.Phase == phaseCompose {
			cg, cs = append(cg, g), append(cs, seats[k])
		}
	}
	benchStrengths(b, cg, cs)
}

func benchStrengths(b *testing.B, gs []*Game, seats []int) {
	familiarOf(gs[0].w.dict) // the familiar words are indexed once, before timing
	for _, level := range games.Strengths {
		b.Run(level.String(), func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				k := i % len(gs)
				_ = gs[k].Bot(seats[k], level)
			}
		})
	}
}
