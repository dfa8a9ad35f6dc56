package render

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestWrap_LinesFitAndAreFull wraps random sentences (with kerned pairs:
// AV, LT, Y.) at random widths: a line of more than one word fits in the
// width measured whole, and the next line's first word would not have.
func TestWrap_LinesFitAndAreFull(t *testing.T) {
	d := drawers.Get().(*drawer)
	defer drawers.Put(d)
	rng := rand.New(rand.NewPCG(11, 12))
	words := []string{"Alice", ":", "paquet", "6", "·", "pioche", "19", "AVAWAY", "Té", "fj", "Chloé", "T", "Y.", "LT", "«", "»"}
	for n := 0; n < 2000; n++ {
		var ws []string
		for k := rng.IntN(20); k > 0; k-- {
			ws = append(ws, words[rng.IntN(len(words))])
		}
		s := strings.Join(ws, " ")
		f := d.face(rng.IntN(2) == 0, 18+rng.IntN(20))
		width := 30 + rng.IntN(600)
		lines := wrap(f, s, width)
		if strings.Join(lines, " ") != s {
			t.Fatalf("%q wrapped as %q", s, lines)
		}
		for i, l := range lines {
			if strings.Contains(l, " ") && textWidth(f, l) > width {
				t.Fatalf("%q at %d: line %q is %d wide", s, width, l, textWidth(f, l))
			}
			if i+1 < len(lines) {
				next := l + " " + strings.Fields(lines[i+1])[0]
				if textWidth(f, next) <= width {
					t.Fatalf("%q at %d: %q fits on one line, cut after %q", s, width, next, l)
				}
			}
		}
	}
}
