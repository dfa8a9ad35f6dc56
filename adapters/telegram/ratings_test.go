package telegram

import (
	"strings"
	"testing"
)

// A group is the server of its topics: a game finished in one topic is on
// the leaderboard every topic shows, drawn as a picture.
func TestLeaderboardOfTheGroup(t *testing.T) {
	h := newHarness(t)
	const forum int64 = -1002
	h.openTable(forum, 5)
	for n := 0; n < 9 && h.playTurn(forum, 5); n++ {
	}
	h.settle()
	if _, ok := h.f.last(forum, "Ratings (Tic-tac-toe)"); !ok {
		t.Fatalf("the group is not told the ratings: %+v", h.f.botMessages(forum))
	}
	h.say(carol, forum, 7, "/leaderboard tictactoe")
	m, ok := h.f.last(forum, "Tic-tac-toe: local leaderboard")
	if !ok || m.Thread != 7 || !strings.Contains(m.Text, "1. Alice") || !strings.Contains(m.Text, "2. Bob") || m.Photo == 0 {
		t.Fatalf("the leaderboard in another topic: %+v", m)
	}
}
