package render

import (
	"image/color"
	"math"
	"sort"

	"golang.org/x/image/math/fixed"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/i18n"
)

// Pair is a colour drawn over another in a picture: a letter on its
// tile, a mark or an icon on its card, a text or a tile's outline on the
// background.
type Pair struct {
	Fg, Bg color.RGBA
	What   string // "text", "mark", "outline"
}

// Inspection is what a picture draws, for the tests: every pair of
// colours drawn one on another, and the texts that do not fit their box.
type Inspection struct {
	Pairs     []Pair
	Overflows []string
}

// Inspect lays a scene out and draws it afresh (no cached tile: a copied
// tile would not tell what it drew on what), recording each colour laid
// whole over another. A tile's body laid inside its own outline is left
// out: the outline is what parts the tile from the background, and its
// pair with the background is kept.
func Inspect(title string, s games.Scene, r i18n.Renderer) Inspection {
	d := drawers.Get().(*drawer)
	defer drawers.Put(d)
	p := d.layout(resolve(title, s, r))
	rec := map[drawnPair]bool{}
	for _, t := range p.tiles {
		side := t.k.n + 2*tilePad
		sc := &canvas{pix: make([]uint8, side*side), w: side, h: side, d: d, rec: rec}
		sc.drawTile(t.k, tilePad, tilePad)
	}
	c := &canvas{pix: make([]uint8, Width*p.height), w: Width, h: p.height, d: d, rec: rec, role: roleText}
	for _, l := range p.lines {
		c.text(l.face, fixed.Point26_6{X: fix(l.x), Y: fix(l.baseline)}, l.s, l.col)
	}
	var out Inspection
	for k := range rec {
		// A pixel of an anti-aliased edge under a glyph is no colour of
		// the picture: only named colours make pairs.
		if k.role == roleFill || k.fg >= namedColours || k.bg >= namedColours {
			continue
		}
		what := map[role]string{roleText: "text", roleMark: "mark", roleOutline: "outline"}[k.role]
		out.Pairs = append(out.Pairs, Pair{pictPalette[k.fg].(color.RGBA), pictPalette[k.bg].(color.RGBA), what})
	}
	sort.Slice(out.Pairs, func(i, j int) bool {
		a, b := out.Pairs[i], out.Pairs[j]
		if a.What != b.What {
			return a.What < b.What
		}
		if a.Fg != b.Fg {
			return rgbLess(a.Fg, b.Fg)
		}
		return rgbLess(a.Bg, b.Bg)
	})
	out.Overflows = p.overflows
	return out
}

// namedColours is the number of palette colours the drawing names: the blends
// of anti-aliased edges come after them.
var namedColours = uint8(iGames) + uint8(len(gameColours))

func rgbLess(a, b color.RGBA) bool {
	return uint32(a.R)<<16|uint32(a.G)<<8|uint32(a.B) < uint32(b.R)<<16|uint32(b.G)<<8|uint32(b.B)
}

// Contrast is WCAG 2.1's contrast ratio of two colours, from 1 (the same
// luminance) to 21 (black on white): (L1 + 0.05) / (L2 + 0.05), L1 the
// lighter relative luminance. Graphics need 3:1 (success criterion 1.4.11).
func Contrast(a, b color.RGBA) float64 {
	la, lb := luminance(a), luminance(b)
	if la < lb {
		la, lb = lb, la
	}
	return (la + 0.05) / (lb + 0.05)
}

// luminance is WCAG 2.1's relative luminance of an sRGB colour.
func luminance(c color.RGBA) float64 {
	lin := func(v uint8) float64 {
		s := float64(v) / 255
		if s <= 0.04045 {
			return s / 12.92
		}
		return math.Pow((s+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(c.R) + 0.7152*lin(c.G) + 0.0722*lin(c.B)
}
