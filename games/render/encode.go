package render

import "sync"

// Pictures are encoded as paletted PNGs: a board has a few flat colours and
// anti-aliased edges between them, so 256 colours lose nothing visible,
// and a paletted PNG is a quarter of the data to filter and compress.

// pixPool holds canvases' pixels between pictures (*[]uint8).
var pixPool sync.Pool

// getPix returns n bytes for a canvas, from the pool when it has them.
func getPix(n int) []uint8 {
	if p, _ := pixPool.Get().(*[]uint8); p != nil && cap(*p) >= n {
		return (*p)[:n]
	}
	return make([]uint8, n)
}

// putPix gives a canvas's pixels back to the pool.
func putPix(pix []uint8) { pixPool.Put(&pix) }
