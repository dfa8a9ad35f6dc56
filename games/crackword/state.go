package crackword

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	"github.com/tablee/tablee/games/cards"
	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/internal/jsonw"
)

// Card packs a card: colour (bits 8-9), kind (bits 6-7) and a letter (bits
// 0-4: 1 for A up to 26 for Z, 0 for none). A JOKER carries its letter only
// while it lies on the table.
type Card uint16

const (
	kindLetter = 0
	kindJoker  = 1
	kindTrash  = 2
)

func mkCard(colour, kind int, letter byte) Card {
	c := Card(colour<<8 | kind<<6)
	if letter >= 'A' && letter <= 'Z' {
		c |= Card(letter - 'A' + 1)
	}
	return c
}

// Colour is the owner's seat.
func (c Card) Colour() int { return int(c>>8) & 3 }

// Kind is kindLetter, kindJoker or kindTrash.
func (c Card) Kind() int { return int(c>>6) & 3 }

// Letter is the letter shown (0 for a POUBELLE or a JOKER in hand).
func (c Card) Letter() byte {
	if l := c & 31; l > 0 {
		return byte('A' + l - 1)
	}
	return 0
}

// Bare is the card without the letter given to a JOKER: what goes back to a
// hand or a PAQUET, and what the invariants count.
func (c Card) Bare() Card {
	if c.Kind() == kindJoker {
		return c &^ 31
	}
	return c
}

func (c Card) withLetter(l byte) Card { return mkCard(c.Colour(), c.Kind(), l) }

// CW-D1: the letters of one colour's deck (46), plus 2 JOKER and 2 POUBELLE.
var deckLetters = []struct {
	l byte
	n int
}{
	{'E', 6}, {'A', 4}, {'I', 4}, {'S', 3}, {'N', 3}, {'R', 3}, {'T', 3}, {'U', 3}, {'O', 3},
	{'L', 2}, {'C', 2}, {'D', 1}, {'M', 1}, {'P', 1}, {'G', 1}, {'B', 1}, {'F', 1}, {'H', 1},
	{'V', 1}, {'J', 1}, {'Q', 1},
}

const deckSize = 50

// deck returns the 50 cards of one colour (CW-D1).
func deck(colour int) []Card {
	out := make([]Card, 0, deckSize)
	for _, dl := range deckLetters {
		for i := 0; i < dl.n; i++ {
			out = append(out, mkCard(colour, kindLetter, dl.l))
		}
	}
	for i := 0; i < 2; i++ {
		out = append(out, mkCard(colour, kindJoker, 0), mkCard(colour, kindTrash, 0))
	}
	return out
}

// piocheSize is the starting draw pile of each player (CW-D1).
func piocheSize(players int, expert bool) int {
	if expert {
		return deckSize
	}
	switch players {
	case 2:
		return 40
	case 3:
		return 30
	}
	return 25
}

const handSize = 8

// Phases of a turn.
const (
	phasePlay    = 0 // lay, POUBELLE or pass
	phaseCrack   = 1 // the player may call CRACK WORD on CrackRow
	phaseRestart = 2 // the player lays the first card of the emptied Row
)

// state is the whole game, saved as JSON. Stacks list cards bottom to top;
// a PIOCHE's top card is its last.
type state struct {
	Players  int         `json:"players"`
	Expert   bool        `json:"expert,omitempty"`
	Assisted bool        `json:"assisted,omitempty"`
	Rng      cards.Rand  `json:"rng"`
	Pioche   [][]Card    `json:"pioche"`
	Hand     [][]Card    `json:"hand"`
	Paquet   [][]Card    `json:"paquet"`
	Box      []Card      `json:"box"` // out of the game: the lid of the box
	Rows     [4][][]Card `json:"rows"`
	First    int         `json:"first"`
	Turn     int         `json:"turn"`
	Phase    int         `json:"phase,omitempty"`
	Row      int         `json:"row,omitempty"` // row of the crack or restart phase
	Out      []bool      `json:"out"`
	LastHand bool        `json:"last_hand,omitempty"`
	Over     bool        `json:"over,omitempty"`
	Moves    int         `json:"moves"`
	Setup    []i18n.Msg  `json:"setup,omitempty"`
	Last     i18n.Msg    `json:"last"`
}

func newState(players int, expert, assisted bool, seed uint64) *state {
	s := &state{
		Players: players, Expert: expert, Assisted: assisted, Rng: cards.Rand(seed),
		Pioche: make([][]Card, players), Hand: make([][]Card, players),
		Paquet: make([][]Card, players), Out: make([]bool, players),
	}
	for i := range s.Rows {
		s.Rows[i] = [][]Card{}
	}
	s.Box = []Card{}
	for p := 0; p < players; p++ {
		s.Hand[p] = []Card{}
		s.Paquet[p] = []Card{}
	}
	s.chooseFirst()
	n := piocheSize(players, expert)
	for p := 0; p < players; p++ {
		d := deck(p)
		cards.Shuffle(&s.Rng, d)
		s.Pioche[p] = append([]Card{}, d[:n]...)
		s.Box = append(s.Box, d[n:]...)
	}
	// CW-D3: starting column, beginning with the first player.
	for r, p := 0, s.First; r < 4; r, p = r+1, (p+1)%players {
		for {
			pi := s.Pioche[p]
			c := pi[len(pi)-1]
			if c.Kind() == kindLetter {
				s.Pioche[p] = pi[:len(pi)-1]
				s.Rows[r] = [][]Card{{c}}
				s.Setup = append(s.Setup, i18n.T("crackword.ev.start_card", i18n.Seat(p), cardName(c), r+1))
				break
			}
			// A JOKER or POUBELLE is shuffled back into that PIOCHE.
			s.Setup = append(s.Setup, i18n.T("crackword.ev.start_reshuffle", i18n.Seat(p), cardName(c)))
			cards.Shuffle(&s.Rng, pi)
		}
	}
	for p := 0; p < players; p++ {
		s.draw(p, handSize)
	}
	s.Turn = s.First
	return s
}

// chooseFirst is CW-D2: each contender reveals a random card of his deck
// (it stays in the deck); a JOKER or POUBELLE is revealed again; among the
// letters the one nearest to A starts, a tie is revealed again by the tied.
func (s *state) chooseFirst() {
	contenders := make([]int, s.Players)
	for i := range contenders {
		contenders[i] = i
	}
	for round := 0; ; round++ {
		best := byte('Z' + 1)
		var tied []int
		for _, p := range contenders {
			d := deck(p)
			var c Card
			for {
				c = d[s.Rng.Intn(len(d))]
				s.Setup = append(s.Setup, i18n.T("crackword.ev.reveal", i18n.Seat(p), cardName(c)))
				if c.Kind() == kindLetter {
					break
				}
			}
			switch l := c.Letter(); {
			case l < best:
				best, tied = l, []int{p}
			case l == best:
				tied = append(tied, p)
			}
		}
		if len(tied) == 1 || round == 50 {
			s.First = tied[0]
			s.Setup = append(s.Setup, i18n.T("crackword.ev.first", i18n.Seat(s.First), string(best)))
			return
		}
		contenders = tied
	}
}

// draw moves up to n cards from p's PIOCHE to his hand and returns them.
// Nobody draws after DERNIÈRE MAIN.
func (s *state) draw(p, n int) []Card {
	if s.LastHand {
		return nil
	}
	pi := cards.Pile[Card](s.Pioche[p])
	got := pi.Draw(n)
	s.Pioche[p] = pi
	s.Hand[p] = append(s.Hand[p], got...)
	return got
}

func (s *state) clone() *state {
	c := *s
	cp := func(in [][]Card) [][]Card {
		out := make([][]Card, len(in))
		for i, x := range in {
			out[i] = append(make([]Card, 0, len(x)+1), x...)
		}
		return out
	}
	c.Pioche, c.Hand, c.Paquet = cp(s.Pioche), cp(s.Hand), cp(s.Paquet)
	c.Box = append([]Card{}, s.Box...)
	for i := range s.Rows {
		c.Rows[i] = cp(s.Rows[i])
	}
	c.Out = append([]bool{}, s.Out...)
	// Setup and Last are never modified in place, only replaced.
	return &c
}

// save writes what json.Marshal writes of the state, byte for byte
// (TestSaveWritesWhatMarshalWrites), without its reflection: the state is
// saved at every move.
func (s *state) save() ([]byte, error) { return s.appendJSON(make([]byte, 0, 1024)), nil }

func (s *state) appendJSON(b []byte) []byte {
	b = strconv.AppendInt(append(b, `{"players":`...), int64(s.Players), 10)
	if s.Expert {
		b = append(b, `,"expert":true`...)
	}
	if s.Assisted {
		b = append(b, `,"assisted":true`...)
	}
	b = strconv.AppendUint(append(b, `,"rng":`...), uint64(s.Rng), 10)
	b = appendPiles(append(b, `,"pioche":`...), s.Pioche)
	b = appendPiles(append(b, `,"hand":`...), s.Hand)
	b = appendPiles(append(b, `,"paquet":`...), s.Paquet)
	b = appendCards(append(b, `,"box":`...), s.Box)
	b = jsonw.AppendArray(append(b, `,"rows":`...), s.Rows[:], appendPiles)
	b = strconv.AppendInt(append(b, `,"first":`...), int64(s.First), 10)
	b = strconv.AppendInt(append(b, `,"turn":`...), int64(s.Turn), 10)
	if s.Phase != 0 {
		b = strconv.AppendInt(append(b, `,"phase":`...), int64(s.Phase), 10)
	}
	if s.Row != 0 {
		b = strconv.AppendInt(append(b, `,"row":`...), int64(s.Row), 10)
	}
	b = jsonw.AppendArray(append(b, `,"out":`...), s.Out, strconv.AppendBool)
	if s.LastHand {
		b = append(b, `,"last_hand":true`...)
	}
	if s.Over {
		b = append(b, `,"over":true`...)
	}
	b = strconv.AppendInt(append(b, `,"moves":`...), int64(s.Moves), 10)
	if len(s.Setup) > 0 {
		b = jsonw.AppendArray(append(b, `,"setup":`...), s.Setup, appendMsg)
	}
	b = s.Last.AppendJSON(append(b, `,"last":`...))
	return append(b, '}')
}

// appendPiles writes piles of cards as json.Marshal does ([[...],...],
// null for nil).
func appendPiles(b []byte, piles [][]Card) []byte { return jsonw.AppendArray(b, piles, appendCards) }

func appendCards(b []byte, cs []Card) []byte { return jsonw.AppendArray(b, cs, appendCard) }

func appendCard(b []byte, c Card) []byte { return strconv.AppendUint(b, uint64(c), 10) }

func appendMsg(b []byte, m i18n.Msg) []byte { return m.AppendJSON(b) }

func loadState(data []byte) (*state, error) {
	s := &state{}
	if err := json.Unmarshal(data, s); err != nil {
		return nil, fmt.Errorf("crackword: load: %w", err)
	}
	n := s.Players
	if n < 2 || n > 4 || len(s.Pioche) != n || len(s.Hand) != n || len(s.Paquet) != n || len(s.Out) != n ||
		s.Turn < 0 || s.Turn >= n || s.Row < 0 || s.Row > 3 || s.Phase < 0 || s.Phase > 2 {
		return nil, errors.New("crackword: load: inconsistent state")
	}
	for r := range s.Rows {
		if s.Rows[r] == nil {
			s.Rows[r] = [][]Card{}
		}
		for _, st := range s.Rows[r] {
			if len(st) == 0 {
				return nil, errors.New("crackword: load: empty stack")
			}
		}
	}
	return s, nil
}

// cardName is a card as players say it: its letter, "JOKER (A)", "POUBELLE".
func cardName(c Card) i18n.Msg {
	switch c.Kind() {
	case kindJoker:
		if l := c.Letter(); l != 0 {
			return i18n.T("crackword.card.joker_as", string(l))
		}
		return i18n.T("crackword.card.joker")
	case kindTrash:
		return i18n.T("crackword.card.trash")
	}
	return i18n.Raw(string(c.Letter()))
}
