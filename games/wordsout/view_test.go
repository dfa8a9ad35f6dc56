package wordsout

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tablee/tablee/games/gamestest"
)

// The public view shows the kinds of the cards on the rows, the scores,
// the counts and whose turn it is.
func TestPublicShowsKinds(t *testing.T) {
	g := build(t, testDict, 2, [4]string{"O B J E T", "E+ T E!", "Z* O", ""}, []string{"E A", "S"}, 10)
	g.s.Scores = []int{7, 3}
	v := g.Public()
	board := strings.Join(v.Board, "\n")
	for _, want := range []string{"1 O B🟩 J🟥 E T = 14", "2 E↻ T E🔒 = 3", "3 ★Z🟥 O = 4", "4 ⬜"} {
		if !strings.Contains(board, want) {
			t.Errorf("board lacks %q:\n%s", want, board)
		}
	}
	txt := gamestest.ViewText(v)
	for _, want := range []string{"🟩 +2 · 🟥 x2 · ↻ REJOUER · 🔒 INCONTRABLE · ★ JOKER", "▶ #1 : 7 points · 2 cartes", "#2 : 3 points · 1 carte", "À #1 de jouer.", "#1 to play.", "Pioche 10"} {
		if !strings.Contains(txt, want) {
			t.Errorf("public view lacks %q:\n%s", want, txt)
		}
	}
	gamestest.MustApply(t, g, 0, "A 4")
	if txt := gamestest.ViewText(g.Public()); !strings.Contains(txt, "Dernier coup : #1 pose A sur la rangée 4 : A.") || !strings.Contains(txt, "Last move: #1 lays A on row 4: A.") {
		t.Error(txt)
	}
}

// No hidden card in the public view, in any phase: hands, PIOCHE and the
// counters noted in the window.
func TestPublicHidesHands(t *testing.T) {
	g := callRue(t, 3, "E A S", "S L", "S N")
	gamestest.MustApply(t, g, 2, "contrer S")
	if err := noHidden(g); err != nil {
		t.Fatal(err)
	}
	txt := gamestest.ViewText(g.Public())
	if strings.Contains(txt, "RUES") {
		t.Fatal("a pending counter shows in public")
	}
	if !strings.Contains(txt, "✅ #3 a répondu.") || !strings.Contains(txt, "⏳ #2 : contre ou non ?") {
		t.Fatal(txt)
	}
	for _, e := range gamestest.MustApply(t, g, 1, "non") {
		_ = e
	}
}

func TestPrivateView(t *testing.T) {
	g := callRue(t, 3, "E A S", "S L", "E N")
	v := g.Private(1)
	if len(v.Board) != 1 || v.Board[0] != "L S" {
		t.Fatalf("%q", v.Board)
	}
	txt := fmt.Sprint(fr(v.Lines[0]), " ", fr(v.Lines[1]))
	if !strings.Contains(txt, "Ta main (2 cartes)") || !strings.Contains(txt, "contrer S") {
		t.Fatal(txt)
	}
	if v := g.Private(0); !strings.Contains(en(v.Lines[1]), "the other players may counter") {
		t.Fatal(en(v.Lines[1]))
	}
	if v := g.Private(7); len(v.Board) != 0 || len(v.Lines) != 0 {
		t.Fatal("a view for no seat")
	}
}

func TestChoicesOfATurn(t *testing.T) {
	g := build(t, testDict, 2, [4]string{"R U", "M", "S", ""}, []string{"E E+ * #", "S"}, 10)
	ch := g.Choices(0, "")
	var moves []string
	for _, c := range ch {
		moves = append(moves, c.Move)
	}
	if strings.Join(moves, ",") != "E,E+,joker,poubelle,passe" {
		t.Fatal(moves)
	}
	rows := g.Choices(0, "E+")
	if len(rows) != 4 || rows[0].Move != "E+ 1" || !rows[0].Final || fr(rows[0].Label) != "Rangée 1 : RU → RUE" {
		t.Fatalf("%+v", rows)
	}
	if len(g.Choices(0, "joker")) != 26 || len(g.Choices(0, "poubelle")) != 3 {
		t.Fatal("joker / poubelle")
	}
	if g.Choices(1, "") != nil {
		t.Fatal("choices out of turn")
	}
	gamestest.MustApply(t, g, 0, "E+ 2")
	ch = g.Choices(0, "")
	moves = moves[:0]
	for _, c := range ch {
		moves = append(moves, c.Move)
	}
	if strings.Join(moves, ",") != "E,joker,fin" {
		t.Fatal(moves)
	}
}
