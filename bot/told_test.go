package bot

import (
	"context"
	"strings"
	"testing"

	"github.com/tablee/tablee/games"
	_ "github.com/tablee/tablee/games/all"
	"github.com/tablee/tablee/i18n"
)

// playHint plays the bot player's choice for user at the chat's table.
func playHint(t *testing.T, h *harness, chat, user string) []Out {
	t.Helper()
	move, ok := h.core.Hint(chat, "local:"+user)
	if !ok {
		t.Fatalf("the game does not wait for %s", user)
	}
	outs := h.core.Handle(context.Background(), Command{Chat: chat, User: User{ID: "local:" + user, Name: user},
		Name: "move", Args: strings.Fields(move)})
	mustOK(t, outs)
	return append(outs, h.rec.take()...)
}

// The board that comes with a move's events does not repeat the last move
// under them ("Last move: …" said the line above it again); the board asked
// for, which comes alone, still tells it.
func TestRecap_BoardWithTheEventsDoesNotRepeatTheLastMove(t *testing.T) {
	h := newHarness(t)
	mustOK(t, h.doIn("local:a", "alice", "/play crackword bots=1"))
	mustOK(t, h.doIn("local:a", "alice", "/start"))
	h.rec.take()
	b, ok := lastBoard(playHint(t, h, "local:a", "alice"))
	if !ok || strings.Contains(b.Text, "Last move:") {
		t.Fatalf("the board repeats the last move under its events:\n%s", b.Text)
	}
	asked := h.doIn("local:a", "alice", "/board")
	mustOK(t, asked)
	if len(asked) == 0 || !strings.Contains(asked[0].Text, "Last move:") {
		t.Fatalf("the board asked for does not tell the last move: %+v", asked)
	}
}

// A private note of something pending ("Contre noté…", "Proposition
// enregistrée…") is shown only if no move was played between the move
// that made it and its delivery: a later move may have settled it, and the
// note would contradict the board shown with it. Other notes are shown.
func TestOutbox_PendingNoteMadeStaleByALaterMoveIsDropped(t *testing.T) {
	h := newHarness(t)
	tb := h.seated()
	h.rec.take()
	queue := func() {
		tb.batchOpen = false
		tb.showBoard([]games.Event{
			{To: 1, Msg: i18n.Raw("said: your card is back in your hand")},
			{To: 1, Msg: i18n.Raw("pending: your answer is noted"), Pending: true},
		})
	}
	bobSees := func() string {
		t.Helper()
		outs, _ := h.core.takeOutbox(tb)
		for _, o := range outs {
			if o.Dest == ToUser && o.User == "local:bob" {
				return o.Text
			}
		}
		t.Fatalf("bob is told nothing: %+v", outs)
		return ""
	}
	tb.mu.Lock()
	defer tb.mu.Unlock()

	queue() // the move being played
	tb.Moves++
	if got := bobSees(); !strings.Contains(got, "said:") || !strings.Contains(got, "pending:") {
		t.Fatalf("shown at once, both notes hold:\n%s", got)
	}
	queue()
	tb.Moves += 2 // the move, then another before the delivery
	if got := bobSees(); !strings.Contains(got, "said:") || strings.Contains(got, "pending:") {
		t.Fatalf("a later move made the pending note stale:\n%s", got)
	}
}

// La Coquillaude: a player who proposed may replace his proposal until the
// round is resolved; the bot lets the engine judge a move of a seat it
// does not wait for, instead of refusing it as "not your turn", which was
// false.
func TestCoquillaude_ProposalReplacedNotRefusedAsNotYourTurn(t *testing.T) {
	h := newHarness(t)
	mustOK(t, h.doIn("local:a", "alice", "/play coquillaude"))
	mustOK(t, h.doIn("local:a", "bob", "/join"))
	mustOK(t, h.doIn("local:a", "alice", "/start"))
	var proposal string
	for i := 0; i < 200 && proposal == ""; i++ {
		played := false
		for _, u := range []string{"alice", "bob"} {
			move, ok := h.core.Hint("local:a", "local:"+u)
			if !ok {
				continue
			}
			if u == "alice" && strings.HasPrefix(move, "mot ") {
				proposal = move
				break
			}
			playHint(t, h, "local:a", u)
			played = true
			break
		}
		if !played && proposal == "" {
			t.Fatal("the game waits for nobody")
		}
	}
	if proposal == "" {
		t.Fatal("alice never composes")
	}
	alice := User{ID: "local:alice", Name: "alice"}
	do := func(move string) []Out {
		return h.core.Handle(context.Background(), Command{Chat: "local:a", User: alice, Name: "move", Args: strings.Fields(move)})
	}
	mustOK(t, do(proposal))
	h.rec.take()
	if _, waits := h.core.Hint("local:a", "local:bob"); !waits {
		t.Skip("bob has nothing to propose in this deal")
	}
	before := h.core.Counter("local:a")
	mustOK(t, do(proposal))
	mustOK(t, do("rien"))
	if h.core.Counter("local:a") != before+2 {
		t.Fatal("the replacements were not played")
	}
	for _, o := range h.rec.take() {
		if o.Dest == ToChat && (strings.Contains(o.Text, "alice has made a proposal") || strings.Contains(o.Text, "alice proposes nothing")) {
			t.Fatalf("the table is told of a replacement: %s", o.Text)
		}
	}
}

// La Coquillaude: the board that comes with a question's event does not
// print the question again in its status lines; the board asked for does.
func TestCoquillaude_QuestionPrintedOnce(t *testing.T) {
	h := newHarness(t)
	mustOK(t, h.doIn("local:a", "alice", "/play coquillaude bots=1"))
	outs := h.doIn("local:a", "alice", "/start")
	mustOK(t, outs)
	countQuestions := func(text string) (string, int) {
		for _, l := range strings.Split(text, "\n") {
			if i := strings.LastIndex(l, ": "); strings.HasPrefix(l, "Question ") && i > 0 {
				q := l[i+2:]
				return q, strings.Count(text, q)
			}
		}
		return "", 0
	}
	b, ok := lastBoard(append(outs, h.rec.take()...))
	if !ok {
		t.Fatal("no board")
	}
	if q, n := countQuestions(b.Text); n != 1 {
		t.Fatalf("question %q printed %d times:\n%s", q, n, b.Text)
	}
	asked := h.doIn("local:a", "alice", "/board")
	if q, n := countQuestions(asked[0].Text); n != 1 {
		t.Fatalf("the board asked for prints question %q %d times:\n%s", q, n, asked[0].Text)
	}
}

// Mots de Tête has no hand: its board offers no "my hand" button, and the
// player called to play is sent what is his alone, not the grid again.
func TestMotsDeTete_NoHandButtonNoGridInPrivate(t *testing.T) {
	h := newHarness(t)
	mustOK(t, h.doIn("local:a", "alice", "/play motsdetete"))
	mustOK(t, h.doIn("local:a", "bob", "/join"))
	outs := h.doIn("local:a", "alice", "/start")
	mustOK(t, outs)
	outs = append(outs, h.rec.take()...)
	b, ok := lastBoard(outs)
	if !ok || len(b.Mono) == 0 {
		t.Fatalf("no board: %+v", outs)
	}
	for _, row := range b.Buttons {
		for _, btn := range row {
			if strings.HasPrefix(btn.Data, "h") {
				t.Fatalf("a hand button in a game with no hand: %+v", btn)
			}
		}
	}
	called := false
	for _, o := range outs {
		if o.Dest != ToUser {
			continue
		}
		called = called || o.User == "local:alice"
		if len(o.Mono) > 0 || o.Picture != nil {
			t.Fatalf("the grid sent in private to %s: %+v", o.User, o.Mono)
		}
	}
	if !called {
		t.Fatal("alice is not called to play in private")
	}
}

// A seat whose pending note a later move made stale still gets its view,
// built as of now: the move that settled it may have changed his hand.
func TestOutbox_SeatOfAStaleNoteGetsItsViewAsOfNow(t *testing.T) {
	h := newHarness(t)
	tb := h.seated()
	h.rec.take()
	tb.mu.Lock()
	defer tb.mu.Unlock()
	tb.batchOpen = false
	tb.showBoard([]games.Event{{To: 1, Msg: i18n.Raw("pending: your answer is noted"), Pending: true}})
	tb.Moves += 2
	tb.shownHands = nil
	outs, _ := h.core.takeOutbox(tb)
	for _, o := range outs {
		if o.Dest == ToUser && o.User == "local:bob" {
			if strings.Contains(o.Text, "pending:") {
				t.Fatalf("a stale note shown:\n%s", o.Text)
			}
			return
		}
	}
	t.Fatalf("bob's view is not built again: %+v", outs)
}
