package bolt

import (
	"encoding/binary"
	"fmt"
	"time"

	"go.etcd.io/bbolt"

	"github.com/tablee/tablee/store"
)

// A Save is worked out twice: when it is called, against the view of the
// data file with the journal's saves over it (view.go), to refuse a bad
// save before it is acknowledged and to lay its writes over the file; and
// when a checkpoint writes it into the data file, against the transaction.
// Both run applySave, and so planSave, on the same inputs, so the two
// cannot disagree on what a save does.

// saveIn is one Save call: what the journal keeps and a checkpoint applies.
type saveIn struct {
	lsn  uint64    // its place in the journal
	now  time.Time // when it was called: a table's first finish time
	t    store.Table
	move *store.Move // nil when the save carries no move
	rec  tableRecord // prepareTable(t)
	// record is the record as the save's work-out against the view wrote
	// it into the overlay, not yet encoded: the checkpoint, which most
	// often plans the same, writes its bytes, encoded once.
	record *lazyRecord
	// chats are the chats whose open entries the save reads: its own, and
	// the one the table was in before (pending.changedSince).
	chats [2]string
}

// recordPlan is what a plan adds to a table's record.
type recordPlan struct {
	finishedAt    time.Time
	last, unshown uint64
}

func newSaveIn(t store.Table, move *store.Move, now time.Time) *saveIn {
	if move != nil {
		m := *move
		move = &m
	}
	t.Seated = append([]string(nil), t.Seated...)
	t.Played = append([]string(nil), t.Played...)
	return &saveIn{now: now.UTC(), t: t, move: move, rec: prepareTable(t)}
}

// saveState is what planSave reads of the file.
type saveState interface {
	nextTable() (uint64, error)
	// header is the table's record as saved, ok false for a new table.
	header(id uint64) (h tableHeader, ok bool, err error)
	// logLast is the last move of the table's log, 0 for none.
	logLast(id uint64) (uint64, error)
	// openOf is the chat's entry in the open index, ok false for none.
	openOf(chat string) (id uint64, ok bool, err error)
	// unshownOf is the table's entry in the unshown index, 0 for none.
	unshownOf(id uint64) (uint64, error)
}

// savePlan is what a Save changes.
type savePlan struct {
	prev       tableHeader
	exists     bool
	finishedAt time.Time
	last       uint64
	unshown    uint64 // the unshown batch after the save
	raise      bool   // the unshown index entry is raised to unshown
	leaveOld   bool   // the table changed chat and leaves its old chat's indexes
	leaveOpen  bool   // ... and its old chat's open entry named it
	openPut    bool   // the chat's open entry is set to the table
	openDelete bool   // the chat's open entry (the table) is removed
}

// planSave checks a save and works out what it changes. It refuses, before
// anything is written: an id NewTableID never gave; a move whose sequence
// number is not the next of the log; an unfinished table in a chat that has
// another one.
func (s *Store) planSave(st saveState, in *saveIn) (savePlan, error) {
	t := in.t
	// Only an error says what was being done: a save that goes through
	// formats nothing.
	what := func() string { return fmt.Sprintf("saving table %d", t.ID) }
	var p savePlan
	next, err := st.nextTable()
	if err != nil {
		return p, s.damaged("meta next_table", err)
	}
	if t.ID >= next {
		return p, &fileError{kind: ErrBadTable, msg: fmt.Sprintf(
			"store/bolt: %s: %s: id %d was never given by NewTableID", s.path, what(), t.ID)}
	}
	if p.prev, p.exists, err = st.header(t.ID); err != nil {
		return p, err
	}
	p.last = p.prev.last
	if in.move != nil {
		last, err := st.logLast(t.ID)
		if err != nil {
			return p, err
		}
		if p.exists && last != p.prev.last {
			return p, shortLog(t.ID, last, p.prev.last)
		}
		if in.move.Seq != last+1 {
			return p, &fileError{kind: ErrMoveSeq, msg: fmt.Sprintf(
				"store/bolt: %s: %s: move %d refused, the log ends at move %d (a move would be lost or duplicated)",
				s.path, what(), in.move.Seq, last)}
		}
		p.last = in.move.Seq
	}
	p.finishedAt = in.now
	if p.exists {
		// A table that changed chat (a Telegram group that became a
		// supergroup) leaves its old chat's indexes.
		if p.prev.chat != t.Chat {
			p.leaveOld = true
			cur, ok, err := st.openOf(p.prev.chat)
			if err != nil {
				return p, err
			}
			p.leaveOpen = ok && cur == t.ID
		}
		// A finished table keeps the time it first finished.
		if p.prev.finished {
			p.finishedAt = p.prev.finishedAt
		}
	}
	// An unfinished table is its chat's open table (a save that would
	// open a second one is refused below): one saved before, unfinished,
	// in this chat, is what the chat's entry names.
	cur, ok := t.ID, true
	if !p.exists || p.prev.finished || p.leaveOld {
		if cur, ok, err = st.openOf(t.Chat); err != nil {
			return p, err
		}
	}
	switch {
	case t.Finished && ok && cur == t.ID:
		p.openDelete = true
	case t.Finished:
	case !ok:
		p.openPut = true
	case cur != t.ID:
		return p, &fileError{kind: ErrChatBusy, msg: fmt.Sprintf(
			"store/bolt: %s: %s: chat %s already has open table %d", s.path, what(), t.Chat, cur)}
	}
	// The unshown index is raised, never lowered: a Save of an older batch
	// that arrives after a later one must not hide the later one.
	// The index holds no more than the record's last save left there (a
	// Shown only clears it): a table saved with nothing unshown has no
	// entry to read.
	if p.exists && p.prev.unshown == 0 {
		p.unshown = 0
	} else if p.unshown, err = st.unshownOf(t.ID); err != nil {
		return p, err
	}
	if t.Unshown > p.unshown {
		p.unshown, p.raise = t.Unshown, true
	}
	return p, nil
}

// recordPlan is what the plan adds to the table's record.
func (p savePlan) recordPlan() recordPlan {
	return recordPlan{finishedAt: p.finishedAt, last: p.last, unshown: p.unshown}
}

// fileWriter writes saves one after the other into the data file, in a
// checkpoint's transaction (or Open's), through a write-back layer
// (writeBack) that flush ends, each table's log tail kept from one save
// to the next.
type fileWriter struct {
	s     *Store
	wb    *writeBack
	tails *tailCache
}

func (s *Store) fileWriter(tx *bbolt.Tx) *fileWriter {
	return &fileWriter{s: s, wb: newWriteBack(boltTx{tx}), tails: &tailCache{own: true}}
}

// save is applySave into the file.
func (w *fileWriter) save(in *saveIn) error {
	return w.s.applySaveWith(&txState{s: w.s, tx: w.wb, tails: w.tails}, in)
}

// shown is applyShown into the file.
func (w *fileWriter) shown(id, seq uint64) error { return w.s.applyShown(w.wb, id, seq) }

// flush writes what the saves wrote into bbolt's transaction.
func (w *fileWriter) flush() error { return w.wb.flush() }

// applySaveWith is applySave: it writes a save into st's transaction (the
// checkpoint's, or a batch over the view). It keeps the indexes: open
// names the table while it is unfinished and forgets it once finished;
// history lists it in its chat's tables; due holds it at its Due while it
// is unfinished and due (a finished table is never due, though its record
// keeps the Due it was saved with); unshown holds the highest batch saved
// and not shown; seated holds it under each user of Seated while it is
// unfinished, played under each user of Seated, finished or not. The
// events of Table.Played go into the seen bucket (seen.go).
func (s *Store) applySaveWith(st *txState, in *saveIn) error {
	tx := st.tx
	p, err := s.planSave(st, in)
	if err != nil {
		return err
	}
	in.chats = [2]string{in.t.Chat, p.prev.chat}
	t, idk := in.t, key(in.t.ID)
	open, history := tx.Bucket(bOpen), tx.Bucket(bHistory)
	if p.leaveOld {
		if p.leaveOpen {
			if err := open.Delete([]byte(p.prev.chat)); err != nil {
				return err
			}
		}
		if err := history.Delete(historyKey(p.prev.chat, t.ID)); err != nil {
			return err
		}
	}
	switch {
	case p.openDelete:
		if err := open.Delete([]byte(t.Chat)); err != nil {
			return err
		}
	case p.openPut:
		if err := open.Put([]byte(t.Chat), idk); err != nil {
			return err
		}
	}
	// A table saved before in this chat has its history entry (it leaves
	// history only with the table, or when it changes chat, above).
	if hk := historyKey(t.Chat, t.ID); (!p.exists || p.leaveOld) && history.Get(hk) == nil {
		history.appendOnly()
		if err := history.Put(hk, []byte{}); err != nil {
			return err
		}
	}
	if err := s.putDue(tx, t.ID, p.prev.due, p.exists && p.prev.finished, in.rec.due, t.Finished); err != nil {
		return err
	}
	if err := putSeated(tx, t.ID, openSeats(p.prev.finished, p.prev.seated), openSeats(t.Finished, in.rec.seated)); err != nil {
		return err
	}
	if err := putPlayed(tx, t.ID, p.prev.seated, in.rec.seated); err != nil {
		return err
	}
	if p.raise {
		if err := tx.Bucket(bUnshown).Put(idk, key(p.unshown)); err != nil {
			return err
		}
	}
	if err := st.putRecord(idk, p, in); err != nil {
		return err
	}
	for _, k := range t.Played {
		if err := putSeen(tx, k, in.now); err != nil {
			return err
		}
	}
	if in.move != nil {
		log := tx.Bucket(bLog)
		log.appendOnly()
		tail, err := appendMoveTail(log, t.ID, st.tail, in.move)
		if err != nil {
			return err
		}
		st.tails.put(t.ID, tail)
	}
	if t.Finished {
		st.tails.forget(t.ID)
	}
	return nil
}

// txState is a saveState read in a transaction.
type txState struct {
	s    *Store
	tx   kvTx
	tail logTail // the log's tail logLast read, for appendMove
	// tails, when not nil, keeps the log's tails between saves (a save
	// worked out against the view).
	tails *tailCache
	// view: the save is worked out against the view, which takes the next
	// table id from the store's memory (Store.issued).
	view bool
	// read is the table whose record header read, readLast the last move
	// of its log the record says.
	read, readLast uint64
}

func (st *txState) nextTable() (uint64, error) {
	if st.view {
		if n := st.s.issued.Load(); n != 0 {
			return n, nil
		}
	}
	n, err := nextTable(st.tx.Bucket(bMeta))
	if err == nil && st.view {
		st.s.raiseIssued(n)
	}
	return n, err
}

// putRecord writes the table's record. Into a save's batch over the view,
// or a checkpoint's write-back, it goes unencoded (lazyRecord): the
// table's next save reads its header as it is, and the checkpoint encodes
// it once for the many saves of the table it writes (writeBack.flush),
// with the bytes a read of the view made, if one did.
func (st *txState) putRecord(idk []byte, p savePlan, in *saveIn) error {
	b := st.tx.Bucket(bTables)
	lb, ok := b.(lazyBucket)
	r := in.record
	if r == nil || r.as != p.recordPlan() {
		r = &lazyRecord{in: in, as: p.recordPlan()}
	}
	if !ok {
		return b.Put(idk, r.bytes())
	}
	if st.view {
		in.record = r
	}
	return lb.putLazy(idk, r)
}

func (st *txState) header(id uint64) (tableHeader, bool, error) {
	b, k := st.tx.Bucket(bTables), key(id)
	if lb, ok := b.(lazyBucket); ok {
		if r, ok := lb.lazy(k).(*lazyRecord); ok {
			h := r.header()
			st.read, st.readLast = id, h.last
			return h, true, nil
		}
	}
	v := b.Get(k)
	if v == nil {
		return tableHeader{}, false, nil
	}
	h, err := decodeTableHeader(id, v)
	if err != nil {
		return h, false, st.s.damaged(fmt.Sprintf("table %d", id), err)
	}
	st.read, st.readLast = id, h.last
	return h, true, nil
}

func (st *txState) logLast(id uint64) (uint64, error) {
	var err error
	st.tail, err = readLogTailKnown(st.tx.Bucket(bLog), id, st.tails, st.readLast, st.read == id)
	return st.tail.last, err
}

func (st *txState) openOf(chat string) (uint64, bool, error) {
	v := st.tx.Bucket(bOpen).Get([]byte(chat))
	if v == nil {
		return 0, false, nil
	}
	if len(v) != 8 {
		return 0, false, st.s.damaged(fmt.Sprintf("open index of chat %s holds %d bytes", chat, len(v)), nil)
	}
	return binary.BigEndian.Uint64(v), true, nil
}

func (st *txState) unshownOf(id uint64) (uint64, error) {
	return st.s.unshownOf(st.tx.Bucket(bUnshown), key(id))
}

// applyShown clears a table's unshown entry when it holds seq or an
// earlier batch.
func (s *Store) applyShown(tx kvTx, id, seq uint64) error {
	b, idk := tx.Bucket(bUnshown), key(id)
	cur, err := s.unshownOf(b, idk)
	if err != nil || cur == 0 || cur > seq {
		return err
	}
	return b.Delete(idk)
}
