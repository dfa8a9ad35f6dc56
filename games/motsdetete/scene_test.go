package motsdetete

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/games/gamestest"
	"github.com/tablee/tablee/i18n"
)

// sceneMatchesGrid checks a position's picture cell by cell against the
// game and against the text board: the letter written there (at the same
// column letter and row number as the text board and the moves), black
// cells black, bonus cells in their colour and shape, and the last word
// outlined.
func sceneMatchesGrid(g *Game) error {
	s := g.s
	gr := s.grid
	sc := g.Scene()
	if len(sc.Blocks) != 1 || !sc.Blocks[0].Grid || len(sc.Blocks[0].Rows) != gr.H {
		return fmt.Errorf("the picture is not one grid of %d rows", gr.H)
	}
	board := s.boardLines()
	last := map[int]bool{}
	for _, x := range s.lastCells() {
		last[x] = true
	}
	for r, row := range sc.Blocks[0].Rows {
		if len(row) != gr.W {
			return fmt.Errorf("row %d has %d cells", r+1, len(row))
		}
		for c, t := range row {
			x := r*gr.W + c
			name := gr.Name(x)
			want := ""
			if s.cells[x] != 0 {
				want = string(s.cells[x])
				// The text board has the same letter at the same place.
				if b := board[r+1][3+2*c]; b != s.cells[x] {
					return fmt.Errorf("%s: text board %q, grid %q", name, b, s.cells[x])
				}
			}
			if t.Text != want {
				return fmt.Errorf("%s: picture %q, grid %q", name, t.Text, want)
			}
			k := gr.kind[x]
			if t.Fill != sceneFill[k] || t.Mark != sceneShape[k] {
				return fmt.Errorf("%s: kind %d drawn as fill %d mark %d", name, k, t.Fill, t.Mark)
			}
			if k == plain && (t.Empty != (s.cells[x] == 0) || t.Corner != fmt.Sprint(gr.value[x])) {
				return fmt.Errorf("%s: empty %v, corner %q", name, t.Empty, t.Corner)
			}
			if t.Highlight != last[x] {
				return fmt.Errorf("%s: highlight %v", name, t.Highlight)
			}
		}
	}
	return nil
}

// TestScene_MatchesGrid: bot games, every position's picture checked.
func TestScene_MatchesGrid(t *testing.T) {
	e := realEngine()
	for seed := uint64(1); seed <= 2; seed++ {
		gg, err := e.New(games.Options{}, 2, seed)
		if err != nil {
			t.Fatal(err)
		}
		g := gg.(*Game)
		written := 0
		for n := 0; n < 30 && !g.s.Over; n++ {
			if err := sceneMatchesGrid(g); err != nil {
				t.Fatalf("seed %d, move %d: %v", seed, n, err)
			}
			seat := g.s.Turn
			gamestest.MustApply(t, g, seat, g.Bot(seat, games.Strong))
		}
		if err := sceneMatchesGrid(g); err != nil {
			t.Fatalf("seed %d, end: %v", seed, err)
		}
		for _, l := range g.s.cells {
			if l != 0 {
				written++
			}
		}
		if written < 10 {
			t.Errorf("seed %d: only %d letters written", seed, written)
		}
	}
}

// TestScene_Coordinates: a word written from E6 to the right lands in row
// 6, columns E to J of the picture, outlined; the note tells the scores,
// whose turn and the die.
func TestScene_Coordinates(t *testing.T) {
	g := newGame(t, nil, smallLex(t, "MAISON"), 2, games.Options{})
	g.setDie(6)
	gamestest.MustApply(t, g, 0, "E6 droite maison")
	rows := g.Scene().Blocks[0].Rows
	for i, l := range "MAISON" {
		tile := rows[5][4+i]
		if tile.Text != string(l) || !tile.Highlight {
			t.Errorf("%c6: %+v", 'E'+i, tile)
		}
	}
	if tile := rows[7][7]; tile.Fill != games.Black || tile.Text != "" {
		t.Errorf("H8: %+v", tile)
	}
	if tile := rows[0][7]; tile.Fill != games.Orange || tile.Mark != games.Circle {
		t.Errorf("H1: %+v", tile)
	}
	if tile := rows[2][2]; tile.Fill != games.Red || tile.Mark != games.Triangle {
		t.Errorf("C3: %+v", tile)
	}
	if tile := rows[1][5]; tile.Fill != games.Yellow || tile.Mark != games.Square {
		t.Errorf("F2: %+v", tile)
	}
	if err := sceneMatchesGrid(g); err != nil {
		t.Fatal(err)
	}
	note := i18n.Renderer{Lang: i18n.FR}.Text(g.Scene().Blocks[0].Note)
	for _, want := range []string{"Premier à 300 points.", fmt.Sprintf("#1 : %d points", g.s.Scores[0]), "► #2 : 0 point",
		fmt.Sprintf("À #2 de jouer : dé %d", g.s.Die), "● orange : 1 dé"} {
		if !strings.Contains(note, want) {
			t.Errorf("note lacks %q:\n%s", want, note)
		}
	}
	// A pass outlines nothing.
	gamestest.MustApply(t, g, 1, "passe")
	if cells := g.s.lastCells(); len(cells) != 0 {
		t.Errorf("after a pass: %v", cells)
	}
	if err := sceneMatchesGrid(g); err != nil {
		t.Fatal(err)
	}
}

// TestShowEnd_SharedWinIsOneSentence: equal highest scores share the win
// (a marathon's survivors, or the round that reaches the target); the
// board and the picture say it in one sentence naming every winner, never
// "gagne" once per winner.
func TestShowEnd_SharedWinIsOneSentence(t *testing.T) {
	for _, winners := range [][]int{{0, 2}, {0, 1, 2}} {
		g := newGame(t, nil, smallLex(t, "MAISON"), 3, games.Options{})
		g.s.Over = true
		for p := range g.s.Scores {
			g.s.Scores[p] = 120
			if slices.Contains(winners, p) {
				g.s.Scores[p] = 301
			}
		}
		gamestest.CheckSharedWin(t, gamestest.ViewText(g.Public()), winners...)
		gamestest.CheckSharedWin(t, gamestest.SceneText(g.Scene()), winners...)
	}
}
