package bolt

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"go.etcd.io/bbolt"

	"github.com/tablee/tablee/store"
)

func wantSeated(t *testing.T, s *Store, user string, want ...uint64) {
	t.Helper()
	got, err := s.SeatedTables(user)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got, want) {
		t.Errorf("SeatedTables(%s) = %v, want %v", user, got, want)
	}
}

// The seated index follows the seats of every unfinished table: a join, a
// leave, a finish, a deletion; a user id that starts another one is not
// confused with it.
func TestSeatedIndexFollowsSaves(t *testing.T) {
	path := tempPath(t)
	s := openTest(t, path)
	a, b := newTable(t, s, "discord:1"), newTable(t, s, "discord:2")
	a.Seated = []string{"discord:alice", "discord:bob", "discord:alice"}
	b.Seated = []string{"discord:alice"}
	mustSave(t, s, a, nil)
	mustSave(t, s, b, nil)
	wantSeated(t, s, "discord:alice", a.ID, b.ID)
	wantSeated(t, s, "discord:bob", a.ID)
	wantSeated(t, s, "discord:bo")

	a.Seated = []string{"discord:alice", "discord:carol"} // bob left, carol joined
	mustSave(t, s, a, move(1))
	wantSeated(t, s, "discord:bob")
	wantSeated(t, s, "discord:carol", a.ID)
	got, err := s.Table(a.ID)
	if err != nil || !slices.Equal(got.Seated, a.Seated) {
		t.Fatalf("Table: seated %v, %v; want %v", got.Seated, err, a.Seated)
	}

	a.Finished = true // a finished table is no one's to play
	mustSave(t, s, a, move(2))
	wantSeated(t, s, "discord:alice", b.ID)
	wantSeated(t, s, "discord:carol")
	if got, _ := s.Table(a.ID); got.Seated != nil {
		t.Errorf("a finished table keeps seats %v", got.Seated)
	}

	if err := s.DeleteTable(b.ID); err != nil {
		t.Fatal(err)
	}
	wantSeated(t, s, "discord:alice")
	_ = s.Close()
	wantClean(t, path)
}

// OpenTable reads a chat's unfinished table, and only that.
func TestOpenTable(t *testing.T) {
	s := openTest(t, tempPath(t))
	if _, err := s.OpenTable("telegram:1"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("OpenTable of an empty chat: %v", err)
	}
	tb := newTable(t, s, "telegram:1")
	tb.Seated, tb.Unshown = []string{"telegram:7"}, 3
	mustSave(t, s, tb, nil)
	got, err := s.OpenTable("telegram:1")
	if err != nil || got.ID != tb.ID || string(got.Data) != string(tb.Data) || got.Unshown != 3 || !slices.Equal(got.Seated, tb.Seated) {
		t.Fatalf("OpenTable = %+v, %v", got, err)
	}
	tb.Finished = true
	mustSave(t, s, tb, nil)
	if _, err := s.OpenTable("telegram:1"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("OpenTable after the table finished: %v", err)
	}
}

// A schema 2 file becomes schema 3 when opened: the seated index is added
// empty and the indexes are marked incomplete, so that the bot saves every
// open table once; nothing else changes.
func TestMigrateSchema2(t *testing.T) {
	path := tempPath(t)
	s := openTest(t, path)
	tb := newTable(t, s, "discord:1")
	mustSave(t, s, tb, move(1))
	_ = s.Close()
	rawUpdate(t, path, func(tx *bbolt.Tx) error {
		if err := tx.DeleteBucket(bSeated); err != nil {
			return err
		}
		return tx.Bucket(bMeta).Put(kSchema, []byte("2"))
	})
	s = openTest(t, path)
	if from, _ := s.Migrated(); from != 2 {
		t.Errorf("Migrated from %d, want 2", from)
	}
	wantComplete(t, s, false)
	if ms, err := s.Moves(tb.ID); err != nil || len(ms) != 1 {
		t.Fatalf("moves after the migration: %v, %v", ms, err)
	}
	tb.Seated = []string{"discord:alice"}
	mustSave(t, s, tb, nil)
	wantSeated(t, s, "discord:alice", tb.ID)
	_ = s.Close()
	if v := schemaOf(t, path); v != "3" {
		t.Fatalf("schema after opening %q", v)
	}
	wantClean(t, path)
}

// tablee check finds a seated entry the records do not explain, and a
// seated user without his entry.
func TestCheckFindsSeatedDamage(t *testing.T) {
	path := tempPath(t)
	s := openTest(t, path)
	tb := newTable(t, s, "discord:1")
	tb.Seated = []string{"discord:alice"}
	mustSave(t, s, tb, nil)
	_ = s.Close()
	rawUpdate(t, path, func(tx *bbolt.Tx) error {
		b := tx.Bucket(bSeated)
		if err := b.Delete(seatedKey("discord:alice", tb.ID)); err != nil {
			return err
		}
		return b.Put(seatedKey("discord:mallory", tb.ID), []byte{})
	})
	r, err := Check(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var whats []string
	for _, p := range r.Problems {
		whats = append(whats, p.What)
	}
	all := strings.Join(whats, "\n")
	if len(r.Problems) != 2 || !strings.Contains(all, "discord:mallory at table") || !strings.Contains(all, "seats discord:alice but") {
		t.Fatalf("check problems:\n%s", all)
	}
}
