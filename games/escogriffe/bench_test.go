package escogriffe

import "testing"

// benchPositions plays a bot game and keeps the positions met (saved).
func benchPositions(b *testing.B, players int, seed uint64, n int) []*state {
	var out []*state
	s := newState(b, players, seed)
	for len(out) < n && !s.Over {
		w := s.Waiting()[0].Seat
		data, _ := s.Save()
		g, _ := engine{}.Load(data)
		out = append(out, g.(*state))
		if _, err := s.Apply(w, s.Bot(w)); err != nil {
			b.Fatal(err)
		}
	}
	return out
}

func BenchmarkBotMove(b *testing.B) {
	pos := benchPositions(b, 4, 7, 2000)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s := pos[i%len(pos)]
		_ = s.Bot(s.Waiting()[0].Seat)
	}
}

func BenchmarkApply(b *testing.B) {
	pos := benchPositions(b, 4, 7, 2000)
	moves := make([]string, len(pos))
	for i, s := range pos {
		moves[i] = s.Bot(s.Waiting()[0].Seat)
	}
	datas := make([][]byte, len(pos))
	for i, s := range pos {
		datas[i], _ = s.Save()
	}
	work := make([]*state, len(pos))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		j := i % len(pos)
		if j == 0 {
			b.StopTimer()
			for k, d := range datas {
				g, _ := engine{}.Load(d)
				work[k] = g.(*state)
			}
			b.StartTimer()
		}
		s := work[j]
		if _, err := s.Apply(s.Waiting()[0].Seat, moves[j]); err != nil {
			b.Fatal(err)
		}
	}
}
