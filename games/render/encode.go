package render

import "sync"

// Pictures are encoded as paletted PNGs: a board has a few flat colours and
// anti-aliased edges between them, so 256 colours lose nothing visible,
// and a paletted PNG is a quarter of the data to filter and compress.

// pixPool holds canvases' pixels between pictures (*[]uint8).
var pixPool sync.Pool

// encode turns the drawn canvas into a PNG.
func encode(c *canvas) ([]byte, error) {
	return encodePNG(c.pix, c.w, c.h, pictPalette), nil
}
