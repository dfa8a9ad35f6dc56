// Package coquillaude is the engine of La Coquillaude, as specified in
// docs/games/coquillaude.md (decisions CQ-D1..CQ-D8) from the publisher's
// sheet. Two to four players earn letter pions by rolling four dice and
// answering the question of that number; then everyone composes one word in
// secret, and only the best proposal is placed on the 21 x 21 board and
// scores (the square of its letters, with bonuses). The game ends when the
// best proposal of a round is worth less than 25.
//
// The engine is pure: the random source is a splitmix64 state saved with the
// game; the dictionary is games/lexicon's (Default, taken when a game is made
// or loaded, so lexicon.Use is honoured, and ProperNouns); a server booklet
// is given once at start-up with UseBooklet.
package coquillaude

import (
	"fmt"
	"strconv"
	"time"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/games/lexicon"
	"github.com/tablee/tablee/i18n"
)

func init() { games.Register(&Engine{}) }

// Engine makes and loads games of La Coquillaude.
type Engine struct {
	// Lex gives the dictionary; nil means lexicon.Default. Names gives
	// the proper nouns; nil means lexicon.ProperNouns. Tests of the
	// duplicate give small ones.
	Lex, Names func() *lexicon.Lexicon
}

// words are the engine's dictionaries.
func (e *Engine) words() words {
	w := defaultWords()
	if e.Lex != nil {
		w.dict = e.Lex()
	}
	if e.Names != nil {
		w.names = e.Names()
	}
	return w
}

// Name is the word of /play.
func (e *Engine) Name() string { return "coquillaude" }

// Seats: 2 to 4 players.
func (e *Engine) Seats() (int, int) { return 2, 4 }

// Verbs are the slash commands the bot forwards as moves ("/reponse CHINE"
// is the move "reponse CHINE").
func (e *Engine) Verbs() []string {
	return []string{"reponse", "repondre", "answer", "mot", "propose", "word", "rien", "nothing",
		"don", "give", "vote", "defi", "challenge"}
}

// Durations of the phases with a deadline (a table setting: the sheet's
// values for live tables, hours for asynchronous ones).
var durationValues = []string{"1m", "30s", "2m", "3m", "5m", "10m", "1h", "6h", "12h", "24h", "48h"}

func durationsFrom(def string) []string {
	out := []string{def}
	for _, v := range durationValues {
		if v != def {
			out = append(out, v)
		}
	}
	return out
}

// Options: the phase durations and the bot's success rate at questions.
func (e *Engine) Options() []games.Option {
	return []games.Option{
		{Name: "answer", Values: durationsFrom("1m"), Default: "1m", Help: i18n.T("coquillaude.opt.answer")},
		{Name: "compose", Values: durationsFrom("3m"), Default: "3m", Help: i18n.T("coquillaude.opt.compose")},
		{Name: "gifts", Values: durationsFrom("1m"), Default: "1m", Help: i18n.T("coquillaude.opt.gifts")},
		{Name: "vote", Values: durationsFrom("1m"), Default: "1m", Help: i18n.T("coquillaude.opt.vote")},
		{Name: "challenge", Values: durationsFrom("1m"), Default: "1m", Help: i18n.T("coquillaude.opt.challenge")},
		{Name: "bot_success", Values: []string{"70", "0", "25", "50", "90", "100"}, Default: "70", Help: i18n.T("coquillaude.opt.bot_success")},
	}
}

// New deals a new game: 8 pions each and the opening rolls.
func (e *Engine) New(opts games.Options, players int, seed uint64) (games.Game, error) {
	if players < 2 || players > 4 {
		return nil, fmt.Errorf("coquillaude: %d players, want 2 to 4", players)
	}
	set, err := parseSettings(opts)
	if err != nil {
		return nil, err
	}
	g := &Game{w: e.words(), book: currentBooklet()}
	g.s = g.newState(players, seed, set, nil)
	return g, nil
}

// Load restores a saved game.
func (e *Engine) Load(data []byte) (games.Game, error) {
	s, err := loadState(data)
	if err != nil {
		return nil, err
	}
	return &Game{s: s, w: e.words(), book: currentBooklet()}, nil
}

func parseSettings(opts games.Options) (settings, error) {
	set := settings{BotSuccess: 70, Durations: map[string]string{}}
	if v, ok := opts["bot_success"]; ok && v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 || n > 100 {
			return set, fmt.Errorf("coquillaude: bot_success %q, want 0 to 100", v)
		}
		set.BotSuccess = n
	}
	for _, name := range []string{"answer", "compose", "gifts", "vote", "challenge"} {
		if v, ok := opts[name]; ok && v != "" {
			d, err := time.ParseDuration(v)
			if err != nil || d <= 0 {
				return set, fmt.Errorf("coquillaude: %s %q is not a duration", name, v)
			}
			set.Durations[name] = v
		}
	}
	return set, nil
}

// Game is one game in progress.
type Game struct {
	s    *state
	w    words
	book *Booklet
	// forms are the words' forms BestProposal met, kept for the next
	// rounds (not saved: worked out again after a load).
	forms *formCache
}

// Apply validates and plays a move. A refused move leaves the game as it
// was: the move is played on a copy that replaces the state on success.
func (g *Game) Apply(seat int, move string) ([]games.Event, error) {
	return games.ApplyOnCopy(&g.s, g.s.clone(), func(ns *state) ([]games.Event, error) {
		return g.apply(ns, seat, move)
	}, "coquillaude.err.syntax", move)
}

// SetupEvents tells how the game was set up (the opening rolls); the public
// view also shows them until the first move.
func (g *Game) SetupEvents() []games.Event { return games.ToEveryone(g.s.Setup) }

// Save encodes the whole state.
func (g *Game) Save() ([]byte, error) { return g.s.save() }

// Result: the points scored.
func (g *Game) Result() games.Result {
	return games.Result{Over: g.s.Over, Scores: append([]int(nil), g.s.Scores...)}
}

// Waiting names the seats that must act, each with its timeout move:
// the answer ("passe": no answer, 2 pions), the gifts ("don hasard": random
// pions, CQ-D3), the compose phase ("rien": no proposal, CQ-D4), the vote
// ("vote blanc": not counted, CQ-D5), the challenge ("passe", CQ-D7).
func (g *Game) Waiting() []games.Wait {
	s := g.s
	if s.Over {
		return nil
	}
	var out []games.Wait
	switch s.Phase {
	case phaseAnswer:
		out = append(out, games.Wait{Seat: s.Q.Seat, Timeout: "passe"})
	case phaseGift:
		for p := 0; p < s.Players; p++ {
			if !s.Given[p] {
				out = append(out, games.Wait{Seat: p, Timeout: "don hasard"})
			}
		}
	case phaseCompose:
		for p := 0; p < s.Players; p++ {
			if s.Props[p] == nil {
				out = append(out, games.Wait{Seat: p, Timeout: "rien"})
			}
		}
	case phaseVote:
		for p := 0; p < s.Players; p++ {
			if s.Ballots[p] == 0 {
				out = append(out, games.Wait{Seat: p, Timeout: "vote blanc"})
			}
		}
	case phaseChallenge:
		for p := 0; p < s.Players; p++ {
			if !s.Challenged[p] {
				out = append(out, games.Wait{Seat: p, Timeout: "passe"})
			}
		}
	}
	return out
}

// PhaseDuration is the time the table gives the present phase (options
// answer, compose, gifts, vote, challenge; the sheet's values by default:
// 1 minute to answer, 3 to compose, 1 to challenge). The bot core may read
// it through an interface{ PhaseDuration() time.Duration } to arm each
// phase's deadline; the engine itself has no clock.
func (g *Game) PhaseDuration() time.Duration {
	name := map[int]string{phaseAnswer: "answer", phaseCompose: "compose", phaseGift: "gifts",
		phaseVote: "vote", phaseChallenge: "challenge"}[g.s.Phase]
	def := map[string]string{"answer": "1m", "compose": "3m", "gifts": "1m", "vote": "1m", "challenge": "1m"}[name]
	v := g.s.Opts.Durations[name]
	if v == "" {
		v = def
	}
	d, err := time.ParseDuration(v)
	if err != nil {
		return 0
	}
	return d
}
