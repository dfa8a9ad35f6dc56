package crackword

import (
	"strconv"
	"strings"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/i18n"
)

// turn is one move being played: the state it changes and what it tells.
type turn struct {
	s *state
	games.Told
}

func (s *state) apply(d Dict, seat int, text string) ([]games.Event, error) {
	if s.Over {
		return nil, games.Refuse("crackword.err.game_over")
	}
	if seat < 0 || seat >= s.Players || seat != s.Turn {
		return nil, games.Refuse("crackword.err.not_your_turn", i18n.Seat(s.Turn))
	}
	if len(text) > 200 {
		return nil, games.Refuse("crackword.err.syntax", string([]rune(text)[:40])+"…")
	}
	m, err := parseMove(text)
	if err != nil {
		return nil, err
	}
	t := &turn{s: s, Told: games.Told{Last: &s.Last}}
	switch s.Phase {
	case phaseCrack:
		switch m.kind {
		case mvCrack:
			s.crack(t, d, seat, s.Row)
		case mvPass:
			t.Public("crackword.ev.crack_declined", i18n.Seat(seat))
			s.endOfTurn(t, seat)
		default:
			return nil, games.Refuse("crackword.err.crack_phase")
		}
	case phaseRestart:
		switch {
		case m.kind == mvCard && m.rowGiven && m.row != s.Row:
			// "relance la rangée 1 avec E" while row 2 waits.
			return nil, games.Refuse("crackword.err.restart_card", s.Row+1)
		case m.kind == mvCard,
			// A lay typed at an end of the emptied row is the restart: a
			// lone letter needs no example, one given is not needed.
			m.kind == mvLay && m.row == s.Row && m.side != sideOn && !m.crack:
			if err := s.restart(t, seat, m); err != nil {
				return nil, err
			}
		case m.kind == mvPass:
			// CW-D6, CW-D7: the player lays a card on the emptied row; only
			// a hand with no card to lay leaves it empty (see toRestart).
			return nil, games.Refuse("crackword.err.restart_no_pass", s.Row+1)
		case m.kind == mvTrash:
			return nil, games.Refuse("crackword.err.trash_restart")
		default:
			return nil, games.Refuse("crackword.err.restart_card", s.Row+1)
		}
	default:
		switch m.kind {
		case mvLay:
			if err := s.lay(t, d, seat, m); err != nil {
				return nil, err
			}
		case mvTrash:
			if err := s.trash(t, seat, m.row); err != nil {
				return nil, err
			}
		case mvPass:
			s.pass(t, seat)
		case mvCrack:
			return nil, games.Refuse("crackword.err.crack_lay_first")
		default: // a bare card outside a restart
			return nil, games.Refuse("crackword.err.where", string(m.letter))
		}
	}
	s.Moves++
	return t.Events, nil
}

// takeFromHand removes and returns a card of the kind (and letter for a
// letter card) from seat's hand.
func (s *state) takeFromHand(seat int, joker bool, letter byte) (Card, bool) {
	h := s.Hand[seat]
	for i, c := range h {
		if (joker && c.Kind() == kindJoker) || (!joker && c.Kind() == kindLetter && c.Letter() == letter) {
			s.Hand[seat] = append(h[:i], h[i+1:]...)
			return c, true
		}
	}
	return 0, false
}

func (s *state) hasInHand(seat, kind int) bool {
	for _, c := range s.Hand[seat] {
		if c.Kind() == kind {
			return true
		}
	}
	return false
}

// word is the row read left to right: the top letters.
func (s *state) word(r int) string {
	var b strings.Builder
	for _, st := range s.Rows[r] {
		b.WriteByte(st[len(st)-1].Letter())
	}
	return b.String()
}

// placed is the row's sequence after laying letter l at side/pos.
func placed(w string, side int, l byte) string {
	switch side {
	case sideLeft:
		return string(l) + w
	case sideRight:
		return w + string(l)
	}
	return w
}

func sideMsg(side, pos int) i18n.Msg {
	switch side {
	case sideLeft:
		return i18n.T("crackword.side.left")
	case sideRight:
		return i18n.T("crackword.side.right")
	}
	return i18n.T("crackword.side.on", pos+1)
}

// checkPlace validates the placement of letter l (structure only).
func (s *state) checkPlace(m move) error {
	row := s.Rows[m.row]
	if m.side == sideOn {
		if m.pos >= len(row) {
			return games.Refuse("crackword.err.no_position", m.row+1, m.pos+1)
		}
		st := row[m.pos]
		if top := st[len(st)-1].Letter(); top != m.letter {
			return games.Refuse("crackword.err.not_same_letter", string(m.letter), string(top), m.row+1, m.pos+1)
		}
	}
	return nil
}

func (s *state) lay(t *turn, d Dict, seat int, m move) error {
	if err := s.checkPlace(m); err != nil {
		return err
	}
	c, ok := s.takeFromHand(seat, m.joker, m.letter)
	if !ok {
		if m.joker {
			return games.Refuse("crackword.err.not_in_hand", i18n.T("crackword.card.joker"))
		}
		return games.Refuse("crackword.err.not_in_hand", string(m.letter))
	}
	c = c.withLetter(m.letter)
	old := s.word(m.row)
	nw := placed(old, m.side, m.letter)
	row := withCard(s.Rows[m.row], m.side, m.pos, c)
	if m.crack {
		// A call that cannot succeed is refused before anything else, with
		// its reason, so that a typo does not cost the card (CW-D7).
		if ok, why := s.crackable(d, m.row, seat, row); !ok {
			return why
		}
	}
	example := ""
	switch {
	case len(nw) == 1:
		// A lone letter needs no example (every letter is in some word).
	case s.Assisted:
		ex, ok := shownExample(d, nw)
		if !ok {
			return games.Refuse("crackword.err.impossible", nw)
		}
		example = ex
	case m.example == "" && d.Has(nw):
		// A row that reads a word is its own example (CW-D5): "E droite 1
		// crack" needs no other word.
		example = nw
	case m.example == "":
		// No word is suggested: it would be the answer (hints are a table
		// setting); the player's own move is quoted, to be completed.
		return games.Refuse("crackword.err.no_example", m.typed, nw)
	default:
		f, ok := d.Fold(m.example)
		var why i18n.Msg
		switch {
		case !ok || !d.Has(f):
			why = i18n.T("crackword.why.not_word", m.example)
		case !strings.Contains(f, nw):
			why = i18n.T("crackword.why.not_contain", f, nw)
		}
		if !why.IsZero() {
			// CW-D5: the card goes back to the hand, he draws one card,
			// his turn ends.
			s.Hand[seat] = append(s.Hand[seat], c.Bare())
			t.Public("crackword.ev.lay_failed", i18n.Seat(seat), cardName(c), sideMsg(m.side, m.pos), m.row+1, show(old), nw, why)
			s.drawFor(t, seat, 1)
			s.advance(t)
			return nil
		}
		example = f
	}
	s.Rows[m.row] = row
	switch {
	case old == "":
		t.Public("crackword.ev.lay_start", i18n.Seat(seat), cardName(c), m.row+1)
	case example == "":
		// A card laid on the lone card of a row (CW-D4): a one-letter row
		// again, which needs no example, but was no empty row.
		t.Public("crackword.ev.lay_single", i18n.Seat(seat), cardName(c), sideMsg(m.side, m.pos), m.row+1, show(old), nw)
	default:
		t.Public("crackword.ev.lay", i18n.Seat(seat), cardName(c), sideMsg(m.side, m.pos), m.row+1, show(old), nw, example)
	}
	// CW-D8: the last card of the hand brings a new hand at once.
	if len(s.Hand[seat]) == 0 {
		s.newHand(t, seat)
	}
	can, _ := s.crackable(d, m.row, seat, row)
	switch {
	case can && m.crack:
		s.crack(t, d, seat, m.row)
	case can:
		// CW-D7: his choice, on that turn: a follow-up step.
		s.Phase, s.Row = phaseCrack, m.row
		t.Public("crackword.ev.crack_offer", i18n.Seat(seat), nw, m.row+1)
	default:
		s.endOfTurn(t, seat)
	}
	return nil
}

// withCard is row with c laid at side (on stack pos for sideOn), as a new
// slice: the row itself is untouched until the lay is accepted.
func withCard(row [][]Card, side, pos int, c Card) [][]Card {
	out := make([][]Card, 0, len(row)+1)
	switch side {
	case sideLeft:
		out = append(append(out, []Card{c}), row...)
	case sideRight:
		out = append(append(out, row...), []Card{c})
	default:
		out = append(out, row...)
		out[pos] = append(row[pos][:len(row[pos]):len(row[pos])], c)
	}
	return out
}

func show(w string) string {
	if w == "" {
		return "∅"
	}
	return w
}

// newHand is CW-D8: a new hand of 8 (fewer if fewer remain).
func (s *state) newHand(t *turn, seat int) {
	if got := s.drawFor(t, seat, handSize); len(got) > 0 {
		t.Public("crackword.ev.new_hand", i18n.Seat(seat), len(got))
	}
}

// drawFor draws for seat and declares DERNIÈRE MAIN when the draw took the
// very last card of his PIOCHE (CW-D9).
func (s *state) drawFor(t *turn, seat, n int) []Card {
	got := s.draw(seat, n)
	if len(got) == 0 {
		return got
	}
	t.Private(seat, "crackword.pv.drew", cardsText(got))
	if len(s.Pioche[seat]) > 0 {
		return got
	}
	t.Public("crackword.ev.last_hand", i18n.Seat(seat), len(got))
	for i := 1; i < s.Players; i++ {
		q := (seat + i) % s.Players
		if more := s.draw(q, len(got)); len(more) > 0 {
			t.Private(q, "crackword.pv.drew", cardsText(more))
			t.Public("crackword.ev.last_draw", i18n.Seat(q), len(more))
		}
	}
	for q := range s.Pioche {
		s.Box = append(s.Box, s.Pioche[q]...)
		s.Pioche[q] = s.Pioche[q][:0]
	}
	s.LastHand = true
	return got
}

func cardsText(cs []Card) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = cardGlyph(c)
	}
	return strings.Join(parts, " ")
}

// cardGlyph is the neutral short form of a card: its letter, ★ for a JOKER
// (★A once given A), 🗑 for a POUBELLE.
func cardGlyph(c Card) string {
	switch c.Kind() {
	case kindJoker:
		if l := c.Letter(); l != 0 {
			return "★" + string(l)
		}
		return "★"
	case kindTrash:
		return "🗑"
	}
	return string(c.Letter())
}

// majority counts the colours of the top cards (a JOKER counts 2 for its
// owner's colour) and tells whether seat's colour beats every other (CW-D7).
func majority(row [][]Card, seat int) (bool, [4]int) {
	var n [4]int
	for _, st := range row {
		c := st[len(st)-1]
		if c.Kind() == kindJoker {
			n[c.Colour()] += 2
		} else {
			n[c.Colour()]++
		}
	}
	if seat < 0 || seat > 3 {
		return false, n
	}
	for col, v := range n {
		if col != seat && v >= n[seat] {
			return false, n
		}
	}
	return true, n
}

// crackable checks CW-D7 for seat on row r (given as its stacks) and says
// why not.
func (s *state) crackable(d Dict, r, seat int, row [][]Card) (bool, error) {
	var b strings.Builder
	for _, st := range row {
		b.WriteByte(st[len(st)-1].Letter())
	}
	w := b.String()
	if len(w) < 3 {
		return false, games.Refuse("crackword.err.crack_short", w, len(w))
	}
	if !d.Has(w) {
		return false, games.Refuse("crackword.err.crack_not_word", w)
	}
	if ok, n := majority(row, seat); !ok {
		return false, games.Refuse("crackword.err.crack_no_majority", w, countsText(n, s.Players))
	}
	return true, nil
}

var colourSquares = [4]string{"🟥", "🟦", "🟩", "🟨"}

func countsText(n [4]int, players int) string {
	parts := make([]string, 0, players)
	for i := 0; i < players; i++ {
		parts = append(parts, colourSquares[i]+" "+itoa(n[i]))
	}
	return strings.Join(parts, ", ")
}

func itoa(n int) string { return strconv.Itoa(n) }

// crack is CW-D7: the whole row, covered cards included, goes to seat's
// PAQUET; then he restarts the row.
func (s *state) crack(t *turn, d Dict, seat, r int) {
	w := s.word(r)
	n := 0
	for _, st := range s.Rows[r] {
		for _, c := range st {
			s.Paquet[seat] = append(s.Paquet[seat], c.Bare())
			n++
		}
	}
	s.Rows[r] = [][]Card{}
	t.Public("crackword.ev.crack", i18n.Seat(seat), w, r+1, n)
	s.toRestart(t, seat, r)
}

// toRestart asks seat for the card that restarts the emptied row r: he must
// lay one (CW-D6, CW-D7). An empty hand first draws a new one (CW-D8); still
// empty, the game ends (CW-D10 case 1). A hand of POUBELLEs only has no
// card that may start a row, so the row stays empty as with an empty hand.
func (s *state) toRestart(t *turn, seat, r int) {
	if len(s.Hand[seat]) == 0 {
		s.newHand(t, seat)
	}
	if len(s.Hand[seat]) == 0 {
		s.endCase1(t, seat)
		return
	}
	if !s.hasInHand(seat, kindLetter) && !s.hasInHand(seat, kindJoker) {
		t.Public("crackword.ev.restart_empty", i18n.Seat(seat), r+1)
		s.advance(t)
		return
	}
	s.Phase, s.Row = phaseRestart, r
}

func (s *state) restart(t *turn, seat int, m move) error {
	c, ok := s.takeFromHand(seat, m.joker, m.letter)
	if !ok {
		if m.joker {
			return games.Refuse("crackword.err.not_in_hand", i18n.T("crackword.card.joker"))
		}
		return games.Refuse("crackword.err.not_in_hand", string(m.letter))
	}
	c = c.withLetter(m.letter)
	s.Rows[s.Row] = [][]Card{{c}}
	t.Public("crackword.ev.restart", i18n.Seat(seat), s.Row+1, cardName(c))
	if len(s.Hand[seat]) == 0 {
		s.newHand(t, seat)
	}
	s.endOfTurn(t, seat)
	return nil
}

// endOfTurn ends the game when seat has no card left and nothing to draw
// (CW-D10 case 1), else passes the turn.
func (s *state) endOfTurn(t *turn, seat int) {
	if len(s.Hand[seat]) == 0 && len(s.Pioche[seat]) == 0 {
		s.endCase1(t, seat)
		return
	}
	s.advance(t)
}

// trash is CW-D6: every card of the row goes back to its owner's hand, the
// POUBELLE to the player's PAQUET, then he restarts the row.
func (s *state) trash(t *turn, seat, r int) error {
	if len(s.Rows[r]) == 0 {
		return games.Refuse("crackword.err.trash_empty", r+1)
	}
	var pb Card
	h := s.Hand[seat]
	found := false
	for i, c := range h {
		if c.Kind() == kindTrash {
			pb, found = c, true
			s.Hand[seat] = append(h[:i], h[i+1:]...)
			break
		}
	}
	if !found {
		return games.Refuse("crackword.err.not_in_hand", i18n.T("crackword.card.trash"))
	}
	w := s.word(r)
	for _, st := range s.Rows[r] {
		for _, c := range st {
			s.Hand[c.Colour()] = append(s.Hand[c.Colour()], c.Bare())
		}
	}
	s.Rows[r] = [][]Card{}
	s.Paquet[seat] = append(s.Paquet[seat], pb)
	t.Public("crackword.ev.trash", i18n.Seat(seat), r+1, w)
	s.toRestart(t, seat, r)
	return nil
}

// pass draws one card; after DERNIÈRE MAIN it puts the player out (CW-D9).
func (s *state) pass(t *turn, seat int) {
	if s.LastHand {
		s.Out[seat] = true
		t.Public("crackword.ev.out", i18n.Seat(seat))
		s.advance(t)
		return
	}
	if len(s.Pioche[seat]) == 0 {
		t.Public("crackword.ev.pass_nodraw", i18n.Seat(seat))
	} else {
		t.Public("crackword.ev.pass", i18n.Seat(seat))
	}
	s.drawFor(t, seat, 1)
	s.advance(t)
}

// advance gives the turn to the next player still in; with everybody out
// the game ends (CW-D10 case 2).
func (s *state) advance(t *turn) {
	s.Phase, s.Row = phasePlay, 0
	for i := 1; i <= s.Players; i++ {
		q := (s.Turn + i) % s.Players
		if !s.Out[q] {
			s.Turn = q
			return
		}
	}
	s.endCase2(t)
}

// endCase1 is CW-D10 case 1: seat takes every card of his colour still on
// the table, covered ones included, and the game ends.
func (s *state) endCase1(t *turn, seat int) {
	n := 0
	for r := range s.Rows {
		var row [][]Card
		for _, st := range s.Rows[r] {
			var keep []Card
			for _, c := range st {
				if c.Colour() == seat {
					s.Paquet[seat] = append(s.Paquet[seat], c.Bare())
					n++
				} else {
					keep = append(keep, c)
				}
			}
			if len(keep) > 0 {
				row = append(row, keep)
			}
		}
		if row == nil {
			row = [][]Card{}
		}
		s.Rows[r] = row
	}
	t.Public("crackword.ev.end1", i18n.Seat(seat), n)
	s.finish(t)
}

// endCase2 is CW-D10 case 2: each removes from his PAQUET as many cards as
// he holds letters (never below 0), and the game ends. The revised rule
// follows the sheet ("autant de cartes que de lettres en main"): a letter
// or a JOKER counts one, a POUBELLE is no letter.
func (s *state) endCase2(t *turn) {
	t.Public("crackword.ev.end2")
	for p := 0; p < s.Players; p++ {
		k := 0
		for _, c := range s.Hand[p] {
			if c.Kind() != kindTrash {
				k++
			}
		}
		if k > len(s.Paquet[p]) {
			k = len(s.Paquet[p])
		}
		if k > 0 {
			cut := len(s.Paquet[p]) - k
			s.Box = append(s.Box, s.Paquet[p][cut:]...)
			s.Paquet[p] = s.Paquet[p][:cut]
			t.Public("crackword.ev.penalty", i18n.Seat(p), k)
		}
	}
	s.finish(t)
}

func (s *state) finish(t *turn) {
	s.Over = true
	s.Phase, s.Row = phasePlay, 0
	// The scores, not the winner: the board of a finished game names the
	// winner, and it is shown with these events.
	for p := 0; p < s.Players; p++ {
		t.Public("crackword.ev.score", i18n.Seat(p), len(s.Paquet[p]))
	}
}
