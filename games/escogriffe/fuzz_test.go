package escogriffe

import (
	"testing"

	"github.com/tablee/tablee/games/gamestest"
)

// FuzzApply plays random strings from random seats in a game advanced by
// the bots: Apply never panics, and a refused move changes nothing.
func FuzzApply(f *testing.F) {
	for _, s := range []string{"pioche", "draw", "prendre 1", "take 3", "jeter 1 1", "discard 12", "poser 1 haut",
		"place 2 bottom", "poser 3", "passe", "pass", "", " ", "poser 99 bas", "jeter 0", "prendre -1",
		"poser 1 haut bas", "PIOCHE", "jeter 9999999999999999999 1", "poser\t1\nbas", "/prendre 2", "é"} {
		f.Add(uint8(0), uint16(0), s)
		f.Add(uint8(1), uint16(17), s)
		f.Add(uint8(2), uint16(151), s)
	}
	f.Fuzz(func(t *testing.T, seat uint8, advance uint16, mv string) {
		s := newState(t, 2+int(advance%7), uint64(advance))
		gamestest.Advance(t, s, int(advance%300))
		st := int(seat%9) - 1
		if _, ok := gamestest.TryMove(t, s, st, mv); !ok {
			return
		}
		if err := s.check(); err != nil {
			t.Fatalf("%q: %v", mv, err)
		}
	})
}
