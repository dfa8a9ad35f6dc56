package crackword

import (
	"slices"
	"strings"
	"testing"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/games/gamestest"
	"github.com/tablee/tablee/i18n"
)

// sceneLines is what a scene's lines say in French, each after its
// swatch's colour and shape ("1/1" for a red circle).
func sceneLines(sc games.Scene) []string {
	var out []string
	for _, b := range sc.Blocks {
		for _, l := range b.Lines {
			line := fr(l.Text)
			if l.Swatch != (games.Tile{}) {
				line = string(rune('0'+l.Swatch.Fill)) + "/" + string(rune('0'+l.Swatch.Mark)) + " " + line
			}
			if l.Bold {
				line = "**" + line + "**"
			}
			out = append(out, line)
		}
	}
	return out
}

// checkSceneLines checks a scene's lines (sceneLines) against want.
func checkSceneLines(t *testing.T, sc games.Scene, want ...string) {
	t.Helper()
	got, w := strings.Join(sceneLines(sc), "\n"), strings.Join(want, "\n")
	if got != w {
		t.Fatalf("lines:\n%s\nwant:\n%s", got, w)
	}
}

// TestScene_CW_D1_ActionCardsAreDrawnAsWhatTheyAre: a POUBELLE is a bin and
// no letter, a JOKER in hand a star and no letter, a JOKER on a row its
// letter with the star (CW-D4); each card keeps its player's colour and
// shape.
func TestScene_CW_D1_ActionCardsAreDrawnAsWhatTheyAre(t *testing.T) {
	g := build(t, testDict, 2, [4]string{"Ar Rb/R*r", "", "", ""}, []string{"A * #", "E"}, 5)
	hand := g.PrivateScene(0).Blocks[0].Rows[0]
	want := []games.Tile{
		{Text: "A", Fill: games.Red, Mark: games.Circle},
		{Fill: games.Red, Mark: games.Circle, Icon: games.IconJoker},
		{Fill: games.Red, Mark: games.Circle, Icon: games.IconTrash},
	}
	if len(hand) != len(want) {
		t.Fatalf("hand %+v", hand)
	}
	for i := range want {
		if hand[i] != want[i] {
			t.Errorf("card %d: %+v, want %+v", i, hand[i], want[i])
		}
	}
	row := g.Scene().Blocks[0].Rows[0]
	if joker := (games.Tile{Text: "R", Corner: "×2", Fill: games.Red, Mark: games.Circle, Icon: games.IconJoker}); row[1] != joker {
		t.Errorf("a JOKER laid as R on a stack of two: %+v", row[1])
	}
}

// TestScene_KeyAndWhoseTurn: under the rows, each player's line is led by
// his colour and shape (the key), the player to play in bold, and the
// table says whose turn it is.
func TestScene_KeyAndWhoseTurn(t *testing.T) {
	g := build(t, testDict, 3, [4]string{"Ar", "", "", ""}, []string{"A E", "E", "S"}, 5)
	g.s.Turn = 1
	g.s.Out[2] = true
	checkSceneLines(t, g.Scene(),
		"1/1 #1 : paquet 0 · pioche 5 · main 2",
		"**2/2 ► #2 : paquet 0 · pioche 5 · main 1 (à jouer)**",
		"3/3 #3 : paquet 0 · pioche 5 · main 1 (hors jeu)",
		"**À #2 de jouer.**")
	en := i18n.Renderer{Lang: i18n.EN}.Text(g.Scene().Blocks[4].Lines[3].Text)
	if en != "#2 to play." {
		t.Errorf("English turn line %q", en)
	}
}

// TestScene_CW_D10_TheEndAndTheWinner: the final board says that the game
// is over and who won, with his colour, and nobody is to play; the
// winner's line of the key is in bold.
func TestScene_CW_D10_TheEndAndTheWinner(t *testing.T) {
	g := build(t, testDict, 2, [4]string{"Mb Ar Ib", "Er/Eb Tr", "Sr", ""}, []string{"S", "E"}, 0)
	g.s.LastHand = true
	gamestest.MustApply(t, g, 0, "S droite 1 mais")
	checkSceneLines(t, g.Scene(),
		"**1/1 #1 : paquet 5 · pioche 0 · main 0**",
		"2/2 #2 : paquet 0 · pioche 0 · main 1",
		"**Partie terminée.**",
		"**1/1 #1 gagne avec 5 points.**")
}

// TestScene_CW_D10_SharedWinIsOneSentence: equal paquets share the win
// (CW-D10): the board and the picture say it in one sentence naming every
// winner, never "gagne" once per winner; the picture's key shows whose
// colours won by the winners' lines in bold.
func TestScene_CW_D10_SharedWinIsOneSentence(t *testing.T) {
	for _, winners := range [][]int{{0, 2}, {0, 1, 2}} {
		g := build(t, testDict, 3, [4]string{"Ar", "", "", ""}, []string{"A", "E", "S"}, 0)
		g.s.Over = true
		for p := range g.s.Paquet {
			g.s.Paquet[p] = []Card{mkCard(p, kindLetter, 'E')}
			if slices.Contains(winners, p) {
				g.s.Paquet[p] = append(g.s.Paquet[p], mkCard(p, kindLetter, 'S'))
			}
		}
		gamestest.CheckSharedWin(t, gamestest.ViewText(g.Public()), winners...)
		sc := g.Scene()
		gamestest.CheckSharedWin(t, gamestest.SceneText(sc), winners...)
		key := sc.Blocks[len(sc.Blocks)-1].Lines
		for p := 0; p < 3; p++ {
			if key[p].Bold != slices.Contains(winners, p) {
				t.Errorf("winners %v: the key's line of #%d bold=%v", winners, p+1, key[p].Bold)
			}
		}
	}
}
