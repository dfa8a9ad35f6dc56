package bolt

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"slices"
	"time"

	"github.com/tablee/tablee/store"
)

// The journal. A Save is acknowledged once it is appended to the journal
// and the journal is fsync'd: one small sequential write and one
// fdatasync, shared by the Saves of the moment. A checkpoint (checkpoint.go)
// later writes the saves of the last second or so into the bbolt file in
// one transaction, where the many moves of a busy table become one record
// rewrite and the page writes of hundreds of saves share one commit.
//
// Measured on BenchmarkRealMove (README, "Performance"), a Save that was its
// own bbolt commit wrote 28–30 KB a move (every page on a path from the
// root to a changed key, the free list and the meta page, for a 2 KB
// record) and waited for two fsyncs; through the journal it writes the
// record once plus its share of the checkpoint.
//
// Two files beside the data file, <data file>.journal.0 and .1, take turns:
// each checkpoint moves the writes to the other file, and a file is written
// again, from its start, only after the checkpoint of what it held has
// committed. They are made journalFileSize long (zeros) when created and
// kept: an fdatasync of bytes written over a file's old ones needs no
// metadata update, and so no commit of the file system's own journal, whose
// thread waits for a core as busy as ours. Measured here, an fdatasync
// after an append took 0.19 ms at the median, after writing over 0.11 ms;
// under BenchmarkRealMove's load appends took 0.3 ms at the median and
// 1.4 ms at p99.
//
// An entry is:
//
//	len(body) (4 bytes BE) | crc32c(body) (4 bytes BE) | body
//	body: version(1) epoch(8 bytes BE) lsn now(Unix ns, varint) id flags(1: bit 0 finished,
//	      bit 1 move) len chat, chat, len game, game, due (dueNanos)
//	      unshown, count seated, (len, user)..., len data, data
//	      [move: seq, at (Unix ns, varint), seat (varint), len user, user,
//	      len text, text]
//	      [played (flags bit 2): count, (len, event key)...]
//
// Integers are unsigned varints unless told. Every entry carries its log
// sequence number (lsn): 1, 2, ... in the order the Saves were checked,
// and the epoch of the process that wrote it: a random number each Open
// writes into meta (kEpoch). Entries of another epoch are never applied:
// the journal files stay beside the data file between runs (written over,
// not grown, see below), and a data file put back from a backup must not
// take the saves of a run it never saw.
// The meta bucket keeps the last lsn a checkpoint wrote (kJournal). When
// the file is opened, the entries after it are written into it before
// anything else (replayJournal): the entries of each file from its start,
// as long as they read and their lsns follow each other. An entry cut short
// by a crash, or the older bytes of a file written over, end a file's run;
// neither was ever acknowledged, or both are in the data file already.
const (
	journalVersion = 1

	journalFinished = 1 << 0
	journalMove     = 1 << 1
	// journalPlayed: the entry ends with the platform events the save
	// records played (store.Table.Played, seen.go).
	journalPlayed = 1 << 2

	// journalFrame is the length and checksum before each body.
	journalFrame = 8
	// maxJournalEntry bounds a body as read back: a damaged length must
	// not make the reader allocate much.
	maxJournalEntry = 128 << 20
)

// journalPaths are the two journal files of the data file at path.
func journalPaths(path string) [2]string {
	return [2]string{path + ".journal.0", path + ".journal.1"}
}

// encodeEntry writes a save as a journal entry, frame included.
func encodeEntry(in *saveIn) []byte {
	t := in.t
	b := make([]byte, journalFrame, journalFrame+64+len(t.Chat)+len(t.Game)+len(t.Data)+entryMoveLen(in.move)+entryPlayedLen(t.Played))
	b = append(b, journalVersion)
	b = binary.BigEndian.AppendUint64(b, in.epoch)
	b = binary.AppendUvarint(b, in.lsn)
	b = binary.AppendVarint(b, in.now.UnixNano())
	b = binary.AppendUvarint(b, t.ID)
	var flags byte
	if t.Finished {
		flags |= journalFinished
	}
	if in.move != nil {
		flags |= journalMove
	}
	if len(t.Played) > 0 {
		flags |= journalPlayed
	}
	b = append(b, flags)
	b = appendString(b, t.Chat)
	b = appendString(b, t.Game)
	b = binary.AppendUvarint(b, dueNanos(t.Due))
	b = binary.AppendUvarint(b, t.Unshown)
	b = binary.AppendUvarint(b, uint64(len(t.Seated)))
	for _, u := range t.Seated {
		b = appendString(b, u)
	}
	b = appendBytes(b, t.Data)
	if m := in.move; m != nil {
		b = binary.AppendUvarint(b, m.Seq)
		b = binary.AppendVarint(b, m.At.UnixNano())
		b = binary.AppendVarint(b, int64(m.Seat))
		b = appendString(b, m.User)
		b = appendString(b, m.Text)
	}
	if len(t.Played) > 0 {
		b = binary.AppendUvarint(b, uint64(len(t.Played)))
		for _, k := range t.Played {
			b = appendString(b, k)
		}
	}
	body := b[journalFrame:]
	binary.BigEndian.PutUint32(b, uint32(len(body)))
	binary.BigEndian.PutUint32(b[4:], checksum(nil, body))
	return b
}

func entryPlayedLen(keys []string) int {
	n := 0
	for _, k := range keys {
		n += 10 + len(k)
	}
	return n
}

func entryMoveLen(m *store.Move) int {
	if m == nil {
		return 0
	}
	return 40 + len(m.User) + len(m.Text)
}

// decodeEntry reads the body of an entry back into a save.
func decodeEntry(body []byte) (*saveIn, error) {
	r := &reader{b: body}
	if v := r.byte(); r.err == nil && v != journalVersion {
		return nil, fmt.Errorf("journal entry of unknown version %d", v)
	}
	var epoch uint64
	if len(r.b) >= 8 {
		epoch = binary.BigEndian.Uint64(r.b)
		r.b = r.b[8:]
	} else {
		r.fail("truncated")
	}
	lsn := r.uvarint()
	now := time.Unix(0, r.varint()).UTC()
	var t store.Table
	t.ID = r.uvarint()
	flags := r.byte()
	t.Finished = flags&journalFinished != 0
	t.Chat = r.string()
	t.Game = r.string()
	t.Due = dueTime(r.uvarint())
	t.Unshown = r.uvarint()
	n := r.uvarint()
	if n > maxSeated {
		return nil, fmt.Errorf("journal entry with %d seated users", n)
	}
	for i := uint64(0); i < n && r.err == nil; i++ {
		t.Seated = append(t.Seated, r.string())
	}
	t.Data = r.bytes()
	var move *store.Move
	if flags&journalMove != 0 {
		move = &store.Move{Seq: r.uvarint(), At: time.Unix(0, r.varint()).UTC(), Seat: int(r.varint()),
			User: r.string(), Text: r.string()}
	}
	if flags&journalPlayed != 0 {
		n := r.uvarint()
		if n > maxPlayedKeys {
			return nil, fmt.Errorf("journal entry with %d events played", n)
		}
		for i := uint64(0); i < n && r.err == nil; i++ {
			t.Played = append(t.Played, r.string())
		}
	}
	if err := r.done(); err != nil {
		return nil, err
	}
	in := newSaveIn(t, move, now)
	in.lsn, in.epoch = lsn, epoch
	return in, nil
}

// readJournalFile reads the run of entries of epoch a journal file holds
// from its start: while they read whole, pass their checksum, belong to
// the epoch and their lsns follow each other. A missing file holds none.
func readJournalFile(path string, epoch uint64) ([]*saveIn, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []*saveIn
	for len(data) >= journalFrame {
		n := binary.BigEndian.Uint32(data)
		if n == 0 || n > maxJournalEntry || int64(n) > int64(len(data)-journalFrame) {
			break
		}
		body := data[journalFrame : journalFrame+int(n)]
		if checksum(nil, body) != binary.BigEndian.Uint32(data[4:]) {
			break
		}
		in, err := decodeEntry(body)
		if err != nil {
			// A checksum that matches over bytes that do not decode is
			// not a torn write: the entry was written so.
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		if in.epoch != epoch || len(out) > 0 && in.lsn != out[len(out)-1].lsn+1 {
			break
		}
		out = append(out, in)
		data = data[journalFrame+int(n):]
	}
	return out, nil
}

// pendingEntries reads both journal files and returns the entries of the
// epoch after applied (the last lsn the data file holds), in order. They
// must follow applied without a gap: a gap means saves that were
// acknowledged are missing, and the file is reported damaged.
func (s *Store) pendingEntries(epoch, applied uint64) ([]*saveIn, error) {
	var all []*saveIn
	for _, p := range journalPaths(s.path) {
		ins, err := readJournalFile(p, epoch)
		if err != nil {
			return nil, s.damaged("its journal does not read", err)
		}
		for _, in := range ins {
			if in.lsn > applied {
				all = append(all, in)
			}
		}
	}
	slices.SortFunc(all, func(a, b *saveIn) int { return cmpUint(a.lsn, b.lsn) })
	for i, in := range all {
		if in.lsn != applied+1+uint64(i) {
			return nil, s.damaged(fmt.Sprintf("its journal misses the saves %d to %d (the data file holds up to %d, "+
				"the journal from %d; a data file replaced by a backup taken while tablee ran must have its journal "+
				"files, %s.journal.*, moved aside with the file it replaced)",
				applied+1+uint64(i), in.lsn-1, applied, all[0].lsn, s.path), nil)
		}
	}
	return all, nil
}

func cmpUint(a, b uint64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
