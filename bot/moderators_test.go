package bot

import (
	"context"
	"strings"
	"testing"
	"time"
)

// mod sends typed text in local:main as a user the platform says
// moderates the chat.
func (h *harness) mod(user, text string) []Out {
	h.t.Helper()
	name, args, ok := ParseText(text)
	if !ok {
		h.t.Fatalf("not a command: %q", text)
	}
	return h.core.Handle(context.Background(), Command{Chat: "local:main", User: User{ID: "local:" + user, Name: user},
		Name: name, Args: args, Moderator: true})
}

// chatSaid is everything the chat was told since the last look.
func (h *harness) chatSaid() string {
	var b strings.Builder
	for _, o := range h.rec.take() {
		if o.Dest == ToChat {
			b.WriteString(o.Text + "\n")
		}
	}
	return b.String()
}

func TestModerators_NotSeatedStopsAGameAtOnce(t *testing.T) {
	h := newHarness(t)
	h.seated()
	mustRefuse(t, h.do("carol", "/quit"), "moderators can stop it")
	h.rec.take()
	mustOK(t, h.mod("carol", "/quit"))
	if h.core.chatTable("local:main") != nil {
		t.Fatal("the table is still open after a moderator's /quit")
	}
	if said := h.chatSaid(); !strings.Contains(said, "carol stops the game as a moderator of this chat") {
		t.Fatalf("the table was not told who stopped it: %q", said)
	}
}

func TestModerators_SeatedModeratorStopsWithoutAVote(t *testing.T) {
	h := newHarness(t)
	h.seated()
	// bob is seated but did not open the table: his /quit is a vote,
	// unless he moderates the chat.
	mustOK(t, h.mod("bob", "/quit"))
	if h.core.chatTable("local:main") != nil {
		t.Fatal("a seated moderator's /quit was taken as a vote")
	}
}

func TestModerators_CloseALobby(t *testing.T) {
	h := newHarness(t)
	mustOK(t, h.do("alice", "/play tictactoe"))
	mustOK(t, h.do("bob", "/join"))
	h.rec.take()
	mustOK(t, h.mod("carol", "/quitter"))
	if said := h.chatSaid(); !strings.Contains(said, "carol closes the table as a moderator of this chat") {
		t.Fatalf("the lobby was not told who closed it: %q", said)
	}
	mustOK(t, h.do("dave", "/play tictactoe"))
}

func TestModerators_KickInAGameABotPlaysTheSeat(t *testing.T) {
	h := newHarness(t)
	h.seated()
	mustRefuse(t, h.do("carol", "/kick bob"), "Only this chat's moderators")
	// Opening the table is no moderation either.
	mustRefuse(t, h.do("alice", "/kick @bob"), "Only this chat's moderators")
	mustRefuse(t, h.mod("carol", "/kick"), "Whose seat?")
	mustRefuse(t, h.mod("carol", "/kick zoe"), "Nobody seated at this table is called zoe")
	h.rec.take()
	mustOK(t, h.mod("carol", "/exclure @bob"))
	tb := h.core.chatTable("local:main")
	if tb == nil || !tb.Seats[1].Left || !tb.botPlays(1) {
		t.Fatalf("bob's seat is not played by a bot: %+v", tb)
	}
	if said := h.chatSaid(); !strings.Contains(said, "carol takes bob's seat away as a moderator of this chat: a bot plays it") {
		t.Fatalf("the table was not told who took the seat: %q", said)
	}
	// The game goes on: alice's move is answered by the bot in bob's seat.
	before := h.core.Counter("local:main")
	mustOK(t, h.do("alice", "/move 5"))
	if after := h.core.Counter("local:main"); after < before+2 {
		t.Fatalf("the bot did not play bob's seat: counter %d, then %d", before, after)
	}
	mustRefuse(t, h.mod("carol", "/kick bob"), "Nobody seated")
}

func TestModerators_KickTheLastPersonClosesTheLobby(t *testing.T) {
	h := newHarness(t)
	mustOK(t, h.do("alice", "/play tictactoe"))
	mustOK(t, h.do("bob", "/join"))
	mustOK(t, h.mod("carol", "/kick alice"))
	tb := h.core.chatTable("local:main")
	if tb == nil || len(tb.Seats) != 1 || tb.Creator != "local:bob" {
		t.Fatalf("after alice's seat was taken: %+v", tb)
	}
	mustOK(t, h.mod("carol", "/kick bob"))
	if h.core.chatTable("local:main") != nil {
		t.Fatal("a lobby with nobody left is still open")
	}
	if said := h.chatSaid(); !strings.Contains(said, "carol takes bob's seat away") || !strings.Contains(said, "The table is closed.") {
		t.Fatalf("the table was not told: %q", said)
	}
}

func TestModerators_ChangeTheSettingsOfATableTheyDoNotSitAt(t *testing.T) {
	h := newHarness(t)
	h.seated()
	mustRefuse(t, h.do("carol", "/settings turn=1h"), "not seated")
	mustRefuse(t, h.do("bob", "/settings turn=1h"), "Only alice")
	h.rec.take()
	mustOK(t, h.mod("carol", "/settings turn=1h"))
	if tb := h.core.chatTable("local:main"); tb.Settings.Turn != time.Hour {
		t.Fatalf("turn %v after a moderator's /settings turn=1h", tb.Settings.Turn)
	}
	if said := h.chatSaid(); !strings.Contains(said, "carol changes the table's settings as a moderator of this chat: turn=1h") {
		t.Fatalf("the table was not told who changed its settings: %q", said)
	}
}

// The flag counts only for a table of the chat the command came from: in
// private (where the adapters never set it) a player's /quit stays a vote.
func TestModerators_PrivateChatHasNoModerator(t *testing.T) {
	h := newHarness(t)
	h.seated()
	outs := h.core.Handle(context.Background(), Command{Chat: "local:bob", Private: true, Moderator: true,
		User: User{ID: "local:bob", Name: "bob"}, Name: "quit"})
	mustOK(t, outs)
	if h.core.chatTable("local:main") == nil {
		t.Fatal("a moderator flag in private stopped a group's table")
	}
	if !strings.Contains(textsOf(outs), "votes to stop") {
		t.Fatalf("bob's /quit in private is not a vote: %q", textsOf(outs))
	}
}

func TestModerators_SecondPlayNamesTheCommandThatWorks(t *testing.T) {
	h := newHarness(t)
	mustOK(t, h.do("alice", "/play tictactoe"))
	mustOK(t, h.do("bob", "/join"))
	mustRefuse(t, h.do("alice", "/play tictactoe"), "/quit to stop it.")
	mustRefuse(t, h.do("bob", "/play tictactoe"), "/quit to vote to stop it")
	mustRefuse(t, h.do("carol", "/play tictactoe"), "ask a moderator of this chat")
	mustRefuse(t, h.mod("carol", "/play tictactoe"), "/quit to stop it.")
}

// A rematch nobody started holds the chat like a lobby: a moderator
// closes it, and its board says by whom; its seats are not his to take.
func TestModerators_CloseARematch(t *testing.T) {
	h := newHarness(t)
	h.seated()
	h.finishTicTacToe()
	mustOK(t, h.do("alice", "/rematch"))
	mustRefuse(t, h.mod("carol", "/kick bob"), "/quit closes it")
	mustRefuse(t, h.do("carol", "/quit"), "Only the players of table #1")
	h.rec.take()
	mustOK(t, h.mod("carol", "/quit"))
	if h.core.chatTable("local:main") != nil {
		t.Fatal("the rematch is still open after a moderator's /quit")
	}
	if said := h.chatSaid(); !strings.Contains(said, "carol closed it as a moderator of this chat") {
		t.Fatalf("the rematch's board does not say who closed it: %q", said)
	}
}
