package coquillaude

import (
	"testing"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/games/gamestest"
)

// FuzzApply: any move string from any seat, in positions reached by a few
// bot moves, never panics, and a refused move changes nothing.
func FuzzApply(f *testing.F) {
	for _, s := range []string{
		"reponse CHINE", "answer niche", "mot NAPOLEON H11 droite celebre", "word NAPOLEON H11 right famous",
		"mot REGLES H11 bas anagrammes=LEGERS,GRELES", "mot BALISE J10 diag anagrammes=BLAISE*,BASILE*",
		"mot X U21 haut-droite", "mot ÉLÈVE 11H down", "rien", "nothing", "don E", "don E S", "don hasard",
		"give random", "vote oui", "vote blanc", "oui", "defi LEGERS,GRELES,REGELS", "challenge a,b,c",
		"passe", "", " ", "/reponse", "mot", "mot A Z99 droite", "mot AB A0 droite", "don 123", "vote peut-être",
		"mot REGLES H11 bas anagrammes=,,,", "defi ,", "mot REGLES H11 H12 bas",
	} {
		f.Add(uint8(0), uint8(3), s)
		f.Add(uint8(1), uint8(40), s)
	}
	e := &Engine{}
	f.Fuzz(func(t *testing.T, seat uint8, moves uint8, move string) {
		gg, _ := e.New(games.Options{}, 3, uint64(moves))
		g := gg.(*Game)
		gamestest.Advance(t, g, int(moves%30))
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
