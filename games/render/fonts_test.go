package render

import (
	"testing"

	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
)

// The kept advances and kerning are the face's own, asked once or again,
// for every face a drawer makes: a measure kept under the wrong key would
// move the letters of another size or weight.
func TestMeasuredFaceSaysWhatTheFaceSays(t *testing.T) {
	d := &drawer{faces: map[faceKey]font.Face{}}
	runes := []rune("AVTWYo.,:ÉéàçÀ ·'-1?\ufffd😀")
	for _, isBold := range []bool{false, true} {
		for _, size := range []int{14, 24, 31} {
			got := d.face(isBold, size)
			f := regular
			if isBold {
				f = bold
			}
			want, err := opentype.NewFace(f, &opentype.FaceOptions{Size: float64(size), DPI: 72, Hinting: font.HintingFull})
			if err != nil {
				t.Fatal(err)
			}
			for range 2 { // the second time from what was kept
				for _, r0 := range runes {
					ga, gok := got.GlyphAdvance(r0)
					wa, wok := want.GlyphAdvance(r0)
					if ga != wa || gok != wok {
						t.Errorf("bold %v, size %d, %q: advance %v %v, the face says %v %v", isBold, size, r0, ga, gok, wa, wok)
					}
					for _, r1 := range runes {
						if g, w := got.Kern(r0, r1), want.Kern(r0, r1); g != w {
							t.Errorf("bold %v, size %d, %q%q: kerning %v, the face says %v", isBold, size, r0, r1, g, w)
						}
					}
				}
			}
			if g, w := font.MeasureString(got, "AVATAR · Été"), font.MeasureString(want, "AVATAR · Été"); g != w {
				t.Errorf("bold %v, size %d: measured %v, the face measures %v", isBold, size, g, w)
			}
		}
	}
}
