package bot

import (
	"context"
	"strings"
	"sync/atomic"
	"testing"
)

func ctxBG() context.Context { return context.Background() }

func ctxWithCancel() (context.Context, context.CancelFunc) {
	return context.WithCancel(context.Background())
}

func TestTurn_OrderAndWrongUser(t *testing.T) {
	h := newHarness(t)
	h.seated()
	mustRefuse(t, h.do("bob", "/move 1"), "not your turn: waiting for alice")
	mustRefuse(t, h.do("carol", "/move 1"), "not seated")
	mustOK(t, h.do("alice", "/move 1"))
	mustRefuse(t, h.do("alice", "/move 2"), "waiting for bob")
	mustRefuse(t, h.do("bob", "/move 1"), "already taken")
	mustRefuse(t, h.do("bob", "/move 10"), "Invalid cell")
	mustRefuse(t, h.do("bob", "/move"), "Which move")
	mustOK(t, h.do("bob", "/mark 2")) // a game verb is a move
}

func TestTurn_FinishedTable(t *testing.T) {
	h := newHarness(t)
	tb := h.seated()
	for _, m := range []string{"alice 1", "bob 4", "alice 2", "bob 5", "alice 3"} {
		u, cell, _ := strings.Cut(m, " ")
		mustOK(t, h.do(u, "/move "+cell))
	}
	if tb.Phase != Finished {
		t.Fatalf("phase %s", tb.Phase)
	}
	outs := h.rec.take()
	b, ok := lastBoard(outs)
	if !ok || strings.Count(b.Text, "alice wins!") != 1 || strings.Contains(b.Text, "to play") {
		t.Fatalf("the winner is not announced once: %+v", b)
	}
	mustRefuse(t, h.do("bob", "/move 6"), "no open table")
	// The board of the finished game stays readable, with its result, said
	// once.
	outs = h.do("bob", "/board")
	if len(outs) != 1 || outs[0].Refusal || !strings.Contains(outs[0].Text, "The last game here") ||
		strings.Count(outs[0].Text, "alice wins!") != 1 || !strings.Contains(outs[0].Text, "Scores: alice") ||
		len(outs[0].Buttons) != 1 || len(outs[0].Buttons[0]) != 1 || outs[0].Buttons[0][0].Data[0] != 'r' {
		// Its one button proposes a rematch: no stale move.
		t.Fatalf("final board: %+v", outs)
	}
	if r := h.record("tictactoe", everywhere, "local:alice"); r.Games != 1 || r.Wins != 1 {
		t.Fatalf("alice's rating record %+v", r)
	}
	// History stays readable.
	moves, err := h.st.Moves(tb.ID)
	if err != nil || len(moves) != 5 {
		t.Fatalf("history: %v %d", err, len(moves))
	}
}

func TestTurn_RefusedMoveChangesNothing(t *testing.T) {
	h := newHarness(t)
	tb := h.seated()
	before, _ := tb.game.Save()
	mustRefuse(t, h.do("alice", "/move 0"), "Invalid cell")
	after, _ := tb.game.Save()
	if string(before) != string(after) || tb.Moves != 0 {
		t.Fatal("a refused move changed the game")
	}
	moves, _ := h.st.Moves(tb.ID)
	if len(moves) != 0 {
		t.Fatal("a refused move was logged")
	}
}

func TestButtons_StaleForgedAndBorrowed(t *testing.T) {
	h := newHarness(t)
	h.seated()
	var hand Out
	for _, o := range h.rec.take() {
		if o.Dest == ToUser && o.User == "local:alice" && len(o.Buttons) > 0 {
			hand = o
		}
	}
	if len(hand.Buttons) == 0 {
		t.Fatal("alice got no buttons")
	}
	five := hand.Buttons[1][1].Data
	mustRefuse(t, h.press("bob", five, ""), "not your turn")
	mustRefuse(t, h.press("mallory", five, ""), "not for you")
	mustRefuse(t, h.press("alice", "zz.zz", ""), "not valid")
	mustRefuse(t, h.press("alice", "m999.0.5", ""), "expired")
	mustOK(t, h.press("alice", five, ""))
	mustRefuse(t, h.press("alice", five, ""), "expired") // stale: the counter moved on
	// A forged payload with the right counter is still checked by the engine.
	mustRefuse(t, h.press("bob", "m1.1.5", ""), "already taken")
}

func TestHand_IsPrivateEvenWhenAskedInTheChat(t *testing.T) {
	h := newHarness(t)
	h.seated()
	outs := h.do("bob", "/hand")
	if len(outs) != 1 || !outs[0].Private || outs[0].Dest != ToReply {
		t.Fatalf("hand answer not private: %+v", outs)
	}
}

func TestDMClosed_JoinWarnsAndStartWaits(t *testing.T) {
	h := newHarness(t)
	h.rec.closed["local:bob"] = true
	mustOK(t, h.do("alice", "/play tictactoe"))
	outs := h.do("bob", "/join")
	if len(outs) != 2 || !strings.Contains(outs[1].Text, "cannot receive private") {
		t.Fatalf("no warning: %+v", outs)
	}
	mustRefuse(t, h.do("alice", "/start"), "cannot send their hand in private to bob")
	delete(h.rec.closed, "local:bob")
	h.core.deliver(ctxBG(), Out{Dest: ToUser, User: "local:bob", Text: "ping"})
	if h.rec.take(); h.core.user("local:bob").NoDM == false {
		t.Fatal("a private message was tried again with no word from bob")
	}
	h.do("bob", "/hand") // asking for his hand (none yet in a lobby) tries once more
	h.core.deliver(ctxBG(), Out{Dest: ToUser, User: "local:bob", Text: "ping"})
	mustOK(t, h.do("alice", "/start"))
}

// A player whose private messages are refused is not written to again on
// every move (Discord counts each refusal toward its ban of bots that make
// too many invalid requests): once per word of his in private or /hand.
func TestDMClosed_NotRetriedEveryMove(t *testing.T) {
	h := newHarness(t)
	var tries atomic.Int32 // counted by the deliverers
	h.rec.refused = func(o Out) { tries.Add(1) }
	h.seated()
	h.rec.mu.Lock() // the deliverers read it
	h.rec.closed["local:bob"] = true
	h.rec.mu.Unlock()
	for i, cell := range []string{"1", "4", "2", "5"} {
		user := "alice"
		if i%2 == 1 {
			user = "bob"
		}
		mustOK(t, h.do(user, "/move "+cell))
		h.rec.take()
	}
	if n := tries.Load(); n != 1 {
		t.Errorf("%d private messages tried to bob in 4 moves, want 1 (the first, refused)", n)
	}
	h.do("bob", "/hand")
	mustOK(t, h.do("alice", "/move 7"))
	h.rec.take()
	if n := tries.Load(); n != 2 {
		t.Errorf("%d tries after bob asked for his hand, want 2", n)
	}
}

func TestBadInput(t *testing.T) {
	h := newHarness(t)
	cases := []struct {
		name string
		cmd  Command
		want string
	}{
		{"unknown command", Command{Name: "frobnicate"}, "Unknown command"},
		{"too many args", Command{Name: "move", Args: make([]string, 40)}, "Unreadable"},
		{"oversized arg", Command{Name: "move", Args: []string{strings.Repeat("A", 300)}}, "Unreadable"},
		{"control char", Command{Name: "move", Args: []string{"E\x00"}}, "Unreadable"},
		{"invalid utf8", Command{Name: "play", Args: []string{"\xff\xfe"}}, "Unreadable"},
		{"odd unicode game", Command{Name: "play", Args: []string{"ti\u200dctactoe🎲"}}, "Unknown game"},
		{"rtl override", Command{Name: "play", Args: []string{"\u202etictactoe"}}, "Unreadable"},
		{"forged payload", Command{Payload: "m" + strings.Repeat("9", 70)}, "not valid"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			c.cmd.Chat = "local:main"
			c.cmd.User = User{ID: "local:eve", Name: "eve"}
			mustRefuse(t, h.core.Handle(ctxBG(), c.cmd), c.want)
		})
	}
}

func TestParseText(t *testing.T) {
	cases := []struct {
		in   string
		name string
		args []string
		ok   bool
	}{
		{"/play crackword expert", "play", []string{"crackword", "expert"}, true},
		{"  /PLAY@TableeBot   crackword ", "play", []string{"crackword"}, true},
		{"/move E droite 2 maison", "move", []string{"E", "droite", "2", "maison"}, true},
		{"/coup e\u0301", "coup", []string{"é"}, true},
		{"hello", "", nil, false},
		{"/", "", nil, false},
		{"/ move", "move", []string{}, true},
	}
	for _, c := range cases {
		name, args, ok := ParseText(c.in)
		if ok != c.ok || name != c.name || strings.Join(args, "|") != strings.Join(c.args, "|") {
			t.Errorf("ParseText(%q) = %q %q %v", c.in, name, args, ok)
		}
	}
}

func TestLang_PerUser(t *testing.T) {
	h := newHarness(t)
	mustRefuse(t, h.do("alice", "/lang de"), "Usage")
	outs := h.do("alice", "/lang fr")
	if !strings.Contains(outs[0].Text, "français") {
		t.Fatalf("%q", outs[0].Text)
	}
	mustRefuse(t, h.do("alice", "/jouer"), "Quel jeu")
	mustRefuse(t, h.do("bob", "/play"), "Which game")
	h.restart()
	mustRefuse(t, h.do("alice", "/play"), "Quel jeu")
}

func TestHint_OnlyWhereAllowed(t *testing.T) {
	h := newHarness(t)
	h.seated()
	mustRefuse(t, h.do("alice", "/hint"), "Hints are off")
	mustOK(t, h.do("alice", "/settings hints=on"))
	outs := h.do("alice", "/hint")
	if len(outs) != 1 || !outs[0].Private || !strings.Contains(outs[0].Text, "/move 5") {
		t.Fatalf("hint: %+v", outs)
	}
	mustRefuse(t, h.do("bob", "/hint"), "not your turn")
}

// A player may keep his hands behind the board's button: no private
// message at all, and the board's mention calls him (Mention.ByDM false).
func TestHandBehindTheButton(t *testing.T) {
	h := newHarness(t)
	mustRefuse(t, h.do("bob", "/settings hand=pigeon"), "hand=pigeon")
	if h.core.user("local:bob").Hand != "" {
		t.Fatal("a refused setting changed the preference")
	}
	mustOK(t, h.do("bob", "/reglages main=bouton"))
	h.seated()
	h.rec.take()
	mustOK(t, h.do("alice", "/move 5"))
	outs := h.rec.take()
	board, _ := lastBoard(outs)
	if len(board.Mentions) != 1 || board.Mentions[0].User != "local:bob" || board.Mentions[0].ByDM {
		t.Errorf("bob's call: %+v", board.Mentions)
	}
	for _, o := range outs {
		if o.Dest == ToUser && o.User == "local:bob" {
			t.Errorf("bob got a private message: %+v", o)
		}
	}
	// His hand is there when he asks for it.
	if hand := h.do("bob", "/hand"); len(hand) != 1 || !hand[0].Private || len(hand[0].Buttons) == 0 {
		t.Fatalf("/hand: %+v", hand)
	}
	mustOK(t, h.do("bob", "/settings hand=dm"))
	mustOK(t, h.do("bob", "/move 1"))
	mustOK(t, h.do("alice", "/move 9"))
	got := false
	for _, o := range h.rec.take() {
		got = got || o.Dest == ToUser && o.User == "local:bob" && o.Hand
	}
	if !got {
		t.Error("back to hands by private message: none came")
	}
}
