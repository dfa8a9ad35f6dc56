package render

import (
	"image"
	"math"
	"sync"

	"golang.org/x/image/math/fixed"

	"github.com/tablee/tablee/games"
)

// tileKey is everything a drawn tile depends on. Tiles repeat (the empty
// cells of a grid, the same card in several rows, a hand drawn again after
// a move), so each distinct tile is drawn once and then copied.
type tileKey struct {
	text, corner            string
	fill                    games.Color
	mark                    games.Shape
	top, bottom             games.Join
	hasTop, hasBottom       bool
	empty, highlight, lying bool
	icon                    games.Icon
	// swatch is a small tile that leads a line of a key: its mark or
	// icon is drawn large in its middle, as the thing the line explains.
	swatch bool
	n      int // the side in pixels
}

func keyOf(t games.Tile, n int) tileKey {
	k := tileKey{text: t.Text, corner: t.Corner, fill: t.Fill, mark: t.Mark,
		empty: t.Empty, highlight: t.Highlight, lying: t.Lying, icon: t.Icon, n: n}
	if t.Top != nil {
		k.top, k.hasTop = *t.Top, true
	}
	if t.Bottom != nil {
		k.bottom, k.hasBottom = *t.Bottom, true
	}
	return k
}

// tileImage is a tile drawn on the background: its square, and the few
// pixels an anti-aliased join's edge lays just outside it.
type tileImage struct {
	pix   []uint8 // n*n palette indexes
	spill []spillPixel
	// top and bottom are the rows it draws, from the square's top: 0 and
	// n, or beyond them when a join's edge spills.
	top, bottom int
}

type spillPixel struct {
	dx, dy int16 // from the square's top left corner
	idx    uint8
}

// tilePad is how far outside its square a tile may draw.
const tilePad = 4

// tiles keeps drawn tiles for every drawer, in two generations: a tile is
// looked up in the newer one, then in the older (and moved to the newer);
// when the newer one holds half the budget it becomes the older, and the
// older is dropped. So the tiles in use stay, for the price of a map.
var tiles = struct {
	sync.Mutex
	cur, old map[tileKey]*tileImage
	curBytes int
}{}

// tileCacheBytes bounds the memory of drawn tiles (a 96-pixel tile is 9 KB).
const tileCacheBytes = 16 << 20

func cachedTile(k tileKey) *tileImage {
	tiles.Lock()
	defer tiles.Unlock()
	if t, ok := tiles.cur[k]; ok {
		return t
	}
	if t, ok := tiles.old[k]; ok {
		storeTileLocked(k, t)
		return t
	}
	return nil
}

func storeTile(k tileKey, t *tileImage) {
	tiles.Lock()
	defer tiles.Unlock()
	storeTileLocked(k, t)
}

func storeTileLocked(k tileKey, t *tileImage) {
	if tiles.cur == nil || tiles.curBytes >= tileCacheBytes/2 {
		tiles.old, tiles.cur, tiles.curBytes = tiles.cur, map[tileKey]*tileImage{}, 0
	}
	tiles.cur[k] = t
	tiles.curBytes += len(t.pix) + 3*len(t.spill) + 64
}

// tile returns the drawn tile of a key, drawing it first if no drawer
// has yet.
func (d *drawer) tile(k tileKey) *tileImage {
	t := cachedTile(k)
	if t == nil {
		t = d.drawTile(k)
		storeTile(k, t)
	}
	return t
}

// tile copies a drawn tile of side n to (x, y).
func (c *canvas) tile(t *tileImage, n, x, y int) {
	for row := 0; row < n; row++ {
		yy := y + row
		if yy < 0 || yy >= c.h {
			continue
		}
		x0, x1 := max(x, 0), min(x+n, c.w)
		if x0 >= x1 {
			continue
		}
		copy(c.pix[yy*c.w+x0:yy*c.w+x1], t.pix[row*n+x0-x:row*n+x1-x])
	}
	for _, s := range t.spill {
		xx, yy := x+int(s.dx), y+int(s.dy)
		if xx >= 0 && xx < c.w && yy >= 0 && yy < c.h {
			c.pix[yy*c.w+xx] = s.idx
		}
	}
}

// drawTile draws a tile on a blank square with room around it.
func (d *drawer) drawTile(k tileKey) *tileImage {
	side := k.n + 2*tilePad
	sc := &canvas{pix: make([]uint8, side*side), w: side, h: side, d: d}
	sc.drawTile(k, tilePad, tilePad)
	t := &tileImage{pix: make([]uint8, k.n*k.n), bottom: k.n}
	for y := 0; y < side; y++ {
		for x := 0; x < side; x++ {
			idx := sc.pix[y*side+x]
			dx, dy := x-tilePad, y-tilePad
			switch {
			case dx >= 0 && dx < k.n && dy >= 0 && dy < k.n:
				t.pix[dy*k.n+dx] = idx
			case idx != iBackground:
				t.spill = append(t.spill, spillPixel{int16(dx), int16(dy), idx})
				t.top, t.bottom = min(t.top, dy), max(t.bottom, dy+1)
			}
		}
	}
	return t
}

// tileInset is the room a tile's text leaves on either side: its outline
// and a pixel or two of air.
const tileInset = 3

// drawTile draws one tile of side k.n at (x, y).
func (c *canvas) drawTile(k tileKey, x, y int) {
	n := k.n
	fill, textCol := fillIndex(k.fill), onColour(k.fill)
	if k.empty {
		fill = iEmptyFill
	}
	// A lying card is a landscape card in the middle of its square; its
	// joins stay on its top and bottom edges, its text beside them.
	w, h := n, n
	if k.lying {
		h = n * 62 / 100
		y += (n - h) / 2
	}
	border, width := iBorder, 2
	if k.highlight {
		border, width = iInk, 5
	}
	if k.empty {
		border = iEmptyBorder
	}
	c.role = roleOutline
	c.roundRect(x, y, w, h, n/8, border)
	c.role = roleFill
	c.roundRect(x+width, y+width, w-2*width, h-2*width, max(1, n/8-width), fill)
	c.role = roleText
	letterSize := k.letterSize()
	big := c.d.face(true, letterSize)
	text := printable(big, k.text)
	if text != "" {
		tw := textWidth(big, text)
		tx, cy := x+(w-tw)/2, y+h/2
		switch {
		case k.lying && (k.hasTop || k.hasBottom):
			// Beside the joins, which stand in the middle of the edges.
			tx = x + w*19/100 - tw/2
		case k.hasTop != k.hasBottom:
			// A card with one join (a head, feet): the text fills the half
			// the join leaves free, so that neither covers the other.
			free := (h - k.joinSpan()) / 2
			cy = y + free
			if k.hasTop {
				cy = y + h - free
			}
		case k.icon != games.NoIcon:
			// Room for the icon in the top right corner.
			tx, cy = tx-n/10, cy+n/16
		}
		c.text(faceKey{true, letterSize}, fixed.Point26_6{X: fix(tx), Y: fix(cy + letterSize*36/100)}, text, textCol)
	}
	cornerSize := k.cornerSize()
	small := c.d.face(true, cornerSize)
	if corner := printable(small, k.corner); corner != "" && !k.swatch {
		cw := textWidth(small, corner)
		m := k.cornerMargin()
		baseline := y + m + cornerSize*8/10
		if k.icon != games.NoIcon && text != "" {
			baseline = y + h - m // the icon has the top right corner
		}
		c.text(faceKey{true, cornerSize}, fixed.Point26_6{X: fix(x + w - cw - m), Y: fix(baseline)}, corner, textCol)
	}
	c.role = roleMark
	switch {
	case k.icon == games.NoIcon:
	case text == "":
		// An action card alone: its picture is the card (the whole of a
		// swatch, which is small).
		s := float32(n) * 0.62
		if k.swatch {
			s = float32(n) * 0.78
		}
		c.icon(k.icon, float32(x)+float32(w)/2, float32(y)+float32(h)/2, s, textCol, fill)
	default:
		// A letter with a power: the power in the top right corner, large
		// enough to read at a glance.
		s := float32(n) * 0.42
		c.icon(k.icon, float32(x+w)-s/2-float32(n)*0.05, float32(y)+s/2+float32(n)*0.05, s, textCol, fill)
	}
	if k.mark != games.NoShape {
		if k.swatch && text == "" && k.icon == games.NoIcon {
			c.shape(k.mark, float32(x)+float32(n)/2, float32(y)+float32(n)/2, float32(n)*0.56, textCol)
		} else {
			s := float32(n) * 0.17
			c.shape(k.mark, float32(x)+float32(n)*0.07+s/2, float32(y+h)-float32(n)*0.07-s/2, s, textCol)
		}
	}
	joins := []struct {
		j  games.Join
		ok bool
	}{{k.top, k.hasTop}, {k.bottom, k.hasBottom}}
	s, o := float32(k.joinSize()), float32(k.joinOutline())
	for i, j := range joins {
		if !j.ok {
			continue
		}
		// A join stands clear of the card's border, with the card's
		// colour around its dark outline: the outline sets the join's
		// colour apart from any card (a red join on an orange card), and
		// the card's colour sets the outline apart from the border.
		inset := float32(width + joinInset(n))
		cy := float32(y) + inset + o + s/2
		if i == 1 {
			cy = float32(y+h) - inset - o - s/2
		}
		cx := float32(x) + float32(w)/2
		c.shape(j.j.Shape, cx, cy, s+2*o, iInk)
		c.shape(j.j.Shape, cx, cy, s, fillIndex(j.j.Color))
	}
}

// Sizes of a card's parts, from its side: the joins large enough to read
// on a phone, the corner number clear of the top join and of the edge.

func (k tileKey) letterSize() int {
	switch {
	case k.lying && (k.hasTop || k.hasBottom):
		return k.n * 62 / 100 * 55 / 100 // the lying card's height is 62% of its side
	case k.hasTop != k.hasBottom:
		return k.n * 40 / 100
	}
	return k.n * 58 / 100
}

func (k tileKey) joined() bool { return k.hasTop || k.hasBottom }

// cornerSize leaves room for two digits ("11") between a card's top join
// and its edge.
func (k tileKey) cornerSize() int {
	if k.joined() {
		return max(12, k.n*22/100)
	}
	return max(12, k.n*26/100)
}

func (k tileKey) cornerMargin() int {
	if k.joined() {
		return k.n / 14
	}
	return k.n / 12
}

// joinSize is the side of a join's shape, outline left out.
func (k tileKey) joinSize() int {
	if k.lying {
		return k.n * 62 / 100 * 30 / 100
	}
	return k.n * 26 / 100
}

func (k tileKey) joinOutline() int { return max(3, k.n/28) }

func joinInset(n int) int { return max(2, n/30) }

// joinSpan is the height a join takes from its edge: inset, outline and shape.
func (k tileKey) joinSpan() int {
	return 2 + joinInset(k.n) + 2*k.joinOutline() + k.joinSize()
}

// shape fills a mark of side s centred on (cx, cy).
func (c *canvas) shape(sh games.Shape, cx, cy, s float32, fg uint8) {
	size := int(s) + 4
	h := float32(size) / 2
	r := s / 2
	var pts [][2]float32
	switch sh {
	case games.Circle:
		for i := 0; i < 32; i++ {
			a := 2 * math.Pi * float64(i) / 32
			pts = append(pts, [2]float32{h + r*float32(math.Cos(a)), h + r*float32(math.Sin(a))})
		}
	case games.Square:
		k := r * 0.85
		pts = [][2]float32{{h - k, h - k}, {h + k, h - k}, {h + k, h + k}, {h - k, h + k}}
	case games.Triangle:
		pts = [][2]float32{{h, h - r}, {h + r, h + r*0.8}, {h - r, h + r*0.8}}
	case games.Diamond:
		pts = [][2]float32{{h, h - r}, {h + r, h}, {h, h + r}, {h - r, h}}
	case games.Star:
		for i := 0; i < 10; i++ {
			rr := r
			if i%2 == 1 {
				rr = r * 0.45
			}
			a := -math.Pi/2 + math.Pi*float64(i)/5
			pts = append(pts, [2]float32{h + rr*float32(math.Cos(a)), h + rr*float32(math.Sin(a))})
		}
	default:
		return
	}
	z := &c.d.raster
	z.Reset(size, size)
	z.MoveTo(pts[0][0], pts[0][1])
	for _, pt := range pts[1:] {
		z.LineTo(pt[0], pt[1])
	}
	z.ClosePath()
	m := c.d.scratchAlpha(size)
	z.Draw(m, m.Bounds(), image.Opaque, image.Point{})
	x0, y0 := int(cx-h), int(cy-h)
	c.mask(image.Rect(x0, y0, x0+size, y0+size), fg, m, image.Point{})
}
