package bot

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/tablee/tablee/store"
)

// A lobby nobody starts is closed after a week without a change: its
// record leaves the store, the chat is told once, and the chat can open a
// new table. A change to the lobby starts the week again; a restart keeps
// the clock running.
func TestLobbyExpiry_UnchangedLobbyIsDeleted(t *testing.T) {
	h := newHarness(t)
	mustOK(t, h.do("alice", "/play tictactoe"))
	tb := h.core.tableFor(Command{Chat: "local:main"})
	id := tb.ID
	h.rec.take()

	h.clock.Advance(5 * 24 * time.Hour)
	mustOK(t, h.do("bob", "/join")) // a change: the week starts again
	h.restart()                     // and survives a restart
	h.rec.take()

	h.clock.Advance(6 * 24 * time.Hour)
	h.core.Tick(ctxBG())
	if h.core.tableFor(Command{Chat: "local:main"}) == nil {
		t.Fatal("the lobby expired 6 days after bob joined")
	}
	if at, ok := h.core.next(); !ok || !at.Equal(h.clock.Now().Add(24*time.Hour)) {
		t.Fatalf("next wake-up %v %v, want the expiry a day from now", at, ok)
	}

	h.clock.Advance(24 * time.Hour)
	h.core.Tick(ctxBG())
	if h.core.tableFor(Command{Chat: "local:main"}) != nil {
		t.Fatal("the lobby is still open a week after its last change")
	}
	if _, err := h.st.Table(id); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("the expired lobby is still in the store: %v", err)
	}
	if ids, _ := h.st.ChatTables("local:main"); len(ids) != 0 {
		t.Fatalf("the chat's history still lists %v", ids)
	}
	outs := h.rec.take()
	if len(outs) != 1 || outs[0].Dest != ToChat || !strings.Contains(outs[0].Text, "did not change for 7 days") {
		t.Fatalf("want one message to the chat, got %+v", outs)
	}
	h.core.Tick(ctxBG())
	if outs := h.rec.take(); len(outs) != 0 {
		t.Fatalf("told twice: %+v", outs)
	}
	mustRefuse(t, h.do("bob", "/join"), "no open table")
	mustOK(t, h.do("bob", "/play tictactoe"))
}

// A game that started never expires as a lobby, however long its turns.
func TestLobbyExpiry_StartedGamesStay(t *testing.T) {
	h := newHarness(t)
	tb := h.seated()
	h.clock.Advance(30 * 24 * time.Hour)
	h.core.Tick(ctxBG())
	if h.core.tableFor(Command{Chat: "local:main"}) != tb {
		t.Fatal("a started game was closed as a lobby")
	}
}

// A lobby whose deletion fails stays open and is tried again after a
// pause, not in a loop.
func TestLobbyExpiry_FailedDeleteIsRetried(t *testing.T) {
	h := newHarness(t)
	var fs *failingDelete
	h.wrap = func(s store.Store) store.Store { fs = &failingDelete{Store: s, fail: true}; return fs }
	h.restart()
	mustOK(t, h.do("alice", "/play tictactoe"))
	h.clock.Advance(DefaultLobbyExpiry)
	h.core.Tick(ctxBG())
	if h.core.tableFor(Command{Chat: "local:main"}) == nil || fs.calls != 1 {
		t.Fatalf("after a failed delete: table gone or %d calls", fs.calls)
	}
	if at, ok := h.core.next(); !ok || !at.After(h.clock.Now()) {
		t.Fatalf("the failed delete is retried at once: %v %v", at, ok)
	}
	fs.fail = false
	h.clock.Advance(retryMax)
	h.core.Tick(ctxBG())
	if h.core.tableFor(Command{Chat: "local:main"}) != nil || fs.calls != 2 {
		t.Fatalf("not retried: %d calls", fs.calls)
	}
}

type failingDelete struct {
	store.Store
	fail  bool
	calls int
}

func (f *failingDelete) DeleteTable(id uint64) error {
	f.calls++
	if f.fail {
		return errInjected
	}
	return f.Store.DeleteTable(id)
}
