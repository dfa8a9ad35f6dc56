package bolt

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tablee/tablee/store"
	"github.com/tablee/tablee/store/wal"
)

// openJournaled opens a store whose checkpoints wait for the test (an hour
// apart): what it saves stays in the journal until a checkpoint or Close.
func openJournaled(t *testing.T, path string) *Store {
	t.Helper()
	s, err := Open(path, Options{NoSync: true, Now: testClock, CheckpointEvery: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.Close() })
	return s
}

// crashCopy copies the data file and its journal files into a new
// directory, as a kill -9 would leave them: the running store is not
// closed, so nothing of the journal is written into the copy.
func crashCopy(t *testing.T, path string) string {
	t.Helper()
	dst := filepath.Join(t.TempDir(), "crashed", filepath.Base(path))
	if err := os.MkdirAll(filepath.Dir(dst), 0o700); err != nil {
		t.Fatal(err)
	}
	js := wal.Paths(path)
	for i, src := range append([]string{path}, js[:]...) {
		data, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		to := dst
		if i > 0 {
			to = wal.Paths(dst)[i-1]
		}
		if err := os.WriteFile(to, data, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	return dst
}

// playMoves saves n moves of a table after its move `from`.
func playMoves(t *testing.T, s *Store, tb store.Table, from, n uint64) store.Table {
	t.Helper()
	for seq := from + 1; seq <= from+n; seq++ {
		tb.Data = []byte(fmt.Sprintf(`{"table":%d,"move":%d}`, tb.ID, seq))
		tb.Due = testNow.Add(time.Duration(seq) * time.Hour)
		mustSave(t, s, tb, move(seq))
	}
	return tb
}

// wantReplayed opens the data file at path, which must replay n saves from
// its journal.
func wantReplayed(t *testing.T, path string, n int) *Store {
	t.Helper()
	s := openTest(t, path)
	if s.Replayed() != n {
		t.Errorf("replayed %d saves, want %d", s.Replayed(), n)
	}
	return s
}

func wantMoves(t *testing.T, s *Store, id, n uint64) {
	t.Helper()
	want := make([]*store.Move, n)
	for i := range want {
		want[i] = move(uint64(i + 1))
	}
	ms, err := s.Moves(id)
	if err != nil {
		t.Fatal(err)
	}
	equalMoves(t, ms, want)
}

// Every acknowledged save is in the journal: after a crash, Open writes
// them into the data file, and the tables, moves and indexes read as they
// were acknowledged.
func TestJournalReplayedAfterACrash(t *testing.T) {
	path := tempPath(t)
	s := openJournaled(t, path)
	a, b := newTable(t, s, "discord:1"), newTable(t, s, "discord:2")
	a.Seated = []string{"discord:alice"}
	a = playMoves(t, s, a, 0, 30)
	b = playMoves(t, s, b, 0, 5)
	b.Finished = true
	b = playMoves(t, s, b, 5, 1)
	a.Unshown = 7
	mustSave(t, s, a, nil)
	if n := bucketLen(t, s, bTables); n != 2 { // settles: the first 30 saves are in the file
		t.Fatalf("%d tables in the file after settling", n)
	}
	a = playMoves(t, s, a, 30, 10) // in the journal only

	crashed := crashCopy(t, path)
	r, err := Check(crashed, Options{})
	if err != nil || r.Damaged() || r.Journal != 10 || r.Moves != 36 {
		t.Fatalf("check of the crashed file: %+v, %v; want 10 saves in the journal, 36 moves in the file", r, err)
	}
	c := wantReplayed(t, crashed, 10)
	wantMoves(t, c, a.ID, 40)
	wantMoves(t, c, b.ID, 6)
	got, err := c.OpenTable("discord:1")
	if err != nil || !bytes.Equal(got.Data, a.Data) || got.Unshown != 7 || !got.Due.Equal(a.Due) {
		t.Fatalf("table a after the crash: %+v, %v", got, err)
	}
	if _, err := c.OpenTable("discord:2"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("the finished table is open after the crash: %v", err)
	}
	wantSeated(t, c, "discord:alice", a.ID)
	if due, err := c.Due(a.Due, 0); err != nil || len(due) != 1 || due[0].ID != a.ID {
		t.Errorf("due after the crash: %v, %v", due, err)
	}
	// Played on after the restart, the table takes the next move and no
	// other; a second restart replays nothing.
	if err := c.Save(a, move(40)); !errors.Is(err, ErrMoveSeq) {
		t.Errorf("move 40 again: %v", err)
	}
	playMoves(t, c, a, 40, 1)
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	c = wantReplayed(t, crashed, 0) // a clean stop leaves nothing to replay
	wantMoves(t, c, a.ID, 41)
	_ = c.Close()
	wantClean(t, crashed)
}

// A crash in the middle of a journal write leaves part of an entry: it was
// never acknowledged, and the entries before it are replayed whole.
func TestJournalTornTail(t *testing.T) {
	path := tempPath(t)
	s := openJournaled(t, path)
	a := newTable(t, s, "discord:1")
	a = playMoves(t, s, a, 0, 4)
	crashed := crashCopy(t, path)
	epoch := s.log.Epoch()
	entries, err := wal.Read(nil, crashed, epoch, 0)
	if err != nil || len(entries) != 4 {
		t.Fatalf("journal holds %d entries, %v", len(entries), err)
	}
	end, last := 0, len(wal.Encode(epoch, entries[3]))
	for _, e := range entries {
		end += len(wal.Encode(epoch, e))
	}
	for name, damage := range map[string]func([]byte) []byte{
		"cut in the last entry":     func(b []byte) []byte { return b[:end-5] },
		"cut in the last frame":     func(b []byte) []byte { return b[:end-last+3] },
		"last entry's byte flipped": func(b []byte) []byte { b[end-3] ^= 0x40; return b },
	} {
		t.Run(name, func(t *testing.T) {
			dst := crashCopy(t, crashed)
			j := wal.Paths(dst)[0]
			data, err := os.ReadFile(j)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(j, damage(data), 0o600); err != nil {
				t.Fatal(err)
			}
			wantMoves(t, wantReplayed(t, dst, 3), a.ID, 3)
		})
	}
}

// The journal files stay beside the data file. A data file put back from a
// backup takes the saves of the journal that follow it in the same run, and
// none of another run's.
func TestJournalAndRestoredBackups(t *testing.T) {
	path := tempPath(t)
	s := openJournaled(t, path)
	a := newTable(t, s, "discord:1")
	a = playMoves(t, s, a, 0, 3)
	earlier := filepath.Join(t.TempDir(), "earlier.db")
	if _, err := s.Backup(earlier); err != nil {
		t.Fatal(err)
	}
	_ = s.Close()

	s = openJournaled(t, path) // a new run: a new epoch
	a = playMoves(t, s, a, 3, 2)
	sameRun := filepath.Join(t.TempDir(), "same-run.db")
	if _, err := s.Backup(sameRun); err != nil { // holds 5 moves
		t.Fatal(err)
	}
	a = playMoves(t, s, a, 5, 3) // 8 moves, 3 of them in the journal only
	crashed := crashCopy(t, path)

	restore := func(backup string) string {
		dst := crashCopy(t, crashed)
		data, err := os.ReadFile(backup)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(dst, data, 0o600); err != nil {
			t.Fatal(err)
		}
		return dst
	}
	// The backup of the same run, then the journal's saves after it: the
	// game as it was at the crash.
	c := wantReplayed(t, restore(sameRun), 3)
	wantMoves(t, c, a.ID, 8)
	_ = c.Close()
	// The backup of the run before: the journal is another run's.
	c = wantReplayed(t, restore(earlier), 0)
	wantMoves(t, c, a.ID, 3)
}

// Saves missing between the data file and the journal are damage, named,
// with what to do.
func TestJournalGapIsDamage(t *testing.T) {
	path := tempPath(t)
	s := openJournaled(t, path)
	a := newTable(t, s, "discord:1")
	a = playMoves(t, s, a, 0, 2)
	bucketLen(t, s, bTables) // settles: 2 saves in the file
	playMoves(t, s, a, 2, 3)
	crashed := crashCopy(t, path)
	j := wal.Paths(crashed)
	epoch := s.log.Epoch()
	entries, err := wal.Read(nil, crashed, epoch, 2) // the second file holds saves 3 to 5
	if err != nil || len(entries) != 3 || entries[0].Seq != 3 {
		t.Fatalf("second journal file: %d entries, %v", len(entries), err)
	}
	var b []byte
	for _, e := range entries[1:] {
		b = append(b, wal.Encode(epoch, e)...)
	}
	if err := os.WriteFile(j[1], b, 0o600); err != nil {
		t.Fatal(err)
	}
	_, err = Open(crashed, Options{NoSync: true})
	isDamage(t, err, crashed)
	if !strings.Contains(err.Error(), "misses the saves 3 to 3") || !strings.Contains(err.Error(), "journal.*") {
		t.Errorf("error: %v", err)
	}
}

// A journal write that fails takes back the saves it held: they are
// refused, never read back, and not in the file after a restart; what was
// acknowledged before is. No later write is taken.
func TestJournalWriteFailure(t *testing.T) {
	path := tempPath(t)
	disk := &failingJournal{FS: wal.OS}
	s, err := Open(path, Options{Now: testClock, CheckpointEvery: time.Hour, journalFS: disk})
	if err != nil {
		t.Fatal(err)
	}
	a := newTable(t, s, "discord:1")
	a.Seated = []string{"discord:alice"}
	a = playMoves(t, s, a, 0, 2)
	acked := a

	disk.failing.Store(true) // the next write fails
	b := a
	b.Data = []byte("never acknowledged")
	b.Seated = []string{"discord:bob"}
	err = s.Save(b, move(3))
	if err == nil || !strings.Contains(err.Error(), "writing its journal") {
		t.Fatalf("Save with a failing journal: %v", err)
	}
	got, err := s.Table(a.ID)
	if err != nil || !bytes.Equal(got.Data, acked.Data) {
		t.Errorf("Table after the failed save: %q, %v; want the acknowledged %q", got.Data, err, acked.Data)
	}
	if ids, _ := s.SeatedTables("discord:bob"); len(ids) != 0 {
		t.Errorf("the refused save's seat reads back: %v", ids)
	}
	if err := s.Save(acked, move(3)); err == nil {
		t.Error("a save after the failure was taken")
	}
	if err := s.Shown(a.ID, 1); err == nil {
		t.Error("a Shown after the failure was taken")
	}
	_ = s.Close()
	c := openTest(t, path)
	wantMoves(t, c, a.ID, 2)
	if got, err := c.Table(a.ID); err != nil || !bytes.Equal(got.Data, acked.Data) {
		t.Errorf("after a restart: %q, %v", got.Data, err)
	}
}

// failingJournal is the journal's file system, whose writes fail once failing
// is set.
type failingJournal struct {
	wal.FS
	failing atomic.Bool
}

func (d *failingJournal) OpenFile(name string) (wal.File, error) {
	f, err := d.FS.OpenFile(name)
	return failingFile{File: f, d: d}, err
}

type failingFile struct {
	wal.File
	d *failingJournal
}

func (f failingFile) WriteAt(b []byte, off int64) (int, error) {
	if f.d.failing.Load() {
		return 0, errors.New("input/output error")
	}
	return f.File.WriteAt(b, off)
}

// The reads the bot makes while playing see the journal's saves before
// they are in the file: Table, OpenTable, SeatedTables, and Unshown once
// Shown cleared it.
func TestShadowReads(t *testing.T) {
	path := tempPath(t)
	s := openJournaled(t, path)
	a := newTable(t, s, "telegram:-1")
	a.Seated = []string{"telegram:1", "telegram:2"}
	a.Unshown = 1
	mustSave(t, s, a, move(1))
	bucketLen(t, s, bTables) // in the file
	a.Seated = []string{"telegram:2", "telegram:3"}
	a.Chat = "telegram:-1001"
	a.Unshown = 2
	a.Data = []byte("after the chat moved")
	mustSave(t, s, a, move(2))

	if _, err := s.OpenTable("telegram:-1"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("old chat: %v", err)
	}
	got, err := s.OpenTable("telegram:-1001")
	if err != nil || !bytes.Equal(got.Data, a.Data) || got.Unshown != 2 {
		t.Fatalf("new chat: %+v, %v", got, err)
	}
	for user, want := range map[string]int{"telegram:1": 0, "telegram:2": 1, "telegram:3": 1} {
		if ids, err := s.SeatedTables(user); err != nil || len(ids) != want {
			t.Errorf("SeatedTables(%s) = %v, %v; want %d", user, ids, err, want)
		}
	}
	if err := s.Shown(a.ID, 1); err != nil { // an older batch: nothing changes
		t.Fatal(err)
	}
	if got, _ := s.Table(a.ID); got.Unshown != 2 {
		t.Errorf("Unshown after Shown(1) = %d, want 2", got.Unshown)
	}
	if err := s.Shown(a.ID, 2); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.Table(a.ID); got.Unshown != 0 {
		t.Errorf("Unshown after Shown(2) = %d, want 0", got.Unshown)
	}
	// A second table refused in the chat the first moved to.
	b := newTable(t, s, "telegram:-1001")
	if err := s.Save(b, nil); !errors.Is(err, ErrChatBusy) {
		t.Errorf("second table in the chat: %v", err)
	}
	// The same reads once the journal is in the file.
	if un, err := s.Unshown(); err != nil || len(un) != 0 {
		t.Errorf("Unshown() = %v, %v", un, err)
	}
	got2, err := s.OpenTable("telegram:-1001")
	if err != nil || !bytes.Equal(got2.Data, got.Data) || got2.Unshown != 0 || !slices.Equal(got2.Seated, a.Seated) {
		t.Errorf("after settling: %+v, %v", got2, err)
	}
	_ = s.Close()
	wantClean(t, path)
}

// Saves from many goroutines while checkpoints run as often as they can:
// every move of every table is in the file afterwards, in order, and the
// file checks clean. Run under -race in CI.
func TestJournalUnderCheckpoints(t *testing.T) {
	path := tempPath(t)
	s, err := Open(path, Options{NoSync: true, Now: testClock, CheckpointEvery: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	const tables, moves = 8, 60
	var wg sync.WaitGroup
	errs := make(chan error, tables)
	for i := range tables {
		tb := newTable(t, s, fmt.Sprintf("discord:%d", i))
		wg.Add(1)
		go func() {
			defer wg.Done()
			for seq := uint64(1); seq <= moves; seq++ {
				tb.Data = []byte(fmt.Sprintf("%d/%d", tb.ID, seq))
				tb.Unshown = seq
				if err := s.Save(tb, move(seq)); err != nil {
					errs <- err
					return
				}
				if seq%3 == 0 {
					if err := s.Shown(tb.ID, seq); err != nil {
						errs <- err
						return
					}
				}
				if got, err := s.Table(tb.ID); err != nil || !bytes.Equal(got.Data, tb.Data) {
					errs <- fmt.Errorf("table %d read back %q, %v after saving %q", tb.ID, got.Data, err, tb.Data)
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	c := openTest(t, path)
	for id := uint64(1); id <= tables; id++ {
		wantMoves(t, c, id, moves)
	}
	_ = c.Close()
	wantClean(t, path)
}

// The events a save records played (store.Table.Played) ride in its
// journal entry: Claim sees them before a checkpoint, a crash replays
// them with the move, and a journal write that failed takes them back
// with its save.
func TestJournalPlayedEvents(t *testing.T) {
	path := tempPath(t)
	s := openJournaled(t, path)
	a := newTable(t, s, "telegram:1")
	a.Played = []string{"telegram:9:1"}
	mustSave(t, s, a, move(1))
	inFile := func() int { return fileBucketLen(t, s, bSeen) }
	if n := inFile(); n != 0 {
		t.Fatalf("%d events in the file before a checkpoint", n)
	}
	claim := func(s *Store, key string, want store.Claim) {
		t.Helper()
		if c, err := s.Claim(key, time.Minute); c != want || err != nil {
			t.Errorf("Claim(%s) = %v, %v; want %v", key, c, err, want)
		}
	}
	claim(s, "telegram:9:1", store.ClaimPlayed) // from the view
	if err := s.Played("telegram:9:1"); err != nil {
		t.Fatal(err)
	}
	if n := inFile(); n != 0 {
		t.Errorf("Played of an event a save recorded wrote it again: %d in the file", n)
	}
	if n := bucketLen(t, s, bSeen); n != 1 { // settles
		t.Errorf("%d events in the file after a checkpoint, want 1", n)
	}
	a.Played = []string{"telegram:9:2", "telegram:9:3"}
	mustSave(t, s, a, move(2)) // in the journal only

	crashed := crashCopy(t, path)
	// The copy's journal is written through a disk whose writes fail when
	// told (failingJournal).
	disk := &failingJournal{FS: wal.OS}
	c, err := Open(crashed, Options{NoSync: true, Now: testClock, journalFS: disk})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = c.Close() })
	if c.Replayed() != 1 {
		t.Errorf("replayed %d saves, want %d", c.Replayed(), 1)
	}
	for _, k := range []string{"telegram:9:1", "telegram:9:2", "telegram:9:3"} {
		claim(c, k, store.ClaimPlayed)
	}
	claim(c, "telegram:9:4", store.ClaimFresh)
	wantMoves(t, c, a.ID, 2)

	// A save whose journal write failed was never acknowledged: its
	// events are not played.
	disk.failing.Store(true)
	a.Played = []string{"telegram:9:4"}
	if err := c.Save(a, move(3)); err == nil {
		t.Fatal("a save with a failing journal was taken")
	}
	claim(c, "telegram:9:4", store.ClaimHeld) // claimed above, not played
}

// An entry of a save that played events, as the journal was written before
// it became store/wal (frame, version 1, epoch, lsn, then the save with
// flag bit 2 and the events at its end), reads back with its events: a
// journal left by that version replays. The bytes are laid out here by
// hand, not by encodeSave.
func TestJournalEntryWithPlayedOfTheEarlierLayout(t *testing.T) {
	str := func(b []byte, s string) []byte { return append(binary.AppendUvarint(b, uint64(len(s))), s...) }
	body := []byte{1}                              // version
	body = binary.BigEndian.AppendUint64(body, 42) // epoch
	body = binary.AppendUvarint(body, 7)           // lsn
	body = binary.AppendVarint(body, time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC).UnixNano())
	body = binary.AppendUvarint(body, 3)   // table id
	body = append(body, 1<<1|1<<2)         // flags: move, played
	body = str(body, "telegram:1")         // chat
	body = str(body, "tictactoe")          // game
	body = binary.AppendUvarint(body, 0)   // due
	body = binary.AppendUvarint(body, 2)   // unshown
	body = binary.AppendUvarint(body, 1)   // seated
	body = str(body, "telegram:5")         // seated user
	body = str(body, "state")              // data
	body = binary.AppendUvarint(body, 4)   // move seq
	body = binary.AppendVarint(body, 1000) // at
	body = binary.AppendVarint(body, 1)    // seat
	body = str(body, "telegram:5")         // user
	body = str(body, "b2")                 // text
	body = binary.AppendUvarint(body, 2)   // events played
	body = str(body, "telegram:9:1")
	body = str(body, "telegram:9:2")
	entry := binary.BigEndian.AppendUint32(nil, uint32(len(body)))
	entry = binary.BigEndian.AppendUint32(entry, crc32.Checksum(body, crc32.MakeTable(crc32.Castagnoli)))
	entry = append(entry, body...)

	epoch, r, n, err := wal.Decode(entry)
	if err != nil || epoch != 42 || r.Seq != 7 || n != len(entry) {
		t.Fatalf("wal.Decode = epoch %d, seq %d, %d bytes, %v", epoch, r.Seq, n, err)
	}
	in, err := decodeSave(r)
	if err != nil {
		t.Fatal(err)
	}
	if got := in.t; got.ID != 3 || got.Chat != "telegram:1" || string(got.Data) != "state" || !slices.Equal(got.Played, []string{"telegram:9:1", "telegram:9:2"}) {
		t.Errorf("decoded %+v", got)
	}
	if in.move == nil || in.move.Seq != 4 || in.move.Text != "b2" {
		t.Errorf("decoded move %+v", in.move)
	}
	if !bytes.Equal(encodeSave(in, nil), r.Data) {
		t.Error("encodeSave does not write the save back as it read")
	}
}

// A chained save is written with the save that follows it, in one write
// of the journal; when none follows soon (a bot that thinks long), it is
// written alone, so that a crash meanwhile does not lose it; a reader's
// claim of an event it records waits for the disk.
func TestChainedSaves(t *testing.T) {
	path := tempPath(t)
	s, err := Open(path, Options{Now: testClock, ChainedFlushAfter: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	tb := newTable(t, s, "discord:1")
	other := newTable(t, s, "discord:2")
	writes := func() uint64 { return s.Figures().JournalWrites }

	before := writes()
	tb.Played = []string{"telegram:1:7"}
	wait, err := s.SaveChained(tb, move(1))
	if err != nil {
		t.Fatal(err)
	}
	tb.Played = nil
	if c, err := s.Claim("telegram:1:7", time.Minute); c != store.ClaimHeld || err != nil {
		t.Errorf("an event of a save not yet on disk: %v, %v; want held", c, err)
	}
	if got := writes() - before; got != 0 {
		t.Fatalf("%d journal writes before the reply", got)
	}
	if err := s.Save(tb, move(2)); err != nil { // the reply
		t.Fatal(err)
	}
	if err := wait(); err != nil {
		t.Fatal(err)
	}
	if got := writes() - before; got != 1 {
		t.Errorf("a move and its reply: %d journal writes, want 1", got)
	}
	if c, err := s.Claim("telegram:1:7", time.Minute); c != store.ClaimPlayed || err != nil {
		t.Errorf("the event once its save is on disk: %v, %v; want played", c, err)
	}

	// Another table's save written meanwhile takes the chained one along.
	wait, err = s.SaveChained(tb, move(3))
	if err != nil {
		t.Fatal(err)
	}
	before = writes()
	if err := s.Save(other, nil); err != nil {
		t.Fatal(err)
	}
	if err := wait(); err != nil {
		t.Fatal(err)
	}
	if got := writes() - before; got != 1 {
		t.Errorf("a chained save and another table's: %d journal writes, want 1", got)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}

	// With no reply, it is written alone after ChainedFlushAfter.
	if s, err = Open(path, Options{Now: testClock, ChainedFlushAfter: time.Millisecond}); err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	before = writes()
	wait, err = s.SaveChained(tb, move(4))
	if err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(10 * time.Second); writes() == before; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("a chained save with no reply was never written")
		}
	}
	if err := wait(); err != nil {
		t.Fatal(err)
	}
	wantMoves(t, s, tb.ID, 4)
}
