package bolt

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	bbolt "go.etcd.io/bbolt"

	"github.com/tablee/tablee/store"
)

func ratingKeys(t *testing.T, s *Store, prefix string) []string {
	t.Helper()
	rs, err := s.Ratings(prefix)
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	for _, r := range rs {
		keys = append(keys, r.Key+"="+string(r.Data))
	}
	return keys
}

func wantRatings(t *testing.T, s *Store, prefix string, want ...string) {
	t.Helper()
	if got := ratingKeys(t, s, prefix); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("ratings %q: %v, want %v", prefix, got, want)
	}
}

// A table is rated once: its records are written with its mark, and a
// second Rate of it, as after a crash, writes nothing. Prefixes list a
// board, in key order, and nothing of a key that only begins the same.
func TestRateOnce(t *testing.T) {
	path := tempPath(t)
	s := openTest(t, path)
	ok, err := s.Rate(7, []store.Rating{{Key: "g\x00s1\x00bob", Data: []byte("b1")}, {Key: "g\x00s1\x00alice", Data: []byte("a1")},
		{Key: "g\x00s10\x00carol", Data: []byte("c1")}})
	if err != nil || !ok {
		t.Fatalf("first Rate: %v %v", ok, err)
	}
	ok, err = s.Rate(7, []store.Rating{{Key: "g\x00s1\x00alice", Data: []byte("a2")}})
	if err != nil || ok {
		t.Fatalf("second Rate of table 7: %v %v", ok, err)
	}
	wantRatings(t, s, "g\x00s1\x00", "g\x00s1\x00alice=a1", "g\x00s1\x00bob=b1")
	if ok, err := s.Rate(8, []store.Rating{{Key: "g\x00s1\x00alice", Data: []byte("a2")}}); err != nil || !ok {
		t.Fatalf("Rate of table 8: %v %v", ok, err)
	}
	if _, err := s.Rate(9, []store.Rating{{Key: "", Data: []byte("x")}}); err == nil {
		t.Fatal("a rating without a key was written")
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	r := wantClean(t, path)
	if r.Ratings != 3 {
		t.Errorf("check counts %d ratings, want 3", r.Ratings)
	}
	s = openTest(t, path)
	wantRatings(t, s, "g\x00s1\x00", "g\x00s1\x00alice=a2", "g\x00s1\x00bob=b1")
	if ok, err := s.Rate(8, nil); err != nil || ok {
		t.Fatalf("table 8 rated again after a restart: %v %v", ok, err)
	}
}

// The game's last Save is in the journal, not yet in the file, when the
// ratings are written; the process dies. After the restart the save is
// replayed, the ratings are there, and the table is known as rated.
func TestRateAcrossACrash(t *testing.T) {
	path := tempPath(t)
	s := openJournaled(t, path)
	tb := newTable(t, s, "discord:1")
	tb = playMoves(t, s, tb, 0, 3)
	tb.Finished = true
	mustSave(t, s, tb, move(4))
	if ok, err := s.Rate(tb.ID, []store.Rating{{Key: "k", Data: []byte("v")}}); err != nil || !ok {
		t.Fatalf("Rate: %v %v", ok, err)
	}
	crashed := crashCopy(t, path)
	s2 := wantReplayed(t, crashed, 4)
	wantMoves(t, s2, tb.ID, 4)
	wantRatings(t, s2, "k", "k=v")
	if ok, err := s2.Rate(tb.ID, []store.Rating{{Key: "k", Data: []byte("twice")}}); err != nil || ok {
		t.Fatalf("rated twice across the crash: %v %v", ok, err)
	}
}

// A file written before the ratings gets their buckets when opened; a
// damaged rating record is reported by the check and by Ratings; deleting
// a table forgets that it was rated.
func TestRatingsInOlderAndDamagedFiles(t *testing.T) {
	path := tempPath(t)
	s := openTest(t, path)
	tb := newTable(t, s, "local:main")
	tb.Finished = true
	mustSave(t, s, tb, move(1))
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	rawUpdate(t, path, func(tx *bbolt.Tx) error {
		for _, name := range laterBuckets {
			if err := tx.DeleteBucket(name); err != nil {
				return err
			}
		}
		return nil
	})
	wantClean(t, path) // a file without them is not damaged
	s = openTest(t, path)
	if ok, err := s.Rate(tb.ID, []store.Rating{{Key: "crackword\x00*\x00local:alice", Data: []byte("{}")}}); err != nil || !ok {
		t.Fatalf("Rate in an older file: %v %v", ok, err)
	}
	if bucketLen(t, s, bRated) != 1 {
		t.Fatal("no rated mark")
	}
	if err := s.DeleteTable(tb.ID); err != nil {
		t.Fatal(err)
	}
	if n := bucketLen(t, s, bRated); n != 0 {
		t.Fatalf("%d rated marks after the table was deleted", n)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	rawUpdate(t, path, func(tx *bbolt.Tx) error {
		b := tx.Bucket(bRatings)
		k := []byte("crackword\x00*\x00local:alice")
		v := append([]byte(nil), b.Get(k)...)
		v[2] ^= 0xff
		return b.Put(k, v)
	})
	r, err := Check(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !r.Damaged() || len(r.Problems) != 1 || !strings.HasPrefix(r.Problems[0].What, `rating "crackword\x00*\x00local:alice"`) ||
		!strings.HasSuffix(r.Problems[0].What, "checksum mismatch") {
		t.Fatalf("check: %s", r.Summary())
	}
	s = openTest(t, path)
	if _, err := s.Ratings("crackword"); !errors.Is(err, store.ErrDamaged) {
		t.Fatalf("a damaged rating read: %v", err)
	}
}
