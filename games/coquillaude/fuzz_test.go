package coquillaude

import (
	"testing"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/games/gamestest"
)

// fuzzInput is one input of FuzzApply: the seat that moves (-1 to 3), a
// number that picks the position, and the move.
type fuzzInput struct {
	seat, moves uint8
	move        string
}

// fuzzSeeds is FuzzApply's seed corpus, which BenchmarkFuzzBody runs too.
func fuzzSeeds() []fuzzInput {
	var out []fuzzInput
	for _, s := range []string{
		"reponse CHINE", "answer niche", "mot NAPOLEON H11 droite celebre", "word NAPOLEON H11 right famous",
		"mot REGLES H11 bas anagrammes=LEGERS,GRELES", "mot BALISE J10 diag anagrammes=BLAISE*,BASILE*",
		"mot X U21 haut-droite", "mot ÉLÈVE 11H down", "rien", "nothing", "don E", "don E S", "don hasard",
		"give random", "vote oui", "vote blanc", "oui", "defi LEGERS,GRELES,REGELS", "challenge a,b,c",
		"passe", "", " ", "/reponse", "mot", "mot A Z99 droite", "mot AB A0 droite", "don 123", "vote peut-être",
		"mot REGLES H11 bas anagrammes=,,,", "defi ,", "mot REGLES H11 H12 bas",
	} {
		out = append(out, fuzzInput{0, 3, s}, fuzzInput{1, 40, s})
	}
	return out
}

// FuzzApply: any move string from any seat, in positions reached by a few
// bot moves, never panics, and a refused move changes nothing.
func FuzzApply(f *testing.F) {
	for _, in := range fuzzSeeds() {
		f.Add(in.seat, in.moves, in.move)
	}
	f.Fuzz(func(t *testing.T, seat, moves uint8, move string) { fuzzBody(t, seat, moves, move) })
}

// fuzzBody is the body of FuzzApply.
func fuzzBody(t testing.TB, seat, moves uint8, move string) {
	gg, _ := (&Engine{}).New(games.Options{}, 3, uint64(moves))
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
}

// BenchmarkFuzzBody is the cost of one execution of FuzzApply: the moves of
// its seed corpus, each in a position whose number runs over all 256 values
// in turn (the fuzzer picks any, and the seeds' own two are cheap ones).
func BenchmarkFuzzBody(b *testing.B) {
	seeds := fuzzSeeds()
	fuzzBody(b, 0, 0, "") // any set-up done once is not an execution's cost
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		in := seeds[i%len(seeds)]
		fuzzBody(b, in.seat, uint8(i*97), in.move)
	}
}
