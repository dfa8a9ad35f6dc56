package wordsout

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/games/gamestest"
	"github.com/tablee/tablee/i18n"
)

// sceneText is everything a scene says: each tile and each text, in both
// languages.
func sceneText(sc games.Scene) string {
	var b strings.Builder
	for _, bl := range sc.Blocks {
		for _, lang := range []i18n.Lang{i18n.FR, i18n.EN} {
			r := i18n.Renderer{Lang: lang}
			if !bl.Label.IsZero() {
				b.WriteString(r.Text(bl.Label) + "\n")
			}
			if !bl.Note.IsZero() {
				b.WriteString(r.Text(bl.Note) + "\n")
			}
			for _, l := range bl.Lines {
				b.WriteString(describeTile(l.Swatch) + " " + r.Text(l.Text) + "\n")
			}
		}
		for _, row := range bl.Rows {
			for _, t := range row {
				b.WriteString(describeTile(t) + " ")
			}
			b.WriteString("\n")
		}
	}
	return b.String()
}

func describeTile(t games.Tile) string {
	if t.Empty {
		return "_"
	}
	return fmt.Sprintf("%s/%s/%d/%d/%d", t.Text, t.Corner, t.Fill, t.Mark, t.Icon)
}

// sceneHidesCards checks a position: the card tiles of the public picture
// are exactly the cards on the rows, and the picture does not change when
// the hidden cards (hands, PIOCHE, pending counters) are replaced by others.
func sceneHidesCards(g *Game) error {
	var want, got []string
	for _, row := range g.s.Rows {
		for _, c := range row {
			want = append(want, describeTile(sceneTile(c)))
		}
	}
	sc := g.Scene()
	for _, b := range sc.Blocks {
		for _, row := range b.Rows {
			for _, t := range row {
				if !t.Empty {
					got = append(got, describeTile(t))
				}
			}
		}
	}
	sort.Strings(want)
	sort.Strings(got)
	if fmt.Sprint(want) != fmt.Sprint(got) {
		return fmt.Errorf("picture shows %v, want the rows' %v", got, want)
	}
	c := &Game{s: g.s.clone(), dict: g.dict}
	s := c.s
	for p := range s.Hands {
		for i := range s.Hands[p] {
			s.Hands[p][i] = mkCard(kindJoker, 0)
		}
	}
	for i := range s.Pioche {
		s.Pioche[i] = mkCard(kindPlain, 'K')
	}
	if s.Win != nil {
		for i := range s.Win.Cards {
			for j := range s.Win.Cards[i] {
				s.Win.Cards[i][j] = mkCard(kindPlain, 'W')
			}
		}
	}
	if before, after := sceneText(sc), sceneText(c.Scene()); before != after {
		return fmt.Errorf("public picture depends on hidden cards:\n%s\n---\n%s", before, after)
	}
	return nil
}

// TestScene_ShowsOnlyVisibleCards plays bot games and checks every
// position's public picture.
func TestScene_ShowsOnlyVisibleCards(t *testing.T) {
	e := realEngine()
	windows := 0
	for seed := uint64(1); seed <= 2; seed++ {
		gg, err := e.New(games.Options{}, 2+int(seed), seed)
		if err != nil {
			t.Fatal(err)
		}
		g := gg.(*Game)
		for n := 0; n < 400 && !g.Result().Over; n++ {
			if err := sceneHidesCards(g); err != nil {
				t.Fatalf("seed %d, move %d: %v", seed, n, err)
			}
			if g.s.Phase == phaseCounter {
				windows++
			}
			w := g.Waiting()[0].Seat
			gamestest.MustApply(t, g, w, g.Bot(w, games.Strong))
		}
		if err := sceneHidesCards(g); err != nil {
			t.Fatalf("seed %d, end: %v", seed, err)
		}
	}
	if windows == 0 {
		t.Error("no counter window was drawn")
	}
}

// TestScene_CounterWindow: the picture shows who was asked and who has
// answered, never a pending counter.
func TestScene_CounterWindow(t *testing.T) {
	g := callRue(t, 3, "E A S", "S L", "S N")
	gamestest.MustApply(t, g, 2, "contrer S")
	if err := sceneHidesCards(g); err != nil {
		t.Fatal(err)
	}
	txt := sceneText(g.Scene())
	if strings.Contains(txt, "RUES") {
		t.Fatalf("a pending counter shows in the picture:\n%s", txt)
	}
	for _, want := range []string{"Rangée 1 · 3 points · WORD OUT !", "WORD OUT ! RUE, 3 points, annoncé par #1", "#2 : contre ou non ?", "#3 a répondu.", "#3 has answered."} {
		if !strings.Contains(txt, want) {
			t.Errorf("picture lacks %q:\n%s", want, txt)
		}
	}
}

// TestScene_Kinds: each kind of card reads without its colour: a green
// or red letter says +2 or ×2 in its corner, an action card shows its
// picture (WO-D1), and the key under the hand says which is which.
func TestScene_Kinds(t *testing.T) {
	g := build(t, testDict, 2, [4]string{"O B J E T", "E+ T E!", "Z* O", ""}, []string{"* # A", "S"}, 10)
	g.s.Scores = []int{7, 3}
	sc := g.Scene()
	got := sceneText(sc)
	for _, want := range []string{
		"O//0/0/0 B/+2/3/0/0 J/×2/1/0/0 E//0/0/0 T//0/0/0",
		"E//6/0/3 T//0/0/0 E//7/0/4",
		"Z/×2/4/0/1 O//0/0/0",
		"Rangée 1 · 14 points", "Rangée 4 (vide)", "Row 2 · 3 points",
		"► #1 : 7 points · 3 cartes (à jouer)", "#2 : 3 points · 1 carte", "Pioche 10",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("picture lacks %q:\n%s", want, got)
		}
	}
	hand := sceneText(g.PrivateScene(0))
	for _, want := range []string{"A//0/0/0 //4/0/1 //9/0/2", "Ta main (3 cartes)", "//9/0/2 POUBELLE", "//6/0/3 REJOUER", "//7/0/4 INCONTRABLE"} {
		if !strings.Contains(hand, want) {
			t.Errorf("hand lacks %q:\n%s", want, hand)
		}
	}
	if len(g.PrivateScene(5).Blocks) != 0 {
		t.Error("a hand for no seat")
	}
}

// TestShowEnd_SharedWinIsOneSentence: equal highest scores share the win;
// the board and the picture say it in one sentence naming every winner,
// never "gagne" once per winner.
func TestShowEnd_SharedWinIsOneSentence(t *testing.T) {
	for _, winners := range [][]int{{0, 2}, {0, 1, 2}} {
		g := build(t, testDict, 3, [4]string{"O B J E T", "", "", ""}, []string{"A", "S", "E"}, 0)
		g.s.Over = true
		for p := range g.s.Scores {
			g.s.Scores[p] = 12
			if slices.Contains(winners, p) {
				g.s.Scores[p] = 43
			}
		}
		gamestest.CheckSharedWin(t, gamestest.ViewText(g.Public()), winners...)
		gamestest.CheckSharedWin(t, gamestest.SceneText(g.Scene()), winners...)
	}
}
