package benchgame

import (
	"testing"
	"time"
)

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

// A plan spreads the arrivals over the chats, no chat past MaxPasses,
// each chat's moves numbered 1, 2, 3… in order; the same for a seed.
func TestPlan(t *testing.T) {
	p := Plan(3, 1000, 50)
	count := map[int]int{}
	for _, a := range p {
		count[a.Chat]++
		if a.K != count[a.Chat] {
			t.Fatalf("chat %d: move %d numbered %d", a.Chat, count[a.Chat], a.K)
		}
	}
	for chat, n := range count {
		if n > MaxPasses {
			t.Fatalf("chat %d had %d moves", chat, n)
		}
	}
	if len(count) < 45 {
		t.Fatalf("1,000 arrivals went to %d chats of 50", len(count))
	}
	if q := Plan(3, 1000, 50); q[999] != p[999] {
		t.Fatal("two plans of one seed differ")
	}
	if z := (Size{Chats: 10, Span: 2 * time.Second}); z.ChatsFor(1000) < 2000/(MaxPasses/2) || z.ChatsFor(1) != 10 {
		t.Fatalf("chats for 1,000/s over 2 s: %d; for 1/s: %d", z.ChatsFor(1000), z.ChatsFor(1))
	}
}
