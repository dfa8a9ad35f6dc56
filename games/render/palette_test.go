package render

import (
	"image/color"
	"math"
	"testing"

	"github.com/tablee/tablee/games"
)

// TestPalette_EachColourIsWhatItIsCalled: the texts name the colours the
// pictures draw (🟥 🟧 🟨 🟩 🟦), so each named colour's hue lies in the
// range of its name: a red drawn orange (Okabe and Ito's vermillion, hue
// 26°) told a player of red a colour he saw as orange.
func TestPalette_EachColourIsWhatItIsCalled(t *testing.T) {
	for _, c := range []struct {
		colour games.Color
		name   string
		lo, hi float64 // degrees; lo > hi wraps round 0
	}{
		{games.Red, "red", 350, 10},
		{games.Orange, "orange", 25, 48},
		{games.Yellow, "yellow", 50, 65},
		{games.Green, "green", 90, 170},
		{games.Blue, "blue", 190, 230},
		{games.Sky, "sky blue", 190, 215},
		{games.Purple, "purple", 270, 345},
	} {
		h := hue(gameColours[c.colour])
		in := h >= c.lo && h <= c.hi
		if c.lo > c.hi {
			in = h >= c.lo || h <= c.hi
		}
		if !in {
			t.Errorf("%s is drawn at hue %.0f°, outside %.0f°–%.0f°", c.name, h, c.lo, c.hi)
		}
	}
}

// hue is a colour's hue in degrees (HSV), 0 for a grey.
func hue(c color.RGBA) float64 {
	r, g, b := float64(c.R)/255, float64(c.G)/255, float64(c.B)/255
	hi, lo := math.Max(r, math.Max(g, b)), math.Min(r, math.Min(g, b))
	d := hi - lo
	var h float64
	switch {
	case d == 0:
		return 0
	case hi == r:
		h = math.Mod((g-b)/d, 6)
	case hi == g:
		h = (b-r)/d + 2
	default:
		h = (r-g)/d + 4
	}
	h *= 60
	if h < 0 {
		h += 360
	}
	return h
}
