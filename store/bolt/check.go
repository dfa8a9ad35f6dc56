package bolt

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"maps"
	"os"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"time"

	"go.etcd.io/bbolt"

	"github.com/tablee/tablee/store"
)

// Report is what Check found in a data file.
type Report struct {
	Path   string
	Size   int64
	Schema int

	Tables   int // table records
	Finished int // of which finished
	Moves    int // moves read back whole
	Users    int // user records
	Due      int // entries of the due index
	Unshown  int // entries of the unshown index
	Ratings  int // rating records
	// Journal is the number of saves its journal holds that the file does
	// not yet (a process stopped by a crash or kill -9): tablee writes them
	// into the file when it next opens it. The file's figures above are
	// without them. PendingUnknown when the journal could not be read.
	Journal int
	// Unnamed is the number of finished tables whose record names none of
	// their players, in a file whose players were not all named yet (one
	// of before schema 5): tablee names them, once, when it next starts.
	Unnamed int

	// Problems lists every damaged record and every index that disagrees
	// with the tables, in the order of the file.
	Problems []Problem
	// Pages lists what bbolt's own consistency check (Tx.Check) found in
	// the pages: unreachable or doubly used pages, keys out of order.
	Pages []string
}

// Problem is one thing damaged.
type Problem struct {
	Table uint64 // the table concerned, 0 when none
	Seq   uint64 // the first move of it that cannot be read, 0 when not a move
	User  string // the user record concerned
	What  string // the whole sentence: "table 7, move 12: checksum mismatch"
}

func (p Problem) String() string { return p.What }

// Damaged tells whether anything is damaged.
func (r *Report) Damaged() bool { return len(r.Problems) > 0 || len(r.Pages) > 0 }

// Summary says in a few words what is damaged: "2 damaged records (table
// 7, move 12: checksum mismatch; ...)" or "nothing damaged".
func (r *Report) Summary() string {
	if !r.Damaged() {
		return "nothing damaged"
	}
	var all []string
	for _, p := range r.Problems {
		all = append(all, p.What)
	}
	for _, p := range r.Pages {
		all = append(all, "page check: "+p)
	}
	shown := all[:min(len(all), 3)]
	s := fmt.Sprintf("%d problem", len(all))
	if len(all) > 1 {
		s += "s"
	}
	s += ": " + strings.Join(shown, "; ")
	if len(all) > len(shown) {
		s += "; ..."
	}
	return s
}

// maxPageErrors bounds what is kept of bbolt's page check: a file cut in
// two can yield one error per page.
const maxPageErrors = 100

// Check reads the whole data file at path without writing to it: every
// table record, move and user record is decoded and its checksum checked,
// the indexes are compared with the tables, then bbolt checks its pages
// (Tx.Check). It reads schema 1 files as they are, and schema 2 files
// written before the due and unshown indexes (Open adds them, empty) as if
// the indexes were there and empty.
//
// It needs the file to itself: the file of a running tablee serve is
// locked (ErrLocked). Errors are for a file that cannot be checked at all
// (missing, locked, not a bbolt file): whatever is found inside it is in
// the report.
func Check(path string, opts Options) (*Report, error) {
	r := &Report{Path: path}
	fi, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("store/bolt: checking %s: %w", path, err)
	}
	r.Size = fi.Size()
	if r.Size == 0 {
		r.problem(0, 0, "", "the file is empty (0 bytes)")
		return r, nil
	}
	db, err := openBolt(path, opts, true)
	if err != nil {
		var fe *fileError
		if errors.As(err, &fe) && fe.damage != "" {
			r.problem(0, 0, "", fe.damage)
			return r, nil
		}
		return nil, err
	}
	defer db.Close()

	pages, loop := pageProblems(path)
	r.Pages = append(r.Pages, pages...)
	if loop {
		// bbolt's cursors would go round the loop for ever.
		r.problem(0, 0, "", "the records were not read: the pages of the file loop")
		return r, nil
	}
	if len(pages) > 0 {
		// bbolt trusts its page tree: through a damaged one it reads past
		// the pages, into whatever the process has there (measured: an
		// inline bucket whose element lies past its page made the garbage
		// collector find pointers into freed memory and stop the process).
		r.problem(0, 0, "", "the records were not read: the page tree is damaged")
		return r, nil
	}
	c := &checker{r: r}
	if n, err := journalPending(db, path); err != nil {
		var fe *fileError
		if errors.As(err, &fe) && fe.kind == ErrDiskFailed {
			return nil, err
		}
		r.problem(0, 0, "", err.Error())
		r.Journal = PendingUnknown
	} else {
		r.Journal = n
	}
	faulted := c.read(db)
	if c.disk != nil {
		// Not damage: the file could not be read, and the report would
		// say so of whatever the disk did not give back.
		return nil, c.disk
	}
	if faulted || len(pages) > 0 {
		// bbolt's page check runs on a goroutine of its own, where a fault
		// cannot be recovered: not on pages known to be damaged.
		r.Pages = append(r.Pages, "bbolt's page check was not run on a damaged page tree")
		return r, nil
	}
	err = db.View(func(tx *bbolt.Tx) error {
		for err := range tx.Check() {
			if len(r.Pages) < maxPageErrors {
				r.Pages = append(r.Pages, err.Error())
			}
		}
		return nil
	})
	return r, err
}

type checker struct {
	r      *Report
	disk   error // the disk failed under the file while reading it
	tables map[uint64]tableHeader
}

func (c *checker) problem(table, seq uint64, user, what string) {
	c.r.problem(table, seq, user, what)
}

func (r *Report) problem(table, seq uint64, user, what string) {
	r.Problems = append(r.Problems, Problem{Table: table, Seq: seq, User: user, What: what})
}

// read walks every record in one read transaction, turning a panic or a
// memory fault on a damaged page into a problem.
func (c *checker) read(db *bbolt.DB) (faulted bool) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if p := recover(); p != nil {
			if err := probeRead(c.r.Path); err != nil {
				c.disk = diskFailedError(c.r.Path, fmt.Sprintf("reading the records: its memory map faulted, "+
					"and a plain read of the file fails too (%v)", pathCause(err)), err, PendingUnknown)
			} else {
				c.problem(0, 0, "", "reading the records failed on a damaged page: "+panicCause(p).Error())
			}
			faulted = true
		}
	}()
	_ = db.View(func(tx *bbolt.Tx) error {
		c.walk(tx)
		return nil
	})
	return false
}

func (c *checker) walk(tx *bbolt.Tx) {
	meta := tx.Bucket(bMeta)
	if meta == nil {
		c.problem(0, 0, "", "it is not a tablee data file (no meta bucket)")
		return
	}
	v := meta.Get(kSchema)
	version, err := strconv.Atoi(string(v))
	if err != nil {
		c.problem(0, 0, "", fmt.Sprintf("meta schema %q is not a version number", v))
		return
	}
	c.r.Schema = version
	next, err := nextTable(meta)
	if err != nil {
		c.problem(0, 0, "", "meta: "+err.Error())
	}
	var chats, moves []byte
	switch version {
	case 1:
		chats, moves = bChatsV1, bMovesV1
	case 2, 3, 4, store.SchemaVersion:
		chats, moves = bHistory, bLog
	default:
		c.problem(0, 0, "", fmt.Sprintf("schema version %d: this tablee reads versions 1 to %d", version, store.SchemaVersion))
		return
	}
	required := [][]byte{bTables, bOpen, chats, moves, bUsers}
	if version >= 3 || (version == 2 && meta.Get(kDueComplete) != nil) {
		// A schema 2 file from before the indexes has none (Open adds
		// them); one that had them, or a later file, has lost them.
		// The seated index came with schema 3, played with schema 5.
		for _, name := range indexBuckets {
			switch {
			case bytes.Equal(name, bPlayed) && version < 5:
			case bytes.Equal(name, bSeated) && version < 3:
			default:
				required = append(required, name)
			}
		}
	}
	for _, name := range required {
		if tx.Bucket(name) == nil {
			c.problem(0, 0, "", fmt.Sprintf("bucket %q is missing", name))
			return
		}
	}
	c.readTables(tx.Bucket(bTables), version, next)
	if version > 1 && meta.Get(kPlayedComplete) == nil {
		for _, h := range c.tables {
			if h.finished && len(h.seated) == 0 {
				c.r.Unnamed++
			}
		}
	}
	c.readOpen(tx.Bucket(bOpen))
	if version == 1 {
		c.readHistoryV1(tx.Bucket(chats))
		c.readLogsV1(tx.Bucket(moves))
	} else {
		c.readHistory(tx.Bucket(chats))
		c.readLogs(tx.Bucket(moves))
		c.readDue(tx.Bucket(bDue))
		c.readUnshown(tx.Bucket(bUnshown))
		if version >= 3 {
			c.readSeated(tx.Bucket(bSeated))
		}
		if version >= 5 {
			c.readPlayed(tx.Bucket(bPlayed))
		}
	}
	c.readRatings(tx)
	_ = tx.Bucket(bUsers).ForEach(func(k, v []byte) error {
		if _, err := decodeUser(string(k), v); err != nil {
			c.problem(0, 0, string(k), fmt.Sprintf("user %s: %v", k, err))
		}
		c.r.Users++
		return nil
	})
}

func (c *checker) readTables(b *bbolt.Bucket, version int, next uint64) {
	c.tables = map[uint64]tableHeader{}
	_ = b.ForEach(func(k, v []byte) error {
		if len(k) != 8 {
			c.problem(0, 0, "", fmt.Sprintf("tables: a key of %d bytes", len(k)))
			return nil
		}
		id := binary.BigEndian.Uint64(k)
		c.r.Tables++
		var h tableHeader
		var err error
		if version == 1 {
			var t store.Table
			t, err = decodeTableV1(id, v)
			h = tableHeader{finished: t.Finished, chat: t.Chat, game: t.Game}
		} else if _, err = decodeTable(id, v); err == nil {
			h, err = decodeTableHeader(id, v)
		}
		if err != nil {
			c.problem(id, 0, "", fmt.Sprintf("table %d: %v", id, err))
			return nil
		}
		if h.finished {
			c.r.Finished++
		}
		if id >= next {
			c.problem(id, 0, "", fmt.Sprintf("table %d: its id was never given (the next id is %d)", id, next))
		}
		c.tables[id] = h
		return nil
	})
}

func (c *checker) readOpen(b *bbolt.Bucket) {
	_ = b.ForEach(func(chat, idk []byte) error {
		if len(idk) != 8 {
			c.problem(0, 0, "", fmt.Sprintf("open index of chat %s holds %d bytes", chat, len(idk)))
			return nil
		}
		id := binary.BigEndian.Uint64(idk)
		h, ok := c.tables[id]
		switch {
		case !ok:
			c.problem(id, 0, "", fmt.Sprintf("open index of chat %s names table %d, which is missing or damaged", chat, id))
		case h.finished:
			c.problem(id, 0, "", fmt.Sprintf("open index of chat %s names table %d, which is finished", chat, id))
		case h.chat != string(chat):
			c.problem(id, 0, "", fmt.Sprintf("open index of chat %s names table %d, of chat %s", chat, id, h.chat))
		}
		return nil
	})
}

// historyEntry checks one entry of a chat's history.
func (c *checker) historyEntry(chat string, id uint64, listed map[uint64]bool) {
	listed[id] = true
	h, ok := c.tables[id]
	switch {
	case !ok:
		c.problem(id, 0, "", fmt.Sprintf("history of chat %s names table %d, which is missing or damaged", chat, id))
	case h.chat != chat:
		c.problem(id, 0, "", fmt.Sprintf("history of chat %s names table %d, of chat %s", chat, id, h.chat))
	}
}

// ids lists the tables read, in order.
func (c *checker) ids() []uint64 {
	return slices.Sorted(maps.Keys(c.tables))
}

func (c *checker) missingFromHistory(listed map[uint64]bool) {
	for _, id := range c.ids() {
		if h := c.tables[id]; !listed[id] {
			c.problem(id, 0, "", fmt.Sprintf("table %d is missing from the history of chat %s", id, h.chat))
		}
	}
}

func (c *checker) readHistory(b *bbolt.Bucket) {
	listed := map[uint64]bool{}
	_ = b.ForEach(func(k, _ []byte) error {
		chat, id, ok := splitHistoryKey(k)
		if !ok {
			c.problem(0, 0, "", fmt.Sprintf("history: a key of %d bytes that does not read", len(k)))
			return nil
		}
		c.historyEntry(chat, id, listed)
		return nil
	})
	c.missingFromHistory(listed)
}

func (c *checker) readHistoryV1(b *bbolt.Bucket) {
	listed := map[uint64]bool{}
	_ = b.ForEach(func(chat, v []byte) error {
		h := b.Bucket(chat)
		if v != nil || h == nil {
			c.problem(0, 0, "", fmt.Sprintf("the history of chat %s is not a bucket", chat))
			return nil
		}
		return h.ForEach(func(idk, _ []byte) error {
			if len(idk) != 8 {
				c.problem(0, 0, "", fmt.Sprintf("history of chat %s holds a key of %d bytes", chat, len(idk)))
				return nil
			}
			c.historyEntry(string(chat), binary.BigEndian.Uint64(idk), listed)
			return nil
		})
	})
	c.missingFromHistory(listed)
}

// logProblem records damage found in a log and reads on.
func (c *checker) logProblem(e *logError) bool {
	c.problem(e.table, e.seq, "", e.Error())
	return true
}

func (c *checker) countMove(store.Move) error { c.r.Moves++; return nil }

func (c *checker) orphanLog(id uint64) {
	if _, ok := c.tables[id]; !ok {
		c.problem(id, 0, "", fmt.Sprintf("move log of table %d, which is missing or damaged", id))
	}
}

func (c *checker) readLogs(b *bbolt.Bucket) {
	read := map[uint64]bool{}
	_ = b.ForEach(func(k, _ []byte) error {
		id, _, ok := splitLogKey(k)
		switch {
		case !ok:
			c.problem(0, 0, "", fmt.Sprintf("log: a key of %d bytes", len(k)))
		case !read[id]:
			read[id] = true
			c.orphanLog(id)
			n, damaged := uint64(0), false
			_ = readLog(boltBucket{b}, id, func(store.Move) error { n++; return nil }, func(e *logError) bool {
				damaged = true
				return c.logProblem(e)
			})
			c.r.Moves += int(n)
			if h, ok := c.tables[id]; ok && !damaged && n != h.last {
				c.logProblem(shortLog(id, n, h.last).(*logError))
			}
		}
		return nil
	})
	// A table whose whole log is gone.
	for _, id := range c.ids() {
		if h := c.tables[id]; !read[id] && h.last > 0 {
			c.logProblem(shortLog(id, 0, h.last).(*logError))
		}
	}
}

func (c *checker) readLogsV1(b *bbolt.Bucket) {
	_ = b.ForEach(func(idk, v []byte) error {
		if len(idk) != 8 || v != nil {
			c.problem(0, 0, "", fmt.Sprintf("moves: a key of %d bytes, or not a bucket", len(idk)))
			return nil
		}
		id := binary.BigEndian.Uint64(idk)
		c.orphanLog(id)
		_ = readLogV1(b, id, c.countMove, c.logProblem)
		return nil
	})
}

// formatDue words a due time of the index for a problem.
func formatDue(due uint64) string {
	return dueTime(due).Format(time.RFC3339Nano)
}

// readDue compares the due index with the records: every entry must name a
// table that is not finished, at the due time of its record, and every
// unfinished table with a due time must have its entry. A nil bucket (a
// file written before the index) is an empty index.
func (c *checker) readDue(b *bbolt.Bucket) {
	indexed := map[uint64]bool{}
	if b != nil {
		_ = b.ForEach(func(k, _ []byte) error {
			c.r.Due++
			due, id, ok := splitDueKey(k)
			if !ok {
				c.problem(0, 0, "", fmt.Sprintf("due index: a key of %d bytes", len(k)))
				return nil
			}
			h, ok := c.tables[id]
			switch {
			case !ok:
				c.problem(id, 0, "", fmt.Sprintf("due index names table %d at %s, which is missing or damaged", id, formatDue(due)))
			case h.finished:
				c.problem(id, 0, "", fmt.Sprintf("due index names table %d at %s, which is finished", id, formatDue(due)))
			case h.due != due:
				c.problem(id, 0, "", fmt.Sprintf("due index names table %d at %s, its record at %s", id, formatDue(due), dueOrNone(h.due)))
			default:
				indexed[id] = true
			}
			return nil
		})
	}
	for _, id := range c.ids() {
		if h := c.tables[id]; !h.finished && h.due != 0 && !indexed[id] {
			c.problem(id, 0, "", fmt.Sprintf("table %d is due at %s but missing from the due index", id, formatDue(h.due)))
		}
	}
}

// readSeated compares the seated index with the records: every entry names
// an unfinished table whose record seats the user, and every user an
// unfinished table's record seats has his entry.
func (c *checker) readSeated(b *bbolt.Bucket) {
	c.readUserIndex(b, bSeated, func(h tableHeader) []string { return openSeats(h.finished, h.seated) })
}

// readPlayed compares the played index with the records: every entry
// names a table whose record seats the user, finished or not, and every
// user a record seats has his entry.
func (c *checker) readPlayed(b *bbolt.Bucket) {
	c.readUserIndex(b, bPlayed, func(h tableHeader) []string { return h.seated })
}

// readUserIndex compares an index of users' tables (seatedKey) with the
// users its records give it.
func (c *checker) readUserIndex(b *bbolt.Bucket, name []byte, users func(tableHeader) []string) {
	indexed := map[uint64][]string{}
	_ = b.ForEach(func(k, _ []byte) error {
		user, id, ok := splitSeatedKey(k)
		if !ok {
			c.problem(0, 0, "", fmt.Sprintf("%s index: a key %q", name, k))
			return nil
		}
		h, ok := c.tables[id]
		switch {
		case !ok:
			c.problem(id, 0, "", fmt.Sprintf("%s index names %s at table %d, which is missing or damaged", name, user, id))
		case !slices.Contains(users(h), user):
			why := "whose record does not seat him"
			if slices.Contains(h.seated, user) {
				why = "which is finished"
			}
			c.problem(id, 0, "", fmt.Sprintf("%s index names %s at table %d, %s", name, user, id, why))
		default:
			indexed[id] = append(indexed[id], user)
		}
		return nil
	})
	for _, id := range c.ids() {
		for _, user := range users(c.tables[id]) {
			if !slices.Contains(indexed[id], user) {
				c.problem(id, 0, "", fmt.Sprintf("table %d seats %s but the %s index does not say so", id, user, name))
			}
		}
	}
}

func dueOrNone(due uint64) string {
	if due == 0 {
		return "none"
	}
	return formatDue(due)
}

// readUnshown compares the unshown index with the records: every entry
// must name a table whose record holds the same batch (the record keeps
// what the last Save left in the index). A record with a batch and no
// entry is no problem: the batch was shown since (Shown clears the index
// alone).
func (c *checker) readUnshown(b *bbolt.Bucket) {
	if b == nil {
		return
	}
	_ = b.ForEach(func(k, v []byte) error {
		c.r.Unshown++
		if len(k) != 8 {
			c.problem(0, 0, "", fmt.Sprintf("unshown index: a key of %d bytes", len(k)))
			return nil
		}
		id := binary.BigEndian.Uint64(k)
		if len(v) != 8 || binary.BigEndian.Uint64(v) == 0 {
			c.problem(id, 0, "", fmt.Sprintf("unshown index of table %d holds %x, not a batch number", id, v))
			return nil
		}
		batch := binary.BigEndian.Uint64(v)
		h, ok := c.tables[id]
		switch {
		case !ok:
			c.problem(id, 0, "", fmt.Sprintf("unshown index names table %d, which is missing or damaged", id))
		case h.unshown != batch:
			c.problem(id, 0, "", fmt.Sprintf("unshown index holds batch %d of table %d, its record batch %d", batch, id, h.unshown))
		}
		return nil
	})
}
