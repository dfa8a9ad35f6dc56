package bolt

import (
	"encoding/binary"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"go.etcd.io/bbolt"

	"github.com/tablee/tablee/store/wal"
)

// kJournal in meta holds the last journal lsn the data file holds (8
// bytes BE); missing for none.
var kJournal = []byte("journal")

// kEpoch in meta holds the epoch of the process that has the file open, or
// had it last (8 bytes BE): the journal entries it wrote carry it.
var kEpoch = []byte("epoch")

// DefaultCheckpointEvery is how often the journal is written into the data
// file when Options.CheckpointEvery is zero. A longer interval writes
// fewer bytes per move (a busy table's record is rewritten once per
// checkpoint, not once per move) and makes the journal longer to read
// after a crash.
const DefaultCheckpointEvery = time.Second

// checkpoint writes the durable saves and Shown marks of the journal into
// the data file, in one transaction, and forgets them. The journal is
// first turned to its other file, so that the file whose entries are being
// written is not written over before they are in the data file.
func (s *Store) checkpoint() error {
	if s.log == nil {
		return nil // a file no process journals to
	}
	s.cpMu.Lock()
	defer s.cpMu.Unlock()
	p := s.p
	ops, lsn, err := s.checkpointOps()
	if err != nil || len(ops) == 0 {
		return err
	}

	began := time.Now()
	defer func() { s.checkpointNanos.Add(int64(time.Since(began))) }()
	var played uint64 // the events the saves record played (seen.go)
	for _, o := range ops {
		if o.save != nil {
			played += uint64(len(o.save.t.Played))
		}
	}
	var txid int // the transaction that holds the ops
	err = s.write(func(tx *bbolt.Tx) error {
		txid = tx.ID()
		if err := s.forgetSeenEvery(tx, played); err != nil {
			return err
		}
		w := s.fileWriter(tx)
		for i, o := range ops {
			if i%checkpointYield == checkpointYield-1 {
				// A checkpoint is seconds of moves written at once: let
				// the moves waiting for a core have one meanwhile.
				runtime.Gosched()
			}
			var err error
			if o.save != nil {
				err = w.save(o.save)
			} else {
				err = w.shown(o.id, o.seq)
			}
			if err != nil {
				return err
			}
		}
		if err := w.flush(); err != nil {
			return err
		}
		return tx.Bucket(bMeta).Put(kJournal, key(lsn))
	})
	if err != nil {
		// The journal keeps them; turning it again could write over
		// them. Nothing more is written until a restart reads them back.
		err = s.wrap(fmt.Sprintf("writing %d saves of its journal into it", len(ops)), err)
		s.checkpointFails.Add(1)
		s.breakWith(err)
		return err
	}
	// The views that began their transaction before the commit read the
	// file without these writes: they keep the overlay they loaded, which
	// has them; the overlay published now is read over txid or later.
	p.mu.Lock()
	written := ops[len(ops)-1].op
	clear(p.ops[:len(ops)]) // the array outlives the slice: let the saves written go
	p.ops = p.ops[len(ops):]
	p.applied = lsn
	s.countPending()
	p.wrote(written, txid)
	p.mu.Unlock()
	s.checkpoints.Add(1)
	return nil
}

// checkpointOps turns the journal to its other file and returns the ops
// the checkpoint writes: those before the first save whose entry is not on
// disk, and the last lsn among them. The order lock keeps new saves out
// meanwhile: a save whose entry is queued, and so may be on disk when the
// journal turns, must already be among the ops, or the next turn would
// write over it before it is in the file.
func (s *Store) checkpointOps() ([]*jop, uint64, error) {
	s.order.Lock()
	defer s.order.Unlock()
	p := s.p
	p.mu.RLock()
	n, broken := len(p.ops), p.broken
	p.mu.RUnlock()
	if n == 0 {
		// Nothing to write: the file alone is the store, broken or not.
		return nil, 0, nil
	}
	if broken != nil {
		return nil, 0, broken
	}
	durable, err := s.log.Rotate()
	if err != nil {
		return nil, 0, err
	}
	p.mu.RLock()
	defer p.mu.RUnlock()
	lsn := p.applied
	n = 0
	for ; n < len(p.ops); n++ {
		if o := p.ops[n]; o.save != nil {
			if o.save.lsn > durable {
				break
			}
			lsn = o.save.lsn
		}
	}
	return p.ops[:n:n], lsn, nil
}

// Figures are what an operator watches of the journal and its
// checkpoints (tablee serve's metrics).
type Figures struct {
	// JournalPending is the saves in the journal not yet written into the
	// data file: what a crash would make the next start read back.
	JournalPending int64
	// Checkpoints and CheckpointFailures count the checkpoints since the
	// file was opened; CheckpointTime is the time they took in all.
	Checkpoints        uint64
	CheckpointFailures uint64
	CheckpointTime     time.Duration
	// Replayed is the saves the last start read back from the journal.
	Replayed int
	// JournalWrites counts the journal's writes since the file was opened,
	// each one write and one fsync shared by the saves of the moment.
	JournalWrites uint64
}

// Figures reads the journal's figures; cheap, safe at any time.
func (s *Store) Figures() Figures {
	return Figures{JournalPending: s.pending.Load(), Checkpoints: s.checkpoints.Load(),
		CheckpointFailures: s.checkpointFails.Load(), CheckpointTime: time.Duration(s.checkpointNanos.Load()),
		Replayed: s.replayed, JournalWrites: s.journalWrites()}
}

func (s *Store) journalWrites() uint64 {
	if s.log == nil {
		return 0
	}
	return s.log.Writes()
}

// checkpointYield is how many saves a checkpoint writes between two
// yields of its core (about 0.1 ms of work).
const checkpointYield = 16

// checkpointer writes the journal into the data file every interval, and
// sooner when the journal grows past journalCheckpointAt.
type checkpointer struct {
	poke chan struct{}
	stop chan struct{}
	done sync.WaitGroup
}

func (c *checkpointer) pokeCheckpoint() {
	select {
	case c.poke <- struct{}{}:
	default:
	}
}

func (s *Store) runCheckpoints(every time.Duration) {
	s.cp.done.Add(1)
	go func() {
		defer s.cp.done.Done()
		tick := time.NewTicker(every)
		defer tick.Stop()
		for {
			select {
			case <-s.cp.stop:
				return
			case <-tick.C:
			case <-s.cp.poke:
			}
			// A failure breaks the store: the next Save returns it.
			_ = s.checkpoint()
		}
	}()
}

// journalFileSize is the length each journal file is given when created,
// and journalCheckpointAt the write position that calls a checkpoint before
// its time, so that the writes mostly stay within it. It also bounds what
// is read at start-up after a crash.
const (
	journalFileSize     = 8 << 20
	journalCheckpointAt = 6 << 20
)

// openJournal writes the entries the journal holds beyond the data file's
// last lsn into the data file (what a crash left there), starts a new
// epoch, and opens the journal for the saves to come.
func (s *Store) openJournal(opts Options) error {
	s.p = newPending()
	s.noSync = opts.NoSync
	var applied, epoch uint64
	err := s.view("reading its journal position", func(tx *bbolt.Tx) error {
		meta := tx.Bucket(bMeta)
		for _, f := range []struct {
			key []byte
			to  *uint64
		}{{kJournal, &applied}, {kEpoch, &epoch}} {
			if v := meta.Get(f.key); v != nil {
				if len(v) != 8 {
					return s.damaged(fmt.Sprintf("meta %s holds %d bytes", f.key, len(v)), nil)
				}
				*f.to = binary.BigEndian.Uint64(v)
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	cp := &checkpointer{poke: make(chan struct{}, 1), stop: make(chan struct{})}
	chained := opts.ChainedFlushAfter
	if chained <= 0 {
		chained = DefaultChainedFlushAfter
	}
	log, records, err := wal.Open(s.path, epoch, applied, wal.Options{NoSync: opts.NoSync, FS: opts.journalFS,
		FileSize: journalFileSize, FullAt: journalCheckpointAt, OnFull: cp.pokeCheckpoint, DeferredFor: chained})
	if err != nil {
		var gap *wal.GapError
		var unread *wal.ReadError
		if errors.As(err, &gap) || errors.As(err, &unread) {
			return s.journalError(err)
		}
		return fmt.Errorf("store/bolt: %s: opening its journal: %w", s.path, err)
	}
	pending := make([]*saveIn, len(records))
	for i, r := range records {
		if pending[i], err = decodeSave(r); err != nil {
			_ = log.Close()
			return s.journalError(err)
		}
	}
	last := applied
	if len(pending) > 0 {
		last = pending[len(pending)-1].lsn
	}
	// Damage met while they are written back names them.
	s.pending.Store(int64(len(pending)))
	s.journaling.Store(true)
	err = s.write(func(tx *bbolt.Tx) error {
		w := s.fileWriter(tx)
		for _, in := range pending {
			if err := w.save(in); err != nil {
				return err
			}
		}
		if err := w.flush(); err != nil {
			return err
		}
		if err := tx.Bucket(bMeta).Put(kJournal, key(last)); err != nil {
			return err
		}
		return tx.Bucket(bMeta).Put(kEpoch, key(log.Epoch()))
	})
	if err != nil {
		_ = log.Close()
		return s.wrap(fmt.Sprintf("writing the %d saves its journal holds into it", len(pending)), err)
	}
	s.log, s.cp = log, cp
	s.p.applied, s.p.lastLSN, s.replayed = last, last, len(pending)
	s.countPending()
	every := opts.CheckpointEvery
	if every <= 0 {
		every = DefaultCheckpointEvery
	}
	s.runCheckpoints(every)
	return nil
}

// Replayed is how many saves Open found in the journal and wrote into the
// data file: those of the last second or so before a crash, 0 after a
// clean stop.
func (s *Store) Replayed() int { return s.replayed }

// closeJournal stops the checkpoints and writes the journal into the data
// file: a data file closed cleanly holds everything. The journal files
// stay, to be written over by the next run (their entries belong to this
// epoch, which no later Open takes up).
func (s *Store) closeJournal() error {
	if s.cp == nil {
		return nil
	}
	close(s.cp.stop)
	s.cp.done.Wait()
	s.cp = nil
	s.gate.Lock()
	defer s.gate.Unlock()
	_ = s.log.Flush() // a chained save's entry, if its Wait is still to come; its error breaks the checkpoint too
	err := s.checkpoint()
	if cerr := s.log.Close(); err == nil && s.brokenErr() == nil {
		err = cerr
	}
	return err
}

// journalPending counts the saves the journal of the data file at path
// holds beyond what the file holds, for the tools that read a file no
// process has open (Check, CopyFile). A journal that does not read is an
// error worded as damage.
func journalPending(db *bbolt.DB, path string) (int, error) {
	s := &Store{db: db, path: path}
	var epoch, applied uint64
	err := s.view("reading its journal position", func(tx *bbolt.Tx) error {
		meta := tx.Bucket(bMeta)
		if meta == nil {
			return nil
		}
		if v := meta.Get(kEpoch); len(v) == 8 {
			epoch = binary.BigEndian.Uint64(v)
		}
		if v := meta.Get(kJournal); len(v) == 8 {
			applied = binary.BigEndian.Uint64(v)
		}
		return nil
	})
	if err != nil || epoch == 0 {
		return 0, err
	}
	pending, err := wal.Read(nil, path, epoch, applied)
	if err != nil {
		return 0, s.journalError(err)
	}
	return len(pending), nil
}

// journalState is the journal's part of the Store.
type journalState struct {
	log *wal.Log
	p   *pending
	// order is held while writes join the overlay and the journal's
	// queue (Store.queue), by the one that leads them (joins).
	order sync.Mutex
	joins joiner
	// viewBegun, set by tests, runs when a view has begun its
	// transaction and not yet loaded the overlay.
	viewBegun func()
	// tails are the log's tails the saves wrote (log.go).
	tails tailCache
	// gate is held shared by Save and Shown, alone by exclusive.
	gate sync.RWMutex
	// cpMu lets one checkpoint run at a time.
	cpMu   sync.Mutex
	noSync bool
	// pending mirrors the saves in the journal and not yet in the file,
	// for the errors that name them (diskfault.go): they are worded where
	// the overlay's lock may be held. journaling says it is kept.
	pending    atomic.Int64
	journaling atomic.Bool
	// What the operator's metrics read of the checkpoints (Figures).
	checkpoints     atomic.Uint64
	checkpointFails atomic.Uint64
	checkpointNanos atomic.Int64 // the time spent writing them, in all
}

// countPending updates the mirror of the saves pending. The caller holds
// the overlay's lock.
func (s *journalState) countPending() {
	s.pending.Store(int64(s.p.lastLSN - s.p.applied))
	s.journaling.Store(true)
}
