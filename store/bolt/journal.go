package bolt

import (
	"encoding/binary"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/tablee/tablee/store"
	"github.com/tablee/tablee/store/wal"
)

// The journal. A Save is acknowledged once it is a record of the
// write-ahead log (store/wal) beside the data file, <data file>.journal.0
// and .1: one small sequential write and one fdatasync, shared by the
// Saves of the moment. A checkpoint (checkpoint.go) later writes the saves
// of the last second or so into the bbolt file in one transaction, where
// the many moves of a busy table become one record rewrite and the page
// writes of hundreds of saves share one commit. Until then the saves are
// read through the view (view.go).
//
// Measured on BenchmarkRealMove (README, "Performance"), a Save that was its
// own bbolt commit wrote 28–30 KB a move (every page on a path from the
// root to a changed key, the free list and the meta page, for a 2 KB
// record) and waited for two fsyncs; through the journal it writes the
// record once plus its share of the checkpoint. Under BenchmarkRealMove's
// load appends took 0.3 ms at the median and 1.4 ms at p99.
//
// A save's record (the log's entry adds its lsn and epoch, store/wal) is:
//
//	now(Unix ns, varint) id flags(1: bit 0 finished, bit 1 move)
//	len chat, chat, len game, game, due (dueNanos)
//	unshown, count seated, (len, user)..., len data, data
//	[move: seq, at (Unix ns, varint), seat (varint), len user, user,
//	len text, text]
//	[played (flags bit 2): count, (len, event key)...]
//
// Integers are unsigned varints unless told. Every record's lsn is its
// sequence number in the log: 1, 2, ... in the order the Saves were
// checked. The epoch of the process that wrote it is a random number each
// Open writes into meta (kEpoch): entries of another epoch are never
// applied, since a data file put back from a backup must not take the
// saves of a run it never saw. The meta bucket keeps the last lsn a
// checkpoint wrote (kJournal); Open writes the entries after it into the
// file before anything else.
const (
	journalFinished = 1 << 0
	journalMove     = 1 << 1
	// journalPlayed: the record ends with the platform events the save
	// records played (store.Table.Played, seen.go).
	journalPlayed = 1 << 2
)

// encodeSave writes a save as a journal record, into buf when it has room.
func encodeSave(in *saveIn, buf []byte) []byte {
	t := in.t
	b := buf[:0]
	if n := 64 + len(t.Chat) + len(t.Game) + len(t.Data) + entryMoveLen(in.move) + entryPlayedLen(t.Played); cap(b) < n {
		b = make([]byte, 0, n)
	}
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

// decodeSave reads a journal record back into a save.
func decodeSave(r wal.Record) (*saveIn, error) {
	rd := &reader{b: r.Data}
	now := time.Unix(0, rd.varint()).UTC()
	var t store.Table
	t.ID = rd.uvarint()
	flags := rd.byte()
	t.Finished = flags&journalFinished != 0
	t.Chat = rd.string()
	t.Game = rd.string()
	t.Due = dueTime(rd.uvarint())
	t.Unshown = rd.uvarint()
	n := rd.uvarint()
	if n > maxSeated {
		return nil, fmt.Errorf("journal entry %d with %d seated users", r.Seq, n)
	}
	for i := uint64(0); i < n && rd.err == nil; i++ {
		t.Seated = append(t.Seated, rd.string())
	}
	t.Data = rd.bytes()
	var move *store.Move
	if flags&journalMove != 0 {
		move = &store.Move{Seq: rd.uvarint(), At: time.Unix(0, rd.varint()).UTC(), Seat: int(rd.varint()),
			User: rd.string(), Text: rd.string()}
	}
	if flags&journalPlayed != 0 {
		n := rd.uvarint()
		if n > maxPlayedKeys {
			return nil, fmt.Errorf("journal entry %d with %d events played", r.Seq, n)
		}
		for i := uint64(0); i < n && rd.err == nil; i++ {
			t.Played = append(t.Played, rd.string())
		}
	}
	if err := rd.done(); err != nil {
		return nil, fmt.Errorf("journal entry %d: %w", r.Seq, err)
	}
	in := newSaveIn(t, move, now)
	in.lsn = r.Seq
	return in, nil
}

// journalError words an error of reading the journal as damage.
func (s *Store) journalError(err error) error {
	var gap *wal.GapError
	if errors.As(err, &gap) {
		return s.damaged(fmt.Sprintf("its journal misses the saves %d to %d (the data file holds up to %d, "+
			"the journal from %d; a data file replaced by a backup taken while tablee ran must have its journal "+
			"files, %s.journal.*, moved aside with the file it replaced)",
			gap.From, gap.To, gap.Applied, gap.First, s.path), nil)
	}
	return s.damaged("its journal does not read", err)
}

// Save writes the table and, when move is not nil, appends the move to the
// table's log. It returns once the save is in the journal on disk; a
// checkpoint writes it into the data file later (applySave says how the
// indexes follow), and a crash before then finds it in the journal.
//
// It refuses, without writing anything: seats a record could not hold
// (more than maxSeated users, a user id longer than a bbolt key allows) and
// an id NewTableID never gave, with ErrBadTable; a move that does not carry
// the next sequence number of the table's log (last+1, 1 for the first
// move), with ErrMoveSeq: anything else would lose or duplicate a move; an
// unfinished table in a chat that already has another one, with
// ErrChatBusy. The Save that first marks a table finished records when
// (retention goes by it).
func (s *Store) Save(t store.Table, move *store.Move) error {
	wait, err := s.save(t, move, false)
	if err != nil {
		return err
	}
	return wait()
}

var _ store.Chainer = (*Store)(nil)

// SaveChained is Save returning before the save is in the journal on disk
// (store.Chainer): its journal entry is deferred (wal.QueueDeferred), and
// the next save that waits, the bot's reply to the move, writes both with
// one fsync. A reply that does not come within ChainedFlushAfter (a bot
// that thinks long) does not hold the move back: the journal writes it on
// its own (wal.Options.DeferredFor).
func (s *Store) SaveChained(t store.Table, move *store.Move) (wait func() error, err error) {
	return s.save(t, move, true)
}

// DefaultChainedFlushAfter is how long a chained save's journal entry
// waits for the save that follows it before it is written alone
// (Options.ChainedFlushAfter): a bot's reply is worked out and saved in
// well under a millisecond; while one that thinks longer does, the move is
// already on disk, and a crash then does not lose it.
const DefaultChainedFlushAfter = 2 * time.Millisecond

// recordBufs are the buffers of the journal records of saves written, for
// the saves to come: a record is the table's whole data, and a save would
// otherwise allocate it anew.
var recordBufs = sync.Pool{New: func() any { return new([]byte) }}

// durableNow is the wait of a save that needs none.
func durableNow() error { return nil }

// save is Save, SaveChained when deferred.
func (s *Store) save(t store.Table, move *store.Move, deferred bool) (wait func() error, err error) {
	what := fmt.Sprintf("saving table %d", t.ID)
	if t.ID == 0 || t.Chat == "" {
		return nil, &fileError{kind: ErrBadTable, msg: fmt.Sprintf(
			"store/bolt: %s: %s: a table needs an id from NewTableID and a chat (chat %q)", s.path, what, t.Chat)}
	}
	in := newSaveIn(t, move, s.now())
	if err := checkSeated(in.rec.seated); err != nil {
		return nil, &fileError{kind: ErrBadTable, msg: fmt.Sprintf("store/bolt: %s: %s: %v", s.path, what, err)}
	}
	if err := checkPlayed(in.t.Played); err != nil {
		return nil, &fileError{kind: ErrBadTable, msg: fmt.Sprintf("store/bolt: %s: %s: %v", s.path, what, err)}
	}
	// The gate is left once the save is queued, whether or not it is on
	// disk: exclusive flushes the journal before it writes the file alone.
	s.gate.RLock()
	o := &jop{save: in}
	// The journal's record, in a buffer of a save before: the journal
	// copies it as it writes it, and the buffer is taken back once written.
	buf := recordBufs.Get().(*[]byte)
	rec := encodeSave(in, *buf)
	e, err := s.queue(what, o, func(b *batch) error {
		return s.applySaveWith(&txState{s: s, tx: b, tails: &s.tails, view: true}, in)
	}, deferred, rec)
	s.gate.RUnlock()
	if err != nil || e == nil {
		*buf = rec
		recordBufs.Put(buf)
		if err != nil {
			return nil, err
		}
		return durableNow, nil
	}
	return func() error {
		err := e.Wait()
		if buf != nil { // written, or never to be: the journal is done with it
			*buf = rec
			recordBufs.Put(buf)
			buf = nil
		}
		if err != nil {
			// What was acknowledged is in the journal; this save and those
			// worked out over it are not, and are taken back.
			err = fmt.Errorf("store/bolt: %s: %w; tablee takes no more moves until it is started again", s.path, err)
			s.breakWith(err)
			s.p.takeBack(o.op)
			return err
		}
		s.p.markDurable(o.op)
		return nil
	}, nil
}

// queue works out a write against the view (apply, into a batch), and
// adds it to the overlay and, for a save, to the journal's queue: e is nil
// for a write that changes nothing or is not journaled. Writes join one at
// a time (order), each checked against the ones before it, and their
// journal entries follow that order. A save is first worked out outside
// order, against the view as it was then; it joins as it is unless an op
// that joined meanwhile wrote what it read (pending.changedSince: the saves
// of other tables, in other chats, do not), else it is worked out again
// under order. The saves of many tables are thus worked out side by side,
// and only their joining is one at a time. Neither the journal's lock nor
// the overlay's is held across the view's read of the file.
func (s *Store) queue(what string, o *jop, apply func(*batch) error, deferred bool, rec []byte) (*wal.Entry, error) {
	r := &joinReq{what: what, o: o, apply: apply, deferred: deferred, rec: rec}
	if o.save != nil {
		r.since = s.p.cur.Load().lastOp // what the view below has, or less
		if err := s.readForSave(what, func(tx kvTx) error {
			r.b = newBatch(tx)
			return apply(r.b)
		}); err != nil {
			r.b = nil // worked out again under order, which says why
		} else {
			r.b.under = nil // the view is gone with its read
		}
	}
	s.joinInTurn(r)
	return r.e, r.err
}

// joinReq is a write waiting to join.
type joinReq struct {
	what  string
	o     *jop
	apply func(*batch) error
	b     *batch // worked out when the overlay's last op was since; nil to work out
	since uint64
	rec   []byte // a save's journal record
	// deferred: the save's journal entry waits for a save that follows it
	// (SaveChained).
	deferred bool
	// What joining gave, once done is closed (or lead set).
	e    *wal.Entry
	err  error
	done chan struct{}
	lead bool // the write is to join those waiting, itself among them
}

// joiner is the writes waiting to join. One of them (the leader) joins
// all those waiting, one after the other under order, and publishes the
// overlay once for them: a write joins without waiting for its turn at
// order, where each turn would wake a goroutine (a Mutex hands itself to
// its waiters one at a time), and the overlay's tree is copied once for
// the writes that join together, not once per write.
type joiner struct {
	mu      sync.Mutex
	q       []*joinReq
	spare   []*joinReq // the array of the queue taken last, for the next
	leading bool
}

// joinInTurn joins r, and leads those waiting when no write does.
func (s *Store) joinInTurn(r *joinReq) {
	j := &s.joins
	j.mu.Lock()
	j.q = append(j.q, r)
	if j.leading {
		r.done = make(chan struct{})
		j.mu.Unlock()
		<-r.done
		if !r.lead {
			return
		}
		j.mu.Lock()
	}
	j.leading = true
	q := j.q
	j.q = j.spare[:0]
	j.mu.Unlock()

	s.order.Lock()
	for _, x := range q {
		x.e, x.err = s.joinOne(x)
	}
	s.p.mu.Lock()
	s.p.publish()
	s.p.mu.Unlock()
	s.order.Unlock()
	for _, x := range q {
		if x != r {
			close(x.done)
		}
	}
	j.mu.Lock()
	clear(q)
	j.spare = q[:0]
	var next *joinReq
	if len(j.q) > 0 {
		next = j.q[0] // leads the writes that came meanwhile
		next.lead = true
	} else {
		j.leading = false
	}
	j.mu.Unlock()
	if next != nil {
		close(next.done)
	}
}

// joinOne joins r. The caller holds order.
func (s *Store) joinOne(r *joinReq) (*wal.Entry, error) {
	if err := s.brokenErr(); err != nil {
		return nil, err
	}
	p, o, b := s.p, r.o, r.b
	r.b = nil
	if b != nil {
		p.mu.RLock()
		if p.changedSince(r.since, o.save) {
			b.release()
			b = nil
		}
		p.mu.RUnlock()
	}
	if b == nil {
		p.mu.Lock()
		p.publish() // the view must have the writes joined before this one
		p.mu.Unlock()
		if err := s.read(r.what, func(tx kvTx) error {
			b = newBatch(tx)
			err := r.apply(b)
			b.under = nil // the view is gone with its read
			return err
		}); err != nil {
			err = s.wrap(r.what, err)
			if errors.Is(err, store.ErrDamaged) {
				// A write that found damage on its way is a write that
				// failed on it: like one whose commit did (group.go), no
				// more writes are taken.
				s.breakWith(err)
				s.group.breakWith(err)
			}
			return nil, err
		}
	}
	defer b.release() // the overlay keeps its writes, not the batch
	if b.empty() && o.save == nil {
		return nil, nil
	}
	var e *wal.Entry
	if o.save != nil {
		if r.deferred {
			e = s.log.QueueDeferred(r.rec)
		} else {
			e = s.log.Queue(r.rec)
		}
		if e.Seq() == 0 {
			err := fmt.Errorf("store/bolt: %s: %w", s.path, e.Wait())
			s.breakWith(err)
			return nil, err
		}
		o.save.lsn = e.Seq()
	}
	p.mu.Lock()
	p.join(b, o)
	if o.save != nil {
		p.lastLSN = o.save.lsn
		s.countPending()
	}
	p.mu.Unlock()
	return e, nil
}

// Shown records that the table's batches up to seq were shown: the table
// leaves the Unshown index unless a later batch was saved since. It is not
// written to the journal: a crash before the next checkpoint only shows the
// last batch again. A table the store does not hold is not an error:
// retention or DeleteTable may have removed it while its last batch was
// being shown.
func (s *Store) Shown(id, seq uint64) error {
	what := fmt.Sprintf("marking table %d shown up to batch %d", id, seq)
	s.gate.RLock()
	defer s.gate.RUnlock()
	_, err := s.queue(what, &jop{id: id, seq: seq}, func(b *batch) error { return s.applyShown(b, id, seq) }, false, nil)
	return err
}

// breakWith stops the writes: the first error that broke the store is
// what every later write returns.
func (s *Store) breakWith(err error) {
	s.p.mu.Lock()
	defer s.p.mu.Unlock()
	if s.p.broken == nil {
		s.p.broken = err
	}
}

func (s *Store) brokenErr() error {
	s.p.mu.RLock()
	defer s.p.mu.RUnlock()
	return s.p.broken
}

// exclusive writes everything the journal holds into the data file and
// keeps Saves and Shown marks waiting until release is called: for the
// writes that work on the file alone (deleting tables, compaction). Reads
// never need it: the view has the journal's saves.
func (s *Store) exclusive() (release func(), err error) {
	s.gate.Lock()
	// A chained save's entry may still wait for its Wait: the checkpoint
	// must find every save joined on disk.
	if err := s.log.Flush(); err != nil {
		s.gate.Unlock()
		return nil, s.wrap("writing its journal", err)
	}
	if err := s.checkpoint(); err != nil {
		s.gate.Unlock()
		return nil, err
	}
	s.tails.clear() // logs may be deleted
	return s.gate.Unlock, nil
}
