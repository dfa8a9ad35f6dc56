package render

import (
	"bytes"
	"image"
	"image/png"
	"sync"
)

// Pictures are encoded as paletted PNGs: a board has a few flat colours and
// anti-aliased edges between them, so 256 colours lose nothing visible,
// and a paletted PNG is a quarter of the data to filter and compress.

var (
	pixPool     sync.Pool // *[]uint8, a canvas's pixels
	encoderPool = &pngPool{}
)

type pngPool struct{ p sync.Pool }

func (e *pngPool) Get() *png.EncoderBuffer {
	b, _ := e.p.Get().(*png.EncoderBuffer)
	return b
}
func (e *pngPool) Put(b *png.EncoderBuffer) { e.p.Put(b) }

// encode turns the drawn canvas into a PNG.
func encode(c *canvas) ([]byte, error) {
	img := &image.Paletted{Pix: c.pix, Stride: c.w, Rect: image.Rect(0, 0, c.w, c.h), Palette: pictPalette}
	var buf bytes.Buffer
	buf.Grow(64 << 10)
	enc := png.Encoder{CompressionLevel: png.BestSpeed, BufferPool: encoderPool}
	err := enc.Encode(&buf, img)
	return buf.Bytes(), err
}
