package bolt

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"time"

	"go.etcd.io/bbolt"
)

// Compaction is what Compact did.
type Compaction struct {
	Before, After int64 // size of the file, in bytes
	Deleted       int   // finished tables deleted by retention first
}

// compactTxSize bounds one transaction of the copy, so that a large file
// is not held in memory whole.
const compactTxSize = 64 << 20

// Compact rewrites the data file at path into a fresh file, pages filled,
// and renames it over path: the pages that deleted tables and old versions
// freed are given back to the file system (bbolt reuses them but never
// shrinks a file). With retention above zero, the tables finished longer
// ago than that are deleted first. A file of an older schema is migrated
// first, as Open does.
//
// It needs the file to itself (ErrLocked while tablee serve runs). The
// fresh file is checked like `tablee check` does before it replaces the
// old one; a damaged file is refused, not compacted.
func Compact(path string, retention time.Duration, opts Options) (Compaction, error) {
	var res Compaction
	s, err := Open(path, opts)
	if err != nil {
		return res, err
	}
	defer s.Close() // after the rename: the lock is held until the new file is in place
	if fi, err := os.Stat(path); err == nil {
		res.Before = fi.Size()
	}
	if retention > 0 {
		if res.Deleted, err = s.DeleteFinished(s.now().Add(-retention)); err != nil {
			return res, err
		}
	}
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".compact-*")
	if err != nil {
		return res, fmt.Errorf("store/bolt: compacting %s: %w", path, err)
	}
	tmp := f.Name()
	_ = f.Close()
	defer os.Remove(tmp) // nothing left to remove after the rename
	if err := s.compactInto(tmp, opts); err != nil {
		return res, err
	}
	report, err := Check(tmp, Options{})
	if err != nil {
		return res, fmt.Errorf("store/bolt: checking the compacted copy of %s: %w", path, err)
	}
	if report.Damaged() {
		return res, s.damaged("its compacted copy fails the check ("+report.Summary()+"), so it was not compacted", nil)
	}
	if err := os.Rename(tmp, path); err != nil {
		return res, fmt.Errorf("store/bolt: compacting %s: %w", path, err)
	}
	if err := syncDir(filepath.Dir(path)); err != nil {
		return res, err
	}
	if fi, err := os.Stat(path); err == nil {
		res.After = fi.Size()
	}
	return res, nil
}

// compactInto copies every bucket into a new bbolt file at tmp (bbolt's
// Compact), recovering from a fault on a damaged page of the source.
func (s *Store) compactInto(tmp string, opts Options) (err error) {
	release, err := s.exclusive()
	if err != nil {
		return err
	}
	defer release()
	dst, err := bbolt.Open(tmp, 0o600, &bbolt.Options{Timeout: time.Second, NoSync: opts.NoSync})
	if err != nil {
		return fmt.Errorf("store/bolt: compacting %s: %w", s.path, err)
	}
	defer func() {
		if cerr := dst.Close(); err == nil && cerr != nil {
			err = fmt.Errorf("store/bolt: compacting %s: %w", s.path, cerr)
		}
	}()
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if p := recover(); p != nil {
			err = s.fault("compacting it", p)
		}
	}()
	if err := bbolt.Compact(dst, s.db, compactTxSize); err != nil {
		return fmt.Errorf("store/bolt: compacting %s: %w", s.path, err)
	}
	if !opts.NoSync {
		return dst.Sync()
	}
	return nil
}
