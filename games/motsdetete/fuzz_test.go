package motsdetete

import (
	"testing"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/games/gamestest"
)

// FuzzApply: any move string from any seat, in positions reached by a few
// bot moves, never panics, and a refused move changes nothing.
func FuzzApply(f *testing.F) {
	for _, s := range []string{
		"H3 bas DEPENSER", "H3 down depenser", "H6 droite ÉTÉ", "G7 right maison", "O15 → cœur", "3H ↓ mot",
		"passe", "pass", "/pass", "", " ", "H3", "H3 bas", "Z99 bas MOT", "H3 gauche MOT", "H3 bas MOT-CLE",
		"H3 bas bas", "A1 droite AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "H7 bas ET", "H6 bas ET", "P1 bas XX",
	} {
		f.Add(uint8(0), uint8(0), s)
		f.Add(uint8(1), uint8(7), s)
		f.Add(uint8(2), uint8(30), s)
	}
	e := realEngine()
	f.Fuzz(func(t *testing.T, seat uint8, moves uint8, move string) {
		opts := games.Options{}
		if moves%3 == 1 {
			opts["forgiving"] = "on"
		}
		gg, _ := e.New(opts, 3, uint64(moves))
		g := gg.(*Game)
		gamestest.Advance(t, g, int(moves%40))
		s0 := g.s
		if _, ok := gamestest.TryMove(t, g, int(seat%5)-1, move); !ok {
			return
		}
		checkInvariants(t, g)
		checkTurn(t, g, s0, g.s)
		_ = g.Public()
		for p := 0; p < 3; p++ {
			_ = g.Private(p)
			_ = g.Choices(p, move)
		}
	})
}
