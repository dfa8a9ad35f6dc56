package challenge

import (
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/tablee/tablee/games/duplicate"
	"github.com/tablee/tablee/store"
)

// BenchmarkPlayTurn is a turn of a challenge played as a move is: the move
// scored on the turn's position and the attempt saved with it, durably
// (bbolt, fsync on); each twelfth turn finishes an attempt and records its
// result, and the next player starts. The deal is read once (the Service
// keeps it), as on a day of play.
//
//	go test -run '^$' -bench BenchmarkPlayTurn -benchtime 2000x ./challenge/
func BenchmarkPlayTurn(b *testing.B) {
	st := boltAt(b, filepath.Join(b.TempDir(), "tablee.db"))
	s := newService(b, st, smallConfig(b, nil))
	now := at(march29, 9, 0)
	d, err := s.Deal("motsdetete", march29)
	if err != nil {
		b.Fatal(err)
	}
	var a *Attempt
	players := 0
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if a == nil || a.Finished {
			players++
			if a, _, err = s.Start(Player{ID: fmt.Sprintf("telegram:%d", players)}, "", "motsdetete", now); err != nil {
				b.Fatal(err)
			}
		}
		i := a.Turn()
		if _, err := s.Play(a, i, d.Turns[i].Top, now); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkStanding is the day's place of one result among 10,000 (Ranks,
// what a player sees when he finishes), and the day's first ten (Standing,
// the leaderboard), on bbolt.
//
//	go test -run '^$' -bench BenchmarkStanding ./challenge/
func BenchmarkStanding(b *testing.B) {
	st := boltAt(b, filepath.Join(b.TempDir(), "tablee.db"))
	s := newService(b, st, smallConfig(b, nil))
	const n = 10000
	rs := make([]store.Rating, 0, n)
	var mine Result
	for i := range n {
		r := Result{
			Day: march29, Game: "motsdetete", Player: Player{ID: fmt.Sprintf("telegram:%d", i), Name: fmt.Sprintf("Joueur %d", i)},
			Server: fmt.Sprintf("telegram:-%d", i%50), Total: i % 300, Top: 300, Pct: duplicate.Percent(i%300, 300),
			Marks: make([]duplicate.Mark, 12), Finished: at(march29, 9, 0).Add(time.Duration(i) * time.Second),
			card: "🗓️ 2026-03-29 🎲 50.0 %\n⬛⬛⬛⬛⬛⬛\n⬛⬛⬛⬛⬛⬛",
		}
		if i == n/2 {
			mine = r
		}
		rs = append(rs, store.Rating{Key: resultKey(r.Game, r.Day, r.Player.ID), Data: encodeResult(r)})
	}
	if _, err := st.Rate(1, rs); err != nil {
		b.Fatal(err)
	}
	b.Run("Ranks", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			g, l, err := s.Ranks(mine)
			if err != nil || g.Of != n || l.Of != n/50 {
				b.Fatal(g, l, err)
			}
		}
	})
	b.Run("Standing10", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			top, err := s.Standing("motsdetete", march29, "", 10)
			if err != nil || len(top) != 10 {
				b.Fatal(len(top), err)
			}
		}
	})
}
