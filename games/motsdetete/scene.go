package motsdetete

import (
	"strconv"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/i18n"
)

// Bonus cells keep their colour with a letter on them (they still roll when
// a new word uses them, MT-D4), and each colour has a shape too, so that
// hue is never the only clue: orange circle, yellow square, red triangle.
var (
	sceneFill  = [...]games.Color{plain: games.Cream, black: games.Black, orange: games.Orange, yellow: games.Yellow, red: games.Red}
	sceneShape = [...]games.Shape{orange: games.Circle, yellow: games.Square, red: games.Triangle}
)

// cellTile draws a cell: its letter, or faint when empty; a plain cell
// shows its printed value in the corner.
func (s *state) cellTile(x int) games.Tile {
	k := s.grid.kind[x]
	t := games.Tile{Fill: sceneFill[k], Mark: sceneShape[k]}
	if k == plain {
		t.Corner = strconv.Itoa(int(s.grid.value[x]))
		t.Empty = s.cells[x] == 0
	}
	if l := s.cells[x]; l != 0 {
		t.Text = string(l)
	}
	return t
}

// lastCells are the cells of the last word written (the whole main word,
// as the last move names it), none after a pass or a lost turn.
func (s *state) lastCells() []int {
	rec := s.Last
	if rec == nil || rec.Kind != kindPlay {
		return nil
	}
	c, ok := s.grid.parseCell(rec.Cell)
	var out []int
	for i := 0; ok && i < len(rec.Word); i++ {
		out = append(out, c)
		c, ok = s.grid.step(c, rec.Down, false)
	}
	return out
}

// Scene draws what Public shows: the grid with its letters, values, bonus
// and black cells, the last word outlined; the scores, whose turn and his
// die under it. Columns are letters across and rows numbers down, as moves
// name cells ("H3": column H, row 3).
func (g *Game) Scene() games.Scene {
	s := g.s
	gr := s.grid
	b := games.Block{Grid: true}
	for r := 0; r < gr.H; r++ {
		row := make([]games.Tile, gr.W)
		for c := range row {
			row[c] = s.cellTile(r*gr.W + c)
		}
		b.Rows = append(b.Rows, row)
	}
	for _, x := range s.lastCells() {
		b.Rows[x/gr.W][x%gr.W].Highlight = true
	}

	var lines []i18n.Msg
	switch {
	case s.Duplicate:
		// The challenge: what everyone writes this turn, no seat nor
		// score nor target.
		lines = append(lines, i18n.T("motsdetete.scene.duplicate", s.Die), i18n.T("motsdetete.scene.legend_quarte"))
	default:
		lines = g.tableLines()
	}
	for _, l := range lines {
		if b.Note.IsZero() {
			b.Note = l
		} else {
			b.Note = i18n.T("motsdetete.scene.lines", b.Note, l)
		}
	}
	return games.Scene{Blocks: []games.Block{b}}
}

// tableLines are the lines under a table's grid: the variant and target,
// the scores, whose turn and his die, the legend.
func (g *Game) tableLines() []i18n.Msg {
	s := g.s
	var lines []i18n.Msg
	switch s.Variant {
	case Marathon:
		lines = append(lines, i18n.T("motsdetete.scene.marathon"))
	case Quarte:
		lines = append(lines, i18n.T("motsdetete.scene.quarte", s.Target))
	case Solo:
		lines = append(lines, i18n.T("motsdetete.scene.solo"))
	default:
		lines = append(lines, i18n.T("motsdetete.scene.target", s.Target))
	}
	for p := 0; p < s.Players; p++ {
		key := "motsdetete.scene.score"
		switch {
		case s.Out[p]:
			key = "motsdetete.scene.score_out"
		case !s.Over && p == s.Turn:
			key = "motsdetete.scene.score_turn"
		}
		lines = append(lines, i18n.T(key, i18n.Seat(p), s.Scores[p]))
	}
	switch {
	case s.Over:
		lines = append(lines, i18n.T("motsdetete.scene.over"))
		if s.Players > 1 {
			lines = append(lines, i18n.T("motsdetete.scene.winner", g.Result().Victory()))
		}
	case s.Variant == Quarte:
		lines = append(lines, i18n.T("motsdetete.scene.turn_quarte", i18n.Seat(s.Turn), s.Die))
	case s.LastRoll:
		lines = append(lines, i18n.T("motsdetete.scene.turn_last", i18n.Seat(s.Turn), s.Die))
	default:
		lines = append(lines, i18n.T("motsdetete.scene.turn", i18n.Seat(s.Turn), s.Die))
	}
	if s.Variant == Quarte {
		lines = append(lines, i18n.T("motsdetete.scene.legend_quarte"))
	} else {
		lines = append(lines, i18n.T("motsdetete.scene.legend"))
	}
	return lines
}
