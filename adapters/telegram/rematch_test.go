package telegram

import (
	"strconv"
	"strings"
	"testing"
)

// aliceWins plays a tic-tac-toe in the group to alice's win on the top
// row.
func (h *harness) aliceWins() {
	h.t.Helper()
	h.openTable(group, 0)
	for _, m := range []struct {
		u    fakeUser
		cell string
	}{{alice, "1"}, {bob, "4"}, {alice, "2"}, {bob, "5"}, {alice, "3"}} {
		h.say(m.u, group, 0, "/move "+m.cell)
	}
}

// A rematch in a group: the final board's button proposes it, the other
// player's press on the rematch's board deals it; the group gets one
// message, the rematch's board, edited in place from the question to the
// game.
func TestRematchIsOneGroupMessage(t *testing.T) {
	h := newHarness(t)
	h.aliceWins()
	final := h.board(group, 0)
	rematch, ok := button(final, "r")
	if !strings.Contains(final.Text, "wins") || !ok {
		t.Fatalf("the final board: %s %+v", final.Text, final.Markup)
	}
	before := len(h.f.botMessages(group))
	h.press(alice, final, *rematch.CallbackData)
	ask := h.board(group, 0)
	yes, ok := button(ask, "r1.0.yes")
	if ask.ID == final.ID || !ok || !strings.Contains(ask.Text, "Rematch of table #1") {
		t.Fatalf("the rematch's board: %s %+v", ask.Text, ask.Markup)
	}
	h.press(carol, ask, *yes.CallbackData)
	if a := h.f.lastAnswer(); !a.Alert || !strings.Contains(a.Text, "Only the players") {
		t.Fatalf("a stranger's yes: %+v", a)
	}
	h.press(bob, ask, *yes.CallbackData)
	game := h.board(group, 0)
	if game.ID != ask.ID || game.Edits == 0 || !strings.Contains(game.Text, "the rematch begins") {
		t.Fatalf("the rematch's board, dealt: %s", game.Text)
	}
	if n := len(h.f.botMessages(group)) - before; n != 1 {
		t.Fatalf("the rematch sent %d messages to the group, want 1", n)
	}
	noPrivateInGroup(t, h.f, group, alice, bob)
}

// A replay in a group is one message its buttons edit, whoever presses;
// asked with "me", it goes to the asker's private chat with his hand, and
// its buttons edit it there.
func TestReplayInAGroup(t *testing.T) {
	h := newHarness(t)
	h.aliceWins()
	before := len(h.f.botMessages(group))
	h.say(carol, group, 0, "/replay 1")
	r, ok := h.f.last(group, "Replay of Tic-tac-toe, table #1")
	next, has := button(r, "v1.1.")
	if !ok || !has || !strings.Contains(r.Text, "the deal") {
		t.Fatalf("/replay 1: %+v", r)
	}
	h.press(bob, r, *next.CallbackData)
	r2, _ := h.f.last(group, "Replay of Tic-tac-toe, table #1")
	if r2.ID != r.ID || r2.Edits == 0 || !strings.Contains(r2.Text, "move 1 of 5") {
		t.Fatalf("after ▶: %+v", r2)
	}
	if n := len(h.f.botMessages(group)) - before; n != 1 {
		t.Fatalf("the replay sent %d messages to the group, want 1", n)
	}
	h.say(alice, group, 0, "/replay 1 3 me")
	p, ok := h.f.last(alice.ID, "Replay of Tic-tac-toe, table #1")
	back, has := button(p, "v1.2.me")
	if !ok || !has || !strings.Contains(p.Text, "Your hand then") {
		t.Fatalf("alice's private replay: %+v", p)
	}
	h.press(alice, p, *back.CallbackData)
	p2, _ := h.f.last(alice.ID, "Replay of Tic-tac-toe, table #1")
	if p2.ID != p.ID || !strings.Contains(p2.Text, "move 2 of 5") {
		t.Fatalf("◀ in private: %+v", p2)
	}
	noPrivateInGroup(t, h.f, group, alice, bob)
	for _, m := range h.f.botMessages(group) {
		if strings.Contains(m.Text, "Your hand then") {
			t.Fatalf("a private replay reached the group: %s", m.Text)
		}
	}
}

// /history in the private chat lists the asker's own games, played in the
// group; /replay of one there shows his hand.
func TestHistoryInPrivateListsOwnGames(t *testing.T) {
	h := newHarness(t)
	h.aliceWins()
	h.say(bob, bob.ID, 0, "/history")
	list, ok := h.f.last(bob.ID, "Your games")
	if !ok || !strings.Contains(list.Text, "#1 · ") || !strings.Contains(list.Text, "Alice 1 🏆, Bob 0") {
		t.Fatalf("/history in bob's private chat: %+v", h.f.botMessages(bob.ID))
	}
	h.say(carol, carol.ID, 0, "/history")
	if m, ok := h.f.last(carol.ID, "#1 · "); ok {
		t.Fatalf("carol, who did not play, sees the game: %s", m.Text)
	}
	if strings.Contains(list.Text, "https://") {
		t.Errorf("a link to a game of a basic group (Telegram has none):\n%s", list.Text)
	}
	h.say(bob, bob.ID, 0, "/replay 1 2")
	if p, ok := h.f.last(bob.ID, "Replay of Tic-tac-toe, table #1"); !ok || !strings.Contains(p.Text, "move 2 of 5") ||
		!strings.Contains(p.Text, "Your hand then") {
		t.Fatalf("/replay 1 2 in bob's private chat: %+v", p)
	}
}

// A game of a public supergroup is listed with a link to its last board,
// after a restart too (the finished table's note).
func TestHistoryInPrivateLinksTheLastBoard(t *testing.T) {
	h := newHarness(t)
	h.publicTable()
	for _, m := range []struct {
		u    fakeUser
		cell string
	}{{alice, "1"}, {bob, "4"}, {alice, "2"}, {bob, "5"}, {alice, "3"}} {
		h.say(m.u, publicGroup, 0, "/move "+m.cell)
	}
	final := h.board(publicGroup, 0)
	want := "https://t.me/cafe_jeux/" + strconv.Itoa(final.ID)
	h.restart()
	h.say(bob, bob.ID, 0, "/history")
	list, ok := h.f.last(bob.ID, "Your games")
	if !ok || !strings.Contains(list.Text, want) {
		t.Fatalf("/history in private lacks %s: %+v", want, list)
	}
}
