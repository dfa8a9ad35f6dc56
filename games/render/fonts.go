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
	d.faces[k] = fc
	return fc
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
