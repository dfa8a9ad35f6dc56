// Package motsdetete is the engine of Mots de Tête (Hornswoggle Games 1990,
// Habourdin), as specified in docs/games/motsdetete.md (decisions
// MT-D1..MT-D4) from the publisher's sheet. One to four players write words
// on a shared 15 x 15 grid; the die says how many new letters to write; each
// cell has a value, bonus cells are worth dice rolls; first to 300 wins.
//
// The engine is pure: the die is a splitmix64 state saved with the game,
// the grid is data (ParseGrid), and the dictionary is a *lexicon.Lexicon
// (the registered engine uses lexicon.Default, taken when a game is made or
// loaded; tests build small ones).
package motsdetete

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/games/lexicon"
	"github.com/tablee/tablee/i18n"
)

func init() { games.Register(&Engine{}) }

// Engine makes and loads Mots de Tête games.
type Engine struct {
	// Lex gives the dictionary; nil means lexicon.Default.
	Lex func() *lexicon.Lexicon
	// Grid is the layout of new games; nil means MT-D1's standard grid.
	Grid *Grid
}

func (e *Engine) lex() *lexicon.Lexicon {
	if e.Lex != nil {
		return e.Lex()
	}
	return lexicon.Default()
}

// Name is the word of /play.
func (e *Engine) Name() string { return "motsdetete" }

// Seats: 1 (Solitaire) to 4 players.
func (e *Engine) Seats() (int, int) { return 1, 4 }

// Verbs: none besides /move and /pass.
func (e *Engine) Verbs() []string { return nil }

// Targets a table may choose; the sheet's 300 first, 250 "with four".
var targets = []string{"300", "250", "200", "150", "100", "400", "500"}

// Options are the variants and house options of the rules page and sheet.
func (e *Engine) Options() []games.Option {
	return []games.Option{
		{Name: "variant", Values: []string{Standard, Marathon, Quarte, Solo}, Default: Standard, Help: i18n.T("motsdetete.opt.variant")},
		{Name: "target", Values: targets, Default: "300", Help: i18n.T("motsdetete.opt.target")},
		{Name: "forgiving", Values: []string{"off", "on"}, Default: "off", Help: i18n.T("motsdetete.opt.forgiving")},
		{Name: "hints", Values: []string{"off", "on"}, Default: "off", Help: i18n.T("motsdetete.opt.hints")},
		{Name: "botlevel", Values: []string{LevelBest, LevelGood}, Default: LevelBest, Help: i18n.T("motsdetete.opt.botlevel")},
	}
}

// New starts a game: the first player's die is rolled at once.
func (e *Engine) New(opts games.Options, players int, seed uint64) (games.Game, error) {
	if players < 1 || players > 4 {
		return nil, fmt.Errorf("motsdetete: %d players, want 1 to 4", players)
	}
	variant := opts["variant"]
	switch variant {
	case "":
		variant = Standard
	case "quarté":
		variant = Quarte
	case "solitaire":
		variant = Solo
	case Standard, Marathon, Quarte, Solo:
	default:
		return nil, fmt.Errorf("motsdetete: unknown variant %q", variant)
	}
	if variant == Solo && players != 1 {
		return nil, errors.New("motsdetete: the Solitaire is played alone")
	}
	target := 300
	if v := opts["target"]; v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			return nil, fmt.Errorf("motsdetete: target %q", v)
		}
		target = n
	}
	if variant == Marathon || variant == Solo {
		target = 0 // they play on until players fail
	}
	level := opts["botlevel"]
	if level != LevelGood {
		level = LevelBest
	}
	g := e.Grid
	if g == nil {
		g = standardGrid
	}
	s := newState(g, variant, players, target, opts.On("forgiving"), opts.On("hints"), level, seed)
	// "duplicate" is no table's option (Options does not list it): the
	// daily challenge's deal sets it for its one-seat game.
	s.Duplicate = players == 1 && opts.On("duplicate")
	return &Game{s: s, lex: e.lex()}, nil
}

// Load restores a saved game.
func (e *Engine) Load(data []byte) (games.Game, error) {
	s, err := loadState(data)
	if err != nil {
		return nil, err
	}
	return &Game{s: s, lex: e.lex()}, nil
}

// Game is one game in progress.
type Game struct {
	s   *state
	lex *lexicon.Lexicon
}

// Apply validates and plays a move. A refused move leaves the game as it
// was: the move is played on a copy that replaces the state on success.
func (g *Game) Apply(seat int, move string) ([]games.Event, error) {
	return games.ApplyOnCopy(&g.s, g.s.clone(), func(ns *state) ([]games.Event, error) {
		return ns.apply(g.lex, seat, move)
	}, "motsdetete.err.syntax", clip(move))
}

// Save encodes the whole state.
func (g *Game) Save() ([]byte, error) { return g.s.save() }

// Result gives the scores; Over once the game has ended.
func (g *Game) Result() games.Result {
	return games.Result{Over: g.s.Over, Scores: append([]int(nil), g.s.Scores...)}
}

// Waiting names the player to move; his deadline passes his turn.
func (g *Game) Waiting() []games.Wait {
	if g.s.Over {
		return nil
	}
	return []games.Wait{{Seat: g.s.Turn, Timeout: "passe"}}
}

// Die is the number of new letters the player to move must write.
func (g *Game) Die() int { return g.s.Die }

// TellMove is a move as the bot narrates it ("MAISON en H3↓"), not as it
// is typed ("H3 bas MAISON", whose direction is French whatever the
// reader's language): the daily challenge tells a player's move and the
// top so. ok is false for a pass or what is no move.
func (e *Engine) TellMove(move string) (msg i18n.Msg, ok bool) {
	g := e.Grid
	if g == nil {
		g = standardGrid
	}
	m, err := parseMove(g, move)
	if err != nil || m.pass {
		return msg, false
	}
	return i18n.T("motsdetete.tell.move", m.word, g.Name(m.cell)+arrowOf(m.down)), true
}
