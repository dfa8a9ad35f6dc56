package render

import (
	"image"
	"math"

	"github.com/tablee/tablee/games"
)

// The pictures of action cards, drawn as shapes in a square of side s:
// the Go font has no 🗑 ★ ↻ 🔒, and a letter in a corner ("P", "J") reads
// as one more letter card.

// icon draws an action card's picture in colour fg, centred on (cx, cy) in
// a square of side s; bg is the card's fill, for the holes (a bin's slits,
// a keyhole).
func (c *canvas) icon(ic games.Icon, cx, cy, s float32, fg, bg uint8) {
	switch ic {
	case games.IconJoker:
		c.shape(games.Star, cx, cy, s, fg)
	case games.IconTrash:
		rect := func(x0, y0, x1, y1 float32, col uint8) {
			c.polygon([][2]float32{{cx + x0*s, cy + y0*s}, {cx + x1*s, cy + y0*s}, {cx + x1*s, cy + y1*s}, {cx + x0*s, cy + y1*s}}, col)
		}
		rect(-0.13, -0.47, 0.13, -0.36, fg) // the handle
		rect(-0.42, -0.36, 0.42, -0.25, fg) // the lid
		c.polygon([][2]float32{{cx - 0.35*s, cy - 0.19*s}, {cx + 0.35*s, cy - 0.19*s}, {cx + 0.28*s, cy + 0.47*s}, {cx - 0.28*s, cy + 0.47*s}}, fg)
		for _, dx := range []float32{-0.15, 0, 0.15} {
			rect(dx-0.035, -0.09, dx+0.035, 0.37, bg) // the slits
		}
	case games.IconReplay:
		// A clockwise arrow round a circle, open at the top: play again.
		ro, ri := 0.44*s, 0.27*s
		a0, a1 := deg(-55), deg(235)
		pts := arc(cx, cy, ro, a0, a1)
		pts = append(pts, arc(cx, cy, ri, a1, a0)...)
		c.polygon(pts, fg)
		rm := (ro + ri) / 2
		px, py := cx+rm*cos(a1), cy+rm*sin(a1)
		dx, dy := -sin(a1), cos(a1) // the way the arrow goes
		ux, uy := cos(a1), sin(a1)  // across the band
		half, tip := 0.22*s, 0.26*s
		c.polygon([][2]float32{{px + ux*half, py + uy*half}, {px + dx*tip, py + dy*tip}, {px - ux*half, py - uy*half}}, fg)
	case games.IconLock:
		// A padlock: it cannot be countered.
		top := cy - 0.08*s
		ro, ri := 0.27*s, 0.15*s
		shackle := arc(cx, top, ro, deg(180), deg(360))
		shackle = append(shackle, [2]float32{cx + ro, cy}, [2]float32{cx + ri, cy})
		shackle = append(shackle, arc(cx, top, ri, deg(360), deg(180))...)
		shackle = append(shackle, [2]float32{cx - ri, cy}, [2]float32{cx - ro, cy})
		c.polygon(shackle, fg)
		c.polygon([][2]float32{{cx - 0.38*s, cy - 0.04*s}, {cx + 0.38*s, cy - 0.04*s}, {cx + 0.38*s, cy + 0.47*s}, {cx - 0.38*s, cy + 0.47*s}}, fg)
		c.polygon(arc(cx, cy+0.16*s, 0.08*s, 0, deg(360)), bg)
		c.polygon([][2]float32{{cx - 0.035*s, cy + 0.16*s}, {cx + 0.035*s, cy + 0.16*s}, {cx + 0.05*s, cy + 0.34*s}, {cx - 0.05*s, cy + 0.34*s}}, bg)
	}
}

func deg(d float64) float64 { return d * math.Pi / 180 }
func cos(a float64) float32 { return float32(math.Cos(a)) }
func sin(a float64) float32 { return float32(math.Sin(a)) }

// arc is the points of a circle's arc from angle a0 to a1 (radians,
// clockwise on the picture as y grows downwards).
func arc(cx, cy, r float32, a0, a1 float64) [][2]float32 {
	const steps = 24
	pts := make([][2]float32, 0, steps+1)
	for i := 0; i <= steps; i++ {
		a := a0 + (a1-a0)*float64(i)/steps
		pts = append(pts, [2]float32{cx + r*cos(a), cy + r*sin(a)})
	}
	return pts
}

// polygon fills a closed polygon given in the canvas's coordinates.
func (c *canvas) polygon(pts [][2]float32, fg uint8) {
	if len(pts) < 3 {
		return
	}
	x0, y0, x1, y1 := pts[0][0], pts[0][1], pts[0][0], pts[0][1]
	for _, p := range pts {
		x0, y0 = min(x0, p[0]), min(y0, p[1])
		x1, y1 = max(x1, p[0]), max(y1, p[1])
	}
	ox, oy := int(math.Floor(float64(x0))), int(math.Floor(float64(y0)))
	size := max(int(math.Ceil(float64(x1)))-ox, int(math.Ceil(float64(y1)))-oy) + 1
	z := &c.d.raster
	z.Reset(size, size)
	z.MoveTo(pts[0][0]-float32(ox), pts[0][1]-float32(oy))
	for _, p := range pts[1:] {
		z.LineTo(p[0]-float32(ox), p[1]-float32(oy))
	}
	z.ClosePath()
	m := c.d.scratchAlpha(size)
	z.Draw(m, m.Bounds(), image.Opaque, image.Point{})
	c.mask(image.Rect(ox, oy, ox+size, oy+size), fg, m, image.Point{})
}
