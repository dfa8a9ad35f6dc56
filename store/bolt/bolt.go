// Package bolt implements store.Store on one bbolt file.
//
// Layout (schema version store.SchemaVersion, 5):
//
//	meta     "schema"     -> decimal schema version ("5")
//	         "journal"    -> 8-byte big-endian lsn: the last journal entry written into the file
//	         "epoch"      -> 8 bytes: the epoch of the journal entries of the process that opened it last
//	         "next_table" -> 8-byte big-endian id the next NewTableID returns
//	         "due_complete" -> empty: every table is in the due and seated indexes
//	         "played_complete" -> empty: every table's record names its users
//	         "idle_complete" -> empty: every started game's due time counts the wait for its players
//	tables   id           -> table record (chat, game, finished and when, data)
//	open     chat         -> id of the chat's unfinished table
//	history  len chat, chat, id -> empty: every table a chat has had
//	log      id, seq      -> the table's users (seq 0), blocks of moves (log.go)
//	users    id           -> user record
//	due      due, id      -> empty: the tables with a Due time, earliest first
//	unshown  id           -> 8-byte big-endian batch: the tables with something unshown
//	seated   user, 0, id  -> empty: the unfinished tables where each user sits
//	played   user, 0, id  -> empty: every table whose record seats each user
//	ratings  key          -> rating record (ratings.go)
//	rated    id           -> empty: the finished tables already rated
//
// Ids and sequence numbers are 8-byte big-endian keys, so bbolt's byte order
// is numeric order: histories come out oldest first and logs in move order.
// A due key is the due time in Unix nanoseconds then the table's id, both
// 8 bytes big-endian: a cursor finds what is due next without reading a
// table. Record encodings are in record.go and log.go; schema 1 files are
// migrated when opened (migrate.go). Schema 2 files become schema 3 when
// opened: the indexes they lack (seated, and due and unshown in those
// written before them) are added empty, since their records carry no due
// time, nothing unshown and no seated users, and due_complete is removed so
// that the bot saves every open table once to fill them (upgradeIndexes).
// A key of seated is read from its end, so a 0 byte in a user id is safe.
//
// A Save is acknowledged once it is in the journal, a write-ahead log
// beside the data file (store/wal; its records are written in journal.go);
// a checkpoint writes the journal into the data file about once a second
// (checkpoint.go), and Open writes whatever a crash left in it. Every read
// goes through one view, the file with the journal's saves laid over it
// key by key (view.go); Saves are checked and worked out against it
// (save.go). Every other write is one bbolt transaction; concurrent ones
// share one (group.go).
//
// Schema 4 is schema 3 with the journal: meta "journal" holds the last
// journal entry the file holds and meta "epoch" the number that the entries
// of the process that has the file open carry. Schema 5 keeps a finished
// table's users in its record and adds the played index; a schema 3 or 4
// file gets it when opened (addPlayed).
// Backups, checks, retention and compaction are in backup.go, check.go,
// retention.go and compact.go.
package bolt

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	bbolt "go.etcd.io/bbolt"
	berrors "go.etcd.io/bbolt/errors"

	"github.com/tablee/tablee/store"
	"github.com/tablee/tablee/store/wal"
)

// Options tune Open.
type Options struct {
	// Timeout is how long Open waits for the file lock held by another
	// process before giving up. Zero means DefaultTimeout.
	Timeout time.Duration
	// NoSync skips fsync on commit. For tests only: a crash may then lose
	// or tear acknowledged moves.
	NoSync bool
	// CheckpointEvery is how often the journal is written into the data
	// file; zero means DefaultCheckpointEvery.
	CheckpointEvery time.Duration
	// ChainedFlushAfter is how long a chained save waits for the save that
	// follows it before its journal entry is written alone (SaveChained);
	// zero means DefaultChainedFlushAfter. Tests that count the journal's
	// writes set it long.
	ChainedFlushAfter time.Duration
	// Now is the store's clock: when a table finished, when a backup was
	// taken. Default time.Now; tests move it.
	Now func() time.Time

	// journalFS is the file system of the journal (wal.OS when nil): the
	// tests put faults behind it.
	journalFS wal.FS
}

// DefaultTimeout is the lock wait when Options.Timeout is zero.
const DefaultTimeout = time.Second

// MaxBatchSize bounds how many writes share one transaction. A table save
// is ~2 KB, so 256 of them make a commit of about half a megabyte. Bigger
// groups measured no faster (the disk is no longer the limit at that
// point), and make every caller of a group wait for all of it.
const MaxBatchSize = 256

var (
	bMeta    = []byte("meta")
	bTables  = []byte("tables")
	bOpen    = []byte("open")
	bHistory = []byte("history")
	bLog     = []byte("log")
	bUsers   = []byte("users")
	bDue     = []byte("due")
	bUnshown = []byte("unshown")
	bSeated  = []byte("seated")
	bPlayed  = []byte("played")

	kSchema    = []byte("schema")
	kNextTable = []byte("next_table")
	// kDueComplete is in meta when the indexes the records feed are
	// complete: every table's due time in due, every seated user of an
	// unfinished table in seated. From the start in a file created with
	// them, after SetDueIndexComplete in one upgraded from an older
	// schema. (The name is the one schema 2 gave it.)
	kDueComplete = []byte("due_complete")
	// kPlayedComplete is in meta when every table's record holds its
	// seated users, finished tables included, and so the played index
	// names every player of every table: from the start in a file created
	// with schema 5, after SetPlayedIndexComplete in one upgraded from an
	// older schema (whose finished tables kept no seated users).
	kPlayedComplete = []byte("played_complete")
	// kIdleComplete is in meta when the due time of every started game
	// counts the wait for a move by its players, after which it ends: from
	// the start in a file created with it, after SetIdleDueComplete in one
	// written before (a game without deadlines had no due time at all).
	kIdleComplete = []byte("idle_complete")

	allBuckets = [][]byte{bMeta, bTables, bOpen, bHistory, bLog, bUsers, bDue, bUnshown, bSeated, bPlayed}
	// indexBuckets came after the first schema 2 files (seated with schema
	// 3, played with schema 5): Open adds them to a file without them.
	indexBuckets = [][]byte{bDue, bUnshown, bSeated, bPlayed}
)

// appendFill is the fill percent of the buckets written mostly at their
// end (chat histories, move logs): keys mostly grow, so pages can be filled
// before splitting.
const appendFill = 0.95

// Store is a store.Store on one bbolt file. It is safe for concurrent use.
type Store struct {
	db    *bbolt.DB
	file  *os.File // the file bbolt opened, nil when not known
	path  string
	group *groupCommit
	now   func() time.Time

	migratedFrom  int    // the schema Open migrated the file from, 0 when none
	migrationCopy string // where it copied the file before migrating

	journalState
	cp       *checkpointer
	replayed int           // saves Open read back from the journal
	seen     atomic.Uint64 // events played, to forget old ones now and then
	// issued is the next table id NewTableID gives, as far as this process
	// knows (0 before it asked the file): never more than the file holds,
	// and more than every id given, so that a save worked out against the
	// view checks its id without reading meta from the file each time.
	issued atomic.Uint64
	claims claimed // the events being played (seen.go)
}

var _ store.Store = (*Store)(nil)

// Open opens or creates the data file at path (mode 0600, its directory 0700
// when missing), migrating a file of an older schema (after copying it into
// the backups directory). It fails with ErrLocked when another process holds
// the file, ErrSchema when the file was written by a newer tablee, and
// ErrCorrupt (a store.ErrDamaged) when it is not a readable tablee file,
// an empty one included; each error names the path.
func Open(path string, opts Options) (*Store, error) {
	if opts.Timeout <= 0 {
		opts.Timeout = DefaultTimeout
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if dir := filepath.Dir(path); dir != "" {
		if err := os.MkdirAll(dir, 0o700); err != nil {
			return nil, fmt.Errorf("store/bolt: creating the directory of %s: %w", path, err)
		}
	}
	fi, err := os.Stat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if err := create(path, opts); err != nil {
			return nil, err
		}
	case err != nil:
		return nil, fmt.Errorf("store/bolt: opening %s: %w", path, err)
	case fi.Size() == 0:
		// bbolt would take an empty file for a new one and write a fresh
		// database into it. tablee never leaves an empty data file (a new
		// one is created whole, below), so an empty file is one cut short:
		// refuse it like any other truncation.
		return nil, damagedError(path, "it is empty (0 bytes), as if cut short; "+
			"tablee creates a missing data file itself, so delete an empty one only if it never held a game", nil)
	}
	db, file, err := openBoltFile(path, opts, false)
	if err != nil {
		return nil, err
	}
	// bbolt trusts its page tree; a damaged one is refused here, at the
	// start, rather than met later by a write that faults or loops.
	if problems, _ := pageProblems(path); len(problems) > 0 {
		_ = db.Close()
		return nil, damagedError(path, "its page tree is damaged: "+firstOf(problems), nil)
	}
	s := &Store{db: db, file: file, path: path, now: opts.Now}
	s.group = &groupCommit{db: db, fault: s.fault}
	if err := s.init(); err != nil {
		_ = db.Close()
		return nil, err
	}
	if err := s.openJournal(opts); err != nil {
		_ = db.Close()
		return nil, err
	}
	return s, nil
}

// create makes a new data file whole: written under a temporary name, then
// linked to its name only if nothing took the name meanwhile. A crash
// leaves either no data file or a complete one, never an empty one.
func create(path string, opts Options) error {
	tmp := fmt.Sprintf("%s.new-%d", path, os.Getpid())
	_ = os.Remove(tmp)
	defer os.Remove(tmp)
	db, err := bbolt.Open(tmp, 0o600, &bbolt.Options{Timeout: opts.Timeout, NoSync: opts.NoSync})
	if err != nil {
		return fmt.Errorf("store/bolt: creating %s: %w", path, err)
	}
	err = db.Update(initBuckets)
	if cerr := db.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("store/bolt: creating %s: %w", path, err)
	}
	if err := os.Link(tmp, path); err != nil && !errors.Is(err, fs.ErrExist) {
		// No hard links on this file system: rename, which would replace a
		// file created meanwhile, so only when there still is none.
		if _, serr := os.Stat(path); !errors.Is(serr, fs.ErrNotExist) {
			return nil
		}
		if err := os.Rename(tmp, path); err != nil {
			return fmt.Errorf("store/bolt: creating %s: %w", path, err)
		}
	}
	return syncDir(filepath.Dir(path))
}

func initBuckets(tx *bbolt.Tx) error {
	for _, name := range append(allBuckets, laterBuckets...) {
		if _, err := tx.CreateBucket(name); err != nil {
			return err
		}
	}
	meta := tx.Bucket(bMeta)
	if err := meta.Put(kSchema, []byte(strconv.Itoa(store.SchemaVersion))); err != nil {
		return err
	}
	if err := meta.Put(kDueComplete, []byte{}); err != nil {
		return err
	}
	if err := meta.Put(kPlayedComplete, []byte{}); err != nil {
		return err
	}
	if err := meta.Put(kIdleComplete, []byte{}); err != nil {
		return err
	}
	return meta.Put(kNextTable, key(1))
}

// openBolt opens the bbolt file, turning a panic or a memory fault of bbolt
// on a damaged file into ErrCorrupt and closing the file (releasing its
// lock) behind it. readOnly takes a shared lock and writes nothing.
func openBolt(path string, opts Options, readOnly bool) (db *bbolt.DB, err error) {
	db, _, err = openBoltFile(path, opts, readOnly)
	return db, err
}

// openBoltFile is openBolt, also giving the file bbolt opened: the one
// whose lock Close releases after a write faulted (group.go).
func openBoltFile(path string, opts Options, readOnly bool) (db *bbolt.DB, file *os.File, err error) {
	timeout := opts.Timeout
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if p := recover(); p != nil {
			if file != nil {
				release(file) // the memory map stays: a few pages of address space, once
			}
			db, file, err = nil, nil, faultError(path, "bbolt could not read it", p, pendingGuess(path))
		}
	}()
	for attempt := 0; ; attempt++ {
		db, err = bbolt.Open(path, 0o600, &bbolt.Options{
			Timeout:  timeout,
			NoSync:   opts.NoSync,
			ReadOnly: readOnly,
			// Read the free list now, in this goroutine where a fault is
			// recovered, rather than later in bbolt's own (Tx.Check).
			PreLoadFreelist: readOnly,
			OpenFile: func(name string, flag int, mode os.FileMode) (*os.File, error) {
				f, err := os.OpenFile(name, flag, mode)
				file = f
				return f, err
			},
		})
		if err != nil || attempt == 3 || samePath(path, file) {
			break
		}
		// The file was replaced while we waited for its lock (`tablee
		// compact` renames a fresh file over it): open the new one.
		_ = db.Close()
	}
	switch {
	case err == nil:
		return db, file, nil
	case errors.Is(err, berrors.ErrTimeout):
		return nil, nil, lockedError(path, timeout, err)
	case errors.Is(err, berrors.ErrInvalid), errors.Is(err, berrors.ErrChecksum),
		errors.Is(err, berrors.ErrVersionMismatch), errors.Is(err, berrors.ErrInvalidMapping):
		return nil, nil, damagedError(path, "not a bbolt data file, or its header is damaged", err)
	}
	if _, statErr := os.Stat(path); statErr == nil && !errors.Is(err, os.ErrPermission) {
		// The file is there and readable but bbolt refused it ("file
		// size too small", a page size it cannot use...).
		return nil, nil, damagedError(path, "bbolt could not read it", err)
	}
	return nil, nil, fmt.Errorf("store/bolt: opening %s: %w", path, err)
}

// firstOf joins the first problems of a list, saying how many more.
func firstOf(problems []string) string {
	const shown = 3
	s := strings.Join(problems[:min(len(problems), shown)], "; ")
	if len(problems) > shown {
		s += fmt.Sprintf(" (and %d more)", len(problems)-shown)
	}
	return s
}

// samePath tells whether f is still the file at path.
func samePath(path string, f *os.File) bool {
	if f == nil {
		return true
	}
	a, err1 := os.Stat(path)
	b, err2 := f.Stat()
	return err1 != nil || err2 != nil || os.SameFile(a, b)
}

// init checks the schema version, migrating an older file (a newer one is
// not written to at all), then adds the rating buckets to a file written
// before them.
func (s *Store) init() error {
	if err := s.initSchema(); err != nil {
		return err
	}
	return s.addLaterBuckets()
}

func (s *Store) initSchema() error {
	fresh := false
	version := 0
	err := s.view("reading meta", func(tx *bbolt.Tx) error {
		var err error
		fresh, version, err = s.readSchema(tx)
		return err
	})
	switch {
	case err != nil:
		return err
	case fresh:
		// A bbolt file without buckets: one that an earlier tablee created
		// and was stopped before it wrote its buckets.
		return s.wrap("initialising", s.db.Update(initBuckets))
	case version == 1:
		return s.migrate()
	case version == 2:
		s.migratedFrom = 2
		return s.wrap("migrating from schema 2", s.write(upgradeIndexes))
	case version == 3, version == 4:
		// Schema 4 added the journal: nothing in the file changed, but a
		// tablee that does not know the journal must not open a file whose
		// last saves may still be in it. Schema 5 adds the played index
		// (addPlayed).
		s.migratedFrom = version
		return s.wrap(fmt.Sprintf("migrating from schema %d", version), s.write(addPlayed))
	case version != store.SchemaVersion:
		return &fileError{kind: ErrSchema, msg: fmt.Sprintf(
			"store/bolt: %s was written by schema version %d; this tablee reads versions 1 to %d",
			s.path, version, store.SchemaVersion)}
	}
	return s.view("reading meta", func(tx *bbolt.Tx) error {
		for _, name := range allBuckets {
			if tx.Bucket(name) == nil {
				return s.damaged(fmt.Sprintf("bucket %q is missing", name), nil)
			}
		}
		if _, err := nextTable(tx.Bucket(bMeta)); err != nil {
			return s.damaged("meta next_table", err)
		}
		return nil
	})
}

func isIndexBucket(name []byte) bool {
	return slices.ContainsFunc(indexBuckets, func(b []byte) bool { return bytes.Equal(b, name) })
}

// upgradeIndexes makes a schema 2 file (or one just migrated from schema
// 1) a schema 3 one: it adds the indexes the file lacks (due and unshown
// came during schema 2, seated with schema 3). Its records carry no due
// time, nothing unshown and no seated users, so the indexes start empty
// and are filled by the Saves that follow; until the bot has saved its
// open tables once (SetDueIndexComplete), they are not complete. Nothing
// else changes: the records of schema 2 are read as they are.
func upgradeIndexes(tx *bbolt.Tx) error {
	meta := tx.Bucket(bMeta)
	if meta == nil {
		return errors.New("no meta bucket")
	}
	for _, name := range allBuckets {
		if tx.Bucket(name) == nil && !isIndexBucket(name) {
			return fmt.Errorf("bucket %q is missing", name)
		}
	}
	for _, name := range indexBuckets {
		if _, err := tx.CreateBucketIfNotExists(name); err != nil {
			return err
		}
	}
	if err := meta.Delete(kDueComplete); err != nil {
		return err
	}
	if err := meta.Delete(kPlayedComplete); err != nil {
		return err
	}
	return meta.Put(kSchema, []byte(strconv.Itoa(store.SchemaVersion)))
}

// addPlayed makes a schema 3 or 4 file a schema 5 one: it adds the played
// index, filled from the records that name their users (those of the
// unfinished tables: a finished table's record kept none before schema 5),
// and leaves played_complete out, so that the bot gives each finished table
// its users once (PlayedIndexComplete).
func addPlayed(tx *bbolt.Tx) error {
	played, err := tx.CreateBucketIfNotExists(bPlayed)
	if err != nil {
		return err
	}
	err = tx.Bucket(bTables).ForEach(func(k, v []byte) error {
		if len(k) != 8 {
			return nil // tablee check reports it; the index cannot name it
		}
		id := binary.BigEndian.Uint64(k)
		h, err := decodeTableHeader(id, v)
		if err != nil {
			return nil // damaged: reported by the reads and by tablee check
		}
		for _, u := range h.seated {
			if err := played.Put(seatedKey(u, id), []byte{}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	meta := tx.Bucket(bMeta)
	if err := meta.Delete(kPlayedComplete); err != nil {
		return err
	}
	return meta.Put(kSchema, []byte(strconv.Itoa(store.SchemaVersion)))
}

// PlayedIndexComplete tells whether every table's record names its users,
// finished tables included, and so whether the played index names every
// player of every table. It does from the start in a file created with
// schema 5. A file upgraded from an older schema kept no users in the
// records of its finished tables: the bot reads them from each such
// table's data and saves the table once with them, then calls
// SetPlayedIndexComplete. A crash in between leaves it incomplete, and the
// next start goes on.
func (s *Store) PlayedIndexComplete() (bool, error) { return s.marked(kPlayedComplete) }

// SetPlayedIndexComplete records that every table's record names its
// users (see PlayedIndexComplete). The saves that named them may still be
// in the journal: a crash then finds them there at the next start.
func (s *Store) SetPlayedIndexComplete() error {
	return s.mark(kPlayedComplete, "marking the played index complete")
}

// IdleDueComplete tells whether the due time of every started game counts
// the wait for its players (see kIdleComplete). In a file written before,
// the bot saves each started game once, then calls SetIdleDueComplete; a
// crash in between leaves the mark out, and the next start does it again.
func (s *Store) IdleDueComplete() (bool, error) { return s.marked(kIdleComplete) }

// SetIdleDueComplete records that every started game's due time counts the
// wait for its players (see IdleDueComplete).
func (s *Store) SetIdleDueComplete() error {
	return s.mark(kIdleComplete, "marking the idle games in the due index")
}

// marked tells whether meta holds the mark (an empty value under key).
func (s *Store) marked(key []byte) (bool, error) {
	marked := false
	err := s.view("reading meta", func(tx *bbolt.Tx) error {
		marked = tx.Bucket(bMeta).Get(key) != nil
		return nil
	})
	return marked, err
}

// mark writes a mark into meta.
func (s *Store) mark(key []byte, what string) error {
	return s.wrap(what, s.write(func(tx *bbolt.Tx) error {
		return tx.Bucket(bMeta).Put(key, []byte{})
	}))
}

// DueIndexComplete tells whether the indexes the table records feed are
// complete: the due index holds every table's due time and the seated
// index every seated user of an unfinished table. They are from the start
// in a file created with them. A file upgraded from schema 1 or 2 had no
// due times or no seated users in its records: its tables are not in the
// indexes until they are saved again, so the bot saves each open table
// once (with its due time and its seats), then calls SetDueIndexComplete.
// A crash in between leaves the indexes incomplete, and the next start does
// it again.
func (s *Store) DueIndexComplete() (bool, error) { return s.marked(kDueComplete) }

// SetDueIndexComplete records that every table's due time is now in the
// due index and every seated user in the seated index (see
// DueIndexComplete).
func (s *Store) SetDueIndexComplete() error {
	return s.mark(kDueComplete, "marking the due index complete")
}

// readSchema reads the layout version of a file; fresh when it holds no
// bucket at all.
func (s *Store) readSchema(tx *bbolt.Tx) (fresh bool, version int, err error) {
	meta := tx.Bucket(bMeta)
	if meta == nil {
		empty := true
		_ = tx.ForEach(func([]byte, *bbolt.Bucket) error { empty = false; return nil })
		if !empty {
			return false, 0, s.damaged("it is a bbolt file but not a tablee one (no meta bucket)", nil)
		}
		return true, 0, nil
	}
	v := meta.Get(kSchema)
	version, err = strconv.Atoi(string(v))
	if err != nil || version < 1 {
		return false, 0, s.damaged(fmt.Sprintf("meta schema %q is not a version number", v), nil)
	}
	return false, version, nil
}

// Path is the data file's path.
func (s *Store) Path() string { return s.path }

func nextTable(meta getter) (uint64, error) {
	v := meta.Get(kNextTable)
	if len(v) != 8 {
		return 0, fmt.Errorf("next_table is %d bytes, not 8", len(v))
	}
	return binary.BigEndian.Uint64(v), nil
}

// view runs a read transaction, turning a bbolt panic or a memory fault on
// a damaged page into a damage error instead of a crash.
func (s *Store) view(what string, fn func(*bbolt.Tx) error) (err error) {
	return s.guard(what, func() error { return s.db.View(fn) })
}

// guard runs fn, which reads the file, turning a bbolt panic or a memory
// fault on a damaged page into a damage error.
func (s *Store) guard(what string, fn func() error) (err error) {
	if s.group != nil {
		if err := s.group.faulted(); err != nil {
			// bbolt's state after a faulted write is not to be read.
			return err
		}
	}
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if p := recover(); p != nil {
			if b, ok := p.(beginError); ok {
				err = s.wrap(what, b.err)
				return
			}
			err = s.fault(what, p)
		}
	}()
	return s.wrap(what, fn())
}

// write runs fn in one durable read-write transaction, shared with the
// writes that overlap it (see groupCommit). fn may run more than once, so it
// only reads what it captured and sets results it fully recomputes. A
// panic or a memory fault in the transaction is a damage error.
func (s *Store) write(fn func(*bbolt.Tx) error) error {
	return s.group.run(fn)
}

// NewTableID reserves a fresh table id: 1, 2, ... never reused.
func (s *Store) NewTableID() (uint64, error) {
	var id uint64
	err := s.write(func(tx *bbolt.Tx) error {
		meta := tx.Bucket(bMeta)
		n, err := nextTable(meta)
		if err != nil {
			return s.damaged("meta next_table", err)
		}
		id = n
		return meta.Put(kNextTable, key(n+1))
	})
	if err != nil {
		return 0, s.wrap("reserving a table id", err)
	}
	s.raiseIssued(id + 1)
	return id, nil
}

// raiseIssued raises issued to n, which the file holds.
func (s *Store) raiseIssued(n uint64) {
	for {
		cur := s.issued.Load()
		if cur >= n || s.issued.CompareAndSwap(cur, n) {
			return
		}
	}
}

// historyKey is a chat's history entry for a table: the chat's length
// first, so that one chat's entries are contiguous and never mixed with
// those of a chat whose name it begins.
func historyKey(chat string, id uint64) []byte {
	k := binary.AppendUvarint(make([]byte, 0, binary.MaxVarintLen16+len(chat)+8), uint64(len(chat)))
	k = append(k, chat...)
	return binary.BigEndian.AppendUint64(k, id)
}

func historyPrefix(chat string) []byte {
	k := binary.AppendUvarint(nil, uint64(len(chat)))
	return append(k, chat...)
}

// splitHistoryKey reads a history key back.
func splitHistoryKey(k []byte) (chat string, id uint64, ok bool) {
	n, m := binary.Uvarint(k)
	if m <= 0 || uint64(len(k)-m) != n+8 {
		return "", 0, false
	}
	return string(k[m : m+int(n)]), binary.BigEndian.Uint64(k[m+int(n):]), true
}

// putDue moves a table's entry in the due index from its old due time to
// its new one (0: none). A finished table is never due: it has no entry,
// whatever Due it was saved with.
func (s *Store) putDue(tx kvTx, id, oldDue uint64, oldFinished bool, newDue uint64, finished bool) error {
	if oldFinished {
		oldDue = 0
	}
	if finished {
		newDue = 0
	}
	if oldDue == newDue {
		return nil
	}
	due := tx.Bucket(bDue)
	if oldDue != 0 {
		if err := due.Delete(dueKey(oldDue, id)); err != nil {
			return err
		}
	}
	if newDue != 0 {
		return due.Put(dueKey(newDue, id), []byte{})
	}
	return nil
}

// checkSeated refuses seats (seatedOf: each user once) a record could not
// be read back with, or the index could not key: a Save that wrote them
// would leave the table damaged.
func checkSeated(users []string) error {
	if len(users) > maxSeated {
		return fmt.Errorf("%d seated users, at most %d", len(users), maxSeated)
	}
	for _, u := range users {
		if len(u) > bbolt.MaxKeySize-9 {
			return fmt.Errorf("a seated user id of %d bytes, at most %d", len(u), bbolt.MaxKeySize-9)
		}
	}
	return nil
}

// putSeated moves a table's entries in the seated index from the users
// its record named to the users it names now (none for a finished table).
func putSeated(tx kvTx, id uint64, was, now []string) error {
	return moveEntries(tx.Bucket(bSeated), id, was, now)
}

// putPlayed moves a table's entries in the played index from the users its
// record named to the users it names now, finished or not.
func putPlayed(tx kvTx, id uint64, was, now []string) error {
	return moveEntries(tx.Bucket(bPlayed), id, was, now)
}

// moveEntries moves a table's entries in a user index (seatedKey) from
// the users was to the users now.
func moveEntries(b kvBucket, id uint64, was, now []string) error {
	for _, u := range was {
		if !slices.Contains(now, u) {
			if err := b.Delete(seatedKey(u, id)); err != nil {
				return err
			}
		}
	}
	for _, u := range now {
		if !slices.Contains(was, u) {
			if err := b.Put(seatedKey(u, id), []byte{}); err != nil {
				return err
			}
		}
	}
	return nil
}

// unshownOf reads a table's entry in the unshown index, 0 when none.
func (s *Store) unshownOf(b getter, idk []byte) (uint64, error) {
	v := b.Get(idk)
	switch {
	case v == nil:
		return 0, nil
	case len(v) != 8 || binary.BigEndian.Uint64(v) == 0:
		return 0, s.damaged(fmt.Sprintf("unshown index of table %d holds %x", binary.BigEndian.Uint64(idk), v), nil)
	}
	return binary.BigEndian.Uint64(v), nil
}

// decodeIndexed decodes a table record and gives it the batch the unshown
// index holds for it: the record keeps what the last Save left there, and
// Shown clears the index alone.
func (s *Store) decodeIndexed(tx kvTx, id uint64, v []byte) (store.Table, error) {
	t, err := decodeTable(id, v)
	if err != nil {
		return store.Table{}, s.damaged(fmt.Sprintf("table %d", id), err)
	}
	if t.Unshown, err = s.unshownOf(tx.Bucket(bUnshown), key(id)); err != nil {
		return store.Table{}, err
	}
	return t, nil
}

// Due lists the tables due at or before the given time with their due
// time, earliest first (by id for the same time), at most limit of them
// (limit <= 0: all). It reads the due index alone, not the tables.
func (s *Store) Due(before time.Time, limit int) ([]store.DueTable, error) {
	end := dueNanos(before)
	var due []store.DueTable
	if limit > 0 {
		// Room for the batch asked for, not grown entry by entry: the
		// scheduler asks for a batch when its earliest entry is due.
		due = make([]store.DueTable, 0, min(limit, 1024))
	}
	err := s.read("listing the tables due", func(tx kvTx) error {
		due = due[:0]
		c := tx.Bucket(bDue).Cursor()
		for k, _ := c.First(); k != nil && (limit <= 0 || len(due) < limit); k, _ = c.Next() {
			at, id, ok := splitDueKey(k)
			if !ok {
				return s.damaged(fmt.Sprintf("due index holds a key of %d bytes", len(k)), nil)
			}
			if at > end {
				break
			}
			due = append(due, store.DueTable{ID: id, At: dueTime(at)})
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return due, nil
}

// NextDue is the earliest due time of all tables, read from the first
// entry of the due index; false when no table is due.
func (s *Store) NextDue() (time.Time, bool, error) {
	var next uint64
	err := s.read("reading the next due time", func(tx kvTx) error {
		k, _ := tx.Bucket(bDue).Cursor().First()
		if k == nil {
			next = 0
			return nil
		}
		due, _, ok := splitDueKey(k)
		if !ok || due == 0 {
			return s.damaged(fmt.Sprintf("due index holds a key %x", k), nil)
		}
		next = due
		return nil
	})
	if err != nil || next == 0 {
		return time.Time{}, false, err
	}
	return dueTime(next), true, nil
}

// Unshown returns every table, finished or not, that the unshown index
// names, by id, with the batch it holds.
func (s *Store) Unshown() ([]store.Table, error) {
	var out []store.Table
	err := s.read("listing the tables with something unshown", func(tx kvTx) error {
		out = out[:0]
		tables := tx.Bucket(bTables)
		return tx.Bucket(bUnshown).ForEach(func(idk, _ []byte) error {
			if len(idk) != 8 {
				return s.damaged(fmt.Sprintf("unshown index holds a key of %d bytes", len(idk)), nil)
			}
			id := binary.BigEndian.Uint64(idk)
			v := tables.Get(idk)
			if v == nil {
				return s.damaged(fmt.Sprintf("unshown index names table %d, which does not exist", id), nil)
			}
			t, err := s.decodeIndexed(tx, id, v)
			if err != nil {
				return err
			}
			out = append(out, t)
			return nil
		})
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// OpenTables returns every unfinished table, by id.
func (s *Store) OpenTables() ([]store.Table, error) {
	var out []store.Table
	err := s.read("listing open tables", func(tx kvTx) error {
		out = out[:0] // View does not retry, but keep fn restartable anyway
		return tx.Bucket(bOpen).ForEach(func(chat, idk []byte) error {
			t, err := s.openEntry(tx, string(chat), idk)
			if err != nil {
				return err
			}
			out = append(out, t)
			return nil
		})
	})
	if err != nil {
		return nil, err
	}
	slices.SortFunc(out, func(a, b store.Table) int {
		switch {
		case a.ID < b.ID:
			return -1
		case a.ID > b.ID:
			return 1
		}
		return 0
	})
	return out, nil
}

// OpenTable reads a chat's unfinished table through the open index;
// store.ErrNotFound when the chat has none.
func (s *Store) OpenTable(chat string) (store.Table, error) {
	var t store.Table
	err := s.read("reading the open table of chat "+chat, func(tx kvTx) error {
		idk := tx.Bucket(bOpen).Get([]byte(chat))
		if idk == nil {
			return store.ErrNotFound
		}
		var err error
		t, err = s.openEntry(tx, chat, idk)
		return err
	})
	if err != nil {
		return store.Table{}, err
	}
	return t, nil
}

// openEntry reads the table an entry of the open index names, which must
// be an unfinished table of that chat.
func (s *Store) openEntry(tx kvTx, chat string, idk []byte) (store.Table, error) {
	if len(idk) != 8 {
		return store.Table{}, s.damaged(fmt.Sprintf("open index of chat %s holds %d bytes", chat, len(idk)), nil)
	}
	id := binary.BigEndian.Uint64(idk)
	v := tx.Bucket(bTables).Get(idk)
	if v == nil {
		return store.Table{}, s.damaged(fmt.Sprintf("open index of chat %s names table %d, which does not exist", chat, id), nil)
	}
	t, err := s.decodeIndexed(tx, id, v)
	if err != nil {
		return store.Table{}, err
	}
	if t.Finished || t.Chat != chat {
		return store.Table{}, s.damaged(fmt.Sprintf("open index of chat %s names table %d, finished or of chat %s", chat, id, t.Chat), nil)
	}
	return t, nil
}

// SeatedTables lists the unfinished tables where the user sits, by id,
// from the seated index.
func (s *Store) SeatedTables(user string) ([]uint64, error) {
	return s.userTables(bSeated, "listing the tables of user "+user, user)
}

// userTables lists the tables a user index (seated, played) names for the
// user.
func (s *Store) userTables(index []byte, what, user string) ([]uint64, error) {
	var ids []uint64
	prefix := append([]byte(user), 0)
	err := s.read(what, func(tx kvTx) error {
		ids = ids[:0]
		c := tx.Bucket(index).Cursor()
		for k, _ := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, _ = c.Next() {
			u, id, ok := splitSeatedKey(k)
			if !ok {
				return s.damaged(fmt.Sprintf("%s index holds a key %q", index, k), nil)
			}
			if u == user { // not a longer user id that starts with this one and a 0
				ids = append(ids, id)
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	slices.Sort(ids)
	return ids, nil
}

// PlayedTables lists every table, finished or not, whose record names the
// user, by id, from the played index.
func (s *Store) PlayedTables(user string) ([]uint64, error) {
	return s.userTables(bPlayed, "listing the games of user "+user, user)
}

// Table reads one table, finished or not; store.ErrNotFound when unknown.
func (s *Store) Table(id uint64) (store.Table, error) {
	var t store.Table
	err := s.read(fmt.Sprintf("reading table %d", id), func(tx kvTx) error {
		v := tx.Bucket(bTables).Get(key(id))
		if v == nil {
			return store.ErrNotFound
		}
		var err error
		t, err = s.decodeIndexed(tx, id, v)
		return err
	})
	if err != nil {
		return store.Table{}, err
	}
	return t, nil
}

// ChatTables lists every table the chat has had, oldest first; none (and no
// error) for a chat never seen.
func (s *Store) ChatTables(chat string) ([]uint64, error) {
	var ids []uint64
	err := s.read("listing the tables of chat "+chat, func(tx kvTx) error {
		ids = ids[:0]
		prefix := historyPrefix(chat)
		c := tx.Bucket(bHistory).Cursor()
		for k, _ := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, _ = c.Next() {
			got, id, ok := splitHistoryKey(k)
			if !ok || got != chat {
				return s.damaged(fmt.Sprintf("history of chat %s holds a key of %d bytes", chat, len(k)), nil)
			}
			ids = append(ids, id)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return ids, nil
}

// Moves returns a table's log in order; store.ErrNotFound when the table is
// unknown, none for a table without moves. A damaged move is an error
// naming the table and the move: nothing is skipped.
func (s *Store) Moves(id uint64) ([]store.Move, error) {
	var moves []store.Move
	err := s.read(fmt.Sprintf("reading the moves of table %d", id), func(tx kvTx) error {
		moves = moves[:0]
		v := tx.Bucket(bTables).Get(key(id))
		if v == nil {
			return store.ErrNotFound
		}
		var err error
		moves, err = s.readMoves(tx.Bucket(bLog), id, v, moves)
		return err
	})
	if err != nil {
		return nil, err
	}
	return moves, nil
}

// readMoves appends to moves the log of table id, whose record is v: all
// of it, as the record says it ends.
func (s *Store) readMoves(log kvBucket, id uint64, v []byte, moves []store.Move) ([]store.Move, error) {
	h, err := decodeTableHeader(id, v)
	if err != nil {
		return nil, s.damaged(fmt.Sprintf("table %d", id), err)
	}
	n := len(moves)
	err = readLog(log, id, func(m store.Move) error {
		moves = append(moves, m)
		return nil
	}, nil)
	if got := uint64(len(moves) - n); err == nil && got != h.last {
		err = shortLog(id, got, h.last)
	}
	return moves, err
}

// shortLog is a log that does not end where its table record says.
func shortLog(id, got, want uint64) error {
	return &logError{table: id, seq: min(got, want) + 1, what: fmt.Sprintf(
		"the log ends at move %d, the table record at move %d", got, want)}
}

// User reads a user record; store.ErrNotFound when the user is new.
func (s *Store) User(id string) (store.User, error) {
	var u store.User
	err := s.read("reading user "+id, func(tx kvTx) error {
		v := tx.Bucket(bUsers).Get([]byte(id))
		if v == nil {
			return store.ErrNotFound
		}
		var err error
		if u, err = decodeUser(id, v); err != nil {
			return s.damaged("user "+id, err)
		}
		return nil
	})
	if err != nil {
		return store.User{}, err
	}
	return u, nil
}

// SaveUser writes a user record durably.
func (s *Store) SaveUser(u store.User) error {
	what := "saving user " + u.ID
	if u.ID == "" {
		return fmt.Errorf("store/bolt: %s: saving a user without an id", s.path)
	}
	k, rec := []byte(u.ID), encodeUser(u)
	return s.wrap(what, s.write(func(tx *bbolt.Tx) error {
		return tx.Bucket(bUsers).Put(k, rec)
	}))
}

// DeleteTable removes a table entirely: its record, its log, its history
// entry and its chat's open entry; store.ErrNotFound when unknown. Its id
// is not given again.
func (s *Store) DeleteTable(id uint64) error {
	release, err := s.exclusive()
	if err != nil {
		return err
	}
	defer release()
	return s.wrap(fmt.Sprintf("deleting table %d", id), s.write(func(tx *bbolt.Tx) error {
		return s.deleteTable(tx, id)
	}))
}

func (s *Store) deleteTable(tx *bbolt.Tx, id uint64) error {
	tables, open, history := tx.Bucket(bTables), tx.Bucket(bOpen), tx.Bucket(bHistory)
	idk := key(id)
	v := tables.Get(idk)
	if v == nil {
		return store.ErrNotFound
	}
	h, err := decodeTableHeader(id, v)
	if err != nil {
		// A damaged record does not say its chat: look for the table in
		// every chat's entries, so that no index names it afterwards.
		return s.deleteDamagedTable(tx, id)
	}
	if bytes.Equal(open.Get([]byte(h.chat)), idk) {
		if err := open.Delete([]byte(h.chat)); err != nil {
			return err
		}
	}
	if err := history.Delete(historyKey(h.chat, id)); err != nil {
		return err
	}
	if h.due != 0 {
		if err := tx.Bucket(bDue).Delete(dueKey(h.due, id)); err != nil {
			return err
		}
	}
	if err := tx.Bucket(bUnshown).Delete(idk); err != nil {
		return err
	}
	if err := tx.Bucket(bRated).Delete(idk); err != nil {
		return err
	}
	if err := putSeated(boltTx{tx}, id, openSeats(h.finished, h.seated), nil); err != nil {
		return err
	}
	if err := putPlayed(boltTx{tx}, id, h.seated, nil); err != nil {
		return err
	}
	if err := tables.Delete(idk); err != nil {
		return err
	}
	return deleteLog(tx.Bucket(bLog), id)
}

func (s *Store) deleteDamagedTable(tx *bbolt.Tx, id uint64) error {
	idk := key(id)
	for _, sweep := range []struct {
		bucket []byte
		names  func(k, v []byte) bool // the entry names the table
	}{
		{bOpen, func(_, v []byte) bool { return bytes.Equal(v, idk) }},
		{bHistory, func(k, _ []byte) bool { _, hid, ok := splitHistoryKey(k); return ok && hid == id }},
		{bDue, func(k, _ []byte) bool { _, did, ok := splitDueKey(k); return ok && did == id }},
		{bSeated, func(k, _ []byte) bool { _, sid, ok := splitSeatedKey(k); return ok && sid == id }},
		{bPlayed, func(k, _ []byte) bool { _, sid, ok := splitSeatedKey(k); return ok && sid == id }},
	} {
		if err := deleteWhere(tx.Bucket(sweep.bucket), sweep.names); err != nil {
			return err
		}
	}
	if err := tx.Bucket(bUnshown).Delete(idk); err != nil {
		return err
	}
	if err := tx.Bucket(bRated).Delete(idk); err != nil {
		return err
	}
	if err := tx.Bucket(bTables).Delete(idk); err != nil {
		return err
	}
	return deleteLog(tx.Bucket(bLog), id)
}

// deleteWhere deletes the entries of a bucket that match: read first,
// deleted after, since a bucket is not changed while it is walked.
func deleteWhere(b *bbolt.Bucket, match func(k, v []byte) bool) error {
	var keys [][]byte
	_ = b.ForEach(func(k, v []byte) error {
		if match(k, v) {
			keys = append(keys, bytes.Clone(k))
		}
		return nil
	})
	for _, k := range keys {
		if err := b.Delete(k); err != nil {
			return err
		}
	}
	return nil
}

// Close waits for running transactions, then releases the file and its lock.
func (s *Store) Close() error {
	jerr := s.closeJournal()
	if err := s.group.faulted(); err != nil && s.file != nil {
		// A write transaction faulted half-way: bbolt's nodes may still
		// point into its memory map. Unmapping it would let the Go heap
		// take those addresses, and the collector then finds pointers into
		// it that no object owns. The map stays, the lock goes.
		release(s.file)
		s.file = nil
		return err
	}
	if err := s.wrap("closing", s.db.Close()); err != nil {
		return err
	}
	return jerr
}
