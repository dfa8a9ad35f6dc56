package discord

import (
	"strings"
	"testing"
)

// /mygames answers ephemerally with a jump link to the board of each of
// the user's tables, in a channel and in a thread; the links survive a
// restart (the guild is kept in the board's note), and /away and /quiet
// take their option.
func TestMyGamesJumpLinks(t *testing.T) {
	t.Parallel()
	e := newEnv(t, Options{})
	f := e.f
	e.seated(channel)
	e.slash(alice, channel, "play", "game", "tictactoe", "thread", true)
	thread := f.threadOf(channel)
	inChannel, inThread := e.board(channel), e.board(thread)
	want := []string{
		"https://discord.com/channels/" + f.guild + "/" + channel + "/" + inChannel.ID,
		"https://discord.com/channels/" + f.guild + "/" + thread + "/" + inThread.ID,
	}
	in := e.slash(alice, channel, "mygames")
	if in.Original == nil || !in.Original.ephemeral() {
		t.Fatalf("/mygames: want an ephemeral answer, got %+v", in.Original)
	}
	for _, w := range want {
		if !strings.Contains(in.reply(), w) {
			t.Errorf("/mygames lacks %s:\n%s", w, in.reply())
		}
	}
	if !strings.Contains(in.reply(), "your turn") || !strings.Contains(in.reply(), "not started yet") {
		t.Errorf("/mygames: %s", in.reply())
	}
	// After a restart, asked in a DM (no guild there), the links are the
	// same: the board notes kept the guild.
	e.restart()
	in = e.slash(alice, f.dmOf(alice.ID), "mygames")
	for _, w := range want {
		if !strings.Contains(in.reply(), w) {
			t.Errorf("after a restart, /mygames lacks %s:\n%s", w, in.reply())
		}
	}
	in = e.slash(alice, channel, "away", "duration", "3 days")
	if !in.Original.ephemeral() || !strings.Contains(in.reply(), "you are away until") {
		t.Fatalf("/away: %+v", in.Original)
	}
	in = e.slash(alice, channel, "quiet", "hours", "23:00-08:00")
	if !in.Original.ephemeral() || !strings.Contains(in.reply(), "Quiet hours: 23:00 to 08:00 (UTC)") {
		t.Fatalf("/quiet: %s", in.reply())
	}
	if f.lastWith(channel, "", "is away until") == nil {
		t.Fatal("the channel was not told of her time off")
	}
	f.mu.Lock()
	reg := f.commands[len(f.commands)-1]
	f.mu.Unlock()
	for name, opt := range map[string]string{"away": "duree", "quiet": "heures"} {
		c := findCommand(reg.Commands, name)
		if c == nil || len(c.Options) != 1 || c.Options[0].NameLocalizations["fr"] != opt {
			t.Errorf("/%s is not registered with its option: %+v", name, c)
		}
	}
}

// What the adapter keeps of tables is bounded: past maxBoards the boards
// are let go and read again from their notes, and each board goes on being
// edited in place, not posted again; a table's delivery mutex is let go
// once no delivery holds it.
func TestBoardsInMemoryAreBounded(t *testing.T) {
	defer func(n int) { maxBoards = n }(maxBoards)
	maxBoards = 1
	e := newEnv(t, Options{})
	const other = "500000000000000002"
	e.seated(channel)
	e.seated(other)
	first, second := e.board(channel), e.board(other)
	for _, m := range []struct {
		u    fuser
		ch   string
		cell string
	}{{alice, channel, "1"}, {alice, other, "1"}, {bob, channel, "4"}, {bob, other, "4"}} {
		e.slash(m.u, m.ch, "move", "move", m.cell)
	}
	e.core.Flush()
	for _, b := range []struct{ was, now *fmsg }{{first, e.board(channel)}, {second, e.board(other)}} {
		if b.now.ID != b.was.ID || b.now.Edits < 2 {
			t.Errorf("the board was not edited in place: first %s, now %s (%d edits)", b.was.ID, b.now.ID, b.now.Edits)
		}
	}
	boards, _ := e.a.boards.Size()
	e.a.mu.Lock()
	mus := len(e.a.tableMus)
	e.a.mu.Unlock()
	if boards > 1 || mus != 0 {
		t.Errorf("%d boards in memory (at most 1), %d table mutexes (want 0)", boards, mus)
	}
}
