package bot

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/tablee/tablee/store"
	"github.com/tablee/tablee/store/bolt"
)

// idleOuts sorts what the chat and the players were told.
func idleOuts(outs []Out) (chat, private []Out) {
	for _, o := range outs {
		switch o.Dest {
		case ToChat:
			if !o.Board {
				chat = append(chat, o)
			}
		case ToUser:
			if !o.Hand {
				private = append(private, o)
			}
		}
	}
	return chat, private
}

func saidAny(outs []Out, want string) bool {
	for _, o := range outs {
		if strings.Contains(o.Text, want) {
			return true
		}
	}
	return false
}

// A started game nobody plays is told once, 21 days after the last move
// of a person, that it stops a week later; then it stops, and goes to
// history as a game stopped by /quit. Every step survives a restart: the
// times are in the store's due index, and the core reads no table to find
// them.
func TestIdleGame_ToldOnceThenStoppedAcrossRestarts(t *testing.T) {
	h := newHarness(t)
	tb := h.seated()
	id := tb.ID
	mustOK(t, h.do("alice", "/move 5"))
	moved := h.clock.Now()
	h.rec.take()

	h.restart()
	if at, ok := h.core.next(); !ok || !at.Equal(moved.Add(DefaultIdleGame)) {
		t.Fatalf("after a restart the next wake-up is %v %v, want 21 days after the last move (%v)", at, ok, moved.Add(DefaultIdleGame))
	}
	h.clock.Advance(DefaultIdleGame - time.Minute)
	h.core.Tick(ctxBG())
	if outs := h.rec.take(); len(outs) != 0 {
		t.Fatalf("told before 21 days: %+v", outs)
	}

	h.restart()
	h.clock.Advance(time.Minute)
	h.core.Tick(ctxBG())
	h.core.Flush()
	chat, private := idleOuts(h.rec.take())
	if len(chat) != 1 || !strings.Contains(chat[0].Text, "Nobody has played at this table for 21 days") ||
		!strings.Contains(chat[0].Text, "The game stops on Saturday 19 December at 20:00 UTC") ||
		!strings.Contains(chat[0].Text, "a single move keeps it going") {
		t.Fatalf("want one notice in the chat with the date it stops, got %+v", chat)
	}
	if len(private) != 2 || private[0].User == private[1].User || !saidAny(private, "Tic-tac-toe for 21 days") {
		t.Fatalf("want one private notice to each player, got %+v", private)
	}
	h.core.Tick(ctxBG())
	if outs := h.rec.take(); len(outs) != 0 {
		t.Fatalf("told twice: %+v", outs)
	}

	h.restart()
	if at, ok := h.core.next(); !ok || !at.Equal(h.clock.Now().Add(DefaultIdleGrace)) {
		t.Fatalf("after a restart the next wake-up is %v %v, want the end of the grace period", at, ok)
	}
	h.clock.Advance(DefaultIdleGrace - time.Minute)
	h.core.Tick(ctxBG())
	if h.core.tableFor(Command{Chat: "local:main"}) == nil {
		t.Fatal("stopped before the end of the grace period")
	}
	h.rec.take()

	h.restart()
	h.clock.Advance(time.Minute)
	h.core.Tick(ctxBG())
	h.core.Flush()
	chat, _ = idleOuts(h.rec.take())
	if len(chat) != 1 || !strings.Contains(chat[0].Text, "Nobody has played at this table since Saturday 21 November at 20:00 UTC: the game is stopped") {
		t.Fatalf("want the chat told the game stopped, got %+v", chat)
	}
	if h.core.tableFor(Command{Chat: "local:main"}) != nil {
		t.Fatal("the idle game still holds the chat")
	}
	rec, err := h.st.Table(id)
	if err != nil || !rec.Finished {
		t.Fatalf("the stopped game is not kept as finished: %+v %v", rec, err)
	}
	past, err := loadTable(rec)
	if err != nil || past.Phase != Abandoned || past.Ended.IsZero() || len(past.Scores) != 2 {
		t.Fatalf("the stopped game is not in history as a stopped one: %+v %v", past, err)
	}
	if _, ok := h.core.next(); ok {
		t.Fatal("the stopped game is still on the agenda")
	}
	if !strings.Contains(h.core.Handle(ctxBG(), Command{Chat: "local:main", User: User{ID: "local:bob", Name: "bob"}, Name: "history"})[0].Text, "#1") {
		t.Fatal("the stopped game is not in the chat's history")
	}
	mustOK(t, h.do("bob", "/play tictactoe"))
}

// Any move keeps the game: after the notice, a move by a player takes the
// stop back and starts the 21 days again.
func TestIdleGame_AMoveKeepsIt(t *testing.T) {
	h := newHarness(t)
	h.seated()
	h.clock.Advance(DefaultIdleGame)
	h.core.Tick(ctxBG())
	h.core.Flush()
	if chat, _ := idleOuts(h.rec.take()); !saidAny(chat, "Nobody has played") {
		t.Fatalf("not told: %+v", chat)
	}
	h.clock.Advance(DefaultIdleGrace / 2)
	mustOK(t, h.do("alice", "/move 5"))
	moved := h.clock.Now()
	if at, ok := h.core.next(); !ok || !at.Equal(moved.Add(DefaultIdleGame)) {
		t.Fatalf("next wake-up %v %v, want 21 days after the move", at, ok)
	}
	h.clock.Advance(DefaultIdleGrace)
	h.core.Tick(ctxBG())
	if h.core.tableFor(Command{Chat: "local:main"}) == nil {
		t.Fatal("a game stopped after a player moved")
	}
}

// Bot moves are not play: a game whose only moves are a bot's, here a
// player who left, is idle as much as one where nothing moves.
func TestIdleGame_BotMovesDoNotCount(t *testing.T) {
	h := newHarness(t)
	mustOK(t, h.do("alice", "/play tictactoe"))
	mustOK(t, h.do("alice", "/addbot"))
	mustOK(t, h.do("alice", "/start"))
	mustOK(t, h.do("alice", "/move 5")) // the bot answers at once
	h.rec.take()
	h.clock.Advance(DefaultIdleGame)
	h.core.Tick(ctxBG())
	h.core.Flush()
	if chat, private := idleOuts(h.rec.take()); len(chat) != 1 || len(private) != 1 || private[0].User != "local:alice" {
		t.Fatalf("want one notice in the chat and one to alice alone, got %+v %+v", chat, private)
	}
}

// The timeout moves of a table with deadlines do not count as play: a
// full round in which every player's time ran out tells the chat, a second
// one stops the game, long before 21 days.
func TestIdleGame_TimeoutsDoNotCount(t *testing.T) {
	h := newHarness(t)
	tb := h.seated()
	mustOK(t, h.do("alice", "/settings turn=1h"))
	mustOK(t, h.do("alice", "/move 5"))
	h.rec.take()
	expire := func() {
		t.Helper()
		h.clock.Advance(time.Hour)
		h.core.Tick(ctxBG())
		h.core.Flush()
	}
	expire() // bob's time runs out: alice's turn, not yet a round
	if saidAny(h.rec.take(), "full round") {
		t.Fatal("told after one player's time ran out")
	}
	h.restart()
	expire() // alice's: a full round on timeouts alone
	chat, private := idleOuts(h.rec.take())
	if !saidAny(chat, "A full round without a single move") || !saidAny(chat, "or on Saturday 28 November at 22:00 UTC at the latest") || len(private) != 2 {
		t.Fatalf("want the chat and each player told after a full round, got %+v %+v", chat, private)
	}
	expire()
	if h.core.tableFor(Command{Chat: "local:main"}) == nil || saidAny(h.rec.take(), "full round") {
		t.Fatal("stopped, or told again, half-way through the second round")
	}
	h.restart()
	expire()
	chat, _ = idleOuts(h.rec.take())
	if !saidAny(chat, "the game is stopped") || h.core.tableFor(Command{Chat: "local:main"}) != nil {
		t.Fatalf("not stopped after a second round on timeouts alone: %+v", chat)
	}
	if rec, err := h.st.Table(tb.ID); err != nil || !rec.Finished {
		t.Fatalf("not kept as finished: %v", err)
	}
}

// A move by a person after the notice takes it back: the next full round
// on timeouts alone tells the chat again, and stops nothing.
func TestIdleGame_AMoveAfterTheNoticeKeepsIt(t *testing.T) {
	h := newHarness(t)
	h.seated()
	mustOK(t, h.do("alice", "/settings turn=1h"))
	mustOK(t, h.do("alice", "/move 5"))
	expire := func() {
		t.Helper()
		h.clock.Advance(time.Hour)
		h.core.Tick(ctxBG())
		h.core.Flush()
	}
	expire()
	expire() // bob's time, then alice's: a full round
	if chat, _ := idleOuts(h.rec.take()); !saidAny(chat, "A full round") {
		t.Fatalf("not told after a full round: %+v", chat)
	}
	playAny(h, "bob")
	expire()
	expire() // alice's time, then bob's: a full round since bob's move
	chat, _ := idleOuts(h.rec.take())
	if !saidAny(chat, "A full round") || saidAny(chat, "stopped") || h.core.tableFor(Command{Chat: "local:main"}) == nil {
		t.Fatalf("want a second notice, not a stop, after a move: %+v", chat)
	}
}

// playAny plays the first free cell of the tic-tac-toe board.
func playAny(h *harness, user string) {
	h.t.Helper()
	for cell := 1; cell <= 9; cell++ {
		if outs := h.do(user, "/move "+string(rune('0'+cell))); len(outs) > 0 && !outs[0].Refusal {
			return
		}
	}
	h.t.Fatalf("%s could not play", user)
}

// A player on time off at a table that waits for him is not idle: the 21
// days start again when he is back.
func TestIdleGame_TimeOffIsNotIdle(t *testing.T) {
	h := newHarness(t)
	h.seated()
	mustOK(t, h.do("alice", "/away 30d"))
	h.rec.take()
	h.clock.Advance(DefaultIdleGame)
	h.core.Tick(ctxBG())
	h.core.Flush()
	if saidAny(h.rec.take(), "Nobody has played") {
		t.Fatal("told while a player is away")
	}
	h.clock.Advance(30*24*time.Hour - DefaultIdleGame) // back
	h.core.Tick(ctxBG())
	back := h.clock.Now()
	if at, ok := h.core.next(); !ok || !at.Equal(back.Add(DefaultIdleGame)) {
		t.Fatalf("next wake-up %v %v, want 21 days after alice is back", at, ok)
	}
}

// A table whose every player left has nobody to wait for: it closes, at
// start-up too (a record saved so by a process that stopped first).
func TestIdleGame_EveryPlayerLeftCloses(t *testing.T) {
	h := newHarness(t)
	tb := h.seated()
	if t2 := h.core.lockLive(tb); t2 != nil {
		snap := t2.snapshot()
		for i := range t2.Seats {
			t2.Seats[i].Left = true
		}
		// The save computes the due time; nothing plays the seats here.
		if !h.core.keep(t2, snap) {
			t.Fatal("not saved")
		}
		h.core.unlock(t2)
	}
	h.rec.take()
	h.restart()
	h.core.Tick(ctxBG())
	h.core.Flush()
	if h.core.tableFor(Command{Chat: "local:main"}) != nil {
		t.Fatal("a table with no player left still holds the chat")
	}
	if chat, _ := idleOuts(h.rec.take()); !saidAny(chat, "Every player has left the table") {
		t.Fatalf("the chat was not told: %+v", chat)
	}
}

// In Le Grand Escogriffe a timeout draws a card and throws it back: it
// changes nothing, and a table every player walked away from used to play
// it for ever, one deadline and one reminder at a time. Two full rounds on
// timeouts alone now stop it: a few turn times, not weeks.
func TestIdleGame_EscogriffeTimeoutsEnd(t *testing.T) {
	h := newHarness(t)
	mustOK(t, h.do("alice", "/play escogriffe"))
	mustOK(t, h.do("bob", "/join"))
	mustOK(t, h.do("alice", "/settings turn=1h"))
	mustOK(t, h.do("alice", "/start"))
	h.rec.take()
	var told, stopped int
	for i := 0; i < 40 && h.core.tableFor(Command{Chat: "local:main"}) != nil; i++ {
		h.clock.Advance(time.Hour)
		h.core.Tick(ctxBG())
		h.core.Flush()
		chat, _ := idleOuts(h.rec.take())
		if saidAny(chat, "A full round") {
			told = i + 1
		}
		if saidAny(chat, "the game is stopped") {
			stopped = i + 1
		}
	}
	// Each turn is two timeouts (draw, then throw back), each with its
	// own turn time: alice's draw and throw, then bob's draw, and every
	// player's time ran out (3); bob's throw and alice's draw, and it ran
	// out again for each since the notice (5).
	if told != 3 || stopped != 5 {
		t.Fatalf("told after %d turn times and stopped after %d, want 3 and 5", told, stopped)
	}
}

// A game saved before its wait was counted (no Table.Active, and, without
// deadlines, no due time: nothing would ever find it) is saved once at the
// first start with a due time, its wait counted from that start, and is
// told then stopped like any other; the next starts read no table.
func TestIdleGame_OlderRecordsFoundOnce(t *testing.T) {
	h := newHarness(t)
	tb := h.seated()
	id := tb.ID
	h.close()
	saveAsOlder(t, h.path, id, time.Time{}) // as saved before: no deadline, no due time
	forgetMark(t, h.path, "idle_complete")

	h.clock.Advance(60 * 24 * time.Hour) // long after the table's creation
	upgraded := h.clock.Now()
	h.open()
	if at, ok := h.core.next(); !ok || !at.Equal(upgraded.Add(DefaultIdleGame)) {
		t.Fatalf("after the first start the next wake-up is %v %v, want 21 days after it", at, ok)
	}
	h.clock.Advance(DefaultIdleGame)
	h.restart()
	h.core.Tick(ctxBG())
	h.core.Flush()
	if chat, _ := idleOuts(h.rec.take()); !saidAny(chat, "Nobody has played at this table for 21 days") {
		t.Fatalf("the older game was not told: %+v", chat)
	}
}

// A game saved before its wait was counted, made due at once by the
// upgrade of its store (store/postgres's schema 4), waits from the first
// look the bot takes at it, not from its creation: it is not told at once.
func TestIdleGame_OlderRecordsWaitFromTheUpgrade(t *testing.T) {
	h := newHarness(t)
	tb := h.seated()
	id := tb.ID
	h.close()
	h.clock.Advance(60 * 24 * time.Hour)      // long after the table's creation
	saveAsOlder(t, h.path, id, h.clock.Now()) // due at once, as the upgrade makes it
	h.open()
	h.core.Tick(ctxBG())
	h.core.Flush()
	if outs := h.rec.take(); saidAny(outs, "Nobody has played") {
		t.Fatalf("told at the first look: %+v", outs)
	}
	if at, ok := h.core.next(); !ok || !at.Equal(h.clock.Now().Add(DefaultIdleGame)) {
		t.Fatalf("next wake-up %v %v, want 21 days after the first look", at, ok)
	}
}

// Two processes on one PostgreSQL database: a game nobody plays is told
// once and stopped once, by whichever process claims its due time.
func TestIdleGame_SharedStoreToldOnceStoppedOnce(t *testing.T) {
	a, b, clock := twoProcesses(t)
	mustOK(t, a.do("local:main", "alice", "/play tictactoe"))
	mustOK(t, b.do("local:main", "bob", "/join"))
	mustOK(t, a.do("local:main", "alice", "/start"))
	id := a.core.tableFor(Command{Chat: "local:main"}).ID
	tick := func() []Out {
		t.Helper()
		a.core.Tick(ctxBG())
		b.core.Tick(ctxBG())
		a.core.Flush()
		b.core.Flush()
		chatA, _ := idleOuts(a.rec.take())
		chatB, _ := idleOuts(b.rec.take())
		return append(chatA, chatB...)
	}
	tick()
	clock.Advance(DefaultIdleGame)
	if chat := tick(); len(chat) != 1 || !saidAny(chat, "Nobody has played at this table for 21 days") {
		t.Fatalf("want one notice from the two processes, got %+v", chat)
	}
	clock.Advance(DefaultIdleGrace)
	if chat := tick(); len(chat) != 1 || !saidAny(chat, "the game is stopped") {
		t.Fatalf("want one stop from the two processes, got %+v", chat)
	}
	if rec, err := a.st.Table(id); err != nil || !rec.Finished {
		t.Fatalf("not kept as finished: %v", err)
	}
	mustOK(t, b.do("local:main", "bob", "/play tictactoe"))
}

// In live play a phase's own limit running out (La Coquillaude's minute
// to answer, to vote) is part of the game, for players who are there and
// let a question go: the game is not told it is abandoned, even when
// every player let his time run out; only the 21 days without a move
// would.
func TestIdleGame_LivePhaseLimitsDoNotCount(t *testing.T) {
	h := newHarness(t)
	mustOK(t, h.do("alice", "/play coquillaude"))
	mustOK(t, h.do("bob", "/join"))
	mustOK(t, h.do("alice", "/start"))
	h.rec.take()
	expired := 0
	for i := 0; i < 20 && h.core.tableFor(Command{Chat: "local:main"}) != nil; i++ {
		at, ok := h.core.next()
		if !ok {
			t.Fatal("a live Coquillaude table has nothing due")
		}
		h.clock.Advance(at.Sub(h.clock.Now()))
		h.core.Tick(ctxBG())
		h.core.Flush()
		outs := h.rec.take()
		if saidAny(outs, "Time is up") {
			expired++
		}
		if saidAny(outs, "full round") || saidAny(outs, "the game is stopped") {
			t.Fatalf("live phase limits taken for an abandoned table: %+v", outs)
		}
	}
	if expired < 3 {
		t.Fatalf("only %d phase limits ran out: the test shows nothing", expired)
	}
}

// Time off taken after the notice, at a table that waits for those away,
// says the player means to come back: the notice is taken back, and the
// 21 days run from his return.
func TestIdleGame_TimeOffAfterTheNoticeKeepsIt(t *testing.T) {
	h := newHarness(t)
	h.seated()
	h.clock.Advance(DefaultIdleGame)
	h.core.Tick(ctxBG())
	h.core.Flush()
	if !saidAny(h.rec.take(), "Nobody has played") {
		t.Fatal("not told")
	}
	mustOK(t, h.do("bob", "/away 10d"))
	back := h.clock.Now().Add(10 * 24 * time.Hour)
	h.clock.Advance(DefaultIdleGrace)
	h.core.Tick(ctxBG())
	if h.core.tableFor(Command{Chat: "local:main"}) == nil {
		t.Fatal("stopped while a player who took time off after the notice is away")
	}
	if at, ok := h.core.next(); !ok || !at.Equal(back) {
		t.Fatalf("next wake-up %v %v, want bob's return", at, ok)
	}
	h.clock.Advance(back.Sub(h.clock.Now()))
	h.core.Tick(ctxBG())
	if at, ok := h.core.next(); !ok || !at.Equal(back.Add(DefaultIdleGame)) {
		t.Fatalf("next wake-up %v %v, want 21 days after bob's return", at, ok)
	}
}

// saveAsOlder rewrites table id of the closed bolt file at path as a tablee
// of before the idle rule saved it: no record of the last move by a person
// (Table.Active), and the due time given.
func saveAsOlder(t *testing.T, path string, id uint64, due time.Time) {
	t.Helper()
	rewriteRecord(t, path, id, func(data map[string]any, rec *store.Table) {
		delete(data, "active")
		rec.Due = due
	})
}

// rewriteRecord rewrites table id of the closed bolt file at path as an
// older tablee saved it: change edits its record's fields, and may edit
// what the store keeps beside them.
func rewriteRecord(t *testing.T, path string, id uint64, change func(data map[string]any, rec *store.Table)) {
	t.Helper()
	st, err := bolt.Open(path, bolt.Options{Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	rec, err := st.Table(id)
	if err != nil {
		t.Fatal(err)
	}
	var data map[string]any
	if err := json.Unmarshal(rec.Data, &data); err != nil {
		t.Fatal(err)
	}
	change(data, &rec)
	rec.Data, _ = json.Marshal(data)
	if err := st.Save(rec, nil); err != nil {
		t.Fatal(err)
	}
}
