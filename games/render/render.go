// Package render draws game scenes as PNG pictures for the chats: rows of
// coloured cards, crossword grids, figures of cards, boards of cells. It
// draws with golang.org/x/image (vector shapes, OpenType text) and the
// embedded Go fonts, so a picture looks the same on every machine and
// needs nothing from the system.
package render

import (
	"fmt"
	"image"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/i18n"
)

// Width is the width of every picture: chats show pictures about a phone's
// width, so about 1000 pixels keeps letters large after scaling.
const Width = 1000

// Limits of a tile's side: large enough that a letter stays readable on a
// phone (the tests check the letter height), small enough for a 21-cell row.
const (
	maxTile = 96
	minTile = 40
	margin  = 24
	gap     = 4
)

// Metrics describe a drawn picture, for the tests' legibility checks.
type Metrics struct {
	Width, Height int
	Tile          int // the smallest tile side drawn, in pixels
	LetterHeight  int // the cap height of the smallest tile letter, in pixels
	Texts         []string
	// Overflows are the texts drawn wider than their box (a word longer
	// than its column, a letter wider than its tile) and the phrases cut
	// in the middle because they were: none in a well-made picture.
	Overflows []string
}

// PNG draws a scene under a title and encodes it.
func PNG(title string, s games.Scene, r i18n.Renderer) ([]byte, Metrics, error) {
	return resolve(title, s, r).png()
}

// Draw lays a scene out and draws it, as a picture of its own.
func Draw(title string, s games.Scene, r i18n.Renderer) (*image.Paletted, Metrics) {
	d := drawers.Get().(*drawer)
	defer drawers.Put(d)
	c, m := d.draw(resolve(title, s, r), make([]uint8, 0))
	return &image.Paletted{Pix: c.pix, Stride: c.w, Rect: image.Rect(0, 0, c.w, c.h), Palette: slices.Clone(pictPalette)}, m
}

// png lays a resolved scene out and encodes it in bands (bands.go):
// only the bands the process has not encoded yet are drawn.
func (rs *resolved) png() ([]byte, Metrics, error) {
	d := drawers.Get().(*drawer)
	defer drawers.Put(d)
	p := d.layout(rs)
	return d.encodeBands(p, bands), p.metrics(), nil
}

// resolved is a scene with its texts written in the reader's language:
// everything a picture shows, and so everything its key hashes.
type resolved struct {
	title   string
	columns int
	blocks  []resolvedBlock
}

type resolvedBlock struct {
	label, note string
	rows        [][]games.Tile
	grid, wide  bool
	tileSize    int
	lines       []resolvedLine
	flow        bool
}

type resolvedLine struct {
	swatch *games.Tile
	text   string
	bold   bool
}

func resolve(title string, s games.Scene, r i18n.Renderer) *resolved {
	rs := &resolved{title: title, columns: s.Columns, blocks: make([]resolvedBlock, len(s.Blocks))}
	for i, b := range s.Blocks {
		rs.blocks[i] = resolvedBlock{label: r.Text(b.Label), note: r.Text(b.Note), rows: b.Rows,
			grid: b.Grid, wide: b.Wide, tileSize: b.TileSize, flow: b.Flow}
		for _, l := range b.Lines {
			rl := resolvedLine{text: r.Text(l.Text), bold: l.Bold}
			if l.Swatch != (games.Tile{}) {
				rl.swatch = &l.Swatch
			}
			rs.blocks[i].lines = append(rs.blocks[i].lines, rl)
		}
	}
	return rs
}

// draw lays the scene out and draws it whole on a canvas made from pix.
func (d *drawer) draw(rs *resolved, pix []uint8) (*canvas, Metrics) {
	p := d.layout(rs)
	return d.drawPlan(p, pix), p.metrics()
}

// drawPlan draws a laid-out picture whole on a canvas made from pix.
func (d *drawer) drawPlan(p *plan, pix []uint8) *canvas {
	n := Width * p.height
	if cap(pix) < n {
		pix = make([]uint8, n)
	}
	c := &canvas{pix: pix[:n], w: Width, h: p.height, d: d}
	clear(c.pix) // the background is index 0
	// Tiles and texts never overlap: their order does not matter.
	for _, t := range p.tiles {
		c.tile(d.tile(t.k), t.k.n, t.x, t.y)
	}
	for _, t := range p.lines {
		c.text(t.face, fixed.Point26_6{X: fix(t.x), Y: fix(t.baseline)}, t.s, t.col)
	}
	return c
}

func (p *plan) metrics() Metrics {
	return Metrics{Width: Width, Height: p.height, Tile: p.minTile, LetterHeight: p.minLetter, Texts: p.texts, Overflows: p.overflows}
}

// tileOp is a tile to draw at (x, y).
type tileOp struct {
	k    tileKey
	x, y int
}

// lineOp is a line of text to draw from (x, baseline).
type lineOp struct {
	s           string
	face        faceKey
	x, baseline int
	col         uint8
}

// plan is a laid-out picture: its height and what to draw.
type plan struct {
	d         *drawer
	height    int
	tiles     []tileOp
	lines     []lineOp
	minTile   int
	minLetter int
	texts     []string
	overflows []string
}

func (d *drawer) layout(s *resolved) *plan {
	p := &plan{d: d, minTile: maxTile, minLetter: 1 << 20}
	n := 0
	for _, b := range s.blocks {
		for _, row := range b.rows {
			n += len(row)
		}
	}
	p.tiles = make([]tileOp, 0, n)
	y := margin
	if s.title != "" {
		y = p.text(s.title, margin, y, Width-2*margin, 34, true, iInk) + 10
	}
	cols := s.columns
	if cols < 1 {
		cols = 1
	}
	colWidth := (Width - 2*margin - (cols-1)*margin) / cols
	for i := 0; i < len(s.blocks); {
		if s.blocks[i].wide || cols == 1 {
			y = p.block(s.blocks[i], margin, y, Width-2*margin) + 18
			i++
			continue
		}
		bottom := y
		for c := 0; c < cols && i < len(s.blocks) && !s.blocks[i].wide; c, i = c+1, i+1 {
			x := margin + c*(colWidth+margin)
			if end := p.block(s.blocks[i], x, y, colWidth); end > bottom {
				bottom = end
			}
		}
		y = bottom + 18
	}
	p.height = y + margin - 18
	if p.minLetter == 1<<20 {
		p.minLetter = 0
	}
	return p
}

// block lays out one block at (x, y) in a column of width w; it returns
// the y under it.
func (p *plan) block(b resolvedBlock, x, y, w int) int {
	if b.label != "" {
		y = p.text(b.label, x, y, w, labelSize(w), true, iInk) + 6
	}
	widest := 0
	for _, row := range b.rows {
		widest = max(widest, len(row))
	}
	if widest > 0 {
		avail := w
		if b.grid {
			avail -= 32 // the row numbers
		}
		limit := maxTile
		if b.tileSize > 0 {
			limit = b.tileSize // smaller for tall blocks, larger for cards read on a phone
		}
		tile := min(limit, (avail+gap)/widest-gap)
		tile = max(tile, minTile)
		ox := x
		small := p.d.face(false, 18)
		if b.grid {
			ox += 32
			for c := 0; c < widest; c++ {
				label := string(rune('A' + c))
				cx := ox + c*(tile+gap) + (tile-textWidth(small, label))/2
				p.text(label, cx, y, tile, 18, false, iFaint)
			}
			y += 24
		}
		for ri, row := range b.rows {
			if b.grid {
				label := strconv.Itoa(ri + 1)
				p.text(label, x+24-textWidth(small, label), y+(tile-18)/2, 32, 18, false, iFaint)
			}
			for ci, t := range row {
				p.tile(t, ox+ci*(tile+gap), y, tile)
			}
			y += tile + gap
		}
		y += 2
	}
	if b.note != "" {
		y = p.text(b.note, x, y+2, w, labelSize(w)-4, false, iInk)
	}
	if len(b.lines) > 0 {
		y = p.keyLines(b, x, y+2, w, labelSize(w)-4)
	}
	return y
}

// keyLines lays out a block's lines at (x, y) in a column of width w, each
// led by its swatch: one under the other, or one after the other,
// wrapped between two lines, when the block flows. It returns the y under
// them.
func (p *plan) keyLines(b resolvedBlock, x, y, w, size int) int {
	sw := size * 3 / 2 // a swatch's side
	rowHeight := max(size*13/10, sw+6)
	lead := func(l resolvedLine) int {
		if l.swatch == nil {
			return 0
		}
		return sw + size/2
	}
	// put lays out one line from (lx, ly) in a box of width lw and
	// returns the y under it.
	put := func(l resolvedLine, lx, ly, lw int) int {
		if l.swatch != nil {
			k := keyOf(*l.swatch, sw)
			k.swatch = true
			p.tiles = append(p.tiles, tileOp{k, lx, ly + (rowHeight-sw)/2})
		}
		textTop := ly + (rowHeight-size*13/10)/2
		return max(ly+rowHeight, p.text(l.text, lx+lead(l), textTop, lw-lead(l), size, l.bold, iInk)+(rowHeight-size*13/10)/2)
	}
	if !b.flow {
		for _, l := range b.lines {
			y = put(l, x, y, w)
		}
		return y
	}
	const spacing = 28 // between two lines of a flow
	cx, bottom := x, y
	for _, l := range b.lines {
		f := p.d.face(l.bold, size)
		width := lead(l) + textWidth(f, printable(f, l.text))
		if cx > x && cx+width > x+w {
			cx, y = x, bottom
		}
		if end := put(l, cx, y, x+w-cx); end > bottom {
			bottom = end
		}
		cx += width + spacing
	}
	return bottom
}

// tile lays out one tile at (x, y) with side n.
func (p *plan) tile(t games.Tile, x, y, n int) {
	p.minTile = min(p.minTile, n)
	k := keyOf(t, n)
	letterSize := k.letterSize()
	if text := printable(p.d.face(true, letterSize), t.Text); text != "" {
		// Cap height of the Go font is about 0.72 of its size.
		p.minLetter = min(p.minLetter, letterSize*72/100)
		p.texts = append(p.texts, text)
		if tw := textWidth(p.d.face(true, letterSize), text); tw > n-2*tileInset {
			p.overflows = append(p.overflows, fmt.Sprintf("tile text %q: %d px in a tile of %d", text, tw, n))
		}
	}
	if corner := printable(p.d.face(true, k.cornerSize()), t.Corner); corner != "" {
		p.texts = append(p.texts, corner)
		if cw := textWidth(p.d.face(true, k.cornerSize()), corner); cw > n/2 {
			p.overflows = append(p.overflows, fmt.Sprintf("tile corner %q: %d px in a tile of %d", corner, cw, n))
		}
	}
	p.tiles = append(p.tiles, tileOp{k, x, y})
}

// labelSize is smaller in narrow columns, so a name and its score fit.
func labelSize(w int) int {
	if w < 400 {
		return 22
	}
	return 26
}

// text lays out text at (x, y), wrapped to the width w, and returns the
// y under it.
func (p *plan) text(s string, x, y, w, size int, isBold bool, col uint8) int {
	f := p.d.face(isBold, size)
	lineHeight := size * 13 / 10
	lines, cut := wrap(f, printable(f, s), w)
	for _, phrase := range cut {
		p.overflows = append(p.overflows, fmt.Sprintf("phrase %q cut: wider than %d px", phrase, w))
	}
	for _, line := range lines {
		if lw := textWidth(f, line); lw > w {
			p.overflows = append(p.overflows, fmt.Sprintf("text %q: %d px in a box of %d", line, lw, w))
		}
		p.texts = append(p.texts, line)
		p.lines = append(p.lines, lineOp{line, faceKey{isBold, size}, x, y + size, col})
		y += lineHeight
	}
	return y
}

// wrap cuts s into lines no wider than width, between phrases: a phrase
// is a run of words that ends with a "·" or a ":" (the separator stays
// with it, at the end of a line). A line is cut inside a phrase only when
// the phrase alone is wider than the width: such phrases of several words
// are returned as cut, and cut between words. Each phrase is measured once: a line's width
// is the width of the line so far, the space and the phrase, with the
// kerning on either side of the space, which is what measuring the whole
// line adds up.
func wrap(f font.Face, s string, width int) (lines, cut []string) {
	space, _ := f.GlyphAdvance(' ')
	for _, para := range strings.Split(s, "\n") {
		cur, curWidth, last := "", fixed.Int26_6(0), rune(-1)
		add := func(w string, wWidth fixed.Int26_6) {
			first, _ := utf8.DecodeRuneInString(w)
			next := curWidth + f.Kern(last, ' ') + space + f.Kern(' ', first) + wWidth
			switch {
			case cur == "":
				cur, curWidth = w, wWidth
			case next.Ceil() > width:
				lines = append(lines, cur)
				cur, curWidth = w, wWidth
			default:
				cur, curWidth = cur+" "+w, next
			}
			last, _ = utf8.DecodeLastRuneInString(w)
		}
		for _, phrase := range phrases(para) {
			pw := font.MeasureString(f, phrase)
			if pw.Ceil() <= width {
				add(phrase, pw)
				continue
			}
			ws := strings.Fields(phrase)
			if len(ws) > 1 {
				cut = append(cut, phrase) // a single word is not cut, only too wide
			}
			for _, w := range ws {
				add(w, font.MeasureString(f, w))
			}
		}
		lines = append(lines, cur)
	}
	return lines, cut
}

// phrases splits a line of text after each word that is a separator ("·")
// or ends with one (":", ",", ";"), the phrases' words joined by single spaces.
func phrases(s string) []string {
	var out []string
	var cur []string
	for _, w := range strings.Fields(s) {
		cur = append(cur, w)
		if w == "·" || w == "—" || strings.HasSuffix(w, ":") || strings.HasSuffix(w, ";") || strings.HasSuffix(w, ",") {
			out = append(out, strings.Join(cur, " "))
			cur = cur[:0]
		}
	}
	if len(cur) > 0 {
		out = append(out, strings.Join(cur, " "))
	}
	return out
}
