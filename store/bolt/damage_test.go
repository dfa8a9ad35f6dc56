package bolt

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tablee/tablee/store"
)

// fillFile saves tables tables of moves moves each (data of dataSize
// bytes), the first half finished, and a user, and closes the file.
func fillFile(t *testing.T, path string, tables, moves, dataSize int) {
	t.Helper()
	s := openTest(t, path)
	for i := range tables {
		tb := newTable(t, s, fmt.Sprintf("discord:%d", i))
		tb.Data = bytes.Repeat([]byte{byte('a' + i%26)}, dataSize)
		for seq := uint64(1); seq <= uint64(moves); seq++ {
			tb.Finished = i < tables/2 && seq == uint64(moves)
			mustSave(t, s, tb, move(seq))
		}
	}
	if err := s.SaveUser(store.User{ID: "discord:1", Data: []byte("lang=fr")}); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
}

func isDamage(t *testing.T, err error, path string) {
	t.Helper()
	if !errors.Is(err, store.ErrDamaged) || !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), path) ||
		!strings.Contains(err.Error(), "is damaged") || !strings.Contains(err.Error(), "tablee check") {
		t.Fatalf("error %v\nwant store.ErrDamaged naming %s and the way out", err, path)
	}
}

// TestEmptyFileRefused: a 0-byte data file is refused like any cut file,
// naming it, and left as it is; a missing one is created whole.
func TestEmptyFileRefused(t *testing.T) {
	path := tempPath(t)
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	_, err := Open(path, Options{NoSync: true})
	isDamage(t, err, path)
	if !strings.Contains(err.Error(), "empty (0 bytes)") {
		t.Errorf("error does not say the file is empty: %v", err)
	}
	if fi, _ := os.Stat(path); fi.Size() != 0 {
		t.Errorf("the empty file was written to: %d bytes", fi.Size())
	}
	if r, err := Check(path, Options{}); err != nil || !r.Damaged() {
		t.Errorf("Check of an empty file: %+v, %v", r, err)
	}

	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	s := openTest(t, path)
	_ = s.Close()
	// The data file and its journal files, no temporary file.
	entries, _ := os.ReadDir(filepath.Dir(path))
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if want := []string{"tablee.db", "tablee.db.journal.0", "tablee.db.journal.1"}; !slices.Equal(names, want) {
		t.Errorf("creating the file left %v, want %v", names, want)
	}
}

// pageAt reads the header of page i: its flags and element count.
func pageAt(b []byte, i int) (flags, count uint16) {
	p := b[i*4096:]
	return binary.LittleEndian.Uint16(p[8:]), binary.LittleEndian.Uint16(p[10:])
}

// TestWriteFaultIsDamaged damages the file under an open store, as a disk
// would: every branch page is pointed at a page past the end of the file,
// which is cut short but still inside bbolt's memory map, so that reading
// it faults (SIGBUS) instead of reading garbage. Reads and writes must
// return store.ErrDamaged naming the file and the way out, the process
// must live on, and after a write faulted no later write is tried.
func TestWriteFaultIsDamaged(t *testing.T) {
	path := tempPath(t)
	fillFile(t, path, 200, 3, 1000) // 200 KB of tables: the buckets have branch pages
	s := openTest(t, path)

	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	w := &pageWalker{f: f, size: int64(len(b))}
	if _, _, err := w.meta(); err != nil {
		t.Fatal(err)
	}
	if int64(len(b)) <= int64(w.hwm+4)*4096 {
		t.Fatalf("the file (%d bytes) leaves no room past its %d pages", len(b), w.hwm)
	}
	past := w.hwm + 2
	branches := 0
	for i := 2; i < int(w.hwm); i++ {
		if flags, count := pageAt(b, i); flags == branchFlag {
			for j := range int(count) {
				binary.LittleEndian.PutUint64(b[i*4096+16+16*j+8:], past)
			}
			if _, err := f.WriteAt(b[i*4096:(i+1)*4096], int64(i)*4096); err != nil {
				t.Fatal(err)
			}
			branches++
		}
	}
	if branches == 0 {
		t.Fatal("no branch page in the file")
	}
	// Cut the file after its last page in use: the map goes on past it.
	if err := f.Truncate(int64(w.hwm) * 4096); err != nil {
		t.Fatal(err)
	}
	_ = f.Close()

	_, err = s.Table(7)
	isDamage(t, err, path)
	tb := store.Table{ID: 150, Chat: "discord:150", Game: "crackword"}
	err = s.Save(tb, move(4))
	isDamage(t, err, path)
	if !strings.Contains(err.Error(), "saving table 150") {
		t.Errorf("the error does not say a save failed: %v", err)
	}
	t.Log(err)
	// Later writes are refused at once, the same way.
	isDamage(t, s.SaveUser(store.User{ID: "discord:2"}), path)
	_, err = s.NewTableID()
	isDamage(t, err, path)
	isDamage(t, s.DeleteTable(3), path)
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}

	_, err = Open(path, Options{NoSync: true})
	isDamage(t, err, path)
	r, err := Check(path, Options{})
	if err != nil || !r.Damaged() {
		t.Fatalf("Check of the file: %+v, %v", r, err)
	}
	t.Log(r.Summary())
}

// TestFlippedBytesNeverCrash flips a few bytes in the data pages of a real
// file, again and again, then opens it, reads everything, writes, and
// checks it: each may fail, with an error, but nothing crashes, and
// whatever reads back is what was saved.
func TestFlippedBytesNeverCrash(t *testing.T) {
	base := tempPath(t)
	const tables, moves, dataSize = 40, 30, 700
	fillFile(t, base, tables, moves, dataSize)
	orig, err := os.ReadFile(base)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(14, 2))
	dir := t.TempDir()
	trials := 300
	if testing.Short() {
		trials = 60
	}
	outcomes := map[string]int{}
	for trial := range trials {
		b := bytes.Clone(orig)
		page := 2 + rng.IntN(len(b)/4096-2) // the meta pages have checksums of their own
		for range 1 + rng.IntN(4) {
			b[page*4096+rng.IntN(4096)] ^= byte(1 + rng.IntN(255))
		}
		path := filepath.Join(dir, fmt.Sprintf("flip%d.db", trial))
		if err := os.WriteFile(path, b, 0o600); err != nil {
			t.Fatal(err)
		}
		outcomes[exercise(t, path, tables, moves, dataSize)]++
		if r, err := Check(path, Options{}); err != nil {
			t.Fatalf("trial %d: Check: %v", trial, err)
		} else if r.Damaged() {
			outcomes["check found damage"]++
		}
		_ = os.Remove(path)
	}
	t.Logf("%d trials: %v", trials, outcomes)
}

// exercise opens, reads and writes a possibly damaged file, failing the
// test on anything but a clean result or a clear error.
func exercise(t *testing.T, path string, tables, moves, dataSize int) string {
	t.Helper()
	s, err := Open(path, Options{NoSync: true, Timeout: 100 * time.Millisecond})
	if err != nil {
		if !errors.Is(err, store.ErrDamaged) && !errors.Is(err, ErrSchema) {
			t.Fatalf("%s: Open: %v", path, err)
		}
		return "open refused"
	}
	defer s.Close()
	outcome := "read whole"
	damaged := func(what string, err error) {
		if err == nil || err == store.ErrNotFound {
			return
		}
		if !errors.Is(err, store.ErrDamaged) {
			t.Fatalf("%s: %s: %v, not a damage error", path, what, err)
		}
		outcome = "damage reported"
	}
	_, err = s.OpenTables()
	damaged("OpenTables", err)
	for id := uint64(1); id <= uint64(tables); id++ {
		tb, err := s.Table(id)
		damaged("Table", err)
		if err == nil && (len(tb.Data) != dataSize || tb.Data[0] != byte('a'+(id-1)%26) || tb.Chat != fmt.Sprintf("discord:%d", id-1)) {
			t.Fatalf("%s: table %d read back different: %q", path, id, tb.Chat)
		}
		ms, err := s.Moves(id)
		damaged("Moves", err)
		if err == nil && len(ms) != 0 {
			want := make([]*store.Move, moves)
			for i := range want {
				want[i] = move(uint64(i + 1))
			}
			equalMoves(t, ms, want)
		}
		_, err = s.ChatTables(fmt.Sprintf("discord:%d", id-1))
		damaged("ChatTables", err)
	}
	_, err = s.User("discord:1")
	damaged("User", err)
	// Writes: a new move for an open table, a user, a new table, a deletion.
	tb := store.Table{ID: uint64(tables), Chat: fmt.Sprintf("discord:%d", tables-1), Game: "crackword"}
	if err := s.Save(tb, move(uint64(moves+1))); err != nil && !errors.Is(err, ErrMoveSeq) && !errors.Is(err, ErrChatBusy) {
		damaged("Save", err)
	}
	damaged("SaveUser", s.SaveUser(store.User{ID: "discord:9", Data: []byte("x")}))
	_, err = s.NewTableID()
	damaged("NewTableID", err)
	damaged("DeleteTable", s.DeleteTable(1))
	return outcome
}

// TestDamagedRecordsNamed: a damaged table record, move and user record
// are reported by name on read, by Save, and by Check, with nothing
// skipped silently.
func TestDamagedRecordsNamed(t *testing.T) {
	path := tempPath(t)
	s := openTest(t, path)
	tb := newTable(t, s, "discord:1")
	tb.Data = []byte("MARKER-table-record-0123456789")
	mustSave(t, s, tb, move(1))
	other := newTable(t, s, "discord:2")
	for seq := uint64(1); seq <= 10; seq++ {
		m := move(seq)
		m.Text = fmt.Sprintf("MARKER-move-%02d-record", seq)
		mustSave(t, s, other, m)
	}
	third := newTable(t, s, "discord:3")
	mustSave(t, s, third, move(1))
	if err := s.SaveUser(store.User{ID: "discord:5", Data: []byte("MARKER-user-record-0123456789")}); err != nil {
		t.Fatal(err)
	}
	_ = s.Close()
	flipAll(t, path, "MARKER-table-record", 3)
	flipAll(t, path, "MARKER-move-07-record", -1)
	flipAll(t, path, "MARKER-user-record", 3)

	s = openTest(t, path)
	_, err := s.Table(tb.ID)
	isDamage(t, err, path)
	if !strings.Contains(err.Error(), "table 1: record does not decode: checksum mismatch") {
		t.Errorf("Table: %v", err)
	}
	_, err = s.Moves(other.ID)
	isDamage(t, err, path)
	if !strings.Contains(err.Error(), "table 2, move 7: checksum mismatch") {
		t.Errorf("Moves: %v", err)
	}
	_, err = s.User("discord:5")
	isDamage(t, err, path)
	isDamage(t, s.Save(tb, nil), path)         // saving over a damaged record refuses rather than guess its chat
	isDamage(t, s.Save(other, move(11)), path) // appending to a damaged block refuses
	if ms, err := s.Moves(third.ID); err != nil || len(ms) != 1 {
		t.Errorf("the third table's moves: %d, %v", len(ms), err)
	}
	_ = s.Close()

	r, err := Check(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range r.Problems {
		got = append(got, fmt.Sprintf("%d/%d/%s", p.Table, p.Seq, p.User))
	}
	// The damaged table record also makes its open entry, history entry
	// and log name a table that cannot be read.
	want := "1/0/ 1/0/ 1/0/ 1/0/ 2/7/ 0/0/discord:5"
	if strings.Join(got, " ") != want {
		t.Errorf("check found %v\n%s\nwant %s", got, r.Summary(), want)
	}
	if r.Tables != 3 || r.Moves != 8 || r.Users != 1 {
		t.Errorf("check counted %d tables, %d moves, %d users", r.Tables, r.Moves, r.Users)
	}
}

// TestDamageNamesNewestBackup: the message of a damaged file names the
// newest automatic backup and its age.
func TestDamageNamesNewestBackup(t *testing.T) {
	path := tempPath(t)
	s := openTest(t, path)
	tb := newTable(t, s, "discord:1")
	tb.Data = []byte("MARKER-table-record-0123456789")
	mustSave(t, s, tb, nil)
	var newest Backup
	for _, at := range []time.Time{time.Now().Add(-30 * time.Hour), time.Now().Add(-3*time.Hour - time.Minute)} {
		s.now = func() time.Time { return at }
		b, err := s.AutoBackup(8)
		if err != nil {
			t.Fatal(err)
		}
		newest = b
	}
	_ = s.Close()
	flipAll(t, path, "MARKER-table-record", 3)
	s = openTest(t, path)
	_, err := s.Table(tb.ID)
	isDamage(t, err, path)
	want := "The newest automatic backup is " + newest.Path + ", taken 3h ago"
	if !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "tablee check "+newest.Path) {
		t.Errorf("error %v\ndoes not say %q", err, want)
	}
}

func TestAgo(t *testing.T) {
	for d, want := range map[time.Duration]string{
		-time.Second: "0s", 40 * time.Second: "40s", 12 * time.Minute: "12m", 3*time.Hour + 59*time.Minute: "3h",
		53 * time.Hour: "2d 5h", 48 * time.Hour: "2d", 300 * time.Hour: "12d",
	} {
		if got := Ago(d); got != want {
			t.Errorf("Ago(%v) = %q, want %q", d, got, want)
		}
	}
}
