package motsdetete

import (
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

// BenchmarkBotMove: the move of a bot of each strength in mid-game
// positions, each tried with every die value; the median, p99 and
// slowest of the calls are reported (ms-median, ms-p99, ms-max).
func BenchmarkBotMove(b *testing.B) {
	states, _ := midGame(b)
	lex := realEngine().Lex()
	ps := make([]*Game, 0, 6*len(states))
	for _, s := range states {
		for die := 1; die <= 6; die++ {
			c := s.clone()
			c.Die = die
			ps = append(ps, &Game{s: c, lex: lex})
		}
	}
	vocabOf(lex) // built once per dictionary, not per move
	for _, level := range games.Strengths {
		b.Run(level.String(), func(b *testing.B) {
			times := make([]time.Duration, 0, b.N)
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				g := ps[i%len(ps)]
				t0 := time.Now()
				_ = g.Bot(g.s.Turn, level)
				times = append(times, time.Since(t0))
			}
			b.StopTimer()
			slices.Sort(times)
			for _, q := range []struct {
				name string
				at   int
			}{{"ms-median", len(times) / 2}, {"ms-p99", len(times) * 99 / 100}, {"ms-max", len(times) - 1}} {
				b.ReportMetric(float64(times[q.at].Microseconds())/1000, q.name)
			}
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
