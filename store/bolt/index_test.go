package bolt

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	bbolt "go.etcd.io/bbolt"

	"github.com/tablee/tablee/store"
)

// at is a due time in the tests: testNow plus minutes.
func at(minutes int) time.Time { return testNow.Add(time.Duration(minutes) * time.Minute) }

func mustDue(t *testing.T, s *Store, before time.Time, limit int) []uint64 {
	t.Helper()
	due, err := s.Due(before, limit)
	if err != nil {
		t.Fatal(err)
	}
	var ids []uint64
	for i, d := range due {
		if i > 0 && d.At.Before(due[i-1].At) {
			t.Errorf("Due(%v): table %d due at %v, out of order", before, d.ID, d.At)
		}
		ids = append(ids, d.ID)
	}
	return ids
}

func wantDue(t *testing.T, s *Store, before time.Time, limit int, want ...uint64) {
	t.Helper()
	if got := mustDue(t, s, before, limit); !slices.Equal(got, want) {
		t.Errorf("Due(%v, %d) = %v, want %v", before.Format(time.TimeOnly), limit, got, want)
	}
}

func wantNextDue(t *testing.T, s *Store, want time.Time) {
	t.Helper()
	got, ok, err := s.NextDue()
	switch {
	case err != nil:
		t.Fatal(err)
	case want.IsZero() && ok:
		t.Errorf("NextDue = %v, want none", got)
	case !want.IsZero() && (!ok || !got.Equal(want) || got.Location() != time.UTC):
		t.Errorf("NextDue = %v, %v; want %v (UTC)", got, ok, want)
	}
}

// unshownIDs lists what Unshown returns, as "id:batch".
func unshownIDs(t *testing.T, s *Store) []string {
	t.Helper()
	tables, err := s.Unshown()
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, tb := range tables {
		out = append(out, fmt.Sprintf("%d:%d", tb.ID, tb.Unshown))
	}
	return out
}

func wantUnshown(t *testing.T, s *Store, want ...string) {
	t.Helper()
	if got := unshownIDs(t, s); !slices.Equal(got, want) {
		t.Errorf("Unshown = %v, want %v", got, want)
	}
}

// wantClean runs the full check on a closed store's file.
func wantClean(t *testing.T, path string) *Report {
	t.Helper()
	r, err := Check(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if r.Damaged() {
		t.Fatalf("check: %s", r.Summary())
	}
	return r
}

// bucketLen counts the keys of a bucket through the store's own file,
// once the journal is written into it.
func bucketLen(t *testing.T, s *Store, name []byte) int {
	t.Helper()
	if err := s.checkpoint(); err != nil {
		t.Fatal(err)
	}
	return fileBucketLen(t, s, name)
}

// fileBucketLen counts a bucket's keys in the data file as it is, without
// the journal's saves.
func fileBucketLen(t *testing.T, s *Store, name []byte) int {
	t.Helper()
	n := 0
	if err := s.db.View(func(tx *bbolt.Tx) error {
		return tx.Bucket(name).ForEach(func(_, _ []byte) error { n++; return nil })
	}); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestDueFollowsSaves(t *testing.T) {
	path := tempPath(t)
	s := openTest(t, path)
	wantNextDue(t, s, time.Time{})
	wantDue(t, s, at(1000), 0)

	a, b, c := newTable(t, s, "discord:1"), newTable(t, s, "discord:2"), newTable(t, s, "discord:3")
	a.Due, b.Due, c.Due = at(30), at(10), at(20)
	for _, tb := range []store.Table{a, b, c} {
		mustSave(t, s, tb, nil)
	}
	wantDue(t, s, at(60), 0, b.ID, c.ID, a.ID)
	wantDue(t, s, at(20), 0, b.ID, c.ID) // "not after": 20 is due at 20
	wantDue(t, s, at(9), 0)
	wantNextDue(t, s, at(10))

	// A move that moves the deadline: the old entry goes.
	b.Due = at(40)
	mustSave(t, s, b, move(1))
	wantDue(t, s, at(60), 0, c.ID, a.ID, b.ID)
	wantNextDue(t, s, at(20))
	// Nothing due any more.
	c.Due = time.Time{}
	mustSave(t, s, c, nil)
	wantDue(t, s, at(60), 0, a.ID, b.ID)
	// A finished table is never due, whatever Due it is saved with; it
	// keeps the Due it was saved with.
	a.Finished = true
	mustSave(t, s, a, nil)
	wantDue(t, s, at(60), 0, b.ID)
	wantNextDue(t, s, at(40))
	if got, err := s.Table(a.ID); err != nil || !got.Due.Equal(at(30)) {
		t.Errorf("finished table: Due %v, %v; want %v as saved", got.Due, err, at(30))
	}
	// Saving a table with the same due time again leaves one entry.
	mustSave(t, s, b, nil)
	mustSave(t, s, b, move(2))
	if n := bucketLen(t, s, bDue); n != 1 {
		t.Errorf("due index holds %d entries, want 1", n)
	}

	// Reads give Due back as saved, in UTC.
	for _, tb := range []store.Table{b, c} {
		got, err := s.Table(tb.ID)
		if err != nil {
			t.Fatal(err)
		}
		if !got.Due.Equal(tb.Due) || (!got.Due.IsZero() && got.Due.Location() != time.UTC) {
			t.Errorf("table %d: Due %v, want %v", tb.ID, got.Due, tb.Due)
		}
	}
	open, err := s.OpenTables()
	if err != nil {
		t.Fatal(err)
	}
	if len(open) != 2 || !open[0].Due.Equal(b.Due) || !open[1].Due.IsZero() {
		t.Errorf("OpenTables: %+v", open)
	}

	// A reopened store finds the index where it was.
	_ = s.Close()
	r := wantClean(t, path)
	if r.Due != 1 {
		t.Errorf("check counts %d due entries, want 1", r.Due)
	}
	s = openTest(t, path)
	wantDue(t, s, at(60), 0, b.ID)
	wantNextDue(t, s, at(40))
}

func TestDueOrderAndLimit(t *testing.T) {
	s := openTest(t, tempPath(t))
	rng := rand.New(rand.NewPCG(1, 2))
	type entry struct {
		id  uint64
		due time.Time
	}
	var all []entry
	for i := range 200 {
		tb := newTable(t, s, fmt.Sprintf("telegram:%d", i))
		// Few distinct times, so that many tables share one: those come
		// out by id. Nanoseconds count.
		tb.Due = at(rng.IntN(20)).Add(time.Duration(rng.IntN(2)))
		mustSave(t, s, tb, nil)
		all = append(all, entry{tb.ID, tb.Due})
	}
	slices.SortFunc(all, func(a, b entry) int {
		if c := a.due.Compare(b.due); c != 0 {
			return c
		}
		return int(a.id) - int(b.id)
	})
	ids := func(es []entry) []uint64 {
		var out []uint64
		for _, e := range es {
			out = append(out, e.id)
		}
		return out
	}
	cut := at(10)
	var upTo []entry
	for _, e := range all {
		if !e.due.After(cut) {
			upTo = append(upTo, e)
		}
	}
	if len(upTo) < 50 || len(upTo) == len(all) {
		t.Fatalf("the test needs tables on both sides of the cut: %d of %d", len(upTo), len(all))
	}
	wantDue(t, s, at(100), 0, ids(all)...)
	wantDue(t, s, at(100), -1, ids(all)...)
	wantDue(t, s, cut, 0, ids(upTo)...)
	wantDue(t, s, cut, 7, ids(upTo[:7])...)
	wantDue(t, s, cut, len(upTo)+5, ids(upTo)...)
	wantNextDue(t, s, all[0].due)

	// Times out of the nanosecond range are kept at its ends, still in order.
	early, late := newTable(t, s, "local:early"), newTable(t, s, "local:late")
	early.Due = time.Date(1900, 1, 1, 0, 0, 0, 0, time.UTC)
	late.Due = time.Date(3000, 1, 1, 0, 0, 0, 0, time.UTC)
	mustSave(t, s, early, nil)
	mustSave(t, s, late, nil)
	if got := mustDue(t, s, time.Date(4000, 1, 1, 0, 0, 0, 0, time.UTC), 0); got[0] != early.ID || got[len(got)-1] != late.ID {
		t.Errorf("Due out of range: first %d last %d, want %d and %d", got[0], got[len(got)-1], early.ID, late.ID)
	}
	wantDue(t, s, time.Unix(0, 0), 0, early.ID)
	wantDue(t, s, time.Time{}, 0) // nothing is due before 1970 but what was saved before it
}

func TestUnshownIndex(t *testing.T) {
	path := tempPath(t)
	s := openTest(t, path)
	wantUnshown(t, s)
	a, b := newTable(t, s, "discord:1"), newTable(t, s, "discord:2")
	mustSave(t, s, a, nil)
	wantUnshown(t, s)

	a.Unshown = 3
	mustSave(t, s, a, move(1))
	wantUnshown(t, s, "1:3")
	if got, err := s.Table(a.ID); err != nil || got.Unshown != 3 {
		t.Errorf("Table: Unshown %d, %v; want 3", got.Unshown, err)
	}
	// A Save never lowers the entry: an older batch, or none.
	a.Unshown = 2
	mustSave(t, s, a, move(2))
	wantUnshown(t, s, "1:3")
	a.Unshown = 0
	mustSave(t, s, a, nil)
	wantUnshown(t, s, "1:3")
	if got, err := s.OpenTables(); err != nil || len(got) != 1 || got[0].Unshown != 3 {
		t.Errorf("OpenTables: %+v, %v; want table 1 with Unshown 3", got, err)
	}

	// Shown of an older batch keeps it; of this one or a later one clears it.
	if err := s.Shown(a.ID, 2); err != nil {
		t.Fatal(err)
	}
	wantUnshown(t, s, "1:3")
	if err := s.Shown(a.ID, 3); err != nil {
		t.Fatal(err)
	}
	wantUnshown(t, s)
	if got, err := s.Table(a.ID); err != nil || got.Unshown != 0 {
		t.Errorf("Table after Shown: Unshown %d, %v; want 0", got.Unshown, err)
	}
	a.Unshown = 4
	mustSave(t, s, a, nil)
	if err := s.Shown(a.ID, 9); err != nil {
		t.Fatal(err)
	}
	wantUnshown(t, s)
	// Shown again, or of a table that never had anything unshown, or of a
	// table the store never held (deleted meanwhile): no error, no change.
	for _, id := range []uint64{a.ID, b.ID, 999} {
		if err := s.Shown(id, 9); err != nil {
			t.Errorf("Shown(%d): %v", id, err)
		}
	}

	// A finished table can be unshown: its final board.
	b.Unshown, b.Finished = 1, true
	mustSave(t, s, b, nil)
	a.Unshown = 5
	mustSave(t, s, a, nil)
	wantUnshown(t, s, "1:5", "2:1")
	tables, err := s.Unshown()
	if err != nil {
		t.Fatal(err)
	}
	if !tables[1].Finished || string(tables[1].Data) != string(b.Data) || tables[1].Chat != b.Chat {
		t.Errorf("Unshown returned %+v, want the whole finished table %+v", tables[1], b)
	}

	_ = s.Close()
	if r := wantClean(t, path); r.Unshown != 2 {
		t.Errorf("check counts %d unshown entries, want 2", r.Unshown)
	}
	s = openTest(t, path)
	wantUnshown(t, s, "1:5", "2:1")
}

// TestShownRacingLaterSave: the deliverer marks batch n shown while the
// next move saves batch n+1, both in flight at once, often in one group
// commit. Whatever the order, batch n+1 stays unshown.
func TestShownRacingLaterSave(t *testing.T) {
	s := openTest(t, tempPath(t))
	const tables, rounds = 8, 40
	var tbs []store.Table
	for i := range tables {
		tb := newTable(t, s, fmt.Sprintf("discord:%d", i))
		tb.Unshown = 1
		mustSave(t, s, tb, nil)
		tbs = append(tbs, tb)
	}
	for n := uint64(1); n <= rounds; n++ {
		var wg sync.WaitGroup
		errs := make(chan error, 2*tables)
		for i := range tbs {
			wg.Add(2)
			go func() {
				defer wg.Done()
				errs <- s.Shown(tbs[i].ID, n)
			}()
			go func() {
				defer wg.Done()
				tb := tbs[i]
				tb.Unshown = n + 1
				errs <- s.Save(tb, move(n))
			}()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			if err != nil {
				t.Fatal(err)
			}
		}
		var want []string
		for _, tb := range tbs {
			want = append(want, fmt.Sprintf("%d:%d", tb.ID, n+1))
		}
		if got := unshownIDs(t, s); !slices.Equal(got, want) {
			t.Fatalf("round %d: Unshown = %v, want %v", n, got, want)
		}
	}
}

// TestDeleteRemovesIndexEntries: DeleteTable and retention leave no entry
// naming the tables they delete, and the check agrees.
func TestDeleteRemovesIndexEntries(t *testing.T) {
	path := tempPath(t)
	s := openTest(t, path)
	keep, gone := newTable(t, s, "discord:1"), newTable(t, s, "discord:2")
	old, damaged := newTable(t, s, "discord:3"), newTable(t, s, "discord:4")
	for i, tb := range []*store.Table{&keep, &gone, &old, &damaged} {
		tb.Due, tb.Unshown = at(i+1), uint64(i+1)
		mustSave(t, s, *tb, nil)
	}
	old.Finished = true
	mustSave(t, s, old, nil)
	wantDue(t, s, at(60), 0, keep.ID, gone.ID, damaged.ID)
	wantUnshown(t, s, "1:1", "2:2", "3:3", "4:4")

	if err := s.DeleteTable(gone.ID); err != nil {
		t.Fatal(err)
	}
	wantDue(t, s, at(60), 0, keep.ID, damaged.ID)
	wantUnshown(t, s, "1:1", "3:3", "4:4")

	// Retention deletes the finished table with its unshown final board.
	n, err := s.DeleteFinished(testNow.Add(time.Hour))
	if err != nil || n != 1 {
		t.Fatalf("DeleteFinished: %d, %v; want 1", n, err)
	}
	wantUnshown(t, s, "1:1", "4:4")

	// A damaged record does not say its due time: the entries are found
	// by id.
	_ = s.Close()
	rawUpdate(t, path, func(tx *bbolt.Tx) error {
		return tx.Bucket(bTables).Put(key(damaged.ID), []byte("garbage"))
	})
	s = openTest(t, path)
	if err := s.DeleteTable(damaged.ID); err != nil {
		t.Fatal(err)
	}
	wantDue(t, s, at(60), 0, keep.ID)
	wantUnshown(t, s, "1:1")
	_ = s.Close()
	wantClean(t, path)
}

func TestCompactKeepsIndexes(t *testing.T) {
	path := tempPath(t)
	s := openTest(t, path)
	var ids, evens []uint64 // evens: the unfinished tables where discord:even sits
	for i := range 50 {
		tb := newTable(t, s, fmt.Sprintf("discord:%d", i))
		tb.Data = []byte(strings.Repeat("x", 3000))
		tb.Due = at(50 - i)
		tb.Seated = []string{"discord:all", []string{"discord:even", "discord:odd"}[i%2]}
		if i%2 == 0 && i%5 != 0 {
			evens = append(evens, tb.ID)
		}
		if i%3 == 0 {
			tb.Unshown = uint64(i + 1)
		}
		if i%5 == 0 {
			tb.Finished = true
		} else {
			ids = append(ids, tb.ID)
		}
		mustSave(t, s, tb, nil)
	}
	slices.Reverse(ids)
	wantDue(t, s, at(100), 0, ids...)
	unshown := unshownIDs(t, s)
	_ = s.Close()

	// Retention of 30 minutes deletes nothing (finished at testNow, the
	// clock is testNow), then with a later clock the finished ones.
	for _, now := range []time.Time{testNow, testNow.Add(time.Hour)} {
		res, err := Compact(path, 30*time.Minute, Options{NoSync: true, Now: func() time.Time { return now }})
		if err != nil {
			t.Fatal(err)
		}
		if now.After(testNow) {
			if res.Deleted != 10 {
				t.Errorf("compaction deleted %d tables, want 10", res.Deleted)
			}
			unshown = slices.DeleteFunc(unshown, func(e string) bool {
				var id, batch int
				_, _ = fmt.Sscanf(e, "%d:%d", &id, &batch)
				return (id-1)%5 == 0
			})
		}
		wantClean(t, path)
		s = openTest(t, path)
		wantDue(t, s, at(100), 0, ids...)
		wantUnshown(t, s, unshown...)
		wantSeated(t, s, "discord:even", evens...)
		if all, err := s.SeatedTables("discord:all"); err != nil || len(all) != 40 {
			t.Errorf("SeatedTables(discord:all) = %d tables, %v; want 40", len(all), err)
		}
		_ = s.Close()
	}
}

// TestMigrationStartsEmptyIndexes: a schema 1 file knew no due time; once
// migrated it has both indexes, empty, and Saves fill them.
func TestMigrationStartsEmptyIndexes(t *testing.T) {
	path := copyFixture(t)
	s := openTest(t, path)
	wantDue(t, s, at(1e6), 0)
	wantNextDue(t, s, time.Time{})
	wantUnshown(t, s)
	tb, err := s.Table(2)
	if err != nil {
		t.Fatal(err)
	}
	if !tb.Due.IsZero() || tb.Unshown != 0 {
		t.Errorf("migrated table: Due %v Unshown %d, want none", tb.Due, tb.Unshown)
	}
	tb.Due, tb.Unshown = at(5), 1
	mustSave(t, s, tb, nil)
	wantDue(t, s, at(5), 0, 2)
	wantUnshown(t, s, "2:1")
	_ = s.Close()
	wantClean(t, path)
}

// TestOpenAddsIndexesToAnOlderFile: a schema 2 file written before the
// indexes (no due or unshown bucket, records without the fields) passes
// the check as it is, and opens: the buckets are added, its tables read
// with no due time and nothing unshown.
func TestOpenAddsIndexesToAnOlderFile(t *testing.T) {
	path := tempPath(t)
	s := openTest(t, path)
	tb := newTable(t, s, "discord:1")
	mustSave(t, s, tb, move(1))
	_ = s.Close()
	asSchema2(t, path, true, indexBuckets...)
	rawUpdate(t, path, func(tx *bbolt.Tx) error {
		// The record as the code before the indexes wrote it: the same
		// bytes as now with no due time and nothing unshown.
		return tx.Bucket(bTables).Put(key(tb.ID), prepareTable(tb).encode(time.Time{}, 1, 0))
	})
	wantClean(t, path)

	s = openTest(t, path)
	got, err := s.Table(tb.ID)
	if err != nil || !got.Due.IsZero() || got.Unshown != 0 || string(got.Data) != string(tb.Data) {
		t.Fatalf("Table: %+v, %v", got, err)
	}
	wantDue(t, s, at(60), 0)
	tb.Due, tb.Unshown = at(1), 2
	mustSave(t, s, tb, move(2))
	wantDue(t, s, at(60), 0, tb.ID)
	wantUnshown(t, s, "1:2")
	_ = s.Close()
	wantClean(t, path)

	// A check of a file without the buckets (schema 2, from before the
	// indexes) still finds a record whose due time is in no index.
	asSchema2(t, path, true, bDue)
	r, err := Check(path, Options{})
	if err != nil || len(r.Problems) != 1 || !strings.Contains(r.Problems[0].What, "missing from the due index") {
		t.Errorf("check: %+v, %v; want the due time missing from the index", r, err)
	}
}

// TestCheckFindsIndexDamage breaks the indexes one way at a time behind
// the store's back; the check names each.
func TestCheckFindsIndexDamage(t *testing.T) {
	cases := []struct {
		name   string
		break_ func(tx *bbolt.Tx) error
		want   []string // the problems, in order
	}{
		{"entry of a missing table", func(tx *bbolt.Tx) error {
			return tx.Bucket(bDue).Put(dueKey(dueNanos(at(3)), 77), nil)
		}, []string{"due index names table 77 at 2025-06-01T12:03:00Z, which is missing"}},
		{"entry at another time", func(tx *bbolt.Tx) error {
			if err := tx.Bucket(bDue).Delete(dueKey(dueNanos(at(1)), 1)); err != nil {
				return err
			}
			return tx.Bucket(bDue).Put(dueKey(dueNanos(at(2)), 1), nil)
		}, []string{"due index names table 1 at 2025-06-01T12:02:00Z, its record at 2025-06-01T12:01:00Z",
			"table 1 is due at 2025-06-01T12:01:00Z but missing from the due index"}},
		{"entry lost", func(tx *bbolt.Tx) error {
			return tx.Bucket(bDue).Delete(dueKey(dueNanos(at(1)), 1))
		}, []string{"table 1 is due at 2025-06-01T12:01:00Z but missing from the due index"}},
		{"finished table due", func(tx *bbolt.Tx) error {
			return tx.Bucket(bDue).Put(dueKey(dueNanos(at(1)), 2), nil)
		}, []string{"due index names table 2 at 2025-06-01T12:01:00Z, which is finished"}},
		{"due key cut", func(tx *bbolt.Tx) error {
			return tx.Bucket(bDue).Put([]byte("short"), nil)
		}, []string{"due index: a key of 5 bytes"}},
		{"unshown of a missing table", func(tx *bbolt.Tx) error {
			return tx.Bucket(bUnshown).Put(key(77), key(1))
		}, []string{"unshown index names table 77, which is missing"}},
		{"unshown batch disagrees", func(tx *bbolt.Tx) error {
			return tx.Bucket(bUnshown).Put(key(1), key(9))
		}, []string{"unshown index holds batch 9 of table 1, its record batch 4"}},
		{"unshown value cut", func(tx *bbolt.Tx) error {
			return tx.Bucket(bUnshown).Put(key(2), []byte{1})
		}, []string{"unshown index of table 2 holds 01, not a batch number"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := tempPath(t)
			s := openTest(t, path)
			a, b := newTable(t, s, "discord:1"), newTable(t, s, "discord:2")
			a.Due, a.Unshown = at(1), 4
			b.Due, b.Unshown, b.Finished = at(1), 1, true
			mustSave(t, s, a, nil)
			mustSave(t, s, b, nil)
			_ = s.Close()
			wantClean(t, path)
			rawUpdate(t, path, c.break_)
			r, err := Check(path, Options{})
			if err != nil {
				t.Fatal(err)
			}
			ok := len(r.Problems) == len(c.want)
			for i := 0; ok && i < len(c.want); i++ {
				ok = strings.Contains(r.Problems[i].What, c.want[i])
			}
			if !ok {
				t.Errorf("problems %q, want %q", r.Problems, c.want)
			}
		})
	}
}

// TestReadsRefuseADamagedIndex: an entry that does not read is damage, not
// a table skipped or shown twice.
func TestReadsRefuseADamagedIndex(t *testing.T) {
	path := tempPath(t)
	s := openTest(t, path)
	tb := newTable(t, s, "discord:1")
	tb.Unshown = 1
	mustSave(t, s, tb, nil)
	_ = s.Close()
	rawUpdate(t, path, func(tx *bbolt.Tx) error {
		if err := tx.Bucket(bDue).Put([]byte{1, 2, 3}, nil); err != nil {
			return err
		}
		return tx.Bucket(bUnshown).Put(key(tb.ID), binary.AppendUvarint(nil, 1))
	})
	s = openTest(t, path)
	for what, err := range map[string]error{
		"Due":     func() error { _, err := s.Due(at(1), 0); return err }(),
		"Save":    s.Save(tb, nil),
		"Shown":   s.Shown(tb.ID, 1),
		"Table":   func() error { _, err := s.Table(tb.ID); return err }(),
		"NextDue": func() error { _, _, err := s.NextDue(); return err }(),
	} {
		if !errors.Is(err, store.ErrDamaged) || !strings.Contains(err.Error(), path) {
			t.Errorf("%s: %v, want damage naming the file", what, err)
		}
	}
}

func wantComplete(t *testing.T, s *Store, want bool) {
	t.Helper()
	if got, err := s.DueIndexComplete(); err != nil || got != want {
		t.Errorf("DueIndexComplete = %v, %v; want %v", got, err, want)
	}
}

// TestDueIndexComplete: a new file's due index is complete; a migrated one
// or one written before the index is not, across reopening and compaction,
// until the bot says it saved every open table's due time.
func TestDueIndexComplete(t *testing.T) {
	path := tempPath(t)
	s := openTest(t, path)
	wantComplete(t, s, true)
	_ = s.Close()
	asSchema2(t, path, true, indexBuckets...)

	for _, path := range []string{path, copyFixture(t)} {
		s = openTest(t, path)
		wantComplete(t, s, false)
		_ = s.Close()
		if _, err := Compact(path, 0, Options{NoSync: true, Now: testClock}); err != nil {
			t.Fatal(err)
		}
		s = openTest(t, path)
		wantComplete(t, s, false)
		if err := s.SetDueIndexComplete(); err != nil {
			t.Fatal(err)
		}
		_ = s.Close()
		s = openTest(t, path)
		wantComplete(t, s, true)
		_ = s.Close()
	}
}

// TestLostIndexIsDamage: a file whose due index was complete and lost a
// bucket is damaged, not an older file to upgrade quietly.
func TestLostIndexIsDamage(t *testing.T) {
	for _, name := range indexBuckets {
		t.Run(string(name), func(t *testing.T) {
			path := tempPath(t)
			s := openTest(t, path)
			tb := newTable(t, s, "discord:1")
			mustSave(t, s, tb, nil)
			_ = s.Close()
			rawUpdate(t, path, func(tx *bbolt.Tx) error { return tx.DeleteBucket(name) })
			want := fmt.Sprintf("bucket %q is missing", name)
			r, err := Check(path, Options{})
			if err != nil || len(r.Problems) != 1 || !strings.Contains(r.Problems[0].What, want) {
				t.Errorf("check: %+v, %v; want %s", r, err, want)
			}
			_, err = Open(path, Options{NoSync: true})
			if !errors.Is(err, store.ErrDamaged) || !strings.Contains(err.Error(), want) {
				t.Errorf("Open: %v; want damage, %s", err, want)
			}
		})
	}
}
