package crackword

import (
	"testing"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/games/gamestest"
)

// FuzzApply: any move string from any seat, in positions reached by a few
// bot moves, never panics, and a refused move changes nothing.
func FuzzApply(f *testing.F) {
	for _, s := range []string{
		"E droite 2 maison", "E right 2 maison", "E gauche 1 abri", "E sur 3 4 exemple", "E on 3 1 example",
		"joker=A left 1 abri", "joker a gauche 1 abri", "poubelle 3", "trash 0", "crack", "non", "pass",
		"E", "joker=Q", "E droite 2 maison crack", "★A droite 9", "E sur 1 99999999999999999999 x",
		"", " ", "/crack", "E à droite 1 élève", "joker=", "*", "e droite 1 crack crack",
	} {
		f.Add(uint8(0), uint8(3), s)
		f.Add(uint8(1), uint8(40), s)
	}
	e := realEngine()
	f.Fuzz(func(t *testing.T, seat uint8, moves uint8, move string) {
		gg, _ := e.New(games.Options{}, 3, uint64(moves))
		g := gg.(*Game)
		gamestest.Advance(t, g, int(moves%60))
		if _, ok := gamestest.TryMove(t, g, int(seat%5)-1, move); !ok {
			return
		}
		checkInvariants(t, g)
		_ = g.Public()
		for p := 0; p < 3; p++ {
			_ = g.Private(p)
			_ = g.Choices(p, move)
		}
	})
}
