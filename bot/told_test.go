package bot

import (
	"context"
	"strings"
	"testing"

	_ "github.com/tablee/tablee/games/all"
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
