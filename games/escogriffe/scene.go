package escogriffe

import (
	"strconv"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/i18n"
)

// A join keeps its shape and colour in the picture: colour for the eye,
// shape for everyone (ES-D1).
var (
	sceneColour = [nColours]games.Color{games.Red, games.Blue, games.Green, games.Yellow}
	sceneShape  = [nShapes]games.Shape{games.Circle, games.Square, games.Triangle, games.Star}
)

func sceneJoin(j int) *games.Join {
	if j == NoJoin {
		return nil
	}
	return &games.Join{Shape: sceneShape[j/nColours], Color: sceneColour[j%nColours]}
}

// cardTile draws a card with its joins on its edges: a face on a HEAD, a
// foot mark on FEET, an orange background on a STRETCH card; a lying card
// lies (ES-D1, revised).
func cardTile(id int) games.Tile {
	c := Deck[id]
	t := games.Tile{Fill: games.White, Top: sceneJoin(c.Top), Bottom: sceneJoin(c.Bottom), Lying: !c.Standing}
	switch c.Kind {
	case Head:
		t.Text = "☺"
	case Feet:
		t.Text = "▼"
	case Stretch:
		t.Fill = games.Orange
	}
	return t
}

// Scene draws what Public shows: the discard piles' tops on a line of
// their own, then each player's figure top to bottom, four side by side.
func (s *state) Scene() games.Scene {
	piles := games.Block{Wide: true, Label: i18n.T("escogriffe.scene.piles"), Note: i18n.T("escogriffe.scene.info", s.Objective, len(s.Pioche))}
	var tops []games.Tile
	for _, p := range s.Piles {
		if len(p) == 0 {
			tops = append(tops, games.Tile{Empty: true})
			continue
		}
		tops = append(tops, cardTile(p[len(p)-1]))
	}
	piles.Rows = [][]games.Tile{tops}
	sc := games.Scene{Blocks: []games.Block{piles}, Columns: min(s.Players, 4)}
	for p := 0; p < s.Players; p++ {
		b := games.Block{Label: i18n.T("escogriffe.scene.seat", i18n.Seat(p), s.Scores[p], s.handSize(p)), TileSize: 56}
		for _, id := range s.Figures[p] {
			b.Rows = append(b.Rows, []games.Tile{cardTile(id)})
		}
		if len(b.Rows) == 0 {
			b.Rows = [][]games.Tile{{{Empty: true}}}
		}
		sc.Blocks = append(sc.Blocks, b)
	}
	return sc
}

// PrivateScene draws a seat's hand, cards numbered as moves name them.
func (s *state) PrivateScene(seat int) games.Scene {
	var tiles []games.Tile
	for k, id := range s.handCards(seat) {
		t := cardTile(id)
		t.Corner = strconv.Itoa(k)
		tiles = append(tiles, t)
	}
	return games.Scene{Blocks: []games.Block{{Label: i18n.T("escogriffe.scene.hand"), Rows: [][]games.Tile{tiles}, TileSize: 80}}}
}
