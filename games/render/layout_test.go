package render

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestWrap_LinesFitAndAreFull wraps random sentences (with kerned pairs:
// AV, LT, Y.; with separators: "·", ":") at random widths: a line of more
// than one word fits in the width measured whole; a line is cut inside a
// phrase only when that phrase alone is wider than the width (and is then
// reported as cut), and between two phrases only when the next one would
// not have fitted.
func TestWrap_LinesFitAndAreFull(t *testing.T) {
	d := drawers.Get().(*drawer)
	defer drawers.Put(d)
	rng := rand.New(rand.NewPCG(11, 12))
	words := []string{"Alice", ":", "paquet", "6", "·", "pioche", "19", "AVAWAY", "Té", "fj", "Chloé", "T", "Y.", "LT", "«", "»", "main:"}
	for n := 0; n < 2000; n++ {
		var ws []string
		for k := rng.IntN(20); k > 0; k-- {
			ws = append(ws, words[rng.IntN(len(words))])
		}
		s := strings.Join(ws, " ")
		f := d.face(rng.IntN(2) == 0, 18+rng.IntN(20))
		width := 30 + rng.IntN(600)
		lines, cut := wrap(f, s, width)
		if strings.Join(lines, " ") != s {
			t.Fatalf("%q wrapped as %q", s, lines)
		}
		wide := map[string]bool{}
		for _, ph := range phrases(s) {
			if textWidth(f, ph) > width && strings.Contains(ph, " ") {
				wide[ph] = true
			}
		}
		reported := map[string]bool{}
		for _, c := range cut {
			if !wide[c] {
				t.Fatalf("%q at %d: %q reported cut but fits", s, width, c)
			}
			reported[c] = true
		}
		if len(reported) != len(wide) {
			t.Fatalf("%q at %d: phrases wider than the width %v, reported cut %q", s, width, wide, cut)
		}
		// Where each line ends in the sentence's words, and so whether a
		// cut falls between phrases.
		ends := map[int]bool{}
		at := 0
		for _, ph := range phrases(s) {
			at += len(strings.Fields(ph))
			ends[at] = true
		}
		at = 0
		for i, l := range lines {
			if strings.Contains(l, " ") && textWidth(f, l) > width {
				t.Fatalf("%q at %d: line %q is %d wide", s, width, l, textWidth(f, l))
			}
			at += len(strings.Fields(l))
			if i+1 == len(lines) {
				break
			}
			if !ends[at] {
				// Cut inside a phrase: that phrase is wider than the width.
				ph := phraseAround(s, at)
				if textWidth(f, ph) <= width {
					t.Fatalf("%q at %d: line %q cuts the phrase %q, which fits", s, width, l, ph)
				}
				continue
			}
			next := phrases(strings.Join(lines[i+1:], " "))[0]
			if textWidth(f, l+" "+next) <= width {
				t.Fatalf("%q at %d: %q fits on one line, cut after %q", s, width, l+" "+next, l)
			}
		}
	}
}

// phraseAround is the phrase of s that holds the cut after word n.
func phraseAround(s string, n int) string {
	at := 0
	for _, ph := range phrases(s) {
		at += len(strings.Fields(ph))
		if at > n {
			return ph
		}
	}
	return ""
}

// TestWrap_KeepsPhrasesWhole: "0 pt · 11 en main" in a column too narrow
// for it is cut after the "·", never inside "11 en main".
func TestWrap_KeepsPhrasesWhole(t *testing.T) {
	d := drawers.Get().(*drawer)
	defer drawers.Put(d)
	f := d.face(true, 22)
	s := "Gaëlle — 0 pt · 11 en main"
	width := textWidth(f, "Gaëlle — 0 pt · 11 en") + 2
	lines, cut := wrap(f, s, width)
	if len(cut) > 0 || len(lines) != 2 || lines[1] != "11 en main" {
		t.Fatalf("%q at %d: %q, cut %q", s, width, lines, cut)
	}
}
