package crackword

import (
	"strconv"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/i18n"
)

// Each colour has a shape too, so that the picture does not rest on hue
// alone: red circle, blue square, green triangle, yellow star.
var (
	sceneFill  = [4]games.Color{games.Red, games.Blue, games.Green, games.Yellow}
	sceneShape = [4]games.Shape{games.Circle, games.Square, games.Triangle, games.Star}
)

// cardTile draws a card: its letter on its colour, "J" in the corner for a
// JOKER, and the height of a covered stack.
func cardTile(c Card, height int) games.Tile {
	t := games.Tile{Fill: sceneFill[c.Colour()], Mark: sceneShape[c.Colour()]}
	switch c.Kind() {
	case kindTrash:
		t.Text = "P"
		t.Corner = "🗑"
	default:
		if l := c.Letter(); l != 0 {
			t.Text = string(l)
		}
	}
	if c.Kind() == kindJoker {
		t.Corner = "J"
	}
	if height > 1 {
		t.Corner += "×" + strconv.Itoa(height)
	}
	return t
}

// Scene draws what Public shows: the four rows and each player's counts.
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
	var counts games.Block
	for p := 0; p < s.Players; p++ {
		key := "crackword.line.seat"
		if s.Out[p] {
			key = "crackword.line.seat_out"
		}
		line := i18n.T(key, i18n.Seat(p), "", len(s.Paquet[p]), len(s.Pioche[p]), len(s.Hand[p]))
		if counts.Note.IsZero() {
			counts.Note = line
		} else {
			counts.Note = i18n.T("crackword.scene.lines", counts.Note, line)
		}
	}
	sc.Blocks = append(sc.Blocks, counts)
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
