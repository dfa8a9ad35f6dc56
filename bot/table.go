package bot

import (
	"encoding/json"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/store"
)

// Phase is where a table is in its life.
type Phase string

const (
	Lobby Phase = "lobby" // seats are being taken
	// Rematching: a table opened by /rematch waits for the yes of its
	// players; its seats are the last game's (rematch.go).
	Rematching Phase = "rematching"
	Playing    Phase = "playing"   // the game runs
	Finished   Phase = "finished"  // the game ended by its rules
	Abandoned  Phase = "abandoned" // /quit ended it early, or nobody played it (idle.go)
)

// undealt tells whether the game is yet to be dealt: a lobby, or a
// rematch waiting for its players. Its options may still change, no move
// is played, and a change shown starts the lobby's wait again.
func (p Phase) undealt() bool { return p == Lobby || p == Rematching }

// Seat is one place at a table.
type Seat struct {
	User string `json:"user,omitempty"` // "" for a bot
	Name string `json:"name"`
	Bot  bool   `json:"bot,omitempty"`
	// Level is a bot player's strength (/addbot 2 easy); the zero value
	// is Normal, also the strength of a bot that plays for a player who left.
	Level games.Strength `json:"level,omitempty"`
	// Left is set when the player left mid-game: a bot plays the seat.
	Left bool `json:"left,omitempty"`
	// Since is the table's turn (Table.Turns) at which the game last began
	// to wait for this seat: a hand shown in the same turn is an update,
	// one of a later turn is a call to play (turns.go).
	Since uint64 `json:"since,omitempty"`
	// AwayUntil is the end of the player's time off (/away), zero when he
	// is not away: his deadlines pause, or a bot plays for him, as the
	// table chose (Settings.Away). The scheduler clears it when it ends
	// (timeoff.go).
	AwayUntil time.Time `json:"away_until,omitzero"`
	// Quiet is the player's quiet hours and time zone, "23:00-08:00
	// Europe/Paris", "" for none: no reminder and no deadline runs out in
	// them (quiet.go).
	Quiet string `json:"quiet,omitempty"`
}

// human tells whether a person plays the seat now.
func (s Seat) human() bool { return !s.Bot && !s.Left }

// away tells whether the seat's player is on time off.
func (s Seat) away() bool { return s.human() && !s.AwayUntil.IsZero() }

// botPlays tells whether the bot plays the seat now: a bot player, a
// player who left, or one on time off at a table that lets a bot play for
// those away.
func (t *Table) botPlays(seat int) bool {
	s := t.Seats[seat]
	return !s.human() || s.away() && t.Settings.Away == AwayBot
}

// Settings are a table's choices outside the rules.
type Settings struct {
	Lang i18n.Lang `json:"lang"`
	// Turn is how long a seat has to act; 0 means no deadline (live play).
	Turn time.Duration `json:"turn"`
	// Reminder is how long before the deadline the seat is reminded; 0 none.
	Reminder time.Duration `json:"reminder"`
	// OnExpiry is "pass" (the engine's timeout move) or "bot" (a bot plays).
	OnExpiry string `json:"on_expiry"`
	// View is how the board is shown: ViewBoth ("" too), ViewPicture, ViewText.
	View string `json:"view,omitempty"`
	// Hints lets players ask /hint for the bot player's move.
	Hints bool `json:"hints,omitempty"`
	// Away is what happens to a player's seat while he is away (/away):
	// "" (AwayPause, the default) his deadlines wait for his return; AwayBot
	// a bot plays for him until then.
	Away string `json:"away,omitempty"`
}

// The table's choices for a player on time off (Settings.Away).
const (
	AwayPause = ""
	AwayBot   = "bot"
)

// Deadline is one seat's time limit, as an absolute time so that it
// survives restarts and is re-armed at start-up.
type Deadline struct {
	Seat     int       `json:"seat"`
	At       time.Time `json:"at"`
	Reminded bool      `json:"reminded,omitempty"`
}

// Table is one game in one chat, from lobby to result. Its exported fields
// are its saved record; game is the live engine state, rebuilt on load.
type Table struct {
	ID   uint64 `json:"id"`
	Chat string `json:"chat"`
	// Server is the community of the chat, as Command.Server names it
	// ("" for a chat that is its own): whose leaderboard the game counts
	// in (ratings.go).
	Server    string            `json:"server,omitempty"`
	Game      string            `json:"game"`
	Options   games.Options     `json:"options,omitempty"`
	Creator   string            `json:"creator"`
	Phase     Phase             `json:"phase"`
	Seats     []Seat            `json:"seats"`
	Seed      uint64            `json:"seed"`
	Moves     uint64            `json:"moves"` // the move counter buttons carry
	State     json.RawMessage   `json:"state,omitempty"`
	Settings  Settings          `json:"settings"`
	Deadlines []Deadline        `json:"deadlines,omitempty"`
	Votes     []string          `json:"votes,omitempty"` // users voting to quit
	Secret    string            `json:"secret"`          // in join links, so ids cannot be guessed
	Notes     map[string]string `json:"notes,omitempty"` // adapters' memory: board message ids
	Created   time.Time         `json:"created"`
	// Touched is the last change to the table while in its lobby (a
	// join, a bot, a setting): an unchanged lobby expires (expiry.go).
	Touched time.Time `json:"touched,omitempty"`
	Scores  []int     `json:"scores,omitempty"` // the final result
	// Outbox is what the players have not been shown yet (outbox.go).
	Outbox Outbox `json:"outbox,omitzero"`
	// InFlight is what a deliverer took from the outbox and is showing,
	// on a store several processes share (shared.go): kept in the record
	// until shown, so that another process neither shows it again nor
	// loses it when the deliverer's process dies.
	InFlight *Outbox `json:"inflight,omitempty"`
	// Awaited are the seats the game waited for after the last saved
	// change, and Turns counts the changes that made it wait for a seat it
	// did not wait for before (turns.go).
	Awaited []int  `json:"awaited,omitempty"`
	Turns   uint64 `json:"turns,omitempty"`
	// Best is each seat's best-scoring move so far, counted in the
	// ratings when the game ends (ratings.go).
	Best []BestMove `json:"best,omitempty"`
	// Rematch is set on a table opened by /rematch: the game it plays
	// again and who said yes (rematch.go). Whether it still waits for
	// them is the table's phase (Rematching), not this record.
	Rematch *Rematch `json:"rematch,omitempty"`
	// Ended is when the game ended, by its rules or stopped (the history
	// dates a game by it: archive.History).
	Ended time.Time `json:"ended,omitzero"`
	// Active is when a person last moved at the table, or the game began
	// (idle.go); zero in a record written before it was kept. Lapsed
	// lists the seats whose deadline ran out since then, or since the
	// table was told it would stop (Told): a move a timeout made for
	// nobody does not show that anyone plays.
	Active time.Time `json:"active,omitzero"`
	Lapsed []int     `json:"lapsed,omitempty"`
	// Told is when the chat was told that the game stops if nobody plays,
	// zero while it was not (idle.go).
	Told time.Time `json:"told,omitzero"`

	// finishedAt is when the store first saved the table over, for
	// tables read as games of the past (past.go).
	finishedAt time.Time

	// shownHands is the last hand shown to each seat, to show a hand only
	// when it changed (memory only: after a restart a hand is shown once
	// more).
	shownHands map[int]uint64

	mu     sync.Mutex
	engine games.Engine
	game   games.Game
	// retryAt and retries pace the scheduler's next try at a bot seat
	// whose move could not be saved (see resume.go), or at the deletion
	// of an expired lobby (expiry.go); memory only, since a restart tries
	// again at once anyway.
	retryAt time.Time
	retries int
	// batchOpen is set between the first message a change queues and the
	// change's save: the messages of one change make one batch.
	batchOpen bool
	// committed is the record of the table's last save (or load): the
	// state a failed change goes back to.
	committed []byte
	// shared is the same record for readers that must not wait for the
	// table's lock (autocomplete, suggest.go): stored after each save.
	shared atomic.Pointer[[]byte]
	// version is the store's count of the table's saves when this copy
	// was read or last saved (shared.go).
	version uint64
	// notesUnsaved are the notes set since the last save, which ride the
	// next one (Core.SetNote): a change that fails and goes back to the
	// last save keeps them.
	notesUnsaved map[string]string
	// lazy marks the next save as one that only records what was shown
	// (store.Table.Lazy).
	lazy bool
	// lease, when set, joins the next save with a step of the table's
	// delivery on a store.Deliverer (Core.save).
	lease *leaseStep
	// showing is set, on a shared store, while this process's deliverer
	// shows a batch it took, until the save that records it shown: a note
	// set meanwhile rides that save (Core.SetNote).
	showing bool
	// event is the platform event whose move is being played under the
	// table's lock: the move's save records it played (Core.save).
	event *Event
	// unshownSince is when the first move not shown yet was saved, for the
	// delivery latency an operator watches (observe.go); zero when all
	// was shown. Memory only: a restart shows what was left at once.
	unshownSince time.Time
	// rated is set once this process rated the finished game (ratings.go),
	// so that a later batch does not read the log and try again.
	rated atomic.Bool
	// evicted is set when the table left memory (tables.go): whoever
	// still holds it must take the copy loaded since (lockLive).
	evicted bool
	// chain asks the saves with a move to be chained (store.Chainer): set
	// while a person's move and the bots' replies to it are played, whose
	// answer waits for them all. unsettled are the waits of the chained
	// saves not yet durable (Core.settle).
	chain     bool
	unsettled []func() error
	// botThought is how long the table's last bot move took to choose
	// (wall clock, memory only): whether its replies come at once.
	botThought time.Duration
	// mem is the core's bookkeeping of the tables in memory, under c.mu.
	mem loadedTable
}

func (t *Table) record() (store.Table, error) {
	data, err := t.marshal()
	if err != nil {
		return store.Table{}, err
	}
	rec := store.Table{ID: t.ID, Chat: t.Chat, Game: t.Game, Finished: t.over(), Data: data, Seated: t.seated(), Version: t.version}
	if t.Outbox.pending() || t.InFlight != nil {
		rec.Unshown = t.Outbox.Seq
	}
	return rec, nil
}

// marshal writes the table's record: what json.Marshal(t) writes, byte for
// byte (record_json.go), for a state the engine saved.
func (t *Table) marshal() ([]byte, error) {
	// The last record is the size of the next, give or take a move.
	size := len(t.committed) + 256
	if len(t.committed) == 0 {
		size = len(t.State) + 1024
	}
	data, err := t.appendRecord(make([]byte, 0, size))
	if err != nil {
		// A time RFC 3339 cannot write: the error json.Marshal reports.
		if _, merr := json.Marshal(t); merr != nil {
			return nil, merr
		}
		return nil, err
	}
	return data, nil
}

// seated lists the users who sit at the table and play their seat: a
// command they send in private finds the table through the store's index
// of them.
func (t *Table) seated() []string {
	var users []string
	for _, s := range t.Seats {
		if s.User != "" && !s.Left && !slices.Contains(users, s.User) {
			users = append(users, s.User)
		}
	}
	return users
}

func (t *Table) over() bool { return t.Phase == Finished || t.Phase == Abandoned }

// loadTable rebuilds a table from its record, engine state included.
func loadTable(rec store.Table) (*Table, error) {
	t := &Table{}
	if err := decodeTable(rec.Data, t); err != nil {
		return nil, fmt.Errorf("table %d: %w", rec.ID, err)
	}
	e, ok := games.Lookup(t.Game)
	if !ok {
		return nil, fmt.Errorf("table %d: game %q is not in this tablee", rec.ID, t.Game)
	}
	t.engine = e
	t.committed = rec.Data
	t.shared.Store(&rec.Data)
	t.version = rec.Version
	if rec.Unshown == 0 {
		// The store's index says everything saved was shown: the outbox
		// the record still holds was taken before it was written again.
		t.Outbox = Outbox{Seq: t.Outbox.Seq, Shown: t.Outbox.Seq}
		t.InFlight = nil
	}
	if t.Phase == Playing || (t.over() && len(t.State) > 0) {
		g, err := e.Load(t.State)
		if err != nil {
			return nil, fmt.Errorf("table %d: %w", rec.ID, err)
		}
		t.game = g
	}
	return t, nil
}

// decodeTable reads a table's record, in the shape of today whatever the
// shape it was written in.
func decodeTable(data []byte, t *Table) error {
	if err := json.Unmarshal(data, t); err != nil {
		return err
	}
	if t.Phase == Lobby && t.Rematch != nil {
		// Written before a waiting rematch was a phase of its own: it was
		// a lobby with a rematch record (a closed one is Abandoned).
		t.Phase = Rematching
	}
	return nil
}

// seatOf returns the seat a user holds, or -1.
func (t *Table) seatOf(user string) int {
	for i, s := range t.Seats {
		if s.User == user && !s.Left {
			return i
		}
	}
	return -1
}

func (t *Table) humans() int {
	n := 0
	for _, s := range t.Seats {
		if s.human() {
			n++
		}
	}
	return n
}

func (t *Table) bots() int {
	n := 0
	for _, s := range t.Seats {
		if s.Bot {
			n++
		}
	}
	return n
}

// waiting lists the engine's waits, or none outside play.
func (t *Table) waiting() []games.Wait {
	if t.Phase != Playing || t.game == nil {
		return nil
	}
	return t.game.Waiting()
}

func (t *Table) waitFor(seat int) (games.Wait, bool) {
	for _, w := range t.waiting() {
		if w.Seat == seat {
			return w, true
		}
	}
	return games.Wait{}, false
}

func (t *Table) name(seat int) string {
	if seat < 0 || seat >= len(t.Seats) {
		return "?"
	}
	return t.Seats[seat].Name
}

// nameIn is a seat's name as shown to players of lang: an Easy or Strong
// bot player's carries its strength ("🤖 Robot 2 (facile)"); a Normal
// one, the default, reads as plainly as it did before strengths existed.
func (t *Table) nameIn(seat int, lang i18n.Lang) string {
	if seat < 0 || seat >= len(t.Seats) {
		return "?"
	}
	if s := t.Seats[seat]; s.Bot && s.Level != games.Normal {
		return s.withLevel(lang)
	}
	return t.Seats[seat].Name
}

// shownName is the seat's name as players read it (nameIn).
func (s Seat) shownName() i18n.Msg {
	if s.Bot && s.Level != games.Normal {
		return s.levelName()
	}
	return i18n.Raw(s.Name)
}

// withLevel is the seat's name followed by its strength, as the lobby
// lists every bot player.
func (s Seat) withLevel(lang i18n.Lang) string {
	if !s.Bot {
		return s.Name
	}
	return i18n.Renderer{Lang: lang}.Text(s.levelName())
}

// levelName is a bot player's name followed by its strength.
func (s Seat) levelName() i18n.Msg {
	return i18n.T("bot.seat_strength", s.Name, i18n.T("bot.strength."+s.Level.String()))
}

// botLevel is the strength a bot plays a seat at: its own for a bot
// player, Normal for a player who left.
func (t *Table) botLevel(seat int) games.Strength {
	if seat < 0 || seat >= len(t.Seats) {
		return games.Normal
	}
	return t.Seats[seat].Level
}

func (t *Table) deadline(seat int) (Deadline, bool) {
	i := slices.IndexFunc(t.Deadlines, func(d Deadline) bool { return d.Seat == seat })
	if i < 0 {
		return Deadline{}, false
	}
	return t.Deadlines[i], true
}

// snapshot and restore undo an in-memory change whose save failed, so that
// what the players were told and what the disk holds never differ (see
// Core.keep).
type snapshot struct {
	data []byte
}

// A change starts from what was last committed, so the snapshot is the
// record of the last save (Table.committed): the table is encoded once per
// change, by its save, not once more for a rollback copy that is seldom
// used.
func (t *Table) snapshot() snapshot {
	if t.committed != nil {
		return snapshot{t.committed}
	}
	data, _ := t.marshal()
	return snapshot{data}
}

func (t *Table) restore(s snapshot) {
	var back Table
	if err := decodeTable(s.data, &back); err != nil {
		return
	}
	engine := t.engine
	// ID and Game never change: the table's deliverer reads them unlocked.
	t.Chat, t.Options, t.Creator, t.Phase = back.Chat, back.Options, back.Creator, back.Phase
	t.Seats, t.Seed, t.Moves, t.State, t.Settings = back.Seats, back.Seed, back.Moves, back.State, back.Settings
	t.Deadlines, t.Votes, t.Secret, t.Notes, t.Created, t.Scores = back.Deadlines, back.Votes, back.Secret, back.Notes, back.Created, back.Scores
	for k, v := range t.notesUnsaved { // what the adapters sent stands
		if t.Notes == nil {
			t.Notes = map[string]string{}
		}
		t.Notes[k] = v
	}
	t.Server, t.Best = back.Server, back.Best
	t.Rematch, t.Ended = back.Rematch, back.Ended
	t.Active, t.Lapsed, t.Told = back.Active, back.Lapsed, back.Told
	// What the deliverer took since is not shown twice (see Outbox).
	shown := t.Outbox.Shown
	t.Touched, t.Outbox = back.Touched, back.Outbox
	if t.Outbox.Seq <= shown {
		t.Outbox = Outbox{Seq: t.Outbox.Seq, Shown: t.Outbox.Seq}
	}
	t.game = nil
	if len(t.State) > 0 && engine != nil {
		if g, err := engine.Load(t.State); err == nil {
			t.game = g
		}
	}
}
