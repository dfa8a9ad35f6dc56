package render

import (
	"image"
	"image/color"
	"image/draw"
	"math"

	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"

	"github.com/tablee/tablee/games"
)

var (
	background = color.RGBA{0xfa, 0xf7, 0xf0, 0xff}
	ink        = color.RGBA{0x22, 0x22, 0x22, 0xff}
	faint      = color.RGBA{0x88, 0x88, 0x88, 0xff}
)

// palette is Okabe and Ito's colour-blind-safe set, plus neutrals.
var palette = map[games.Color]color.RGBA{
	games.White:  {0xff, 0xff, 0xff, 0xff},
	games.Red:    {0xd5, 0x5e, 0x00, 0xff}, // vermillion
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

// onColour is the text colour that reads on a fill.
func onColour(c games.Color) color.RGBA {
	switch c {
	case games.Red, games.Blue, games.Green, games.Black, games.Purple:
		return color.RGBA{0xff, 0xff, 0xff, 0xff}
	}
	return ink
}

// tile lays out one tile at (x, y) with side n.
func (p *plan) tile(t games.Tile, x, y, n int) {
	p.minTile = min(p.minTile, n)
	fill := palette[t.Fill]
	textCol := onColour(t.Fill)
	if t.Empty {
		fill = color.RGBA{0xf3, 0xef, 0xe6, 0xff}
	}
	// A lying card is a landscape card in the middle of its square; its
	// joins stay on its top and bottom edges, its text beside them.
	x0, y0, w, h := x, y, n, n
	if t.Lying {
		h = n * 62 / 100
		y0 = y + (n-h)/2
	}
	letterSize := n * 58 / 100
	big := face(true, letterSize)
	text := printable(big, t.Text)
	if text != "" {
		// Cap height of the Go font is about 0.72 of its size.
		p.minLetter = min(p.minLetter, letterSize*72/100)
		p.texts = append(p.texts, text)
	}
	small := face(true, max(12, n*26/100))
	corner := printable(small, t.Corner)
	p.ops = append(p.ops, func(img *image.RGBA) {
		x, y := x0, y0
		border := color.RGBA{0x55, 0x55, 0x55, 0xff}
		width := 2
		if t.Highlight {
			border, width = ink, 5
		}
		if t.Empty {
			border = color.RGBA{0xd8, 0xd0, 0xc0, 0xff}
		}
		roundRect(img, x, y, w, h, n/8, border)
		roundRect(img, x+width, y+width, w-2*width, h-2*width, max(1, n/8-width), fill)
		if text != "" {
			tw := font.MeasureString(big, text).Ceil()
			tx := x + (w-tw)/2
			if t.Lying && (t.Top != nil || t.Bottom != nil) {
				tx = x + w*22/100 - tw/2
			}
			d := font.Drawer{Dst: img, Src: image.NewUniform(textCol), Face: big,
				Dot: fixed.Point26_6{X: fix(tx), Y: fix(y + h/2 + letterSize*36/100)}}
			d.DrawString(text)
		}
		if corner != "" {
			cw := font.MeasureString(small, corner).Ceil()
			d := font.Drawer{Dst: img, Src: image.NewUniform(textCol), Face: small,
				Dot: fixed.Point26_6{X: fix(x + w - cw - n/12), Y: fix(y + n/12 + max(12, n*26/100)*8/10)}}
			d.DrawString(corner)
		}
		if t.Mark != games.NoShape {
			s := float32(n) * 0.17
			shape(img, t.Mark, float32(x)+float32(n)*0.07+s/2, float32(y+h)-float32(n)*0.07-s/2, s, textCol)
		}
		for i, j := range []*games.Join{t.Top, t.Bottom} {
			if j == nil {
				continue
			}
			s := float32(n) * 0.3
			if t.Lying {
				s = float32(h) * 0.34
			}
			cy := float32(y) + s/2 + 2
			if i == 1 {
				cy = float32(y+h) - s/2 - 2
			}
			cx := float32(x) + float32(w)/2
			shape(img, j.Shape, cx, cy, s+4, ink) // an outline, so yellow shows on cream
			shape(img, j.Shape, cx, cy, s, palette[j.Color])
		}
	})
}

// raster is reset for each shape rather than made anew: its buffers are
// most of what drawing would allocate. Draw holds facesMu, so one suffices.
var raster vector.Rasterizer

// roundRect fills a rectangle with rounded corners. A board draws the same
// tile shape hundreds of times, so each shape is rasterized once into an
// alpha mask and then only composited (the rasterizer was a third of the
// drawing time of a 21 x 21 board).
func roundRect(img *image.RGBA, x, y, w, h, r int, c color.Color) {
	if w <= 0 || h <= 0 {
		return
	}
	src := image.NewUniform(c)
	if r <= 0 || 2*r >= w || 2*r >= h {
		draw.Draw(img, image.Rect(x, y, x+w, y+h), src, image.Point{}, draw.Src)
		return
	}
	// The body is plain: filled directly, which is far cheaper than
	// compositing through a mask; only the four corners use the mask.
	draw.Draw(img, image.Rect(x+r, y, x+w-r, y+h), src, image.Point{}, draw.Src)
	draw.Draw(img, image.Rect(x, y+r, x+r, y+h-r), src, image.Point{}, draw.Src)
	draw.Draw(img, image.Rect(x+w-r, y+r, x+w, y+h-r), src, image.Point{}, draw.Src)
	mask := roundMask(w, h, r)
	for _, corner := range []image.Point{{0, 0}, {w - r, 0}, {0, h - r}, {w - r, h - r}} {
		at := image.Rect(x+corner.X, y+corner.Y, x+corner.X+r, y+corner.Y+r)
		draw.DrawMask(img, at, src, image.Point{}, mask, corner, draw.Over)
	}
}

// masks caches rounded-rectangle masks by size; Draw holds facesMu.
var masks = map[[3]int]*image.Alpha{}

func roundMask(w, h, r int) *image.Alpha {
	key := [3]int{w, h, r}
	if m, ok := masks[key]; ok {
		return m
	}
	m := image.NewAlpha(image.Rect(0, 0, w, h))
	z := &raster
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
	if len(masks) > 256 { // sizes vary little; keep the cache small anyway
		clear(masks)
	}
	masks[key] = m
	return m
}

// shape fills a mark of side s centred on (cx, cy).
func shape(img *image.RGBA, sh games.Shape, cx, cy, s float32, c color.Color) {
	size := int(s) + 4
	z := &raster
	z.Reset(size, size)
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
	z.MoveTo(pts[0][0], pts[0][1])
	for _, pt := range pts[1:] {
		z.LineTo(pt[0], pt[1])
	}
	z.ClosePath()
	x0, y0 := int(cx-h), int(cy-h)
	z.Draw(img, image.Rect(x0, y0, x0+size, y0+size), image.NewUniform(c), image.Point{})
}
