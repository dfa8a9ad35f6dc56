package bot

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/store"
)

// finishTicTacToe plays the chat's tic-tac-toe to alice's win on the top
// row (alice and bob seated, alice first).
func (h *harness) finishTicTacToe() {
	h.t.Helper()
	for _, m := range []string{"alice 1", "bob 4", "alice 2", "bob 5", "alice 3"} {
		u, cell, _ := strings.Cut(m, " ")
		mustOK(h.t, h.do(u, "/move "+cell))
	}
}

// buttonData is the data of the button whose label holds label.
func buttonData(t testing.TB, o Out, label string) string {
	t.Helper()
	for _, row := range o.Buttons {
		for _, b := range row {
			if strings.Contains(b.Label, label) {
				return b.Data
			}
		}
	}
	t.Fatalf("no button %q on %q: %+v", label, o.Title, o.Buttons)
	return ""
}

// chatMessages counts what went to the chat: board messages (each table's
// first one is a new message, the others edit it in place) and messages
// of their own.
func chatMessages(outs []Out) (boards, others int) {
	for _, o := range outs {
		switch {
		case o.Dest != ToChat:
		case o.Board:
			boards++
		default:
			others++
		}
	}
	return boards, others
}

// A rematch from the final board's button: the proposer says yes by
// pressing, the other player by typing /rematch, and the game deals with
// the same seats, options and settings and a new seed. The chat sees one
// message, the rematch's board, changed in place from the question to the
// game.
func TestRematch_ConfirmedByEveryoneDeals(t *testing.T) {
	h := newHarness(t)
	mustOK(t, h.do("alice", "/play tictactoe pictures=on"))
	mustOK(t, h.do("alice", "/settings turn=1h hints=on"))
	mustOK(t, h.do("bob", "/join"))
	mustOK(t, h.do("alice", "/start"))
	old := h.core.tableFor(Command{Chat: "local:main"})
	h.finishTicTacToe()
	final, ok := lastBoard(h.rec.take())
	if !ok || final.Table != old.ID {
		t.Fatalf("no final board: %+v", final)
	}
	mustOK(t, h.press("alice", buttonData(t, final, "Rematch"), ""))
	outs := h.rec.take()
	if b, o := chatMessages(outs); b != 1 || o != 0 {
		t.Fatalf("the proposal showed %d boards and %d other messages: %+v", b, o, outs)
	}
	ask, _ := lastBoard(outs)
	if ask.Table == old.ID || !strings.Contains(ask.Text, "Rematch of table #1") ||
		!strings.Contains(ask.Text, "✅ alice") || !strings.Contains(ask.Text, "⏳ bob") || !strings.Contains(ask.Text, "Waiting for bob") {
		t.Fatalf("the rematch's board: %q", ask.Text)
	}
	if len(ask.Mentions) != 1 || ask.Mentions[0].User != "local:bob" {
		t.Fatalf("the rematch should call bob alone: %+v", ask.Mentions)
	}
	// Nobody starts it but its players' yes, and nobody joins it.
	mustRefuse(t, h.do("alice", "/start"), "waiting for bob")
	mustRefuse(t, h.do("carol", "/join"), "keeps the seats")
	mustRefuse(t, h.do("alice", "/addbot"), "keeps the seats")
	mustRefuse(t, h.do("carol", "/rematch"), "Only the players of table #1")
	mustRefuse(t, h.press("alice", buttonData(t, ask, "I'm in"), ""), "already said yes")
	mustOK(t, h.do("bob", "/rematch"))
	outs = h.rec.take()
	if b, o := chatMessages(outs); b != 1 || o != 0 {
		t.Fatalf("the start showed %d boards and %d other messages: %+v", b, o, outs)
	}
	game, _ := lastBoard(outs)
	if game.Table != ask.Table || !strings.Contains(game.Text, "the rematch begins") || !strings.Contains(game.Text, "alice to play") {
		t.Fatalf("the rematch's board, dealt: %+v", game)
	}
	nt := h.core.tableFor(Command{Chat: "local:main"})
	if nt.ID == old.ID || nt.Phase != Playing || len(nt.Seats) != 2 || nt.Seats[0].User != "local:alice" || nt.Seats[1].User != "local:bob" {
		t.Fatalf("the rematch's table: %+v", nt)
	}
	if nt.Options["pictures"] != "on" || nt.Settings.Turn != time.Hour || !nt.Settings.Hints || nt.Seed == old.Seed || nt.Seed == 0 {
		t.Fatalf("options %v, settings %+v, seed %d (the last game's %d)", nt.Options, nt.Settings, nt.Seed, old.Seed)
	}
	if nt.Rematch == nil || nt.Rematch.Of != old.ID {
		t.Fatalf("the rematch does not say which game it plays again: %+v", nt.Rematch)
	}
	// The question's buttons are spent: the rematch has begun.
	mustRefuse(t, h.press("bob", buttonData(t, ask, "Not this time"), ""), "No rematch is waiting")
	mustRefuse(t, h.press("bob", buttonData(t, final, "Rematch"), ""), "already open here")
	// Its end offers a rematch of the rematch; the rematch survived no
	// restart by luck: it is a table like any other.
	h.restart()
	h.finishTicTacToe()
	final2, _ := lastBoard(h.rec.take())
	if d := buttonData(t, final2, "Rematch"); d != (payload{Kind: 'r', Table: nt.ID}).encode() {
		t.Fatalf("the rematch's final board proposes %q", d)
	}
}

// Bots keep their seat and their strength; against bots alone the
// proposer's yes is everyone's, and the game deals at once.
func TestRematch_BotsKeepTheirStrength(t *testing.T) {
	h := newHarness(t)
	mustOK(t, h.do("alice", "/play tictactoe"))
	mustOK(t, h.do("alice", "/addbot easy"))
	mustOK(t, h.do("alice", "/start"))
	for h.core.tableFor(Command{Chat: "local:main"}) != nil {
		move, ok := h.core.Hint("local:main", "local:alice")
		if !ok {
			t.Fatal("the game waits for nobody")
		}
		mustOK(t, h.do("alice", "/move "+move))
	}
	h.rec.take()
	mustOK(t, h.do("alice", "/revanche"))
	nt := h.core.tableFor(Command{Chat: "local:main"})
	if nt == nil || nt.Phase != Playing || !nt.Seats[1].Bot || nt.Seats[1].Level != games.Easy || nt.Seats[1].Name != "🤖 Robot 1" {
		t.Fatalf("the rematch against an easy bot: %+v", nt)
	}
}

// One no closes the rematch: its board says who and loses its buttons,
// and the chat is free for another table. /rematch no, /leave and /quit
// say no as the button does.
func TestRematch_RefusedByOnePlayer(t *testing.T) {
	for _, no := range []string{"button", "/rematch no", "/leave", "/quit", "/revanche non"} {
		t.Run(no, func(t *testing.T) {
			h := newHarness(t)
			h.seated()
			h.finishTicTacToe()
			h.rec.take() // the old table's deliverer is done: its final board comes first
			mustOK(t, h.do("alice", "/rematch"))
			ask, _ := lastBoard(h.rec.take())
			if no == "button" {
				mustOK(t, h.press("bob", buttonData(t, ask, "Not this time"), ""))
			} else {
				mustOK(t, h.do("bob", no))
			}
			outs := h.rec.take()
			if b, o := chatMessages(outs); b != 1 || o != 0 {
				t.Fatalf("the refusal showed %d boards and %d other messages: %+v", b, o, outs)
			}
			closed, _ := lastBoard(outs)
			if closed.Table != ask.Table || !strings.Contains(closed.Text, "No rematch of table #1: bob said no") || len(closed.Buttons) != 0 {
				t.Fatalf("the board of the refused rematch: %+v", closed)
			}
			if h.core.tableFor(Command{Chat: "local:main"}) != nil {
				t.Fatal("a refused rematch stays open")
			}
			mustRefuse(t, h.press("alice", buttonData(t, ask, "I'm in"), ""), "") // nothing to say yes to
			mustRefuse(t, h.do("bob", "/rematch no"), "No rematch is waiting")
			// The last game is still the one played: a rematch can be asked
			// again, and /board shows it.
			if b := h.do("bob", "/board"); len(b) != 1 || !strings.Contains(b[0].Text, "alice wins!") {
				t.Fatalf("/board after a refused rematch: %+v", b)
			}
			mustOK(t, h.do("bob", "/rematch"))
			mustOK(t, h.do("alice", "/rematch"))
			if nt := h.core.tableFor(Command{Chat: "local:main"}); nt == nil || nt.Phase != Playing {
				t.Fatalf("the rematch asked again: %+v", nt)
			}
		})
	}
}

// A player who left the game is not asked again: a bot takes his seat, as
// it did when he left; he cannot answer for the seat. A rematch nobody
// finishes answering closes itself after a quarter of an hour (a restart
// in between changes nothing), and a chat with a table open refuses one.
func TestRematch_PlayerGoneAndNoAnswer(t *testing.T) {
	h := newHarness(t)
	h.seated()
	mustOK(t, h.do("alice", "/move 1"))
	mustOK(t, h.do("bob", "/leave")) // a bot plays his seat from here
	for h.core.tableFor(Command{Chat: "local:main"}) != nil {
		move, _ := h.core.Hint("local:main", "local:alice")
		mustOK(t, h.do("alice", "/move "+move))
	}
	mustRefuse(t, h.do("bob", "/rematch"), "Only the players")
	mustOK(t, h.do("alice", "/rematch"))
	nt := h.core.tableFor(Command{Chat: "local:main"})
	if nt == nil || nt.Phase != Playing || !nt.Seats[1].Bot || nt.Seats[1].Name != "🤖 Robot 1" || nt.Seats[1].User != "" {
		t.Fatalf("bob's seat in the rematch: %+v", nt)
	}
	mustOK(t, h.do("alice", "/quit"))
	h.rec.take()

	// Bob is back, and asks; alice is gone for the evening.
	h2 := newHarness(t)
	h2.seated()
	h2.finishTicTacToe()
	h2.rec.take() // the old table's deliverer is done: its final board comes first
	mustOK(t, h2.do("bob", "/rematch"))
	ask, _ := lastBoard(h2.rec.take())
	mustRefuse(t, h2.do("carol", "/play tictactoe"), "already open here")
	h2.restart()
	h2.clock.Advance(14 * time.Minute)
	h2.core.Tick(ctxBG())
	if h2.core.tableFor(Command{Chat: "local:main"}) == nil {
		t.Fatal("the rematch closed before its time")
	}
	h2.clock.Advance(time.Minute)
	h2.core.Tick(ctxBG())
	outs := h2.rec.take()
	closed, ok := lastBoard(outs)
	if b, o := chatMessages(outs); !ok || b != 1 || o != 0 || closed.Table != ask.Table ||
		!strings.Contains(closed.Text, "alice did not answer in time") || len(closed.Buttons) != 0 {
		t.Fatalf("the expired rematch (%d boards, %d others): %+v", b, o, closed)
	}
	if h2.core.tableFor(Command{Chat: "local:main"}) != nil {
		t.Fatal("an expired rematch stays open")
	}
	mustOK(t, h2.do("carol", "/play tictactoe"))
	// With a table open, no rematch.
	mustRefuse(t, h2.do("bob", "/rematch"), "already open here")
}

// An asynchronous table's rematch waits a turn's time, a day at most.
func TestRematch_WaitFollowsTheTurn(t *testing.T) {
	for _, c := range []struct {
		turn, want time.Duration
	}{{0, 15 * time.Minute}, {time.Minute, 15 * time.Minute}, {12 * time.Hour, 12 * time.Hour}, {3 * 24 * time.Hour, 24 * time.Hour}} {
		if got := rematchWait(Settings{Turn: c.turn}); got != c.want {
			t.Errorf("turn %v: waits %v, want %v", c.turn, got, c.want)
		}
	}
}

// Rematch buttons are checked as others are: forged, from another chat,
// or about a game that never was.
func TestRematch_ForgedButtons(t *testing.T) {
	h := newHarness(t)
	h.seated()
	h.finishTicTacToe()
	for _, data := range []string{"r1.0.maybe", "r1.5.", "r99.0.", "rx.0."} {
		mustRefuse(t, h.press("alice", data, ""), "")
	}
	outs := h.core.Handle(ctxBG(), Command{Chat: "local:other", User: User{ID: "local:alice", Name: "alice"}, Payload: "r1.0."})
	mustRefuse(t, outs, "not valid")
	if h.core.tableFor(Command{Chat: "local:main"}) != nil || h.core.tableFor(Command{Chat: "local:other"}) != nil {
		t.Fatal("a forged button opened a table")
	}
	mustRefuse(t, h.core.Handle(ctxBG(), Command{Chat: "local:dm", Private: true, User: User{ID: "local:alice", Name: "alice"}, Name: "rematch"}), "in the chat of the game")
}

// A waiting rematch is a phase of its own (Rematching); a tablee of before
// saved it as a lobby with a rematch record. Such a record reads as the
// phase it is: the rematch keeps its seats, deals on the last yes, or
// closes itself on time, as one saved today.
func TestRematch_WaitingRecordOfOlderShape(t *testing.T) {
	for _, answered := range []bool{true, false} {
		h := newHarness(t)
		h.seated()
		h.finishTicTacToe()
		h.rec.take()
		mustOK(t, h.do("alice", "/rematch"))
		ask, _ := lastBoard(h.rec.take())
		h.close()
		rewriteRecord(t, h.path, ask.Table, func(data map[string]any, _ *store.Table) {
			if data["phase"] != string(Rematching) {
				t.Fatalf("a waiting rematch saved as %v", data["phase"])
			}
			data["phase"] = string(Lobby)
		})
		h.open()
		nt := h.core.tableFor(Command{Chat: "local:main"})
		if nt == nil || nt.ID != ask.Table || nt.Phase != Rematching {
			t.Fatalf("the older rematch (table %d) read as %v", ask.Table, tableAndPhase(nt))
		}
		if at := h.storeDue(nt.ID); !at.Equal(nt.Rematch.Until) {
			t.Fatalf("due %v, want the end of its wait %v", at, nt.Rematch.Until)
		}
		mustRefuse(t, h.do("alice", "/start"), "waiting for bob")
		mustRefuse(t, h.do("carol", "/join"), "keeps the seats")
		if answered {
			mustOK(t, h.do("bob", "/rematch"))
			game, _ := lastBoard(h.rec.take())
			if nt = h.core.tableFor(Command{Chat: "local:main"}); nt == nil || nt.Phase != Playing ||
				game.Table != ask.Table || !strings.Contains(game.Text, "the rematch begins") {
				t.Fatalf("the older rematch, dealt: %v, board %q", tableAndPhase(nt), game.Text)
			}
			continue
		}
		h.clock.Advance(rematchLive)
		h.core.Tick(ctxBG())
		closed, _ := lastBoard(h.rec.take())
		if closed.Table != ask.Table || !strings.Contains(closed.Text, "bob did not answer in time") ||
			h.core.tableFor(Command{Chat: "local:main"}) != nil {
			t.Fatalf("the older rematch, expired: %q", closed.Text)
		}
	}
}

// tableAndPhase names a table and its phase, or says there is none.
func tableAndPhase(t *Table) string {
	if t == nil {
		return "no table"
	}
	return fmt.Sprintf("table %d, %s", t.ID, t.Phase)
}

// Records read in today's shape whatever shape they were written in: only
// a lobby with a rematch record was a waiting rematch.
func TestDecodeTable_RematchPhase(t *testing.T) {
	for _, c := range []struct {
		data string
		want Phase
	}{
		{`{"phase":"lobby","rematch":{"of":1}}`, Rematching},
		{`{"phase":"lobby"}`, Lobby},
		{`{"phase":"rematching","rematch":{"of":1}}`, Rematching},
		{`{"phase":"playing","rematch":{"of":1}}`, Playing},
		{`{"phase":"abandoned","rematch":{"of":1,"closed":"declined","by":"bob"}}`, Abandoned},
	} {
		var tb Table
		if err := decodeTable([]byte(c.data), &tb); err != nil || tb.Phase != c.want {
			t.Errorf("%s: phase %q (%v), want %q", c.data, tb.Phase, err, c.want)
		}
	}
}
