// Package escogriffe is Le Grand Escogriffe (Nova Carta, Fred Horn; German
// "Langer Lulatsch"): 2 to 8 players build a figure, head to feet, from
// cards whose joins must match, exactly as tall as the round's objective.
// The rules implemented are those of docs/games/escogriffe.md (decisions
// ES-D1..ES-D4).
package escogriffe

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/games/cards"
	"github.com/tablee/tablee/i18n"
)

// Name is the word of /play.
const Name = "escogriffe"

// WinScore ends the game at the end of a round (the sheet: "atteint ou
// dépasse 50 points").
const WinScore = 50

// Turn phases.
const (
	phaseDraw    = iota // draw (pioche / prendre) or place (poser)
	phaseDiscard        // a card was drawn: discard one (jeter)
	phaseLast           // ES-D4: the others' last chance (poser / passe)
	phaseOver           // the game is over
)

func init() { games.Register(engine{}) }

type engine struct{}

func (engine) Name() string            { return Name }
func (engine) Seats() (int, int)       { return 2, 8 }
func (engine) Options() []games.Option { return nil }
func (engine) Verbs() []string {
	return []string{"pioche", "piocher", "prendre", "jeter", "poser", "draw", "take", "discard", "place"}
}

func (engine) New(opts games.Options, players int, seed uint64) (games.Game, error) {
	if players < 2 || players > 8 {
		return nil, fmt.Errorf("escogriffe: %d players, want 2 to 8", players)
	}
	s := &state{
		Players: players,
		RNG:     cards.Rand(seed),
		Scores:  make([]int, players),
		First:   0, // the sheet's "tallest player": the table's first seat
	}
	s.startRound(nil)
	return s, nil
}

func (engine) Load(data []byte) (games.Game, error) {
	s := &state{}
	if err := json.Unmarshal(data, s); err != nil {
		return nil, fmt.Errorf("escogriffe: load: %w", err)
	}
	if err := s.check(); err != nil {
		return nil, fmt.Errorf("escogriffe: load: %w", err)
	}
	return s, nil
}

// state is the whole game; it is saved as JSON.
type state struct {
	Players   int        `json:"players"`
	RNG       cards.Rand `json:"rng"` // splitmix64: a reloaded game draws the same cards
	Round     int        `json:"round"`
	First     int        `json:"first"` // first player of the round
	Die       int        `json:"die"`
	Objective int        `json:"objective"`
	Turn      int        `json:"turn"` // seat to move
	Phase     int        `json:"phase"`
	Hands     [][]int    `json:"hands"`   // card ids by number (hand.go); dealt sorted
	Figures   [][]int    `json:"figures"` // top to bottom
	Pioche    []int      `json:"pioche"`  // face down, the next card last
	Piles     [][]int    `json:"piles"`   // face up, the top card last
	Scores    []int      `json:"scores"`
	Gained    []int      `json:"gained"` // points of the round being played
	Drawn     int        `json:"drawn"`  // card drawn this turn (discard phase)
	From      int        `json:"from"`   // 0: PIOCHE, k: discard pile k
	Forced    int        `json:"forced"` // pile k whose last card was taken, or 0
	Winner    int        `json:"winner"` // round winner during ES-D4
	Queue     []int      `json:"queue"`  // ES-D4 seats still to play
	Moves     int        `json:"moves"`  // moves applied in the game
	Turns     int        `json:"turns"`  // turns completed in the round
	Last      i18n.Msg   `json:"last"`   // the last move, in words
	Over      bool       `json:"over"`
	Champions []int      `json:"champions,omitempty"`
	// Done is the round just finished, kept so that the boards of the
	// next round's first turn around the table, and the final board, show
	// the completed figures and who completed them: the new deal replaces
	// the figures at once, and a bot's move may come before anyone looked.
	Done *roundDone `json:"done,omitempty"`
}

// roundDone is what a finished round leaves to see: its objective, and
// each figure completed (ES-D3 for the winner, ES-D4 for the others) with
// its points, in seat order from the winner. A round stopped because
// nobody could finish (blocked) has no figure.
type roundDone struct {
	Round     int          `json:"round"`
	Objective int          `json:"objective"`
	Figures   []doneFigure `json:"figures,omitempty"`
}

type doneFigure struct {
	Seat   int   `json:"seat"`
	Cards  []int `json:"cards"` // top to bottom
	Points int   `json:"points"`
}

// shownDone is the finished round the boards show, or nil: during the new
// round's first turn around the table (every seat has seen it on its
// turn), and for good once the game is over.
func (s *state) shownDone() *roundDone {
	if s.Done == nil || (!s.Over && (s.Done.Round != s.Round-1 || s.Turns >= s.Players)) {
		return nil
	}
	return s.Done
}

func (s *state) check() error {
	if s.Players < 2 || s.Players > 8 || len(s.Hands) != s.Players || len(s.Figures) != s.Players ||
		len(s.Scores) != s.Players || len(s.Gained) != s.Players || len(s.Piles) < 2 {
		return errors.New("malformed state")
	}
	seen := make([]bool, DeckSize)
	count := 0
	mark := func(ids []int, holes bool) error {
		for _, id := range ids {
			if id == hole && holes {
				continue // a hand keeps its numbers (hand.go)
			}
			if id < 0 || id >= DeckSize || seen[id] {
				return fmt.Errorf("card %d misplaced", id)
			}
			seen[id] = true
			count++
		}
		return nil
	}
	groups := [][]int{s.Pioche}
	groups = append(groups, s.Piles...)
	groups = append(groups, s.Figures...)
	for _, g := range groups {
		if err := mark(g, false); err != nil {
			return err
		}
	}
	for _, h := range s.Hands {
		if err := mark(h, true); err != nil {
			return err
		}
	}
	if count != DeckSize {
		return fmt.Errorf("%d cards, want %d", count, DeckSize)
	}
	if s.Turn < 0 || s.Turn >= s.Players {
		return errors.New("bad turn")
	}
	return nil
}

func (s *state) Save() ([]byte, error) { return json.Marshal(s) }

func (s *state) Result() games.Result {
	return games.Result{Over: s.Over, Scores: append([]int(nil), s.Scores...)}
}

func nPiles(players int) int {
	if players >= 6 {
		return 3
	}
	return 2
}

// startRound shuffles the 110 cards, rolls the die and deals.
func (s *state) startRound(ev *[]games.Event) {
	s.Round++
	pile := make(cards.Pile[int], DeckSize)
	for i := range pile {
		pile[i] = i
	}
	pile.Shuffle(&s.RNG)
	s.Die = s.RNG.Intn(8) + 1
	s.Objective = s.Die + 4
	s.Hands = make([][]int, s.Players)
	s.Figures = make([][]int, s.Players)
	s.Gained = make([]int, s.Players)
	for i := range s.Players {
		seat := (s.First + i) % s.Players
		h := pile.Draw(s.Objective)
		sortInts(h)
		s.Hands[seat] = h
		s.Figures[seat] = []int{}
	}
	s.Piles = make([][]int, nPiles(s.Players))
	for p := range s.Piles {
		s.Piles[p] = pile.Draw(1)
	}
	s.Pioche = pile
	s.Turn = s.First
	s.Phase = phaseDraw
	s.Drawn, s.From, s.Forced, s.Winner = -1, 0, 0, -1
	s.Queue = nil
	s.Turns = 0
	if ev != nil {
		*ev = append(*ev, games.Event{To: games.Everyone, Msg: i18n.T("escogriffe.ev_round",
			s.Round, i18n.Seat(s.First), s.Die, s.Objective)})
	}
}

func sortInts(a []int) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] < a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}

func (s *state) next(seat int) int { return (seat + 1) % s.Players }
