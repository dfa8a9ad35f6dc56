package bot

import (
	"bytes"
	"context"
	"math"
	"strings"
	"testing"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/rating"
	"github.com/tablee/tablee/store"
)

// doOn sends typed text as a user in a chat of a server (Command.Server).
func (h *harness) doOn(chat, server, user, text string) []Out {
	h.t.Helper()
	name, args, ok := ParseText(text)
	if !ok {
		h.t.Fatalf("not a command: %q", text)
	}
	return h.core.Handle(context.Background(), Command{Chat: chat, Server: server,
		User: User{ID: "local:" + user, Name: user}, Name: name, Args: args})
}

// record reads a rating record; it fails the test when there is none.
func (h *harness) record(game, scope, player string) ratingRecord {
	h.t.Helper()
	r, ok, err := h.core.archive().Rating(game, scope, player)
	if err != nil || !ok {
		h.t.Fatalf("no rating of %s at %s in %s (%v)", player, game, scope, err)
	}
	return r
}

func (h *harness) noRecord(game, scope, player string) {
	h.t.Helper()
	if _, ok, err := h.core.archive().Rating(game, scope, player); err != nil || ok {
		h.t.Fatalf("%s has a rating at %s in %s (%v)", player, game, scope, err)
	}
}

// wordsOutGame plays a whole game of Words Out, alice against a strong
// bot, alice's moves chosen by the bot player.
func (h *harness) wordsOutGame() *Table {
	h.t.Helper()
	mustOK(h.t, h.do("alice", "/play wordsout"))
	mustOK(h.t, h.do("alice", "/settings view=text"))
	mustOK(h.t, h.do("alice", "/addbot strong"))
	mustOK(h.t, h.do("alice", "/start"))
	tb := h.core.tableFor(Command{Chat: "local:main"})
	h.playOut("local:main", 2000)
	tb.mu.Lock()
	defer tb.mu.Unlock()
	if !tb.over() {
		h.t.Fatal("the game does not end")
	}
	return tb
}

// rateFails is a store that dies, as far as the ratings go, between a
// game's last save and its ratings: Rate fails.
type rateFails struct{ store.Store }

func (rateFails) Rate(uint64, []store.Rating) (bool, error) { return false, errInjected }

// A real game played to its end through the core is rated once, and once
// only across restarts: whether the process died before the ratings were
// written (the game is rated at the next start) or after them and before
// its last batch was recorded as shown (the batch is shown again, the
// ratings are not counted again).
func TestRatings_WholeGameOnceAcrossRestarts(t *testing.T) {
	h := newHarness(t)
	h.wrap = func(s store.Store) store.Store { return rateFails{s} }
	h.restart()
	tb := h.wordsOutGame()
	if tb.Phase != Finished {
		t.Fatalf("phase %s", tb.Phase)
	}
	h.rec.take()
	h.noRecord("wordsout", everywhere, "local:alice")
	if recs, _ := h.st.Unshown(); len(recs) != 1 {
		t.Fatalf("the last batch of a game not rated is not left to show: %d unshown", len(recs))
	}

	// The restart rates it, and tells the chat.
	h.wrap = nil
	h.restart()
	h.core.resumeOutboxes()
	told := textsOf(h.rec.take())
	if !strings.Contains(told, "Ratings (Words Out): alice 0.0 → ") {
		t.Fatalf("the chat is not told the ratings: %q", told)
	}
	alice := h.record("wordsout", everywhere, "local:alice")
	here := h.record("wordsout", "local:main", "local:alice")
	strong := h.record("wordsout", everywhere, "bot:strong")
	h.noRecord("wordsout", "local:main", "bot:strong") // bots are rated over every server only
	won := 0
	for _, w := range (games.Result{Scores: tb.Scores}).Winners() {
		if w == 0 {
			won = 1
		}
	}
	if alice.Games != 1 || here.Games != 1 || strong.Games != 1 || alice.Wins != won || alice.Name != "alice" {
		t.Fatalf("after one game: alice %+v here %+v, strong bot %+v", alice, here, strong)
	}
	if alice.Mu == ratingModel.Mu || (alice.Mu > ratingModel.Mu) != (won == 1) {
		t.Fatalf("alice won %d game and her mean went from %v to %v", won, ratingModel.Mu, alice.Mu)
	}
	if alice.Best.Points <= 0 || alice.Best.Table != tb.ID || alice.Best.Move == "" {
		t.Fatalf("alice's best move: %+v", alice.Best)
	}
	// The rating in the server and the one over every server saw the same
	// game against the same bot (new ratings both): they agree.
	if math.Abs(here.Mu-alice.Mu) > 1e-9 || math.Abs(here.Sigma-alice.Sigma) > 1e-9 {
		t.Fatalf("alice here %+v, everywhere %+v", here.Rating, alice.Rating)
	}
	h.restart()
	h.core.resumeOutboxes()
	if outs := h.rec.take(); len(outs) != 0 {
		t.Fatalf("shown again after it was recorded shown: %d messages", len(outs))
	}
	if r := h.record("wordsout", everywhere, "local:alice"); r != alice {
		t.Fatalf("rated again: %+v, was %+v", r, alice)
	}

	// The second game: rated, then the process dies before Shown.
	h.wrap = func(s store.Store) store.Store { return shownFails{s} }
	h.restart()
	h.wordsOutGame()
	h.rec.take()
	second := h.record("wordsout", everywhere, "local:alice")
	if second.Games != 2 {
		t.Fatalf("after two games: %+v", second)
	}
	h.wrap = nil
	h.restart()
	h.core.resumeOutboxes()
	if outs := h.rec.take(); len(outs) == 0 {
		t.Fatal("the last batch was not shown again")
	}
	if r := h.record("wordsout", everywhere, "local:alice"); r != second {
		t.Fatalf("counted twice: %+v, was %+v", r, second)
	}
	if r := h.record("wordsout", everywhere, "bot:strong"); r.Games != 2 {
		t.Fatalf("the strong bot after two games: %+v", r)
	}
	out := h.do("alice", "/stats")
	if len(out) != 1 || !strings.Contains(out[0].Text, "Words Out: rating") || !strings.Contains(out[0].Text, "2 games, ") ||
		!strings.Contains(out[0].Text, "Best move: ") || !strings.Contains(out[0].Text, "strong bot (") {
		t.Fatalf("/stats: %+v", out)
	}
}

// A game stopped early is not rated, nor one of bots alone.
func TestRatings_StoppedGameNotRated(t *testing.T) {
	h := newHarness(t)
	h.seated()
	mustOK(t, h.do("alice", "/move 1"))
	mustOK(t, h.do("alice", "/quit"))
	h.rec.take()
	h.noRecord("tictactoe", everywhere, "local:alice")
	h.noRecord("tictactoe", "local:main", "local:bob")
}

// tictactoe plays alice (first) against bob in a chat of a server: the
// winner is given.
func (h *harness) tictactoe(chat, server, alice, bob string, aliceWins bool) {
	h.t.Helper()
	mustOK(h.t, h.doOn(chat, server, alice, "/play tictactoe"))
	mustOK(h.t, h.doOn(chat, server, bob, "/join"))
	mustOK(h.t, h.doOn(chat, server, alice, "/start"))
	moves := []string{"1", "4", "2", "5", "3"} // alice takes the top row
	if !aliceWins {
		moves = []string{"1", "4", "2", "5", "9", "6"} // bob takes the middle row
	}
	for i, m := range moves {
		who := alice
		if i%2 == 1 {
			who = bob
		}
		mustOK(h.t, h.doOn(chat, server, who, "/move "+m))
	}
	h.core.Flush()
}

// Each server has its leaderboard; all servers together have theirs, which
// a private chat shows.
func TestRatings_LeaderboardPerServer(t *testing.T) {
	h := newHarness(t)
	h.tictactoe("local:a1", "guild:A", "alice", "bob", true)
	h.tictactoe("local:a2", "guild:A", "alice", "bob", true) // another channel of server A
	h.tictactoe("local:b1", "guild:B", "carol", "bob", false)
	h.rec.take()

	board := func(chat, server string, private bool) Out {
		t.Helper()
		outs := h.core.Handle(context.Background(), Command{Chat: chat, Server: server, Private: private,
			User: User{ID: "local:dave", Name: "dave"}, Name: "leaderboard", Args: []string{"tictactoe"}})
		if len(outs) != 1 || outs[0].Refusal {
			t.Fatalf("leaderboard: %+v", outs)
		}
		return outs[0]
	}
	a := board("local:a1", "guild:A", false)
	if !strings.Contains(a.Title, "Tic-tac-toe: local leaderboard") || len(a.Mono) != 2 ||
		!strings.Contains(a.Mono[0], "1. alice") || !strings.Contains(a.Mono[0], "2 games · 2 wins") ||
		!strings.Contains(a.Mono[1], "2. bob") || !strings.Contains(a.Mono[1], "2 games · 0 wins") {
		t.Fatalf("server A: %q %q", a.Title, a.Mono)
	}
	if !bytes.HasPrefix(a.Picture, []byte("\x89PNG\r\n\x1a\n")) {
		t.Fatal("the leaderboard has no picture")
	}
	b := board("local:b1", "guild:B", false)
	if len(b.Mono) != 2 || !strings.Contains(b.Mono[0], "1. bob") || !strings.Contains(b.Mono[0], "1 game · 1 win") ||
		!strings.Contains(b.Mono[1], "2. carol") {
		t.Fatalf("server B: %q", b.Mono)
	}
	all := board("local:dm", "", true)
	if !strings.Contains(all.Title, "overall leaderboard") || len(all.Mono) != 3 || !strings.Contains(all.Mono[0], "alice") {
		t.Fatalf("every server: %q %q", all.Title, all.Mono)
	}
	if bob := h.record("tictactoe", everywhere, "local:bob"); bob.Games != 3 || bob.Wins != 1 {
		t.Fatalf("bob over every server: %+v", bob)
	}
	// /stats names a player by his name or mention; in server B alice is
	// not rated.
	outs := h.doOn("local:a1", "guild:A", "dave", "/stats @bob")
	if len(outs) != 1 || !strings.Contains(outs[0].Title, "bob") || !strings.Contains(outs[0].Text, "(#2 of 2)") ||
		!strings.Contains(outs[0].Text, "3 games, 1 win") {
		t.Fatalf("/stats @bob in A: %+v", outs)
	}
	mustRefuse(t, h.doOn("local:b1", "guild:B", "dave", "/stats alice"), "No rated player here is called alice")
	outs = h.doOn("local:b1", "guild:B", "carol", "/stats")
	if len(outs) != 1 || !strings.Contains(outs[0].Text, "(#2 of 2)") {
		t.Fatalf("carol's /stats: %+v", outs)
	}
	outs = h.doOn("local:c", "guild:C", "dave", "/leaderboard")
	if len(outs) != 1 || !strings.Contains(outs[0].Text, "No rated game yet") {
		t.Fatalf("an empty leaderboard: %+v", outs)
	}
	mustRefuse(t, h.doOn("local:c", "guild:C", "dave", "/leaderboard chess"), "Unknown game: chess")
}

// Bots are rated by strength, over every server: a player sees how he
// compares. Two bots of one strength in a game count it once, moved by
// the mean of their seats.
func TestRatings_BotsByStrength(t *testing.T) {
	h := newHarness(t)
	table := uint64(1000)
	game := func(seats []Seat, scores ...int) {
		t.Helper()
		table++
		f := finishedGame{table: table, game: "tictactoe", server: "guild:A", chat: "local:main", lang: "en", seats: seats, scores: scores}
		if _, err := h.core.rateGame(f); err != nil {
			t.Fatal(err)
		}
	}
	alice := Seat{User: "local:alice", Name: "alice"}
	easy, strong := Seat{Bot: true, Name: "R1", Level: games.Easy}, Seat{Bot: true, Name: "R2", Level: games.Strong}
	for range 3 {
		game([]Seat{alice, easy}, 1, 0)
		game([]Seat{alice, strong}, 0, 1)
	}
	e, s, a := h.record("tictactoe", everywhere, "bot:easy"), h.record("tictactoe", everywhere, "bot:strong"),
		h.record("tictactoe", everywhere, "local:alice")
	if !(s.Ordinal() > a.Ordinal() && a.Ordinal() > e.Ordinal()) || e.Games != 3 || s.Wins != 3 || a.Games != 6 {
		t.Fatalf("easy %+v, alice %+v, strong %+v", e, a, s)
	}
	h.noRecord("tictactoe", "guild:A", "bot:easy")
	out := h.doOn("local:main", "guild:A", "alice", "/stats")
	if len(out) != 1 || !strings.Contains(out[0].Text, "Against the bots: above easy bot (") || !strings.Contains(out[0].Text, " · below strong bot (") {
		t.Fatalf("/stats against the bots: %+v", out)
	}
	// The server's leaderboard shows the bots with their rating over
	// every server.
	lb := h.doOn("local:main", "guild:A", "alice", "/classement tictactoe")
	if len(lb) != 1 || len(lb[0].Mono) != 3 || !strings.Contains(lb[0].Mono[0], "strong bot") || !strings.Contains(lb[0].Mono[2], "easy bot") {
		t.Fatalf("leaderboard with bots: %+v", lb)
	}

	// Two easy bots and alice: the easy bots' rating moves once, by the
	// mean of their two seats.
	before := h.record("tictactoe", everywhere, "bot:easy")
	bob := Seat{User: "local:bob", Name: "bob"}
	seats := []Seat{bob, easy, easy}
	game(seats, 2, 1, 0)
	after := h.record("tictactoe", everywhere, "bot:easy")
	newBob := ratingModel.New()
	rated := ratingModel.Rate([][]rating.Rating{{newBob}, {before.Rating}, {before.Rating}}, []float64{-2, -1, 0})
	wantMu := (rated[1][0].Mu + rated[2][0].Mu) / 2
	if after.Games != before.Games+1 || math.Abs(after.Mu-wantMu) > 1e-9 || after.Wins != before.Wins {
		t.Fatalf("two easy bots: %+v, before %+v, want mu %v", after, before, wantMu)
	}
	// A game of bots alone rates nobody.
	game([]Seat{easy, strong}, 1, 0)
	if r := h.record("tictactoe", everywhere, "bot:strong"); r.Games != s.Games {
		t.Fatalf("bots among themselves were rated: %+v", r)
	}
}

// A player who left is ranked below everyone who stayed, whatever the bot
// that played for him scored, and his seat never wins.
func TestRatings_LeaverRankedLast(t *testing.T) {
	f := finishedGame{seats: []Seat{{User: "local:alice", Name: "alice", Left: true}, {User: "local:bob", Name: "bob"}, {Bot: true}},
		scores: []int{9, 3, 1}}
	seats := f.seatsOf()
	if seats[0].rank <= seats[1].rank || seats[0].rank <= seats[2].rank || seats[0].won || seats[1].won {
		t.Fatalf("%+v", seats)
	}
	if seats[2].player != "bot:normal" || seats[2].person {
		t.Fatalf("the bot seat: %+v", seats[2])
	}
}
