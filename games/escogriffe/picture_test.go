package escogriffe

import (
	"fmt"
	"image/color"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/games/gamestest"
	draw "github.com/tablee/tablee/games/render"
	"github.com/tablee/tablee/i18n"
)

// moments plays a game of Strong bots and keeps copies of it: in the
// middle of the first round, just after the first round won by a
// completed figure (ES-D3), and over.
func moments(t *testing.T, players int, seed uint64) (mid, roundEnd, end *state) {
	t.Helper()
	round, moves := 1, 0
	var last *state
	playBots(t, players, seed, 100000, func(s *state, _ int, _ string) {
		moves++
		if moves == 6*players {
			mid = clone(t, s)
		}
		if s.Round != round || s.Over {
			round = s.Round
			if roundEnd == nil && s.Done != nil && len(s.Done.Figures) > 0 {
				roundEnd = clone(t, s)
			}
		}
		last = s
	})
	if mid == nil || roundEnd == nil || last == nil || !last.Over {
		t.Fatalf("%d players, seed %d: the game gave no position to draw", players, seed)
	}
	return mid, roundEnd, clone(t, last)
}

// Names as the bot writes them: a bot player's carries its strength.
func sceneNames(l i18n.Lang) func(int) string {
	strength := map[i18n.Lang]string{i18n.FR: "facile", i18n.EN: "strong"}[l]
	return func(seat int) string {
		if seat%2 == 1 {
			return fmt.Sprintf("🤖 Robot %d (%s)", seat+1, strength)
		}
		return []string{"Alice", "Chloé", "Emma", "Gaëlle"}[seat/2]
	}
}

// TestWholeGames_NoTextWrapsMidPhraseAt2To8Players draws the board and the
// hands at every player count, in both languages, mid-round, at a
// completed figure and at the end: every line of every heading and note
// is drawn whole, on one line of the picture (a seat's "0 pt · 11 en
// main" was cut in two in a column of four).
func TestWholeGames_NoTextWrapsMidPhraseAt2To8Players(t *testing.T) {
	if gamestest.Race {
		t.Skip("whole games drawn: checked without -race (go test -run WholeGames)")
	}
	for players := 2; players <= 8; players++ {
		mid, roundEnd, end := moments(t, players, uint64(players))
		for _, l := range i18n.Langs {
			r := i18n.Renderer{Lang: l, Name: sceneNames(l)}
			scenes := map[string]games.Scene{"mid": mid.Scene(), "round end": roundEnd.Scene(), "end": end.Scene()}
			for seat := range players {
				scenes[fmt.Sprintf("hand %d", seat)] = mid.PrivateScene(seat)
			}
			for name, sc := range scenes {
				_, m, err := draw.PNG(r.Text(i18n.T("escogriffe.title")), sc, r)
				if err != nil {
					t.Fatal(err)
				}
				for _, b := range sc.Blocks {
					for _, msg := range []i18n.Msg{b.Label, b.Note} {
						for _, line := range strings.Split(r.Text(msg), "\n") {
							line = strings.Join(strings.Fields(strings.ReplaceAll(line, "🤖", "")), " ")
							if line != "" && !slices.Contains(m.Texts, line) {
								t.Errorf("%d players, %s, %s: %q is cut; lines drawn: %q", players, l, name, line, m.Texts)
							}
						}
					}
				}
			}
		}
	}
}

// TestPicture_ColoursDrawnOnEachOtherContrast3To1: every pair of colours
// the picture of the game lays one on another meets WCAG 2.1's 3:1 for
// graphics (1.4.11), by render's formula (render.Contrast), from the
// colours the renderer draws. A join sits inside a dark outline, itself on
// the card's colour (so a red join on an orange STRETCH card is set apart
// by the outline, not by red against orange); a card's colour sits inside
// its border, the border on the background; the texts of cards and
// headings are ink. render.Inspect leaves out a card's colour inside its
// own border, which is why the pairs are listed here.
func TestPicture_ColoursDrawnOnEachOtherContrast3To1(t *testing.T) {
	type pair struct {
		what string
		a, b color.RGBA
	}
	var pairs []pair
	fills := map[string]games.Color{}
	for id := range Deck {
		tile := cardTile(id)
		fills[fmt.Sprint(tile.Fill)] = tile.Fill
		for _, j := range []*games.Join{tile.Top, tile.Bottom} {
			if j != nil {
				pairs = append(pairs, pair{fmt.Sprintf("join colour %d in its outline", j.Color), draw.Colour(j.Color), draw.Ink})
			}
		}
	}
	fills["empty pile"] = games.Cream
	for name, f := range fills {
		pairs = append(pairs,
			pair{"join outline on card " + name, draw.Ink, draw.Colour(f)},
			pair{"card " + name + " in its border", draw.Colour(f), draw.TileBorder},
		)
	}
	pairs = append(pairs,
		pair{"card border on the background", draw.TileBorder, draw.Background},
		pair{"headings on the background", draw.Ink, draw.Background})
	if len(pairs) < 10 {
		t.Fatalf("only %d pairs", len(pairs))
	}
	for _, p := range pairs {
		if c := draw.Contrast(p.a, p.b); c < 3 {
			t.Errorf("%s: contrast %.2f:1, want 3:1 at least (%v on %v)", p.what, c, p.a, p.b)
		}
	}
	// The red of a join is told from the orange of a STRETCH card by more
	// than its outline: one colour per name (🟥 is red, 🟧 orange).
	red, orange := draw.Colour(games.Red), draw.Colour(games.Orange)
	if hueDistance(red, orange) < 25 {
		t.Errorf("red %v and orange %v are %0.f° apart: red reads orange", red, orange, hueDistance(red, orange))
	}
}

// hueDistance is the angle between two colours' hues, in degrees.
func hueDistance(a, b color.RGBA) float64 {
	hue := func(c color.RGBA) float64 {
		r, g, b := float64(c.R)/255, float64(c.G)/255, float64(c.B)/255
		mx, mn := max(r, g, b), min(r, g, b)
		var h float64
		switch {
		case mx == mn:
			return 0
		case mx == r:
			h = math.Mod((g-b)/(mx-mn), 6)
		case mx == g:
			h = (b-r)/(mx-mn) + 2
		default:
			h = (r-g)/(mx-mn) + 4
		}
		return math.Mod(h*60+360, 360)
	}
	d := math.Abs(hue(a) - hue(b))
	return min(d, 360-d)
}

// TestWholeGames_CardsReadOnAPhone: a phone shows the picture about 380
// pixels wide; every card of every picture is at least 96 pixels of the
// 1000 (about 36 on the phone), at every player count.
func TestWholeGames_CardsReadOnAPhone(t *testing.T) {
	if gamestest.Race {
		t.Skip("whole games drawn: checked without -race (go test -run WholeGames)")
	}
	for players := 2; players <= 8; players++ {
		mid, roundEnd, end := moments(t, players, uint64(10+players))
		r := i18n.Renderer{Lang: i18n.FR, Name: sceneNames(i18n.FR)}
		for name, sc := range map[string]games.Scene{"mid": mid.Scene(), "round end": roundEnd.Scene(),
			"end": end.Scene(), "hand": mid.PrivateScene(0)} {
			_, m, err := draw.PNG("", sc, r)
			if err != nil {
				t.Fatal(err)
			}
			if m.Tile < cardMin {
				t.Errorf("%d players, %s: cards of %d pixels, want %d at least", players, name, m.Tile, cardMin)
			}
		}
	}
}

// TestPicture_MarksOfACardKeepClearOfJoins: on every card as a hand
// draws it (number "11" in the corner) and as a figure draws it, the face
// of a HEAD, the foot of FEET and the corner number keep clear of the
// joins, lying cards included (the foot was drawn over the join of a
// lying card). The join's own pixels are those that change with its
// colour, the marks' those that go with them; no mark's pixel may come
// within the join's outline and a pixel more.
func TestPicture_MarksOfACardKeepClearOfJoins(t *testing.T) {
	r := i18n.Renderer{Lang: i18n.FR}
	const w = 1000 // render.Width
	pixels := func(tile games.Tile, size int) []uint8 {
		img, _ := draw.Draw("", games.Scene{Blocks: []games.Block{{Rows: [][]games.Tile{{tile}}, TileSize: size}}}, r)
		return img.Pix
	}
	changed := func(a, b []uint8) []int {
		var out []int
		for i := range a {
			if a[i] != b[i] {
				out = append(out, i)
			}
		}
		return out
	}
	recolour := func(j *games.Join) *games.Join {
		if j == nil {
			return nil
		}
		c := *j
		c.Color = sceneColour[(slices.Index(sceneColour[:], j.Color)+1)%nColours]
		return &c
	}
	checked := 0
	for id := range Deck {
		for _, size := range []int{cardMin, cardMax} {
			full := cardTile(id)
			full.Corner = "11"
			base := pixels(full, size)
			other := full
			other.Top, other.Bottom = recolour(full.Top), recolour(full.Bottom)
			join := map[int]bool{}
			for _, i := range changed(base, pixels(other, size)) {
				join[i] = true
			}
			bare := full
			bare.Text, bare.Corner = "", ""
			reach := max(3, size/28) + 1 // the outline, and a pixel
			for _, i := range changed(base, pixels(bare, size)) {
				x, y := i%w, i/w
				for dy := -reach; dy <= reach; dy++ {
					for dx := -reach; dx <= reach; dx++ {
						if join[(y+dy)*w+x+dx] {
							t.Fatalf("card %s (%d px, lying %v): %q or %q touches a join at (%d, %d)",
								Deck[id].Code, size, full.Lying, full.Text, full.Corner, x, y)
						}
					}
				}
			}
			checked++
		}
	}
	if checked != 2*DeckSize {
		t.Fatalf("%d cards checked", checked)
	}
}
