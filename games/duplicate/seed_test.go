package duplicate

import (
	"errors"
	"testing"
	"time"
)

// TestSeed: the same secret, game and day give the same seed (every process
// of a deployment deals the same challenge); another secret, day or game
// gives another; no secret, no seed.
func TestSeed(t *testing.T) {
	day := Day{2026, time.March, 29}
	must := func(secret, game string, d Day) uint64 {
		t.Helper()
		s, err := Seed([]byte(secret), game, d)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	base := must("s3cret", "motsdetete", day)
	if again := must("s3cret", "motsdetete", day); again != base {
		t.Fatalf("same inputs, seeds %d and %d", base, again)
	}
	others := map[string]uint64{
		"another secret": must("s3cret2", "motsdetete", day),
		"another day":    must("s3cret", "motsdetete", day.Next()),
		"another game":   must("s3cret", "coquillaude", day),
	}
	seen := map[uint64]string{base: "base"}
	for what, s := range others {
		if prev, dup := seen[s]; dup {
			t.Errorf("%s gives the seed of %s", what, prev)
		}
		seen[s] = what
	}
	if _, err := Seed(nil, "motsdetete", day); !errors.Is(err, ErrNoSecret) {
		t.Fatalf("no secret: %v", err)
	}
}
