package wordsout

import (
	"testing"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/games/gamestest"
)

// FuzzApply: any move string from any seat, in positions reached by a few
// bot moves, never panics, and a refused move changes nothing.
func FuzzApply(f *testing.F) {
	for _, s := range []string{
		"E 2", "poser E 2", "lay e+ s 1", "E! 3", "joker=Z 1", "★A 4", "E 2 wordout", "T 1 word out", "E 1 fin",
		"poubelle 3", "trash 0", "wordout", "non", "no", "oui", "fin", "passe", "pass", "pioche", "contrer S",
		"counter E+ S", "contrer", "E", "joker", "joker=", "*", "E 99999999999999999999", "", " ", "/wordout",
		"é 2", "E+ E+ E+ E+ E+ E+ E+ E+ E+ 1", "contrer joker=S E+",
	} {
		f.Add(uint8(0), uint8(3), s)
		f.Add(uint8(1), uint8(40), s)
		f.Add(uint8(2), uint8(77), s)
	}
	e := realEngine()
	f.Fuzz(func(t *testing.T, seat uint8, moves uint8, move string) {
		opts := games.Options{}
		if moves%3 == 0 {
			opts["forgiving"] = "on"
		}
		gg, _ := e.New(opts, 2+int(moves%4), uint64(moves))
		g := gg.(*Game)
		gamestest.Advance(t, g, int(moves%90))
		if _, ok := gamestest.TryMove(t, g, int(seat%7)-1, move); !ok {
			return
		}
		checkInvariants(t, g)
		_ = g.Public()
		for p := 0; p < g.s.Players; p++ {
			_ = g.Private(p)
			_ = g.Choices(p, move)
			_ = g.Choices(p, "contrer "+move)
		}
	})
}
