package wordsout

import (
	"slices"
	"testing"
	"time"

	"github.com/tablee/tablee/games"

	"github.com/tablee/tablee/games/gamestest"
)

// positions collects the states and bot moves of a few self-play games
// (2 to 8 players), the seats playing the three strengths in turn.
func positions(tb testing.TB) ([]*state, []int, []string) {
	e := realEngine()
	var states []*state
	var seats []int
	var moves []string
	for seed := uint64(1); seed <= 8; seed++ {
		gg, _ := e.New(nil, 2+int(seed%7), seed)
		g := gg.(*Game)
		for !g.s.Over {
			seat := g.Waiting()[0].Seat
			m := g.Bot(seat, games.Strengths[(seat+int(seed))%3])
			states, seats, moves = append(states, g.s), append(seats, seat), append(moves, m)
			if _, err := g.Apply(seat, m); err != nil {
				tb.Fatal(err)
			}
		}
	}
	return states, seats, moves
}

// BenchmarkApply applies one bot move to positions of real games (Apply
// works on a copy, so the saved positions stay untouched).
func BenchmarkApply(b *testing.B) {
	states, seats, moves := positions(b)
	d := realEngine().dict()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		k := i % len(states)
		g := &Game{s: states[k], dict: d}
		if _, err := g.Apply(seats[k], moves[k]); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBotMove computes a bot move of each strength in positions of
// real games.
func BenchmarkBotMove(b *testing.B) {
	states, seats, _ := positions(b)
	d := realEngine().dict()
	for _, level := range games.Strengths {
		b.Run(level.String(), func(b *testing.B) {
			(&Game{s: states[0], dict: d}).Bot(seats[0], level) // the familiar index, built once
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				k := i % len(states)
				g := &Game{s: states[k], dict: d}
				_ = g.Bot(seats[k], level)
			}
		})
	}
}

// TestBotIsFast: at every strength the bot's move takes well under 5 ms
// (2 ms on average, 5 ms at the 99th percentile: a generous bound against
// a loaded machine; measured, a few µs and under 0.1 ms).
func TestBotIsFast(t *testing.T) {
	if gamestest.Race || testing.Short() {
		t.Skip("timing under the race detector means nothing")
	}
	states, seats, _ := positions(t)
	d := realEngine().dict()
	for _, level := range games.Strengths {
		(&Game{s: states[0], dict: d}).Bot(seats[0], level)
		times := make([]time.Duration, len(states))
		var total time.Duration
		for k, s := range states {
			g := &Game{s: s, dict: d}
			start := time.Now()
			_ = g.Bot(seats[k], level)
			times[k] = time.Since(start)
			total += times[k]
		}
		slices.Sort(times)
		avg, p99 := total/time.Duration(len(states)), times[len(times)*99/100]
		t.Logf("%v: %d positions, %v on average, %v at the 99th percentile, %v at worst", level, len(states), avg, p99, times[len(times)-1])
		if avg > 2*time.Millisecond || p99 > 5*time.Millisecond {
			t.Errorf("%v: bot move %v on average, %v at the 99th percentile", level, avg, p99)
		}
	}
}
