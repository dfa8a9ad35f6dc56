package escogriffe

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/games/gamestest"
	"github.com/tablee/tablee/i18n"
)

var names = i18n.Renderer{Lang: i18n.FR, Name: func(seat int) string { return []string{"Alice", "Bruno", "Chloé", "Denis"}[seat] }}

// sceneTexts is every heading and note of a picture, as a French reader
// reads them.
func sceneTexts(sc games.Scene) string {
	var b strings.Builder
	for _, bl := range sc.Blocks {
		b.WriteString(names.Text(bl.Label) + "\n" + names.Text(bl.Note) + "\n")
	}
	return b.String()
}

func viewLines(v games.View) string { return strings.Join(names.Texts(v.Lines), "\n") }

// TestBoards_SayWhoseTurn: on every board of a whole game, the picture's
// first line and the text name the seat the game waits for, in each
// phase (draw, discard, ES-D4's last chance), and the picture marks that
// seat's figure, and no other.
func TestBoards_SayWhoseTurn(t *testing.T) {
	phases := map[int]bool{}
	playBots(t, 4, 5, 100000, func(s *state, _ int, _ string) {
		if s.Over {
			return
		}
		w := s.waitingSeat()
		name := names.Name(w)
		phases[s.Phase] = true
		sc := s.Scene()
		if status := names.Text(sc.Blocks[0].Label); !strings.HasPrefix(status, "►") || !strings.Contains(status, name) {
			t.Fatalf("phase %d, waiting for %s: the picture says %q", s.Phase, name, status)
		}
		marked := 0
		for _, b := range sc.Blocks {
			if b.Label.Key == "escogriffe.scene.seat_turn" {
				marked++
				if b.Label.Args[0] != i18n.Seat(w) {
					t.Fatalf("the picture marks %v, the game waits for %s", b.Label.Args[0], name)
				}
			}
		}
		if marked != 1 {
			t.Fatalf("%d figures marked, want 1", marked)
		}
		if lines := viewLines(s.Public()); !strings.Contains(lines, "À "+name) && !strings.Contains(lines, "à "+name) {
			t.Fatalf("the text board does not name %s:\n%s", name, lines)
		}
	})
	for _, p := range []int{phaseDraw, phaseDiscard, phaseLast} {
		if !phases[p] {
			t.Errorf("phase %d never seen", p)
		}
	}
}

// TestFinalBoard_SaysGameOverAndResult: the last board, picture and
// text, says "Partie terminée" and names the winner with his points, or
// the winners who share the win in one sentence; no figure is marked as
// waiting.
func TestFinalBoard_SaysGameOverAndResult(t *testing.T) {
	var s *state
	playBots(t, 4, 9, 100000, func(st *state, _ int, _ string) { s = st })
	if !s.Over || len(s.Champions) == 0 {
		t.Fatal("the game did not end")
	}
	c := s.Champions[0]
	won := names.Name(c) + " gagne avec " + itoa(s.Scores[c]) + " points"
	if len(s.Champions) > 1 {
		won = "se partagent la victoire avec " + itoa(s.Scores[c]) + " points"
	}
	sc := s.Scene()
	if status := names.Text(sc.Blocks[0].Label); !strings.HasPrefix(status, "Partie terminée") || !strings.Contains(status, won) {
		t.Fatalf("final picture: %q, want Partie terminée and %q", status, won)
	}
	if strings.Contains(sceneTexts(sc), "►") {
		t.Fatalf("a figure is marked as waiting on the final picture:\n%s", sceneTexts(sc))
	}
	lines := viewLines(s.Public())
	if !strings.Contains(lines, "Partie terminée.") || !strings.Contains(lines, names.Name(c)+" gagne avec "+itoa(s.Scores[c])) {
		t.Fatalf("final text board:\n%s", lines)
	}
	// A shared win names every winner.
	s.Champions = []int{0, 2, 3}
	s.Scores[0], s.Scores[2], s.Scores[3] = 51, 51, 51
	if got := names.Text(s.Scene().Blocks[0].Label); got != "Partie terminée : Alice, Chloé et Denis se partagent la victoire avec 51 points." {
		t.Fatalf("shared win: %q", got)
	}
	// The text board says it in one sentence too, for two winners as for
	// three, never "gagne" once per winner.
	for _, champions := range [][]int{{0, 2, 3}, {1, 3}} {
		s.Champions = champions
		for _, c := range champions {
			s.Scores[c] = 52
		}
		gamestest.CheckSharedWin(t, gamestest.ViewText(s.Public()), champions...)
		gamestest.CheckSharedWin(t, gamestest.SceneText(s.Scene()), champions...)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// TestRoundEnd_CompletedFigureShown (ES-D3, ES-D4): the move that
// completes a figure deals the next round at once; the boards that follow
// still show the completed figure, card by card, with who completed it
// and his points, in the picture and the text, until every seat has had
// a turn of the new round; then they are gone.
func TestRoundEnd_CompletedFigureShown(t *testing.T) {
	var before [][]int
	checked, gone := 0, 0
	shownSince := -1
	prev := 1
	playBots(t, 4, 3, 100000, func(s *state, mover int, _ string) {
		defer func() { before = cloneFigures(s.Figures); prev = s.Round }()
		if s.Round == prev && !s.Over {
			if shownSince >= 0 && s.Turns >= s.Players {
				if s.shownDone() != nil || strings.Contains(sceneTexts(s.Scene()), "termine sa figure") {
					t.Fatalf("round %d, %d turns: the last round's figure still shown", s.Round, s.Turns)
				}
				gone++
				shownSince = -1
			}
			return
		}
		d := s.shownDone()
		if d == nil || d.Round != prev {
			t.Fatalf("round %d ended: nothing of it shown", prev)
		}
		if len(d.Figures) == 0 {
			return // blocked: nobody completed anything
		}
		shownSince = s.Round
		sc, text := s.Scene(), strings.Join(s.Public().Board, "\n")
		lines := viewLines(s.Public())
		for _, f := range d.Figures {
			same := slices.Equal(f.Cards, before[f.Seat])
			if f.Seat == mover { // the card that completed it came with the move, at one end
				same = slices.Equal(f.Cards[1:], before[f.Seat]) || slices.Equal(f.Cards[:len(f.Cards)-1], before[f.Seat])
			}
			if !same || !complete(f.Cards) {
				t.Fatalf("round %d: seat %d's figure kept as %v, it was %v", prev, f.Seat, f.Cards, before[f.Seat])
			}
			if f.Points != len(f.Cards) && f.Points != len(f.Cards)+3 {
				t.Fatalf("round %d: %d points for a figure of %d", prev, f.Points, len(f.Cards))
			}
			who := names.Name(f.Seat)
			var said, block *games.Block
			for i, b := range sc.Blocks {
				if b.Label.Key == "escogriffe.scene.done" && b.Label.Args[1] == i18n.Seat(f.Seat) {
					said, block = &sc.Blocks[i], &sc.Blocks[i]
				}
			}
			if said == nil {
				t.Fatalf("round %d: the picture does not say %s completed a figure:\n%s", prev, who, sceneTexts(sc))
			}
			if s.Over { // no new deal: the figure stands in its player's column
				block = &sc.Blocks[len(sc.Blocks)-s.Players+f.Seat]
			}
			var drawn []string
			for _, row := range block.Rows {
				for _, tile := range row {
					drawn = append(drawn, describe(tile))
				}
			}
			var want []string
			for _, id := range f.Cards {
				want = append(want, describe(cardTile(id)))
				if !strings.Contains(text, " "+cardText(id)) {
					t.Fatalf("round %d: the text board lacks %s of %s's figure:\n%s", prev, cardText(id), who, text)
				}
			}
			if !slices.Equal(drawn, want) {
				t.Fatalf("round %d: the picture draws %v, the figure was %v", prev, drawn, want)
			}
			if !strings.Contains(lines, "Manche "+itoa(prev)+" : "+who+" a terminé sa figure de "+itoa(len(f.Cards))) {
				t.Fatalf("round %d: the text does not say %s completed a figure:\n%s", prev, who, lines)
			}
		}
		checked++
	})
	if checked < 2 || gone < 1 {
		t.Fatalf("%d completed rounds checked, %d cleared: play more", checked, gone)
	}
}

func cloneFigures(f [][]int) [][]int {
	out := make([][]int, len(f))
	for i := range f {
		out[i] = slices.Clone(f[i])
	}
	return out
}
