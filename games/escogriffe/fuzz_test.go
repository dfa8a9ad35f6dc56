package escogriffe

import (
	"testing"

	"github.com/tablee/tablee/games/gamestest"
)

// fuzzInput is one input of FuzzApply: the seat that moves (-1 to 7), a
// number that picks the position, and the move.
type fuzzInput struct {
	seat    uint8
	advance uint16
	move    string
}

// fuzzSeeds is FuzzApply's seed corpus, which BenchmarkFuzzBody runs too.
func fuzzSeeds() []fuzzInput {
	var out []fuzzInput
	for _, s := range []string{"pioche", "draw", "prendre 1", "take 3", "jeter 1 1", "discard 12", "poser 1 haut",
		"place 2 bottom", "poser 3", "passe", "pass", "", " ", "poser 99 bas", "jeter 0", "prendre -1",
		"poser 1 haut bas", "PIOCHE", "jeter 9999999999999999999 1", "poser\t1\nbas", "/prendre 2", "é"} {
		out = append(out, fuzzInput{0, 0, s}, fuzzInput{1, 17, s}, fuzzInput{2, 151, s})
	}
	return out
}

// FuzzApply plays random strings from random seats in a game advanced by
// the bots: Apply never panics, and a refused move changes nothing.
func FuzzApply(f *testing.F) {
	for _, in := range fuzzSeeds() {
		f.Add(in.seat, in.advance, in.move)
	}
	f.Fuzz(func(t *testing.T, seat uint8, advance uint16, mv string) { fuzzBody(t, seat, advance, mv) })
}

// fuzzBody is the body of FuzzApply.
func fuzzBody(t testing.TB, seat uint8, advance uint16, mv string) {
	s := newState(t, 2+int(advance%7), uint64(advance))
	gamestest.Advance(t, s, int(advance%300))
	st := int(seat%9) - 1
	if _, ok := gamestest.TryMove(t, s, st, mv); !ok {
		return
	}
	if err := s.check(); err != nil {
		t.Fatalf("%q: %v", mv, err)
	}
}

// BenchmarkFuzzBody is the cost of one execution of FuzzApply: the moves of
// its seed corpus, each in a position whose number runs over all 65,536
// values in turn (the fuzzer picks any, not only the seeds' three).
func BenchmarkFuzzBody(b *testing.B) {
	seeds := fuzzSeeds()
	fuzzBody(b, 0, 0, "") // any set-up done once is not an execution's cost
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		in := seeds[i%len(seeds)]
		fuzzBody(b, in.seat, uint16(i*7919), in.move)
	}
}
