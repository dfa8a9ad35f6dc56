package bot

import (
	"context"
	"strings"
	"sync"
	"testing"

	"github.com/tablee/tablee/store"
)

// gate is a transport that holds every message until it is opened, as a
// platform that is down would, and can be told to fail instead.
type gate struct {
	recorder
	mu   sync.Mutex
	open chan struct{}
}

func (g *gate) Deliver(ctx context.Context, o Out) error {
	g.mu.Lock()
	ch := g.open
	g.mu.Unlock()
	if ch != nil {
		<-ch
	}
	return g.recorder.Deliver(ctx, o)
}

// The answer to a move does not wait for the platform: with every
// delivery held, the move is answered and saved; the board and hands come
// once the platform answers, as one board for the move and the bot's
// reply.
func TestOutbox_AnswerDoesNotWaitForThePlatform(t *testing.T) {
	h := newHarness(t)
	tb := h.botGame("local:main")
	h.rec.take()
	g := &gate{recorder: recorder{closed: map[string]bool{}}, open: make(chan struct{})}
	h.core.SetTransport("local", g)
	outs := h.do("alice", "/move 1")
	mustOK(t, outs)
	if tb.Moves != 2 {
		t.Fatalf("%d moves saved", tb.Moves)
	}
	if n := len(g.take()); n != 0 {
		t.Fatalf("%d messages delivered while the platform holds them", n)
	}
	close(g.open)
	h.core.Flush()
	boards, hands := 0, 0
	for _, o := range g.take() {
		switch {
		case o.Board:
			boards++
			if !strings.Contains(o.Text, "alice plays 1") || !strings.Contains(o.Text, "Robot 1 plays") {
				t.Fatalf("the board does not tell both moves:\n%s", o.Text)
			}
		case o.Dest == ToUser:
			hands++
		}
	}
	if boards != 1 || hands != 1 {
		t.Fatalf("%d boards and %d hands, want one of each", boards, hands)
	}
}

// shownFails is a store whose Shown fails, as when the process dies
// between a delivery and its record.
type shownFails struct{ store.Store }

func (shownFails) Shown(uint64, uint64) error { return errInjected }

// What was saved but not recorded as shown is shown again after a
// restart, finished games included; once shown, it is not shown a third
// time.
func TestOutbox_UnshownIsDeliveredAtStartUp(t *testing.T) {
	h := newHarness(t)
	h.wrap = func(s store.Store) store.Store { return shownFails{s} }
	h.restart()
	h.seated()
	mustOK(t, h.do("alice", "/move 1"))
	h.rec.take()
	mustOK(t, h.do("alice", "/quit")) // the game ends: the table is no longer open
	h.rec.take()
	recs, err := h.st.Unshown()
	if err != nil || len(recs) != 1 {
		t.Fatalf("unshown tables: %d (%v)", len(recs), err)
	}

	h.wrap = nil
	h.restart()
	h.core.resumeOutboxes()
	outs := h.rec.take()
	if len(outs) != 1 || !strings.Contains(outs[0].Text, "alice stops the game.") {
		t.Fatalf("the last batch was not shown again: %+v", outs)
	}
	if recs, _ := h.st.Unshown(); len(recs) != 0 {
		t.Fatalf("still unshown after the delivery: %d", len(recs))
	}
	h.restart()
	h.core.resumeOutboxes()
	if outs := h.rec.take(); len(outs) != 0 {
		t.Fatalf("shown a third time: %+v", outs)
	}
}

// stoppingTransport is a platform that stops (SIGTERM): it sends nothing
// more and says so.
type stoppingTransport struct{ recorder }

func (*stoppingTransport) Deliver(context.Context, Out) error { return ErrStopping }

// What a stopping platform did not show is not recorded as shown: the next
// start shows it (the move was saved and answered just before the stop).
func TestOutbox_NotShownByAStoppingPlatformIsShownAtStartUp(t *testing.T) {
	h := newHarness(t)
	h.seated()
	h.core.SetTransport("local", &stoppingTransport{recorder{closed: map[string]bool{}}})
	mustOK(t, h.do("alice", "/move 1"))
	h.core.Flush()
	if recs, err := h.st.Unshown(); err != nil || len(recs) != 1 {
		t.Fatalf("unshown tables after the stop: %d (%v)", len(recs), err)
	}
	h.restart()
	h.core.resumeOutboxes()
	h.core.Flush()
	board := false
	for _, o := range h.rec.take() {
		board = board || o.Board && strings.Contains(o.Text, "alice plays 1")
	}
	if !board {
		t.Fatal("the board of the move saved before the stop was not shown at the next start")
	}
}
