package bolt

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"syscall"
	"time"

	"github.com/tablee/tablee/store/wal"
)

// A disk that fails is not a damaged file. bbolt reads the data file
// through a memory map, and a page the disk cannot read faults there just
// as a page bbolt was misled into does: the fault alone does not tell
// them apart. A plain read of the file does: it fails with an input/output
// error when the disk does, and reads whole when the file is damaged. The
// difference matters to the operator: a damaged file is restored from a
// backup, while a file whose disk failed is kept, and a restart on a
// healthy disk writes back the saves its journal holds (measured in
// power-cut tests: tablee check found such a file clean, and the next
// start wrote 66 saves back from the journal). Advising to move it aside
// would throw those saves away.

// PendingUnknown is a count of the journal's saves not yet in the data
// file that could not be known (WayOut): the journal may hold some.
const PendingUnknown = -1

// probeRead reads the file at path whole with plain reads and returns the
// first error, nil when it reads to its end. A variable so that the tests,
// which cannot make a disk fail, can make it return an input/output error.
var probeRead = func(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	buf := make([]byte, 1<<20)
	for off := int64(0); ; off += int64(len(buf)) {
		_, err := f.ReadAt(buf, off)
		switch {
		case err == io.EOF:
			return nil
		case err != nil:
			return err
		}
	}
}

// isDiskError tells whether err is the disk's (or the file system's)
// failure rather than something about the file's content.
func isDiskError(err error) bool { return errors.Is(err, syscall.EIO) }

// faultError words a panic or a memory fault met reading the data file at
// path (what is what was being done): the disk's failure when a plain
// read of the file fails too, damage otherwise.
func faultError(path, what string, p any, pending int) error {
	if err := probeRead(path); err != nil {
		return diskFailedError(path, fmt.Sprintf("%s: its memory map faulted, and a plain read of the file fails too (%v)",
			what, pathCause(err)), err, pending)
	}
	return damagedErrorWith(path, what, panicCause(p), pending)
}

// diskFailedError says that reading or writing the data file at path
// failed in the disk under it, what failed, and the way out: a restart on
// a healthy disk, the file kept as it is.
func diskFailedError(path, failed string, cause error, pending int) error {
	msg := fmt.Sprintf("store/bolt: %s: %s. That is the disk or the file system under the file failing, "+
		"not damage found in it. %s", path, failed, DiskWayOut(path, time.Now(), pending))
	return &fileError{kind: ErrDiskFailed, msg: msg, cause: cause}
}

// pathCause drops the path from an *os.PathError, which the message names.
func pathCause(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return fmt.Errorf("%s: %w", pe.Op, pe.Err)
	}
	return err
}

// DiskWayOut is what to do when the disk under the data file at path
// failed: keep the file, repair the disk, start again, and only then ask
// tablee check whether the file is damaged.
func DiskWayOut(path string, now time.Time, pending int) string {
	var b strings.Builder
	b.WriteString(journalSays(path, pending))
	b.WriteString("Way out: stop tablee; look at the system's log (dmesg) and repair or replace the disk; " +
		"then start tablee again on the same file")
	if pending != 0 {
		b.WriteString(": it writes the journal's saves into the file when it opens it")
	}
	fmt.Fprintf(&b, ". Keep the file and its journal as they are: do not move them aside nor put a backup in their place "+
		"unless `tablee check %s`, run once the disk reads again, says the file is damaged. ", path)
	backups, err := Backups(path)
	b.WriteString(backupsSay(path, now, backups, err))
	b.WriteString(" (docs/persistence.md, \"A disk that fails\")")
	return b.String()
}

// journalSays words what the journal beside the data file at path holds
// that the file does not, "" when nothing.
func journalSays(path string, pending int) string {
	journal := path + ".journal.0 and .1"
	switch {
	case pending == PendingUnknown:
		return fmt.Sprintf("Its journal (%s) may hold saves not yet in the file. ", journal)
	case pending == 1:
		return fmt.Sprintf("Its journal (%s) holds 1 save not yet in the file. ", journal)
	case pending > 1:
		return fmt.Sprintf("Its journal (%s) holds %d saves not yet in the file. ", journal, pending)
	}
	return ""
}

// backupsSay names the newest automatic backup of the data file at path
// (backups and err are what Backups gave), says there is none, or, when
// the backups could not be listed, that the listing failed and why: never
// that there is none when it is not known.
func backupsSay(path string, now time.Time, backups []Backup, err error) string {
	switch {
	case err != nil:
		return fmt.Sprintf("Listing the automatic backups in %s failed (%v): whether there is one is not known.",
			BackupDir(path), pathCause(err))
	case len(backups) == 0:
		return fmt.Sprintf("There is no automatic backup in %s.", BackupDir(path))
	}
	return fmt.Sprintf("The newest automatic backup is %s, taken %s ago.", backups[0].Path, Ago(now.Sub(backups[0].Time)))
}

// pendingGuess is what can be told, from the files' times alone, of the
// saves the journal beside the data file at path holds that the file does
// not, when neither the file nor the process can say: a journal file
// written after the data file may hold some (a checkpoint writes the file
// after the journal entries it takes in, and a clean close checkpoints),
// so PendingUnknown; none otherwise.
func pendingGuess(path string) int {
	fi, err := os.Stat(path)
	if err != nil {
		return PendingUnknown
	}
	for _, j := range wal.Paths(path) {
		if ji, err := os.Stat(j); err == nil && ji.ModTime().After(fi.ModTime()) {
			return PendingUnknown
		}
	}
	return 0
}

// pendingSaves is how many saves the journal holds that the data file
// does not, as this process knows it; from the files' times for a Store
// that keeps no journal (a tool reading a file).
func (s *Store) pendingSaves() int {
	if !s.journaling.Load() {
		return pendingGuess(s.path)
	}
	return int(s.pending.Load())
}
