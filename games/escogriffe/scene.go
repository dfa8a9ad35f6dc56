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

// Card sizes, in pixels of a picture 1000 pixels wide that a phone shows
// about 380 pixels wide: a card of 96 pixels is some 36 pixels there, the
// least at which a join's shape and colour still read. Short figures get
// larger cards; a hand is cut into rows so that its cards stay large.
const (
	cardMin     = 96  // the smallest card of the picture
	cardMax     = 150 // a card of a short figure, of a hand, of a pile
	figureSpan  = 960 // the height a figure's cards share before they shrink to cardMin
	handPerRow  = 6   // 6 cards of 150 pixels fill the width
	doneCard    = 120 // the cards of a figure completed in the round just finished
	donePerRow  = 7   // 7 cards of 120 pixels fill the width
	maxColumns  = 4   // figures side by side
	sceneNoCard = "—" // an empty discard pile
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

// Scene draws what Public shows: whose turn (or the end of the game and
// its result), the figures completed in the round just finished, the
// discard piles' tops numbered as moves name them, then each player's
// figure top to bottom, side by side.
func (s *state) Scene() games.Scene {
	status := games.Block{Wide: true, Label: s.statusMsg(),
		Note: i18n.T("escogriffe.scene.info", s.Round, s.Objective, len(s.Pioche))}
	sc := games.Scene{Blocks: []games.Block{status}, Columns: min(s.Players, maxColumns)}
	sc.Blocks = append(sc.Blocks, s.doneBlocks()...)

	piles := games.Block{Wide: true, Label: i18n.T("escogriffe.scene.piles"), TileSize: cardMax}
	var tops []games.Tile
	for p, pile := range s.Piles {
		t := games.Tile{Fill: games.Cream, Text: sceneNoCard}
		if len(pile) > 0 {
			t = cardTile(pile[len(pile)-1])
		}
		t.Corner = strconv.Itoa(p + 1) // "prendre 2" takes this one
		tops = append(tops, t)
	}
	piles.Rows = [][]games.Tile{tops}
	sc.Blocks = append(sc.Blocks, piles)

	tallest := 1
	for _, f := range s.Figures {
		tallest = max(tallest, len(f))
	}
	size := min(cardMax, max(cardMin, figureSpan/tallest))
	for p := 0; p < s.Players; p++ {
		b := games.Block{Label: s.seatMsg(p), TileSize: size}
		for _, id := range s.Figures[p] {
			b.Rows = append(b.Rows, []games.Tile{cardTile(id)})
		}
		sc.Blocks = append(sc.Blocks, b)
	}
	return sc
}

// statusMsg says whose turn it is and what he does, or that the game is
// over and who won.
func (s *state) statusMsg() i18n.Msg {
	switch s.Phase {
	case phaseDiscard:
		return i18n.T("escogriffe.scene.turn_discard", i18n.Seat(s.Turn))
	case phaseLast:
		return i18n.T("escogriffe.scene.turn_last", i18n.Seat(s.waitingSeat()))
	case phaseOver:
		return s.resultMsg()
	}
	return i18n.T("escogriffe.scene.turn", i18n.Seat(s.Turn))
}

// resultMsg is "Partie terminée" and who won, in one sentence.
func (s *state) resultMsg() i18n.Msg {
	return i18n.T("escogriffe.scene.over", s.victory())
}

// victory says who won: the champion, or the champions who share the win
// with equal totals.
func (s *state) victory() i18n.Msg {
	if len(s.Champions) == 0 {
		return i18n.Msg{}
	}
	return games.Victory(s.Champions, s.Scores[s.Champions[0]])
}

// seatMsg heads a figure: the player's name, marked when the game waits
// for him, then his points and the cards he holds on a line of their own,
// so that a narrow column never cuts them in the middle.
func (s *state) seatMsg(p int) i18n.Msg {
	key := "escogriffe.scene.seat"
	if p == s.waitingSeat() {
		key = "escogriffe.scene.seat_turn"
	}
	return i18n.T(key, i18n.Seat(p), s.Scores[p], s.handSize(p), len(s.Figures[p]), s.Objective)
}

// doneBlocks draws the round just finished: each completed figure in a
// row, head on the left, with who completed it and his points (ES-D3,
// ES-D4), or that the round stopped without a winner. Once the game is
// over the figures stay in their columns: only who completed them is said.
func (s *state) doneBlocks() []games.Block {
	d := s.shownDone()
	if d == nil {
		return nil
	}
	if len(d.Figures) == 0 {
		return []games.Block{{Wide: true, Label: i18n.T("escogriffe.scene.done_blocked", d.Round)}}
	}
	var out []games.Block
	for _, f := range d.Figures {
		b := games.Block{Wide: true, TileSize: doneCard,
			Label: i18n.T("escogriffe.scene.done", d.Round, i18n.Seat(f.Seat), len(f.Cards), f.Points)}
		if s.Over {
			// No new deal: the figure still stands in its player's column.
			out = append(out, b)
			continue
		}
		for i, id := range f.Cards {
			if i%donePerRow == 0 {
				b.Rows = append(b.Rows, nil)
			}
			b.Rows[len(b.Rows)-1] = append(b.Rows[len(b.Rows)-1], cardTile(id))
		}
		out = append(out, b)
	}
	return out
}

// PrivateScene draws a seat's hand, cards numbered as moves name them, in
// rows of handPerRow large cards.
func (s *state) PrivateScene(seat int) games.Scene {
	b := games.Block{Label: i18n.T("escogriffe.scene.hand"), TileSize: cardMax}
	n := 0
	for k, id := range s.handCards(seat) {
		t := cardTile(id)
		t.Corner = strconv.Itoa(k)
		if n%handPerRow == 0 {
			b.Rows = append(b.Rows, nil)
		}
		b.Rows[len(b.Rows)-1] = append(b.Rows[len(b.Rows)-1], t)
		n++
	}
	return games.Scene{Blocks: []games.Block{b}}
}
