package bot

import (
	"errors"
	"fmt"
	"github.com/tablee/tablee/games"
	"sync"
	"testing"
	"time"

	"github.com/tablee/tablee/store"
)

// faultyStore fails the Saves its rule picks, as a full disk or a lost
// connection would, and passes everything else to the real store.
type faultyStore struct {
	store.Store
	mu    sync.Mutex
	saves int
	fail  func(n int, t store.Table, m *store.Move) bool
}

var errInjected = errors.New("injected fault: disk full")

func (f *faultyStore) Save(t store.Table, m *store.Move) error {
	f.mu.Lock()
	f.saves++
	fail := f.fail != nil && f.fail(f.saves, t, m)
	f.mu.Unlock()
	if fail {
		return errInjected
	}
	return f.Store.Save(t, m)
}

func (f *faultyStore) setRule(rule func(n int, t store.Table, m *store.Move) bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.saves, f.fail = 0, rule
}

// botGame opens a tic-tac-toe table of alice against a bot player.
func (h *harness) botGame(chat string) *Table {
	h.t.Helper()
	mustOK(h.t, h.doIn(chat, "alice", "/play tictactoe long"))
	mustOK(h.t, h.doIn(chat, "alice", "/addbot"))
	mustOK(h.t, h.doIn(chat, "alice", "/start"))
	return h.core.tableFor(Command{Chat: chat})
}

// checkNotStuck fails when the game waits for a bot seat, and checks that
// memory and the move log agree.
func (h *harness) checkNotStuck(tb *Table) {
	h.t.Helper()
	tb.mu.Lock()
	defer tb.mu.Unlock()
	if tb.botWaiting() {
		h.t.Fatalf("table %d waits on a bot seat after %d moves", tb.ID, tb.Moves)
	}
	moves, err := h.st.Moves(tb.ID)
	if err != nil || uint64(len(moves)) != tb.Moves {
		h.t.Fatalf("table %d: %d moves in memory, %d in the log (%v)", tb.ID, tb.Moves, len(moves), err)
	}
}

// If the bot's reply cannot be saved, the human's move stands and the
// scheduler plays the bot again after a pause: the table never waits on
// nobody.
func TestResume_BotMoveSaveFails(t *testing.T) {
	h := newHarness(t)
	var fs *faultyStore
	h.wrap = func(s store.Store) store.Store { fs = &faultyStore{Store: s}; return fs }
	h.restart()
	tb := h.botGame("local:main")
	fs.setRule(func(n int, _ store.Table, m *store.Move) bool { return m != nil && m.User == "" })
	mustOK(t, h.do("alice", "/move 1"))
	if tb.Moves != 1 || !tb.botWaiting() {
		t.Fatalf("want the human move saved and the bot waiting: %d moves", tb.Moves)
	}
	at, ok := h.core.next()
	if !ok || !at.After(h.clock.Now()) {
		t.Fatalf("no retry scheduled after the failed save: %v %v", at, ok)
	}
	h.core.Tick(ctxBG()) // too early: still failing, nothing happens
	fs.setRule(nil)      // the disk has room again
	h.clock.Advance(retryMax)
	h.core.Tick(ctxBG())
	h.checkNotStuck(tb)
	if tb.Moves != 2 {
		t.Fatalf("the bot did not play: %d moves", tb.Moves)
	}
	if _, ok := lastBoard(h.rec.take()); !ok {
		t.Fatal("the bot's move was not shown")
	}
}

// A process that dies between the human's move and the bot's reply
// resumes the bot at start-up (Run ticks first).
func TestResume_BotSeatAfterRestart(t *testing.T) {
	h := newHarness(t)
	var fs *faultyStore
	h.wrap = func(s store.Store) store.Store { fs = &faultyStore{Store: s}; return fs }
	h.restart()
	tb := h.botGame("local:main")
	id := tb.ID
	fs.setRule(func(n int, _ store.Table, m *store.Move) bool { return m != nil && m.User == "" })
	mustOK(t, h.do("alice", "/move 1"))
	h.wrap = nil
	h.restart() // as after kill -9: the log ends with the human's move
	tb = h.core.table(id)
	if !tb.botWaiting() {
		t.Fatal("the test did not leave a bot waiting")
	}
	h.clock.setStep(time.Microsecond) // time passes between two readings
	ctx, cancel := ctxWithCancel()
	done := make(chan struct{})
	go func() { h.core.Run(ctx); close(done) }()
	deadline := time.Now().Add(5 * time.Second)
	for h.core.Counter("local:main") < 2 && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	cancel()
	<-done
	h.checkNotStuck(tb)
	if tb.Moves != 2 {
		t.Fatalf("the bot was not resumed at start-up: %d moves", tb.Moves)
	}
}

// A save that fails at any step of a game with bots (the human's move, a
// bot's move, a seat left to a bot, a setting) leaves the table as its
// log says, never waiting on a bot once the disk works again.
func TestFaults_FailedSaveAtEveryStep(t *testing.T) {
	for step := 1; step <= 12; step++ {
		t.Run(fmt.Sprintf("save%d", step), func(t *testing.T) {
			h := newHarness(t)
			var fs *faultyStore
			h.wrap = func(s store.Store) store.Store { fs = &faultyStore{Store: s}; return fs }
			h.restart()
			fs.setRule(func(n int, _ store.Table, _ *store.Move) bool { return n == step })
			script := []string{"/play tictactoe long", "/addbot", "/join", "/start"}
			for i, line := range script {
				user := "alice"
				if i == 2 {
					user = "carol" // a third seat is refused: two seats only
				}
				h.doIn("local:main", user, line)
			}
			tb := h.core.tableFor(Command{Chat: "local:main"})
			if tb == nil || tb.Phase == Lobby {
				// The failure hit the lobby: it must be retried by hand.
				fs.setRule(nil)
				if tb == nil {
					mustOK(t, h.do("alice", "/play tictactoe long"))
				}
				tb = h.core.tableFor(Command{Chat: "local:main"})
				if tb.bots() == 0 {
					mustOK(t, h.do("alice", "/addbot"))
				}
				mustOK(t, h.do("alice", "/start"))
			}
			for n := 0; n < 6 && tb.Phase == Playing; n++ {
				if tb.botWaiting() {
					break
				}
				tb.mu.Lock()
				move := tb.game.Bot(0, games.Strong)
				tb.mu.Unlock()
				h.do("alice", "/move "+move)
			}
			fs.setRule(nil)
			h.clock.Advance(retryMax)
			h.core.Tick(ctxBG())
			h.checkNotStuck(tb)
			// And after a restart the table reads back as it was.
			moves := tb.Moves
			h.wrap = nil
			h.restart()
			again := h.core.table(tb.ID)
			if again == nil || again.Moves != moves {
				t.Fatalf("after restart: %+v, want %d moves", again, moves)
			}
		})
	}
}

// A person's move and the bot's reply to it are one durable write of the
// journal (store.Chainer, Core.settle), where each was one before; the
// answer comes once both are on disk, and both survive a restart.
func TestMoveAndBotReplyOneWrite(t *testing.T) {
	h := newHarness(t)
	tb := h.botGame("local:main")
	writes := func() uint64 { return h.st.Figures().JournalWrites }
	for _, cell := range []string{"1", "5", "9"} {
		before, moves := writes(), tb.Moves
		outs := h.do("alice", "/move "+cell)
		if tb.Moves == moves { // the cell was the bot's: not a move
			continue
		}
		mustOK(t, outs)
		if tb.Moves != moves+2 && !tb.over() {
			t.Fatalf("move %s: %d moves after %d, want the bot's reply too", cell, tb.Moves, moves)
		}
		if got := writes() - before; got != 1 {
			t.Fatalf("move %s and the bot's reply: %d journal writes, want 1", cell, got)
		}
		if tb.over() {
			break
		}
	}
	want := tb.Moves
	h.restart()
	moves, err := h.st.Moves(tb.ID)
	if err != nil || uint64(len(moves)) != want {
		t.Fatalf("after a restart: %d moves in the log (%v), want %d", len(moves), err, want)
	}
}
