// Package bolt implements store.Store on one bbolt file.
//
// Layout (schema version store.SchemaVersion):
//
//	meta    "schema"     -> decimal schema version ("1")
//	        "next_table" -> 8-byte big-endian id the next NewTableID returns
//	tables  id           -> table record (chat, game, finished, data)
//	open    chat         -> id of the chat's unfinished table
//	chats   chat/        -> nested bucket: id -> empty, every table the chat had
//	moves   id/          -> nested bucket: seq -> move record
//	users   id           -> user record
//
// Ids and sequence numbers are 8-byte big-endian keys, so bbolt's byte order
// is numeric order: histories come out oldest first and logs in move order.
// Record encodings are in record.go.
//
// Every write is one bbolt transaction; concurrent writes share one
// (group.go), so that Saves of different tables share a commit and its fsync.
package bolt

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strconv"
	"time"

	bbolt "go.etcd.io/bbolt"
	berrors "go.etcd.io/bbolt/errors"

	"github.com/tablee/tablee/store"
)

// Options tune Open.
type Options struct {
	// Timeout is how long Open waits for the file lock held by another
	// process before giving up. Zero means DefaultTimeout.
	Timeout time.Duration
	// NoSync skips fsync on commit. For tests only: a crash may then lose
	// or tear acknowledged moves.
	NoSync bool
}

// DefaultTimeout is the lock wait when Options.Timeout is zero.
const DefaultTimeout = time.Second

// MaxBatchSize bounds how many writes share one transaction. A table save
// is ~2 KB, so 256 of them make a commit of about half a megabyte. Bigger
// groups measured no faster (the disk is no longer the limit at that
// point), and make every caller of a group wait for all of it.
const MaxBatchSize = 256

var (
	bMeta   = []byte("meta")
	bTables = []byte("tables")
	bOpen   = []byte("open")
	bChats  = []byte("chats")
	bMoves  = []byte("moves")
	bUsers  = []byte("users")

	kSchema    = []byte("schema")
	kNextTable = []byte("next_table")

	allBuckets = [][]byte{bMeta, bTables, bOpen, bChats, bMoves, bUsers}
)

// appendFill is the fill percent of append-only buckets (move logs, chat
// histories): keys only grow, so pages can be filled before splitting.
const appendFill = 0.95

// Store is a store.Store on one bbolt file. It is safe for concurrent use.
type Store struct {
	db    *bbolt.DB
	path  string
	group *groupCommit
}

var _ store.Store = (*Store)(nil)

// Open opens or creates the data file at path (mode 0600, its directory 0700
// when missing). It fails with ErrLocked when another process holds the
// file, ErrSchema when the file has another schema version and ErrCorrupt
// when it is not a readable tablee file; each error names the path.
func Open(path string, opts Options) (s *Store, err error) {
	if opts.Timeout <= 0 {
		opts.Timeout = DefaultTimeout
	}
	if dir := filepath.Dir(path); dir != "" {
		if err := os.MkdirAll(dir, 0o700); err != nil {
			return nil, fmt.Errorf("store/bolt: creating the directory of %s: %w", path, err)
		}
	}

	// bbolt reads a memory map of the file: on a truncated or garbage file
	// it may panic, or fault on a page past the end of the file. Turn both
	// into an error, and close the file (releasing its lock) behind it.
	var file *os.File
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if p := recover(); p != nil {
			if file != nil {
				release(file) // the memory map stays: a few pages of address space, once
			}
			s, err = nil, corruptError(path, "bbolt could not read it", fmt.Errorf("%v", p))
		}
	}()

	db, err := bbolt.Open(path, 0o600, &bbolt.Options{
		Timeout: opts.Timeout,
		NoSync:  opts.NoSync,
		OpenFile: func(name string, flag int, mode os.FileMode) (*os.File, error) {
			f, err := os.OpenFile(name, flag, mode)
			file = f
			return f, err
		},
	})
	switch {
	case err == nil:
	case errors.Is(err, berrors.ErrTimeout):
		return nil, &fileError{
			kind:  ErrLocked,
			msg:   fmt.Sprintf("store/bolt: %s is locked by another tablee process (waited %s)", path, opts.Timeout),
			cause: err,
		}
	case errors.Is(err, berrors.ErrInvalid), errors.Is(err, berrors.ErrChecksum),
		errors.Is(err, berrors.ErrVersionMismatch), errors.Is(err, berrors.ErrInvalidMapping):
		return nil, corruptError(path, "not a bbolt data file, or its header is damaged", err)
	default:
		if _, statErr := os.Stat(path); statErr == nil && !errors.Is(err, os.ErrPermission) {
			// The file is there and readable but bbolt refused it ("file
			// size too small", a page size it cannot use...).
			return nil, corruptError(path, "bbolt could not read it", err)
		}
		return nil, fmt.Errorf("store/bolt: opening %s: %w", path, err)
	}
	s = &Store{db: db, path: path, group: &groupCommit{db: db}}
	if err := s.init(); err != nil {
		_ = db.Close()
		return nil, err
	}
	return s, nil
}

// init checks the schema version and creates the buckets of a new file. A
// file of another version is not written to at all.
func (s *Store) init() error {
	fresh := false
	err := s.db.View(func(tx *bbolt.Tx) error {
		meta := tx.Bucket(bMeta)
		if meta == nil {
			empty := true
			_ = tx.ForEach(func([]byte, *bbolt.Bucket) error { empty = false; return nil })
			if !empty {
				return s.corrupt("it is a bbolt file but not a tablee one (no meta bucket)", nil)
			}
			fresh = true
			return nil
		}
		v := meta.Get(kSchema)
		version, err := strconv.Atoi(string(v))
		if err != nil {
			return s.corrupt(fmt.Sprintf("meta schema %q is not a version number", v), nil)
		}
		if version != store.SchemaVersion {
			return &fileError{kind: ErrSchema, msg: fmt.Sprintf(
				"store/bolt: %s was written by schema version %d; this tablee reads version %d",
				s.path, version, store.SchemaVersion)}
		}
		for _, name := range allBuckets {
			if tx.Bucket(name) == nil {
				return s.corrupt(fmt.Sprintf("bucket %q is missing", name), nil)
			}
		}
		if _, err := nextTable(meta); err != nil {
			return s.corrupt("meta next_table", err)
		}
		return nil
	})
	if err != nil || !fresh {
		return s.wrap("reading meta", err)
	}
	return s.wrap("initialising", s.db.Update(func(tx *bbolt.Tx) error {
		for _, name := range allBuckets {
			if _, err := tx.CreateBucket(name); err != nil {
				return err
			}
		}
		meta := tx.Bucket(bMeta)
		if err := meta.Put(kSchema, []byte(strconv.Itoa(store.SchemaVersion))); err != nil {
			return err
		}
		return meta.Put(kNextTable, key(1))
	}))
}

// Path is the data file's path.
func (s *Store) Path() string { return s.path }

func nextTable(meta *bbolt.Bucket) (uint64, error) {
	v := meta.Get(kNextTable)
	if len(v) != 8 {
		return 0, fmt.Errorf("next_table is %d bytes, not 8", len(v))
	}
	return binary.BigEndian.Uint64(v), nil
}

// view runs a read transaction, turning a bbolt panic or a memory fault on
// a damaged page into an ErrCorrupt error instead of a crash.
func (s *Store) view(what string, fn func(*bbolt.Tx) error) (err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if p := recover(); p != nil {
			err = s.corrupt(what, fmt.Errorf("bbolt panicked: %v", p))
		}
	}()
	return s.wrap(what, s.db.View(fn))
}

// write runs fn in one durable read-write transaction, shared with the
// writes that overlap it (see groupCommit). fn may run more than once, so it
// only reads what it captured and sets results it fully recomputes.
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
			return s.corrupt("meta next_table", err)
		}
		id = n
		return meta.Put(kNextTable, key(n+1))
	})
	if err != nil {
		return 0, s.wrap("reserving a table id", err)
	}
	return id, nil
}

// Save writes the table and, when move is not nil, appends the move to the
// table's log, in one transaction that is on disk when Save returns.
//
// It keeps the indexes: open names the table while it is unfinished and
// forgets it once finished; chats lists it in its chat's history. A move
// must carry the next sequence number of the table's log (last+1, 1 for the
// first move): anything else would lose or duplicate a move, and fails with
// ErrMoveSeq without writing anything. An unfinished table in a chat that
// already has another one fails with ErrChatBusy.
func (s *Store) Save(t store.Table, move *store.Move) error {
	what := fmt.Sprintf("saving table %d", t.ID)
	if t.ID == 0 || t.Chat == "" {
		return &fileError{kind: ErrBadTable, msg: fmt.Sprintf(
			"store/bolt: %s: %s: a table needs an id from NewTableID and a chat (chat %q)", s.path, what, t.Chat)}
	}
	// Encode before entering the transaction: the group holds the single
	// writer lock, and the group may call the function more than once, so it
	// only reads these slices and never changes them.
	idk := key(t.ID)
	chatk := []byte(t.Chat)
	rec := encodeTable(t)
	var seqk, mrec []byte
	if move != nil {
		seqk = key(move.Seq)
		mrec = encodeMove(*move)
	}
	err := s.write(func(tx *bbolt.Tx) error {
		meta, tables, open, chats := tx.Bucket(bMeta), tx.Bucket(bTables), tx.Bucket(bOpen), tx.Bucket(bChats)
		next, err := nextTable(meta)
		if err != nil {
			return s.corrupt("meta next_table", err)
		}
		if t.ID >= next {
			return &fileError{kind: ErrBadTable, msg: fmt.Sprintf(
				"store/bolt: %s: %s: id %d was never given by NewTableID", s.path, what, t.ID)}
		}

		// Check the move first: a refused move must leave no trace, and
		// returning an error rolls the whole transaction back anyway.
		var log *bbolt.Bucket
		if move != nil {
			if log, err = tx.Bucket(bMoves).CreateBucketIfNotExists(idk); err != nil {
				return err
			}
			log.FillPercent = appendFill
			var last uint64
			if k, _ := log.Cursor().Last(); k != nil {
				if len(k) != 8 {
					return s.corrupt(fmt.Sprintf("table %d: move key of %d bytes", t.ID, len(k)), nil)
				}
				last = binary.BigEndian.Uint64(k)
			}
			if move.Seq != last+1 {
				return &fileError{kind: ErrMoveSeq, msg: fmt.Sprintf(
					"store/bolt: %s: %s: move %d refused, the log ends at move %d (a move would be lost or duplicated)",
					s.path, what, move.Seq, last)}
			}
		}

		// A table that changed chat (a Telegram group that became a
		// supergroup) leaves its old chat's indexes.
		if old := tables.Get(idk); old != nil {
			prev, err := tableChat(old)
			if err != nil {
				return s.corrupt(fmt.Sprintf("table %d", t.ID), err)
			}
			if prev != t.Chat {
				if bytes.Equal(open.Get([]byte(prev)), idk) {
					if err := open.Delete([]byte(prev)); err != nil {
						return err
					}
				}
				if h := chats.Bucket([]byte(prev)); h != nil {
					if err := h.Delete(idk); err != nil {
						return err
					}
				}
			}
		}

		cur := open.Get(chatk)
		switch {
		case t.Finished && bytes.Equal(cur, idk):
			if err := open.Delete(chatk); err != nil {
				return err
			}
		case t.Finished:
		case cur == nil:
			if err := open.Put(chatk, idk); err != nil {
				return err
			}
		case !bytes.Equal(cur, idk):
			return &fileError{kind: ErrChatBusy, msg: fmt.Sprintf(
				"store/bolt: %s: %s: chat %s already has open table %d",
				s.path, what, t.Chat, binary.BigEndian.Uint64(cur))}
		}

		h, err := chats.CreateBucketIfNotExists(chatk)
		if err != nil {
			return err
		}
		h.FillPercent = appendFill
		if h.Get(idk) == nil {
			if err := h.Put(idk, []byte{}); err != nil {
				return err
			}
		}
		if err := tables.Put(idk, rec); err != nil {
			return err
		}
		if log != nil {
			return log.Put(seqk, mrec)
		}
		return nil
	})
	return s.wrap(what, err)
}

// tableChat reads the chat of a table record without copying its data.
func tableChat(v []byte) (string, error) {
	r := unseal(v)
	r.byte()
	chat := r.string()
	if r.err != nil {
		return "", errors.Join(errRecord, r.err)
	}
	return chat, nil
}

// OpenTables returns every unfinished table, by id.
func (s *Store) OpenTables() ([]store.Table, error) {
	var out []store.Table
	err := s.view("listing open tables", func(tx *bbolt.Tx) error {
		out = out[:0] // View does not retry, but keep fn restartable anyway
		tables := tx.Bucket(bTables)
		return tx.Bucket(bOpen).ForEach(func(chat, idk []byte) error {
			if len(idk) != 8 {
				return s.corrupt(fmt.Sprintf("open index of chat %s holds %d bytes", chat, len(idk)), nil)
			}
			id := binary.BigEndian.Uint64(idk)
			v := tables.Get(idk)
			if v == nil {
				return s.corrupt(fmt.Sprintf("open index of chat %s names table %d, which does not exist", chat, id), nil)
			}
			t, err := decodeTable(id, v)
			if err != nil {
				return s.corrupt(fmt.Sprintf("table %d", id), err)
			}
			if t.Finished || t.Chat != string(chat) {
				return s.corrupt(fmt.Sprintf("open index of chat %s names table %d, finished or of chat %s", chat, id, t.Chat), nil)
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

// Table reads one table, finished or not; store.ErrNotFound when unknown.
func (s *Store) Table(id uint64) (store.Table, error) {
	var t store.Table
	err := s.view(fmt.Sprintf("reading table %d", id), func(tx *bbolt.Tx) error {
		v := tx.Bucket(bTables).Get(key(id))
		if v == nil {
			return store.ErrNotFound
		}
		var err error
		if t, err = decodeTable(id, v); err != nil {
			return s.corrupt(fmt.Sprintf("table %d", id), err)
		}
		return nil
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
	err := s.view("listing the tables of chat "+chat, func(tx *bbolt.Tx) error {
		ids = ids[:0]
		h := tx.Bucket(bChats).Bucket([]byte(chat))
		if h == nil {
			return nil
		}
		return h.ForEach(func(k, _ []byte) error {
			if len(k) != 8 {
				return s.corrupt(fmt.Sprintf("history of chat %s holds a key of %d bytes", chat, len(k)), nil)
			}
			ids = append(ids, binary.BigEndian.Uint64(k))
			return nil
		})
	})
	if err != nil {
		return nil, err
	}
	return ids, nil
}

// Moves returns a table's log in order; store.ErrNotFound when the table is
// unknown, none for a table without moves.
func (s *Store) Moves(id uint64) ([]store.Move, error) {
	var moves []store.Move
	err := s.view(fmt.Sprintf("reading the moves of table %d", id), func(tx *bbolt.Tx) error {
		moves = moves[:0]
		idk := key(id)
		if tx.Bucket(bTables).Get(idk) == nil {
			return store.ErrNotFound
		}
		log := tx.Bucket(bMoves).Bucket(idk)
		if log == nil {
			return nil
		}
		return log.ForEach(func(k, v []byte) error {
			m, err := decodeMove(v)
			if err != nil {
				return s.corrupt(fmt.Sprintf("table %d, move key %x", id, k), err)
			}
			if len(k) != 8 || binary.BigEndian.Uint64(k) != m.Seq || m.Seq != uint64(len(moves))+1 {
				return s.corrupt(fmt.Sprintf("table %d: move %d stored under key %x, after %d moves", id, m.Seq, k, len(moves)), nil)
			}
			moves = append(moves, m)
			return nil
		})
	})
	if err != nil {
		return nil, err
	}
	return moves, nil
}

// User reads a user record; store.ErrNotFound when the user is new.
func (s *Store) User(id string) (store.User, error) {
	var u store.User
	err := s.view("reading user "+id, func(tx *bbolt.Tx) error {
		v := tx.Bucket(bUsers).Get([]byte(id))
		if v == nil {
			return store.ErrNotFound
		}
		var err error
		if u, err = decodeUser(id, v); err != nil {
			return s.corrupt("user "+id, err)
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

// Close waits for running transactions, then releases the file and its lock.
func (s *Store) Close() error {
	return s.wrap("closing", s.db.Close())
}
