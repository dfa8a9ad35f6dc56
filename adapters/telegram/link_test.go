package telegram

import (
	"strconv"
	"strings"
	"testing"
)

// Supergroups as Telegram numbers them for the Bot API: -100 and the
// group's MTProto id.
const (
	publicGroup  int64 = -1001234567890 // with a username
	privateGroup int64 = -1009876543210 // a forum, without one
)

// /mygames answers in private with a link to each table's board: the
// public form where the group has a username, the t.me/c/ form with the
// topic where it has none; a basic group has no message links.
func TestMyGamesLinks(t *testing.T) {
	h := newHarness(t)
	h.publicTable()
	h.openTable(privateGroup, 7)
	h.say(alice, group, 0, "/play@TableeBot tictactoe")
	pub, priv := h.board(publicGroup, 0), h.board(privateGroup, 7)
	h.say(alice, publicGroup, 0, "/mygames")
	list, ok := h.f.last(alice.ID, "Your games (3)")
	if !ok {
		t.Fatalf("no list in private: %+v", h.f.botMessages(alice.ID))
	}
	for _, want := range []string{
		"https://t.me/cafe_jeux/" + strconv.Itoa(pub.ID),
		"https://t.me/c/9876543210/7/" + strconv.Itoa(priv.ID),
	} {
		if !strings.Contains(list.Text, want) {
			t.Errorf("the list lacks %s:\n%s", want, list.Text)
		}
	}
	if strings.Count(list.Text, "https://") != 2 {
		t.Errorf("a link for the basic group:\n%s", list.Text)
	}
	if _, ok := h.f.last(publicGroup, "Your games"); ok {
		t.Fatal("the list was shown in the group")
	}
	// The group drops its username: the link becomes the private form.
	h.dropUsername(publicGroup)
	h.say(bob, bob.ID, 0, "/mesparties")
	list, _ = h.f.last(bob.ID, "Your games (2)")
	if want := h.privateLink(); !strings.Contains(list.Text, want) {
		t.Errorf("bob's list lacks %s:\n%s", want, list.Text)
	}
}

// publicTable gives publicGroup the username cafe_jeux and opens a table
// there, alice having written to the bot in private first.
func (h *harness) publicTable() {
	h.t.Helper()
	h.f.mu.Lock()
	h.f.usernames[publicGroup] = "cafe_jeux"
	h.f.mu.Unlock()
	h.say(alice, alice.ID, 0, "/start")
	h.openTable(publicGroup, 0)
}

// dropUsername makes a public group private, and has it speak (/board).
func (h *harness) dropUsername(chat int64) {
	h.t.Helper()
	h.f.mu.Lock()
	delete(h.f.usernames, chat)
	h.f.mu.Unlock()
	h.say(bob, chat, 0, "/board")
}

// privateLink is the t.me/c/ link to publicGroup's board: 1234567890 is
// the group's MTProto id, its Bot API id without -100.
func (h *harness) privateLink() string {
	return "https://t.me/c/1234567890/" + strconv.Itoa(h.board(publicGroup, 0).ID)
}

// A public group's username is kept with its boards: after a restart,
// before the group speaks again, /mygames still links the public form;
// once the group speaks without a username, the private form.
func TestMyGamesLinkKeepsTheUsernameAcrossARestart(t *testing.T) {
	h := newHarness(t)
	h.publicTable()
	pub := h.board(publicGroup, 0)
	h.restart()
	h.say(alice, alice.ID, 0, "/mygames")
	list, ok := h.f.last(alice.ID, "Your games (1)")
	if want := "https://t.me/cafe_jeux/" + strconv.Itoa(pub.ID); !ok || !strings.Contains(list.Text, want) {
		t.Fatalf("after a restart the list lacks %s:\n%s", want, list.Text)
	}
	h.dropUsername(publicGroup)
	h.say(alice, alice.ID, 0, "/mygames")
	list, _ = h.f.last(alice.ID, "Your games (1)")
	if want := h.privateLink(); !strings.Contains(list.Text, want) {
		t.Errorf("once the group has no username the list lacks %s:\n%s", want, list.Text)
	}
	// And it stays so across the next restart: the board posted since
	// keeps no username.
	h.restart()
	h.say(alice, alice.ID, 0, "/mygames")
	list, _ = h.f.last(alice.ID, "Your games (1)")
	if strings.Contains(list.Text, "cafe_jeux") {
		t.Errorf("a username the group dropped came back after a restart:\n%s", list.Text)
	}
}

// The boards kept in memory are bounded: past maxBoards they are let go
// and read again from their tables' notes when needed, and each board goes
// on being edited in place, not posted again.
func TestBoardsInMemoryAreBounded(t *testing.T) {
	defer func(n int) { maxBoards = n }(maxBoards)
	maxBoards = 1
	h := newHarness(t)
	const other int64 = -1002
	h.openTable(group, 0)
	h.openTable(other, 0)
	first, second := h.board(group, 0), h.board(other, 0)
	for _, m := range []struct {
		u    fakeUser
		chat int64
		cell string
	}{{alice, group, "1"}, {alice, other, "1"}, {bob, group, "4"}, {bob, other, "4"}} {
		h.say(m.u, m.chat, 0, "/move "+m.cell)
	}
	for _, b := range []struct{ was, now fakeMsg }{{first, h.board(group, 0)}, {second, h.board(other, 0)}} {
		if b.now.ID != b.was.ID || b.now.Edits < 2 {
			t.Errorf("the board was not edited in place: first %d, now %d (%d edits): %s", b.was.ID, b.now.ID, b.now.Edits, b.now.Text)
		}
	}
	n, byChat := h.a.boards.Size()
	if n > 1 || byChat > 1 {
		t.Errorf("%d boards in memory (%d chats), at most 1", n, byChat)
	}
}
