package coquillaude

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/games/gamestest"
	"github.com/tablee/tablee/i18n"
)

// sceneText is everything a scene draws, in both languages.
func sceneText(sc games.Scene) string {
	var b strings.Builder
	for _, lang := range i18n.Langs {
		r := i18n.Renderer{Lang: lang}
		for _, bl := range sc.Blocks {
			fmt.Fprintf(&b, "[%s] grid=%v wide=%v\n", r.Text(bl.Label), bl.Grid, bl.Wide)
			for _, row := range bl.Rows {
				for _, t := range row {
					fmt.Fprintf(&b, "%q/%q/%d/%d/%v/%v ", t.Text, t.Corner, t.Fill, t.Mark, t.Empty, t.Highlight)
				}
				b.WriteByte('\n')
			}
			b.WriteString(r.Text(bl.Note))
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// checkScene: the board of the picture is the board of the game cell by
// cell (a letter only where a pion lies), the last placed word is the only
// highlight, the note is the public view's lines (entries named in words), and the picture reads the
// same when the hidden pions and the pending proposals are changed.
func checkScene(t *testing.T, g *Game) {
	t.Helper()
	s := g.s
	sc := g.Scene()
	if len(sc.Blocks) != 2 || !sc.Blocks[0].Grid || len(sc.Blocks[0].Rows) != Size {
		t.Fatalf("scene layout: %d blocks", len(sc.Blocks))
	}
	last := map[int]bool{}
	for _, idx := range s.LastWord {
		last[idx] = true
	}
	for r, row := range sc.Blocks[0].Rows {
		if len(row) != Size {
			t.Fatalf("row %d: %d cells", r+1, len(row))
		}
		for c, tile := range row {
			idx := r*Size + c
			want := ""
			if l := s.Board[idx]; l != '.' {
				want = string(l)
			}
			corner := ""
			if want == "" && isShell[idx] {
				corner = shellText
			}
			if tile.Text != want || tile.Corner != corner {
				t.Fatalf("%s: tile %q/%q, board %q", cellName(r, c), tile.Text, tile.Corner, want)
			}
			if tile.Highlight != last[idx] {
				t.Fatalf("%s: highlight %v", cellName(r, c), tile.Highlight)
			}
			if want == "" {
				// Shells and the zone are told by a shape, not by colour alone.
				if (isShell[idx] || inOrange(r, c)) && tile.Mark == games.NoShape {
					t.Fatalf("%s: no mark", cellName(r, c))
				}
				if !isShell[idx] && !inOrange(r, c) && !tile.Empty {
					t.Fatalf("%s: a plain cell not drawn empty", cellName(r, c))
				}
			}
		}
	}
	var lines []i18n.Msg
	for _, m := range g.publicView(sceneKind, true).Lines {
		if m.Key != "coquillaude.line.legend" {
			lines = append(lines, m)
		}
	}
	for _, lang := range i18n.Langs {
		got := (i18n.Renderer{Lang: lang}).Text(sc.Blocks[1].Note)
		if want := strings.TrimSuffix(render(lang, lines...), "\n"); got != want {
			t.Fatalf("note:\n%s\nwant the public lines:\n%s", got, want)
		}
	}

	before := sceneText(sc)
	c := &Game{s: s.clone(), w: g.w}
	for p := range c.s.Hands {
		for i := range c.s.Hands[p] {
			c.s.Hands[p][i] = 'W'
		}
	}
	for i := range c.s.Bag {
		c.s.Bag[i] = 'K'
	}
	for p, pr := range c.s.Props {
		if pr != nil && !pr.None {
			c.s.Props[p] = &proposal{Word: "ZZ", Text: "ZZ", Row: 1, Col: 1, Anagrams: []string{"ZZ"}}
		}
	}
	if after := sceneText(c.Scene()); after != before {
		t.Fatalf("the picture depends on hidden pions or proposals:\n%s\n---\n%s", before, after)
	}
}

// TestScene_ShowsOnlyThePublicView plays games of bots (of the default
// strength, normal) and checks every position's picture.
func TestScene_ShowsOnlyThePublicView(t *testing.T) {
	for _, players := range []int{2, 3, 4} {
		g := newGame(t, players, uint64(40+players), nil)
		highlighted := false
		for n := 0; n < 400 && !g.s.Over; n++ {
			checkScene(t, g)
			highlighted = highlighted || len(g.s.LastWord) > 0
			w := g.Waiting()[0]
			if _, err := g.Apply(w.Seat, g.Bot(w.Seat, games.Normal)); err != nil {
				t.Fatal(err)
			}
		}
		checkScene(t, g)
		if !highlighted {
			t.Errorf("%d players: no word was ever highlighted", players)
		}
	}
}

// TestScene_ProposalShownOnlyOnceLaid: a pending proposal is not in the
// picture; once resolved, its pions are, highlighted; the hand picture shows
// the proposer's pions.
func TestScene_ProposalShownOnlyOnceLaid(t *testing.T) {
	g := composeGame(t, 3, nil, []string{"SIMULTANEEX", "NAPOLEON"})
	empty := sceneText(g.Scene())
	mustApply(t, g, 0, "mot SIMULTANEE F10 droite")
	checkScene(t, g)
	board := func() string {
		var b strings.Builder
		for _, row := range g.Scene().Blocks[0].Rows {
			for _, tile := range row {
				b.WriteString(tile.Text)
			}
		}
		return b.String()
	}
	if got := board(); got != "" {
		t.Fatalf("a pending proposal is drawn: %q", got)
	}
	if after := sceneText(g.Scene()); strings.Contains(after, "SIMULTANEE") || after == empty {
		// The note tells who has proposed, never what.
		t.Fatalf("picture during compose:\n%s", after)
	}
	hand := g.PrivateScene(0)
	var letters string
	for _, row := range hand.Blocks[0].Rows {
		for _, tile := range row {
			letters += tile.Text
		}
	}
	if letters != sortedHand([]byte("SIMULTANEEX")) {
		t.Fatalf("hand picture %q", letters)
	}
	if len(g.PrivateScene(2).Blocks[0].Rows[0]) != 1 || !g.PrivateScene(2).Blocks[0].Rows[0][0].Empty {
		t.Fatal("an empty hand is not one empty tile")
	}
	mustApply(t, g, 1, "rien")
	mustApply(t, g, 2, "rien")
	checkScene(t, g)
	if got := board(); got != "SIMULTANEE" {
		t.Fatalf("board after resolution %q", got)
	}
	row := g.Scene().Blocks[0].Rows[9]
	for c := 5; c < 15; c++ {
		if !row[c].Highlight {
			t.Fatalf("%s not highlighted", cellName(9, c))
		}
	}
}

// TestShowEnd_SharedWinIsOneSentence: equal highest totals share the win;
// the board and the picture say it in one sentence naming every winner,
// never "gagne" once per winner.
func TestShowEnd_SharedWinIsOneSentence(t *testing.T) {
	for _, winners := range [][]int{{0, 2}, {0, 1, 2}} {
		g := newGame(t, 3, 1, games.Options{})
		g.s.Over = true
		for p := range g.s.Scores {
			g.s.Scores[p] = 20
			if slices.Contains(winners, p) {
				g.s.Scores[p] = 43
			}
		}
		gamestest.CheckSharedWin(t, gamestest.ViewText(g.Public()), winners...)
		gamestest.CheckSharedWin(t, gamestest.SceneText(g.Scene()), winners...)
	}
}
