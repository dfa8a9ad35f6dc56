// Package bot is the platform-neutral heart of Tablée: tables, lobbies,
// seats, turns and deadlines; it routes commands to engines, saves every
// accepted move before answering, and decides what to show to whom.
// It knows neither discordgo nor telegram-bot-api: adapters turn platform
// events into Commands and draw the Outs it produces.
package bot

import (
	"container/list"
	"context"
	"crypto/rand"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tablee/tablee/bot/challenges"
	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/store"
)

// Clock is the bot's only source of time, so that tests can move it.
type Clock interface{ Now() time.Time }

type systemClock struct{}

func (systemClock) Now() time.Time { return time.Now() }

// Options configure a Core.
type Options struct {
	Store store.Store
	// Lease is how long a process's claim on a table (a due time, a
	// delivery) holds on a store several processes share: what a dead
	// process's claims delay (shared.go). Default DefaultLease.
	Lease time.Duration
	Clock Clock // default: the system clock
	// Seeds gives each new game its seed; default: crypto/rand. The local
	// chat and tests pass a deterministic source.
	Seeds func() uint64
	Lang  i18n.Lang // default language of chats and users
	// OnDamaged, when set, is called once, with the error, the first time
	// a store call fails because the data file is damaged (an error
	// wrapping store.ErrDamaged) or its disk failed (store.ErrDiskFailed):
	// the store may refuse every later write, so the process should stop
	// cleanly rather than play on. It must not block: it runs inside the
	// command that met the damage.
	OnDamaged func(error)
	// Defaults for new tables' deadlines (see Settings).
	Turn     time.Duration
	Reminder time.Duration
	OnExpiry string
	Logger   *slog.Logger
	// LobbyExpiry is how long a lobby nobody changes stays open before it
	// is closed and deleted; 0 means DefaultLobbyExpiry.
	LobbyExpiry time.Duration
	// IdleGame is how long a started game may go without a move by a
	// person before the chat is told it will stop, and IdleGrace how long
	// after that it stops if nobody plays (idle.go); 0 means
	// DefaultIdleGame and DefaultIdleGrace.
	IdleGame  time.Duration
	IdleGrace time.Duration
	// TableMemory is the budget, in bytes (estimated), of the tables kept
	// in memory; 0 means DefaultTableMemory. IdleTable is how long a table
	// nobody plays stays in memory; 0 means DefaultIdleTable. Users is how
	// many user records stay in memory; 0 means DefaultUsers. A table or
	// user out of memory is read again from the store when needed.
	TableMemory int64
	IdleTable   time.Duration
	Users       int
	// ChainBotThought is the longest a table's bot may have taken to
	// choose its last move for a person's move to be chained with the
	// bots' replies into one durable write (play.go); 0 means
	// DefaultChainBotThought. Tests that count the durable writes set it
	// long, the bots' time being the machine's.
	ChainBotThought time.Duration
	// WebNotify tells the other processes sharing the store each table
	// shown, for the web pages they serve (store.Notifier: PostgreSQL's
	// NOTIFY, a statement a delivery); ListenShown hears theirs. Set where
	// the deployment serves a web table; no effect on a store that is not
	// a Notifier.
	WebNotify bool
	// Observer hears the moves, saves and deliveries, for the operator's
	// metrics; nil: nobody.
	Observer Observer
	// Challenges keeps the daily challenge's records (/defi,
	// challenge.go; challenge/forcore gives package challenge's); nil: the
	// deployment offers no challenge, and /defi says so.
	Challenges challenges.Records
	// RateLimits bound the commands of each user and of each group chat
	// (ratelimit.go); zero: no limit. The server passes
	// DefaultRateLimits unless configured otherwise.
	RateLimits RateLimits
}

// Core runs commands against the tables, which it keeps in memory while
// they are played (tables.go). It is safe
// for concurrent use: commands on different tables run in parallel and
// share fsyncs; commands on one table are serialised by the table's lock.
type Core struct {
	opts Options
	st   store.Store
	// shared is the store when several processes use it (shared.go), nil
	// for a store one process holds.
	shared store.Shared
	// notifier tells the other processes the tables shown, and hears
	// theirs, for the web pages (Options.WebNotify); nil: none.
	notifier store.Notifier
	// joined is the shared store when it joins a delivery's writes with
	// its saves (store.Deliverer), nil otherwise.
	joined store.Deliverer
	// moved counts the copies of tables dropped because another process
	// had moved the table: a command refused meanwhile is run again
	// (shared.go).
	moved atomic.Uint64
	clock Clock
	log   *slog.Logger
	obs   Observer

	mu     sync.Mutex
	byChat map[string]*Table // open tables in memory
	byID   map[uint64]*Table // open tables in memory
	lru    *list.List        // of *Table, most recently used first
	// tableBytes is the estimated memory of the tables in memory.
	tableBytes int64
	// opening reserves the chats whose /play is writing a new table.
	opening map[string]bool
	// notesUnsaved holds the tables in memory with notes that ride their
	// next save (SetNote), for saveNotes.
	notesUnsaved map[uint64]*Table

	usersMu  sync.Mutex
	users    map[string]*userRecord
	usersLRU *list.List // of user ids, most recently used first

	transMu    sync.RWMutex
	transports map[string]Transport

	// The deliverers of the tables' outboxes (outbox.go): one running per
	// table with something to show; outIdle is signalled when one stops.
	outMu      sync.Mutex
	outRunning map[uint64]*deliverer
	outIdle    *sync.Cond

	// rateMu makes one game's rating at a time (ratings.go): each reads
	// the records it then writes.
	rateMu sync.Mutex

	// The scheduler's agenda (due.go).
	dueMu  sync.Mutex
	agenda agenda

	// limiter holds the users' and chats' token buckets (ratelimit.go).
	limiter *rateLimiter

	// watchers are the web pages told when a table was shown (web.go).
	watchers watchers

	wake     chan struct{}
	inflight sync.WaitGroup
	closing  atomic.Bool
}

// New builds a core on a store. It reads the store's due index, so that a
// restart resumes where the last run stopped, but no table: tables are
// loaded when they are first needed.
func New(opts Options) (*Core, error) {
	if opts.Store == nil {
		return nil, errors.New("bot: no store")
	}
	if opts.Clock == nil {
		opts.Clock = systemClock{}
	}
	if opts.Seeds == nil {
		opts.Seeds = randomSeed
	}
	if opts.Lang == "" {
		opts.Lang = i18n.Default
	}
	if opts.OnExpiry == "" {
		opts.OnExpiry = "pass"
	}
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	if opts.LobbyExpiry <= 0 {
		opts.LobbyExpiry = DefaultLobbyExpiry
	}
	if opts.IdleGame <= 0 {
		opts.IdleGame = DefaultIdleGame
	}
	if opts.IdleGrace <= 0 {
		opts.IdleGrace = DefaultIdleGrace
	}
	if opts.TableMemory <= 0 {
		opts.TableMemory = DefaultTableMemory
	}
	if opts.IdleTable <= 0 {
		opts.IdleTable = DefaultIdleTable
	}
	if opts.Users <= 0 {
		opts.Users = DefaultUsers
	}
	if opts.ChainBotThought <= 0 {
		opts.ChainBotThought = DefaultChainBotThought
	}
	if opts.Lease <= 0 {
		opts.Lease = DefaultLease
	}
	if opts.Observer == nil {
		opts.Observer = noObserver{}
	}
	if opts.Turn > 0 && opts.Turn < MinTurn {
		return nil, fmt.Errorf("bot: a turn time of %v is under the minimum of %v", opts.Turn, MinTurn)
	}
	c := &Core{
		opts: opts, st: opts.Store, clock: opts.Clock, log: opts.Logger, obs: opts.Observer,
		byChat: map[string]*Table{}, byID: map[uint64]*Table{}, lru: list.New(), opening: map[string]bool{},
		users: map[string]*userRecord{}, notesUnsaved: map[uint64]*Table{}, usersLRU: list.New(), transports: map[string]Transport{},
		wake: make(chan struct{}, 1), outRunning: map[uint64]*deliverer{},
	}
	c.outIdle = sync.NewCond(&c.outMu)
	for _, l := range []RateLimit{opts.RateLimits.User, opts.RateLimits.Chat} {
		if l.Burst < 0 || (l.Burst > 0 && l.Every <= 0) {
			return nil, fmt.Errorf("bot: a rate limit of %d commands, one more every %v, limits nothing", l.Burst, l.Every)
		}
	}
	if opts.RateLimits.User.Burst > 0 || opts.RateLimits.Chat.Burst > 0 {
		c.limiter = newRateLimiter(opts.RateLimits)
	}
	c.shared, _ = opts.Store.(store.Shared)
	if c.shared != nil {
		c.joined, _ = opts.Store.(store.Deliverer)
	}
	if opts.WebNotify {
		c.notifier, _ = opts.Store.(store.Notifier)
	}
	if err := c.completeDueIndex(); err != nil {
		return nil, err
	}
	if err := c.completePlayedIndex(); err != nil {
		return nil, err
	}
	if err := c.completeIdleIndex(); err != nil {
		return nil, err
	}
	if err := c.readAgenda(); err != nil {
		return nil, err
	}
	// From here on damage is the caller's to handle through OnDamaged (New
	// returns what it meets itself).
	c.st = watchDamage(c.st, opts.OnDamaged)
	return c, nil
}

func randomSeed() uint64 {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		return uint64(time.Now().UnixNano())
	}
	return binary.LittleEndian.Uint64(b[:])
}

// SetTransport registers how to deliver messages of one platform: the part
// of chat and user keys before the first colon ("discord", "telegram").
func (c *Core) SetTransport(platform string, t Transport) {
	c.transMu.Lock()
	defer c.transMu.Unlock()
	c.transports[platform] = t
}

// HasTransport tells whether a platform's transport is registered.
func (c *Core) HasTransport(platform string) bool {
	c.transMu.RLock()
	defer c.transMu.RUnlock()
	return c.transports[platform] != nil
}

func platformOf(key string) string {
	if i := strings.IndexByte(key, ':'); i >= 0 {
		return key[:i]
	}
	return key
}

// Close refuses new commands and waits for those under way, so that a
// shutdown never cuts a move between its save and its answer.
func (c *Core) Close() {
	c.closing.Store(true)
	c.inflight.Wait()
	c.Flush() // what was saved is handed to the transports before the stop
	c.saveNotes()
}

// Handle runs one command and returns the answers for its author. Every
// other message (boards, events, hands) goes through the transports. An
// accepted move is on disk before Handle returns.
func (c *Core) Handle(ctx context.Context, cmd Command) []Out {
	outs := c.handleFresh(ctx, cmd)
	// Pictures of the answers (a hand, a board) are drawn here, every
	// table's lock released.
	c.safely("picture", func() { c.drawPictures(outs) }, commandAttrs(cmd)...)
	return outs
}

func (c *Core) handle(ctx context.Context, cmd Command) (outs []Out) {
	rep := replier{lang: c.opts.Lang}
	// The boundary of a command: a panic below is logged with the table and
	// the move, the table is back to its last saved state (Core.unlock),
	// the author gets an apology, and every other table plays on.
	defer func() {
		if p := recover(); p != nil {
			c.recovered(p, "command", commandAttrs(cmd)...)
			outs = rep.refuse("bot.internal_error")
		}
	}()
	rep.lang = c.userLang(cmd.User)
	if c.closing.Load() {
		return rep.refuse("bot.closing")
	}
	c.inflight.Add(1)
	defer c.inflight.Done()
	if err := cmd.check(); err != nil {
		return rep.refuse("bot.bad_input")
	}
	switch c.allow(cmd) {
	case tellOnce:
		return rep.refuse("bot.too_fast")
	case silent:
		return nil
	}
	// A name is stored in seats and shown to everyone: never as the
	// platform gave it (see CleanName).
	cmd.User.Name = cleanUserName(cmd.User.Name, cmd.User.ID)
	c.noteUser(cmd.User)
	if cmd.Private || canonical(cmd.Name) == "hand" {
		c.reopenDM(cmd.User.ID)
	}
	if cmd.Payload != "" {
		return c.press(ctx, cmd, rep)
	}
	if row := commands.lookup(cmd.Name); row != nil && row.Run != nil {
		if row.YieldsToVerbs {
			if name := games.FoldWord(cmd.Name); name != "" {
				if t := c.tableFor(cmd); t != nil && t.engine != nil && hasVerb(t.engine, name) {
					return c.move(ctx, cmd, strings.TrimSpace(name+" "+strings.Join(cmd.Args, " ")), rep)
				}
			}
		}
		if !row.Where.allows(cmd.Private) {
			return rep.refuse(row.Elsewhere)
		}
		return row.Run(c, ctx, cmd, rep)
	}
	// A game's own verbs ("/crack", "/pioche 2") are moves of the table.
	if t := c.tableFor(cmd); t != nil && t.engine != nil {
		if mv, ok := MoveOf(t.engine, cmd.Name, cmd.Args); ok {
			return c.move(ctx, cmd, mv, rep)
		}
	}
	return rep.refuse("bot.unknown_command", cmd.Name)
}

// MoveOf is the move a typed command plays at a table of the game e, as
// the engine receives it: "/coup E droite 2" is "E droite 2", "/passe" is
// "pass", a verb of the game keeps its word ("/réponse pirates" is
// "reponse pirates"). ok is false for a command that plays no move there.
func MoveOf(e games.Engine, name string, args []string) (string, bool) {
	name = canonical(name)
	switch name {
	case "move":
		return strings.Join(args, " "), true
	case "pass":
		return strings.TrimSpace("pass " + strings.Join(args, " ")), true
	}
	if e != nil && hasVerb(e, name) {
		return strings.TrimSpace(name + " " + strings.Join(args, " ")), true
	}
	return "", false
}

// TypedMove is the move a line typed in a chat plays at a table of the
// game e: the command ParseText reads, made a move by MoveOf. ok is false
// for a line that is no command or a command that plays no move there.
// The games' tests play their corpus of typed moves through it.
func TypedMove(e games.Engine, text string) (string, bool) {
	name, args, ok := ParseText(text)
	if !ok {
		return "", false
	}
	return MoveOf(e, name, args)
}

func hasVerb(e games.Engine, name string) bool {
	for _, v := range e.Verbs() {
		if v == name {
			return true
		}
	}
	return false
}

// tableFor finds the table a command is about: the chat's open table, or,
// in a private chat, the one table the user sits at.
func (c *Core) tableFor(cmd Command) *Table {
	if !cmd.Private {
		return c.chatTable(cmd.Chat)
	}
	ids := c.userTables(cmd.User.ID)
	if len(ids) != 1 {
		return nil // none, or several: the user must say which (buttons do)
	}
	return c.table(ids[0])
}

// Note and SetNote let adapters remember things about a table across
// restarts, such as the id of the board message they edit in place. A
// finished table's notes are read from its record (a link to its last
// board, from /history in private).
func (c *Core) Note(table uint64, key string) string {
	t := c.inMemory(table)
	if t == nil {
		// As c.table reads it, but a finished table's record is kept for
		// its notes rather than read a second time.
		rec, err := c.st.Table(table)
		if err == nil && rec.Finished {
			return recordNote(rec, key)
		}
		t = c.loadRead(rec, err, "table", table)
	}
	// The copy's version is not read from the store first (a round trip
	// on a shared store, two a move on Telegram): the notes are read while
	// a batch is shown, by the one process holding the table's delivery
	// lease, whose copy the save that took the batch found current; a
	// note another process saved later is a race no read closes.
	if t = c.lockCopy(t, false); t == nil {
		return ""
	}
	defer c.unlock(t)
	return t.Notes[key]
}

// recordNote is a note of a table's record, "" when it has none or the
// record does not read.
func recordNote(rec store.Table, key string) string {
	var notes struct {
		Notes map[string]string `json:"notes"`
	}
	if json.Unmarshal(rec.Data, &notes) != nil {
		return ""
	}
	return notes.Notes[key]
}

// SetNote keeps a note with the table. A note records what was shown (a
// message's id): lost in a crash, a message is posted again (or an older
// one edited) rather than the newest edited, as a crash between sending a
// message and noting it always could. So on a store of one process the
// note rides the table's next save (the next move's, usually) rather than
// costing a durable write of its own after every message an adapter sends
// anew: it is saved by then, at the latest by the next sweep of the
// scheduler (saveNotes) or at Close, and the table does not leave memory
// before. On a shared store another process reads the notes at every use
// (keeper.Notes.Shared): the note is saved at once, without waiting for
// the disk (lazy), and without reading the copy's version first: the save
// compares it in its own statement, and a stale save drops the copy, read
// again here for the note to be set on it. A note set while this
// process's deliverer shows the table (what the Telegram adapter notes as
// it posts) rides instead the save that records the batch shown and gives
// the delivery lease back (Core.landed): no other process shows the table
// before that save, and the others read the notes only to show it. A
// table no longer in memory (finished) saves it at once too.
func (c *Core) SetNote(table uint64, key, value string) error {
	for try := 1; ; try++ {
		t := c.lockCopy(c.table(table), false)
		if t == nil {
			return store.ErrNotFound
		}
		if t.Notes[key] == value {
			c.unlock(t)
			return nil
		}
		if t.Notes == nil {
			t.Notes = map[string]string{}
		}
		if c.noteLater(t) {
			t.Notes[key] = value
			if t.notesUnsaved == nil {
				t.notesUnsaved = map[string]string{}
			}
			t.notesUnsaved[key] = value
			c.unlock(t)
			return nil
		}
		snap := t.snapshot()
		t.Notes[key] = value
		t.lazy = true
		err := c.save(t, nil)
		if err != nil {
			t.restore(snap)
		}
		c.unlock(t)
		switch {
		case err == nil:
			return nil
		case !errors.Is(err, store.ErrStale) || try == freshTries:
			return errNotSaved
		}
	}
}

// noteLater tells whether a note of the locked table may wait for its
// next save, and if so counts the table among those saveNotes saves:
// decided under c.mu, where Close's saveNotes takes the list, so that a
// note is either in that list or saved at once once closing.
func (c *Core) noteLater(t *Table) bool {
	if c.shared != nil && !t.showing {
		return false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closing.Load() || c.byID[t.ID] != t || t.over() {
		return false
	}
	c.notesUnsaved[t.ID] = t
	return true
}

// saveNotes saves the tables whose notes wait for a save (SetNote): by
// the scheduler's sweep, and at Close.
func (c *Core) saveNotes() {
	c.mu.Lock()
	ts := make([]*Table, 0, len(c.notesUnsaved))
	for _, t := range c.notesUnsaved {
		ts = append(ts, t)
	}
	c.mu.Unlock()
	for _, t := range ts {
		c.saveNotesOf(t)
	}
}

func (c *Core) saveNotesOf(t *Table) {
	t.mu.Lock()
	defer c.unlock(t)
	if len(t.notesUnsaved) == 0 || t.evicted {
		return
	}
	c.keep(t, t.snapshot()) // a failure is logged; the notes wait for the next save
}

// errNotSaved is a change the store refused (logged by save).
var errNotSaved = errors.New("bot: not saved")

// save writes the table, and the move when there is one, in one transaction.
func (c *Core) save(t *Table, mv *store.Move) error {
	if t.Phase.undealt() && t.batchOpen {
		// A change the lobby shows (a seat, a bot) starts its week again;
		// a note of an adapter or a rewrite at start-up does not.
		t.Touched = c.clock.Now().UTC()
	}
	t.noteTurns()
	rec, err := t.record()
	if err != nil {
		return err
	}
	rec.Due = c.timing(t).NextDue(c.clock.Now())
	rec.Lazy, t.lazy = t.lazy && mv == nil && !t.batchOpen, false
	ev := t.event
	if ev != nil && ev.Key != "" && mv != nil {
		rec.Played = []string{ev.Key}
	}
	opened := t.batchOpen
	t.batchOpen = false // the change's batch ends with its save, saved or not
	// The store's time is the disk's, not the core's clock (which tests
	// move by hand): measured on the wall clock.
	began := time.Now()
	chained := t.chain && mv != nil
	if chained {
		var wait func() error
		if wait, err = saveChained(c.st, rec, mv); err == nil {
			t.unsettled = append(t.unsettled, func() error {
				err := wait()
				c.obs.Saved(time.Since(began), err)
				if err == nil && rec.Played != nil {
					ev.recorded.Store(true)
				}
				return err
			})
		}
	} else if l := t.lease; l != nil && mv == nil {
		err = c.saveLeased(rec, l)
	} else {
		err = c.st.Save(rec, mv)
		c.obs.Saved(time.Since(began), err)
	}
	t.lease = nil
	if err != nil {
		if errors.Is(err, errLeaseHeld) {
			return err
		}
		if errors.Is(err, store.ErrStale) {
			c.movedElsewhere(t)
			return err
		}
		c.log.Error("save failed", "table", t.ID, "err", err)
		return err
	}
	if rec.Played != nil {
		if !chained {
			ev.recorded.Store(true) // else once its wait says it was written
		}
		t.event = nil // the bots' moves that follow are not the event's
	}
	if t.notesUnsaved != nil {
		t.notesUnsaved = nil // in this save
		c.mu.Lock()
		delete(c.notesUnsaved, t.ID)
		c.mu.Unlock()
	}
	t.version = rec.Version + 1
	t.committed = rec.Data
	t.shared.Store(&rec.Data)
	c.resized(t)
	c.setDue(t)
	if opened {
		c.kick(t)
	}
	return nil
}

// saveChained is st's SaveChained (store.Chainer), or its Save with
// nothing left to wait for.
func saveChained(st store.Store, t store.Table, mv *store.Move) (wait func() error, err error) {
	if ch, ok := st.(store.Chainer); ok {
		return ch.SaveChained(t, mv)
	}
	return func() error { return nil }, st.Save(t, mv)
}

// settle waits for the table's chained saves (store.Chainer) to be on
// disk, before anything that shows them or answers for them: the table's
// lock is held from the saves to here, so its deliverer has shown nothing
// of them. The first wait writes them all, with one fsync. When they never
// reach the disk (the store then takes no more writes), the table goes
// back to what the store holds. A shared store that writes the chain only
// now may find it stale: nothing of it was written, and the copy is
// dropped as by a stale save, for the command to be played again on the
// table read again (handleFresh).
func (c *Core) settle(t *Table) error {
	waits := t.unsettled
	t.unsettled = nil
	var err error
	for _, wait := range waits {
		if werr := wait(); err == nil {
			err = werr
		}
	}
	switch {
	case errors.Is(err, store.ErrStale):
		c.movedElsewhere(t)
	case err != nil && c.shared != nil:
		// The copy is ahead of the store: read again.
		c.log.Error("save failed", "table", t.ID, "err", err)
		c.movedElsewhere(t)
	case err != nil:
		c.log.Error("save failed", "table", t.ID, "err", err)
		c.reload(t)
	}
	return err
}

// keep saves a table changed since the snapshot before; when the save
// fails it puts the table back as it was and says so, so that what the
// players are told and what the disk holds never differ.
func (c *Core) keep(t *Table, before snapshot) bool {
	if err := c.save(t, nil); err != nil {
		t.restore(before)
		return false
	}
	return true
}

// lockTable finds the command's table and locks it; without one it returns
// nil and the refusal to answer.
func (c *Core) lockTable(cmd Command, rep replier) (*Table, []Out) {
	t := c.lockLive(c.tableFor(cmd))
	if t == nil {
		return nil, rep.refuse("bot.no_table")
	}
	return t, nil
}

// forget drops a table that ended from the open tables.
func (c *Core) forget(t *Table) {
	c.mu.Lock()
	c.removeLocked(t)
	c.mu.Unlock()
	c.dropDue(t.ID)
}

// deliver sends messages through their platform's transport. A closed DM
// is remembered on the user, so that the next start can warn about it;
// stopping is true when a platform did not send one because it is stopping
// (ErrStopping).
func (c *Core) deliver(ctx context.Context, outs ...Out) (stopping bool) {
	for _, o := range outs {
		key := o.Chat
		if o.Dest == ToUser {
			key = o.User
		}
		c.transMu.RLock()
		tr := c.transports[platformOf(key)]
		c.transMu.RUnlock()
		if tr == nil {
			continue
		}
		if o.Dest == ToUser && c.withheld(o) {
			continue
		}
		if err := c.deliverOne(ctx, tr, o); err != nil {
			if errors.Is(err, ErrStopping) {
				stopping = true
				continue
			}
			if errors.Is(err, ErrNoPrivate) {
				c.updateUser(o.User, func(u *userRecord) { u.NoDM = true })
				continue
			}
			c.log.Warn("delivery failed", "to", key, "err", err)
		} else if o.Dest == ToUser {
			if u := c.user(o.User); u.NoDM {
				c.updateUser(o.User, func(u *userRecord) { u.NoDM = false })
			}
		}
	}
	return stopping
}

// withheld tells a private message not to send: the user's private
// messages were refused (until reopenDM), or he keeps his hands behind the
// board's button.
func (c *Core) withheld(o Out) bool {
	u := c.user(o.User)
	return u.NoDM || o.Hand && u.Hand == HandButton
}

// reopenDM lets the next private message to a user whose private
// messages were refused be tried again: he wrote to the bot in private, or
// asked for his hand. Until then none is sent: every refused one is an
// invalid request to the platform, and Discord bans for a while the bots
// that make 10,000 of them in 10 minutes (docs.discord.com, Rate Limits,
// "Invalid Request Limit"); a 4-player game used to try one per move.
func (c *Core) reopenDM(user string) {
	if c.user(user).NoDM {
		c.updateUser(user, func(u *userRecord) { u.NoDM = false })
	}
}

// replier builds the answers to one command in its author's language.
type replier struct{ lang i18n.Lang }

func (r replier) text(key string, args ...any) string {
	return i18n.Renderer{Lang: r.lang}.Text(i18n.T(key, args...))
}

func (r replier) refuse(key string, args ...any) []Out {
	return []Out{{Dest: ToReply, Refusal: true, Private: true, Text: r.text(key, args...)}}
}

func (r replier) say(key string, args ...any) []Out {
	return []Out{{Dest: ToReply, Text: r.text(key, args...)}}
}

func (r replier) refusal(m i18n.Msg, t *Table) []Out {
	return []Out{{Dest: ToReply, Refusal: true, Private: true, Text: renderer(t, r.lang).Text(m)}}
}

func renderer(t *Table, lang i18n.Lang) i18n.Renderer {
	if t == nil {
		return i18n.Renderer{Lang: lang}
	}
	return i18n.Renderer{Lang: lang, Name: func(seat int) string { return t.nameIn(seat, lang) }}
}
