package bolt

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"go.etcd.io/bbolt"

	"github.com/tablee/tablee/store"
)

// The move log. Every table's moves live in one flat bucket, keyed by the
// table id and a sequence number, 16 bytes:
//
//	id | 0      -> the table's users: the user strings its moves name by number
//	id | first  -> a block of consecutive moves, the first of them move `first`
//
// Schema 1 gave each table a nested bucket and each move its own key: 98
// bytes a move on disk (16 of bbolt's element header, 8 of key, a full
// timestamp and user string) and a mostly empty page for each game's log.
// Here moves are appended to the table's last block until it holds
// blockMaxBytes or blockMaxMoves, so the key and element header are paid
// once a block; a move's time is the nanoseconds since the move before it
// in the block; its user is a small number; and the logs of all tables
// share pages.
//
// A block is version(2) then entries:
//
//	uvarint len(body) | body | crc32c(id BE | seq BE | body) (4 bytes BE)
//	body: time (zigzag varint: Unix nanoseconds for the first entry of a
//	      block, then nanoseconds since the entry before), seat (zigzag
//	      varint), user (uvarint: 0 for "", n for the table's n-th user),
//	      the move's text (the rest of the body)
//
// Each move keeps a checksum of its own, salted with its table and its
// sequence number: a damaged move is reported by number, and a move read
// under another table or position is damage too. The users record is
// version(2) count (len, user)... crc32c(id BE | 0 | all before).
const (
	blockVersion    = 2
	logUsersVersion = 2
)

// Blocks are closed a little under a page (4,096 bytes: bbolt's page on
// most systems) with room for their key and headers, or at 200 moves.
// Measured on real games (BenchmarkDiskPerGame, docs/persistence.md),
// blocks of 512 bytes left the log's pages 68 % full as a server writes
// them: the logs of tables playing at once grow at as many places of the
// bucket (it is ordered by table id), and bbolt leaves at least two
// elements on each side of a split, so a page of seven blocks split kept
// five. Blocks of 3,900 bytes go two to a node of two pages (and four to
// a page of 16 KB), and the pages are 86 % full as written; 1,024 and
// 2,048 bytes did worse than 512, and 3,500 to 4,032 bytes pack pages
// less well (the figures are in the docs). What a move costs for it: the
// rewrite of a longer last block, at the checkpoint, and a damaged byte
// hides the moves after it in its block (up to 200 instead of 64).
const (
	blockMaxBytes = 3900
	blockMaxMoves = 200
)

func logKey(id, seq uint64) []byte {
	return putLogKey(new([16]byte), id, seq)
}

// putLogKey writes the key of a move into k.
func putLogKey(k *[16]byte, id, seq uint64) []byte {
	binary.BigEndian.PutUint64(k[:], id)
	binary.BigEndian.PutUint64(k[8:], seq)
	return k[:]
}

func splitLogKey(k []byte) (id, seq uint64, ok bool) {
	if len(k) != 16 {
		return 0, 0, false
	}
	return binary.BigEndian.Uint64(k), binary.BigEndian.Uint64(k[8:]), true
}

// logError is damage found in a table's log: the table, the first move
// that cannot be read (0 when it is the log's users record or its keys),
// and what is wrong.
type logError struct {
	table uint64
	seq   uint64
	what  string
}

func (e *logError) Error() string {
	if e.seq == 0 {
		return fmt.Sprintf("table %d, move log: %s", e.table, e.what)
	}
	return fmt.Sprintf("table %d, move %d: %s", e.table, e.seq, e.what)
}

// logEntry is one move as a block holds it.
type logEntry struct {
	seq  uint64
	at   int64 // Unix nanoseconds
	seat int
	user uint64
	text []byte // a view into the block: valid while its transaction is open
}

// appendEntry appends e, its time written relative to prevAt (0 for the
// first entry of a block, which holds the time itself).
func appendEntry(b []byte, id uint64, e logEntry, prevAt int64) []byte {
	body := make([]byte, 0, 3*binary.MaxVarintLen64+len(e.text))
	body = binary.AppendVarint(body, e.at-prevAt)
	body = binary.AppendVarint(body, int64(e.seat))
	body = binary.AppendUvarint(body, e.user)
	body = append(body, e.text...)
	b = binary.AppendUvarint(b, uint64(len(body)))
	b = append(b, body...)
	return binary.BigEndian.AppendUint32(b, checksum(logKey(id, e.seq), body))
}

// walkBlock reads the block of table id whose first move is first, calling
// fn for each move in order. The first move that does not read stops it
// with a *logError naming that move: the moves after it in the block
// cannot be told apart any more.
func walkBlock(id, first uint64, v []byte, fn func(logEntry) error) (count int, lastAt int64, err error) {
	if len(v) == 0 || v[0] != blockVersion {
		what := "block is empty"
		if len(v) > 0 {
			what = fmt.Sprintf("block of unknown version %d", v[0])
		}
		return 0, 0, &logError{table: id, seq: first, what: what}
	}
	rest := v[1:]
	var salt [16]byte // each entry's key, on the stack: a save walks its block
	for len(rest) > 0 {
		seq := first + uint64(count)
		bad := func(what string) (int, int64, error) {
			return count, lastAt, &logError{table: id, seq: seq, what: what + rangeAfter(seq, len(rest))}
		}
		n, k := binary.Uvarint(rest)
		if k <= 0 || n > uint64(len(rest)-k) || uint64(len(rest)-k)-n < 4 {
			return bad("entry length does not fit its block")
		}
		body := rest[k : k+int(n)]
		sum := binary.BigEndian.Uint32(rest[k+int(n):])
		rest = rest[k+int(n)+4:]
		if checksum(putLogKey(&salt, id, seq), body) != sum {
			return bad("checksum mismatch")
		}
		r := &reader{b: body}
		e := logEntry{seq: seq}
		delta := r.varint()
		e.seat = int(r.varint())
		e.user = r.uvarint()
		if r.err != nil {
			return bad("entry does not decode: " + r.err.Error())
		}
		e.text = r.b
		if count == 0 {
			e.at = delta
		} else {
			e.at = lastAt + delta
		}
		lastAt = e.at
		count++
		if fn != nil {
			if err := fn(e); err != nil {
				return count, lastAt, err
			}
		}
	}
	if count == 0 {
		return 0, 0, &logError{table: id, seq: first, what: "block holds no move"}
	}
	return count, lastAt, nil
}

// rangeAfter says that the rest of a block is lost with a damaged entry.
func rangeAfter(seq uint64, rest int) string {
	if rest == 0 {
		return ""
	}
	return fmt.Sprintf(" (the moves after %d in the same block cannot be read either)", seq)
}

func encodeLogUsers(id uint64, users []string) []byte {
	b := []byte{logUsersVersion}
	b = binary.AppendUvarint(b, uint64(len(users)))
	for _, u := range users {
		b = appendString(b, u)
	}
	return seal(logKey(id, 0), b)
}

func decodeLogUsers(id uint64, v []byte) ([]string, error) {
	r := unseal(logKey(id, 0), v, logUsersVersion)
	n := r.uvarint()
	if n > uint64(len(v)) {
		r.fail("user count past the end")
	}
	var users []string
	for i := uint64(0); i < n && r.err == nil; i++ {
		users = append(users, r.string())
	}
	if err := r.done(); err != nil {
		return nil, &logError{table: id, what: "users record: " + err.Error()}
	}
	return users, nil
}

// lastLogKey positions c on the last key of table id's log, if it has one.
func lastLogKey(c kvCursor, id uint64) (k, v []byte) {
	if id == math.MaxUint64 {
		k, v = c.Last()
	} else if k, v = c.Seek(logKey(id+1, 0)); k == nil {
		k, v = c.Last()
	} else {
		k, v = c.Prev()
	}
	if kid, _, ok := splitLogKey(k); !ok || kid != id {
		return nil, nil
	}
	return k, v
}

// logTail is the end of a table's log, what appending a move needs.
type logTail struct {
	last     uint64 // the last move, 0 for none
	blockKey []byte // the last block's key; nil without moves
	block    []byte // its value, read only (nil when lazy)
	// lazy is the block as a save left it in the overlay, not yet
	// joined into bytes (lazyBlock).
	lazy   *lazyBlock
	count  int   // moves in it
	lastAt int64 // time of its last move
	// users is the log's users record as read, when known (a tail from
	// the cache: the save that made it read or wrote them), shared and
	// read only.
	users      []string
	knowsUsers bool
}

func readLogTail(log kvBucket, id uint64) (logTail, error) {
	return readLogTailKnown(log, id, nil, 0, false)
}

// readLogTailKnown is readLogTail for a table whose record says its log
// ends at move last (when known), taking the tail from cache (when not
// nil): the tail its last save left, while the log still ends there with
// the bytes that save wrote, is found with one Get where a cursor would
// seek the table's last key in the overlay and in the file, and its block
// walked.
func readLogTailKnown(log kvBucket, id uint64, cache *tailCache, last uint64, known bool) (logTail, error) {
	switch {
	case !known || cache == nil:
	case cache.own:
		if t, ok := cache.get(id); ok && t.last == last {
			return t, nil
		}
	default:
		if first, ok := cache.first(id); ok {
			if lb, ok := log.(lazyBucket); ok {
				// A block a save left lazy is its own tail: it ends where
				// the record says the log does, or it is not the last.
				if b, ok := lb.lazy(logKey(id, first)).(*lazyBlock); ok && b.tail.last == last {
					return b.tail, nil
				}
			}
		}
	}
	k, v := lastLogKey(log.Cursor(), id)
	_, first, _ := splitLogKey(k)
	if k == nil || first == 0 {
		return logTail{}, nil
	}
	count, lastAt, err := walkBlock(id, first, v, nil)
	if err != nil {
		return logTail{}, err
	}
	return logTail{last: first + uint64(count) - 1, blockKey: k, block: v, count: count, lastAt: lastAt}, nil
}

// appendMove appends m, the move after tail, to table id's log: to its last
// block while it has room, else to a new block. A user the log has not
// named yet is added to its users record.
func appendMove(log kvBucket, id uint64, tail logTail, m *store.Move) error {
	_, err := appendMoveTail(log, id, tail, m)
	return err
}

// appendMoveTail is appendMove, returning the log's tail after the move.
func appendMoveTail(log kvBucket, id uint64, tail logTail, m *store.Move) (logTail, error) {
	users, known := tail.users, tail.knowsUsers
	ref := uint64(0)
	if m.User != "" {
		if !known {
			if v := log.Get(logKey(id, 0)); v != nil {
				var err error
				if users, err = decodeLogUsers(id, v); err != nil {
					return logTail{}, err
				}
			}
			known = true
		}
		i := slices.Index(users, m.User)
		if i < 0 {
			// A new slice: users may be shared with other saves' tails.
			i, users = len(users), append(slices.Clip(users), m.User)
			if err := log.Put(logKey(id, 0), encodeLogUsers(id, users)); err != nil {
				return logTail{}, err
			}
		}
		ref = uint64(i + 1)
	}
	e := logEntry{seq: m.Seq, at: m.At.UnixNano(), seat: m.Seat, user: ref, text: []byte(m.Text)}
	next := logTail{last: m.Seq, lastAt: e.at, users: users, knowsUsers: known}
	if lb, ok := log.(lazyBucket); ok {
		return appendLazy(lb, id, tail, e, next)
	}
	if tail.blockKey != nil && tail.count < blockMaxMoves {
		b := make([]byte, len(tail.block), len(tail.block)+32+len(e.text))
		copy(b, tail.block)
		if b = appendEntry(b, id, e, tail.lastAt); len(b) <= blockMaxBytes {
			next.blockKey, next.block, next.count = tail.blockKey, b, tail.count+1
			return next, log.Put(tail.blockKey, b)
		}
	}
	next.blockKey, next.block, next.count = logKey(id, m.Seq), appendEntry([]byte{blockVersion}, id, e, 0), 1
	return next, log.Put(next.blockKey, next.block)
}

// appendLazy is appendMoveTail into a save's batch over the view: the
// block goes into the overlay lazy (lazyBlock), the entry appended to the
// block before it without copying that block.
func appendLazy(log lazyBucket, id uint64, tail logTail, e logEntry, next logTail) (logTail, error) {
	entry := appendEntry(nil, id, e, tail.lastAt)
	b := &lazyBlock{entry: entry}
	switch {
	case tail.blockKey == nil || tail.count >= blockMaxMoves:
	case tail.lazy != nil && tail.lazy.n+len(entry) <= blockMaxBytes && tail.lazy.depth < lazyBlockDepth:
		b.prev, b.n, b.depth = tail.lazy, tail.lazy.n+len(entry), tail.lazy.depth+1
	case tail.lazy != nil && tail.lazy.n+len(entry) <= blockMaxBytes:
		// A long chain is joined into bytes, once for lazyBlockDepth
		// saves: it holds each entry with a block's tail.
		b.prevBytes, b.n = tail.lazy.bytes(), tail.lazy.n+len(entry)
	case tail.lazy == nil && len(tail.block)+len(entry) <= blockMaxBytes:
		// The block as read: bytes of the file's map, perhaps, valid in
		// its transaction alone.
		b.prevBytes, b.n = bytes.Clone(tail.block), len(tail.block)+len(entry)
	}
	switch {
	case b.n == 0: // a new block
		b.entry = appendEntry([]byte{blockVersion}, id, e, 0)
		b.n = len(b.entry)
		next.blockKey, next.count = logKey(id, e.seq), 1
	case b.prev != nil:
		next.blockKey, next.count = tail.blockKey, tail.count+1
	default:
		// The key as read may be the file's map (see tailCache.put):
		// the block's tail outlives the read.
		next.blockKey, next.count = bytes.Clone(tail.blockKey), tail.count+1
	}
	next.lazy = b
	b.tail = next
	return next, log.putLazy(next.blockKey, b)
}

// lazyBlockDepth is how many lazy blocks a chain holds at most before
// the next save joins them into bytes.
const lazyBlockDepth = 32

// lazyBlock is a block of a table's log as a save left it in the overlay:
// the block before (bytes, or another lazyBlock) and the entry the save
// appended, joined into bytes only when a read asks for them. The table's
// next save appends to it as it is, and the checkpoint writes the block
// from its own appends: a move costs the save its entry, not a copy of
// the block (up to blockMaxBytes). Published, it never changes but for
// its bytes, set once.
type lazyBlock struct {
	prev      *lazyBlock // the block the entry was appended to, when lazy
	prevBytes []byte     // ... or its bytes; neither for a new block
	entry     []byte     // the entry (a new block's version byte first)
	n         int        // the block's length
	depth     int        // the lazy blocks before it in the chain
	tail      logTail    // the log's tail after the entry (tail.lazy is the block)
	enc       atomic.Pointer[[]byte]
}

// bytes is the block, as the file will hold it.
func (b *lazyBlock) bytes() []byte {
	if p := b.enc.Load(); p != nil {
		return *p
	}
	// The entries back to a block known as bytes, newest first.
	var chain []*lazyBlock
	var base []byte
	for x := b; ; x = x.prev {
		if p := x.enc.Load(); p != nil {
			base = *p
			break
		}
		chain = append(chain, x)
		if x.prev == nil {
			base = x.prevBytes
			break
		}
	}
	out := make([]byte, 0, b.n)
	out = append(out, base...)
	for i := len(chain) - 1; i >= 0; i-- {
		out = append(out, chain[i].entry...)
	}
	b.enc.CompareAndSwap(nil, &out) // readers that raced joined the same bytes
	return *b.enc.Load()
}

// tailCache is the log's tail after each table's last move saved, for the
// next save of the table to find without seeking and walking its block
// again (a block holds up to blockMaxMoves moves, each with its
// checksum). Two kinds:
//   - the store's, for the saves worked out against the view: the first
//     move of each table's last block, a number alone (the garbage
//     collector does not walk it, however many tables). The block its
//     save left lazy in the overlay (lazyBlock) is its own tail, and holds
//     while it ends where the table's record says the log does: it is
//     then the log's end, and its users too, since only a save that
//     appends a move changes either, and such a save moves the record's
//     last move on. Once the checkpoint wrote the block and the overlay
//     forgot it, the next save reads the tail from the log. A table that
//     finishes leaves it; it is emptied when tables are deleted.
//   - a checkpoint's (own): the tails of the saves it writes in its
//     transaction, which alone writes the logs: an entry keeps its block
//     and holds while the record says the log ends where it does.
type tailCache struct {
	mu     sync.Mutex
	firsts map[uint64]uint64
	own    bool
	m      map[uint64]logTail
}

// get is the tail table id's last save left in an own cache.
func (c *tailCache) get(id uint64) (logTail, bool) {
	t, ok := c.m[id]
	return t, ok
}

// first is the first move of table id's last block in the store's cache.
func (c *tailCache) first(id uint64) (uint64, bool) {
	c.mu.Lock()
	f, ok := c.firsts[id]
	c.mu.Unlock()
	return f, ok
}

func (c *tailCache) put(id uint64, t logTail) {
	switch {
	case c == nil:
	case c.own:
		// The key may be the file's own bytes, read from its memory map:
		// valid in its transaction alone (bbolt maps the file anew as it
		// grows, and a read of the old map faults).
		t.blockKey = bytes.Clone(t.blockKey)
		if c.m == nil {
			c.m = map[uint64]logTail{}
		}
		c.m[id] = t
	default:
		_, first, _ := splitLogKey(t.blockKey)
		c.mu.Lock()
		if c.firsts == nil {
			c.firsts = map[uint64]uint64{}
		}
		c.firsts[id] = first
		c.mu.Unlock()
	}
}

// forget drops table id's entry: it finished, its log is written no more.
func (c *tailCache) forget(id uint64) {
	switch {
	case c == nil:
	case c.own:
		delete(c.m, id)
	default:
		c.mu.Lock()
		delete(c.firsts, id)
		c.mu.Unlock()
	}
}

func (c *tailCache) clear() {
	c.mu.Lock()
	clear(c.firsts)
	c.mu.Unlock()
}

// readLog calls fn with each move of table id in order. Damage, and a log
// that skips or repeats a move, are a *logError naming the table and the
// first move that cannot be read; onDamage (when not nil) is told and
// decides whether to read on, at the next block.
func readLog(log kvBucket, id uint64, fn func(store.Move) error, onDamage func(*logError) bool) error {
	report := func(e *logError) error {
		if onDamage != nil && onDamage(e) {
			return nil
		}
		return e
	}
	prefix := key(id)
	var users []string
	next := uint64(1) // 0 once a damaged block hides where the next should start
	c := log.Cursor()
	for k, v := c.Seek(logKey(id, 0)); k != nil && bytes.HasPrefix(k, prefix); k, v = c.Next() {
		_, first, ok := splitLogKey(k)
		switch {
		case !ok:
			if err := report(&logError{table: id, seq: next, what: fmt.Sprintf("a key of %d bytes", len(k))}); err != nil {
				return err
			}
			continue
		case first == 0:
			var err error
			if users, err = decodeLogUsers(id, v); err != nil {
				if err := report(err.(*logError)); err != nil {
					return err
				}
			}
			continue
		case next != 0 && first < next:
			// Keys out of order: the page is damaged; reading on could go
			// round in circles.
			return report(&logError{table: id, seq: next, what: fmt.Sprintf("repeated: a block starts again at move %d", first)})
		case next != 0 && first != next:
			if err := report(&logError{table: id, seq: next, what: fmt.Sprintf("missing: the next block starts at move %d", first)}); err != nil {
				return err
			}
		}
		count, _, err := walkBlock(id, first, v, func(e logEntry) error {
			m := store.Move{Seq: e.seq, At: time.Unix(0, e.at).UTC(), Seat: e.seat, Text: string(e.text)}
			if e.user > uint64(len(users)) {
				return &logError{table: id, seq: e.seq, what: fmt.Sprintf("names user #%d, the log knows %d", e.user, len(users))}
			}
			if e.user > 0 {
				m.User = users[e.user-1]
			}
			return fn(m)
		})
		if le, ok := err.(*logError); ok {
			if err := report(le); err != nil {
				return err
			}
			next = 0
			continue
		}
		if err != nil {
			return err
		}
		next = first + uint64(count)
	}
	return nil
}

// deleteLog removes every key of table id's log.
func deleteLog(log *bbolt.Bucket, id uint64) error {
	prefix := key(id)
	var keys [][]byte
	c := log.Cursor()
	for k, _ := c.Seek(logKey(id, 0)); k != nil && bytes.HasPrefix(k, prefix); k, _ = c.Next() {
		keys = append(keys, bytes.Clone(k))
	}
	for _, k := range keys {
		if err := log.Delete(k); err != nil {
			return err
		}
	}
	return nil
}
