package motsdetete

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/i18n"
)

// Glyphs of the board: ASCII, so that the 15 columns keep their alignment
// in every chat's monospace (emoji are of uneven width there); the legend
// under the grid gives their colours.
var (
	kindGlyph = [...]byte{plain: '?', black: '#', orange: '+', yellow: '*', red: '@'}
	kindEmoji = [...]string{plain: "", black: "⬛", orange: "🟧", yellow: "🟨", red: "🟥"}
)

// boardLines draws the grid: a header of column letters, then one line per
// row, two characters per cell (33 characters for 15 columns). An empty cell
// shows its printed value or the glyph of its kind; a written cell its
// letter. The legend follows, then the bonus cells that hold a letter (they
// still roll when a new word uses them, MT-D4).
func (s *state) boardLines() []string {
	g := s.grid
	out := make([]string, 0, g.H+3)
	var b strings.Builder
	b.WriteString("  ")
	for c := 0; c < g.W; c++ {
		b.WriteByte(' ')
		b.WriteByte(byte('A' + c))
	}
	out = append(out, b.String())
	var used []string
	for r := 0; r < g.H; r++ {
		b.Reset()
		fmt.Fprintf(&b, "%2d", r+1)
		for c := 0; c < g.W; c++ {
			x := r*g.W + c
			b.WriteByte(' ')
			switch k := g.kind[x]; {
			case s.cells[x] != 0:
				b.WriteByte(s.cells[x])
				if rolls(k) > 0 {
					used = append(used, g.Name(x)+kindEmoji[k]+string(s.cells[x]))
				}
			case k == plain:
				b.WriteByte('0' + g.value[x])
			default:
				b.WriteByte(kindGlyph[k])
			}
		}
		out = append(out, b.String())
	}
	legend := "+🟧🎲 *🟨🎲🎲 @🟥🎲🎲🎲 #⬛"
	if s.Variant == Quarte {
		legend = "+🟧4 *🟨8 @🟥12 #⬛"
	}
	out = append(out, legend)
	if s.Duplicate {
		// The challenge's grid opens with words no one of its players
		// wrote, and in Quarté a bonus cell's value is printed: the recap
		// of the rolls would only tell the opening.
		return out
	}
	for len(used) > 0 {
		n := min(len(used), 5)
		out = append(out, "🎲 "+strings.Join(used[:n], " "))
		used = used[n:]
	}
	return out
}

// dieText is the die of a turn as shown: "🎲 4", or "4" in Quarté.
func (s *state) dieText(n int) string {
	if s.Variant == Quarte {
		return strconv.Itoa(n)
	}
	return "🎲 " + strconv.Itoa(n)
}

// recordMsg tells a turn: the word, where, the new letters, each word's
// points, the bonus rolls and the total.
func recordMsg(rec *turnRecord) i18n.Msg {
	die := "🎲 " + strconv.Itoa(rec.Die)
	switch rec.Kind {
	case kindPass:
		return i18n.T("motsdetete.ev.pass", i18n.Seat(rec.Seat), die)
	case kindLost:
		// The count of the refused words is there for the plural alone
		// ("SPLUME, SQ absents").
		return i18n.T("motsdetete.ev.lost", i18n.Seat(rec.Seat), die, rec.Word, rec.Cell+arrowOf(rec.Down), strings.Join(rec.Bad, ", "), len(rec.Bad))
	}
	parts := make([]string, len(rec.Words))
	for i, w := range rec.Words {
		parts[i] = w.Word + " " + strconv.Itoa(w.Points)
	}
	var rolls i18n.Msg = i18n.Raw("")
	if len(rec.Rolls) > 0 {
		rs := make([]string, len(rec.Rolls))
		for i, r := range rec.Rolls {
			rs[i] = rollText(r)
		}
		rolls = i18n.T("motsdetete.ev.rolls", strings.Join(rs, ", "))
	}
	return i18n.T("motsdetete.ev.play", i18n.Seat(rec.Seat), die, rec.Word, rec.Cell+arrowOf(rec.Down),
		spaced(rec.New), strings.Join(parts, " + "), rec.Total, rolls)
}

// rollText is one bonus cell's value: "H8🟧 4", "C3🟥 2+5+6=13", "H8🟧 4" in
// Quarté (fixed).
func rollText(r roll) string {
	t := r.Cell + kindEmoji[r.Kind] + " "
	if len(r.Dice) <= 1 {
		return t + strconv.Itoa(r.Value)
	}
	ds := make([]string, len(r.Dice))
	for i, d := range r.Dice {
		ds[i] = strconv.Itoa(d)
	}
	return t + strings.Join(ds, "+") + "=" + strconv.Itoa(r.Value)
}

// publicLines are the sentences under the board.
func (s *state) publicLines() []i18n.Msg {
	if s.Duplicate {
		// Everyone plays the same turn: what it asks, no seat nor score.
		return []i18n.Msg{i18n.T("motsdetete.line.duplicate", s.Die)}
	}
	var out []i18n.Msg
	switch s.Variant {
	case Marathon:
		out = append(out, i18n.T("motsdetete.line.marathon"))
	case Quarte:
		out = append(out, i18n.T("motsdetete.line.quarte", s.Target))
	case Solo:
		out = append(out, i18n.T("motsdetete.line.solo"))
	default:
		if s.Players == 1 {
			out = append(out, i18n.T("motsdetete.line.solo_target", s.Target))
		} else {
			out = append(out, i18n.T("motsdetete.line.target", s.Target))
		}
	}
	for p := 0; p < s.Players; p++ {
		key := "motsdetete.line.score"
		if s.Out[p] {
			key = "motsdetete.line.score_out"
		}
		out = append(out, i18n.T(key, i18n.Seat(p), s.Scores[p]))
	}
	switch {
	case s.Over && s.Players == 1:
		out = append(out, i18n.T("motsdetete.line.solo_over", s.Scores[0]))
	case s.Over:
		out = append(out, i18n.T("motsdetete.line.over"),
			i18n.T("motsdetete.line.winner", games.Result{Scores: s.Scores}.Victory()))
	case s.LastRoll:
		out = append(out, i18n.T("motsdetete.line.turn_last", i18n.Seat(s.Turn), s.dieText(s.Die), s.Die))
	default:
		out = append(out, i18n.T("motsdetete.line.turn", i18n.Seat(s.Turn), s.dieText(s.Die), s.Die))
	}
	return out
}

// Public is what the whole table sees: the grid, the scores, the last move
// with its words, points and rolls, whose turn and his die.
func (g *Game) Public() games.View {
	v := games.View{Title: i18n.T("motsdetete.title"), Board: g.s.boardLines(), Lines: g.s.publicLines()}
	if g.s.Last != nil && !g.s.Duplicate {
		v.Recall(0, i18n.T("motsdetete.line.last", recordMsg(g.s.Last)))
	}
	return v
}

// Handless: there is no hidden information in this game (games.Handless).
func (g *Game) Handless() bool { return true }

// Private is what the seat alone is told: a reminder of the die and the
// syntax, and the bot's suggestion when the table allows hints. The grid
// and the scores are the board's: a private message that carried them
// again sent the whole grid to every player at every turn.
func (g *Game) Private(seat int) games.View {
	s := g.s
	v := games.View{Title: i18n.T("motsdetete.title")}
	if seat < 0 || seat >= s.Players {
		return v
	}
	switch {
	case s.Over:
	case s.Out[seat]:
		v.Lines = append(v.Lines, i18n.T("motsdetete.pv.out"))
	case seat != s.Turn:
		v.Lines = append(v.Lines, i18n.T("motsdetete.pv.wait", i18n.Seat(s.Turn)))
	default:
		v.Lines = append(v.Lines, g.turnHelp())
		if s.Hints {
			if h, ok := g.Hint(); ok {
				v.Lines = append(v.Lines, i18n.T("motsdetete.pv.hint", h.Move, roundPts(h.Points)))
			} else {
				v.Lines = append(v.Lines, i18n.T("motsdetete.pv.no_move", s.Die))
			}
		}
	}
	return v
}

// turnHelp reminds the player to move of his die and of the syntax, with
// an example that is legal on the grid as it is (MT-D2), in the reader's
// words ("F8 droite MAISON", "F8 right MAISON"); without an example when no
// word fits.
func (g *Game) turnHelp() i18n.Msg {
	// In the challenge no die is rolled: the turn asks its letters.
	turn, plain := "motsdetete.pv.turn", "motsdetete.pv.turn_plain"
	if g.s.Duplicate {
		turn, plain = "motsdetete.pv.turn_duplicate", "motsdetete.pv.turn_duplicate_plain"
	}
	ex, ok := exampleMove(g.s, g.lex)
	if !ok {
		return i18n.T(plain, g.s.Die)
	}
	dir := i18n.T("motsdetete.dir.right")
	if ex.Down {
		dir = i18n.T("motsdetete.dir.down")
	}
	return i18n.T(turn, g.s.Die, ex.Cell, dir, ex.Word)
}

// Choices: the move is typed (a cell, a direction and a word do not fit
// buttons); the buttons are the pass and, when the table allows hints, the
// bot's suggestion played as is.
func (g *Game) Choices(seat int, prefix string) []games.Choice {
	s := g.s
	if s.Over || seat != s.Turn || strings.TrimSpace(prefix) != "" {
		return nil
	}
	var out []games.Choice
	if s.Hints {
		if h, ok := g.Hint(); ok {
			out = append(out, games.Choice{Label: i18n.T("motsdetete.choice.hint", h.Move, roundPts(h.Points)), Move: h.Move, Final: true})
		}
	}
	return append(out, games.Choice{Label: i18n.T("motsdetete.choice.pass"), Move: "passe", Final: true, Row: 1})
}

// roundPts rounds an expected score for display.
func roundPts(f float64) int { return int(f + 0.5) }
