package wordsout

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/tablee/tablee/games/cards"
	"github.com/tablee/tablee/i18n"
)

const (
	handSize = 8
	nRows    = 4
	minWord  = 3
)

// Phases of the game.
const (
	phasePlay    = 0 // Turn lays cards on a row, plays a POUBELLE or passes
	phaseMore    = 1 // Turn's REJOUER lets him add a card to Row, or stop
	phaseCall    = 2 // Row reads a word: Turn may call WORD OUT
	phaseRestart = 3 // Turn starts the emptied Row (after a cash or a POUBELLE)
	phaseCounter = 4 // the counter window on Win.Row: several seats answer at once
)

// Answers in a counter window.
const (
	ansWaiting  = 0
	ansDeclined = 1
	ansCounter  = 2
)

// window is the counter window of WO-D6.
type window struct {
	Row    int   `json:"row"`
	Caller int   `json:"caller"` // who called the WORD OUT now on the row
	Chain  []int `json:"chain"`  // every caller of this chain, the first one first
	// Spent lists the seats that countered or declined in an earlier window
	// of this chain: each opponent has one chance per chain (WO-D6).
	Spent  []int    `json:"spent,omitempty"`
	Asked  []int    `json:"asked"`  // the seats asked, in seat order after Caller
	Answer []int    `json:"answer"` // ansWaiting, ansDeclined, ansCounter per Asked
	Cards  [][]Card `json:"cards"`  // the counter of each Asked seat (still in his hand)
}

func (w *window) clone() *window {
	if w == nil {
		return nil
	}
	c := *w
	c.Chain = append([]int{}, w.Chain...)
	c.Spent = append([]int(nil), w.Spent...)
	c.Asked = append([]int{}, w.Asked...)
	c.Answer = append([]int{}, w.Answer...)
	c.Cards = make([][]Card, len(w.Cards))
	for i, cs := range w.Cards {
		c.Cards[i] = append([]Card{}, cs...)
	}
	return &c
}

// state is the whole game, saved as JSON.
type state struct {
	Players   int              `json:"players"`
	Forgiving bool             `json:"forgiving,omitempty"`
	Rng       cards.Rand       `json:"rng"`
	Pioche    cards.Pile[Card] `json:"pioche"` // top is last
	Hands     [][]Card         `json:"hands"`
	Rows      [nRows][]Card    `json:"rows"`
	Discard   []Card           `json:"discard"` // the POUBELLE pile: out of the game
	Scores    []int            `json:"scores"`
	Dealer    int              `json:"dealer"`
	Turn      int              `json:"turn"`   // the seat acting (outside the counter window)
	Origin    int              `json:"origin"` // whose turn it was when this turn began (WO-D6 resumption)
	Phase     int              `json:"phase"`
	Row       int              `json:"row"`            // the row of this turn's cards
	Laid      []Card           `json:"laid,omitempty"` // this turn's cards on Row, for WO-D4
	Win       *window          `json:"win,omitempty"`
	LastDeal  bool             `json:"last_deal,omitempty"`
	Deals     int              `json:"deals"`
	Passes    int              `json:"passes,omitempty"` // passes in a row with an empty PIOCHE
	Moves     int              `json:"moves"`
	Over      bool             `json:"over,omitempty"`
	Setup     []i18n.Msg       `json:"setup,omitempty"`
	Last      i18n.Msg         `json:"last"`
}

// newState draws the DONNEUR and deals the first deal (WO-D2).
func newState(players int, forgiving bool, seed uint64) *state {
	s := &state{
		Players: players, Forgiving: forgiving, Rng: cards.Rand(seed),
		Hands: make([][]Card, players), Scores: make([]int, players), Discard: []Card{},
	}
	for p := range s.Hands {
		s.Hands[p] = []Card{}
	}
	for r := range s.Rows {
		s.Rows[r] = []Card{}
	}
	for i := 0; i < sets(players); i++ {
		s.Pioche.Push(deck()...)
	}
	s.chooseDealer()
	// The dealer shuffles and deals 8 cards to each, starting at his left.
	s.Pioche.Shuffle(&s.Rng)
	cards.Deal(&s.Pioche, s.Hands, (s.Dealer+1)%players, handSize)
	s.Deals = 1
	// Then turns up 4 cards as the starts of the rows; a JOKER or a
	// POUBELLE goes back into the deck and is replaced.
	for r := range s.Rows {
		for {
			c := s.Pioche.Draw(1)[0]
			if c.Kind() == kindJoker || c.Kind() == kindPoubelle {
				s.Setup = append(s.Setup, i18n.T("wordsout.ev.start_back", cardName(c), r+1))
				s.Pioche.Insert(&s.Rng, c)
				continue
			}
			s.Rows[r] = []Card{c}
			break
		}
	}
	s.Setup = append(s.Setup, i18n.T("wordsout.ev.dealt", i18n.Seat(s.Dealer), handSize, s.Pioche.Len()))
	s.Turn = (s.Dealer + 1) % players
	s.Origin = s.Turn
	return s
}

// chooseDealer is WO-D2: each player draws a card from the shuffled deck;
// the letter nearest to Z deals; a JOKER or a POUBELLE draws again, and so
// do the tied players. The cards drawn go back before the deal's shuffle.
func (s *state) chooseDealer() {
	contenders := make([]int, s.Players)
	for i := range contenders {
		contenders[i] = i
	}
	// The cards are drawn from the shuffled deck and put back before the
	// dealer shuffles it for the deal.
	s.Pioche.Shuffle(&s.Rng)
	all, next := []Card(s.Pioche), 0
	draw := func() Card {
		if next == len(all) {
			cards.Shuffle(&s.Rng, all)
			next = 0
		}
		next++
		return all[next-1]
	}
	for round := 0; ; round++ {
		best := byte(0)
		var tied []int
		for _, p := range contenders {
			var c Card
			for {
				c = draw()
				s.Setup = append(s.Setup, i18n.T("wordsout.ev.reveal", i18n.Seat(p), cardName(c)))
				if c.Letter() != 0 {
					break
				}
			}
			switch l := c.Letter(); {
			case l > best:
				best, tied = l, []int{p}
			case l == best:
				tied = append(tied, p)
			}
		}
		if len(tied) == 1 || round == 50 {
			s.Dealer = tied[0]
			s.Setup = append(s.Setup, i18n.T("wordsout.ev.dealer", i18n.Seat(s.Dealer), string(best)))
			return
		}
		contenders = tied
	}
}

func (s *state) clone() *state {
	c := *s
	c.Pioche = append(cards.Pile[Card]{}, s.Pioche...)
	c.Hands = make([][]Card, len(s.Hands))
	for i, h := range s.Hands {
		c.Hands[i] = append(make([]Card, 0, len(h)+2), h...)
	}
	for r := range s.Rows {
		c.Rows[r] = append(make([]Card, 0, len(s.Rows[r])+4), s.Rows[r]...)
	}
	c.Discard = append([]Card{}, s.Discard...)
	c.Scores = append([]int{}, s.Scores...)
	c.Laid = append([]Card(nil), s.Laid...)
	c.Win = s.Win.clone()
	// Setup and Last are never modified in place, only replaced.
	return &c
}

func (s *state) save() ([]byte, error) { return json.Marshal(s) }

func loadState(data []byte) (*state, error) {
	s := &state{}
	if err := json.Unmarshal(data, s); err != nil {
		return nil, fmt.Errorf("wordsout: load: %w", err)
	}
	n := s.Players
	bad := n < 2 || n > 8 || len(s.Hands) != n || len(s.Scores) != n ||
		s.Turn < 0 || s.Turn >= n || s.Origin < 0 || s.Origin >= n || s.Dealer < 0 || s.Dealer >= n ||
		s.Row < 0 || s.Row >= nRows || s.Phase < phasePlay || s.Phase > phaseCounter ||
		(s.Phase == phaseCounter) != (s.Win != nil)
	if !bad && s.Win != nil {
		w := s.Win
		bad = w.Row < 0 || w.Row >= nRows || w.Caller < 0 || w.Caller >= n ||
			len(w.Answer) != len(w.Asked) || len(w.Cards) != len(w.Asked)
		for _, p := range append(append(append([]int{}, w.Asked...), w.Chain...), w.Spent...) {
			bad = bad || p < 0 || p >= n
		}
	}
	if bad {
		return nil, errors.New("wordsout: load: inconsistent state")
	}
	for p := range s.Hands {
		if s.Hands[p] == nil {
			s.Hands[p] = []Card{}
		}
	}
	for r := range s.Rows {
		if s.Rows[r] == nil {
			s.Rows[r] = []Card{}
		}
	}
	if s.Discard == nil {
		s.Discard = []Card{}
	}
	return s, nil
}
