package bolt

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"go.etcd.io/bbolt"

	"github.com/tablee/tablee/store/wal"
)

// Backups are whole copies of the data file, consistent (one read
// transaction, bbolt's Tx.WriteTo: saves go on meanwhile) and atomic:
// written under a temporary name, fsync'd, checked like `tablee check`
// does, then renamed, so that a backup is either absent or whole and
// readable. Automatic ones go to the "backups" directory beside the data
// file, named with the time they were taken (UTC):
//
//	data/tablee.db -> data/backups/tablee-20250301T200000Z.db

// BackupDir is the directory of the automatic backups of the data file at
// path.
func BackupDir(path string) string { return filepath.Join(filepath.Dir(path), "backups") }

const backupTimeLayout = "20060102T150405Z"

// Backup is one automatic backup.
type Backup struct {
	Path string
	Time time.Time // when it was taken, from its name
	Size int64
}

func backupBase(path string) string {
	return strings.TrimSuffix(filepath.Base(path), filepath.Ext(path)) + "-"
}

// BackupPath is the automatic backup of the data file at path taken at t.
func BackupPath(path string, t time.Time) string {
	return filepath.Join(BackupDir(path), backupBase(path)+t.UTC().Format(backupTimeLayout)+".db")
}

// Backups lists the automatic backups of the data file at path, newest
// first; none when there is no backups directory. The copy made before a
// migration ("tablee-schema1-....db") is not one of them: rotation never
// removes it.
func Backups(path string) ([]Backup, error) {
	entries, err := os.ReadDir(BackupDir(path))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	base := backupBase(path)
	var out []Backup
	for _, e := range entries {
		name := e.Name()
		if !e.Type().IsRegular() || !strings.HasPrefix(name, base) || !strings.HasSuffix(name, ".db") {
			continue
		}
		t, err := time.Parse(backupTimeLayout, strings.TrimSuffix(strings.TrimPrefix(name, base), ".db"))
		if err != nil {
			continue
		}
		b := Backup{Path: filepath.Join(BackupDir(path), name), Time: t}
		if info, err := e.Info(); err == nil {
			b.Size = info.Size()
		}
		out = append(out, b)
	}
	slices.SortFunc(out, func(a, b Backup) int { return b.Time.Compare(a.Time) })
	return out, nil
}

// Backup writes a consistent copy of the open data file to dst while the
// store stays in use, and returns its size. dst is replaced only by a
// whole copy that passed the check; a copy that fails it is removed, and
// the error (a store.ErrDamaged) is about the data file.
func (s *Store) Backup(dst string) (int64, error) { return s.backup(context.Background(), dst) }

// backup writes the copy; when ctx ends first (a stop), the copy is
// abandoned at its next write: its temporary file is removed, dst is left
// as it was, and the error is ctx's.
//
// The journal is first written into the file, so that the copy holds every
// save acknowledged before it; the copy is then one read transaction, and
// saves go on meanwhile: they are in the journal, and the copy's meta says
// which of them it holds.
func (s *Store) backup(ctx context.Context, dst string) (int64, error) {
	if err := s.checkpoint(); err != nil {
		return 0, err
	}
	return writeChecked(ctx, s.path, dst, func(w io.Writer) (n int64, err error) {
		err = s.view("copying it to "+dst, func(tx *bbolt.Tx) error {
			n, err = tx.WriteTo(w)
			return err
		})
		return n, err
	})
}

// AutoBackup takes an automatic backup into BackupDir, named with the time,
// then removes the oldest automatic backups beyond keep (at least one is
// kept). When the copy fails its check nothing is removed: older backups
// are what the way out needs.
func (s *Store) AutoBackup(keep int) (Backup, error) {
	return s.AutoBackupContext(context.Background(), keep)
}

// AutoBackupContext is AutoBackup abandoned when ctx ends first: tablee
// serve's stop does not wait for a backup of a large file (the copy holds
// the saves back, and docker kills a stop that lasts 10 s). An abandoned
// copy leaves no file under a backup's name, and removes no older backup;
// its error is ctx's (errors.Is context.Canceled).
func (s *Store) AutoBackupContext(ctx context.Context, keep int) (Backup, error) {
	keep = max(keep, 1)
	dir := BackupDir(s.path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return Backup{}, fmt.Errorf("store/bolt: %s: creating the backups directory: %w", s.path, err)
	}
	removeTemporaries(dir, backupBase(s.path))
	b := Backup{Path: BackupPath(s.path, s.now()), Time: s.now().UTC().Truncate(time.Second)}
	var err error
	if b.Size, err = s.backup(ctx, b.Path); err != nil {
		return Backup{}, err
	}
	all, err := Backups(s.path)
	if err != nil {
		return b, fmt.Errorf("store/bolt: %s: listing the backups to remove the oldest: %w", s.path, err)
	}
	for _, old := range all[min(keep, len(all)):] {
		if err := os.Remove(old.Path); err != nil {
			return b, fmt.Errorf("store/bolt: %s: removing an old backup: %w", s.path, err)
		}
	}
	return b, nil
}

// CopyFile copies the data file at path to dst, the same way as Backup,
// when no process holds it. When its journal holds saves the file does not
// (a process killed), the file is opened first, which writes them into it. tablee serve holds its data file (ErrLocked
// then) and takes automatic backups itself.
func CopyFile(path, dst string, opts Options) (int64, error) {
	db, err := openBolt(path, opts, true)
	if err != nil {
		if errors.Is(err, ErrLocked) {
			return 0, &fileError{kind: ErrLocked, cause: err, msg: err.Error() +
				": a running tablee serve takes automatic backups into " + BackupDir(path) +
				" (setting backups.every); stop it to copy the file itself"}
		}
		return 0, err
	}
	if n, err := journalPending(db, path); err != nil || n > 0 {
		_ = db.Close()
		if err != nil {
			return 0, err
		}
		// A process stopped without writing its journal into the file:
		// opening the file writes the journal into it, so that the copy
		// holds every save that was acknowledged.
		s, err := Open(path, opts)
		if err != nil {
			return 0, err
		}
		defer s.Close()
		return s.backup(context.Background(), dst)
	}
	defer db.Close()
	s := &Store{db: db, path: path}
	return s.backup(context.Background(), dst)
}

// writeChecked writes a copy of the data file at path to dst with write:
// to a temporary file beside dst, fsync'd, checked, then renamed over dst
// and the directory fsync'd. When ctx ends before the rename, the copy is
// abandoned (its next write fails) and removed.
func writeChecked(ctx context.Context, path, dst string, write func(io.Writer) (int64, error)) (int64, error) {
	dir := filepath.Dir(dst)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return 0, fmt.Errorf("store/bolt: copying %s: %w", path, err)
	}
	f, err := os.CreateTemp(dir, "."+filepath.Base(dst)+".tmp-*")
	if err != nil {
		return 0, fmt.Errorf("store/bolt: copying %s: %w", path, err)
	}
	tmp := f.Name()
	defer os.Remove(tmp) // after a successful rename there is nothing left to remove
	n, err := write(ctxWriter{ctx: ctx, w: f})
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if ctx.Err() != nil {
		// bbolt words the writer's error without wrapping it: ctx's is
		// the cause.
		return 0, fmt.Errorf("store/bolt: copying %s to %s: abandoned: %w", path, dst, ctx.Err())
	}
	if err != nil {
		var fe *fileError
		if errors.As(err, &fe) {
			return 0, err
		}
		return 0, fmt.Errorf("store/bolt: copying %s to %s: %w", path, dst, err)
	}
	report, err := Check(tmp, Options{})
	if err != nil {
		return 0, fmt.Errorf("store/bolt: checking the copy of %s: %w", path, err)
	}
	if report.Damaged() {
		return 0, damagedError(path, "a copy of it fails the check ("+report.Summary()+"), so it was not kept", nil)
	}
	if err := ctx.Err(); err != nil {
		return 0, fmt.Errorf("store/bolt: copying %s to %s: abandoned: %w", path, dst, err)
	}
	if err := os.Rename(tmp, dst); err != nil {
		return 0, fmt.Errorf("store/bolt: copying %s to %s: %w", path, dst, err)
	}
	return n, syncDir(dir)
}

// copyPace, when set (by a test), is called before each write of a copy:
// a slow disk, to abandon a copy half-way.
var copyPace func()

// SetCopyPace makes every write of a copy call pace first, until restore
// is called: for the tests of a program that takes backups (a slow disk
// under a stop). Not for use while a copy is under way.
func SetCopyPace(pace func()) (restore func()) {
	prev := copyPace
	copyPace = pace
	return func() { copyPace = prev }
}

// ctxWriter fails its writes once ctx is done: a copy under way is
// abandoned at its next write (bbolt's Tx.WriteTo writes 32 KiB at a
// time).
type ctxWriter struct {
	ctx context.Context
	w   io.Writer
}

func (c ctxWriter) Write(p []byte) (int, error) {
	if copyPace != nil {
		copyPace()
	}
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.w.Write(p)
}

// removeTemporaries removes the copies a crash left half-written.
func removeTemporaries(dir, base string) {
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if name := e.Name(); strings.HasPrefix(name, "."+base) && strings.Contains(name, ".tmp-") {
			_ = os.Remove(filepath.Join(dir, name))
		}
	}
}

// syncDir makes a rename in dir durable.
func syncDir(dir string) error {
	if err := wal.SyncDir(dir); err != nil {
		return fmt.Errorf("store/bolt: syncing directory %s: %w", dir, err)
	}
	return nil
}
