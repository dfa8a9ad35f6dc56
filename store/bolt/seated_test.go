package bolt

import (
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"go.etcd.io/bbolt"

	"github.com/tablee/tablee/store"
)

func wantSeated(t *testing.T, s *Store, user string, want ...uint64) {
	t.Helper()
	wantUserTables(t, "SeatedTables", s.SeatedTables, user, want)
}

func wantPlayed(t *testing.T, s *Store, user string, want ...uint64) {
	t.Helper()
	wantUserTables(t, "PlayedTables", s.PlayedTables, user, want)
}

func wantUserTables(t *testing.T, name string, list func(string) ([]uint64, error), user string, want []uint64) {
	t.Helper()
	got, err := list(user)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got, want) {
		t.Errorf("%s(%s) = %v, want %v", name, user, got, want)
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

	a.Finished = true // a finished table is no one's to play, and keeps who played it
	mustSave(t, s, a, move(2))
	wantSeated(t, s, "discord:alice", b.ID)
	wantSeated(t, s, "discord:carol")
	if got, _ := s.Table(a.ID); !slices.Equal(got.Seated, a.Seated) {
		t.Errorf("a finished table reads back seated %v, want %v", got.Seated, a.Seated)
	}

	if err := s.DeleteTable(b.ID); err != nil {
		t.Fatal(err)
	}
	wantSeated(t, s, "discord:alice")
	_ = s.Close()
	wantClean(t, path)
}

// The played index follows the seats of every table, finished or not,
// through the journal and the checkpoints: a leave before the end takes a
// player out, a finish keeps them all, a deletion (retention's) takes the
// table out of every player's list. tablee check finds it whole.
func TestPlayedIndexFollowsSaves(t *testing.T) {
	path := tempPath(t)
	s := openTest(t, path)
	a, b := newTable(t, s, "discord:1"), newTable(t, s, "discord:2")
	a.Seated = []string{"discord:alice", "discord:bob"}
	b.Seated = []string{"discord:alice"}
	mustSave(t, s, a, nil)
	mustSave(t, s, b, nil)
	wantPlayed(t, s, "discord:alice", a.ID, b.ID) // from the view: no checkpoint yet
	a.Seated = []string{"discord:alice", "discord:carol"}
	a.Finished = true
	mustSave(t, s, a, move(1))
	wantPlayed(t, s, "discord:bob")
	wantPlayed(t, s, "discord:carol", a.ID)
	if err := s.checkpoint(); err != nil {
		t.Fatal(err)
	}
	wantPlayed(t, s, "discord:alice", a.ID, b.ID) // from the file
	wantPlayed(t, s, "discord:carol", a.ID)
	wantPlayed(t, s, "discord:caro")
	_ = s.Close()
	wantClean(t, path)

	s = openTest(t, path)
	wantPlayed(t, s, "discord:alice", a.ID, b.ID)
	if err := s.DeleteTable(a.ID); err != nil {
		t.Fatal(err)
	}
	wantPlayed(t, s, "discord:alice", b.ID)
	wantPlayed(t, s, "discord:carol")
	if n := bucketLen(t, s, bPlayed); n != 1 {
		t.Errorf("played index holds %d entries after the deletion, want 1", n)
	}
	_ = s.Close()
	wantClean(t, path)
}

// A schema 4 file becomes schema 5 when opened: the played index is made
// from the records that name their users (the unfinished tables': a
// finished table's record kept none), and is marked incomplete until the
// bot has saved each finished table once with its users; tablee check
// finds the file clean at every step.
func TestMigrateSchema4(t *testing.T) {
	path := tempPath(t)
	s := openTest(t, path)
	open, done := newTable(t, s, "discord:1"), newTable(t, s, "discord:2")
	open.Seated = []string{"discord:alice", "discord:bob"}
	done.Seated, done.Finished = []string{"discord:alice"}, true
	mustSave(t, s, open, move(1))
	mustSave(t, s, done, move(1))
	wantPlayedComplete(t, s, true)
	_ = s.Close()
	asSchema4(t, path)
	wantClean(t, path)

	s = openTest(t, path)
	if from, _ := s.Migrated(); from != 4 {
		t.Errorf("Migrated from %d, want 4", from)
	}
	wantPlayedComplete(t, s, false)
	wantPlayed(t, s, "discord:alice", open.ID)
	wantPlayed(t, s, "discord:bob", open.ID)
	if got, err := s.Table(done.ID); err != nil || got.Seated != nil {
		t.Fatalf("the finished table of schema 4 reads back seated %v, %v", got.Seated, err)
	}
	mustSave(t, s, done, nil) // what the bot does, with the users it reads from the table's data
	wantPlayed(t, s, "discord:alice", open.ID, done.ID)
	if err := s.SetPlayedIndexComplete(); err != nil {
		t.Fatal(err)
	}
	_ = s.Close()
	if v := schemaOf(t, path); v != strconv.Itoa(store.SchemaVersion) {
		t.Fatalf("schema after opening %q", v)
	}
	wantClean(t, path)
	s = openTest(t, path)
	wantPlayedComplete(t, s, true)
	if from, _ := s.Migrated(); from != 0 {
		t.Errorf("a file of this schema reopened says migrated from %d", from)
	}
	wantPlayed(t, s, "discord:alice", open.ID, done.ID)
	if ms, err := s.Moves(done.ID); err != nil || len(ms) != 1 {
		t.Fatalf("moves after the migration: %v, %v", ms, err)
	}
}

func wantPlayedComplete(t *testing.T, s *Store, want bool) {
	t.Helper()
	if got, err := s.PlayedIndexComplete(); err != nil || got != want {
		t.Errorf("PlayedIndexComplete = %v, %v; want %v", got, err, want)
	}
}

// asSchema4 makes the file one a schema 4 tablee wrote: schema "4", no
// played index nor its mark, and finished tables' records without their
// users.
func asSchema4(t *testing.T, path string) {
	t.Helper()
	rawUpdate(t, path, func(tx *bbolt.Tx) error {
		if err := tx.DeleteBucket(bPlayed); err != nil {
			return err
		}
		meta := tx.Bucket(bMeta)
		if err := meta.Delete(kPlayedComplete); err != nil {
			return err
		}
		tables := tx.Bucket(bTables)
		rewrite := map[string][]byte{}
		err := tables.ForEach(func(k, v []byte) error {
			id := binary.BigEndian.Uint64(k)
			h, err := decodeTableHeader(id, v)
			if err != nil || !h.finished {
				return err
			}
			tb, err := decodeTable(id, v)
			if err != nil {
				return err
			}
			tb.Seated = nil
			rewrite[string(k)] = prepareTable(tb).encode(h.finishedAt, h.last, h.unshown)
			return nil
		})
		if err != nil {
			return err
		}
		for k, v := range rewrite {
			if err := tables.Put([]byte(k), v); err != nil {
				return err
			}
		}
		return meta.Put(kSchema, []byte("4"))
	})
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

// A schema 2 file, complete as schema 2 went, becomes schema 3 when
// opened: the seated index is added empty and the indexes are marked
// incomplete (its records seat no one), so that the bot saves every open
// table once and then marks them complete; nothing else changes.
func TestMigrateSchema2(t *testing.T) {
	path := tempPath(t)
	s := openTest(t, path)
	tb := newTable(t, s, "discord:1")
	mustSave(t, s, tb, move(1))
	wantComplete(t, s, true)
	_ = s.Close()
	asSchema2(t, path, false, bSeated, bPlayed)
	s = openTest(t, path)
	if from, _ := s.Migrated(); from != 2 {
		t.Errorf("Migrated from %d, want 2", from)
	}
	wantComplete(t, s, false)
	wantPlayedComplete(t, s, false)
	if ms, err := s.Moves(tb.ID); err != nil || len(ms) != 1 {
		t.Fatalf("moves after the migration: %v, %v", ms, err)
	}
	tb.Seated = []string{"discord:alice"}
	mustSave(t, s, tb, nil)
	wantSeated(t, s, "discord:alice", tb.ID)
	if err := s.SetDueIndexComplete(); err != nil {
		t.Fatal(err)
	}
	_ = s.Close()
	if v := schemaOf(t, path); v != strconv.Itoa(store.SchemaVersion) {
		t.Fatalf("schema after opening %q", v)
	}
	wantClean(t, path)
	// The mark survives reopening, and the file is not migrated again.
	s = openTest(t, path)
	wantComplete(t, s, true)
	if from, _ := s.Migrated(); from != 0 {
		t.Errorf("a file of this schema reopened says migrated from %d", from)
	}
	wantSeated(t, s, "discord:alice", tb.ID)
}

// asSchema2 makes the file one a schema 2 tablee wrote: schema "2",
// without the buckets given (indexes that came later) and, when
// incomplete, without the mark of complete indexes.
func asSchema2(t *testing.T, path string, incomplete bool, drop ...[]byte) {
	t.Helper()
	rawUpdate(t, path, func(tx *bbolt.Tx) error {
		for _, name := range drop {
			if err := tx.DeleteBucket(name); err != nil {
				return err
			}
		}
		if incomplete {
			if err := tx.Bucket(bMeta).Delete(kDueComplete); err != nil {
				return err
			}
		}
		return tx.Bucket(bMeta).Put(kSchema, []byte("2"))
	})
}

// tablee check finds an entry of the seated or played index the records
// do not explain, and a seated user without his entry.
func TestCheckFindsUserIndexDamage(t *testing.T) {
	for _, index := range [][]byte{bSeated, bPlayed} {
		t.Run(string(index), func(t *testing.T) {
			path := tempPath(t)
			s := openTest(t, path)
			tb := newTable(t, s, "discord:1")
			tb.Seated = []string{"discord:alice"}
			mustSave(t, s, tb, nil)
			_ = s.Close()
			rawUpdate(t, path, func(tx *bbolt.Tx) error {
				b := tx.Bucket(index)
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
			if len(r.Problems) != 2 || !strings.Contains(all, string(index)+" index names discord:mallory at table") ||
				!strings.Contains(all, "seats discord:alice but the "+string(index)+" index") {
				t.Fatalf("check problems:\n%s", all)
			}
		})
	}
}

// A table whose chat changes (a Telegram group that became a supergroup)
// keeps its seated entries, and OpenTable finds it in its new chat only.
func TestSeatedIndexFollowsAChatChange(t *testing.T) {
	path := tempPath(t)
	s := openTest(t, path)
	tb := newTable(t, s, "telegram:-42")
	tb.Seated = []string{"telegram:7", "telegram:8"}
	mustSave(t, s, tb, move(1))
	tb.Chat = "telegram:-10042"
	mustSave(t, s, tb, move(2))
	if _, err := s.OpenTable("telegram:-42"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("OpenTable of the old chat: %v", err)
	}
	got, err := s.OpenTable("telegram:-10042")
	if err != nil || got.ID != tb.ID || !slices.Equal(got.Seated, tb.Seated) {
		t.Fatalf("OpenTable of the new chat = %+v, %v", got, err)
	}
	wantSeated(t, s, "telegram:7", tb.ID)
	wantSeated(t, s, "telegram:8", tb.ID)
	if n := bucketLen(t, s, bSeated); n != 2 {
		t.Errorf("seated index holds %d entries, want 2", n)
	}
	_ = s.Close()
	wantClean(t, path)
}

// A user id holding a 0 byte cannot pass for another user whose id is its
// start: the index key ends with the 0 and the id, read from the end.
func TestSeatedUserWithAZeroByte(t *testing.T) {
	path := tempPath(t)
	s := openTest(t, path)
	a, b := newTable(t, s, "local:1"), newTable(t, s, "local:2")
	a.Seated = []string{"local:al\x00ice"}
	b.Seated = []string{"local:al"}
	mustSave(t, s, a, nil)
	mustSave(t, s, b, nil)
	wantSeated(t, s, "local:al", b.ID)
	wantSeated(t, s, "local:al\x00ice", a.ID)
	wantSeated(t, s, "local:al\x00")
	_ = s.Close()
	wantClean(t, path)
}

// Save refuses seats the record could not be read back with (more users
// than any game seats, a user id longer than a bbolt key) and writes
// nothing: a table saved must stay readable.
func TestSaveRefusesSeatsItCannotIndex(t *testing.T) {
	path := tempPath(t)
	s := openTest(t, path)
	tb := newTable(t, s, "discord:1")
	tb.Seated = []string{"discord:alice"}
	mustSave(t, s, tb, nil)
	many := make([]string, maxSeated+1)
	for i := range many {
		many[i] = fmt.Sprintf("discord:%d", i)
	}
	for name, seated := range map[string][]string{
		"too many users":  many,
		"a user too long": {"discord:" + strings.Repeat("9", bbolt.MaxKeySize)},
	} {
		bad := tb
		bad.Seated = seated
		if err := s.Save(bad, nil); !errors.Is(err, ErrBadTable) {
			t.Errorf("%s: Save error %v, want ErrBadTable", name, err)
		}
	}
	got, err := s.Table(tb.ID)
	if err != nil || !slices.Equal(got.Seated, tb.Seated) {
		t.Fatalf("Table after the refused saves: %v, %v", got.Seated, err)
	}
	wantSeated(t, s, "discord:alice", tb.ID)
	wantSeated(t, s, "discord:0")
	// As many users as a record holds is fine.
	tb.Seated = many[:maxSeated]
	mustSave(t, s, tb, nil)
	wantSeated(t, s, "discord:63", tb.ID)
	_ = s.Close()
	wantClean(t, path)
}

// seatAliceAndBob saves two tables: alice and bob sit at the first, alice
// alone at the second.
func seatAliceAndBob(t *testing.T, s *Store) (both, alice store.Table) {
	t.Helper()
	both, alice = newTable(t, s, "discord:1"), newTable(t, s, "discord:2")
	both.Seated = []string{"discord:alice", "discord:bob"}
	alice.Seated = []string{"discord:alice"}
	mustSave(t, s, both, nil)
	mustSave(t, s, alice, nil)
	return both, alice
}

// Retention deletes finished tables, which have no seated entries; the
// unfinished ones keep theirs.
func TestRetentionKeepsTheSeatedIndex(t *testing.T) {
	path := tempPath(t)
	s := openTest(t, path)
	done, playing := seatAliceAndBob(t, s)
	done.Finished = true
	mustSave(t, s, done, nil)
	n, err := s.DeleteFinished(testNow.Add(time.Hour))
	if err != nil || n != 1 {
		t.Fatalf("DeleteFinished = %d, %v; want 1", n, err)
	}
	wantSeated(t, s, "discord:alice", playing.ID)
	wantSeated(t, s, "discord:bob")
	_ = s.Close()
	wantClean(t, path)
}

// Deleting a table whose record is damaged (it no longer says who sits
// there) still removes its seated entries.
func TestDeleteDamagedTableRemovesSeated(t *testing.T) {
	path := tempPath(t)
	s := openTest(t, path)
	tb, other := seatAliceAndBob(t, s)
	_ = s.Close()
	rawUpdate(t, path, func(tx *bbolt.Tx) error {
		return tx.Bucket(bTables).Put(key(tb.ID), []byte("not a record"))
	})
	s = openTest(t, path)
	if err := s.DeleteTable(tb.ID); err != nil {
		t.Fatal(err)
	}
	wantSeated(t, s, "discord:alice", other.ID)
	wantSeated(t, s, "discord:bob")
	_ = s.Close()
	wantClean(t, path)
}

// Due gives each table with the time it is due, as saved, in UTC, read
// from the index key alone.
func TestDueGivesTheTimes(t *testing.T) {
	s := openTest(t, tempPath(t))
	a, b := newTable(t, s, "discord:1"), newTable(t, s, "discord:2")
	paris := time.FixedZone("Paris", 3600)
	a.Due = at(20).In(paris).Add(123 * time.Nanosecond)
	b.Due = at(10)
	mustSave(t, s, a, nil)
	mustSave(t, s, b, nil)
	due, err := s.Due(at(30), 0)
	if err != nil {
		t.Fatal(err)
	}
	want := []store.DueTable{{ID: b.ID, At: b.Due}, {ID: a.ID, At: a.Due}}
	if len(due) != len(want) {
		t.Fatalf("Due = %v, want %v", due, want)
	}
	for i := range want {
		if due[i].ID != want[i].ID || !due[i].At.Equal(want[i].At) || due[i].At.Location() != time.UTC {
			t.Errorf("Due[%d] = %v, want %v in UTC", i, due[i], want[i])
		}
	}
}
