package render

import (
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// The Go fonts are embedded in the binary by their packages: drawing needs
// no font from the system. A parsed font is safe for concurrent use, so
// it is parsed once for the process; a face is not (it keeps a glyph
// buffer and a rasterizer), so each drawer has its own faces.
var (
	fontsOnce     sync.Once
	regular, bold *opentype.Font
)

type faceKey struct {
	bold bool
	size int
}

func loadFonts() {
	var err error
	if regular, err = opentype.Parse(goregular.TTF); err != nil {
		panic(err) // the embedded font is part of the build
	}
	if bold, err = opentype.Parse(gobold.TTF); err != nil {
		panic(err)
	}
}

// face returns the drawer's face of a size in pixels, made on first use.
func (d *drawer) face(isBold bool, size int) font.Face {
	k := faceKey{isBold, size}
	if f, ok := d.faces[k]; ok {
		return f
	}
	fontsOnce.Do(loadFonts)
	f := regular
	if isBold {
		f = bold
	}
	fc, err := opentype.NewFace(f, &opentype.FaceOptions{Size: float64(size), DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		panic(err)
	}
	cf := measuredFace{Face: fc, key: k}
	d.faces[k] = cf
	return cf
}

// measuredFace is a face whose advances and kerning are kept for every
// drawer: the face looks each rune up in the font's tables at every call,
// and laying out a picture measures its texts (wrap, MeasureString) and
// draws them again at every move, for runes and pairs that are ever the
// same (the lookups were 3 % of the bot's CPU at 500 moves/s). The
// values depend on the font and the size only, which the key says.
type measuredFace struct {
	font.Face
	key faceKey
}

type measureKey struct {
	face    faceKey
	advance bool // r0's advance, else the kerning of r0 and r1
	r0, r1  rune
}

type measure struct {
	v  fixed.Int26_6
	ok bool
}

var measures struct {
	sync.RWMutex
	m map[measureKey]measure
}

func (f measuredFace) measured(advance bool, r0, r1 rune, get func() (fixed.Int26_6, bool)) (fixed.Int26_6, bool) {
	key := measureKey{f.key, advance, r0, r1}
	measures.RLock()
	v, ok := measures.m[key]
	measures.RUnlock()
	if ok {
		return v.v, v.ok
	}
	v.v, v.ok = get()
	measures.Lock()
	if measures.m == nil || len(measures.m) > 32768 {
		measures.m = map[measureKey]measure{}
	}
	measures.m[key] = v
	measures.Unlock()
	return v.v, v.ok
}

func (f measuredFace) GlyphAdvance(r rune) (fixed.Int26_6, bool) {
	return f.measured(true, r, 0, func() (fixed.Int26_6, bool) { return f.Face.GlyphAdvance(r) })
}

func (f measuredFace) Kern(r0, r1 rune) fixed.Int26_6 {
	v, _ := f.measured(false, r0, r1, func() (fixed.Int26_6, bool) { return f.Face.Kern(r0, r1), true })
	return v
}

// printable drops what the font cannot draw (emoji in player names), so a
// name shows its letters rather than empty boxes.
func printable(f font.Face, s string) string {
	out := make([]rune, 0, len(s))
	for _, r := range s {
		if r == '\n' {
			out = append(out, r)
			continue
		}
		if _, ok := f.GlyphAdvance(r); ok && r != '\ufffd' {
			out = append(out, r)
		}
	}
	return string(out)
}

func textWidth(f font.Face, s string) int {
	return font.MeasureString(f, s).Ceil()
}

func fix(x int) fixed.Int26_6 { return fixed.I(x) }
