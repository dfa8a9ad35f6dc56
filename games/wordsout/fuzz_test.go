package wordsout

import (
	"bytes"
	"errors"
	"testing"

	"github.com/tablee/tablee/games"
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
		for i := 0; i < int(moves%90) && !g.s.Over; i++ {
			w := g.Waiting()[0].Seat
			if _, err := g.Apply(w, g.Bot(w)); err != nil {
				t.Fatal(err)
			}
		}
		before, _ := g.Save()
		_, err := g.Apply(int(seat%7)-1, move)
		if err != nil {
			var r *games.Refusal
			if !errors.As(err, &r) {
				t.Fatalf("not a refusal: %v", err)
			}
			if after, _ := g.Save(); !bytes.Equal(before, after) {
				t.Fatalf("refused %q changed the game", move)
			}
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
