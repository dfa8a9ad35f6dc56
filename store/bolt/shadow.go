package bolt

import (
	"errors"
	"fmt"
	"maps"
	"os"
	"slices"
	"sync"
	"sync/atomic"

	"go.etcd.io/bbolt"

	"github.com/tablee/tablee/store"
)

// The shadow is the data file as it will be once the journal's entries
// are written into it: for every table a Save or Shown touched since the
// last checkpoint, its versions since then, newest last, and likewise for
// the open entries of chats. Saves are checked against it, and the reads
// the bot makes while playing (Table, OpenTable, SeatedTables) look at it
// before the file. Reads of whole indexes (Due, Unshown, a chat's history,
// a log) first write the journal into the file (settle).
//
// Keeping every version, not only the newest, lets a failed journal write
// take back exactly the saves it did not make durable.

// version is a table as one Save or Shown left it.
type version struct {
	op  uint64
	hdr tableHeader
	in  *saveIn      // the save that made it, or nil...
	t   *store.Table // ...for a version made from the file's record (a Shown)
}

// table is the store.Table the version stands for, as Table reads it.
func (v version) table(id uint64) (store.Table, error) {
	if v.in == nil {
		t := *v.t
		t.Unshown = v.hdr.unshown
		return t, nil
	}
	t, err := decodeTable(id, v.in.rec.encode(v.hdr.finishedAt, v.hdr.last, v.hdr.unshown))
	t.Unshown = v.hdr.unshown
	return t, err
}

type openVersion struct {
	op uint64
	id uint64 // the chat's open table, 0 for none
}

// jop is one write waiting for a checkpoint: a save (durable once its
// journal entry is) or a Shown.
type jop struct {
	op      uint64
	save    *saveIn
	id, seq uint64 // of a Shown
	durable bool
}

// jwait is a Save waiting for its journal entry to be on disk.
type jwait struct {
	buf  []byte
	op   *jop
	done chan jresult
}

// jresult is the outcome of a journal write, or the word that the waiter
// now leads and writes the queue itself.
type jresult struct {
	err  error
	lead bool
}

// journal is the state of the journal files and of the writes on their
// way into the data file. Its fields are guarded by Store.jmu.
type journal struct {
	files   [2]*os.File
	cur     int   // the file written now
	off     int64 // where the next entry goes in it
	gen     uint64
	epoch   uint64 // this process's (journal.go)
	lsn     uint64 // the next entry's lsn
	applied uint64 // the last lsn the data file holds

	queue        []*jwait
	leading      bool // a Save is writing a batch
	rotateWanted bool // a checkpoint waits for the next batch to go to the other file

	ops    []*jop
	nextOp uint64
	tables map[uint64][]version
	open   map[string][]openVersion
	// played are the events the journal's saves recorded played
	// (Table.Played), with the op of the save: Claim reads them before
	// the file.
	played map[string]uint64

	// broken is set when the journal could not be written or a checkpoint
	// failed: the store takes no more writes, and keeps the journal files
	// when closed.
	broken error
}

// shadowState is a saveState on the shadow over a read transaction of the
// file. The caller holds jmu.
type shadowState struct {
	txState
	j *journal
}

func (st *shadowState) header(id uint64) (tableHeader, bool, error) {
	if vs := st.j.tables[id]; len(vs) > 0 {
		return vs[len(vs)-1].hdr, true, nil
	}
	return st.txState.header(id)
}

func (st *shadowState) logLast(id uint64) (uint64, error) {
	if vs := st.j.tables[id]; len(vs) > 0 {
		return vs[len(vs)-1].hdr.last, nil
	}
	return st.txState.logLast(id)
}

func (st *shadowState) openOf(chat string) (uint64, bool, error) {
	if vs := st.j.open[chat]; len(vs) > 0 {
		id := vs[len(vs)-1].id
		return id, id != 0, nil
	}
	return st.txState.openOf(chat)
}

func (st *shadowState) unshownOf(id uint64) (uint64, error) {
	if vs := st.j.tables[id]; len(vs) > 0 {
		return vs[len(vs)-1].hdr.unshown, nil
	}
	return st.txState.unshownOf(id)
}

// addOp queues a write for the next checkpoint.
func (j *journal) addOp(o *jop) *jop {
	j.nextOp++
	o.op = j.nextOp
	j.ops = append(j.ops, o)
	return o
}

// shadowSave records what a planned save makes of its table and chats.
func (j *journal) shadowSave(in *saveIn, p savePlan, op uint64) {
	id := in.t.ID
	j.tables[id] = append(j.tables[id], version{op: op, hdr: p.header(in), in: in})
	if p.leaveOpen {
		j.open[p.prev.chat] = append(j.open[p.prev.chat], openVersion{op: op})
	}
	switch {
	case p.openPut:
		j.open[in.t.Chat] = append(j.open[in.t.Chat], openVersion{op: op, id: id})
	case p.openDelete:
		j.open[in.t.Chat] = append(j.open[in.t.Chat], openVersion{op: op})
	}
	for _, k := range in.t.Played {
		j.played[k] = op
	}
}

// forget drops the versions a checkpoint wrote into the file (op up to
// applied) and those a failed journal write never made durable (op after
// kept).
func (j *journal) forget(applied, kept uint64) {
	gone := func(op uint64) bool { return op <= applied || op > kept }
	forgetVersions(j.tables, func(v version) bool { return gone(v.op) })
	forgetVersions(j.open, func(v openVersion) bool { return gone(v.op) })
	maps.DeleteFunc(j.played, func(_ string, op uint64) bool { return gone(op) })
}

// forgetVersions drops the versions gone says, and the keys left without any.
func forgetVersions[K comparable, V any](m map[K][]V, gone func(V) bool) {
	for k, vs := range m {
		if vs = slices.DeleteFunc(vs, gone); len(vs) == 0 {
			delete(m, k)
		} else {
			m[k] = vs
		}
	}
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
	what := fmt.Sprintf("saving table %d", t.ID)
	if t.ID == 0 || t.Chat == "" {
		return &fileError{kind: ErrBadTable, msg: fmt.Sprintf(
			"store/bolt: %s: %s: a table needs an id from NewTableID and a chat (chat %q)", s.path, what, t.Chat)}
	}
	in := newSaveIn(t, move, s.now())
	if err := checkSeated(in.rec.seated); err != nil {
		return &fileError{kind: ErrBadTable, msg: fmt.Sprintf("store/bolt: %s: %s: %v", s.path, what, err)}
	}
	if err := checkPlayed(in.t.Played); err != nil {
		return &fileError{kind: ErrBadTable, msg: fmt.Sprintf("store/bolt: %s: %s: %v", s.path, what, err)}
	}
	s.gate.RLock()
	defer s.gate.RUnlock()

	s.jmu.Lock()
	j := &s.j
	if j.broken != nil {
		err := j.broken
		s.jmu.Unlock()
		return err
	}
	var p savePlan
	err := s.view(what, func(tx *bbolt.Tx) error {
		var err error
		p, err = s.planSave(&shadowState{txState: txState{s: s, tx: tx}, j: j}, in)
		return err
	})
	if err != nil {
		err = s.wrap(what, err)
		if errors.Is(err, store.ErrDamaged) {
			// A save that found damage on its way is a write that
			// failed on it: like one whose commit did (group.go), no
			// more writes are taken.
			j.broken = err
			s.group.breakWith(err)
		}
		s.jmu.Unlock()
		return err
	}
	in.lsn, in.epoch = j.lsn, j.epoch
	j.lsn++
	s.countPending()
	o := j.addOp(&jop{save: in})
	j.shadowSave(in, p, o.op)
	w := &jwait{buf: encodeEntry(in), op: o, done: make(chan jresult, 1)}
	j.queue = append(j.queue, w)
	if j.leading {
		s.jmu.Unlock()
		res := <-w.done
		if !res.lead {
			return res.err
		}
	} else {
		j.leading = true
		s.jmu.Unlock()
	}
	return s.leadJournal(w)
}

// leadJournal writes the queued entries, own included, in one write and
// one fsync, then hands the lead to the first Save queued meanwhile.
func (s *Store) leadJournal(me *jwait) error {
	s.jmu.Lock()
	j := &s.j
	if j.rotateWanted {
		j.rotate()
	}
	batch := j.queue
	j.queue = nil
	f, off := j.files[j.cur], j.off
	s.jmu.Unlock()

	size := 0
	for _, w := range batch {
		size += len(w.buf)
	}
	buf := make([]byte, 0, size)
	for _, w := range batch {
		buf = append(buf, w.buf...)
	}
	_, err := f.WriteAt(buf, off)
	if err == nil && !s.noSync {
		err = fdatasync(f)
	}

	s.jmu.Lock()
	if err != nil {
		// What the file holds after a failed write or fsync is unknown
		// (an fsync that failed is not retried: Linux may have dropped
		// the pages it could not write). Nothing more is written; what
		// was acknowledged is in the journal and comes back at the next
		// start.
		err = fmt.Errorf("store/bolt: %s: writing its journal %s: %w; tablee takes no more moves until it is started again",
			s.path, f.Name(), err)
		j.broken = err
		failed := append(batch, j.queue...)
		j.queue = nil
		j.leading = false
		kept := failed[0].op.op - 1
		j.ops = slices.DeleteFunc(j.ops, func(o *jop) bool { return o.op > kept })
		j.forget(0, kept)
		s.jcond.Broadcast()
		s.jmu.Unlock()
		for _, w := range failed {
			if w != me {
				w.done <- jresult{err: err}
			}
		}
		return err
	}
	j.off += int64(len(buf))
	for _, w := range batch {
		w.op.durable = true
	}
	var next *jwait
	if len(j.queue) > 0 {
		next = j.queue[0]
	} else {
		j.leading = false
		s.jcond.Broadcast()
	}
	full := j.off >= journalCheckpointAt
	s.jmu.Unlock()

	if full {
		s.pokeCheckpoint()
	}
	for _, w := range batch {
		if w != me {
			w.done <- jresult{}
		}
	}
	if next != nil {
		next.done <- jresult{lead: true}
	}
	return nil
}

// rotate moves the writes to the other journal file, from its start. The
// caller holds jmu, and no batch is being written.
func (j *journal) rotate() {
	j.cur ^= 1
	j.off = 0
	j.gen++
	j.rotateWanted = false
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
	s.jmu.Lock()
	defer s.jmu.Unlock()
	j := &s.j
	if j.broken != nil {
		return j.broken
	}
	var cur version
	if vs := j.tables[id]; len(vs) > 0 {
		cur = vs[len(vs)-1]
	} else {
		err := s.view(what, func(tx *bbolt.Tx) error {
			v := tx.Bucket(bTables).Get(key(id))
			if v == nil {
				return nil
			}
			t, err := s.decodeIndexed(tx, id, v)
			if err != nil {
				return err
			}
			if cur.hdr, err = decodeTableHeader(id, v); err != nil {
				return s.damaged(fmt.Sprintf("table %d", id), err)
			}
			cur.hdr.unshown, cur.t = t.Unshown, &t
			return nil
		})
		if err != nil || cur.t == nil {
			return err
		}
	}
	if cur.hdr.unshown == 0 || cur.hdr.unshown > seq {
		return nil
	}
	o := j.addOp(&jop{id: id, seq: seq, durable: true})
	cur.op, cur.hdr.unshown = o.op, 0
	j.tables[id] = append(j.tables[id], cur)
	return nil
}

// shadowTable is the table as the shadow has it, ok false when the shadow
// does not have it. The caller holds jmu.
func (j *journal) shadowTable(id uint64) (store.Table, bool, error) {
	vs := j.tables[id]
	if len(vs) == 0 {
		return store.Table{}, false, nil
	}
	t, err := vs[len(vs)-1].table(id)
	return t, true, err
}

// settle writes everything the journal holds into the data file and keeps
// Saves waiting until release is called: for the reads and writes that work
// on the file alone.
func (s *Store) settle() (release func(), err error) {
	s.gate.Lock()
	if err := s.checkpoint(); err != nil {
		s.gate.Unlock()
		return nil, err
	}
	return s.gate.Unlock, nil
}

// journalState is the journal's part of the Store.
type journalState struct {
	jmu   sync.Mutex
	jcond *sync.Cond
	j     journal
	// gate is held shared by Save and Shown, alone by settle.
	gate sync.RWMutex
	// cpMu lets one checkpoint run at a time.
	cpMu   sync.Mutex
	noSync bool
	// pending mirrors lsn-1-applied, the saves in the journal and not yet
	// in the file, for the errors that name them (diskfault.go): they are
	// worded where jmu may be held. journaling says it is kept.
	pending    atomic.Int64
	journaling atomic.Bool
	// What the operator's metrics read of the checkpoints (Figures).
	checkpoints     atomic.Uint64
	checkpointFails atomic.Uint64
	checkpointNanos atomic.Int64 // the time spent writing them, in all
}

// countPending updates the mirror of the saves pending. The caller holds
// jmu.
func (s *journalState) countPending() {
	s.pending.Store(int64(s.j.lsn - 1 - s.j.applied))
	s.journaling.Store(true)
}
