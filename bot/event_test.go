package bot

import (
	"context"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/tablee/tablee/store"
)

// savesSeen is the store, and the saves the core made through it.
type savesSeen struct {
	store.Store
	mu    sync.Mutex
	saves []store.Table
	moves []*store.Move
}

func (s *savesSeen) Save(t store.Table, mv *store.Move) error {
	s.mu.Lock()
	s.saves, s.moves = append(s.saves, t), append(s.moves, mv)
	s.mu.Unlock()
	return s.Store.Save(t, mv)
}

func (s *savesSeen) take() ([]store.Table, []*store.Move) {
	s.mu.Lock()
	defer s.mu.Unlock()
	t, m := s.saves, s.moves
	s.saves, s.moves = nil, nil
	return t, m
}

// The update a move came from is recorded played by the move's own save,
// not by the bot's reply nor by a write of its own; an update whose
// command saved nothing (a refused move, /help) is left to the adapter.
func TestEventRecordedWithItsMove(t *testing.T) {
	h := newHarness(t)
	seen := &savesSeen{}
	h.wrap = func(st store.Store) store.Store { seen.Store = st; return seen }
	h.restart()
	mustOK(t, h.do("alice", "/play tictactoe"))
	mustOK(t, h.do("alice", "/addbot"))
	mustOK(t, h.do("alice", "/start"))
	seen.take()
	send := func(key, text string) (*Event, []Out) {
		t.Helper()
		name, args, _ := ParseText(text)
		ev := &Event{Key: key}
		outs := h.core.Handle(context.Background(), Command{Chat: "local:main", User: User{ID: "local:alice", Name: "alice"},
			Name: name, Args: args, Event: ev})
		return ev, outs
	}
	claim := func(key string, want store.Claim) {
		t.Helper()
		if c, err := h.st.Claim(key, time.Minute); c != want || err != nil {
			t.Errorf("Claim(%s) = %v, %v; want %v", key, c, err, want)
		}
	}

	ev, outs := send("telegram:1:7", "/move 1")
	mustOK(t, outs)
	if !ev.Recorded() {
		t.Error("the move's update is not recorded played")
	}
	saves, moves := seen.take()
	if len(saves) != 2 || moves[0] == nil || moves[0].User != "local:alice" || moves[1] == nil || moves[1].User != "" {
		t.Fatalf("saves of the move and the bot's reply: %d, %+v", len(saves), moves)
	}
	if !slices.Equal(saves[0].Played, []string{"telegram:1:7"}) || saves[1].Played != nil {
		t.Errorf("events played: by the move %v, by the bot's reply %v", saves[0].Played, saves[1].Played)
	}
	claim("telegram:1:7", store.ClaimPlayed)

	ev, outs = send("telegram:1:8", "/move 1") // the cell is taken
	mustRefuse(t, outs, "")
	if ev.Recorded() {
		t.Error("a refused move's update is recorded played")
	}
	ev, _ = send("telegram:1:9", "/help")
	if ev.Recorded() {
		t.Error("/help's update is recorded played")
	}
	if saves, _ := seen.take(); len(saves) != 0 {
		t.Errorf("a refused move and /help saved: %+v", saves)
	}
	claim("telegram:1:8", store.ClaimFresh)
	claim("telegram:1:9", store.ClaimFresh)
}
