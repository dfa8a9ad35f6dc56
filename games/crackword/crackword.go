// Package crackword is the engine of Crack Word (Yaqua 2023), as specified by
// its rules page (decisions CW-D1..CW-D10, see docs/games/crackword.md) and
// the publisher's sheet. Four rows of letters are built one card per turn;
// the first player to complete a word of at least 3 letters where his colour
// has the majority of the top cards takes all of the row's cards as points.
//
// The engine is pure: the random source is a splitmix64 state saved with the
// game, the dictionary is injected through the Dict interface (the registered
// engine uses the French lexicon of games/lexicon).
package crackword

import (
	"fmt"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/i18n"
)

// Dict is what the engine asks of a dictionary. Words and infixes are folded
// A-Z uppercase without accents; a mask has bit 0 for A up to bit 25 for Z.
type Dict interface {
	// Has tells whether w is a word.
	Has(w string) bool
	// HasInfix tells whether some word contains s as consecutive letters.
	HasInfix(s string) bool
	// Example returns one word containing s, if any: the shortest.
	Example(s string) (string, bool)
	// Familiar returns the most familiar word containing s and its rank
	// (lexicon.Familiarity: 1 for the most used word), or "", 0 when no
	// familiar word contains s.
	Familiar(s string) (string, int)
	// Rank is the familiarity of the word w (0: few people know it).
	Rank(w string) int
	// ExtendLeft is the set of letters c such that c+s is an infix.
	ExtendLeft(s string) uint32
	// ExtendRight is the set of letters c such that s+c is an infix.
	ExtendRight(s string) uint32
	// Fold turns a typed word into the dictionary's form (false if it
	// holds anything but letters).
	Fold(s string) (string, bool)
}

// Engine makes and loads Crack Word games.
type Engine struct {
	dict func() Dict
}

// NewEngine returns an engine using the dictionary d (tests use small lists).
func NewEngine(d Dict) *Engine { return &Engine{dict: func() Dict { return d }} }

// Name is the word of /play.
func (e *Engine) Name() string { return "crackword" }

// Seats: 2 to 4 players, one colour each.
func (e *Engine) Seats() (int, int) { return 2, 4 }

// Verbs are the slash commands the bot forwards as moves.
func (e *Engine) Verbs() []string { return []string{"crack", "poubelle", "trash"} }

// Options are the house options of the sheet.
func (e *Engine) Options() []games.Option {
	return []games.Option{
		{Name: "expert", Values: []string{"off", "on"}, Default: "off", Help: i18n.T("crackword.opt.expert")},
		{Name: "assisted", Values: []string{"off", "on"}, Default: "off", Help: i18n.T("crackword.opt.assisted")},
	}
}

// New deals a new game.
func (e *Engine) New(opts games.Options, players int, seed uint64) (games.Game, error) {
	if players < 2 || players > 4 {
		return nil, fmt.Errorf("crackword: %d players, want 2 to 4", players)
	}
	s := newState(players, opts.On("expert"), opts.On("assisted"), seed)
	return &Game{s: s, dict: e.dict()}, nil
}

// Load restores a saved game.
func (e *Engine) Load(data []byte) (games.Game, error) {
	s, err := loadState(data)
	if err != nil {
		return nil, err
	}
	return &Game{s: s, dict: e.dict()}, nil
}

// Game is one game in progress.
type Game struct {
	s    *state
	dict Dict
	memo botMemo
}

// Apply validates and plays a move. A refused move leaves the game as it was:
// the move is played on a copy that replaces the state only on success.
func (g *Game) Apply(seat int, move string) ([]games.Event, error) {
	return games.ApplyOnCopy(&g.s, g.s.clone(), func(ns *state) ([]games.Event, error) {
		return ns.apply(g.dict, seat, move)
	}, "crackword.err.syntax", move)
}

// SetupEvents tells how the game was set up (CW-D2 first player reveal and
// CW-D3 starting column); the contract's New returns no events, so the
// public view also shows them until the first move.
func (g *Game) SetupEvents() []games.Event { return games.ToEveryone(g.s.Setup) }

// Save encodes the whole state.
func (g *Game) Save() ([]byte, error) { return g.s.save() }

// Result: scores are the PAQUET sizes.
func (g *Game) Result() games.Result {
	sc := make([]int, g.s.Players)
	for i := range sc {
		sc[i] = len(g.s.Paquet[i])
	}
	return games.Result{Over: g.s.Over, Scores: sc}
}

// Waiting names the seat to move. A normal turn times out as a pass, a crack
// offer as "crack" (the player earned it), and the compulsory restart of an
// emptied row (CW-D6, CW-D7) as the card the bot player would lay there: his
// rarest letter, a JOKER only when he holds no letter.
func (g *Game) Waiting() []games.Wait {
	s := g.s
	if s.Over {
		return nil
	}
	to := "passe"
	switch s.Phase {
	case phaseCrack:
		to = "crack"
	case phaseRestart:
		to = botRestart(s.Hand[s.Turn])
	}
	return []games.Wait{{Seat: s.Turn, Timeout: to}}
}
