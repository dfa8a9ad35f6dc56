package bot

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// A restart reads no table: each is loaded by its first command, and
// plays on where it stopped.
func TestTables_LoadedOnFirstCommand(t *testing.T) {
	h := newHarness(t)
	for i := 0; i < 5; i++ {
		chat := fmt.Sprintf("local:c%d", i)
		mustOK(t, h.doIn(chat, "alice", "/play tictactoe"))
		mustOK(t, h.doIn(chat, "bob", "/join"))
		mustOK(t, h.doIn(chat, "alice", "/start"))
		mustOK(t, h.doIn(chat, "alice", "/move 1"))
	}
	h.restart()
	if n, _ := h.core.TablesInMemory(); n != 0 {
		t.Fatalf("%d tables in memory after a restart, want none until a command", n)
	}
	mustRefuse(t, h.doIn("local:c3", "alice", "/move 2"), "waiting for bob")
	mustOK(t, h.doIn("local:c3", "bob", "/move 2"))
	if n, bytes := h.core.TablesInMemory(); n != 1 || bytes <= 0 {
		t.Fatalf("%d tables (%d bytes) in memory after one table's commands, want 1", n, bytes)
	}
	if got := h.core.Counter("local:c3"); got != 2 {
		t.Fatalf("table of c3 at move %d, want 2", got)
	}
	// A chat without a table is still told so.
	mustRefuse(t, h.doIn("local:none", "alice", "/move 1"), "no open table")
}

// With a budget smaller than two tables, every command evicts the table
// played before it, and every game goes on as if all stayed in memory:
// moves, bot replies, the move log and what the chat is shown.
func TestTables_EvictedUnderBudgetPlayOn(t *testing.T) {
	h := newHarness(t)
	h.tune = func(o *Options) { o.TableMemory = 1 }
	h.restart()
	chats := []string{"local:a", "local:b", "local:c"}
	for _, chat := range chats {
		h.botGame(chat)
	}
	h.rec.take()
	for _, cell := range []string{"1", "5", "9"} {
		for _, chat := range chats {
			// A table being shown stays while it is (a slow machine may
			// still be showing the two played before): once shown, the
			// next command evicts it.
			h.core.Flush()
			// The bot may hold the cell: then the move is refused and
			// the game goes on with the next one.
			h.doIn(chat, "alice", "/move "+cell)
			if n, _ := h.core.TablesInMemory(); n != 1 {
				t.Fatalf("%d tables in memory with a budget of one byte, want the one played last", n)
			}
		}
		h.core.Flush()
		h.core.evict(0)
		if n, _ := h.core.TablesInMemory(); n != 1 {
			t.Fatalf("%d tables in memory once everything is shown, want the one played last", n)
		}
	}
	h.rec.take()
	for _, chat := range chats {
		tb := h.core.lockLive(h.core.tableFor(Command{Chat: chat}))
		if tb == nil {
			// The game may have ended: its log is checked below anyway.
			continue
		}
		waiting := tb.botWaiting()
		moves := tb.Moves
		id := tb.ID
		tb.mu.Unlock()
		if waiting {
			t.Fatalf("%s waits on its bot after eviction", chat)
		}
		logged, err := h.st.Moves(id)
		if err != nil || uint64(len(logged)) != moves {
			t.Fatalf("%s: %d moves in memory, %d in the log (%v)", chat, moves, len(logged), err)
		}
		if moves < 2 {
			t.Fatalf("%s: %d moves, want alice's and the bot's", chat, moves)
		}
	}
}

// Whoever found a table before it was evicted gets the copy loaded since
// when he locks it: two copies are never both changed.
func TestTables_LockLiveTakesTheLoadedCopy(t *testing.T) {
	h := newHarness(t)
	old := h.seated()
	h.core.Flush()
	h.core.evict(time.Nanosecond) // every table idle for a nanosecond goes
	h.clock.Advance(time.Second)
	h.core.evict(time.Nanosecond)
	if n, _ := h.core.TablesInMemory(); n != 0 {
		// The most recently used table stays: make it another one.
		mustOK(t, h.doIn("local:other", "carol", "/play tictactoe"))
		h.core.Flush()
		h.clock.Advance(time.Second)
		h.core.evict(time.Nanosecond)
	}
	if !old.evicted {
		t.Fatal("the idle table was not evicted")
	}
	mustOK(t, h.do("alice", "/move 1"))
	live := h.core.lockLive(old)
	if live == nil || live == old || live.Moves != 1 {
		t.Fatalf("lockLive gave %p (moves %v), want the loaded copy at move 1", live, live)
	}
	live.mu.Unlock()
	if old.Moves != 0 {
		t.Fatalf("the evicted copy was changed: %d moves", old.Moves)
	}
}

// Tables nobody plays leave memory after the idle time, by the clock.
func TestTables_IdleTablesLeaveMemory(t *testing.T) {
	h := newHarness(t)
	h.tune = func(o *Options) { o.IdleTable = 10 * time.Minute }
	h.restart()
	for i := 0; i < 4; i++ {
		mustOK(t, h.doIn(fmt.Sprintf("local:c%d", i), "alice", "/play tictactoe"))
	}
	h.core.Flush()
	h.clock.Advance(9 * time.Minute)
	mustOK(t, h.doIn("local:c0", "bob", "/join")) // c0 is used again
	h.core.Flush()
	h.clock.Advance(2 * time.Minute)
	h.core.evict(h.core.opts.IdleTable)
	if n, _ := h.core.TablesInMemory(); n != 1 {
		t.Fatalf("%d tables in memory, want only the one used within 10 minutes", n)
	}
	h.core.mu.Lock()
	kept := h.core.byChat["local:c0"]
	h.core.mu.Unlock()
	if kept == nil {
		t.Fatal("c0's table, used within 10 minutes, left memory")
	}
}

// A command sent in private finds the one table its author sits at from
// the store's index, after a restart too; several tables ask which.
func TestTables_PrivateCommandFindsTheSeat(t *testing.T) {
	h := newHarness(t)
	h.seated()
	h.restart()
	dm := func(user, text string) []Out {
		name, args, _ := ParseText(text)
		return h.core.Handle(ctxBG(), Command{Chat: "local:dm-" + user, Private: true, User: User{ID: "local:" + user, Name: user}, Name: name, Args: args})
	}
	first, second := "alice", "bob"
	if !h.core.waitsFor("local:main", "local:alice") {
		first, second = "bob", "alice"
	}
	mustOK(t, dm(first, "/move 5"))
	if got := h.core.Counter("local:main"); got != 1 {
		t.Fatalf("private move not played: counter %d", got)
	}
	mustOK(t, h.doIn("local:second", first, "/play tictactoe"))
	h.restart()
	mustOK(t, dm(second, "/move 1")) // one table: found in private
	outs := dm(first, "/move 1")
	if len(outs) != 1 || !outs[0].Refusal || !strings.Contains(outs[0].Text, "several tables") {
		t.Fatalf("%s sits at two tables: want to be asked which, got %+v", first, outs)
	}
}

// A table whose board was shown before it left memory does not show it
// again when it comes back: only what happens next is shown.
func TestTables_ReloadDoesNotShowAgain(t *testing.T) {
	h := newHarness(t)
	h.seated()
	mustOK(t, h.do("alice", "/move 1"))
	h.rec.take()
	h.restart() // everything out of memory
	mustOK(t, h.do("alice", "/settings hints=on"))
	outs := h.rec.take()
	for _, o := range outs {
		if o.Board {
			t.Fatalf("a setting showed the board again: %q", o.Text)
		}
	}
	mustOK(t, h.do("bob", "/move 5"))
	boards := 0
	for _, o := range h.rec.take() {
		if o.Board && o.Dest == ToChat {
			boards++
		}
	}
	if boards != 1 {
		t.Fatalf("%d boards after one move, want 1", boards)
	}
}

// User records leave memory beyond their budget and come back from the
// store with what was worth keeping.
func TestTables_UsersBounded(t *testing.T) {
	h := newHarness(t)
	h.tune = func(o *Options) { o.Users = 10 }
	h.restart()
	mustOK(t, h.doIn("local:x", "zoe", "/lang fr"))
	for i := 0; i < 50; i++ {
		h.doIn("local:x", fmt.Sprintf("u%d", i), "/games")
	}
	h.core.usersMu.Lock()
	n, l := len(h.core.users), h.core.usersLRU.Len()
	h.core.usersMu.Unlock()
	if n > 10 || l != n {
		t.Fatalf("%d user records in memory (list %d), want at most 10", n, l)
	}
	if got := h.core.Lang("local:zoe"); got != "fr" {
		t.Fatalf("zoe's language after her record left memory: %q, want fr", got)
	}
	if out := h.doIn("local:x", "zoe", "/games"); len(out) == 0 || !strings.Contains(strings.ToLower(out[0].Text), "jeu") {
		t.Fatalf("zoe is not answered in French: %+v", out)
	}
}

// waitsFor tells whether a chat's table waits for the user.
func (c *Core) waitsFor(chat, user string) bool {
	t := c.lockLive(c.tableFor(Command{Chat: chat}))
	if t == nil {
		return false
	}
	defer c.unlock(t)
	seat := t.seatOf(user)
	_, ok := t.waitFor(seat)
	return seat >= 0 && ok
}

// A table moved to another chat key (a Telegram group that became a
// supergroup) is found there, after a restart too, and no longer in the
// chat it left; a chat that has a table of its own keeps it.
func TestTables_MoveChat(t *testing.T) {
	h := newHarness(t)
	h.seated()
	mustOK(t, h.doIn("local:busy", "carol", "/play tictactoe"))
	if moved, err := h.core.MoveChat("local:main", "local:busy"); moved || err == nil {
		t.Fatalf("moved onto a chat with its own table: %v, %v", moved, err)
	}
	if moved, err := h.core.MoveChat("local:main", "local:super"); !moved || err != nil {
		t.Fatalf("MoveChat: %v, %v", moved, err)
	}
	if moved, err := h.core.MoveChat("local:nothing", "local:elsewhere"); moved || err != nil {
		t.Fatalf("a chat without a table: %v, %v", moved, err)
	}
	h.restart()
	mustRefuse(t, h.do("alice", "/board"), "no open table")
	if outs := h.doIn("local:super", "alice", "/board"); len(outs) == 0 || outs[0].Refusal {
		t.Fatalf("/board in the new chat: %+v", outs)
	}
	if h.core.tableID("local:super") == 0 || h.core.tableID("local:busy") == 0 {
		t.Fatal("a table was lost")
	}
}
