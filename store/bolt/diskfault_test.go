package bolt

import (
	"errors"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/tablee/tablee/store"
)

// failingDisk makes the plain reads of the probe fail as a failing disk's
// do, with an input/output error, until the test ends: a test cannot make
// a disk fail, and the fault on the memory map is made real by cutting the
// file under the open store.
func failingDisk(t *testing.T) {
	t.Helper()
	old := probeRead
	probeRead = func(path string) error {
		return &os.PathError{Op: "read", Path: path, Err: syscall.EIO}
	}
	t.Cleanup(func() { probeRead = old })
}

// unlistableBackups makes listing the backups of the data file at path
// fail: a file stands where their directory should be.
func unlistableBackups(t *testing.T, path string) {
	t.Helper()
	if err := os.WriteFile(BackupDir(path), []byte("not a directory"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := Backups(path); err == nil {
		t.Fatal("listing the backups did not fail")
	}
}

// faultUnder opens a store on a file of tables, saves 3 moves of a new
// table into its journal only, then cuts the file under it: reading a
// table of the file faults on the memory map, as a disk that fails makes
// it fault.
func faultUnder(t *testing.T) (s *Store, path string) {
	t.Helper()
	path = tempPath(t)
	fillFile(t, path, 50, 3, 1000)
	s = openJournaled(t, path)
	playMoves(t, s, newTable(t, s, "discord:900"), 0, 3)
	if err := os.Truncate(path, 2*4096); err != nil { // the two meta pages
		t.Fatal(err)
	}
	return s, path
}

// TestDiskFailureIsNotDamage: a fault on the memory map where a plain read
// of the file fails too is the disk's input/output error, not damage. The
// error says what failed, does not say there is no backup when listing
// them failed (it says the listing failed, and why), counts the saves the
// journal holds, and advises keeping the file and a restart on a healthy
// disk, never moving the file aside.
func TestDiskFailureIsNotDamage(t *testing.T) {
	s, path := faultUnder(t)
	failingDisk(t)
	unlistableBackups(t, path)
	_, err := s.Table(7)
	if !errors.Is(err, store.ErrDiskFailed) || errors.Is(err, store.ErrDamaged) || !store.Unusable(err) {
		t.Fatalf("error %v\nwant store.ErrDiskFailed, not store.ErrDamaged", err)
	}
	msg := err.Error()
	for _, want := range []string{path, "read: input/output error", "not damage found in it",
		"Listing the automatic backups in " + BackupDir(path) + " failed (", "whether there is one is not known",
		"Its journal (" + path + ".journal.0 and .1) holds 3 saves not yet in the file",
		"start tablee again on the same file: it writes the journal's saves into the file",
		"Keep the file and its journal as they are", "A disk that fails"} {
		if !strings.Contains(msg, want) {
			t.Errorf("the error does not say %q:\n%s", want, msg)
		}
	}
	for _, never := range []string{"There is no automatic backup", path + " is damaged", "move the damaged file aside"} {
		if strings.Contains(msg, never) {
			t.Errorf("the error says %q:\n%s", never, msg)
		}
	}
}

// TestFaultWithAWholeReadIsDamage: the same fault where the plain read
// gives the file back whole is damage, as before: bbolt was misled by the
// file's content, and the way out is the backup.
func TestFaultWithAWholeReadIsDamage(t *testing.T) {
	s, path := faultUnder(t)
	_, err := s.Table(7)
	isDamage(t, err, path)
	if errors.Is(err, store.ErrDiskFailed) {
		t.Errorf("a fault with a whole plain read said the disk failed: %v", err)
	}
	// The journal still holds the 3 saves: the file is not to be moved
	// aside before a restart writes them into it.
	if !strings.Contains(err.Error(), "holds 3 saves not yet in the file") || strings.Contains(err.Error(), "move the damaged file aside") {
		t.Errorf("damage with saves in the journal:\n%v", err)
	}
}

// TestWayOut_JournalAndBackups: the way out of a damaged file moves it
// aside only when its journal holds no save the file lacks, and never says
// there is no backup when they could not be listed.
func TestWayOut_JournalAndBackups(t *testing.T) {
	path := tempPath(t)
	fillFile(t, path, 2, 2, 100)
	now := time.Now()
	if w := WayOut(path, now, 0); !strings.Contains(w, "There is no automatic backup in") || !strings.Contains(w, "move the damaged file aside") {
		t.Errorf("no backup, empty journal: %s", w)
	}
	for pending, says := range map[int]string{3: "holds 3 saves not yet in the file", 1: "holds 1 save not yet", PendingUnknown: "may hold saves not yet in the file"} {
		w := WayOut(path, now, pending)
		if !strings.Contains(w, says) || strings.Contains(w, "move the damaged file aside") || !strings.Contains(w, "start tablee again on the same file") {
			t.Errorf("journal with saves (%d): %s", pending, w)
		}
	}
	unlistableBackups(t, path)
	w := WayOut(path, now, 0)
	if strings.Contains(w, "There is no automatic backup") || !strings.Contains(w, "Listing the automatic backups in "+BackupDir(path)+" failed (") ||
		!strings.Contains(w, "not a directory") {
		t.Errorf("backups that cannot be listed: %s", w)
	}
}

// TestDiskErrorAtOpen: an input/output error that bbolt meets opening the
// file is the disk's, with the file kept, not a damaged file.
func TestDiskErrorAtOpen(t *testing.T) {
	path := tempPath(t)
	fillFile(t, path, 2, 2, 100)
	err := damagedError(path, "bbolt could not read it", &os.PathError{Op: "read", Path: path, Err: syscall.EIO})
	if !errors.Is(err, store.ErrDiskFailed) || errors.Is(err, store.ErrDamaged) || strings.Contains(err.Error(), path+" is damaged") {
		t.Errorf("an input/output error worded as damage: %v", err)
	}
}
