package bot

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/tablee/tablee/i18n"
)

// /history lists the chat's games newest first, with their number, date,
// game and scores, the winner crowned; a game stopped or still played
// says so; a lobby that never began is no game; another chat's games are
// not listed. Ten to a page.
func TestHistory_ListsGamesInOrderWithScores(t *testing.T) {
	h := newHarness(t)
	h.clock.Advance(-365 * 24 * time.Hour) // the first game, a year ago
	h.seated()
	h.finishTicTacToe() // #1: alice wins
	h.clock.Advance(365*24*time.Hour - 48*time.Hour)
	h.seated() // #2: bob wins, two days ago
	for _, m := range []string{"alice 1", "bob 4", "alice 2", "bob 5", "alice 9", "bob 6"} {
		u, cell, _ := strings.Cut(m, " ")
		mustOK(t, h.do(u, "/move "+cell))
	}
	mustOK(t, h.doIn("local:cafe", "carol", "/play tictactoe")) // #3, elsewhere
	mustOK(t, h.do("alice", "/play tictactoe"))                 // #4: never began
	mustOK(t, h.do("alice", "/quit"))
	h.clock.Advance(48 * time.Hour)
	h.seated() // #5: stopped after one move
	mustOK(t, h.do("alice", "/move 5"))
	mustOK(t, h.do("alice", "/quit"))
	h.seated() // #6: in progress
	mustOK(t, h.do("alice", "/move 5"))
	mustOK(t, h.do("bob", "/move 1"))

	outs := h.do("dave", "/history")
	if len(outs) != 1 || outs[0].Refusal || outs[0].Title != "Games played here" {
		t.Fatalf("/history: %+v", outs)
	}
	// A game is dated by its end, a game still played by its start.
	want := []string{
		"#6 · 21 November · Tic-tac-toe · alice, bob · in progress, 2 moves played",
		"#5 · 21 November · Tic-tac-toe · alice 0, bob 0 · stopped",
		"#2 · 19 November · Tic-tac-toe · alice 0, bob 1 🏆",
		"#1 · 21 November 2025 · Tic-tac-toe · alice 1 🏆, bob 0",
		"",
		"/replay <number> to watch a game again, move by move.",
	}
	if got := strings.Split(outs[0].Text, "\n"); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("/history:\n%s\nwant:\n%s", outs[0].Text, strings.Join(want, "\n"))
	}
	// In French, for a French reader.
	mustOK(t, h.do("dave", "/langue fr"))
	fr := h.do("dave", "/historique")
	if len(fr) != 1 || !strings.Contains(fr[0].Text, "n°1 · 21 novembre 2025 · Morpion · alice 1 🏆, bob 0") ||
		!strings.Contains(fr[0].Text, "en cours, 2 coups joués") || !strings.Contains(fr[0].Text, "/revoir <numéro>") {
		t.Fatalf("/historique: %+v", fr)
	}
	if o := h.doIn("local:cafe", "carol", "/history"); len(o) != 1 || !strings.Contains(o[0].Text, "No game has been played here yet") {
		t.Fatalf("a chat whose only table never began: %+v", o)
	}
	mustRefuse(t, h.core.Handle(ctxBG(), Command{Chat: "local:dm", Private: true, User: User{ID: "local:dave"}, Name: "history"}), "historique")
	mustRefuse(t, h.do("dave", "/history 0"), "Usage")
	mustRefuse(t, h.do("dave", "/history 2"), "page 2")
}

// More games than a page: the newest ten, then the rest on page 2, and a
// line that says so.
func TestHistory_Pages(t *testing.T) {
	h := newHarness(t)
	for i := 0; i < historyPage+2; i++ {
		h.seated()
		h.finishTicTacToe()
	}
	first := h.do("alice", "/history")
	lines := strings.Split(first[0].Text, "\n")
	if len(first) != 1 || !strings.HasPrefix(lines[0], fmt.Sprintf("#%d ·", historyPage+2)) ||
		!strings.HasPrefix(lines[historyPage-1], "#3 ·") || !strings.Contains(first[0].Text, "/history 2 for older games.") {
		t.Fatalf("page 1:\n%s", first[0].Text)
	}
	second := h.do("alice", "/history 2")
	lines = strings.Split(second[0].Text, "\n")
	if len(second) != 1 || !strings.HasPrefix(lines[0], "#2 ·") || !strings.HasPrefix(lines[1], "#1 ·") || lines[2] != "" ||
		strings.Contains(second[0].Text, "/history 3") {
		t.Fatalf("page 2:\n%s", second[0].Text)
	}
}

// A date of this year is a day and a month; of another year, with it.
func TestHistory_ShortDate(t *testing.T) {
	now := time.Date(2026, 11, 21, 20, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		at     time.Time
		en, fr string
	}{
		{time.Date(2026, 3, 14, 9, 0, 0, 0, time.UTC), "14 March", "14 mars"},
		{time.Date(2026, 5, 1, 23, 30, 0, 0, time.UTC), "1 May", "1er mai"},
		{time.Date(2025, 12, 31, 23, 0, 0, 0, time.UTC), "31 December 2025", "31 décembre 2025"},
	} {
		for lang, want := range map[i18n.Lang]string{i18n.EN: c.en, i18n.FR: c.fr} {
			if got := (i18n.Renderer{Lang: lang}).Text(shortDate(c.at, now)); got != want {
				t.Errorf("%v in %s: %q, want %q", c.at, lang, got, want)
			}
		}
	}
}
