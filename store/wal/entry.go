package wal

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
)

// An entry on disk is a frame, then a body:
//
//	len(body) (4 bytes BE) | crc32c(body) (4 bytes BE) | body
//	body: version (1) | epoch (8 bytes BE) | seq (uvarint) | record
//
// The record is the caller's bytes, opaque here. The epoch is a random
// number each Open draws: the files stay beside the data they protect
// between runs (written over, not grown), and the entries of another run
// must never be taken for this one's. The seq numbers the entries 1, 2, ...
// in the order they were queued.
const (
	version = 1
	// frameLen is the length and checksum before each body.
	frameLen = 8
	// maxBody bounds a body as read back: a damaged length must not make
	// the reader allocate much.
	maxBody = 128 << 20
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// Record is one entry's sequence number and the caller's bytes.
type Record struct {
	Seq  uint64
	Data []byte
}

// Encode writes a record as an entry of the given epoch, frame included.
func Encode(epoch uint64, r Record) []byte {
	return appendEntry(make([]byte, 0, encodedLen(r)), epoch, r)
}

// encodedLen bounds the length of r's entry.
func encodedLen(r Record) int { return frameLen + 1 + 8 + binary.MaxVarintLen64 + len(r.Data) }

// appendEntry appends r's entry to b.
func appendEntry(b []byte, epoch uint64, r Record) []byte {
	start := len(b)
	b = append(b, make([]byte, frameLen)...)
	b = append(b, version)
	b = binary.BigEndian.AppendUint64(b, epoch)
	b = binary.AppendUvarint(b, r.Seq)
	b = append(b, r.Data...)
	body := b[start+frameLen:]
	binary.BigEndian.PutUint32(b[start:], uint32(len(body)))
	binary.BigEndian.PutUint32(b[start+4:], crc32.Checksum(body, castagnoli))
	return b
}

// errTorn is an entry that is not whole: cut short by a crash, its bytes
// flipped, or the older bytes of a file written over. None of them was
// ever acknowledged as it reads now.
var errTorn = errors.New("torn entry")

// Decode reads the entry at the start of b: its epoch, its record (Data
// points into b) and its length on disk. An entry that is not whole is
// errTorn; a whole one whose body does not read was written so, and is
// another error.
func Decode(b []byte) (epoch uint64, r Record, n int, err error) {
	if len(b) < frameLen {
		return 0, r, 0, errTorn
	}
	size := binary.BigEndian.Uint32(b)
	if size == 0 || size > maxBody || int64(size) > int64(len(b)-frameLen) {
		return 0, r, 0, errTorn
	}
	body := b[frameLen : frameLen+int(size)]
	if crc32.Checksum(body, castagnoli) != binary.BigEndian.Uint32(b[4:]) {
		return 0, r, 0, errTorn
	}
	// A checksum that matches over bytes that do not decode is not a torn
	// write: the entry was written so.
	if body[0] != version {
		return 0, r, 0, fmt.Errorf("journal entry of unknown version %d", body[0])
	}
	if len(body) < 1+8 {
		return 0, r, 0, errors.New("journal entry truncated")
	}
	epoch = binary.BigEndian.Uint64(body[1:])
	seq, m := binary.Uvarint(body[9:])
	if m <= 0 {
		return 0, r, 0, errors.New("journal entry with a bad sequence number")
	}
	return epoch, Record{Seq: seq, Data: body[9+m:]}, frameLen + int(size), nil
}

// readRun reads the run of entries of epoch at the start of a file's
// bytes: while they read whole, belong to the epoch and their seqs follow
// each other.
func readRun(name string, data []byte, epoch uint64) ([]Record, error) {
	var out []Record
	for len(data) > 0 {
		e, r, n, err := Decode(data)
		if errors.Is(err, errTorn) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		if e != epoch || len(out) > 0 && r.Seq != out[len(out)-1].Seq+1 {
			break
		}
		out = append(out, r)
		data = data[n:]
	}
	return out, nil
}

// GapError is a log that does not follow what its reader holds: the
// entries From to To are missing between Applied (what the reader holds)
// and First (the first entry the log holds after it). Acknowledged
// records are lost.
type GapError struct {
	Applied, First, From, To uint64
}

func (e *GapError) Error() string {
	return fmt.Sprintf("its journal misses the saves %d to %d (the data file holds up to %d, the journal from %d)",
		e.From, e.To, e.Applied, e.First)
}

// ReadError is a log file that could not be read, or that holds a whole
// entry (its checksum matches) that does not decode.
type ReadError struct{ Err error }

func (e *ReadError) Error() string { return e.Err.Error() }

func (e *ReadError) Unwrap() error { return e.Err }
