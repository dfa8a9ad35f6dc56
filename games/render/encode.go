package render

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"sync"
)

// Pictures are encoded as paletted PNGs: a board has a few flat colours and
// anti-aliased edges between them, so 256 colours lose nothing visible,
// and a paletted PNG is a quarter of the data to filter and compress
// (encoding RGBA was two thirds of the drawing time).
var pictPalette = func() color.Palette {
	p := color.Palette{background, ink, faint}
	for _, c := range palette {
		p = append(p, c)
	}
	seen := map[color.Color]bool{}
	for _, c := range p {
		seen[c] = true
	}
	// A 6x6x6 cube and a ramp of greys for the anti-aliased edges.
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
	for v := 8; len(p) < 256; v += 8 {
		c := color.RGBA{uint8(v), uint8(v), uint8(v), 0xff}
		if !seen[c] {
			seen[c] = true
			p = append(p, c)
		}
	}
	return p
}()

var (
	canvasPool  sync.Pool // *image.RGBA
	indexPool   sync.Pool // *image.Paletted
	encoderPool = &pngPool{}
)

type pngPool struct{ p sync.Pool }

func (e *pngPool) Get() *png.EncoderBuffer {
	b, _ := e.p.Get().(*png.EncoderBuffer)
	return b
}
func (e *pngPool) Put(b *png.EncoderBuffer) { e.p.Put(b) }

// canvas returns a cleared RGBA image of the size, reusing a released one.
func canvas(w, h int) *image.RGBA {
	if img, ok := canvasPool.Get().(*image.RGBA); ok && cap(img.Pix) >= w*h*4 {
		img.Pix = img.Pix[:w*h*4]
		img.Stride, img.Rect = w*4, image.Rect(0, 0, w, h)
		return img
	}
	return image.NewRGBA(image.Rect(0, 0, w, h))
}

// encode turns the drawn picture into a paletted PNG.
func encode(img *image.RGBA) ([]byte, error) {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	pal, ok := indexPool.Get().(*image.Paletted)
	if !ok || cap(pal.Pix) < w*h {
		pal = image.NewPaletted(image.Rect(0, 0, w, h), pictPalette)
	}
	pal.Pix, pal.Stride, pal.Rect, pal.Palette = pal.Pix[:w*h], w, image.Rect(0, 0, w, h), pictPalette
	quantise(img, pal)
	var buf bytes.Buffer
	buf.Grow(64 << 10)
	enc := png.Encoder{CompressionLevel: png.BestSpeed, BufferPool: encoderPool}
	err := enc.Encode(&buf, pal)
	indexPool.Put(pal)
	return buf.Bytes(), err
}

// quantise maps each pixel to its nearest palette colour. Runs of one
// colour are the rule, so the last answer is remembered, and every colour
// met is looked up once.
func quantise(src *image.RGBA, dst *image.Paletted) {
	// A direct-mapped cache of recent colours: a map lookup per colour
	// change was a quarter of the drawing time.
	var cache [4096]struct {
		key uint32 // colour + 1, so that 0 means empty
		idx uint8
	}
	var last uint32 = 1 << 31 // no colour
	var lastIdx uint8
	for i, j := 0, 0; i < len(src.Pix); i, j = i+4, j+1 {
		key := uint32(src.Pix[i])<<16 | uint32(src.Pix[i+1])<<8 | uint32(src.Pix[i+2])
		if key != last {
			slot := &cache[(key*2654435761)>>20&4095]
			if slot.key != key+1 {
				slot.key = key + 1
				slot.idx = uint8(pictPalette.Index(color.RGBA{src.Pix[i], src.Pix[i+1], src.Pix[i+2], 0xff}))
			}
			last, lastIdx = key, slot.idx
		}
		dst.Pix[j] = lastIdx
	}
}
