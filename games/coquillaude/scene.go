package coquillaude

import (
	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/i18n"
)

// The picture says what the text board says with "*" and "+", in shapes and
// words as well as colours: an empty shell is sky blue with "×2" in its
// corner and a circle, an empty cell of the orange zone orange with a
// diamond (a shell of the zone stays orange, with its "×2" and circle). A
// pion is a letter on white, whatever lies under it, as in the text board:
// a covered shell no longer counts.
const (
	sceneShell = games.Circle
	sceneZone  = games.Diamond
	shellText  = "×2"
)

// cellTile draws board cell idx.
func (s *state) cellTile(idx int, last map[int]bool) games.Tile {
	r, c := idx/Size, idx%Size
	var t games.Tile
	if l := s.Board[idx]; l != '.' {
		return games.Tile{Text: string(rune(l)), Fill: games.White, Highlight: last[idx]}
	}
	switch {
	case inOrange(r, c):
		t = games.Tile{Fill: games.Orange, Mark: sceneZone}
	case isShell[idx]:
		t = games.Tile{Fill: games.Sky}
	default:
		return games.Tile{Empty: true}
	}
	if isShell[idx] {
		t.Mark, t.Corner = sceneShell, shellText
	}
	return t
}

// sceneKind names an entry in words: the picture's font has no star.
func sceneKind(kind int) i18n.Msg {
	switch kind {
	case entryStar1, entryStar2, entryStar3:
		return i18n.T("coquillaude.scene.stars", kind-entryStar1+1)
	}
	return kindMsg(kind)
}

// Scene draws what Public shows: the whole 21 x 21 board with its
// coordinates (columns A-U across, rows 1-21 down, as moves name cells),
// the placed pions, the shells and the orange zone, the word of the last
// resolution highlighted; under it the public view's lines (scores and
// pions held, the round's rolls and entries, the last resolution, the phase
// and whom the table waits for). Pions in hand and proposals of the round
// are never in it.
func (g *Game) Scene() games.Scene {
	s := g.s
	last := make(map[int]bool, len(s.LastWord))
	for _, idx := range s.LastWord {
		last[idx] = true
	}
	label := i18n.T("coquillaude.scene.board", s.Round, len(s.Bag))
	if s.Solo > 0 {
		label = i18n.T("coquillaude.scene.board_duplicate")
	}
	board := games.Block{Grid: true, Wide: true, Label: label, Note: i18n.T("coquillaude.scene.legend")}
	for r := 0; r < Size; r++ {
		row := make([]games.Tile, Size)
		for c := range row {
			row[c] = s.cellTile(r*Size+c, last)
		}
		board.Rows = append(board.Rows, row)
	}
	var note i18n.Msg
	for _, m := range g.publicView(sceneKind, true).Lines {
		if m.Key == "coquillaude.line.legend" || m.Key == "coquillaude.line.duplicate" {
			continue // the picture has its own legend, and its pions
		}
		if note.IsZero() {
			note = m
		} else {
			note = i18n.T("coquillaude.scene.lines", note, m)
		}
	}
	if s.Solo > 0 {
		// The challenge: the round's pions are everyone's, shown with
		// the board as a table's hand picture shows them.
		blocks := []games.Block{board, g.handBlock(0, "coquillaude.scene.hand_duplicate")}
		if !note.IsZero() {
			blocks = append(blocks, games.Block{Wide: true, Note: note})
		}
		return games.Scene{Blocks: blocks}
	}
	return games.Scene{Blocks: []games.Block{board, {Wide: true, Note: note}}}
}

// PrivateScene draws a seat's pions in alphabetical order, twelve to a row
// as the text view has them.
func (g *Game) PrivateScene(seat int) games.Scene {
	return games.Scene{Blocks: []games.Block{g.handBlock(seat, "coquillaude.scene.hand")}}
}

// handBlock is a seat's pions, labelled by key with their count.
func (g *Game) handBlock(seat int, key string) games.Block {
	b := games.Block{Label: i18n.T(key, 0)}
	if seat < 0 || seat >= g.s.Players {
		return b
	}
	h := sortedHand(g.s.Hands[seat])
	b.Label = i18n.T(key, len(h))
	for i := 0; i < len(h); i += 12 {
		var row []games.Tile
		for _, l := range h[i:min(len(h), i+12)] {
			row = append(row, games.Tile{Text: string(l), Fill: games.White})
		}
		b.Rows = append(b.Rows, row)
	}
	if len(b.Rows) == 0 {
		b.Rows = [][]games.Tile{{{Empty: true}}}
	}
	return b
}
