package coquillaude

import (
	"github.com/tablee/tablee/games/gamestest"
	"github.com/tablee/tablee/i18n"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestBoardView(t *testing.T) {
	g := composeGame(t, 2, nil, nil)
	lines := g.s.boardLines()
	// Empty board: the orange zone and two cells around (G-O, rows 7-15).
	if lines[0] != "   G H I J K L M N O" || len(lines) != 10 {
		t.Fatalf("header %q, %d lines", lines[0], len(lines))
	}
	if lines[3] != " 9 · · + + * + + · ·" {
		t.Fatalf("row 9 %q", lines[3])
	}
	if lines[5] != "11 · · * + + + * · ·" {
		t.Fatalf("row 11 %q", lines[5])
	}
	g = composeGame(t, 2, []string{"G10 droite ARISTOTELICIEN", "L4 bas NABUCHODONOSOR"}, nil)
	lines = g.s.boardLines()
	w := utf8.RuneCountInString(lines[0])
	for _, l := range lines {
		if utf8.RuneCountInString(l) != w {
			t.Fatalf("ragged line %q", l)
		}
	}
	joined := strings.Join(lines, "\n")
	if !strings.Contains(joined, "10 · · A R I S T O T E L I C I E N ·") {
		t.Fatalf("board:\n%s", joined)
	}
	if !strings.HasPrefix(lines[1], " 2 ") || !strings.HasPrefix(lines[len(lines)-1], "19 ") {
		t.Fatalf("rows shown: %q .. %q", lines[1], lines[len(lines)-1])
	}
	v := gamestest.ViewText(g.Public())
	for _, want := range []string{"coquille", "shell", "(joue en premier)", "(plays first)"} {
		if !strings.Contains(v, want) {
			t.Errorf("public view lacks %q", want)
		}
	}
}

func TestPrivateViewShowsThePions(t *testing.T) {
	g := composeGame(t, 2, nil, []string{"ZEBRAS"})
	v := gamestest.ViewText(g.Private(0))
	if !strings.Contains(v, "A B E R S Z") || !strings.Contains(v, "Tes pions : 6") {
		t.Fatalf("private view:\n%s", v)
	}
	if strings.Contains(gamestest.ViewText(g.Public()), "Z") && strings.Contains(gamestest.ViewText(g.Public()), "A B E R S Z") {
		t.Fatal("pions in the public view")
	}
}

func TestChoices(t *testing.T) {
	g := sheetGame(t)
	cs := g.Choices(0, "")
	if len(cs) != 2 || cs[0].Move != "reponse" || cs[0].Ask.IsZero() || cs[1].Move != "passe" {
		t.Fatalf("answer choices %+v", cs)
	}
	if g.Choices(1, "") != nil {
		t.Fatal("choices for a seat that does not play")
	}
	mustApply(t, g, 0, "reponse "+g.s.Q.Example)
	// The gift of 5322, one pion: one button per letter, final.
	cs = g.Choices(0, "")
	if len(cs) < 2 || !cs[0].Final || !strings.HasPrefix(cs[0].Move, "don ") || cs[len(cs)-1].Move != "don hasard" {
		t.Fatalf("gift choices %+v", cs)
	}
	mustApply(t, g, 0, cs[0].Move)
	// A gift of 3: the letters step by step.
	g2 := composeGame(t, 2, nil, []string{"ABCDE", "FGHIJ"})
	g2.s.Phase, g2.s.Props = phaseDraw, nil
	g2.s.Gifts = []gift{{To: 1, N: 3, Number: 2444}}
	g2.s.Given = []bool{false, true}
	g2.s.Phase = phaseGift
	cs = g2.Choices(0, "")
	if cs[0].Final || cs[0].Move != "don A" {
		t.Fatalf("first step %+v", cs[0])
	}
	cs = g2.Choices(0, "don A B")
	if !cs[0].Final || cs[0].Move != "don A B C" {
		t.Fatalf("last step %+v", cs[0])
	}
	for _, c := range cs {
		if len(c.Move) > 40 {
			t.Fatalf("move %q too long", c.Move)
		}
	}
	mustApply(t, g2, 0, "don A B C")
	if sortedHand(g2.s.Hands[1]) != "ABCFGHIJ" {
		t.Fatalf("hand %s", g2.s.Hands[1])
	}
}

func TestVoteNoWord(t *testing.T) {
	g := composeGame(t, 2, nil, []string{"ZORGLUB"})
	proposeAlone(t, g, 0, "mot ZORGLUB H10 droite celebre")
	cs := g.Choices(1, "")
	if len(cs) != 3 || cs[1].Move != "vote non" {
		t.Fatalf("vote choices %+v", cs)
	}
	mustApply(t, g, 1, "non")
	if g.s.Scores[0] != 0 {
		t.Fatal("\"non\" is not a vote against")
	}
}

// The last resolution is a recap of the move that made it: a board shown
// with that move's events leaves it out, one shown with later moves'
// events only tells it.
func TestLastResolutionRecapOnlyForTheMoveThatMadeIt(t *testing.T) {
	g := composeGame(t, 2, nil, []string{"MINISTRE", "AB"})
	mustApply(t, g, 0, "mot MINISTRE H10 droite")
	mustApply(t, g, 1, "rien")
	has := func(ms []i18n.Msg) bool {
		for _, m := range ms {
			if m.Key == "coquillaude.line.last" {
				return true
			}
		}
		return false
	}
	// Under the resolving move's events: left out; asked for: told.
	if v := g.Public(); has(v.Untold(1)) || !has(v.Told()) {
		t.Fatal("the resolution just made is not a recap of the last move")
	}
	w := g.Waiting()
	if len(w) == 0 || w[0].Timeout == "" {
		t.Skipf("no move to play after the resolution: %+v", w)
	}
	mustApply(t, g, w[0].Seat, w[0].Timeout)
	// Under the next move's events alone it is told; under both moves'
	// events, left out.
	if v := g.Public(); !has(v.Untold(1)) || has(v.Untold(2)) {
		t.Fatal("the resolution's recap does not follow its age")
	}
}
