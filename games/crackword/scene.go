package crackword

import (
	"strconv"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/i18n"
)

// Each colour has a shape too, so that the picture does not rest on hue
// alone: red circle, blue square, green triangle, yellow diamond (not a
// star: a star is a JOKER). The board's key says which is whose.
var (
	sceneFill  = [4]games.Color{games.Red, games.Blue, games.Green, games.Yellow}
	sceneShape = [4]games.Shape{games.Circle, games.Square, games.Triangle, games.Diamond}
)

// cardTile draws a card: its letter on its colour, a star for a JOKER (in
// the corner once it has its letter, CW-D4), a bin for a POUBELLE, and the
// height of a covered stack.
func cardTile(c Card, height int) games.Tile {
	t := games.Tile{Fill: sceneFill[c.Colour()], Mark: sceneShape[c.Colour()]}
	switch c.Kind() {
	case kindTrash:
		t.Icon = games.IconTrash
	case kindJoker:
		t.Icon = games.IconJoker
	}
	if l := c.Letter(); l != 0 && c.Kind() != kindTrash {
		t.Text = string(l)
	}
	if height > 1 {
		t.Corner = "×" + strconv.Itoa(height)
	}
	return t
}

// seatSwatch is a player's colour and shape, leading his line of the key.
func seatSwatch(p int) games.Tile {
	return games.Tile{Fill: sceneFill[p], Mark: sceneShape[p]}
}

// Scene draws what Public shows: the four rows, then the key (each
// player's colour and shape with his counts, whose turn it is), and what
// the table waits for, or that the game is over and who won.
func (g *Game) Scene() games.Scene {
	s := g.s
	var sc games.Scene
	for r, row := range s.Rows {
		b := games.Block{Label: i18n.T("crackword.scene.row", r+1)}
		var tiles []games.Tile
		for _, st := range row {
			tiles = append(tiles, cardTile(st[len(st)-1], len(st)))
		}
		if len(tiles) == 0 {
			tiles = []games.Tile{{Empty: true}}
		}
		b.Rows = [][]games.Tile{tiles}
		sc.Blocks = append(sc.Blocks, b)
	}
	var key games.Block
	res := g.Result()
	won := map[int]bool{}
	if s.Over {
		for _, p := range res.Winners() {
			won[p] = true
		}
	}
	for p := 0; p < s.Players; p++ {
		// Bold: whose turn it is, or, once the game is over, whose
		// colours won (the line that says it names them all).
		k, bold := "crackword.scene.seat", won[p]
		switch {
		case s.Out[p]:
			k = "crackword.scene.seat_out"
		case !s.Over && p == s.Turn:
			k, bold = "crackword.scene.seat_turn", true
		}
		key.Lines = append(key.Lines, games.Line{Swatch: seatSwatch(p), Bold: bold,
			Text: i18n.T(k, i18n.Seat(p), len(s.Paquet[p]), len(s.Pioche[p]), len(s.Hand[p]))})
	}
	if s.LastHand && !s.Over {
		key.Lines = append(key.Lines, games.Line{Text: i18n.T("crackword.line.last_hand")})
	}
	status := func(m i18n.Msg) { key.Lines = append(key.Lines, games.Line{Text: m, Bold: true}) }
	switch {
	case s.Over:
		status(i18n.T("crackword.line.over"))
		// One winner's line is led by his colour; a shared win is one
		// sentence, led by no one colour.
		line := games.Line{Bold: true, Text: i18n.T("crackword.scene.winner", res.Victory())}
		if w := res.Winners(); len(w) == 1 {
			line.Swatch = seatSwatch(w[0])
		}
		key.Lines = append(key.Lines, line)
	case s.Phase == phaseCrack:
		status(i18n.T("crackword.line.turn_crack", i18n.Seat(s.Turn), s.word(s.Row), s.Row+1))
	case s.Phase == phaseRestart:
		status(i18n.T("crackword.line.turn_restart", i18n.Seat(s.Turn), s.Row+1))
	default:
		status(i18n.T("crackword.scene.turn", i18n.Seat(s.Turn)))
	}
	sc.Blocks = append(sc.Blocks, key)
	return sc
}

// PrivateScene draws a seat's hand.
func (g *Game) PrivateScene(seat int) games.Scene {
	var tiles []games.Tile
	for _, c := range sortedHand(g.s.Hand[seat]) {
		tiles = append(tiles, cardTile(c, 1))
	}
	return games.Scene{Blocks: []games.Block{{Label: i18n.T("crackword.scene.hand"), Rows: [][]games.Tile{tiles}}}}
}
