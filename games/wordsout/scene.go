package wordsout

import (
	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/i18n"
)

// sceneTile is a card as drawn. Its kind reads without colour: green +2 and
// red x2 say so in the corner, a REJOUER is sky blue with "R" and a circle,
// an INCONTRABLE purple with "I" and a square, a JOKER yellow with "J" and
// a star ("?" in a hand, its letter on a row), a POUBELLE black with "P"
// and a diamond. The Go font has no ↻ 🔒 ★ 🗑, hence letters and shapes.
func sceneTile(c Card) games.Tile {
	l := c.Letter()
	t := games.Tile{Fill: games.White}
	if l != 0 {
		t.Text = string(l)
	}
	bonus := ""
	switch {
	case isGreen(l):
		t.Fill, bonus = games.Green, "+2"
	case isRed(l):
		t.Fill, bonus = games.Red, "×2"
	}
	switch c.Kind() {
	case kindRejouer:
		t.Fill, t.Corner, t.Mark = games.Sky, "R", games.Circle
	case kindIncontrable:
		t.Fill, t.Corner, t.Mark = games.Purple, "I", games.Square
	case kindJoker:
		t.Fill, t.Corner, t.Mark = games.Yellow, "J", games.Star
		if l == 0 {
			t.Text = "?"
		}
	case kindPoubelle:
		t.Fill, t.Text, t.Mark = games.Black, "P", games.Diamond
	}
	t.Corner += bonus
	return t
}

// sceneLines joins message lines into one note.
func sceneLines(lines []i18n.Msg) i18n.Msg {
	var out i18n.Msg
	for _, l := range lines {
		if out.IsZero() {
			out = l
		} else {
			out = i18n.T("wordsout.scene.lines", out, l)
		}
	}
	return out
}

// Scene draws what Public shows: the four rows with their values, then the
// seats' scores and card counts, the piles, and the counter window (who
// was asked and who has answered, never what: a pending counter stays in
// its hand).
func (g *Game) Scene() games.Scene {
	s := g.s
	var sc games.Scene
	for r, row := range s.Rows {
		b := games.Block{TileSize: 80}
		switch {
		case len(row) == 0:
			b.Label = i18n.T("wordsout.scene.row_empty", r+1)
		case s.Phase == phaseCounter && !s.Over && s.Win.Row == r:
			b.Label = i18n.T("wordsout.scene.row_window", r+1, value(row))
		default:
			b.Label = i18n.T("wordsout.scene.row", r+1, value(row))
		}
		tiles := make([]games.Tile, 0, max(1, len(row)))
		for _, c := range row {
			tiles = append(tiles, sceneTile(c))
		}
		if len(tiles) == 0 {
			tiles = append(tiles, games.Tile{Empty: true})
		}
		b.Rows = [][]games.Tile{tiles}
		sc.Blocks = append(sc.Blocks, b)
	}
	var lines []i18n.Msg
	for p := 0; p < s.Players; p++ {
		key := "wordsout.scene.seat"
		if !s.Over && s.Phase != phaseCounter && p == s.Turn {
			key = "wordsout.scene.seat_turn"
		}
		lines = append(lines, i18n.T(key, i18n.Seat(p), s.Scores[p], len(s.Hands[p])))
	}
	piles := "wordsout.scene.piles"
	if s.LastDeal {
		piles = "wordsout.scene.piles_last"
	}
	lines = append(lines, i18n.T(piles, s.Pioche.Len(), len(s.Discard), s.Deals))
	switch {
	case s.Over:
		lines = append(lines, i18n.T("wordsout.scene.over"))
		for _, p := range g.Result().Winners() {
			lines = append(lines, i18n.T("wordsout.scene.winner", i18n.Seat(p), s.Scores[p]))
		}
	case s.Phase == phaseCounter:
		w := s.Win
		lines = append(lines, i18n.T("wordsout.scene.window", s.word(w.Row), value(s.Rows[w.Row]), i18n.Seat(w.Caller)))
		for i, p := range w.Asked {
			key := "wordsout.scene.asked_waiting"
			if w.Answer[i] != ansWaiting {
				key = "wordsout.scene.asked_answered"
			}
			lines = append(lines, i18n.T(key, i18n.Seat(p)))
		}
	}
	lines = append(lines, i18n.T("wordsout.scene.legend"))
	sc.Blocks = append(sc.Blocks, games.Block{Note: sceneLines(lines)})
	return sc
}

// handRow is the most cards drawn on one line of a hand.
const handRow = 10

// PrivateScene draws a seat's hand, sorted as in the private view, ten
// cards to a line.
func (g *Game) PrivateScene(seat int) games.Scene {
	s := g.s
	if seat < 0 || seat >= s.Players {
		return games.Scene{}
	}
	h := sortedHand(s.Hands[seat])
	b := games.Block{Label: i18n.T("wordsout.scene.hand", len(h)), TileSize: 88, Note: i18n.T("wordsout.scene.legend_hand")}
	for i := 0; i < len(h); i += handRow {
		var tiles []games.Tile
		for _, c := range h[i:min(i+handRow, len(h))] {
			tiles = append(tiles, sceneTile(c))
		}
		b.Rows = append(b.Rows, tiles)
	}
	if len(b.Rows) == 0 {
		b.Rows = [][]games.Tile{{{Empty: true}}}
	}
	return games.Scene{Blocks: []games.Block{b}}
}
