package bolt

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tablee/tablee/store"
)

// Records are encoded by hand with encoding/binary rather than encoding/json:
//
//   - the bulk of a table record is Data, bytes the bot already serialised;
//     JSON would base64 them (a third larger) and re-escape them on every save;
//   - bbolt checksums its meta pages but not its data pages, so every record
//     ends with a CRC-32C: a flipped bit on disk is reported as damage
//     instead of being handed to the bot as a slightly different game. The
//     checksum of a table record covers its id too, so that a record found
//     under another key is damage as well.
//
// Layout, all integers unsigned varints unless told:
//
//	table: version(2) flags(1 byte: bit 0 finished, bit 1 data deflated,
//	       bit 2 due, bit 3 unshown, bit 4 seated) [finished: finishedAt,
//	       Unix seconds] [due: Due, Unix nanoseconds] [unshown: the
//	       unshown batch] [seated: count, then each user: len, user]
//	       last move, len chat, chat, len game, game, len data, data,
//	       crc32c(id BE | all before) (4 bytes BE)
//
// Due, unshown and seated are optional fields behind their flags, so that a record
// written before they existed reads as it is: no due time, nothing unshown.
// The record carries them so that whoever rewrites or deletes it finds the
// index entries it made (the due index is keyed by the time).
//
// A table record names the last move of its log: a log that lost its last
// block (a flipped key sends it to another table) is damage, not a shorter
// game.
//
//	user:  version(1) len data, data, crc32c(all before)
//
// Moves are kept in blocks, in log.go. The version byte lets a reader tell
// record formats apart; schema 1's formats are read by migrate.go.
const (
	tableVersion = 2
	userVersion  = 1
)

const (
	flagFinished = 1 << 0
	flagDeflated = 1 << 1
	flagDue      = 1 << 2
	flagUnshown  = 1 << 3
	flagSeated   = 1 << 4

	knownFlags = flagFinished | flagDeflated | flagDue | flagUnshown | flagSeated
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// errRecord is wrapped by every decoding failure.
var errRecord = errors.New("record does not decode")

func appendBytes(b, s []byte) []byte {
	b = binary.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}

func appendString(b []byte, s string) []byte {
	b = binary.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}

// checksum is the CRC-32C of salt then body: the salt (a key) is not
// stored in the record but must match for the record to be read.
func checksum(salt, body []byte) uint32 {
	return crc32.Update(crc32.Checksum(salt, castagnoli), castagnoli, body)
}

// seal appends the checksum of salt and b to b.
func seal(salt, b []byte) []byte {
	return binary.BigEndian.AppendUint32(b, checksum(salt, b))
}

// tableRecord is a table ready to be written: its data already deflated
// when it is finished, so that the transaction only assembles bytes.
type tableRecord struct {
	id       uint64
	finished bool
	chat     string
	game     string
	data     []byte
	deflated bool
	due      uint64 // Table.Due in Unix nanoseconds (dueNanos), 0 for none
	seated   []string
}

// prepareTable deflates the data of a finished table: it will not change
// again, and game states compress to about a third.
func prepareTable(t store.Table) tableRecord {
	r := tableRecord{id: t.ID, finished: t.Finished, chat: t.Chat, game: t.Game, data: t.Data, due: dueNanos(t.Due),
		seated: seatedOf(t)}
	if t.Finished && len(t.Data) > 64 {
		if z := deflate(t.Data); len(z) < len(t.Data) {
			r.data, r.deflated = z, true
		}
	}
	return r
}

// encode writes the record; finishedAt is only written for a finished
// table; last is the last move of its log; unshown is the batch the
// unshown index holds for the table after this write, 0 for none.
func (r tableRecord) encode(finishedAt time.Time, last, unshown uint64) []byte {
	b := make([]byte, 0, 2+6*binary.MaxVarintLen64+len(r.chat)+len(r.game)+len(r.data)+4)
	b = append(b, tableVersion)
	var flags byte
	if r.finished {
		flags |= flagFinished
	}
	if r.deflated {
		flags |= flagDeflated
	}
	if r.due != 0 {
		flags |= flagDue
	}
	if unshown != 0 {
		flags |= flagUnshown
	}
	if len(r.seated) > 0 {
		flags |= flagSeated
	}
	b = append(b, flags)
	if r.finished {
		b = binary.AppendUvarint(b, uint64(max(finishedAt.Unix(), 0)))
	}
	if r.due != 0 {
		b = binary.AppendUvarint(b, r.due)
	}
	if unshown != 0 {
		b = binary.AppendUvarint(b, unshown)
	}
	if len(r.seated) > 0 {
		b = binary.AppendUvarint(b, uint64(len(r.seated)))
		for _, u := range r.seated {
			b = appendString(b, u)
		}
	}
	b = binary.AppendUvarint(b, last)
	b = appendString(b, r.chat)
	b = appendString(b, r.game)
	b = appendBytes(b, r.data)
	return seal(key(r.id), b)
}

func deflate(data []byte) []byte {
	var buf bytes.Buffer
	w := deflaters.Get().(*flate.Writer)
	w.Reset(&buf)
	_, _ = w.Write(data) // a bytes.Buffer does not fail
	_ = w.Close()
	deflaters.Put(w)
	return buf.Bytes()
}

// deflaters keeps deflate's writers: one takes about 1 MB and most of the
// time of deflating a table record to make, and the start of a data file
// of an older schema saves every finished table once (bot's
// completePlayedIndex).
var deflaters = sync.Pool{New: func() any {
	w, _ := flate.NewWriter(nil, flate.BestCompression) // the level is valid: no error
	return w
}}

// maxInflated bounds the data of one table once inflated: a damaged
// stream whose checksum still matched must not fill the memory.
const maxInflated = 64 << 20

func inflate(z []byte) ([]byte, error) {
	r := flate.NewReader(bytes.NewReader(z))
	defer r.Close()
	data, err := io.ReadAll(io.LimitReader(r, maxInflated+1))
	if err != nil {
		return nil, err
	}
	if len(data) > maxInflated {
		return nil, errors.New("deflated data too large")
	}
	return data, nil
}

func encodeUser(u store.User) []byte {
	b := make([]byte, 0, 1+binary.MaxVarintLen32+len(u.Data)+4)
	b = append(b, userVersion)
	b = appendBytes(b, u.Data)
	return seal(nil, b)
}

// reader walks one record; the first failure sticks.
type reader struct {
	b   []byte
	err error
}

// unseal checks the checksum and the version and returns a reader positioned
// after the version byte.
func unseal(salt, v []byte, version byte) *reader {
	if len(v) < 1+4 {
		return &reader{err: errors.New("too short")}
	}
	body, sum := v[:len(v)-4], binary.BigEndian.Uint32(v[len(v)-4:])
	if checksum(salt, body) != sum {
		return &reader{err: errors.New("checksum mismatch")}
	}
	if body[0] != version {
		return &reader{err: errors.New("unknown record version " + strconv.Itoa(int(body[0])))}
	}
	return &reader{b: body[1:]}
}

func (r *reader) fail(msg string) {
	if r.err == nil {
		r.err = errors.New(msg)
	}
}

func (r *reader) byte() byte {
	if r.err != nil {
		return 0
	}
	if len(r.b) == 0 {
		r.fail("truncated")
		return 0
	}
	c := r.b[0]
	r.b = r.b[1:]
	return c
}

func (r *reader) uvarint() uint64 {
	if r.err != nil {
		return 0
	}
	v, n := binary.Uvarint(r.b)
	if n <= 0 {
		r.fail("bad varint")
		return 0
	}
	r.b = r.b[n:]
	return v
}

func (r *reader) varint() int64 {
	if r.err != nil {
		return 0
	}
	v, n := binary.Varint(r.b)
	if n <= 0 {
		r.fail("bad varint")
		return 0
	}
	r.b = r.b[n:]
	return v
}

// raw returns the next length-prefixed bytes without copying: only valid
// while the transaction that read them is open.
func (r *reader) raw() []byte {
	n := r.uvarint()
	if r.err != nil {
		return nil
	}
	if n > uint64(len(r.b)) {
		r.fail("truncated")
		return nil
	}
	out := r.b[:n:n]
	r.b = r.b[n:]
	return out
}

// bytes returns a copy (nil when empty): values read in a bbolt
// transaction are only valid until it ends.
func (r *reader) bytes() []byte {
	raw := r.raw()
	if r.err != nil || len(raw) == 0 {
		return nil
	}
	return bytes.Clone(raw)
}

func (r *reader) string() string { return string(r.raw()) }

func (r *reader) done() error {
	if r.err == nil && len(r.b) != 0 {
		r.err = errors.New("trailing bytes")
	}
	if r.err != nil {
		return fmt.Errorf("%w: %v", errRecord, r.err)
	}
	return nil
}

// tableHeader is a table record without its data: what indexes,
// retention and checks need.
type tableHeader struct {
	finished   bool
	finishedAt time.Time
	last       uint64 // the last move of its log
	chat       string
	game       string
	deflated   bool
	due        uint64 // Due in Unix nanoseconds, 0 for none
	unshown    uint64 // the unshown batch the last Save left in the index
	seated     []string
}

// readTableHeader checks the record and reads up to its data, which it
// leaves in r.
func readTableHeader(id uint64, v []byte) (tableHeader, *reader) {
	r := unseal(key(id), v, tableVersion)
	var h tableHeader
	flags := r.byte()
	h.finished = flags&flagFinished != 0
	h.deflated = flags&flagDeflated != 0
	if h.finished {
		h.finishedAt = time.Unix(int64(r.uvarint()), 0).UTC()
	}
	if flags&flagDue != 0 {
		if h.due = r.uvarint(); h.due == 0 || h.due > math.MaxInt64 {
			r.fail("due time out of range")
		}
	}
	if flags&flagUnshown != 0 {
		if h.unshown = r.uvarint(); h.unshown == 0 {
			r.fail("unshown batch 0")
		}
	}
	if flags&flagSeated != 0 {
		n := r.uvarint()
		if n == 0 || n > maxSeated {
			r.fail("seated count out of range")
			n = 0
		}
		for i := uint64(0); i < n && r.err == nil; i++ {
			h.seated = append(h.seated, r.string())
		}
	}
	if flags&^knownFlags != 0 {
		r.fail("unknown flags")
	}
	h.last = r.uvarint()
	h.chat = r.string()
	h.game = r.string()
	return h, r
}

func decodeTableHeader(id uint64, v []byte) (tableHeader, error) {
	h, r := readTableHeader(id, v)
	r.raw()
	return h, r.done()
}

func decodeTable(id uint64, v []byte) (store.Table, error) {
	h, r := readTableHeader(id, v)
	data := r.raw()
	if err := r.done(); err != nil {
		return store.Table{}, err
	}
	t := store.Table{ID: id, Chat: h.chat, Game: h.game, Finished: h.finished, FinishedAt: h.finishedAt,
		Due: dueTime(h.due), Unshown: h.unshown, Seated: h.seated}
	if h.deflated {
		var err error
		if t.Data, err = inflate(data); err != nil {
			return store.Table{}, fmt.Errorf("%w: data does not inflate: %v", errRecord, err)
		}
	} else if len(data) > 0 {
		t.Data = bytes.Clone(data)
	}
	return t, nil
}

func decodeUser(id string, v []byte) (store.User, error) {
	r := unseal(nil, v, userVersion)
	u := store.User{ID: id}
	u.Data = r.bytes()
	return u, r.done()
}

// key is an id or a sequence number as 8 bytes big-endian, so that bbolt's
// byte order is numeric order.
func key(id uint64) []byte {
	return binary.BigEndian.AppendUint64(make([]byte, 0, 8), id)
}

// dueNanos is a due time as the record and the due index keep it: Unix
// nanoseconds, 0 for none. A time before 1970 is kept as 1 ns after (it is
// due anyway), one after 2262 as the last nanosecond int64 can count.
func dueNanos(t time.Time) uint64 {
	switch {
	case t.IsZero():
		return 0
	case !t.After(time.Unix(0, 0)):
		return 1
	case t.Year() >= 2262 && !t.Before(time.Unix(0, math.MaxInt64)):
		return math.MaxInt64
	}
	return uint64(t.UnixNano())
}

// dueTime reads dueNanos back, in UTC; the zero time for 0.
func dueTime(n uint64) time.Time {
	if n == 0 {
		return time.Time{}
	}
	return time.Unix(0, int64(n)).UTC()
}

// dueKey is a table's entry in the due index: its due time then its id,
// both big-endian, so that a cursor walks the index in due order.
func dueKey(due, id uint64) []byte {
	k := binary.BigEndian.AppendUint64(make([]byte, 0, 16), due)
	return binary.BigEndian.AppendUint64(k, id)
}

// splitDueKey reads a due key back.
func splitDueKey(k []byte) (due, id uint64, ok bool) {
	if len(k) != 16 {
		return 0, 0, false
	}
	return binary.BigEndian.Uint64(k), binary.BigEndian.Uint64(k[8:]), true
}

// maxSeated bounds the users of one record: no game seats more than a
// few, and a damaged count must not make the reader allocate much.
const maxSeated = 64

// seatedOf is the users a table's record keeps, finished or not (the
// played index follows them): each user once, in order.
func seatedOf(t store.Table) []string {
	var users []string
	for _, u := range t.Seated {
		if u != "" && !slices.Contains(users, u) {
			users = append(users, u)
		}
	}
	return users
}

// openSeats is what the seated index keeps of a record's users: all of
// them while the table is unfinished, none once it is finished.
func openSeats(finished bool, seated []string) []string {
	if finished {
		return nil
	}
	return seated
}

// seatedKey is a table's entry in the seated index and in the played
// index: the user, a 0 byte, then the table's id big-endian, so that a
// user's tables are one prefix.
func seatedKey(user string, id uint64) []byte {
	k := make([]byte, 0, len(user)+9)
	k = append(k, user...)
	k = append(k, 0)
	return binary.BigEndian.AppendUint64(k, id)
}

// splitSeatedKey reads a seated index key back.
func splitSeatedKey(k []byte) (user string, id uint64, ok bool) {
	if len(k) < 9 || k[len(k)-9] != 0 {
		return "", 0, false
	}
	return string(k[:len(k)-9]), binary.BigEndian.Uint64(k[len(k)-8:]), true
}

// lazyRecord is a table's record as a save wrote it into the overlay: its
// table and what its plan adds, encoded only when a read asks for the
// bytes. Most never do: the table's next save reads its header as it is,
// and the checkpoint encodes it once, as it writes it into the file.
// Published, it never changes but for its bytes, set once.
type lazyRecord struct {
	in  *saveIn
	as  recordPlan
	enc atomic.Pointer[[]byte]
}

// bytes is the record encoded, as the file will hold it.
func (r *lazyRecord) bytes() []byte {
	if b := r.enc.Load(); b != nil {
		return *b
	}
	b := r.in.rec.encode(r.as.finishedAt, r.as.last, r.as.unshown)
	r.enc.CompareAndSwap(nil, &b) // readers that raced encoded the same bytes
	return *r.enc.Load()
}

// header is decodeTableHeader of bytes, without encoding them.
func (r *lazyRecord) header() tableHeader {
	rec := r.in.rec
	h := tableHeader{finished: rec.finished, last: r.as.last, chat: rec.chat, game: rec.game,
		deflated: rec.deflated, due: rec.due, unshown: r.as.unshown}
	if rec.finished {
		h.finishedAt = time.Unix(max(r.as.finishedAt.Unix(), 0), 0).UTC() // whole seconds, as encoded
	}
	if len(rec.seated) > 0 {
		h.seated = rec.seated // read only, as a decoded header's
	}
	return h
}
