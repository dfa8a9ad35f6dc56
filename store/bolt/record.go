package bolt

import (
	"encoding/binary"
	"errors"
	"hash/crc32"
	"strconv"
	"time"

	"github.com/tablee/tablee/store"
)

// Records are encoded by hand with encoding/binary rather than encoding/json:
//
//   - the bulk of a table record is Data, bytes the bot already serialised;
//     JSON would base64 them (a third larger) and re-escape them on every save;
//   - a move is written on every accepted move and read back in bulk on replay,
//     so a few varints beat field names repeated in every value;
//   - bbolt checksums its meta pages but not its data pages, so every record
//     ends with a CRC-32C: a flipped bit on disk is reported as corruption
//     instead of being handed to the bot as a slightly different game.
//
// Layout, all integers unsigned varints unless told:
//
//	table: version(1 byte) flags(1 byte, bit 0 = finished) len chat, chat, len game, game, len data, data, crc32c(4 bytes BE)
//	move:  version(1 byte) seq, at (zigzag varint Unix nanoseconds, UTC), seat (zigzag varint), len user, user, len text, text, crc32c
//	user:  version(1 byte) len data, data, crc32c
//
// The version byte lets a later reader tell record formats apart within a
// schema; version 1 is the only one written today.
const recordVersion = 1

const flagFinished = 1 << 0

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

func seal(b []byte) []byte {
	return binary.BigEndian.AppendUint32(b, crc32.Checksum(b, castagnoli))
}

func encodeTable(t store.Table) []byte {
	b := make([]byte, 0, 2+3*binary.MaxVarintLen32+len(t.Chat)+len(t.Game)+len(t.Data)+4)
	b = append(b, recordVersion)
	var flags byte
	if t.Finished {
		flags |= flagFinished
	}
	b = append(b, flags)
	b = appendString(b, t.Chat)
	b = appendString(b, t.Game)
	b = appendBytes(b, t.Data)
	return seal(b)
}

func encodeMove(m store.Move) []byte {
	b := make([]byte, 0, 1+4*binary.MaxVarintLen64+len(m.User)+len(m.Text)+4)
	b = append(b, recordVersion)
	b = binary.AppendUvarint(b, m.Seq)
	b = binary.AppendVarint(b, m.At.UnixNano())
	b = binary.AppendVarint(b, int64(m.Seat))
	b = appendString(b, m.User)
	b = appendString(b, m.Text)
	return seal(b)
}

func encodeUser(u store.User) []byte {
	b := make([]byte, 0, 1+binary.MaxVarintLen32+len(u.Data)+4)
	b = append(b, recordVersion)
	b = appendBytes(b, u.Data)
	return seal(b)
}

// reader walks one record; the first failure sticks.
type reader struct {
	b   []byte
	err error
}

// unseal checks the checksum and the version and returns a reader positioned
// after the version byte.
func unseal(v []byte) *reader {
	if len(v) < 1+4 {
		return &reader{err: errors.New("too short")}
	}
	body, sum := v[:len(v)-4], binary.BigEndian.Uint32(v[len(v)-4:])
	if crc32.Checksum(body, castagnoli) != sum {
		return &reader{err: errors.New("checksum mismatch")}
	}
	if body[0] != recordVersion {
		return &reader{err: errors.New("unknown record version " + strconv.Itoa(int(body[0])))}
	}
	return &reader{b: body[1:]}
}

func (r *reader) byte() byte {
	if r.err != nil {
		return 0
	}
	if len(r.b) == 0 {
		r.err = errors.New("truncated")
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
		r.err = errors.New("bad varint")
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
		r.err = errors.New("bad varint")
		return 0
	}
	r.b = r.b[n:]
	return v
}

// bytes returns a copy: values read in a bbolt transaction are only valid
// until it ends.
func (r *reader) bytes() []byte {
	n := r.uvarint()
	if r.err != nil {
		return nil
	}
	if n > uint64(len(r.b)) {
		r.err = errors.New("truncated")
		return nil
	}
	out := make([]byte, n)
	copy(out, r.b[:n])
	r.b = r.b[n:]
	return out
}

func (r *reader) string() string {
	n := r.uvarint()
	if r.err != nil {
		return ""
	}
	if n > uint64(len(r.b)) {
		r.err = errors.New("truncated")
		return ""
	}
	s := string(r.b[:n])
	r.b = r.b[n:]
	return s
}

func (r *reader) done() error {
	if r.err == nil && len(r.b) != 0 {
		r.err = errors.New("trailing bytes")
	}
	if r.err != nil {
		return errors.Join(errRecord, r.err)
	}
	return nil
}

func decodeTable(id uint64, v []byte) (store.Table, error) {
	r := unseal(v)
	t := store.Table{ID: id}
	flags := r.byte()
	t.Finished = flags&flagFinished != 0
	t.Chat = r.string()
	t.Game = r.string()
	t.Data = r.bytes()
	if r.err == nil && flags&^flagFinished != 0 {
		r.err = errors.New("unknown flags")
	}
	return t, r.done()
}

func decodeMove(v []byte) (store.Move, error) {
	r := unseal(v)
	var m store.Move
	m.Seq = r.uvarint()
	m.At = time.Unix(0, r.varint()).UTC()
	m.Seat = int(r.varint())
	m.User = r.string()
	m.Text = r.string()
	return m, r.done()
}

func decodeUser(id string, v []byte) (store.User, error) {
	r := unseal(v)
	u := store.User{ID: id}
	u.Data = r.bytes()
	return u, r.done()
}

func key(id uint64) []byte {
	return binary.BigEndian.AppendUint64(make([]byte, 0, 8), id)
}
