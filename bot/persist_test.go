package bot

import (
	"fmt"
	"github.com/tablee/tablee/games"
	"sync"
	"testing"
	"time"
)

func TestPersistence_CloseReopenContinue(t *testing.T) {
	h := newHarness(t)
	tb := h.seated()
	id := tb.ID
	mustOK(t, h.do("alice", "/move 1"))
	mustOK(t, h.do("bob", "/move 5"))
	h.restart()
	tb = h.core.table(id)
	if tb == nil || tb.Moves != 2 || tb.Phase != Playing {
		t.Fatalf("after reopen: %+v", tb)
	}
	mustRefuse(t, h.do("alice", "/move 5"), "already taken")
	mustOK(t, h.do("alice", "/move 2"))
	moves, err := h.st.Moves(id)
	if err != nil || len(moves) != 3 || moves[2].Text != "2" || moves[2].User != "local:alice" {
		t.Fatalf("log %v %+v", err, moves)
	}
}

func TestPersistence_ButtonsSurviveRestart(t *testing.T) {
	h := newHarness(t)
	h.seated()
	var data string
	for _, o := range h.rec.take() {
		if o.Dest == ToUser && o.User == "local:alice" && len(o.Buttons) > 0 {
			data = o.Buttons[0][0].Data
		}
	}
	h.restart()
	mustOK(t, h.press("alice", data, ""))
}

func TestPersistence_FailedSaveChangesNothing(t *testing.T) {
	h := newHarness(t)
	tb := h.seated()
	before, _ := tb.game.Save()
	h.st.Close() // every later save fails
	mustRefuse(t, h.do("alice", "/move 1"), "could not save")
	after, _ := tb.game.Save()
	if string(before) != string(after) || tb.Moves != 0 {
		t.Fatal("a move that could not be saved was kept in memory")
	}
	h.st = nil
	h.core.Close()
	h.core = nil
	h.open()
	mustOK(t, h.do("alice", "/move 1"))
}

func TestDeadline_ReminderThenExpiry(t *testing.T) {
	h := newHarness(t)
	mustOK(t, h.do("alice", "/play tictactoe"))
	mustOK(t, h.do("alice", "/settings turn=12h reminder=2h"))
	mustOK(t, h.do("bob", "/join"))
	mustOK(t, h.do("alice", "/start"))
	tb := h.core.tableFor(Command{Chat: "local:main"})
	d, ok := tb.deadline(0)
	if !ok || !d.At.Equal(h.clock.Now().Add(12*time.Hour)) {
		t.Fatalf("deadline %+v %v", d, ok)
	}
	h.rec.take()
	h.clock.Advance(9 * time.Hour)
	h.core.Tick(ctxBG())
	if outs := h.rec.take(); len(outs) != 0 {
		t.Fatalf("something happened before the reminder: %+v", outs)
	}
	h.clock.Advance(1*time.Hour + time.Minute)
	h.core.Tick(ctxBG())
	outs := h.rec.take()
	if len(outs) != 2 || outs[0].Mentions[0].User != "local:alice" || outs[1].Dest != ToUser {
		t.Fatalf("reminder: %+v", outs)
	}
	h.core.Tick(ctxBG())
	if outs := h.rec.take(); len(outs) != 0 {
		t.Fatalf("reminded twice: %+v", outs)
	}
	h.clock.Advance(2 * time.Hour)
	h.core.Tick(ctxBG())
	if tb.Moves != 1 {
		t.Fatalf("expiry did not play the timeout move: moves %d", tb.Moves)
	}
	moves, _ := h.st.Moves(tb.ID)
	if len(moves) != 1 || moves[0].User != "" || moves[0].Text != "pass" {
		t.Fatalf("log %+v", moves)
	}
	// bob now has a fresh deadline of 12 hours.
	if d, ok := tb.deadline(1); !ok || !d.At.Equal(h.clock.Now().Add(12*time.Hour)) {
		t.Fatalf("next deadline %+v", d)
	}
}

func TestDeadline_ExpiryAfterRestart(t *testing.T) {
	h := newHarness(t)
	mustOK(t, h.do("alice", "/play tictactoe"))
	mustOK(t, h.do("alice", "/settings turn=1d expiry=bot"))
	mustOK(t, h.do("bob", "/join"))
	mustOK(t, h.do("alice", "/start"))
	id := h.core.tableFor(Command{Chat: "local:main"}).ID
	h.close()
	h.clock.Advance(25 * time.Hour) // the bot was down when the deadline passed
	h.open()
	if at, ok := h.core.next(); !ok || at.After(h.clock.Now()) {
		t.Fatalf("deadline not re-armed: %v %v", at, ok)
	}
	h.core.Tick(ctxBG())
	tb := h.core.table(id)
	if tb.Moves != 1 {
		t.Fatalf("moves %d", tb.Moves)
	}
	moves, _ := h.st.Moves(id)
	if moves[0].Text != "5" { // a bot played for alice: the centre
		t.Fatalf("expiry move %q, want the bot's 5", moves[0].Text)
	}
}

func TestConcurrency_ManyTablesAtOnce(t *testing.T) {
	h := newHarness(t)
	const tables = 40
	for i := 0; i < tables; i++ {
		chat := fmt.Sprintf("local:c%d", i)
		mustOK(t, h.doIn(chat, "alice", "/play tictactoe long"))
		mustOK(t, h.doIn(chat, "bob", "/join"))
		mustOK(t, h.doIn(chat, "alice", "/start"))
	}
	var wg sync.WaitGroup
	for i := 0; i < tables; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			chat := fmt.Sprintf("local:c%d", i)
			tb := h.core.tableFor(Command{Chat: chat})
			for n := 0; n < 20; n++ {
				seat := tb.waiting()[0].Seat
				user := []string{"alice", "bob"}[seat]
				tb.mu.Lock()
				move := tb.game.Bot(seat, games.Strong)
				tb.mu.Unlock()
				mustOK(t, h.doIn(chat, user, "/move "+move))
				h.doIn(chat, user, "/board")
			}
		}(i)
	}
	wg.Wait()
	for i := 0; i < tables; i++ {
		tb := h.core.tableFor(Command{Chat: fmt.Sprintf("local:c%d", i)})
		moves, err := h.st.Moves(tb.ID)
		if err != nil || len(moves) != 20 || tb.Moves != 20 {
			t.Fatalf("table %d: %v, %d logged, counter %d", i, err, len(moves), tb.Moves)
		}
	}
}

func TestDeadline_GamePhaseLimitInLivePlay(t *testing.T) {
	h := newHarness(t)
	mustOK(t, h.do("alice", "/play tictactoe timed=1m"))
	mustOK(t, h.do("bob", "/join"))
	mustOK(t, h.do("alice", "/start"))
	tb := h.core.tableFor(Command{Chat: "local:main"})
	if d, ok := tb.deadline(0); !ok || !d.At.Equal(h.clock.Now().Add(time.Minute)) {
		t.Fatalf("live table: deadline %+v %v, want the game's minute", d, ok)
	}
	// An asynchronous table gives every phase its own turn time instead.
	mustOK(t, h.do("alice", "/settings turn=12h"))
	if d, ok := tb.deadline(0); !ok || !d.At.Equal(h.clock.Now().Add(12*time.Hour)) {
		t.Fatalf("async table: deadline %+v %v", d, ok)
	}
	mustOK(t, h.do("alice", "/settings turn=off"))
	h.clock.Advance(61 * time.Second)
	h.core.Tick(ctxBG())
	if tb.Moves != 1 {
		t.Fatalf("the minute passed but no timeout move: %d", tb.Moves)
	}
}
