package benchgame

import "testing"

// The dry run plays MaxPasses passes, each answered by the bot: the
// counter grows with every pass, and two runs agree (one seed, one game).
func TestCounters(t *testing.T) {
	for _, text := range []bool{false, true} {
		c, err := Counters(text)
		if err != nil {
			t.Fatal(err)
		}
		if len(c) != MaxPasses+1 {
			t.Fatalf("%d counters, want %d", len(c), MaxPasses+1)
		}
		for k := 1; k < len(c); k++ {
			if c[k] < c[k-1]+2 {
				t.Fatalf("pass %d: counter %d after %d: the bot did not answer", k, c[k], c[k-1])
			}
		}
		again, _ := Counters(text)
		if again[MaxPasses] != c[MaxPasses] {
			t.Fatalf("two dry runs differ: %v and %v", c, again)
		}
	}
}
