package motsdetete

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/tablee/tablee/games"
)

// midGame collects positions of seeded bot games between the 10th and the
// 30th move (the grid a third to two thirds full), with the move the bot
// played there.
func midGame(tb testing.TB) ([]*state, []string) {
	e := realEngine()
	var states []*state
	var moves []string
	for seed := uint64(1); len(states) < 60; seed++ {
		gg, _ := e.New(games.Options{"variant": Marathon}, 2+int(seed%3), seed)
		g := gg.(*Game)
		for n := 0; n < 30 && !g.s.Over; n++ {
			m := g.Bot(g.s.Turn, games.Strong)
			if n >= 10 {
				states, moves = append(states, g.s), append(moves, m)
			}
			if _, err := g.Apply(g.s.Turn, m); err != nil {
				tb.Fatal(err)
			}
		}
	}
	return states, moves
}

// BenchmarkBotMove: the best move for each die value in mid-game positions;
// the median of the calls is reported as ms-median.
func BenchmarkBotMove(b *testing.B) {
	states, _ := midGame(b)
	lex := realEngine().Lex()
	for die := 1; die <= 6; die++ {
		b.Run(fmt.Sprintf("die=%d", die), func(b *testing.B) {
			ps := make([]*Game, len(states))
			for i, s := range states {
				c := s.clone()
				c.Die = die
				ps[i] = &Game{s: c, lex: lex}
			}
			times := make([]time.Duration, 0, b.N)
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				g := ps[i%len(ps)]
				t0 := time.Now()
				_ = g.Bot(g.s.Turn, games.Strong)
				times = append(times, time.Since(t0))
			}
			b.StopTimer()
			slices.Sort(times)
			b.ReportMetric(float64(times[len(times)/2].Microseconds())/1000, "ms-median")
			b.ReportMetric(float64(times[len(times)-1].Microseconds())/1000, "ms-max")
		})
	}
}

// BenchmarkApply applies the bot's move to mid-game positions (Apply works
// on a copy: the positions stay as they were).
func BenchmarkApply(b *testing.B) {
	states, moves := midGame(b)
	lex := realEngine().Lex()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		k := i % len(states)
		g := &Game{s: states[k], lex: lex}
		if _, err := g.Apply(states[k].Turn, moves[k]); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkExampleMove: the legal example of the private help (the
// lowest-scoring placement with a word) in mid-game positions, every die.
func BenchmarkExampleMove(b *testing.B) {
	states, _ := midGame(b)
	lex := realEngine().Lex()
	ps := make([]*state, 0, 6*len(states))
	for _, s := range states {
		for die := 1; die <= 6; die++ {
			c := s.clone()
			c.Die = die
			ps = append(ps, c)
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		_, _ = exampleMove(ps[i%len(ps)], lex)
	}
}
