package render_test

import (
	"fmt"
	"image/color"
	"math"
	"strings"
	"sync"
	"testing"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/games/gamestest"
	"github.com/tablee/tablee/games/render"
	"github.com/tablee/tablee/i18n"
)

// The checks every game's pictures must pass, over scenes of every player
// count each game admits, in the middle of a game and at its end, the
// board and every hand, in both languages.

// seatNames are the players of the scenes checked: names of the length
// people have, one with an emoji the font leaves out.
var checkedNames = []string{"Alice", "Bob", "Chloé", "David 🤖", "Emmanuelle", "Farid", "Gaëlle", "Hugo"}

// checkedScene is one picture to check.
type checkedScene struct {
	game, name string
	title      string
	scene      games.Scene
	r          i18n.Renderer
}

// endMoves bounds the bot moves that take a game from its middle to its
// end: far more than any game takes (Le Grand Escogriffe at 7 or 8 players
// plays up to about 10,000 moves, 13 to 15 rounds on average), so a game
// still going after them does not end.
const endMoves = 100_000

// everyGamesScenes self-plays each game that draws pictures at every player count
// it admits, and returns its board and hands after a few moves and at the
// end of the game. The games are played once for all the tests that check
// them (whole games of Le Grand Escogriffe at 8 players are long, most of
// all under the race detector).
func everyGamesScenes(t *testing.T) []checkedScene {
	t.Helper()
	scenesOnce.Do(func() { scenes, scenesErr = playEveryGame() })
	if scenesErr != nil {
		t.Fatal(scenesErr)
	}
	return scenes
}

var (
	scenesOnce sync.Once
	scenes     []checkedScene
	scenesErr  error
)

func playEveryGame() ([]checkedScene, error) {
	var out []checkedScene
	for _, e := range games.All() {
		lo, hi := e.Seats()
		for n := lo; n <= hi; n++ {
			g, err := e.New(games.Options{}, n, uint64(n))
			if err != nil {
				return nil, err
			}
			if _, ok := g.(games.Pictured); !ok {
				break
			}
			for _, stage := range []struct {
				name  string
				moves int
			}{{"mid", 3 * n}, {"end", endMoves}} {
				played, err := games.Autoplay(g, stage.moves)
				if err != nil {
					return nil, err
				}
				if stage.name == "end" && !g.Result().Over {
					// The end's pictures would not be checked.
					return nil, fmt.Errorf("%s at %d players: not over after %d more moves (%d played, waiting %v)", e.Name(), n, stage.moves, played, g.Waiting())
				}
				for _, lang := range []i18n.Lang{i18n.FR, i18n.EN} {
					r := i18n.Renderer{Lang: lang, Name: func(s int) string { return checkedNames[s%len(checkedNames)] }}
					title := r.Text(i18n.T(e.Name() + ".title"))
					at := fmt.Sprintf("%s/%dp/%s/%s", e.Name(), n, stage.name, lang)
					out = append(out, checkedScene{e.Name(), at + "/board", title, g.(games.Pictured).Scene(), r})
					if pp, ok := g.(games.PrivatePictured); ok {
						for s := 0; s < n; s++ {
							out = append(out, checkedScene{e.Name(), fmt.Sprintf("%s/hand%d", at, s), title, pp.PrivateScene(s), r})
						}
					}
				}
			}
		}
	}
	return out, nil
}

// TestWholeGames_ColoursContrast: every colour drawn on another in any
// picture of any game (a letter on its tile, a mark or an icon on its
// card, a text or a tile's outline on the background) meets WCAG 2.1's
// 3:1 contrast for graphics. The pairs are recorded as the pictures are
// drawn, so a colour added to a game is checked as soon as it is drawn.
func TestWholeGames_ColoursContrast(t *testing.T) {
	skipUnderRace(t)
	failed := map[string][]string{}
	seen := map[string]map[render.Pair]bool{}
	for _, sc := range everyGamesScenes(t) {
		for _, p := range render.Inspect(sc.title, sc.scene, sc.r).Pairs {
			if seen[sc.game] == nil {
				seen[sc.game] = map[render.Pair]bool{}
			}
			if seen[sc.game][p] {
				continue
			}
			seen[sc.game][p] = true
			if c := render.Contrast(p.Fg, p.Bg); c < 3 {
				failed[sc.game] = append(failed[sc.game], fmt.Sprintf("%s %s on %s: %.2f:1 (first in %s)", p.What, hex(p.Fg), hex(p.Bg), c, sc.name))
			}
		}
	}
	for game, pairs := range seen {
		t.Run(game, func(t *testing.T) {
			if len(pairs) < 3 {
				t.Fatalf("only %d colour pairs recorded", len(pairs))
			}
			for _, f := range failed[game] {
				t.Error(f)
			}
		})
	}
}

// TestWholeGames_TextsFit: no text of any picture of any game is drawn wider
// than its box (a label in its column, a letter in its tile), and no line
// is cut in the middle of a phrase ("0 pt · 11 en" / "main").
func TestWholeGames_TextsFit(t *testing.T) {
	skipUnderRace(t)
	failed := map[string][]string{}
	games := map[string]bool{}
	for _, sc := range everyGamesScenes(t) {
		games[sc.game] = true
		for _, o := range render.Inspect(sc.title, sc.scene, sc.r).Overflows {
			failed[sc.game] = append(failed[sc.game], sc.name+": "+o)
		}
	}
	for game := range games {
		t.Run(game, func(t *testing.T) {
			for i, f := range failed[game] {
				if i == 20 {
					t.Errorf("… and %d more", len(failed[game])-i)
					break
				}
				t.Error(f)
			}
		})
	}
}

func hex(c color.RGBA) string { return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B) }

// TestContrast_WCAGFormula checks the formula on values WCAG's own
// examples and every checker give.
func TestContrast_WCAGFormula(t *testing.T) {
	for _, c := range []struct {
		a, b color.RGBA
		want float64
	}{
		{color.RGBA{0, 0, 0, 255}, color.RGBA{255, 255, 255, 255}, 21},
		{color.RGBA{255, 255, 255, 255}, color.RGBA{0x77, 0x77, 0x77, 255}, 4.48},
		{color.RGBA{255, 255, 255, 255}, color.RGBA{0x76, 0x76, 0x76, 255}, 4.54},
		{color.RGBA{0xff, 0, 0, 255}, color.RGBA{255, 255, 255, 255}, 4.00},
		{color.RGBA{0, 0, 0xff, 255}, color.RGBA{255, 255, 255, 255}, 8.59},
		{color.RGBA{0x80, 0x80, 0x80, 255}, color.RGBA{0x80, 0x80, 0x80, 255}, 1},
	} {
		if got := render.Contrast(c.a, c.b); math.Abs(got-c.want) > 0.01 {
			t.Errorf("%s on %s: %.3f, want %.2f", hex(c.a), hex(c.b), got, c.want)
		}
	}
}

// TestInspect_RecordsWhatIsDrawn: the pairs come from the drawing itself
// (a letter in ink on a yellow card, the card's outline on the
// background, a white mark on a blue card), and what does not fit is
// reported: a word wider than the picture, a label too wide for its tile.
func TestInspect_RecordsWhatIsDrawn(t *testing.T) {
	sc := games.Scene{Blocks: []games.Block{{
		Label: i18n.Raw(strings.Repeat("W", 80)),
		Rows:  [][]games.Tile{{{Text: "A", Fill: games.Yellow}, {Text: "WWWW", Fill: games.Blue, Mark: games.Square}}},
	}}}
	in := render.Inspect("", sc, i18n.Renderer{Lang: i18n.FR})
	has := func(what string, fg, bg color.RGBA) bool {
		for _, p := range in.Pairs {
			if p.What == what && p.Fg == fg && p.Bg == bg {
				return true
			}
		}
		return false
	}
	ink, yellow := color.RGBA{0x22, 0x22, 0x22, 0xff}, color.RGBA{0xf0, 0xe4, 0x42, 0xff}
	white, blue := color.RGBA{0xff, 0xff, 0xff, 0xff}, color.RGBA{0x00, 0x72, 0xb2, 0xff}
	background, border := color.RGBA{0xfa, 0xf7, 0xf0, 0xff}, color.RGBA{0x55, 0x55, 0x55, 0xff}
	for _, want := range []struct {
		what   string
		fg, bg color.RGBA
	}{{"text", ink, yellow}, {"text", white, blue}, {"mark", white, blue}, {"outline", border, background}, {"text", ink, background}} {
		if !has(want.what, want.fg, want.bg) {
			t.Errorf("no %s %s on %s among %+v", want.what, hex(want.fg), hex(want.bg), in.Pairs)
		}
	}
	if len(in.Overflows) != 2 || !strings.Contains(in.Overflows[0], "WWWWWWWW") || !strings.Contains(in.Overflows[1], `"WWWW"`) {
		t.Errorf("overflows %q", in.Overflows)
	}
}

// skipUnderRace leaves the whole-game picture checks to the run without the
// race detector (the second command of the test line, -run WholeGames):
// they draw on one goroutine, where the detector finds nothing, and the
// bots' games to their end (thousands of moves for Le Grand Escogriffe at
// 8 players) take ten times longer under it.
func skipUnderRace(t *testing.T) {
	t.Helper()
	if gamestest.Race {
		t.Skip("checked without -race (go test -run WholeGames ./games/render)")
	}
}
