package telegram

import (
	"context"
	"sync"
	"testing"
	"time"
)

// Requests made at once keep their connections to the Bot API for the
// next ones: with net/http's default transport (two idle connections a
// host) most of them opened a connection of their own, every time.
func TestConnectionsAreKept(t *testing.T) {
	h := newHarness(t)
	round := func() {
		var wg sync.WaitGroup
		for range 32 {
			wg.Go(func() {
				if _, err := h.a.request(context.Background(), 0, time.Second, "getMe", nil); err != nil {
					t.Error(err)
				}
			})
		}
		wg.Wait()
	}
	round()
	before := h.f.conns.Load()
	for range 3 {
		round()
	}
	// A few may still be dialled: a connection goes back to the pool a
	// moment after its answer was read, and a loaded machine lets the
	// next round start first (86 of 96 were before).
	if n := h.f.conns.Load() - before; n > 16 {
		t.Fatalf("%d connections opened for 96 requests, 32 at a time, after 32 were open", n)
	}
}
