package wordsout

import (
	"github.com/tablee/tablee/games"
	"testing"
	"time"

	"github.com/tablee/tablee/games/gamestest"
)

// positions collects the states and bot moves of a few self-play games.
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
			m := g.Bot(seat, games.Strong)
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

// BenchmarkBotMove computes a bot move in positions of real games.
func BenchmarkBotMove(b *testing.B) {
	states, seats, _ := positions(b)
	d := realEngine().dict()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		k := i % len(states)
		g := &Game{s: states[k], dict: d}
		_ = g.Bot(seats[k], games.Strong)
	}
}

// TestBotIsFast: the slowest bot move of a few games stays well under
// 5 ms (measured CPU-light: a generous bound against a loaded machine).
func TestBotIsFast(t *testing.T) {
	if gamestest.Race || testing.Short() {
		t.Skip("timing under the race detector means nothing")
	}
	states, seats, _ := positions(t)
	d := realEngine().dict()
	var worst time.Duration
	var total time.Duration
	for k, s := range states {
		g := &Game{s: s, dict: d}
		start := time.Now()
		_ = g.Bot(seats[k], games.Strong)
		el := time.Since(start)
		total += el
		worst = max(worst, el)
	}
	avg := total / time.Duration(len(states))
	t.Logf("%d positions: %v on average, %v at worst", len(states), avg, worst)
	if avg > 2*time.Millisecond {
		t.Errorf("bot move %v on average", avg)
	}
}
