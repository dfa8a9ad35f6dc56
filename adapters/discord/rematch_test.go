package discord

import (
	"strings"
	"testing"
)

// posted counts the public messages ever posted in a channel (deleted ones
// too: each notified).
func (e *env) posted(ch string) int {
	n := 0
	for _, m := range e.f.all() {
		if m.Channel == ch && !m.DM && !m.ephemeral() {
			n++
		}
	}
	return n
}

// aliceWins plays a tic-tac-toe to alice's win on the top row.
func (e *env) aliceWins() {
	e.t.Helper()
	e.seated(channel)
	for _, m := range []struct {
		u    fuser
		cell string
	}{{alice, "1"}, {bob, "4"}, {alice, "2"}, {bob, "5"}, {alice, "3"}} {
		e.slash(m.u, channel, "move", "move", m.cell)
	}
}

// A rematch on Discord: the final board's button proposes it, the other
// player's press on the rematch's board deals it; the channel gets one
// message, the rematch's board, edited in place from the question to the
// game. A stranger's press is refused, privately.
func TestRematchIsOneMessageEditedInPlace(t *testing.T) {
	t.Parallel()
	e := newEnv(t, Options{})
	e.aliceWins()
	final := e.board(channel)
	if !strings.Contains(final.text(), "wins") {
		t.Fatalf("the game is not over: %q", final.text())
	}
	before := e.posted(channel)
	e.press(alice, final, button(t, final, "Rematch"))
	e.core.Flush()
	ask := e.board(channel)
	if ask.ID == final.ID || !strings.Contains(ask.text(), "Rematch of table #1") || !strings.Contains(ask.Content, "<@"+bob.ID+">") {
		t.Fatalf("the rematch's board: %q %q", ask.Content, ask.text())
	}
	refusedWith(t, e.press(carol, ask, button(t, ask, "I'm in")), "table n°1") // carol speaks French
	in := e.press(bob, ask, button(t, ask, "I'm in"))
	if len(in.Types) == 0 || in.Types[0] != 6 {
		t.Fatalf("bob's yes should be acknowledged silently, got %v", in.Types)
	}
	e.core.Flush()
	game := e.f.get(ask.ID)
	if game.Edits == 0 || !strings.Contains(game.text(), "the rematch begins") || !strings.Contains(game.text(), "My hand") {
		t.Fatalf("the rematch's board, dealt: %q", game.text())
	}
	if n := e.posted(channel) - before; n != 1 {
		t.Fatalf("the rematch posted %d messages in the channel, want 1", n)
	}
	e.noHiddenInformation()
}

// A replay on Discord: /replay answers with one public message, whose
// buttons edit it in place, whoever presses; /replay mine:true answers
// privately with the asker's hand, and its buttons edit that private
// message.
func TestReplayButtonsEditTheirMessage(t *testing.T) {
	t.Parallel()
	e := newEnv(t, Options{})
	e.aliceWins()
	e.core.Flush()
	before := e.posted(channel)
	in := e.slash(carol, channel, "replay", "table", 1)
	r := in.Original
	if r == nil || r.ephemeral() || !strings.Contains(r.text(), "Replay of Tic-tac-toe, table #1") || !strings.Contains(r.text(), "[▶]") {
		t.Fatalf("/replay table:1: %+v", r)
	}
	next := e.press(bob, r, button(t, r, "▶"))
	if len(next.Types) == 0 || next.Types[0] != 7 {
		t.Fatalf("▶ should update its message, got %v", next.Types)
	}
	if m := e.f.get(r.ID); !strings.Contains(m.text(), "move 1 of 5") || m.Edits == 0 {
		t.Fatalf("after ▶: %q", m.text())
	}
	last := e.press(carol, e.f.get(r.ID), button(t, e.f.get(r.ID), "⏭"))
	if last.Types[0] != 7 || !strings.Contains(e.f.get(r.ID).text(), "move 5 of 5") {
		t.Fatalf("after ⏭: %v %q", last.Types, e.f.get(r.ID).text())
	}
	if n := e.posted(channel) - before; n != 1 {
		t.Fatalf("the replay posted %d messages in the channel, want 1", n)
	}
	// In private, with the asker's hand.
	in = e.slash(alice, channel, "replay", "table", 1, "step", 3, "mine", true)
	p := in.Original
	if p == nil || !p.ephemeral() || !strings.Contains(p.text(), "move 3 of 5") || !strings.Contains(p.text(), "Your hand then") {
		t.Fatalf("/replay table:1 step:3 mine:true: %+v", p)
	}
	back := e.press(alice, p, button(t, p, "◀"))
	if back.Types[0] != 7 || !strings.Contains(e.f.get(p.ID).text(), "move 2 of 5") || !e.f.get(p.ID).ephemeral() {
		t.Fatalf("◀ on the private replay: %v %q", back.Types, e.f.get(p.ID).text())
	}
	e.noHiddenInformation()
}

// /history in a DM lists the asker's own games, played in the guild's
// channel; /replay of one there answers in the DM with his hand.
func TestHistoryInADMListsOwnGames(t *testing.T) {
	t.Parallel()
	e := newEnv(t, Options{})
	e.aliceWins()
	e.core.Flush()
	final := e.board(channel)
	dm := e.f.dmOf(bob.ID)
	in := e.slash(bob, dm, "history")
	if r := in.reply(); !strings.Contains(r, "Your games") || !strings.Contains(r, "#1 · ") || !strings.Contains(r, "alice_nick 1 🏆, Bob 0") {
		t.Fatalf("/history in bob's DM: %q", r)
	}
	// A link to the game's last board, in its channel, after a restart too
	// (read from the finished table's note).
	link := "https://discord.com/channels/" + e.f.guild + "/" + channel + "/" + final.ID
	if r := in.reply(); !strings.Contains(r, link) {
		t.Errorf("/history in bob's DM lacks %s: %q", link, r)
	}
	e.restart()
	if r := e.slash(bob, dm, "history").reply(); !strings.Contains(r, link) {
		t.Errorf("after a restart, /history lacks %s: %q", link, r)
	}
	if r := e.slash(carol, e.f.dmOf(carol.ID), "history").reply(); strings.Contains(r, "#1 · ") {
		t.Fatalf("carol, who did not play, sees the game: %q", r)
	}
	in = e.slash(bob, dm, "replay", "table", 1, "step", 2)
	if r := in.reply(); !strings.Contains(r, "move 2 of 5") || !strings.Contains(r, "Your hand then") {
		t.Fatalf("/replay table:1 step:2 in bob's DM: %q", r)
	}
}
