package telegram

import (
	"strings"
	"testing"
	"time"

	_ "github.com/tablee/tablee/games/crackword"
)

// A whole two-player Crack Word game in a group: joining by the deep link,
// every move typed in the players' private chats, the board edited in the
// group, and no hand ever shown there.
func TestWholeCrackWordGame(t *testing.T) {
	h := newHarness(t)
	h.say(alice, group, 0, "/play crackword")
	// Text boards: drawing Crack Word's pictures would only slow the race
	// detector down (pictures are tested with tic-tac-toe's small grid).
	h.say(alice, group, 0, "/settings view=text")
	board := h.board(group, 0)
	h.joinLink(bob, board)
	start, ok := button(h.board(group, 0), "s")
	if !ok {
		t.Fatal("no start button")
	}
	h.press(alice, h.board(group, 0), *start.CallbackData)
	if _, ok := h.f.last(alice.ID, "your hand"); !ok {
		t.Fatalf("alice got no hand: %+v", h.f.botMessages(alice.ID))
	}
	key := chatKey(group, 0)
	moves := 0
	var hintTime time.Duration
	defer func() { t.Logf("hints took %v", hintTime) }()
	private0 := map[int64]int{alice.ID: len(h.f.botMessages(alice.ID)), bob.ID: len(h.f.botMessages(bob.ID))}
	called := map[int64]int{}
	for moves < 600 {
		played := false
		for _, u := range []fakeUser{alice, bob} {
			t0 := time.Now()
			move, ok := h.core.Hint(key, userKey(u.ID))
			hintTime += time.Since(t0)
			if !ok {
				continue
			}
			called[u.ID]++ // the two play in turn: each turn is a call
			before := h.core.Counter(key)
			h.say(u, u.ID, 0, "/move "+move)
			if h.core.Counter(key) == before {
				dump(t, h.f, u.ID)
				t.Fatalf("move %q of %s refused", move, u.Name)
			}
			played = true
			moves++
		}
		if !played {
			break
		}
	}
	if moves == 0 {
		t.Fatal("nobody played")
	}
	b := h.board(group, 0)
	if _, waiting := h.core.Hint(key, userKey(alice.ID)); waiting || h.core.Counter(key) != 0 {
		dump(t, h.f, group)
		t.Fatalf("the game did not end after %d moves: %s", moves, b.Text)
	}
	if len(h.f.botMessages(group)) > 40 {
		t.Fatalf("%d messages in the group for %d moves: the board is not edited in place", len(h.f.botMessages(group)), moves)
	}
	noPrivateInGroup(t, h.f, group, alice, bob)
	// Private messages: one hand message per player, a new one only for a
	// turn he is called to play (plus the greeting and one more), never two
	// alike in a row.
	for _, u := range []fakeUser{alice, bob} {
		ms := h.f.botMessages(u.ID)
		got := len(ms) - private0[u.ID]
		if got > called[u.ID]+2 {
			t.Errorf("%s: %d private messages for %d turns", u.Name, got, called[u.ID])
		}
		for i := private0[u.ID] + 1; i < len(ms); i++ {
			if ms[i].Text == ms[i-1].Text && ms[i].Markup == nil && ms[i-1].Markup == nil {
				t.Errorf("%s: two private messages alike in a row: %q", u.Name, ms[i].Text)
			}
		}
		t.Logf("%s: %d private messages for %d turns", u.Name, got, called[u.ID])
	}
	t.Logf("%d moves, %d group messages; final board:\n%s", moves, len(h.f.botMessages(group)), strings.TrimSpace(b.Text))
}

func TestPollingBacksOffOnErrors(t *testing.T) {
	h := newHarness(t)
	h.f.inject(fakeFail{method: "getUpdates", code: 502, times: 3})
	t0 := h.clock.Now()
	h.say(alice, group, 0, "/play tictactoe")
	h.board(group, 0)
	// 1 s, 2 s, 4 s of back-off, in the adapter's clock.
	if waited := h.clock.Now().Sub(t0); waited < 7*time.Second {
		t.Fatalf("no back-off: %v", waited)
	}
}
