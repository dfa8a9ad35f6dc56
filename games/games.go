// Package games is the contract every game engine meets, and the registry the
// bot finds them in. Adding a game is one package that calls Register from its
// init function, plus one blank import in games/all.
//
// Engines are pure: no I/O, no clock, no global random. Every random event
// comes from a seed kept in the game's state, so that a saved game reloads and
// a move log replays to the same position. Engines never write a sentence:
// refusals, events and views are i18n messages rendered in the reader's
// language by the bot.
package games

import (
	"errors"
	"time"

	"github.com/tablee/tablee/i18n"
)

// Everyone addresses an event to the whole table rather than to one seat.
const Everyone = -1

// Options are a table's rule choices: house options of the rules pages and
// variants ("expert" -> "on", "variant" -> "solo"). Values are strings so
// that they travel unchanged through commands, settings and the store.
type Options map[string]string

// On tells whether a yes/no option is set.
func (o Options) On(name string) bool {
	switch o[name] {
	case "on", "yes", "true", "1", "oui":
		return true
	}
	return false
}

// Option describes one option an engine accepts.
type Option struct {
	Name    string   // "expert"
	Values  []string // accepted values; the first is the default ("off", "on")
	Help    i18n.Msg // what it changes, citing the rules page
	Default string   // the value when the table sets nothing
}

// Engine is one game kind. It holds no game: it makes and loads them.
type Engine interface {
	Name() string          // "crackword": the word of /play
	Seats() (min, max int) // players the game admits
	Options() []Option     // house options and variants
	// Verbs lists the extra commands the game understands besides /move and
	// /pass ("crack", "pioche"): the bot forwards "/crack" as the move "crack".
	Verbs() []string
	New(opts Options, players int, seed uint64) (Game, error)
	Load(data []byte) (Game, error)
}

// Game is one game in progress.
type Game interface {
	// Apply validates and plays a move of one seat. An illegal move returns
	// a *Refusal and leaves the game exactly as it was.
	Apply(seat int, move string) ([]Event, error)
	Public() View          // what everyone at the table may see
	Private(seat int) View // what one seat alone may see
	// Choices lists what the interface may offer as buttons to a seat,
	// after the part of a move already chosen (prefix "" for the first step).
	Choices(seat int, prefix string) []Choice
	// Waiting tells who must act now and what happens if he does not: one
	// seat on a normal turn, several at once for simultaneous phases.
	Waiting() []Wait
	// Bot returns the move a bot player of that strength would make for a
	// waiting seat (see Strength).
	Bot(seat int, level Strength) string
	// Save returns the state as compact JSON, as json.Marshal writes it:
	// the table's record embeds it as it is.
	Save() ([]byte, error)
	Result() Result
}

// Result is the state of the score.
type Result struct {
	Over   bool
	Scores []int // one per seat
}

// Winners lists the seats with the highest score (ties share the win).
func (r Result) Winners() []int {
	var best []int
	for s, v := range r.Scores {
		switch {
		case len(best) == 0 || v > r.Scores[best[0]]:
			best = []int{s}
		case v == r.Scores[best[0]]:
			best = append(best, s)
		}
	}
	return best
}

// Wait is one seat the game waits for.
type Wait struct {
	Seat int
	// Timeout is the move the bot applies for the seat when its deadline
	// passes (a pass, a wrong answer, a random gift), exactly as if the
	// player had sent it. Empty means the seat cannot time out.
	Timeout string
}

// Event is something that happened, told to the table or to one seat.
type Event struct {
	To  int // Everyone or a seat
	Msg i18n.Msg
	// Pending marks a private note of something the table has not settled
	// yet ("Contre noté…", "Proposition enregistrée… vérifiée quand tout
	// le monde aura proposé"): true when the move is played, made false
	// by the move that settles it. The bot drops it when another move was
	// played before it is shown (the seat's view, built then, tells what
	// still stands), and the engine drops it (Told.Settle) when the same
	// move settles it.
	Pending bool `json:",omitempty"`
}

// Settle drops the pending notes of evs: the move that made them has also
// settled what they said was pending.
func Settle(evs []Event) []Event {
	out := evs[:0]
	for _, e := range evs {
		if !e.Pending {
			out = append(out, e)
		}
	}
	return out
}

// View is a neutral picture of the game: adapters draw it as text, embeds,
// keyboards or images.
type View struct {
	Title i18n.Msg
	// Board is drawn in monospace: letters, emoji and digits only, so that
	// it reads the same in every language.
	Board []string
	// Lines are sentences under the board (scores, whose turn).
	Lines []i18n.Msg
	// Recap tells what the last moves did (the setup, the last move, La
	// Coquillaude's last resolution): it comes before Lines on a board
	// asked for, and is left out of the board that comes with those
	// moves' own events, which say the same just above it (Untold).
	Recap []Recalled
}

// Recalled is a sentence of a view's recap and the age of what it tells:
// how many moves were played after the one it tells of (0 for the last
// move, or for the setup before any move).
type Recalled struct {
	Msg i18n.Msg
	Age int
}

// Recall adds sentences of the recap, all of one age.
func (v *View) Recall(age int, ms ...i18n.Msg) {
	for _, m := range ms {
		v.Recap = append(v.Recap, Recalled{Msg: m, Age: age})
	}
}

// Told is every sentence of the view, as a board asked for shows them: the
// recap, then the lines.
func (v View) Told() []i18n.Msg { return v.Untold(0) }

// Untold is what the view says under a board shown with the events of
// the last moves (how many): the recap of older moves, then the lines.
func (v View) Untold(moves int) []i18n.Msg {
	var out []i18n.Msg
	for _, r := range v.Recap {
		if r.Age >= moves {
			out = append(out, r.Msg)
		}
	}
	return append(out, v.Lines...)
}

// Choice is one button. Choosing it either completes a move or narrows the
// next step (Move becomes the prefix of the next Choices call).
type Choice struct {
	Label i18n.Msg
	Move  string
	// Final is true when Move is a whole move ready to apply.
	Final bool
	// Ask, when set, is the question for a free text the player must add
	// (an example word): the answer is appended to Move and the move is final.
	Ask i18n.Msg
	// AskWords lets the answer to Ask hold several words (the rest of a
	// move: "NAPOLEON H11 droite celebre"); without it the answer must be
	// one word, and the core refuses anything else before the engine sees it.
	AskWords bool
	// Row groups buttons on one line of a keyboard.
	Row int
}

// Refusal is an illegal move, explained in the player's language.
type Refusal struct{ Msg i18n.Msg }

func (r *Refusal) Error() string { return i18n.Renderer{Lang: i18n.EN}.Text(r.Msg) }

// Refuse builds a refusal from a catalogue key.
func Refuse(key string, args ...any) error { return &Refusal{Msg: i18n.T(key, args...)} }

// Handless is implemented by games in which no seat holds anything the
// others do not see (Mots de Tête: one shared grid and a die). Handless
// true: the board offers no "my hand" button, and a seat's private view
// holds only what is his (his turn's reminder, a hint).
type Handless interface {
	Handless() bool
}

// Previewer is implemented by games that can say what a move would score
// before it is played, where playing it on a copy cannot (La Coquillaude's
// proposal is scored only once every player proposed). Preview changes
// nothing: it returns the points, a *Refusal when the rules refuse the
// move now, or ErrNoPreview for a move it says nothing of.
type Previewer interface {
	Preview(seat int, move string) (int, error)
}

// ErrNoPreview is a move whose points a Previewer cannot say before it is
// played.
var ErrNoPreview = errors.New("games: no preview of this move")

// Timed is implemented by games whose phases have time limits of their
// own in live play (La Coquillaude: a minute to answer, three to compose).
// The engine only says how long, from its options; the bot owns the clock.
type Timed interface {
	// PhaseDuration is the time the present phase gives each waiting
	// seat; 0 for none.
	PhaseDuration() time.Duration
}
