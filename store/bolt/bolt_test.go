package bolt

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	bbolt "go.etcd.io/bbolt"

	"github.com/tablee/tablee/store"
)

// testNow is the store's clock in tests: when tables finish.
var testNow = time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC)

func testClock() time.Time { return testNow }

func openTest(t *testing.T, path string) *Store {
	t.Helper()
	s, err := Open(path, Options{NoSync: true, Now: testClock})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.Close() })
	return s
}

func tempPath(t *testing.T) string {
	return filepath.Join(t.TempDir(), "data", "tablee.db")
}

func newTable(t *testing.T, s *Store, chat string) store.Table {
	t.Helper()
	id, err := s.NewTableID()
	if err != nil {
		t.Fatal(err)
	}
	return store.Table{ID: id, Chat: chat, Game: "crackword", Data: []byte(fmt.Sprintf(`{"table":%d}`, id))}
}

func move(seq uint64) *store.Move {
	return &store.Move{
		Seq:  seq,
		At:   time.Date(2025, 3, 1, 20, 0, int(seq), 123456789, time.UTC),
		Seat: int(seq % 3),
		User: fmt.Sprintf("discord:%d", seq%3),
		Text: fmt.Sprintf("move %d", seq),
	}
}

func mustSave(t *testing.T, s *Store, tb store.Table, m *store.Move) {
	t.Helper()
	if err := s.Save(tb, m); err != nil {
		t.Fatal(err)
	}
}

func equalMoves(t *testing.T, got []store.Move, want []*store.Move) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("got %d moves, want %d", len(got), len(want))
	}
	for i := range got {
		w := *want[i]
		if !got[i].At.Equal(w.At) || got[i].At.Location() != time.UTC {
			t.Errorf("move %d: At %v, want %v (UTC)", i, got[i].At, w.At)
		}
		got[i].At, w.At = time.Time{}, time.Time{}
		if got[i] != w {
			t.Errorf("move %d: got %+v, want %+v", i, got[i], w)
		}
	}
}

func TestOpenCreatesFileAndDirectory(t *testing.T) {
	path := tempPath(t)
	s := openTest(t, path)
	if s.Path() != path {
		t.Errorf("Path() = %q", s.Path())
	}
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm() != 0o600 {
		t.Errorf("file mode %v, want 0600", fi.Mode().Perm())
	}
	di, err := os.Stat(filepath.Dir(path))
	if err != nil {
		t.Fatal(err)
	}
	if di.Mode().Perm() != 0o700 {
		t.Errorf("directory mode %v, want 0700", di.Mode().Perm())
	}
}

func TestNewTableIDNeverReused(t *testing.T) {
	path := tempPath(t)
	s := openTest(t, path)
	for want := uint64(1); want <= 3; want++ {
		id, err := s.NewTableID()
		if err != nil || id != want {
			t.Fatalf("NewTableID = %d, %v; want %d", id, err, want)
		}
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s = openTest(t, path)
	if id, err := s.NewTableID(); err != nil || id != 4 {
		t.Fatalf("after reopen NewTableID = %d, %v; want 4", id, err)
	}
}

func TestSaveAndRead(t *testing.T) {
	s := openTest(t, tempPath(t))
	tb := newTable(t, s, "discord:1")
	mustSave(t, s, tb, nil)
	got, err := s.Table(tb.ID)
	if err != nil || !reflect.DeepEqual(got, tb) {
		t.Fatalf("Table = %+v, %v; want %+v", got, err, tb)
	}
	if ms, err := s.Moves(tb.ID); err != nil || len(ms) != 0 {
		t.Fatalf("Moves of a table without moves = %v, %v", ms, err)
	}
	var want []*store.Move
	for seq := uint64(1); seq <= 5; seq++ {
		tb.Data = []byte(fmt.Sprintf("state after %d", seq))
		want = append(want, move(seq))
		mustSave(t, s, tb, want[len(want)-1])
	}
	ms, err := s.Moves(tb.ID)
	if err != nil {
		t.Fatal(err)
	}
	equalMoves(t, ms, want)
	if got, _ := s.Table(tb.ID); string(got.Data) != "state after 5" {
		t.Errorf("table data %q, want the last saved", got.Data)
	}
	open, err := s.OpenTables()
	if err != nil || len(open) != 1 || !reflect.DeepEqual(open[0], tb) {
		t.Fatalf("OpenTables = %+v, %v", open, err)
	}
}

func TestEmptyValues(t *testing.T) {
	s := openTest(t, tempPath(t))
	tb := newTable(t, s, "local:main")
	tb.Game, tb.Data = "", nil
	m := &store.Move{Seq: 1, At: time.Unix(0, 0).UTC()}
	mustSave(t, s, tb, m)
	got, err := s.Table(tb.ID)
	if err != nil || got.Game != "" || len(got.Data) != 0 {
		t.Fatalf("Table = %+v, %v", got, err)
	}
	ms, err := s.Moves(tb.ID)
	if err != nil {
		t.Fatal(err)
	}
	equalMoves(t, ms, []*store.Move{m})
}

func TestNotFound(t *testing.T) {
	s := openTest(t, tempPath(t))
	if _, err := s.Table(42); err != store.ErrNotFound {
		t.Errorf("Table(42) error %v, want store.ErrNotFound", err)
	}
	if _, err := s.Moves(42); err != store.ErrNotFound {
		t.Errorf("Moves(42) error %v, want store.ErrNotFound", err)
	}
	if _, err := s.User("discord:42"); err != store.ErrNotFound {
		t.Errorf("User error %v, want store.ErrNotFound", err)
	}
	if ids, err := s.ChatTables("discord:nobody"); err != nil || len(ids) != 0 {
		t.Errorf("ChatTables of an unknown chat = %v, %v; want none", ids, err)
	}
	if open, err := s.OpenTables(); err != nil || len(open) != 0 {
		t.Errorf("OpenTables of a new file = %v, %v", open, err)
	}
}

func TestFinishedTablesStayReadable(t *testing.T) {
	s := openTest(t, tempPath(t))
	chat := "telegram:-100:7"
	first := newTable(t, s, chat)
	mustSave(t, s, first, move(1))
	first.Finished = true
	mustSave(t, s, first, move(2))

	second := newTable(t, s, chat)
	mustSave(t, s, second, nil)
	other := newTable(t, s, "discord:9")
	mustSave(t, s, other, nil)

	open, err := s.OpenTables()
	if err != nil {
		t.Fatal(err)
	}
	if len(open) != 2 || open[0].ID != second.ID || open[1].ID != other.ID {
		t.Fatalf("OpenTables = %+v; want tables %d and %d", open, second.ID, other.ID)
	}
	got, err := s.Table(first.ID)
	if err != nil || !got.Finished {
		t.Fatalf("finished Table = %+v, %v", got, err)
	}
	ms, err := s.Moves(first.ID)
	if err != nil {
		t.Fatal(err)
	}
	equalMoves(t, ms, []*store.Move{move(1), move(2)})
	ids, err := s.ChatTables(chat)
	if err != nil || !reflect.DeepEqual(ids, []uint64{first.ID, second.ID}) {
		t.Fatalf("ChatTables = %v, %v; want [%d %d]", ids, err, first.ID, second.ID)
	}
	// A finished table saved again stays out of OpenTables and in history once.
	mustSave(t, s, first, nil)
	if ids, _ := s.ChatTables(chat); len(ids) != 2 {
		t.Errorf("history after resave = %v", ids)
	}
}

func TestChatBusy(t *testing.T) {
	s := openTest(t, tempPath(t))
	a := newTable(t, s, "discord:1")
	mustSave(t, s, a, nil)
	b := newTable(t, s, "discord:1")
	err := s.Save(b, move(1))
	if !errors.Is(err, ErrChatBusy) || !strings.Contains(err.Error(), s.Path()) {
		t.Fatalf("second open table in a chat: %v", err)
	}
	if _, err := s.Table(b.ID); err != store.ErrNotFound {
		t.Errorf("refused table was written: %v", err)
	}
	// Once the first is finished the chat is free.
	a.Finished = true
	mustSave(t, s, a, nil)
	mustSave(t, s, b, move(1))
}

func TestChatChange(t *testing.T) {
	s := openTest(t, tempPath(t))
	tb := newTable(t, s, "telegram:-7")
	mustSave(t, s, tb, nil)
	tb.Chat = "telegram:-1007"
	mustSave(t, s, tb, nil)
	if ids, _ := s.ChatTables("telegram:-7"); len(ids) != 0 {
		t.Errorf("old chat history still lists %v", ids)
	}
	if ids, _ := s.ChatTables(tb.Chat); !reflect.DeepEqual(ids, []uint64{tb.ID}) {
		t.Errorf("new chat history %v", ids)
	}
	open, err := s.OpenTables()
	if err != nil || len(open) != 1 || open[0].Chat != tb.Chat {
		t.Fatalf("OpenTables = %+v, %v", open, err)
	}
}

func TestBadTable(t *testing.T) {
	s := openTest(t, tempPath(t))
	for _, tb := range []store.Table{
		{ID: 0, Chat: "discord:1"},
		{ID: 1, Chat: ""},
		{ID: 7, Chat: "discord:1"}, // never reserved
	} {
		if err := s.Save(tb, nil); !errors.Is(err, ErrBadTable) {
			t.Errorf("Save(%+v) error %v, want ErrBadTable", tb, err)
		}
	}
	if err := s.SaveUser(store.User{}); err == nil {
		t.Error("SaveUser without id accepted")
	}
}

func TestSeqGapRefused(t *testing.T) {
	s := openTest(t, tempPath(t))
	tb := newTable(t, s, "discord:1")
	tb.Data = []byte("v1")
	mustSave(t, s, tb, move(1))
	mustSave(t, s, tb, move(2))

	for _, seq := range []uint64{0, 1, 2, 4, 10} {
		bad := tb
		bad.Data = []byte("must not be written")
		bad.Finished = true
		err := s.Save(bad, move(seq))
		if !errors.Is(err, ErrMoveSeq) {
			t.Fatalf("Save with seq %d: error %v, want ErrMoveSeq", seq, err)
		}
		want := fmt.Sprintf("move %d refused, the log ends at move 2", seq)
		if !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), s.Path()) {
			t.Errorf("error %q does not say %q and name the file", err, want)
		}
	}
	got, _ := s.Table(tb.ID)
	if string(got.Data) != "v1" || got.Finished {
		t.Errorf("refused Save wrote the table: %+v", got)
	}
	if open, _ := s.OpenTables(); len(open) != 1 {
		t.Errorf("refused Save changed the open index: %+v", open)
	}
	ms, _ := s.Moves(tb.ID)
	equalMoves(t, ms, []*store.Move{move(1), move(2)})
	mustSave(t, s, tb, move(3))

	// The first move of a log must be 1.
	other := newTable(t, s, "discord:2")
	if err := s.Save(other, move(2)); !errors.Is(err, ErrMoveSeq) {
		t.Fatalf("first move 2: %v", err)
	}
	if _, err := s.Table(other.ID); err != store.ErrNotFound {
		t.Errorf("table of a refused first move was written: %v", err)
	}
	if ids, _ := s.ChatTables("discord:2"); len(ids) != 0 {
		t.Errorf("refused Save wrote history %v", ids)
	}
}

func TestUsers(t *testing.T) {
	path := tempPath(t)
	s := openTest(t, path)
	u := store.User{ID: "telegram:42", Data: []byte(`{"lang":"en"}`)}
	if err := s.SaveUser(u); err != nil {
		t.Fatal(err)
	}
	got, err := s.User(u.ID)
	if err != nil || !reflect.DeepEqual(got, u) {
		t.Fatalf("User = %+v, %v", got, err)
	}
	u.Data = []byte(`{"lang":"fr"}`)
	if err := s.SaveUser(u); err != nil {
		t.Fatal(err)
	}
	_ = s.Close()
	s = openTest(t, path)
	if got, _ := s.User(u.ID); !reflect.DeepEqual(got, u) {
		t.Fatalf("after reopen User = %+v", got)
	}
}

func TestReopenKeepsEverything(t *testing.T) {
	path := tempPath(t)
	s, err := Open(path, Options{Now: testClock}) // fsync on: the real configuration
	if err != nil {
		t.Fatal(err)
	}
	var tables []store.Table
	want := map[uint64][]*store.Move{}
	for i := range 4 {
		tb := newTable(t, s, fmt.Sprintf("discord:%d", i%2))
		if i < 2 {
			tb.Finished = true
			tb.FinishedAt = testNow // set by the store, ignored by Save
		}
		for seq := uint64(1); seq <= uint64(i+1); seq++ {
			mustSave(t, s, tb, move(seq))
			want[tb.ID] = append(want[tb.ID], move(seq))
		}
		tables = append(tables, tb)
	}
	if err := s.SaveUser(store.User{ID: "local:alice", Data: []byte("x")}); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}

	s = openTest(t, path)
	for _, tb := range tables {
		got, err := s.Table(tb.ID)
		if err != nil || !reflect.DeepEqual(got, tb) {
			t.Errorf("Table(%d) = %+v, %v; want %+v", tb.ID, got, err, tb)
		}
		ms, err := s.Moves(tb.ID)
		if err != nil {
			t.Fatal(err)
		}
		equalMoves(t, ms, want[tb.ID])
	}
	open, err := s.OpenTables()
	if err != nil || len(open) != 2 || open[0].ID != tables[2].ID || open[1].ID != tables[3].ID {
		t.Fatalf("OpenTables after reopen = %+v, %v", open, err)
	}
	if ids, _ := s.ChatTables("discord:0"); !reflect.DeepEqual(ids, []uint64{tables[0].ID, tables[2].ID}) {
		t.Errorf("ChatTables after reopen = %v", ids)
	}
	if u, err := s.User("local:alice"); err != nil || string(u.Data) != "x" {
		t.Errorf("User after reopen = %+v, %v", u, err)
	}
}

func TestMovesOrderBeyondOneByte(t *testing.T) {
	s := openTest(t, tempPath(t))
	tb := newTable(t, s, "discord:1")
	var want []*store.Move
	for seq := uint64(1); seq <= 300; seq++ { // past 255: keys must sort numerically
		want = append(want, move(seq))
		mustSave(t, s, tb, want[len(want)-1])
	}
	ms, err := s.Moves(tb.ID)
	if err != nil {
		t.Fatal(err)
	}
	equalMoves(t, ms, want)
}

func TestConcurrentSaves(t *testing.T) {
	path := tempPath(t)
	s, err := Open(path, Options{}) // fsync on, so batches really share commits
	if err != nil {
		t.Fatal(err)
	}
	const tables, movesEach = 100, 5
	var wg sync.WaitGroup
	errs := make(chan error, tables)
	for i := range tables {
		wg.Go(func() {
			id, err := s.NewTableID()
			if err != nil {
				errs <- err
				return
			}
			tb := store.Table{ID: id, Chat: fmt.Sprintf("discord:%d", i), Game: "belote"}
			for seq := uint64(1); seq <= movesEach; seq++ {
				tb.Finished = seq == movesEach && i%2 == 0
				tb.Data = []byte(fmt.Sprintf("%d/%d", i, seq))
				if err := s.Save(tb, move(seq)); err != nil {
					errs <- err
					return
				}
			}
		})
	}
	// The same user record saved from many goroutines at once.
	for i := range 20 {
		wg.Go(func() {
			if err := s.SaveUser(store.User{ID: "discord:7", Data: []byte{byte(i)}}); err != nil {
				errs <- err
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}

	s = openTest(t, path)
	open, err := s.OpenTables()
	if err != nil || len(open) != tables/2 {
		t.Fatalf("OpenTables: %d tables, %v; want %d", len(open), err, tables/2)
	}
	seen := map[string]bool{}
	for id := uint64(1); id <= tables; id++ {
		tb, err := s.Table(id)
		if err != nil {
			t.Fatal(err)
		}
		if seen[tb.Chat] {
			t.Fatalf("two tables for chat %s: ids were reused", tb.Chat)
		}
		seen[tb.Chat] = true
		ms, err := s.Moves(id)
		if err != nil || len(ms) != movesEach {
			t.Fatalf("Moves(%d): %d, %v", id, len(ms), err)
		}
		if !strings.HasSuffix(string(tb.Data), fmt.Sprintf("/%d", movesEach)) {
			t.Errorf("table %d data %q is not the last save", id, tb.Data)
		}
	}
}

// --- failures ---

func TestOpenGarbage(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	random := func(n int) []byte {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(rng.Uint32())
		}
		return b
	}
	cases := map[string][]byte{
		"text":     []byte("data_dir: ./data\nlanguage: fr\n"),
		"random":   random(64 << 10),
		"zeros":    make([]byte, 32<<10),
		"one page": random(4096),
	}
	// A real file cut short after its meta pages.
	{
		path := tempPath(t)
		s := openTest(t, path)
		tb := newTable(t, s, "discord:1")
		tb.Data = bytes.Repeat([]byte("x"), 64<<10)
		mustSave(t, s, tb, move(1))
		_ = s.Close()
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		cases["truncated"] = b[:3*4096]
		// Meta pages wiped: not recognisable as bbolt any more.
		damaged := bytes.Clone(b)
		copy(damaged[:2*4096], random(2*4096))
		cases["meta pages overwritten"] = damaged
		// One meta page byte flipped in both copies: bad checksums.
		flipped := bytes.Clone(b)
		flipped[16+40] ^= 0xff
		flipped[4096+16+40] ^= 0xff
		cases["meta checksums"] = flipped
	}
	for name, content := range cases {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "tablee.db")
			if err := os.WriteFile(path, content, 0o600); err != nil {
				t.Fatal(err)
			}
			s, err := Open(path, Options{Timeout: 100 * time.Millisecond})
			if err == nil {
				// bbolt may accept a damaged file whose meta pages survived;
				// then reading must report the damage, not crash.
				defer s.Close()
				_, err = s.OpenTables()
				if err == nil {
					_, err = s.Moves(1)
				}
				if err == nil {
					t.Fatalf("garbage file opened and read without error")
				}
			}
			if !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), path) {
				t.Fatalf("error %v; want ErrCorrupt naming %s", err, path)
			}
			t.Log(err)
			// The failed Open released the file: opening it again gives the
			// same answer, not "locked".
			if s, err := Open(path, Options{Timeout: 100 * time.Millisecond}); errors.Is(err, ErrLocked) {
				t.Fatalf("second Open of the damaged file: %v", err)
			} else if err == nil {
				_ = s.Close()
			}
			if err := os.Remove(path); err != nil {
				t.Fatal(err)
			}
			s2, err := Open(path, Options{NoSync: true, Timeout: 100 * time.Millisecond})
			if err != nil {
				t.Fatalf("a new file at the same path: %v", err)
			}
			_ = s2.Close()
		})
	}
}

// TestTruncatedEverywhere cuts a real file at every page boundary: each must
// open or fail with an error, never crash the process (bbolt reads a memory
// map, and pages past the end of the file fault).
func TestTruncatedEverywhere(t *testing.T) {
	path := tempPath(t)
	s := openTest(t, path)
	for i := range 20 {
		tb := newTable(t, s, fmt.Sprintf("discord:%d", i))
		tb.Data = bytes.Repeat([]byte{byte(i)}, 3000)
		for seq := uint64(1); seq <= 20; seq++ {
			mustSave(t, s, tb, move(seq))
		}
	}
	_ = s.Close()
	full, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	failures := 0
	for size := 0; size < len(full); size += 4096 {
		p := filepath.Join(dir, fmt.Sprintf("cut%d.db", size))
		if err := os.WriteFile(p, full[:size], 0o600); err != nil {
			t.Fatal(err)
		}
		s, err := Open(p, Options{NoSync: true, Timeout: 100 * time.Millisecond})
		if err == nil {
			// Either every record reads back whole or reading fails.
			if _, err = s.OpenTables(); err == nil {
				for id := uint64(1); id <= 20 && err == nil; id++ {
					var tb store.Table
					var ms []store.Move
					if tb, err = s.Table(id); err == nil {
						ms, err = s.Moves(id)
					}
					if err == nil && (len(tb.Data) != 3000 || len(ms) != 20) {
						t.Errorf("cut at %d: table %d read back with %d bytes and %d moves", size, id, len(tb.Data), len(ms))
					}
				}
			}
			_ = s.Close()
		}
		switch {
		case size == 0:
			// An empty file is refused like any other cut.
			if !errors.Is(err, store.ErrDamaged) || !strings.Contains(err.Error(), p) || !strings.Contains(err.Error(), "empty (0 bytes)") {
				t.Errorf("empty file: %v", err)
			}
			failures++
		case err != nil:
			failures++
			if errors.Is(err, ErrLocked) || !strings.Contains(err.Error(), p) {
				t.Errorf("cut at %d: %v", size, err)
			}
		}
	}
	t.Logf("%d cuts of a %d-byte file, %d refused", len(full)/4096, len(full), failures)
}

func TestOpenLocked(t *testing.T) {
	path := tempPath(t)
	s := openTest(t, path)
	_ = s
	start := time.Now()
	_, err := Open(path, Options{Timeout: 50 * time.Millisecond})
	if !errors.Is(err, ErrLocked) {
		t.Fatalf("second Open: %v; want ErrLocked", err)
	}
	want := path + " is locked by another tablee process (waited 50ms)"
	if !strings.Contains(err.Error(), want) {
		t.Errorf("error %q does not say %q", err, want)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("second Open waited %v", d)
	}
}

func TestOpenOtherSchema(t *testing.T) {
	path := tempPath(t)
	s := openTest(t, path)
	mustSave(t, s, newTable(t, s, "discord:1"), nil)
	_ = s.Close()

	rawUpdate(t, path, func(tx *bbolt.Tx) error {
		return tx.Bucket(bMeta).Put(kSchema, []byte(strconv.Itoa(store.SchemaVersion+1)))
	})
	before, _ := os.ReadFile(path)
	_, err := Open(path, Options{})
	if !errors.Is(err, ErrSchema) {
		t.Fatalf("Open: %v; want ErrSchema", err)
	}
	want := fmt.Sprintf("store/bolt: %s was written by schema version %d; this tablee reads versions 1 to %d",
		path, store.SchemaVersion+1, store.SchemaVersion)
	if err.Error() != want {
		t.Errorf("error %q\nwant  %q", err, want)
	}
	if after, _ := os.ReadFile(path); !bytes.Equal(before, after) {
		t.Error("opening a file of another schema changed it")
	}
}

func TestOpenForeignBbolt(t *testing.T) {
	path := tempPath(t)
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	rawUpdate(t, path, func(tx *bbolt.Tx) error {
		_, err := tx.CreateBucket([]byte("something else"))
		return err
	})
	_, err := Open(path, Options{})
	if !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), "not a tablee one") {
		t.Fatalf("Open of another program's bbolt file: %v", err)
	}
}

func TestCorruptRecord(t *testing.T) {
	path := tempPath(t)
	s := openTest(t, path)
	tb := newTable(t, s, "discord:1")
	tb.Data = []byte("MARKER-table-record-0123456789")
	m := move(1)
	m.Text = "MARKER-move-record-0123456789"
	mustSave(t, s, tb, m)
	if err := s.SaveUser(store.User{ID: "discord:5", Data: []byte("MARKER-user-record-0123456789")}); err != nil {
		t.Fatal(err)
	}
	_ = s.Close()

	// Flip one byte of each record in the file itself, as a bad disk would:
	// bbolt does not checksum data pages, the record checksum must notice.
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, marker := range []string{"MARKER-table", "MARKER-move", "MARKER-user"} {
		n := 0
		for i := bytes.Index(b, []byte(marker)); i >= 0; {
			b[i+len(marker)+3] ^= 0x01
			n++
			j := bytes.Index(b[i+1:], []byte(marker))
			if j < 0 {
				break
			}
			i += 1 + j
		}
		if n == 0 {
			t.Fatalf("%s not found in the file", marker)
		}
	}
	if err := os.WriteFile(path, b, 0o600); err != nil {
		t.Fatal(err)
	}

	s = openTest(t, path)
	check := func(what string, err error) {
		t.Helper()
		if !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), "checksum mismatch") {
			t.Errorf("%s: %v; want ErrCorrupt naming the file and the checksum", what, err)
		}
	}
	_, err = s.Table(tb.ID)
	check("Table", err)
	_, err = s.OpenTables()
	check("OpenTables", err)
	_, err = s.Moves(tb.ID)
	check("Moves", err)
	_, err = s.User("discord:5")
	check("User", err)
	// Saving over a damaged record refuses rather than guess its chat.
	check("Save", s.Save(tb, nil))
}

func TestUndecodableRecord(t *testing.T) {
	path := tempPath(t)
	s := openTest(t, path)
	tb := newTable(t, s, "discord:1")
	mustSave(t, s, tb, nil)
	_ = s.Close()
	rawUpdate(t, path, func(tx *bbolt.Tx) error {
		return tx.Bucket(bTables).Put(key(tb.ID), []byte(`{"chat":"discord:1"}`))
	})
	s = openTest(t, path)
	_, err := s.Table(tb.ID)
	want := fmt.Sprintf("store/bolt: %s is damaged: table %d: record does not decode: checksum mismatch", path, tb.ID)
	if !errors.Is(err, ErrCorrupt) || !strings.HasPrefix(err.Error(), want) {
		t.Fatalf("Table: %v\nwant %s...", err, want)
	}
}

func TestRecordDecodeErrors(t *testing.T) {
	due := time.Date(2025, 6, 2, 8, 0, 0, 0, time.UTC)
	good := prepareTable(store.Table{ID: 1, Chat: "c", Game: "g", Data: []byte("d"), Due: due}).encode(time.Time{}, 0, 3)
	if tb, err := decodeTable(1, good); err != nil || !tb.Due.Equal(due) || tb.Unshown != 3 {
		t.Fatalf("decoded %+v, %v; want due %v, unshown 3", tb, err, due)
	}
	for i := range good {
		if _, err := decodeTable(1, good[:i]); err == nil {
			t.Errorf("truncated to %d bytes decodes", i)
		}
		bad := bytes.Clone(good)
		bad[i] ^= 0x40
		if _, err := decodeTable(1, bad); err == nil {
			t.Errorf("byte %d flipped decodes", i)
		}
	}
	// Valid checksum over nonsense: lengths past the end, unknown version.
	for _, body := range [][]byte{{2, 0, 200}, {1, 0, 0, 0, 0}, {3, 0, 0, 0, 0}, {2, 4, 0, 0, 0}, {2, 0, 0, 0, 0, 9}, {2, 1},
		{2, 16, 0, 0, 0, 0}, {2, 8, 0, 0, 0, 0}, {2, 4, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 1, 0, 0, 0, 0}} {
		if _, err := decodeTable(1, seal(key(1), bytes.Clone(body))); err == nil {
			t.Errorf("%v decodes", body)
		}
	}
}

func TestClosed(t *testing.T) {
	s := openTest(t, tempPath(t))
	_ = s.Close()
	if _, err := s.Table(1); err == nil || !strings.Contains(err.Error(), s.Path()) {
		t.Errorf("Table after Close: %v", err)
	}
	if err := s.Save(store.Table{ID: 1, Chat: "x"}, nil); err == nil {
		t.Error("Save after Close succeeded")
	}
}

func rawUpdate(t *testing.T, path string, fn func(*bbolt.Tx) error) {
	t.Helper()
	db, err := bbolt.Open(path, 0o600, &bbolt.Options{Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := db.Update(fn); err != nil {
		t.Fatal(err)
	}
}

// TestRefusedSaveInsideABatch mixes good and out-of-sequence Saves from many
// goroutines, so that refused calls land in shared groups: the group then
// commits the rest without the refused call, which gets its error. Every good Save
// must be in, every refused one out.
func TestRefusedSaveInsideABatch(t *testing.T) {
	s, err := Open(tempPath(t), Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	const tables = 50
	var wg sync.WaitGroup
	for i := range tables {
		wg.Go(func() {
			id, err := s.NewTableID()
			if err != nil {
				t.Error(err)
				return
			}
			tb := store.Table{ID: id, Chat: fmt.Sprintf("telegram:%d", i)}
			for seq := uint64(1); seq <= 4; seq++ {
				if err := s.Save(tb, move(seq+2)); !errors.Is(err, ErrMoveSeq) {
					t.Errorf("gap accepted: %v", err)
				}
				tb.Data = []byte{byte(seq)}
				if err := s.Save(tb, move(seq)); err != nil {
					t.Error(err)
				}
			}
		})
	}
	wg.Wait()
	for id := uint64(1); id <= tables; id++ {
		ms, err := s.Moves(id)
		if err != nil || len(ms) != 4 {
			t.Fatalf("table %d: %d moves, %v", id, len(ms), err)
		}
		if tb, _ := s.Table(id); !bytes.Equal(tb.Data, []byte{4}) {
			t.Errorf("table %d data %v", id, tb.Data)
		}
	}
}
