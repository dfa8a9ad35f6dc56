package crackword

import (
	"github.com/tablee/tablee/games"
	"testing"
)

// positions collects the states and bot moves of a few self-play games.
func positions(b *testing.B) ([]*state, []string) {
	e := realEngine()
	var states []*state
	var moves []string
	for seed := uint64(1); seed <= 6; seed++ {
		gg, _ := e.New(nil, 2+int(seed%3), seed)
		g := gg.(*Game)
		for !g.s.Over {
			seat := g.Waiting()[0].Seat
			m := g.Bot(seat, games.Strong)
			states, moves = append(states, g.s), append(moves, m)
			if _, err := g.Apply(seat, m); err != nil {
				b.Fatal(err)
			}
		}
	}
	return states, moves
}

// BenchmarkApply applies one bot move to positions of real games (Apply
// works on a copy, so the saved positions stay untouched).
func BenchmarkApply(b *testing.B) {
	states, moves := positions(b)
	d := defaultDict()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		k := i % len(states)
		g := &Game{s: states[k], dict: d}
		if _, err := g.Apply(states[k].Turn, moves[k]); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBotMove computes a bot move of each strength in positions of
// real games (the goal: under 5 ms for every strength).
func BenchmarkBotMove(b *testing.B) {
	states, _ := positions(b)
	d := defaultDict()
	d.Familiar("E") // the index of familiar words is built once, before timing
	for _, level := range games.Strengths {
		b.Run(level.String(), func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				k := i % len(states)
				g := &Game{s: states[k], dict: d}
				_ = g.Bot(states[k].Turn, level)
			}
		})
	}
}

// BenchmarkBotGame plays whole games of bots, as a table does: one Game
// from the deal to the end, the bot asked at every turn (what the bot
// learnt of the rows is kept from one turn to the next).
func BenchmarkBotGame(b *testing.B) {
	e := realEngine()
	e.dict().Familiar("E") // the index of familiar words is built once, before timing
	b.ReportAllocs()
	moves := 0
	for i := 0; b.Loop(); i++ {
		gg, _ := e.New(nil, 2+i%3, uint64(1+i%6))
		g := gg.(*Game)
		for !g.s.Over {
			seat := g.Waiting()[0].Seat
			if _, err := g.Apply(seat, g.Bot(seat, games.Normal)); err != nil {
				b.Fatal(err)
			}
			moves++
		}
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(moves), "µs/move")
}

// BenchmarkSave writes the states of real games, as a table's save does
// at every move.
func BenchmarkSave(b *testing.B) {
	states, _ := positions(b)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if _, err := states[i%len(states)].save(); err != nil {
			b.Fatal(err)
		}
	}
}
