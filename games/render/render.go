// Package render draws game scenes as PNG pictures for the chats: rows of
// coloured cards, crossword grids, figures of cards, boards of cells. It
// draws with golang.org/x/image (vector shapes, OpenType text) and the
// embedded Go fonts, so a picture looks the same on every machine and
// needs nothing from the system.
package render

import (
	"image"
	"image/color"
	"image/draw"
	"strconv"
	"strings"

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
}

// PNG draws a scene under a title and encodes it.
func PNG(title string, s games.Scene, r i18n.Renderer) ([]byte, Metrics, error) {
	img, m := Draw(title, s, r)
	data, err := encode(img)
	canvasPool.Put(img)
	return data, m, err
}

// Draw lays a scene out and draws it.
func Draw(title string, s games.Scene, r i18n.Renderer) (*image.RGBA, Metrics) {
	facesMu.Lock()
	defer facesMu.Unlock()
	l := layout(title, s, r)
	img := canvas(Width, l.height)
	draw.Draw(img, img.Bounds(), image.NewUniform(background), image.Point{}, draw.Src)
	for _, op := range l.ops {
		op(img)
	}
	return img, Metrics{Width: Width, Height: l.height, Tile: l.minTile, LetterHeight: l.minLetter, Texts: l.texts}
}

// plan is a laid-out picture: its height and the drawing operations.
type plan struct {
	height    int
	ops       []func(*image.RGBA)
	minTile   int
	minLetter int
	texts     []string
}

func layout(title string, s games.Scene, r i18n.Renderer) *plan {
	p := &plan{minTile: maxTile, minLetter: 1 << 20}
	y := margin
	if title != "" {
		y = p.text(title, margin, y, Width-2*margin, 34, true, ink) + 10
	}
	cols := s.Columns
	if cols < 1 {
		cols = 1
	}
	colWidth := (Width - 2*margin - (cols-1)*margin) / cols
	for i := 0; i < len(s.Blocks); {
		if s.Blocks[i].Wide || cols == 1 {
			y = p.block(s.Blocks[i], r, margin, y, Width-2*margin) + 18
			i++
			continue
		}
		bottom := y
		for c := 0; c < cols && i < len(s.Blocks) && !s.Blocks[i].Wide; c, i = c+1, i+1 {
			x := margin + c*(colWidth+margin)
			if end := p.block(s.Blocks[i], r, x, y, colWidth); end > bottom {
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
func (p *plan) block(b games.Block, r i18n.Renderer, x, y, w int) int {
	if !b.Label.IsZero() {
		y = p.text(r.Text(b.Label), x, y, w, labelSize(w), true, ink) + 6
	}
	widest := 0
	for _, row := range b.Rows {
		widest = max(widest, len(row))
	}
	if widest > 0 {
		avail := w
		if b.Grid {
			avail -= 32 // the row numbers
		}
		tile := min(maxTile, (avail+gap)/widest-gap)
		if b.TileSize > 0 {
			tile = min(tile, b.TileSize)
		}
		tile = max(tile, minTile)
		ox := x
		if b.Grid {
			ox += 32
			small := face(false, 18)
			for c := 0; c < widest; c++ {
				label := string(rune('A' + c))
				cx := ox + c*(tile+gap) + (tile-textWidth(small, label))/2
				p.text(label, cx, y, tile, 18, false, faint)
			}
			y += 24
		}
		for ri, row := range b.Rows {
			if b.Grid {
				label := strconv.Itoa(ri + 1)
				p.text(label, x+24-textWidth(face(false, 18), label), y+(tile-18)/2, 32, 18, false, faint)
			}
			for ci, t := range row {
				p.tile(t, ox+ci*(tile+gap), y, tile)
			}
			y += tile + gap
		}
		y += 2
	}
	if !b.Note.IsZero() {
		y = p.text(r.Text(b.Note), x, y+2, w, labelSize(w)-4, false, ink)
	}
	return y
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
func (p *plan) text(s string, x, y, w, size int, isBold bool, c color.Color) int {
	f := face(isBold, size)
	lineHeight := size * 13 / 10
	for _, line := range wrap(f, printable(f, s), w) {
		line, yy := line, y
		p.texts = append(p.texts, line)
		p.ops = append(p.ops, func(img *image.RGBA) {
			d := font.Drawer{Dst: img, Src: image.NewUniform(c), Face: f,
				Dot: fixed.Point26_6{X: fix(x), Y: fix(yy + size)}}
			d.DrawString(line)
		})
		y += lineHeight
	}
	return y
}

func wrap(f font.Face, s string, width int) []string {
	var lines []string
	for _, para := range strings.Split(s, "\n") {
		words := strings.Fields(para)
		cur := ""
		for _, w := range words {
			next := w
			if cur != "" {
				next = cur + " " + w
			}
			if cur != "" && textWidth(f, next) > width {
				lines = append(lines, cur)
				cur = w
				continue
			}
			cur = next
		}
		lines = append(lines, cur)
	}
	return lines
}
