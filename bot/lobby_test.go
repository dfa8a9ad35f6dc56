package bot

import (
	"strings"
	"testing"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/i18n"
)

func TestLobby_JoinTwiceIsRefused(t *testing.T) {
	h := newHarness(t)
	mustOK(t, h.do("alice", "/play tictactoe"))
	mustRefuse(t, h.do("alice", "/join"), "already seated")
	mustOK(t, h.do("bob", "/join"))
	mustRefuse(t, h.do("bob", "/join"), "already seated")
	mustRefuse(t, h.do("carol", "/join"), "full")
}

func TestLobby_StartWithTooFew(t *testing.T) {
	h := newHarness(t)
	mustOK(t, h.do("alice", "/play tictactoe"))
	mustRefuse(t, h.do("alice", "/start"), "At least 2 players")
	mustOK(t, h.do("bob", "/join"))
	mustRefuse(t, h.do("bob", "/start"), "Only alice")
	mustOK(t, h.do("alice", "/start"))
	mustRefuse(t, h.do("alice", "/start"), "already started")
	mustRefuse(t, h.do("carol", "/join"), "already started")
}

func TestLobby_FrenchCommandsAndAliases(t *testing.T) {
	h := newHarness(t)
	mustOK(t, h.do("alice", "/jouer Tic-Tac-Toe"))
	mustOK(t, h.do("bob", "/rejoindre"))
	mustOK(t, h.do("alice", "/commencer"))
	if tb := h.core.tableFor(Command{Chat: "local:main"}); tb.Phase != Playing {
		t.Fatalf("phase %s", tb.Phase)
	}
}

func TestLobby_OneTablePerChat_SeveralChatsPerUser(t *testing.T) {
	h := newHarness(t)
	mustOK(t, h.doIn("local:a", "alice", "/play tictactoe"))
	mustRefuse(t, h.doIn("local:a", "bob", "/play tictactoe"), "already open")
	mustOK(t, h.doIn("local:b", "alice", "/play tictactoe"))
	mustOK(t, h.doIn("local:a", "bob", "/join"))
	mustOK(t, h.doIn("local:b", "bob", "/join"))
	mustOK(t, h.doIn("local:a", "alice", "/start"))
	mustOK(t, h.doIn("local:b", "alice", "/start"))
	mustOK(t, h.doIn("local:a", "alice", "/move 5"))
	mustOK(t, h.doIn("local:b", "alice", "/move 1"))
	// In private, alice sits at two tables: the bot cannot guess which.
	outs := h.core.Handle(ctxBG(), Command{Chat: "local:alice", Private: true, User: User{ID: "local:alice", Name: "alice"}, Name: "move", Args: []string{"3"}})
	mustRefuse(t, outs, "several tables")
}

func TestLobby_BotsFillSeats(t *testing.T) {
	h := newHarness(t)
	mustOK(t, h.do("alice", "/play tictactoe"))
	mustOK(t, h.do("alice", "/addbot"))
	mustRefuse(t, h.do("alice", "/addbot"), "full")
	mustOK(t, h.do("alice", "/removebot"))
	mustRefuse(t, h.do("alice", "/removebot"), "no bot")
	mustOK(t, h.do("alice", "/addbot"))
	mustOK(t, h.do("alice", "/start"))
	// alice moves; the bot answers within the same command.
	mustOK(t, h.do("alice", "/move 1"))
	tb := h.core.tableFor(Command{Chat: "local:main"})
	if tb.Moves != 2 {
		t.Fatalf("moves = %d, want 2 (alice and the bot)", tb.Moves)
	}
}

// TestLobby_AddBotStrength: /addbot takes a number and a strength in any
// order, in English or French; the seat shows the strength in the table's
// language, the bot plays at it, and a word it does not know changes nothing.
func TestLobby_AddBotStrength(t *testing.T) {
	h := newHarness(t)
	mustOK(t, h.do("alice", "/play tictactoe"))
	mustRefuse(t, h.do("alice", "/addbot 1 superfort"), "superfort")
	mustRefuse(t, h.do("alice", "/addbot easy hard"), "hard")
	mustRefuse(t, h.do("alice", "/addbot 0 easy"), "Invalid number")
	tb := h.core.tableFor(Command{Chat: "local:main"})
	if len(tb.Seats) != 1 {
		t.Fatalf("a refused /addbot seated %d", len(tb.Seats)-1)
	}
	outs := h.do("alice", "/robot facile")
	mustOK(t, outs)
	if !strings.Contains(outs[0].Text, "(easy)") {
		t.Errorf("answer %q does not name the strength", outs[0].Text)
	}
	if tb.Seats[1].Level != games.Easy {
		t.Fatalf("level %v, want easy", tb.Seats[1].Level)
	}
	board := h.core.boardOut(tb)
	if !strings.Contains(board.Text, "🤖 Robot 1 (easy)") {
		t.Errorf("the lobby does not show the strength:\n%s", board.Text)
	}
	if got := tb.Seats[1].withLevel(i18n.FR); got != "🤖 Robot 1 (facile)" {
		t.Errorf("in French the seat reads %q, want « 🤖 Robot 1 (facile) »", got)
	}
	mustOK(t, h.do("alice", "/start"))
	// The centre is the Normal bot's answer to a corner; an Easy bot fills
	// the grid in order.
	mustOK(t, h.do("alice", "/move 1"))
	if tb.game.(interface{ Cell(int) int }).Cell(1) == 0 {
		t.Errorf("the easy bot did not play cell 2:\n%v", tb.game.Public().Board)
	}
}

func TestLobby_AddBotStrengthOrderAndCount(t *testing.T) {
	h := newHarness(t)
	mustOK(t, h.do("alice", "/play tictactoe"))
	mustOK(t, h.do("alice", "/addbot strong 1"))
	tb := h.core.tableFor(Command{Chat: "local:main"})
	if len(tb.Seats) != 2 || tb.Seats[1].Level != games.Strong {
		t.Fatalf("seats %+v", tb.Seats)
	}
	h.restart()
	tb = h.core.tableFor(Command{Chat: "local:main"})
	if tb.Seats[1].Level != games.Strong {
		t.Fatalf("the strength did not survive a restart: %+v", tb.Seats[1])
	}
}

func TestLobby_PlayOptions(t *testing.T) {
	h := newHarness(t)
	mustRefuse(t, h.do("alice", "/play tictactoe turbo"), "Unknown option: turbo")
	mustRefuse(t, h.do("alice", "/play chess"), "Unknown game: chess")
	mustRefuse(t, h.do("alice", "/play"), "Which game")
	mustOK(t, h.do("alice", "/play tictactoe long bots=1 lang=fr"))
	tb := h.core.tableFor(Command{Chat: "local:main"})
	if tb.Options["long"] != "on" || len(tb.Seats) != 2 || tb.Settings.Lang != "fr" {
		t.Fatalf("options %v seats %d lang %s", tb.Options, len(tb.Seats), tb.Settings.Lang)
	}
}

func TestLobby_LeaveMidGameABotTakesOver(t *testing.T) {
	h := newHarness(t)
	h.seated()
	mustOK(t, h.do("alice", "/move 5"))
	// bob leaves while it is his turn: a bot plays his seat at once.
	mustOK(t, h.do("bob", "/leave"))
	tb := h.core.tableFor(Command{Chat: "local:main"})
	if tb.Moves != 2 || !tb.Seats[1].Left {
		t.Fatalf("moves %d, seat %+v", tb.Moves, tb.Seats[1])
	}
	mustRefuse(t, h.do("bob", "/move 1"), "not seated")
	mustOK(t, h.do("alice", "/move 1"))
}

func TestLobby_LeaveLobbyPassesCreator(t *testing.T) {
	h := newHarness(t)
	mustOK(t, h.do("alice", "/play tictactoe"))
	mustOK(t, h.do("bob", "/join"))
	mustOK(t, h.do("alice", "/leave"))
	mustOK(t, h.do("bob", "/addbot"))
	mustOK(t, h.do("bob", "/start"))
	mustOK(t, h.do("bob", "/leave")) // last human: the table closes
	mustRefuse(t, h.do("bob", "/move 1"), "no open table")
	outs := h.do("bob", "/board")
	if len(outs) != 1 || !strings.Contains(outs[0].Text, "stopped before its end") {
		t.Fatalf("board of the stopped game: %+v", outs)
	}
}

func TestQuit_CreatorAtOnce(t *testing.T) {
	h := newHarness(t)
	tb := h.seated()
	mustOK(t, h.do("alice", "/quit"))
	if tb.Phase != Abandoned {
		t.Fatalf("phase %s", tb.Phase)
	}
	mustOK(t, h.do("bob", "/play tictactoe")) // the chat is free again
}

func TestQuit_VoteOfSeatedPlayers(t *testing.T) {
	h := newHarness(t)
	mustOK(t, h.do("alice", "/play tictactoe"))
	mustOK(t, h.do("bob", "/join"))
	mustOK(t, h.do("alice", "/start"))
	// alice leaves (a bot takes her seat), so bob is the only human; but
	// first check that a non-creator's vote needs a majority: give the
	// creator role away by leaving.
	tb := h.core.tableFor(Command{Chat: "local:main"})
	mustRefuse(t, h.do("mallory", "/quit"), "not seated")
	outs := h.do("bob", "/quit") // 1 vote of 2 humans: not yet
	mustOK(t, outs)
	if tb.Phase != Playing || !strings.Contains(outs[0].Text, "1/2") {
		t.Fatalf("phase %s, %q", tb.Phase, outs[0].Text)
	}
	// Votes survive a restart.
	h.restart()
	tb = h.core.tableFor(Command{Chat: "local:main"})
	if len(tb.Votes) != 1 {
		t.Fatalf("votes after restart: %v", tb.Votes)
	}
}

func TestQuit_VoteMajority(t *testing.T) {
	h := newHarness(t)
	mustOK(t, h.do("alice", "/play tictactoe"))
	mustOK(t, h.do("bob", "/join"))
	mustOK(t, h.do("alice", "/start"))
	tb := h.core.tableFor(Command{Chat: "local:main"})
	tb.mu.Lock()
	tb.Creator = "local:nobody" // the creator has gone: only a vote can stop it
	tb.mu.Unlock()
	mustOK(t, h.do("bob", "/quit"))
	if tb.Phase != Playing {
		t.Fatal("one vote of two stopped the game")
	}
	mustOK(t, h.do("alice", "/quit"))
	if tb.Phase != Abandoned {
		t.Fatalf("two votes of two: phase %s", tb.Phase)
	}
	rec, err := h.st.Table(tb.ID)
	if err != nil || !rec.Finished {
		t.Fatalf("abandoned table not stored as finished: %v %+v", err, rec)
	}
}
