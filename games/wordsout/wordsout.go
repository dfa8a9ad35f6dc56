// Package wordsout is the engine of Words Out (Yaqua 2020), as specified by
// its rules page (decisions WO-D1..WO-D7, see docs/games/wordsout.md) and
// the publisher's sheet. Players add cards to the right of four rows that
// must always begin a word; whoever completes a word of at least 3 letters
// calls WORD OUT and scores it, unless an opponent counters by extending it.
//
// The engine is pure: the random source is a cards.Rand saved with the game,
// the dictionary is injected through the Dict interface (the registered
// engine uses the French lexicon of games/lexicon).
package wordsout

import (
	"fmt"
	"sort"
	"sync"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/games/lexicon"
	"github.com/tablee/tablee/i18n"
)

// Dict is what the engine asks of a dictionary. Words and prefixes are
// folded A-Z uppercase; a letter set has bit 0 for A up to bit 25 for Z.
type Dict interface {
	// Has tells whether w is a word.
	Has(w string) bool
	// HasPrefix tells whether some word begins with s.
	HasPrefix(s string) bool
	// ExtendPrefixRight is the set of letters c such that s+c begins a word.
	ExtendPrefixRight(s string) uint32
	// CompleteRight is the set of letters c such that s+c is a word.
	CompleteRight(s string) uint32
	// Familiar is the familiarity of the prefix s: the rank of the most
	// familiar word that begins with s, s included (lexicon.Familiarity:
	// 1 for the most used word), 0 when no familiar word begins with s.
	Familiar(s string) int
}

func init() { games.Register(&Engine{dict: defaultDict}) }

// defaultDict is the French lexicon (or the one the server gave to
// lexicon.Use), decoded once behind lexicon.Default's own sync.Once; each
// game takes it when it is made or loaded.
func defaultDict() Dict {
	l := lexicon.Default()
	return lexDict{l, sync.OnceValue(func() prefixRanks { return lexiconPrefixRanks(l) })}
}

type lexDict struct {
	l   *lexicon.Lexicon
	fam func() prefixRanks
}

func (d lexDict) Has(w string) bool                 { return d.l.Has(w) }
func (d lexDict) HasPrefix(s string) bool           { return d.l.HasPrefix(s) }
func (d lexDict) ExtendPrefixRight(s string) uint32 { return uint32(d.l.ExtendPrefixRight(s)) }
func (d lexDict) CompleteRight(s string) uint32     { return uint32(d.l.CrossCheck(s, "")) }
func (d lexDict) Familiar(s string) int             { return d.fam().rank(s) }

// Engine makes and loads Words Out games.
type Engine struct {
	dict func() Dict
}

// NewEngine returns an engine using the dictionary d (tests use small lists).
func NewEngine(d Dict) *Engine { return &Engine{dict: func() Dict { return d }} }

// Name is the word of /play.
func (e *Engine) Name() string { return "wordsout" }

// Seats: 2 to 8 players (two sets of cards from 6).
func (e *Engine) Seats() (int, int) { return 2, 8 }

// Verbs are the slash commands the bot forwards as moves ("/wordout" is the
// move "wordout", "/contrer S" the move "contrer S").
func (e *Engine) Verbs() []string {
	return []string{"poser", "lay", "wordout", "contrer", "counter", "poubelle", "trash", "fin", "done", "non", "no", "pioche", "draw"}
}

// Options: the house option "forgiving" (WO-D3).
func (e *Engine) Options() []games.Option {
	return []games.Option{
		{Name: "forgiving", Values: []string{"off", "on"}, Default: "off", Help: i18n.T("wordsout.opt.forgiving")},
	}
}

// New draws the dealer and deals the first deal.
func (e *Engine) New(opts games.Options, players int, seed uint64) (games.Game, error) {
	if players < 2 || players > 8 {
		return nil, fmt.Errorf("wordsout: %d players, want 2 to 8", players)
	}
	return &Game{s: newState(players, opts.On("forgiving"), seed), dict: e.dict()}, nil
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
}

// Apply validates and plays a move. A refused move leaves the game as it
// was: the move is played on a copy that replaces the state on success.
func (g *Game) Apply(seat int, move string) ([]games.Event, error) {
	return games.ApplyOnCopy(&g.s, g.s.clone(), func(ns *state) ([]games.Event, error) {
		return ns.apply(g.dict, seat, move)
	}, "wordsout.err.syntax", move)
}

// SetupEvents tells how the dealer was drawn and the rows started (WO-D2);
// the public view also shows them until the first move.
func (g *Game) SetupEvents() []games.Event { return games.ToEveryone(g.s.Setup) }

// Save encodes the whole state.
func (g *Game) Save() ([]byte, error) { return g.s.save() }

// Result: the scores kept by the bot (the sheet's COMPTABLE).
func (g *Game) Result() games.Result {
	return games.Result{Over: g.s.Over, Scores: append([]int{}, g.s.Scores...)}
}

// Waiting names the seats to act. In the counter window every asked
// opponent who has not answered waits at once, timing out as "non" (no
// counter); a turn times out as a pass, a REJOUER as "fin", a WORD OUT
// question as "wordout" (the player earned it), and the compulsory restart
// of a row as the first plain card of the hand.
func (g *Game) Waiting() []games.Wait {
	s := g.s
	if s.Over {
		return nil
	}
	switch s.Phase {
	case phaseCounter:
		var out []games.Wait
		for i, p := range s.Win.Asked {
			if s.Win.Answer[i] == ansWaiting {
				out = append(out, games.Wait{Seat: p, Timeout: "non"})
			}
		}
		return out
	case phaseMore:
		return []games.Wait{{Seat: s.Turn, Timeout: "fin"}}
	case phaseCall:
		return []games.Wait{{Seat: s.Turn, Timeout: "wordout"}}
	case phaseRestart:
		return []games.Wait{{Seat: s.Turn, Timeout: restartTimeout(s.Hands[s.Turn])}}
	}
	return []games.Wait{{Seat: s.Turn, Timeout: "passe"}}
}

// restartTimeout is the card laid for a player who lets a restart time
// out: his first plain letter in alphabetical order, else his first
// layable card.
func restartTimeout(h []Card) string {
	sorted := sortedHand(h)
	for _, c := range sorted {
		if c.Kind() == kindPlain {
			return token(c)
		}
	}
	for _, c := range sorted {
		if c.layable() {
			if c.Kind() == kindJoker {
				return "joker=E"
			}
			return token(c)
		}
	}
	return "fin"
}

// sortedHand lists a hand by letter, then kind (plain, REJOUER,
// INCONTRABLE), JOKERs and POUBELLEs last.
func sortedHand(h []Card) []Card {
	out := append([]Card{}, h...)
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		la, lb := a.Letter(), b.Letter()
		if la == 0 {
			la = 'Z' + 1 + byte(a.Kind())
		}
		if lb == 0 {
			lb = 'Z' + 1 + byte(b.Kind())
		}
		if la != lb {
			return la < lb
		}
		return a.Kind() < b.Kind()
	})
	return out
}
