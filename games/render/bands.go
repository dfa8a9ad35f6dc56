package render

import (
	"encoding/binary"
	"image"
	"slices"

	"golang.org/x/image/math/fixed"
)

// A picture is encoded in bands of rows, each a deflate block that refers
// to nothing before it, and the bands are kept (bandCache): a board that
// changed by a card re-encodes the band of that card, and takes the others
// as they were encoded for the board before, or for another table's.
//
// A band is known by what draws it, not by its pixels: the tiles and lines
// of text whose rows cross it (or cross the row above it, which its first
// row is filtered against), each with its place from the band's top. That
// key is a few hundred bytes to write where hashing the pixels would read
// them all, and a band found needs no drawing at all: only the bands not
// found are drawn, on a canvas of their own rows. Keys are compared whole,
// never by a hash, so two bands never share one by chance.
//
// Bands are cut where the picture has a blank row (between a heading and
// its tiles, between two rows of tiles), so that a band is a row of tiles
// or a line of text whichever picture it is in, and a band whose row
// above is blank does not depend on what is above it: the same heading is
// the same band at any height. A band is at least minBandRows high, since
// each deflate block carries its own codes (about 100 bytes) and finds no
// repeat in another band (the lines of a note repeat words), and at most
// maxBandRows, where a picture has no blank row for longer. On the games'
// boards, 48 to 128 rows make pictures 1 to 5 % larger than one block,
// and a Crack Word move re-encodes some 150 of a board's 800 rows.
const (
	minBandRows = 48
	maxBandRows = 128
)

// cutBands returns the first row of each band and then the picture's
// height, free telling which rows are blank: a band ends at the first row
// at least minBandRows below its start whose row above is blank, or
// maxBandRows below its start. The cuts are appended to cuts[:0].
func cutBands(free []bool, cuts []int) []int {
	h := len(free)
	cuts = append(cuts[:0], 0)
	for s := 0; s < h; {
		e := min(s+maxBandRows, h)
		for y := s + minBandRows; y < e; y++ {
			if free[y-1] {
				e = y
				break
			}
		}
		cuts = append(cuts, e)
		s = e
	}
	return cuts
}

// span is the rows [top, bottom) a drawing operation writes.
type span struct{ top, bottom int }

// bandPlan is a laid-out picture prepared for its bands: each operation
// with the rows it covers, the tiles drawn.
type bandPlan struct {
	*plan
	imgs []*tileImage // of p.tiles
	ops  []span       // p.tiles then p.lines, in the order they are drawn
}

// bandScratch is what encoding a picture's bands works in, kept with the
// pooled drawer: a picture then allocates little beyond the PNG it
// returns and the bands it keeps, which is less for the collector to do
// in a server drawing hundreds of pictures a second.
type bandScratch struct {
	imgs  []*tileImage // bandPlan's
	ops   []span
	delta []int32 // bandPlan.free's
	free  []bool
	cuts  []int
	keys  []byte // the bands' keys one after the other
	ends  []int  // where each band's key ends in keys
	found []*encodedBand
}

// encodeBands encodes a laid-out picture as a PNG, taking from the cache
// the bands it holds and drawing and encoding the others.
func (d *drawer) encodeBands(p *plan, cache *bandCache) []byte {
	bp := d.prepare(p)
	w, h := Width, p.height
	sc := &d.bands
	sc.cuts = cutBands(bp.free(h, sc), sc.cuts)
	cuts := sc.cuts
	nb := len(cuts) - 1

	keys := sc.keys[:0]
	ends := slices.Grow(sc.ends[:0], nb)[:nb]
	for b := range nb {
		keys = bp.appendKey(keys, w, cuts[b], cuts[b+1])
		ends[b] = len(keys)
	}
	found := slices.Grow(sc.found[:0], nb)[:nb]
	sc.keys, sc.ends, sc.found = keys, ends, found
	defer clear(found)   // the bands are the cache's to let go
	defer clear(bp.imgs) // and the tiles the tile cache's
	cache.lookup(keys, ends, found)

	var newKeys []string
	var newBands []*encodedBand
	e := pngEncoders.Get().(*pngEncoder)
	defer pngEncoders.Put(e)
	for b := 0; b < nb; {
		if found[b] != nil {
			b++
			continue
		}
		// A run of bands to encode: drawn at once, from the row above
		// the first.
		last := b
		for last+1 < nb && found[last+1] == nil {
			last++
		}
		top := max(cuts[b]-1, 0)
		c := bp.drawRows(d, top, cuts[last+1])
		for ; b <= last; b++ {
			y0, y1 := cuts[b]-top, cuts[b+1]-top
			var above []uint8
			if cuts[b] > 0 {
				above = c.pix[(y0-1)*w : y0*w]
			}
			found[b] = e.band(above, c.pix[y0*w:y1*w], w)
			start := 0
			if b > 0 {
				start = ends[b-1]
			}
			newKeys = append(newKeys, string(keys[start:ends[b]]))
			newBands = append(newBands, found[b])
		}
		putPix(c.pix)
	}
	if len(newKeys) > 0 {
		cache.keep(newKeys, newBands)
	}
	return writePNG(found, w, h)
}

// prepare finds the rows each operation of a plan writes: a tile its
// square (and the pixels a join spills beyond it), a line of text the
// masks of its glyphs.
func (d *drawer) prepare(p *plan) *bandPlan {
	sc := &d.bands
	bp := &bandPlan{plan: p, imgs: slices.Grow(sc.imgs[:0], len(p.tiles))[:len(p.tiles)], ops: slices.Grow(sc.ops[:0], len(p.tiles)+len(p.lines))}
	sc.imgs = bp.imgs
	for i, t := range p.tiles {
		img := d.tile(t.k)
		bp.imgs[i] = img
		bp.ops = append(bp.ops, span{t.y + img.top, t.y + img.bottom})
	}
	for _, l := range p.lines {
		s := span{1 << 30, -1 << 30}
		d.glyphs(l.face, fixed.Point26_6{X: fix(l.x), Y: fix(l.baseline)}, l.s, func(g *glyph, at image.Point) {
			s.top, s.bottom = min(s.top, at.Y), max(s.bottom, at.Y+g.mask.Rect.Dy())
		})
		bp.ops = append(bp.ops, s) // empty (top > bottom) when nothing is drawn
	}
	sc.ops = bp.ops
	return bp
}

// free tells which of the h rows nothing is drawn on, in sc.free.
func (bp *bandPlan) free(h int, sc *bandScratch) []bool {
	delta := slices.Grow(sc.delta[:0], h+1)[:h+1]
	clear(delta)
	sc.delta = delta
	for _, s := range bp.ops {
		if a, b := max(s.top, 0), min(s.bottom, h); a < b {
			delta[a]++
			delta[b]--
		}
	}
	free := slices.Grow(sc.free[:0], h)[:h]
	sc.free = free
	n := int32(0)
	for y := range free {
		n += delta[y]
		free[y] = n == 0
	}
	return free
}

// crosses tells whether operation i writes one of the rows [top, bottom).
func (bp *bandPlan) crosses(i, top, bottom int) bool {
	s := bp.ops[i]
	return s.top < bottom && s.bottom > top && s.top < s.bottom
}

// appendKey writes the key of the band of rows [y0, y1) of width w:
// whether it is the picture's first (whose first row is filtered against
// nothing), its size, and every operation that writes its rows or the row
// above, in the order they are drawn, placed from the band's top. Two
// bands of the same key are the same pixels, and the same row above.
func (bp *bandPlan) appendKey(b []byte, w, y0, y1 int) []byte {
	b = append(b, flags(y0 == 0))
	b = binary.AppendUvarint(b, uint64(w))
	b = binary.AppendUvarint(b, uint64(y1-y0))
	nt := len(bp.tiles)
	for i := range bp.ops {
		if !bp.crosses(i, y0-1, y1) {
			continue
		}
		if i < nt {
			t := bp.tiles[i]
			b = append(b, 't')
			b = binary.AppendVarint(b, int64(t.x))
			b = binary.AppendVarint(b, int64(t.y-y0))
			b = appendTileKey(b, t.k)
			continue
		}
		l := bp.lines[i-nt]
		b = append(b, 'l')
		b = binary.AppendVarint(b, int64(l.x))
		b = binary.AppendVarint(b, int64(l.baseline-y0))
		b = append(b, flags(l.face.bold), l.col)
		b = binary.AppendUvarint(b, uint64(l.face.size))
		b = appendString(b, l.s)
	}
	return b
}

// appendTileKey writes every field of a tile's key: the tile's pixels
// are a function of them (its drawing is cached by them too).
func appendTileKey(b []byte, k tileKey) []byte {
	b = appendString(b, k.text)
	b = appendString(b, k.corner)
	b = append(b, byte(k.fill), byte(k.mark), byte(k.icon), byte(k.top.Shape), byte(k.top.Color), byte(k.bottom.Shape), byte(k.bottom.Color),
		flags(k.hasTop, k.hasBottom, k.empty, k.highlight, k.lying, k.swatch))
	return binary.AppendUvarint(b, uint64(k.n))
}

// drawRows draws the rows [top, bottom) of the picture on a canvas of
// their own: every operation that writes them, in order, moved up by top.
func (bp *bandPlan) drawRows(d *drawer, top, bottom int) *canvas {
	c := &canvas{pix: getPix(Width * (bottom - top)), w: Width, h: bottom - top, d: d}
	clear(c.pix) // the background is index 0
	nt := len(bp.tiles)
	for i := range bp.ops {
		if !bp.crosses(i, top, bottom) {
			continue
		}
		if i < nt {
			t := bp.tiles[i]
			c.tile(bp.imgs[i], t.k.n, t.x, t.y-top)
			continue
		}
		l := bp.lines[i-nt]
		c.text(l.face, fixed.Point26_6{X: fix(l.x), Y: fix(l.baseline - top)}, l.s, l.col)
	}
	return c
}
