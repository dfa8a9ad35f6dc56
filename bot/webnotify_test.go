package bot

import (
	"context"
	"sync"
	"testing"
	"time"
)

// A page served by one process hears a move another process played and
// showed: the store's notification (PostgreSQL's LISTEN/NOTIFY) signals
// its watcher, and the view it reads then holds the move. A process does
// not hear its own notifications (its watchers were told directly).
func TestWebWatchersHearOtherProcessesMoves(t *testing.T) {
	a, b, _ := twoProcesses(t, func(o *Options) { o.WebNotify = true })
	chat := "local:web"
	mustOK(t, a.do(chat, "alice", "/play tictactoe"))
	mustOK(t, b.do(chat, "bob", "/join"))
	mustOK(t, a.do(chat, "alice", "/start"))
	a.core.Flush()
	b.core.Flush()
	id := a.core.tableID(chat)
	ctx, cancel := context.WithCancel(context.Background())
	var listeners sync.WaitGroup
	defer listeners.Wait() // their connections closed before the database is dropped
	defer cancel()
	for _, p := range []*process{a, b} {
		listeners.Go(func() { p.core.ListenShown(ctx) })
	}
	onB, stopB := b.core.Watch(id)
	defer stopB()
	onA, stopA := a.core.Watch(id)
	defer stopA()
	before, err := b.core.WebView(id, "local:bob")
	if err != nil {
		t.Fatal(err)
	}
	// The listeners connect in the background: a move is played until
	// one is heard (each notified move is a move b's page must see).
	var heard bool
	for try := 0; try < 20 && !heard; try++ {
		mover := "alice"
		if _, ok := a.core.Hint(chat, "local:alice"); !ok {
			mover = "bob"
		}
		move, ok := a.core.Hint(chat, "local:"+mover)
		if !ok {
			t.Fatal("the game waits for nobody")
		}
		drain(onB)
		mustOK(t, a.do(chat, mover, "/move "+move))
		a.core.Flush()
		select {
		case <-onB:
			heard = true
		case <-time.After(250 * time.Millisecond):
		}
	}
	if !heard {
		t.Fatal("b's watcher never heard a's moves")
	}
	after, err := b.core.WebView(id, "local:bob")
	if err != nil || after.Moves <= before.Moves {
		t.Fatalf("b's view after the notice: move %d, before %d (%v)", after.Moves, before.Moves, err)
	}
	// a's own watcher was told once, directly, not again by its own
	// notification.
	drain(onA)
	time.Sleep(100 * time.Millisecond)
	select {
	case <-onA:
		t.Fatal("a heard its own notification")
	default:
	}
}

func drain(ch <-chan struct{}) {
	for {
		select {
		case <-ch:
		default:
			return
		}
	}
}
