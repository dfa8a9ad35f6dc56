package motsdetete

import (
	"fmt"
	"strconv"
	"strings"
)

// Cell kinds of the grid (MT-D1).
const (
	plain  uint8 = iota // a printed value
	black               // no letter ever
	orange              // bonus: one roll of the die
	yellow              // bonus: two rolls
	red                 // bonus: three rolls
)

// rolls is the number of die rolls of a bonus cell (MT-D4).
func rolls(kind uint8) int {
	switch kind {
	case orange:
		return 1
	case yellow:
		return 2
	case red:
		return 3
	}
	return 0
}

// Grid is the board's layout, immutable once parsed: W columns (A, B, ...)
// left to right, H rows (1, 2, ...) top to bottom. Cells are numbered row by
// row: cell = row*W + col.
type Grid struct {
	W, H   int
	kind   []uint8
	value  []uint8
	centre []bool // cells orthogonally next to the centre cross
	layout []string
}

// StandardLayout is MT-D1, the 15 x 15 grid of the rules page, one row a
// line, cells separated by a space: a digit is the printed value, '#' a black
// cell, O, Y, R an orange, yellow, red bonus cell. The black cells of the
// centre cross (H7 G8 H8 I8 H9) are written 'X': black cells that the first
// word must touch.
var StandardLayout = []string{
	"2 1 3 1 4 1 5 O 5 1 4 1 3 1 2",
	"1 3 1 4 1 Y 1 # 1 Y 1 4 1 3 1",
	"3 1 R 1 5 1 2 1 2 1 5 1 R 1 3",
	"1 4 1 # 1 2 1 O 1 2 1 # 1 4 1",
	"4 1 5 1 O 1 3 1 3 1 O 1 5 1 4",
	"1 Y 1 2 1 3 1 4 1 3 1 2 1 Y 1",
	"5 1 2 1 3 1 4 X 4 1 3 1 2 1 5",
	"O # 1 O 1 4 X X X 4 1 O 1 # O",
	"5 1 2 1 3 1 4 X 4 1 3 1 2 1 5",
	"1 Y 1 2 1 3 1 4 1 3 1 2 1 Y 1",
	"4 1 5 1 O 1 3 1 3 1 O 1 5 1 4",
	"1 4 1 # 1 2 1 O 1 2 1 # 1 4 1",
	"3 1 R 1 5 1 2 1 2 1 5 1 R 1 3",
	"1 3 1 4 1 Y 1 # 1 Y 1 4 1 3 1",
	"2 1 3 1 4 1 5 O 5 1 4 1 3 1 2",
}

var standardGrid = mustGrid(StandardLayout)

func mustGrid(rows []string) *Grid {
	g, err := ParseGrid(rows)
	if err != nil {
		panic(err)
	}
	return g
}

// ParseGrid reads a layout written like StandardLayout. Grids of 1 to 15
// columns and rows are accepted, so that tests can build the sheet's own
// small grids. A grid without 'X' cells lets the first word go anywhere.
func ParseGrid(rows []string) (*Grid, error) {
	h := len(rows)
	if h < 1 || h > 15 {
		return nil, fmt.Errorf("motsdetete: grid of %d rows, want 1 to 15", h)
	}
	g := &Grid{H: h, layout: append([]string(nil), rows...)}
	var cross []int
	for r, line := range rows {
		toks := strings.Fields(line)
		if r == 0 {
			g.W = len(toks)
			if g.W < 1 || g.W > 15 {
				return nil, fmt.Errorf("motsdetete: grid of %d columns, want 1 to 15", g.W)
			}
		}
		if len(toks) != g.W {
			return nil, fmt.Errorf("motsdetete: grid row %d has %d cells, want %d", r+1, len(toks), g.W)
		}
		for c, t := range toks {
			var k, v uint8
			switch {
			case len(t) == 1 && t[0] >= '0' && t[0] <= '9':
				k, v = plain, t[0]-'0'
			case t == "#":
				k = black
			case t == "X":
				k = black
				cross = append(cross, r*g.W+c)
			case t == "O":
				k = orange
			case t == "Y":
				k = yellow
			case t == "R":
				k = red
			default:
				return nil, fmt.Errorf("motsdetete: grid cell %s is %q", cellName(g.W, r*g.W+c), t)
			}
			g.kind = append(g.kind, k)
			g.value = append(g.value, v)
		}
	}
	if len(cross) > 0 {
		g.centre = make([]bool, g.W*g.H)
		for _, x := range cross {
			for _, n := range g.neighbours(x) {
				if g.kind[n] != black {
					g.centre[n] = true
				}
			}
		}
	}
	return g, nil
}

// Layout returns the rows the grid was parsed from.
func (g *Grid) Layout() []string { return append([]string(nil), g.layout...) }

// neighbours lists the cells orthogonally next to c.
func (g *Grid) neighbours(c int) []int {
	r, col := c/g.W, c%g.W
	out := make([]int, 0, 4)
	if r > 0 {
		out = append(out, c-g.W)
	}
	if r < g.H-1 {
		out = append(out, c+g.W)
	}
	if col > 0 {
		out = append(out, c-1)
	}
	if col < g.W-1 {
		out = append(out, c+1)
	}
	return out
}

// step returns the cell next to c in the direction (down or right) and
// whether it is on the grid; back goes the other way.
func (g *Grid) step(c int, down bool, back bool) (int, bool) {
	r, col := c/g.W, c%g.W
	d := 1
	if back {
		d = -1
	}
	if down {
		r += d
	} else {
		col += d
	}
	if r < 0 || r >= g.H || col < 0 || col >= g.W {
		return 0, false
	}
	return r*g.W + col, true
}

// cellName is the cell as players write it: its column letter, its row
// number ("H3").
func cellName(w, c int) string {
	return string(rune('A'+c%w)) + strconv.Itoa(c/w+1)
}

// Name is the name of cell c on this grid.
func (g *Grid) Name(c int) string { return cellName(g.W, c) }

// parseCell reads "H3", "h3", "3H" (the column letter, the row number in
// either order).
func (g *Grid) parseCell(t string) (int, bool) {
	t = strings.ToUpper(t)
	if len(t) < 2 || len(t) > 3 {
		return 0, false
	}
	var col byte
	var num string
	switch {
	case t[0] >= 'A' && t[0] <= 'Z':
		col, num = t[0], t[1:]
	case t[len(t)-1] >= 'A' && t[len(t)-1] <= 'Z':
		col, num = t[len(t)-1], t[:len(t)-1]
	default:
		return 0, false
	}
	for i := 0; i < len(num); i++ {
		if num[i] < '0' || num[i] > '9' {
			return 0, false
		}
	}
	r, err := strconv.Atoi(num)
	c := int(col - 'A')
	if err != nil || r < 1 || r > g.H || c >= g.W {
		return 0, false
	}
	return (r-1)*g.W + c, true
}

// centreCells lists the cells next to the centre cross ("H6, G7, ...").
func (g *Grid) centreCells() string {
	var names []string
	for c, ok := range g.centre {
		if ok {
			names = append(names, g.Name(c))
		}
	}
	return strings.Join(names, ", ")
}
