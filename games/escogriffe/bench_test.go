package escogriffe

import (
	"github.com/tablee/tablee/games"
	"testing"
)

// benchPositions plays a game of bots of one strength and keeps the
// positions met (saved).
func benchPositions(b *testing.B, players int, seed uint64, n int, level games.Strength) []*state {
	var out []*state
	s := newState(b, players, seed)
	for len(out) < n && !s.Over {
		w := s.Waiting()[0].Seat
		data, _ := s.Save()
		g, _ := engine{}.Load(data)
		out = append(out, g.(*state))
		if _, err := s.Apply(w, s.Bot(w, level)); err != nil {
			b.Fatal(err)
		}
	}
	return out
}

// BenchmarkBotMove times the bot's move of each strength over the
// positions of a four-player game of that strength (the first 600 moves:
// draws, discards, placements, last chances):
//
//	go test -run XXX -bench BotMove ./games/escogriffe
func BenchmarkBotMove(b *testing.B) {
	for _, level := range games.Strengths {
		b.Run(level.String(), func(b *testing.B) {
			pos := benchPositions(b, 4, 7, 600, level)
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				s := pos[i%len(pos)]
				_ = s.Bot(s.Waiting()[0].Seat, level)
			}
		})
	}
}

// BenchmarkApply replays the moves of a bot game (draws, discards,
// placements, round ends), starting the game again when the moves run out.
func BenchmarkApply(b *testing.B) {
	pos := benchPositions(b, 4, 7, 600, games.Strong)
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
