package bot

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"
)

// webTable opens a Crack Word table of alice and bob, both with a hand.
func webTable(t *testing.T) (*harness, uint64) {
	h := newHarness(t)
	mustOK(t, h.do("alice", "/play crackword"))
	mustOK(t, h.do("bob", "/join"))
	mustOK(t, h.do("alice", "/start"))
	h.core.Flush()
	return h, h.core.tableID("local:main")
}

func TestWebViewShowsTheViewersHandOnly(t *testing.T) {
	h, id := webTable(t)
	alice, err := h.core.WebView(id, "local:alice")
	if err != nil {
		t.Fatal(err)
	}
	bob, err := h.core.WebView(id, "local:bob")
	if err != nil {
		t.Fatal(err)
	}
	if alice.Seat != 0 || bob.Seat != 1 || alice.Hand == nil || bob.Hand == nil {
		t.Fatalf("seats %d %d, hands %v %v", alice.Seat, bob.Seat, alice.Hand != nil, bob.Hand != nil)
	}
	if alice.Board == nil || len(alice.Board.Blocks) == 0 || len(alice.Seats) != 2 {
		t.Fatalf("public view missing: %+v", alice)
	}
	aj, _ := json.Marshal(alice)
	bobHand := strings.Join(bob.Hand.Mono, "\n")
	if bobHand == "" || strings.Join(alice.Hand.Mono, "\n") == bobHand {
		t.Fatalf("hands not told apart: %q", bobHand)
	}
	bj, _ := json.Marshal(bob.Hand.Mono)
	if strings.Contains(string(aj), strings.Trim(string(bj), "[]")) {
		t.Fatalf("alice's view holds bob's hand %s", bj)
	}
	// Whose turn it is: the seat and its buttons.
	turn := alice
	if !alice.Seats[0].Turn {
		turn = bob
	}
	if !turn.Hand.MustAct || len(turn.Hand.Buttons) == 0 {
		t.Fatalf("the awaited seat has no buttons: %+v", turn.Hand)
	}

	spectator, err := h.core.WebView(id, "local:carol")
	if err != nil {
		t.Fatal(err)
	}
	if spectator.Seat != -1 || spectator.Hand != nil {
		t.Fatalf("a spectator sees a hand: %+v", spectator.Hand)
	}
	sj, _ := json.Marshal(spectator)
	if strings.Contains(string(sj), strings.Trim(string(bj), "[]")) {
		t.Fatal("a spectator's view holds bob's hand")
	}
	if _, err := h.core.WebView(id+100, "local:alice"); err != ErrNoWebTable {
		t.Fatalf("unknown table: %v", err)
	}
}

func TestWebMoveIsACommandAndWatchersHearIt(t *testing.T) {
	h, id := webTable(t)
	changed, stop := h.core.Watch(id)
	defer stop()
	v, _ := h.core.WebView(id, "local:alice")
	user := "local:alice"
	if !v.Seats[0].Turn {
		user = "local:bob"
		v, _ = h.core.WebView(id, user)
	}
	// A press of the first step's first button, then of the next steps,
	// until the move is played: the chat's buttons, pressed from the page.
	b := v.Hand.Buttons[0][0]
	for step := 0; step < 6; step++ {
		text := ""
		if b.Ask != "" {
			text = "maison"
		}
		outs := h.core.WebMove(context.Background(), id, user, b.Data, text, "")
		mustOK(t, outs)
		if len(outs) == 0 || len(outs[0].Buttons) == 0 || !outs[0].Replace {
			break
		}
		b = outs[0].Buttons[0][0]
	}
	h.core.Flush()
	select {
	case <-changed:
	case <-time.After(5 * time.Second):
		t.Fatal("the watcher heard nothing of the move")
	}
	after, _ := h.core.WebView(id, user)
	if after.Moves == v.Moves {
		t.Fatalf("no move played: counter still %d", after.Moves)
	}
	// Typed, as the chat types it; a payload and a line at once is no
	// command.
	mustRefuse(t, h.core.WebMove(context.Background(), id, user, b.Data, "", "/pass"), "")
	stop()
	stop() // twice is harmless
	if len(h.core.watchers.byTable) != 0 {
		t.Fatal("a stopped watcher is kept")
	}
}

func TestWebMoveTypedGoesThroughTheChatsParser(t *testing.T) {
	h, id := webTable(t)
	v, _ := h.core.WebView(id, "local:alice")
	other := "local:bob"
	if !v.Seats[0].Turn {
		other = "local:alice"
	}
	// Not his turn: refused by the core, as in the chat.
	outs := h.core.WebMove(context.Background(), id, other, "", "", "/pass")
	if len(outs) != 1 || !outs[0].Refusal {
		t.Fatalf("a move out of turn was not refused: %+v", outs)
	}
	mustRefuse(t, h.core.WebMove(context.Background(), id, other, "", "", "no command"), "")
}

// A word's points asked before it is sent are the points it scores when
// played, and asking changes nothing: not the table's counter, not its
// saved state; a word the rules refuse says why, in the asker's words, and
// the player not awaited is told whose turn it is.
func TestWebPreviewIsTheMovesPointsAndChangesNothing(t *testing.T) {
	h := newHarness(t)
	mustOK(t, h.do("alice", "/play motsdetete"))
	mustOK(t, h.do("bob", "/join"))
	mustOK(t, h.do("alice", "/start"))
	h.core.Flush()
	id := h.core.tableID("local:main")
	mover, other := "alice", "bob"
	if _, ok := h.core.Hint("local:main", "local:alice"); !ok {
		mover, other = other, mover
	}
	for turn := 0; turn < 4; turn++ {
		hint, ok := h.core.Hint("local:main", "local:"+mover)
		if !ok {
			t.Fatalf("turn %d: %s not awaited", turn, mover)
		}
		before, _ := h.core.WebView(id, "local:"+mover)
		rec, _ := h.st.Table(id)
		got, err := h.core.WebPreview(id, "local:"+mover, "/move "+hint)
		if err != nil || !got.Known || got.Refusal != "" {
			t.Fatalf("preview of %q: %+v %v", hint, got, err)
		}
		if again, _ := h.st.Table(id); string(again.Data) != string(rec.Data) {
			t.Fatal("the preview changed the table's record")
		}
		if after, _ := h.core.WebView(id, "local:"+mover); after.Moves != before.Moves ||
			strings.Join(after.Mono, "\n") != strings.Join(before.Mono, "\n") {
			t.Fatal("the preview changed the table")
		}
		if r, _ := h.core.WebPreview(id, "local:"+other, "/move "+hint); r.Known || !strings.Contains(r.Refusal, mover) {
			t.Fatalf("the other player's preview: %+v", r)
		}
		if r, _ := h.core.WebPreview(id, "local:"+mover, "/move A1 right QQQQQ"); r.Known || r.Refusal == "" {
			t.Fatalf("a word the rules refuse: %+v", r)
		}
		seat := before.Seat
		mustOK(t, h.do(mover, "/move "+hint))
		h.core.Flush()
		played, _ := h.core.WebView(id, "local:"+mover)
		if scored := played.Seats[seat].Score - before.Seats[seat].Score; scored != got.Points {
			t.Fatalf("%q previewed %d points, scored %d", hint, got.Points, scored)
		}
		mover, other = other, mover
	}
	if r, _ := h.core.WebPreview(id, "local:carol", "/move A1 right LE"); r.Refusal == "" {
		t.Fatal("a spectator's preview")
	}
}
