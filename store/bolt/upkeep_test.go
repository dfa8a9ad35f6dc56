package bolt

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tablee/tablee/store"
)

// TestAutoBackupRotation: automatic backups are named with their time,
// listed newest first, checked, and only the newest `keep` stay; the copy
// made before a migration and a half-written copy left by a crash are not
// backups (the crash's is removed, the migration's kept).
func TestAutoBackupRotation(t *testing.T) {
	path := tempPath(t)
	s := openTest(t, path)
	tb := newTable(t, s, "discord:1")
	mustSave(t, s, tb, move(1))
	dir := BackupDir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	schema1 := filepath.Join(dir, "tablee-schema1-20250101T000000Z.db")
	crashed := filepath.Join(dir, ".tablee-20250101T000000Z.db.tmp-123")
	for _, f := range []string{schema1, crashed} {
		if err := os.WriteFile(f, []byte("x"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	var taken []Backup
	for i := range 5 {
		at := testNow.Add(time.Duration(i) * 6 * time.Hour)
		s.now = func() time.Time { return at }
		mustSave(t, s, tb, move(uint64(i+2)))
		b, err := s.AutoBackup(3)
		if err != nil {
			t.Fatal(err)
		}
		if b.Path != BackupPath(path, at) || !b.Time.Equal(at) || b.Size <= 0 {
			t.Fatalf("backup %d: %+v", i, b)
		}
		taken = append(taken, b)
	}
	all, err := Backups(path)
	if err != nil || len(all) != 3 {
		t.Fatalf("backups %v, %v", all, err)
	}
	for i, b := range all {
		if b.Path != taken[4-i].Path {
			t.Errorf("backup %d is %s, want %s", i, b.Path, taken[4-i].Path)
		}
	}
	// The newest holds every move saved before it, and checks clean.
	b, err := Open(all[0].Path, Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	moves, err := b.Moves(tb.ID)
	b.Close()
	if err != nil || len(moves) != 6 {
		t.Errorf("the newest backup: %v, %d moves", err, len(moves))
	}
	if _, err := os.Stat(schema1); err != nil {
		t.Errorf("the copy made before the migration was removed: %v", err)
	}
	if _, err := os.Stat(crashed); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the half-written copy is still there: %v", err)
	}
}

// TestCopyFileLocked: copying a file that a running tablee holds is
// refused, saying where its automatic backups are; once it is closed the
// copy is made and checks clean.
func TestCopyFileLocked(t *testing.T) {
	path := tempPath(t)
	s := openTest(t, path)
	mustSave(t, s, newTable(t, s, "discord:1"), move(1))
	dst := filepath.Join(t.TempDir(), "copy.db")
	_, err := CopyFile(path, dst, Options{Timeout: 50 * time.Millisecond})
	if !errors.Is(err, ErrLocked) || !strings.Contains(err.Error(), BackupDir(path)) {
		t.Fatalf("copy of a file in use: %v", err)
	}
	if _, err := os.Stat(dst); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("a refused copy left %s", dst)
	}
	s.Close()
	if n, err := CopyFile(path, dst, Options{}); err != nil || n <= 0 {
		t.Fatalf("copy: %d, %v", n, err)
	}
	if r, err := Check(dst, Options{}); err != nil || r.Damaged() || r.Moves != 1 {
		t.Fatalf("check of the copy: %+v, %v", r, err)
	}
}

// fillGames saves n finished tables of moves moves each, finished at the
// store's clock, and returns their ids.
func fillGames(t *testing.T, s *Store, chat string, n, moves int) []uint64 {
	t.Helper()
	var ids []uint64
	for i := range n {
		tb := newTable(t, s, fmt.Sprintf("%s%d", chat, i))
		tb.Data = []byte(strings.Repeat(fmt.Sprintf("state of table %d; ", tb.ID), 40))
		for seq := uint64(1); seq <= uint64(moves); seq++ {
			tb.Finished = seq == uint64(moves)
			mustSave(t, s, tb, move(seq))
		}
		ids = append(ids, tb.ID)
	}
	return ids
}

// TestDeleteFinished: retention deletes the tables finished before the
// cutoff, with their logs and index entries, and nothing else: not a table
// finished after it, not one still playing however old.
func TestDeleteFinished(t *testing.T) {
	path := tempPath(t)
	s := openTest(t, path)
	s.now = func() time.Time { return testNow.Add(-100 * 24 * time.Hour) }
	old := fillGames(t, s, "discord:old", 70, 20) // more than one deleting transaction
	playing := newTable(t, s, "discord:playing")
	mustSave(t, s, playing, move(1))
	s.now = func() time.Time { return testNow.Add(-80 * 24 * time.Hour) }
	recent := fillGames(t, s, "discord:recent", 3, 20)
	s.now = testClock

	n, err := s.DeleteFinished(testNow.Add(-90 * 24 * time.Hour))
	if err != nil || n != len(old) {
		t.Fatalf("DeleteFinished: %d, %v; want %d", n, err, len(old))
	}
	for _, id := range old {
		if _, err := s.Table(id); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("table %d: %v", id, err)
		}
		if _, err := s.Moves(id); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("moves of table %d: %v", id, err)
		}
	}
	if ids, err := s.ChatTables("discord:old0"); err != nil || len(ids) != 0 {
		t.Errorf("history of a deleted table's chat: %v %v", ids, err)
	}
	for _, id := range append(recent, playing.ID) {
		if _, err := s.Moves(id); err != nil {
			t.Errorf("table %d: %v", id, err)
		}
	}
	if open, err := s.OpenTables(); err != nil || len(open) != 1 || open[0].ID != playing.ID {
		t.Errorf("open tables: %v %v", open, err)
	}
	if n, err := s.DeleteFinished(testNow.Add(-90 * 24 * time.Hour)); n != 0 || err != nil {
		t.Errorf("a second pass deleted %d, %v", n, err)
	}
	s.Close()
	if r, err := Check(path, Options{}); err != nil || r.Damaged() || r.Tables != 4 {
		t.Errorf("check after retention: %+v, %v", r, err)
	}
}

// TestCompact: compaction gives the pages that retention freed back to the
// file system, keeps every remaining game whole, refuses a file in use, and
// applies a retention first when given one.
func TestCompact(t *testing.T) {
	path := tempPath(t)
	s := openTest(t, path)
	s.now = func() time.Time { return time.Now().Add(-100 * 24 * time.Hour) }
	old := fillGames(t, s, "discord:old", 150, 30)
	s.now = time.Now
	kept := fillGames(t, s, "discord:new", 10, 30)

	if _, err := Compact(path, 0, Options{Timeout: 50 * time.Millisecond}); !errors.Is(err, ErrLocked) {
		t.Fatalf("compact of a file in use: %v", err)
	}
	s.Close()
	res, err := Compact(path, 90*24*time.Hour, Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	if res.Deleted != len(old) || res.After >= res.Before/2 {
		t.Fatalf("compaction: %+v", res)
	}
	if fi, err := os.Stat(path); err != nil || fi.Size() != res.After {
		t.Fatalf("file after compaction: %v, %v", fi, err)
	}
	r, err := Check(path, Options{})
	if err != nil || r.Damaged() || r.Tables != len(kept) || r.Moves != 30*len(kept) {
		t.Fatalf("check after compaction: %+v, %v", r, err)
	}
	s = openTest(t, path)
	for _, id := range kept {
		moves, err := s.Moves(id)
		if err != nil {
			t.Fatal(err)
		}
		want := make([]*store.Move, 30)
		for i := range want {
			want[i] = move(uint64(i + 1))
		}
		equalMoves(t, moves, want)
	}
	// Without retention nothing is deleted.
	s.Close()
	res, err = Compact(path, 0, Options{NoSync: true})
	if err != nil || res.Deleted != 0 {
		t.Fatalf("compaction without retention: %+v, %v", res, err)
	}
}

// TestAutoBackupAbandonedHalfWay: a backup under way when its context
// ends (tablee serve's stop) is abandoned at its next write: no file under
// a backup's name, no temporary file left, the older backups kept, the
// saves free again, and the next backup whole.
func TestAutoBackupAbandonedHalfWay(t *testing.T) {
	path := tempPath(t)
	s := openTest(t, path)
	tb := newTable(t, s, "discord:1")
	mustSave(t, s, tb, move(1))
	first, err := s.AutoBackup(3)
	if err != nil {
		t.Fatal(err)
	}
	later := testNow.Add(6 * time.Hour)
	s.now = func() time.Time { return later }
	ctx, cancel := context.WithCancel(context.Background())
	writes := 0
	copyPace = func() {
		writes++
		if writes == 2 { // after the first page: half-way
			cancel()
		}
	}
	t.Cleanup(func() { copyPace = nil })
	if _, err := s.AutoBackupContext(ctx, 3); !errors.Is(err, context.Canceled) {
		t.Fatalf("abandoned backup: %v, want context.Canceled", err)
	}
	copyPace = nil
	if writes != 2 {
		t.Errorf("%d writes, want the copy stopped at the second", writes)
	}
	all, err := Backups(path)
	if err != nil || len(all) != 1 || all[0].Path != first.Path {
		t.Fatalf("backups after an abandoned one: %v %v", all, err)
	}
	entries, _ := os.ReadDir(BackupDir(path))
	for _, e := range entries {
		if strings.Contains(e.Name(), ".tmp-") {
			t.Errorf("temporary file left: %s", e.Name())
		}
	}
	mustSave(t, s, tb, move(2)) // the saves are not held back
	if b, err := s.AutoBackup(3); err != nil || b.Path != BackupPath(path, later) {
		t.Fatalf("next backup: %+v %v", b, err)
	}
}

// Saves go on while a backup is being copied (docs/persistence.md,
// "Backups"): the copy reads one transaction of the file, and the saves
// are in the journal meanwhile. The copy holds what was saved before it
// began, and the journal's saves after it come back on top of it.
func TestSavesGoOnDuringABackup(t *testing.T) {
	path := tempPath(t)
	s := openJournaled(t, path)
	tb := newTable(t, s, "discord:1")
	tb = playMoves(t, s, tb, 0, 2)

	copying, goOn := make(chan struct{}), make(chan struct{})
	var once sync.Once
	copyPace = func() {
		once.Do(func() {
			close(copying)
			<-goOn
		})
	}
	t.Cleanup(func() { copyPace = nil })
	dst := filepath.Join(t.TempDir(), "during.db")
	backedUp := make(chan error, 1)
	go func() {
		_, err := s.Backup(dst)
		backedUp <- err
	}()
	<-copying
	saved := make(chan error, 1)
	go func() {
		tb := tb
		tb.Data = []byte("saved during the copy")
		saved <- s.Save(tb, move(3))
	}()
	select {
	case err := <-saved:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(10 * time.Second): // a deadlock, not a speed: the copy waits for the test
		close(goOn)
		t.Fatal("a Save waited for the backup's copy")
	}
	close(goOn)
	if err := <-backedUp; err != nil {
		t.Fatal(err)
	}
	wantMoves(t, s, tb.ID, 3)
	b := openTest(t, dst)
	wantMoves(t, b, tb.ID, 2)
}
