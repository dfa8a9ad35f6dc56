package bolt

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	bbolt "go.etcd.io/bbolt"

	"github.com/tablee/tablee/store"
)

// copyFixture copies testdata/schema1.db into a fresh data directory.
func copyFixture(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "schema1.db"))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "data", "tablee.db")
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b, 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// v1Expected replays the fixture's saves: the tables and logs a reader
// must find after the migration.
func v1Expected() (tables map[uint64]store.Table, logs map[uint64][]*store.Move) {
	saves, _, _ := v1Content()
	tables, logs = map[uint64]store.Table{}, map[uint64][]*store.Move{}
	for _, sv := range saves {
		tables[sv.table.ID] = sv.table
		if sv.move != nil {
			m := *sv.move
			logs[sv.table.ID] = append(logs[sv.table.ID], &m)
		}
	}
	return tables, logs
}

func schemaOf(t *testing.T, path string) string {
	t.Helper()
	db, err := bbolt.Open(path, 0o600, &bbolt.Options{ReadOnly: true, Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var v string
	_ = db.View(func(tx *bbolt.Tx) error { v = string(tx.Bucket(bMeta).Get(kSchema)); return nil })
	return v
}

// TestMigrateSchema1 opens a file written by the schema 1 store: it is
// copied aside, migrated in place, and every table, move, history, open
// entry and user reads back as it was saved.
func TestMigrateSchema1(t *testing.T) {
	path := copyFixture(t)
	if r, err := Check(path, Options{}); err != nil || r.Damaged() || r.Schema != 1 || r.Tables != 4 || r.Moves != 303 || r.Users != 2 {
		t.Fatalf("check of the schema 1 fixture: %+v, %v", r, err)
	}
	s := openTest(t, path)
	from, aside := s.Migrated()
	if from != 1 || aside != filepath.Join(BackupDir(path), "tablee-schema1-20250601T120000Z.db") {
		t.Fatalf("Migrated() = %d, %q", from, aside)
	}
	if r, err := Check(aside, Options{}); err != nil || r.Damaged() || r.Schema != 1 || r.Moves != 303 {
		t.Fatalf("the copy made before migrating: %+v, %v", r, err)
	}
	if backups, _ := Backups(path); len(backups) != 0 {
		t.Errorf("the copy before migrating is listed among the automatic backups: %v", backups)
	}

	tables, logs := v1Expected()
	for id, want := range tables {
		got, err := s.Table(id)
		if err != nil {
			t.Fatalf("table %d: %v", id, err)
		}
		switch {
		case id == 1:
			// Finished at its last move, to the second.
			want.FinishedAt = logs[1][2].At.Truncate(time.Second)
		case want.Finished:
			want.FinishedAt = testNow // no move: when it was migrated
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("table %d:\n got %+v\nwant %+v", id, got, want)
		}
		ms, err := s.Moves(id)
		if err != nil {
			t.Fatal(err)
		}
		equalMoves(t, ms, logs[id])
	}
	if _, err := s.Table(4); err != store.ErrNotFound {
		t.Errorf("table 4 was never saved: %v", err)
	}
	if id, err := s.NewTableID(); err != nil || id != 6 {
		t.Errorf("NewTableID after migration = %d, %v; want 6", id, err)
	}
	for chat, want := range map[string][]uint64{
		"discord:100": {1, 3}, "telegram:-1007": {2}, "telegram:-7": nil, "discord:200": {5},
	} {
		if ids, err := s.ChatTables(chat); err != nil || !slicesEqual(ids, want) {
			t.Errorf("ChatTables(%s) = %v, %v; want %v", chat, ids, err, want)
		}
	}
	open, err := s.OpenTables()
	if err != nil || len(open) != 2 || open[0].ID != 2 || open[1].ID != 3 {
		t.Fatalf("OpenTables = %+v, %v", open, err)
	}
	_, users, _ := v1Content()
	for _, want := range users {
		if got, err := s.User(want.ID); err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("user %s = %+v, %v", want.ID, got, err)
		}
	}

	// The game goes on in the new layout, and a reopen does not migrate again.
	tb := tables[2]
	m := &store.Move{Seq: 301, At: testNow, Seat: 1, User: "telegram:9", Text: "reponse APRES"}
	mustSave(t, s, tb, m)
	_ = s.Close()
	if v := schemaOf(t, path); v != strconv.Itoa(store.SchemaVersion) {
		t.Fatalf("schema after migration %q", v)
	}
	s = openTest(t, path)
	if from, _ := s.Migrated(); from != 0 {
		t.Errorf("second open migrated again from %d", from)
	}
	ms, err := s.Moves(2)
	if err != nil || len(ms) != 301 || ms[300] != *m {
		t.Fatalf("moves after the migration and one more: %d, %v", len(ms), err)
	}
	if r, err := Check(path, Options{}); err == nil {
		t.Fatalf("Check of a file held by a store: %+v", r)
	} else if !errors.Is(err, ErrLocked) {
		t.Fatalf("Check of a held file: %v", err)
	}
	_ = s.Close()
	if r, err := Check(path, Options{}); err != nil || r.Damaged() || r.Schema != store.SchemaVersion || r.Moves != 304 {
		t.Fatalf("check after migration: %+v, %v", r, err)
	}
}

func slicesEqual(a, b []uint64) bool {
	return len(a) == len(b) && (len(a) == 0 || reflect.DeepEqual(a, b))
}

// flipAll flips one byte at offset after from the end of every
// occurrence of marker in the file (-1: its last byte), as a bad disk
// would, and returns how many it flipped.
func flipAll(t *testing.T, path, marker string, after int) int {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for i := 0; ; {
		j := bytes.Index(b[i:], []byte(marker))
		if j < 0 {
			break
		}
		b[i+j+len(marker)+after] ^= 0x20
		n++
		i += j + 1
	}
	if n == 0 {
		t.Fatalf("%q not found in %s", marker, path)
	}
	if err := os.WriteFile(path, b, 0o600); err != nil {
		t.Fatal(err)
	}
	return n
}

// TestMigrateRefusesADamagedFile: a schema 1 file with a damaged move is
// not migrated at all: the error names the table and the move, the file is
// left as it was, and Check names the same move.
func TestMigrateRefusesADamagedFile(t *testing.T) {
	path := copyFixture(t)
	flipAll(t, path, "reponse MOT150", -1)
	before, _ := os.ReadFile(path)

	_, err := Open(path, Options{NoSync: true, Now: testClock})
	if !errors.Is(err, store.ErrDamaged) || !strings.Contains(err.Error(), "table 2, move 150") ||
		!strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), "tablee check") {
		t.Fatalf("Open of a damaged schema 1 file: %v", err)
	}
	after, _ := os.ReadFile(path)
	if !bytes.Equal(before, after) {
		t.Error("a refused migration changed the file")
	}
	r, err := Check(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Problems) != 1 || r.Problems[0].Table != 2 || r.Problems[0].Seq != 150 {
		t.Fatalf("check of the damaged schema 1 file: %+v", r.Problems)
	}
}
