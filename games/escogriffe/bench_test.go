package escogriffe

import (
	"github.com/tablee/tablee/games"
	"testing"
)

// benchPositions plays a bot game and keeps the positions met (saved).
func benchPositions(b *testing.B, players int, seed uint64, n int) []*state {
	var out []*state
	s := newState(b, players, seed)
	for len(out) < n && !s.Over {
		w := s.Waiting()[0].Seat
		data, _ := s.Save()
		g, _ := engine{}.Load(data)
		out = append(out, g.(*state))
		if _, err := s.Apply(w, s.Bot(w, games.Strong)); err != nil {
			b.Fatal(err)
		}
	}
	return out
}

func BenchmarkBotMove(b *testing.B) {
	pos := benchPositions(b, 4, 7, 600)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s := pos[i%len(pos)]
		_ = s.Bot(s.Waiting()[0].Seat, games.Strong)
	}
}

// BenchmarkApply replays the moves of a bot game (draws, discards,
// placements, round ends), starting the game again when the moves run out.
func BenchmarkApply(b *testing.B) {
	pos := benchPositions(b, 4, 7, 600)
	moves := make([]string, len(pos))
	seats := make([]int, len(pos))
	for i, s := range pos {
		seats[i] = s.Waiting()[0].Seat
		moves[i] = s.Bot(seats[i], games.Strong)
	}
	s := newState(b, 4, 7)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		j := i % len(moves)
		if j == 0 && i > 0 {
			b.StopTimer()
			s = newState(b, 4, 7)
			b.StartTimer()
		}
		if _, err := s.Apply(seats[j], moves[j]); err != nil {
			b.Fatal(err)
		}
	}
}
