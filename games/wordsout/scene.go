package wordsout

import (
	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/i18n"
)

// sceneTile is a card as drawn. Its kind reads without colour: green +2 and
// red ×2 say so in the corner, an action card shows its picture (a
// circular arrow on a sky-blue REJOUER, a padlock on a purple INCONTRABLE,
// a star on a yellow JOKER, a bin on a black POUBELLE: WO-D1), large on a
// card without a letter, in the corner of a letter.
func sceneTile(c Card) games.Tile {
	l := c.Letter()
	t := games.Tile{Fill: games.White}
	if l != 0 {
		t.Text = string(l)
	}
	switch {
	case isGreen(l):
		t.Fill, t.Corner = games.Green, "+2"
	case isRed(l):
		t.Fill, t.Corner = games.Red, "×2"
	}
	switch c.Kind() {
	case kindRejouer:
		t.Fill, t.Icon = games.Sky, games.IconReplay
	case kindIncontrable:
		t.Fill, t.Icon = games.Purple, games.IconLock
	case kindJoker:
		t.Fill, t.Icon = games.Yellow, games.IconJoker
	case kindPoubelle:
		t.Fill, t.Icon, t.Text = games.Black, games.IconTrash, ""
	}
	return t
}

// legend is the key under a board or a hand: each kind of card as drawn,
// and what it is.
func legend(trash bool) []games.Line {
	lines := []games.Line{
		{Swatch: games.Tile{Fill: games.Green, Text: "+2"}, Text: i18n.T("wordsout.scene.key_green")},
		{Swatch: games.Tile{Fill: games.Red, Text: "×2"}, Text: i18n.T("wordsout.scene.key_red")},
		{Swatch: games.Tile{Fill: games.Sky, Icon: games.IconReplay}, Text: i18n.T("wordsout.scene.key_rejouer")},
		{Swatch: games.Tile{Fill: games.Purple, Icon: games.IconLock}, Text: i18n.T("wordsout.scene.key_incontrable")},
		{Swatch: games.Tile{Fill: games.Yellow, Icon: games.IconJoker}, Text: i18n.T("wordsout.scene.key_joker")},
	}
	if trash {
		lines = append(lines, games.Line{Swatch: games.Tile{Fill: games.Black, Icon: games.IconTrash}, Text: i18n.T("wordsout.scene.key_poubelle")})
	}
	return lines
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
	// The seats, the piles, then what the table waits for or the result,
	// the turn and the result in bold: what a player looks for first.
	var lines []games.Line
	add := func(bold bool, m i18n.Msg) { lines = append(lines, games.Line{Text: m, Bold: bold}) }
	for p := 0; p < s.Players; p++ {
		key, turn := "wordsout.scene.seat", false
		if !s.Over && s.Phase != phaseCounter && p == s.Turn {
			key, turn = "wordsout.scene.seat_turn", true
		}
		add(turn, i18n.T(key, i18n.Seat(p), s.Scores[p], len(s.Hands[p])))
	}
	piles := "wordsout.scene.piles"
	if s.LastDeal {
		piles = "wordsout.scene.piles_last"
	}
	add(false, i18n.T(piles, s.Pioche.Len(), len(s.Discard), s.Deals))
	switch {
	case s.Over:
		add(true, i18n.T("wordsout.scene.over"))
		add(true, i18n.T("wordsout.scene.winner", g.Result().Victory()))
	case s.Phase == phaseCounter:
		w := s.Win
		add(true, i18n.T("wordsout.scene.window", s.word(w.Row), value(s.Rows[w.Row]), i18n.Seat(w.Caller)))
		for i, p := range w.Asked {
			key := "wordsout.scene.asked_waiting"
			if w.Answer[i] != ansWaiting {
				key = "wordsout.scene.asked_answered"
			}
			add(false, i18n.T(key, i18n.Seat(p)))
		}
	}
	sc.Blocks = append(sc.Blocks, games.Block{Lines: lines}, games.Block{Lines: legend(false), Flow: true})
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
	b := games.Block{Label: i18n.T("wordsout.scene.hand", len(h)), TileSize: 88, Lines: legend(true), Flow: true}
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
