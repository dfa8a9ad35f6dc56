package render

import (
	"bytes"
	"image"
	"image/color"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"

	"github.com/tablee/tablee/games"
)

// Pictures are drawn straight into a paletted image: a board is flat
// colours of a known palette and anti-aliased edges between two of them,
// so a pixel is a palette index from the start. Drawing in RGBA and
// mapping every pixel to the palette afterwards was two thirds of the
// time of a picture.

// Palette indexes of the colours the drawing names. Index 0 is the
// background, so a cleared canvas is a blank picture.
const (
	iBackground uint8 = iota
	iInk
	iFaint
	iBorder      // a tile's outline
	iEmptyFill   // an empty cell
	iEmptyBorder // an empty cell's outline
	iGames       // games.White is iGames, games.Cream is iGames+10
)

var (
	background = color.RGBA{0xfa, 0xf7, 0xf0, 0xff}
	ink        = color.RGBA{0x22, 0x22, 0x22, 0xff}
	faint      = color.RGBA{0x88, 0x88, 0x88, 0xff}
	named      = []color.RGBA{
		background, ink, faint,
		{0x55, 0x55, 0x55, 0xff},
		{0xf3, 0xef, 0xe6, 0xff},
		// An empty cell's outline: the faintest grey that still meets
		// 3:1 against the background, as a grid's cells must be counted.
		{0x8a, 0x85, 0x7c, 0xff},
	}
	// gameColours is Okabe and Ito's colour-blind-safe set, plus
	// neutrals, in the order of games.Color.
	gameColours = []color.RGBA{
		games.White: {0xff, 0xff, 0xff, 0xff},
		// A red that reads as the 🟥 of the texts (Okabe and Ito's
		// vermillion reads orange), with 3:1 against white and ink.
		games.Red:    {0xd6, 0x27, 0x28, 0xff},
		games.Blue:   {0x00, 0x72, 0xb2, 0xff},
		games.Green:  {0x00, 0x9e, 0x73, 0xff}, // bluish green
		games.Yellow: {0xf0, 0xe4, 0x42, 0xff},
		games.Orange: {0xe6, 0x9f, 0x00, 0xff},
		games.Sky:    {0x56, 0xb4, 0xe9, 0xff},
		games.Purple: {0xcc, 0x79, 0xa7, 0xff}, // reddish purple
		games.Gray:   {0xb0, 0xb0, 0xb0, 0xff},
		games.Black:  {0x22, 0x22, 0x22, 0xff},
		games.Cream:  {0xf3, 0xe9, 0xd2, 0xff},
	}
)

// pictPalette is the named colours, then a 6x6x6 cube and a ramp of greys
// for the anti-aliased edges: at most 256 colours, fixed, so that a scene always
// gives the same bytes.
var pictPalette = func() color.Palette {
	var p color.Palette
	seen := map[color.RGBA]bool{}
	for _, c := range append(append([]color.RGBA{}, named...), gameColours...) {
		seen[c] = true
		p = append(p, c)
	}
	for r := 0; r < 6; r++ {
		for g := 0; g < 6; g++ {
			for b := 0; b < 6; b++ {
				c := color.RGBA{uint8(r * 51), uint8(g * 51), uint8(b * 51), 0xff}
				if !seen[c] {
					seen[c] = true
					p = append(p, c)
				}
			}
		}
	}
	// The greys share what is left evenly between black and white.
	k := 256 - len(p)
	for i := 1; i <= k; i++ {
		v := uint8(i * 255 / (k + 1))
		c := color.RGBA{v, v, v, 0xff}
		if !seen[c] {
			seen[c] = true
			p = append(p, c)
		}
	}
	return p
}()

// fillIndex is the palette index of a game colour.
func fillIndex(c games.Color) uint8 {
	if int(c) >= len(gameColours) {
		c = games.Gray // a colour this renderer does not know yet
	}
	return iGames + uint8(c)
}

// onColour is the text colour that reads on a fill.
func onColour(c games.Color) uint8 {
	switch c {
	case games.Red, games.Blue, games.Green, games.Black, games.Purple:
		return fillIndex(games.White)
	}
	return iInk
}

// A drawer holds what drawing needs and may not share between goroutines:
// font faces (each keeps a glyph buffer and a rasterizer), a vector
// rasterizer, and the colours blended so far. Drawers are pooled, so
// pictures drawn on several goroutines at once take a lock nowhere.
type drawer struct {
	faces  map[faceKey]font.Face
	raster vector.Rasterizer
	alpha  *image.Alpha // scratch mask for shapes
	blends [blendSlots]blendSlot
	// laid holds glyphs already laid on a flat colour (laidGlyph).
	laid map[laidKey][]uint8
	// bands is what encodeBands works in.
	bands bandScratch
}

// laidKey is a glyph laid in colour fg on a flat colour bg.
type laidKey struct {
	g      *glyph
	fg, bg uint8
}

// maxLaid bounds a drawer's laid glyphs: a picture's texts use a few
// hundred glyphs in two or three colours; the map is emptied past it.
const maxLaid = 4096

// blendSlots is the size of the drawer's memory of blended colours: an
// edge between two colours repeats the same few blends all along it.
const blendSlots = 4096

type blendSlot struct {
	key uint32 // dst<<16 | fg<<8 | alpha, with bit 31 set once filled
	idx uint8
}

var drawers = sync.Pool{New: func() any { return &drawer{faces: map[faceKey]font.Face{}} }}

// blend is the palette colour nearest to fg laid with coverage a over dst,
// as draw.Over would compute it in RGBA.
func (d *drawer) blend(dst, fg, a uint8) uint8 {
	key := uint32(dst)<<16 | uint32(fg)<<8 | uint32(a) | 1<<31
	slot := &d.blends[(key*2654435761)>>20&(blendSlots-1)]
	if slot.key == key {
		return slot.idx
	}
	b, f := pictPalette[dst].(color.RGBA), pictPalette[fg].(color.RGBA)
	ma := uint32(a) * 0x101
	mix := func(b, f uint8) uint8 {
		return uint8(((uint32(b)*0x101*(0xffff-ma) + uint32(f)*0x101*ma) / 0xffff) >> 8)
	}
	out := color.RGBA{mix(b.R, f.R), mix(b.G, f.G), mix(b.B, f.B), 0xff}
	slot.key, slot.idx = key, uint8(pictPalette.Index(out))
	return slot.idx
}

// scratchAlpha is a cleared mask of side n, reused between shapes.
func (d *drawer) scratchAlpha(n int) *image.Alpha {
	if d.alpha == nil || cap(d.alpha.Pix) < n*n {
		d.alpha = image.NewAlpha(image.Rect(0, 0, n, n))
	}
	d.alpha.Pix = d.alpha.Pix[:n*n]
	clear(d.alpha.Pix)
	d.alpha.Stride, d.alpha.Rect = n, image.Rect(0, 0, n, n)
	return d.alpha
}

// canvas is a paletted picture being drawn by a drawer.
type canvas struct {
	pix  []uint8
	w, h int
	d    *drawer
	// rec, when set, records what is drawn on what (Inspect): each colour
	// laid whole over another, with the role of what is drawn.
	rec  map[drawnPair]bool
	role role
	// edge marks, while recording, the pixels that blend two colours (an
	// anti-aliased edge): no colour of the picture, whatever palette
	// colour they came nearest to, so nothing laid on them makes a pair.
	edge []bool
}

// role is what a drawing operation draws, for the record of colour pairs.
type role uint8

const (
	roleText    role = iota // a letter, a label, a corner
	roleMark                // a shape, an icon, a join
	roleOutline             // a tile's outline, on the background
	roleFill                // a tile's body, inside its own outline
)

// drawnPair is a colour drawn over another, by palette index.
type drawnPair struct {
	fg, bg uint8
	role   role
}

// record notes the colours fg covers whole in r, where the mask m (nil:
// all of r) covers fully, and which pixels become edges.
func (c *canvas) record(r image.Rectangle, fg uint8, m *image.Alpha, mp image.Point) {
	if c.edge == nil {
		c.edge = make([]bool, len(c.pix))
	}
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			a := uint8(0xff)
			if m != nil {
				a = m.Pix[(mp.Y+y-r.Min.Y)*m.Stride+mp.X+x-r.Min.X]
			}
			i := y*c.w + x
			switch a {
			case 0:
			case 0xff:
				if bg := c.pix[i]; bg != fg && !c.edge[i] {
					c.rec[drawnPair{fg, bg, c.role}] = true
				}
				c.edge[i] = false
			default:
				c.edge[i] = true
			}
		}
	}
}

// fill paints a rectangle in one colour.
func (c *canvas) fill(r image.Rectangle, idx uint8) {
	r = r.Intersect(image.Rect(0, 0, c.w, c.h))
	if c.rec != nil {
		c.record(r, idx, nil, image.Point{})
	}
	for y := r.Min.Y; y < r.Max.Y; y++ {
		row := c.pix[y*c.w+r.Min.X : y*c.w+r.Max.X]
		for i := range row {
			row[i] = idx
		}
	}
}

// mask lays the colour fg over r through the coverage mask m (whose point
// mp falls on r.Min), as draw.DrawMask does with draw.Over.
func (c *canvas) mask(r image.Rectangle, fg uint8, m *image.Alpha, mp image.Point) {
	clip := r.Intersect(image.Rect(0, 0, c.w, c.h))
	mp = mp.Add(clip.Min.Sub(r.Min))
	if c.rec != nil {
		c.record(clip, fg, m, mp)
	}
	for y := clip.Min.Y; y < clip.Max.Y; y++ {
		row := c.pix[y*c.w+clip.Min.X : y*c.w+clip.Max.X]
		mi := (mp.Y+y-clip.Min.Y)*m.Stride + mp.X
		cover := m.Pix[mi : mi+len(row)]
		for i, a := range cover {
			switch a {
			case 0:
			case 0xff:
				row[i] = fg
			default:
				row[i] = c.d.blend(row[i], fg, a)
			}
		}
	}
}

// text draws s in the face k with its baseline starting at dot, as
// font.Drawer does, each glyph from the shared glyph cache. Text mostly
// lies on a flat colour: a glyph whose box is all one colour is copied
// from the same glyph laid on that colour before (the same pixels mask
// would blend, without blending each one again).
func (c *canvas) text(k faceKey, dot fixed.Point26_6, s string, fg uint8) {
	c.d.glyphs(k, dot, s, func(g *glyph, at image.Point) {
		r := image.Rectangle{at, at.Add(g.mask.Rect.Size())}
		if bg, ok := c.flat(r); ok {
			px := c.d.laidGlyph(g, fg, bg)
			w := r.Dx()
			for y := r.Min.Y; y < r.Max.Y; y++ {
				copy(c.pix[y*c.w+r.Min.X:y*c.w+r.Max.X], px[(y-r.Min.Y)*w:])
			}
			return
		}
		c.mask(r, fg, g.mask, image.Point{})
	})
}

// flat tells whether the box r lies within the canvas and is all one
// colour, and which. Never while recording what is drawn on what
// (Inspect), which mask does.
func (c *canvas) flat(r image.Rectangle) (uint8, bool) {
	if c.rec != nil || r.Empty() || !r.In(image.Rect(0, 0, c.w, c.h)) {
		return 0, false
	}
	bg := c.pix[r.Min.Y*c.w+r.Min.X]
	for y := r.Min.Y; y < r.Max.Y; y++ {
		row := c.pix[y*c.w+r.Min.X : y*c.w+r.Max.X]
		if row[0] != bg || !bytes.Equal(row[1:], row[:len(row)-1]) {
			return 0, false
		}
	}
	return bg, true
}

// laidGlyph is the glyph g laid in colour fg over the flat colour bg, its
// mask's box of palette indexes, row after row: what mask makes of it.
func (d *drawer) laidGlyph(g *glyph, fg, bg uint8) []uint8 {
	key := laidKey{g, fg, bg}
	if px, ok := d.laid[key]; ok {
		return px
	}
	w, h := g.mask.Rect.Dx(), g.mask.Rect.Dy()
	px := make([]uint8, w*h)
	for y := range h {
		for x, a := range g.mask.Pix[y*g.mask.Stride : y*g.mask.Stride+w] {
			switch a {
			case 0:
				px[y*w+x] = bg
			case 0xff:
				px[y*w+x] = fg
			default:
				px[y*w+x] = d.blend(bg, fg, a)
			}
		}
	}
	if d.laid == nil || len(d.laid) >= maxLaid {
		d.laid = map[laidKey][]uint8{}
	}
	d.laid[key] = px
	return px
}

// glyphs calls f with each glyph of s that draws something, in the face
// k from dot, and the pixel where its mask goes: what text draws, and
// what tells the rows a line of text covers.
func (d *drawer) glyphs(k faceKey, dot fixed.Point26_6, s string, f func(g *glyph, at image.Point)) {
	face := d.face(k.bold, k.size)
	prev := rune(-1)
	for _, r := range s {
		if prev >= 0 {
			dot.X += face.Kern(prev, r)
		}
		g := d.glyph(k, face, dot, r)
		if g.mask != nil {
			f(g, image.Point{dot.X.Floor(), dot.Y.Floor()}.Add(g.offset))
		}
		dot.X += g.advance
		prev = r
	}
}

// glyphKey is a glyph at a sub-pixel position: its mask is the same
// wherever the whole pixels put it.
type glyphKey struct {
	face   faceKey
	r      rune
	fx, fy uint8 // the fractions of a pixel of the dot, in 64ths
}

// glyph is a rasterized glyph: its mask, where the mask goes from the
// dot's pixel, and the advance.
type glyph struct {
	offset  image.Point
	mask    *image.Alpha // nil when nothing is drawn (a space)
	advance fixed.Int26_6
}

// glyphs holds rasterized glyphs for every drawer: a mask is never
// changed once made. Pictures use a few hundred (two fonts, a few sizes,
// letters and digits); the map is emptied if it ever holds many more.
var glyphs struct {
	sync.RWMutex
	m map[glyphKey]*glyph
}

func (d *drawer) glyph(k faceKey, f font.Face, dot fixed.Point26_6, r rune) *glyph {
	key := glyphKey{k, r, uint8(dot.X & 63), uint8(dot.Y & 63)}
	glyphs.RLock()
	g, ok := glyphs.m[key]
	glyphs.RUnlock()
	if ok {
		return g
	}
	origin := fixed.Point26_6{X: dot.X & 63, Y: dot.Y & 63}
	dr, mask, mp, advance, _ := f.Glyph(origin, r)
	g = &glyph{offset: dr.Min, advance: advance}
	if m, ok := mask.(*image.Alpha); ok && !dr.Empty() {
		g.mask = image.NewAlpha(image.Rect(0, 0, dr.Dx(), dr.Dy()))
		for y := 0; y < dr.Dy(); y++ {
			i := (mp.Y+y)*m.Stride + mp.X
			copy(g.mask.Pix[y*g.mask.Stride:], m.Pix[i:i+dr.Dx()])
		}
	}
	glyphs.Lock()
	if glyphs.m == nil || len(glyphs.m) > 8192 {
		glyphs.m = map[glyphKey]*glyph{}
	}
	glyphs.m[key] = g
	glyphs.Unlock()
	return g
}

// roundRect fills a rectangle with rounded corners. The body is plain
// fills, far cheaper than compositing through a mask; only the four corners
// go through a mask, rasterized once per size.
func (c *canvas) roundRect(x, y, w, h, r int, idx uint8) {
	if w <= 0 || h <= 0 {
		return
	}
	if r <= 0 || 2*r >= w || 2*r >= h {
		c.fill(image.Rect(x, y, x+w, y+h), idx)
		return
	}
	c.fill(image.Rect(x+r, y, x+w-r, y+h), idx)
	c.fill(image.Rect(x, y+r, x+r, y+h-r), idx)
	c.fill(image.Rect(x+w-r, y+r, x+w, y+h-r), idx)
	m := c.d.roundMask(w, h, r)
	for _, corner := range []image.Point{{0, 0}, {w - r, 0}, {0, h - r}, {w - r, h - r}} {
		at := image.Rect(x+corner.X, y+corner.Y, x+corner.X+r, y+corner.Y+r)
		c.mask(at, idx, m, corner)
	}
}

// masks holds rounded-rectangle masks by size, shared by every drawer:
// a mask is never changed once made. Sizes vary little (a few per game).
var masks struct {
	sync.Mutex
	m map[[3]int]*image.Alpha
}

func (d *drawer) roundMask(w, h, r int) *image.Alpha {
	key := [3]int{w, h, r}
	masks.Lock()
	m, ok := masks.m[key]
	masks.Unlock()
	if ok {
		return m
	}
	m = image.NewAlpha(image.Rect(0, 0, w, h))
	z := &d.raster
	z.Reset(w, h)
	fr := float32(r)
	fw, fh := float32(w), float32(h)
	z.MoveTo(fr, 0)
	z.LineTo(fw-fr, 0)
	z.QuadTo(fw, 0, fw, fr)
	z.LineTo(fw, fh-fr)
	z.QuadTo(fw, fh, fw-fr, fh)
	z.LineTo(fr, fh)
	z.QuadTo(0, fh, 0, fh-fr)
	z.LineTo(0, fr)
	z.QuadTo(0, 0, fr, 0)
	z.ClosePath()
	z.Draw(m, m.Bounds(), image.Opaque, image.Point{})
	masks.Lock()
	if masks.m == nil || len(masks.m) > 256 {
		masks.m = map[[3]int]*image.Alpha{}
	}
	masks.m[key] = m
	masks.Unlock()
	return m
}
