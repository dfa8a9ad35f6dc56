package bolt

import (
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"time"

	"go.etcd.io/bbolt"
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
	s.cpMu.Lock()
	defer s.cpMu.Unlock()
	s.jmu.Lock()
	j := &s.j
	if len(j.ops) == 0 {
		// Nothing to write: the file alone is the store, broken or not.
		s.jmu.Unlock()
		return nil
	}
	if j.broken != nil {
		err := j.broken
		s.jmu.Unlock()
		return err
	}
	for gen := j.gen; j.gen == gen; {
		if !j.leading {
			j.rotate()
			break
		}
		j.rotateWanted = true
		s.jcond.Wait()
		if j.broken != nil {
			err := j.broken
			s.jmu.Unlock()
			return err
		}
	}
	// Every batch before the turn is on disk: the ops before the first
	// save that is not are the checkpoint's.
	n := 0
	for n < len(j.ops) && j.ops[n].durable {
		n++
	}
	ops := j.ops[:n:n]
	lsn := j.applied
	for _, o := range ops {
		if o.save != nil {
			lsn = o.save.lsn
		}
	}
	s.jmu.Unlock()
	if n == 0 {
		return nil
	}

	began := time.Now()
	defer func() { s.checkpointNanos.Add(int64(time.Since(began))) }()
	err := s.write(func(tx *bbolt.Tx) error {
		for i, o := range ops {
			if i%checkpointYield == checkpointYield-1 {
				// A checkpoint is seconds of moves written at once: let
				// the moves waiting for a core have one meanwhile.
				runtime.Gosched()
			}
			var err error
			if o.save != nil {
				err = s.applySave(tx, o.save)
			} else {
				err = s.applyShown(tx, o.id, o.seq)
			}
			if err != nil {
				return err
			}
		}
		return tx.Bucket(bMeta).Put(kJournal, key(lsn))
	})

	s.jmu.Lock()
	defer s.jmu.Unlock()
	if err != nil {
		// The journal keeps them; turning it again could write over
		// them. Nothing more is written until a restart reads them back.
		err = s.wrap(fmt.Sprintf("writing %d saves of its journal into it", n), err)
		s.checkpointFails.Add(1)
		j.broken = err
		s.jcond.Broadcast()
		return err
	}
	written := ops[n-1].op
	clear(j.ops[:n]) // the array outlives the slice: let the saves written go
	j.ops = j.ops[n:]
	j.applied = lsn
	s.countPending()
	j.forget(written, j.nextOp)
	s.checkpoints.Add(1)
	return nil
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
}

// Figures reads the journal's figures; cheap, safe at any time.
func (s *Store) Figures() Figures {
	return Figures{JournalPending: s.pending.Load(), Checkpoints: s.checkpoints.Load(),
		CheckpointFailures: s.checkpointFails.Load(), CheckpointTime: time.Duration(s.checkpointNanos.Load()),
		Replayed: s.replayed}
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

func (s *Store) pokeCheckpoint() {
	select {
	case s.cp.poke <- struct{}{}:
	default:
	}
}

func (s *Store) runCheckpoints(every time.Duration) {
	s.cp = &checkpointer{poke: make(chan struct{}, 1), stop: make(chan struct{})}
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
// epoch, and opens the journal files for the saves to come, written from
// the start of the first.
func (s *Store) openJournal(opts Options) error {
	s.jcond = sync.NewCond(&s.jmu)
	s.noSync = opts.NoSync
	j := &s.j
	j.tables = map[uint64][]version{}
	j.open = map[string][]openVersion{}
	j.played = map[string]uint64{}
	var epoch uint64
	err := s.view("reading its journal position", func(tx *bbolt.Tx) error {
		meta := tx.Bucket(bMeta)
		for _, f := range []struct {
			key []byte
			to  *uint64
		}{{kJournal, &j.applied}, {kEpoch, &epoch}} {
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
	var pending []*saveIn
	if epoch != 0 {
		if pending, err = s.pendingEntries(epoch, j.applied); err != nil {
			return err
		}
	}
	last := j.applied
	if len(pending) > 0 {
		last = pending[len(pending)-1].lsn
	}
	j.epoch = epoch
	for j.epoch == epoch || j.epoch == 0 {
		j.epoch = rand.Uint64()
	}
	// Damage met while they are written back names them.
	s.pending.Store(int64(len(pending)))
	s.journaling.Store(true)
	err = s.write(func(tx *bbolt.Tx) error {
		for _, in := range pending {
			if err := s.applySave(tx, in); err != nil {
				return err
			}
		}
		if err := tx.Bucket(bMeta).Put(kJournal, key(last)); err != nil {
			return err
		}
		return tx.Bucket(bMeta).Put(kEpoch, key(j.epoch))
	})
	if err != nil {
		return s.wrap(fmt.Sprintf("writing the %d saves its journal holds into it", len(pending)), err)
	}
	j.applied, j.lsn, s.replayed = last, last+1, len(pending)
	s.countPending()
	if err := s.openJournalFiles(opts.NoSync); err != nil {
		s.closeJournalFiles()
		return fmt.Errorf("store/bolt: %s: opening its journal: %w", s.path, err)
	}
	every := opts.CheckpointEvery
	if every <= 0 {
		every = DefaultCheckpointEvery
	}
	s.runCheckpoints(every)
	return nil
}

// openJournalFiles opens both journal files, creating a missing one
// journalFileSize long. With noSync (tests) a new file is left empty: its
// writes then grow it.
func (s *Store) openJournalFiles(noSync bool) error {
	created := false
	for i, p := range journalPaths(s.path) {
		f, err := os.OpenFile(p, os.O_RDWR|os.O_CREATE, 0o600)
		if err != nil {
			return err
		}
		s.j.files[i] = f
		fi, err := f.Stat()
		if err != nil {
			return err
		}
		if noSync || fi.Size() >= journalFileSize {
			continue
		}
		created = true
		if _, err := f.WriteAt(make([]byte, journalFileSize-fi.Size()), fi.Size()); err != nil {
			return err
		}
		if err := f.Sync(); err != nil {
			return err
		}
	}
	if created {
		// A journal file that vanished with its directory entry would
		// take the saves it holds with it.
		return syncDir(filepath.Dir(s.path))
	}
	return nil
}

// Replayed is how many saves Open found in the journal and wrote into the
// data file: those of the last second or so before a crash, 0 after a
// clean stop.
func (s *Store) Replayed() int { return s.replayed }

func (s *Store) closeJournalFiles() {
	for i, f := range s.j.files {
		if f != nil {
			_ = f.Close()
			s.j.files[i] = nil
		}
	}
}

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
	err := s.checkpoint()
	s.closeJournalFiles()
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
	pending, err := s.pendingEntries(epoch, applied)
	return len(pending), err
}
