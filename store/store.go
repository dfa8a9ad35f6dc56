// Package store is the persistence contract of the bot: tables, their move
// logs and user records. The bot serialises its own records; the store keeps
// bytes, indexes and transactions. store/bolt implements it on one bbolt file.
package store

import (
	"context"
	"errors"
	"time"
)

// SchemaVersion is the layout version written in every data file. A file of
// an older version is migrated when opened; a newer one is refused: we never
// guess at a layout.
const SchemaVersion = 5

// ErrNotFound is returned for a table or user the store does not hold.
var ErrNotFound = errors.New("store: not found")

// ErrDamaged is wrapped by every error that means the data file itself is
// damaged: a page that cannot be read (a fault on the memory map included),
// a record whose checksum fails, indexes that disagree. Its message names
// the file, the newest automatic backup and the way out (`tablee check`,
// then restoring the backup). A store that returned it on a write may
// refuse every later write: the process should stop cleanly and let the
// operator repair the file, rather than play on and lose moves.
var ErrDamaged = errors.New("store: data file damaged")

// ErrDiskFailed is wrapped by every error that means the disk (or the
// file system) under the data file failed while reading or writing it: an
// input/output error, met by a plain read or as a fault on the memory map.
// That is not damage found in the file: its message says what failed and
// advises a restart once the disk is healthy, not a backup in its place
// (the journal beside the file may hold saves a restart writes back). The
// process should stop cleanly as for ErrDamaged.
var ErrDiskFailed = errors.New("store: the disk under the data file failed")

// Unusable tells whether err means the store cannot go on in this process:
// its data file is damaged (ErrDamaged) or its disk failed (ErrDiskFailed).
func Unusable(err error) bool {
	return errors.Is(err, ErrDamaged) || errors.Is(err, ErrDiskFailed)
}

// ErrStale is returned by Save when the table changed in the store since
// the copy being saved was read: another process moved it. Nothing is
// written; the caller reads the table again and does its change anew. Only
// a Shared store returns it.
var ErrStale = errors.New("store: table changed by another process")

// Kinds of refusal of a Save, for errors.Is: nothing was written. Each
// store's errors say it in a full sentence and wrap one of these.
var (
	// ErrMoveSeq: the move is not exactly the next of the table's log
	// (last+1, 1 for the first): anything else would lose or duplicate a
	// move.
	ErrMoveSeq = errors.New("store: move out of sequence")
	// ErrChatBusy: an unfinished table for a chat that already has
	// another unfinished one.
	ErrChatBusy = errors.New("store: chat already has an open table")
	// ErrBadTable: a table whose id NewTableID never gave, or without a
	// chat.
	ErrBadTable = errors.New("store: invalid table")
)

// Table is one table as the store sees it.
type Table struct {
	ID       uint64 // given by NewTableID, never reused
	Chat     string // the chat key ("discord:123", "telegram:-100:7", "local:main")
	Game     string // engine name, for history listings
	Finished bool   // a finished table stays readable but is no longer its chat's open table
	Data     []byte // the bot's record of the table: seats, settings, deadlines, engine state

	// FinishedAt is when the store first saved the table Finished (UTC, to
	// the second), zero while it is not: what retention goes by. The store
	// sets it; Save ignores the value it is given.
	FinishedAt time.Time

	// Due is the earliest time the scheduler must look at the table (a
	// deadline, a reminder, a lobby's expiry, a bot seat to resume), zero
	// for none. The store keeps an index of it, so that the next thing due
	// is found without reading every table (Due, NextDue).
	Due time.Time
	// Seated lists the users who sit at the table (platform-qualified
	// ids, as User.ID). The store indexes the unfinished tables by them
	// (SeatedTables), so that a command sent in private finds the tables
	// of its author without reading every table, and every table, finished
	// or not, (PlayedTables), so that a player finds the games he played.
	// A finished table keeps the Seated of its last save.
	Seated []string

	// Unshown is the number of the table's last batch of messages saved but
	// not yet shown to the players (its outbox), 0 when everything saved
	// was shown. The store keeps an index of the tables with something to
	// show (Unshown), cleared by Shown.
	Unshown uint64

	// Lazy marks a save that only records what was shown (the batch a
	// deliverer took, then that it landed): lost in a crash, it shows a
	// batch again, as a crash always may. A store may commit it without
	// waiting for the disk; Save ignores it on a table that is not saved
	// otherwise as it was.
	Lazy bool

	// Played lists the platforms' events (Deduper keys) the save plays:
	// a store that is a Deduper records them played in the same durable
	// write as the table and its move, so that the event is played once
	// without a write of its own; a Save refused records nothing. Save
	// reads it only; a table read back has none.
	Played []string

	// Version counts the saves of the table in a Shared store: read with
	// the table, it is what Save checks the stored table still has (ErrStale
	// otherwise) before writing it as Version+1. The caller's copy is then
	// at Version+1. A store held by one process (store/bolt) keeps none:
	// always 0, never checked.
	Version uint64
}

// DueTable is one entry of the due index: a table and its Due time.
type DueTable struct {
	ID uint64
	At time.Time
}

// Move is one accepted move in a table's log.
type Move struct {
	Seq  uint64    // the table's move counter after this move (1, 2, ...)
	At   time.Time // when it was accepted (UTC)
	Seat int       // the seat that moved
	User string    // the user who sent it, or "" for the bot acting on a deadline
	Text string    // the move as the engine applied it
}

// User is what the bot remembers of a person across chats.
type User struct {
	ID   string // platform-qualified ("discord:42", "telegram:42", "local:alice")
	Data []byte // the bot's record: language, whether DMs work, statistics
}

// Rating is one record of the bot's ratings: a player's rating at one game,
// in one server or across all of them. The bot composes Key so that the
// records it lists together (a leaderboard) share a prefix, and encodes
// Data.
type Rating struct {
	Key  string
	Data []byte
}

// Store is the contract the bot relies on.
//
// A chat has at most one unfinished table at a time (Save refuses a second
// one), and a table's id must come from NewTableID.
//
// Save is the heart of "a move that is answered survives kill -9": it writes
// the table and appends the move to its log in one durable transaction, and
// returns only once that transaction is on disk.
type Store interface {
	// NewTableID reserves a fresh table id.
	NewTableID() (uint64, error)
	// Save writes the table and, when move is not nil, appends the move to the
	// table's log, atomically and durably. Concurrent Saves of different
	// tables may share one fsync. The store may keep t.Data until the save is
	// written where it stays: the caller must not change its bytes after.
	Save(t Table, move *Move) error
	// OpenTables returns every table not finished: for tools and for a
	// one-time rebuild of the indexes; the bot loads tables one at a time.
	OpenTables() ([]Table, error)
	// OpenTable reads a chat's unfinished table; ErrNotFound when the chat
	// has none.
	OpenTable(chat string) (Table, error)
	// SeatedTables lists the ids of the unfinished tables whose Seated
	// holds the user, in ascending order.
	SeatedTables(user string) ([]uint64, error)
	// PlayedTables lists the ids of every table, finished or not, whose
	// Seated held the user when it was last saved, in ascending order: a
	// player's games, whatever their chats. A deleted table leaves it.
	PlayedTables(user string) ([]uint64, error)
	// Table reads one table, finished or not.
	Table(id uint64) (Table, error)
	// ChatTables lists the ids of every table a chat has had, oldest first.
	ChatTables(chat string) ([]uint64, error)
	// Moves returns a table's log in order.
	Moves(id uint64) ([]Move, error)
	// User reads a user record; ErrNotFound when the user is new.
	User(id string) (User, error)
	// SaveUser writes a user record durably.
	SaveUser(u User) error
	// Due lists the tables whose Due time is not after the given time,
	// with that time, earliest first, at most limit of them (limit <= 0:
	// all). It reads the index, not the tables: it is what the bot's
	// scheduler starts from.
	Due(before time.Time, limit int) ([]DueTable, error)
	// NextDue is the earliest Due time of all tables; false when none.
	NextDue() (time.Time, bool, error)
	// Unshown returns every table, finished or not, with something saved
	// but not yet shown (Unshown > 0), for start-up.
	Unshown() ([]Table, error)
	// Shown records that the table's batches up to seq were shown: the
	// table leaves the Unshown index unless a later batch was saved since.
	// It is not part of any move's transaction; a crash before it only
	// shows the last batch again.
	Shown(id, seq uint64) error
	// Ratings lists the rating records whose key begins with prefix, in
	// key order.
	Ratings(prefix string) ([]Rating, error)
	// Rate writes the rating records a finished table changed, all of
	// them or none, durably, and remembers the table: a Rate of a table
	// already rated writes nothing and returns false. A game is counted
	// once, however often a crash makes the bot try again.
	Rate(table uint64, ratings []Rating) (bool, error)
	// DeleteTable removes a table entirely: its record, its move log, its
	// place in its chat's history and its chat's open entry. The id is not
	// given again. ErrNotFound when the store does not hold the table.
	DeleteTable(id uint64) error
	// Close flushes and releases the file.
	Close() error
}

// Shared is implemented by a store that several processes use at once
// (store/postgres): any process may play any table. The bot then checks
// before a change that no other process moved the table since it read it
// (TableVersion), and Save refuses a copy another process has moved on
// from (ErrStale); what the processes share (the due deadlines, the
// deliveries of the outbox) is claimed for a lease, so that each deadline
// fires once and each table's messages are shown by one process at a time,
// in order. A lease outlives its process by at most its length: a killed
// process's claims pass to the others.
type Shared interface {
	// TableVersion is the table's Version as stored now; ErrNotFound when
	// the store does not hold it.
	TableVersion(id uint64) (uint64, error)
	// ClaimDue is Due for one process among several: the tables due by
	// before that no process claimed within the last lease, earliest first,
	// at most limit of them, now claimed by this one for lease.
	ClaimDue(before time.Time, limit int, lease time.Duration) ([]DueTable, error)
	// ClaimDelivery takes the lease of showing table id's outbox for lease,
	// or renews this process's own; false when another process holds it.
	ClaimDelivery(id uint64, lease time.Duration) (bool, error)
	// ReleaseDelivery gives the lease back before it ends.
	ReleaseDelivery(id uint64) error
	// UpdateUser changes a user record while other processes' UpdateUser
	// of the same user wait: change gets the record as stored (found
	// false when there is none) and returns the new data, or nil to write
	// nothing. Two processes changing one user at once (a language set
	// here, a game's statistics there) thus both keep their change.
	UpdateUser(id string, change func(data []byte, found bool) ([]byte, error)) error
}

// Deliverer is a Shared store that joins a delivery's writes of a table
// with the saves of what it takes and shows (store/postgres): the lease
// taken in the save of what is taken in flight, and the clearing of that
// with the shown mark and the lease given back, one write each where
// ClaimDelivery, Save, Save, Shown and ReleaseDelivery are five. A core
// on a Shared store that is not one makes the five.
type Deliverer interface {
	// SaveClaiming is Save of a table without a move that also takes, or
	// renews, this process's delivery lease of it for lease, in the same
	// write: false, and nothing written, when another process holds the
	// lease; ErrStale, as Save, when the table changed since it was read.
	SaveClaiming(t Table, lease time.Duration) (bool, error)
	// SaveShown is Save of a table without a move that also records its
	// batches up to seq shown (Shown) and gives this process's delivery
	// lease back (ReleaseDelivery), in the same write; refused as Save
	// is, it writes none of the three.
	SaveShown(t Table, seq uint64) error
}

// Notifier is a Shared store that tells the processes sharing it which
// tables were shown (store/postgres: LISTEN/NOTIFY), so that the web
// pages a process serves read again a table another process moved.
type Notifier interface {
	// NotifyShown tells the other processes that table id was shown.
	NotifyShown(id uint64) error
	// ListenShown calls shown with each table another process notified,
	// until ctx ends, and shown(0) whenever notifications may have been
	// missed (a connection lost and made again): every table may have
	// changed. It returns when ctx ends.
	ListenShown(ctx context.Context, shown func(id uint64))
}

// Deduper remembers the platforms' events (a Telegram update's update_id)
// for a day, so that an event handed again (a webhook retried, posted to
// two processes, or given again by getUpdates after a restart) is played
// once, and an event whose player stopped half-way is played again.
//
// An event is claimed before it is played and marked played after: a
// process killed between the two leaves a claim that lapses, and the
// event's next delivery is played (a move played twice is refused by its
// table; a move never played is never told to anyone). An event that
// plays a move is marked played by the move's Save (Table.Played), in
// the same write: the move and the event are durable together or not at
// all, and the answer waits for one write, not two.
type Deduper interface {
	// Claim takes the event key for the caller to play, for lease:
	// ClaimFresh when it is new, or when whoever claimed it stopped without
	// playing it (the lease passed, or, in a store one process has open at
	// a time, it was claimed before the store was opened); ClaimHeld while
	// another claim lasts (the event is being played, here or elsewhere);
	// ClaimPlayed once Played was called for it, or a Save recorded it
	// (Table.Played).
	Claim(key string, lease time.Duration) (Claim, error)
	// Played records that the claimed event was played: for an event
	// whose play saved no table (an answer, a refusal). One a Save
	// recorded already costs no write.
	Played(key string) error
}

// Chainer is a store whose saves can share one durable write with the
// saves that follow them: a person's move and the bot's reply to it.
type Chainer interface {
	// SaveChained is Save, returning before the save is durable: wait
	// returns once it is, or the error that kept it from the disk (the
	// save then never happened, and the store takes no more). Reads see
	// the save at once; the saves that follow it, of any table, are made
	// durable with it or after it, never before. Nothing that depends on
	// it may be acknowledged before wait returns, and wait must be called.
	//
	// A Shared store (store/postgres) may instead keep a table's chained
	// saves until the first wait, or a Save of the table that follows
	// them, and write them then, all or none: wait then also returns what
	// Save would have refused (ErrStale, ErrMoveSeq …), for the whole
	// chain, and the store takes more; reads see the saves once written,
	// and saves of other tables are not ordered with them. The caller
	// holds the table until wait returned and reads nothing of it meanwhile.
	SaveChained(t Table, move *Move) (wait func() error, err error)
}

// SeenFor is how long a Deduper remembers an event: Telegram keeps an
// update 24 hours at most, so none comes again later.
const SeenFor = 24 * time.Hour

// Claim is what Deduper.Claim found.
type Claim int

const (
	// ClaimFresh: the caller plays the event.
	ClaimFresh Claim = iota
	// ClaimHeld: someone plays it now; it is not played here.
	ClaimHeld
	// ClaimPlayed: it was played; it is dropped.
	ClaimPlayed
)

// Exporter is a store that can be read whole, to be copied into another
// (`tablee migrate`): store/bolt.
type Exporter interface {
	Store
	// ExportTables calls each with every table, finished or not, by id,
	// and its move log.
	ExportTables(each func(Table, []Move) error) error
	// ExportUsers calls each with every user record.
	ExportUsers(each func(User) error) error
	// ExportRated lists the tables whose game was rated (Rate).
	ExportRated() ([]uint64, error)
	// NextTableID is the id NewTableID gives next, not reserved.
	NextTableID() (uint64, error)
}

// Importer is a store a copy can be written into (`tablee migrate`):
// store/postgres. Each call writes its records as given, replacing what the
// store holds under the same id or key, so that a copy run again writes the
// same thing.
type Importer interface {
	Store
	// ImportTable writes a table with its id, FinishedAt, Due, Seated and
	// Unshown as given, and its whole log.
	ImportTable(t Table, moves []Move) error
	ImportUser(u User) error
	// ImportRatings writes rating records and marks tables rated.
	ImportRatings(ratings []Rating, rated []uint64) error
	// ReserveTableIDs makes NewTableID give next or a later id.
	ReserveTableIDs(next uint64) error
}
