package discord

import (
	"slices"
	"strings"
	"testing"
)

// A finished game counts in the server's leaderboard: /leaderboard answers
// in the channel with the table and its picture; /stats takes a player
// option, which arrives as a mention.
func TestLeaderboardAndStats(t *testing.T) {
	t.Parallel()
	e := newEnv(t, Options{})
	e.seated(channel)
	// alice takes the bottom row: 5, 9, 7, 8 against bob's 1, 3, 4.
	for _, step := range []struct {
		u    fuser
		cell string
	}{{alice, "5"}, {bob, "1"}, {alice, "9"}, {bob, "3"}, {alice, "7"}, {bob, "4"}, {alice, "8"}} {
		refused := e.slash(step.u, channel, "move", "move", step.cell)
		if strings.Contains(refused.reply(), "✖") {
			t.Fatalf("move %s refused: %s", step.cell, refused.reply())
		}
	}
	e.core.Flush()
	if told := e.f.lastWith(channel, "", "Ratings (Tic-tac-toe)"); told == nil || !strings.Contains(told.text(), "alice_nick 0.0 → ") {
		t.Fatalf("the channel is not told the ratings: %+v", told)
	}
	in := e.slash(carol, channel, "leaderboard", "game", "tictactoe")
	m := in.Original
	if m == nil || m.ephemeral() || !strings.Contains(m.text(), "1. alice_nick") || !strings.Contains(m.text(), "2. Bob") ||
		!slices.Contains(m.Files, "board.png") {
		t.Fatalf("/leaderboard: %+v", m)
	}
	in = e.slash(alice, channel, "stats", "player", bob)
	if got := in.reply(); !strings.Contains(got, "Bob — ratings") || !strings.Contains(got, "1 game, 0 wins") {
		t.Fatalf("/stats player:Bob: %q", got)
	}
}
