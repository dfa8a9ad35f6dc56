package bolt

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"sync"
	"sync/atomic"
	"testing"

	"go.etcd.io/bbolt"

	"github.com/tablee/tablee/store"
)

// The view's buckets read as the file would once the overlay's writes are
// in it: Get, and cursors walked forward and back from anywhere, against a
// model of the merged keys, for random files and overlays (values and
// deletions, keys on both sides, on one side only).
func TestViewReadsAsTheFileWillBe(t *testing.T) {
	db, err := bbolt.Open(filepath.Join(t.TempDir(), "view.db"), 0o600, &bbolt.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	name := []byte("b")
	rng := rand.New(rand.NewPCG(3, 4))
	keyOf := func(i int) []byte { return []byte(fmt.Sprintf("k%03d", i)) }
	for round := range 200 {
		model := map[string]string{}
		err := db.Update(func(tx *bbolt.Tx) error {
			_ = tx.DeleteBucket(name)
			b, err := tx.CreateBucket(name)
			if err != nil {
				return err
			}
			for range rng.IntN(20) {
				k := keyOf(rng.IntN(40))
				v := fmt.Sprintf("file %s", k)
				model[string(k)] = v
				if err := b.Put(k, []byte(v)); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		p := newPending()
		for op := range rng.IntN(4) {
			l := p.buckets[string(name)]
			if l == nil {
				l = newLayer()
				p.buckets[string(name)] = l
			}
			for range rng.IntN(15) {
				k := string(keyOf(rng.IntN(40)))
				if rng.IntN(3) == 0 {
					l.put(k, kv{op: uint64(op + 1), del: true})
					delete(model, k)
				} else {
					v := fmt.Sprintf("op %d %s", op+1, k)
					l.put(k, kv{op: uint64(op + 1), v: []byte(v)})
					model[k] = v
				}
			}
		}
		want := slices.Sorted(func(yield func(string) bool) {
			for k := range model {
				if !yield(k) {
					return
				}
			}
		})
		err = db.View(func(tx *bbolt.Tx) error {
			b := (&viewTx{p: p, tx: tx}).Bucket(name)
			for i := range 40 {
				k := keyOf(i)
				if got, w := b.Get(k), model[string(k)]; string(got) != w || (got == nil) != (w == "") {
					t.Fatalf("round %d: Get(%s) = %q, want %q", round, k, got, w)
				}
			}
			var got []string
			c := b.Cursor()
			for k, v := c.First(); k != nil; k, v = c.Next() {
				if string(v) != model[string(k)] {
					t.Fatalf("round %d: %s holds %q, want %q", round, k, v, model[string(k)])
				}
				got = append(got, string(k))
			}
			if !slices.Equal(got, want) {
				t.Fatalf("round %d: forward %v, want %v", round, got, want)
			}
			got = got[:0]
			for k, _ := c.Last(); k != nil; k, _ = c.Prev() {
				got = append(got, string(k))
			}
			slices.Reverse(got)
			if !slices.Equal(got, want) {
				t.Fatalf("round %d: backward %v, want %v", round, got, want)
			}
			// From a Seek: the first key at or after it, then one back.
			for i := range 41 {
				seek := keyOf(i)
				j, _ := slices.BinarySearch(want, string(seek))
				k, _ := c.Seek(seek)
				if j < len(want) != (k != nil) || k != nil && string(k) != want[j] {
					t.Fatalf("round %d: Seek(%s) = %s, want index %d of %v", round, seek, k, j, want)
				}
				if k == nil {
					continue
				}
				prev, _ := c.Prev()
				if j == 0 && prev != nil || j > 0 && !bytes.Equal(prev, []byte(want[j-1])) {
					t.Fatalf("round %d: Prev after Seek(%s) = %s", round, seek, prev)
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}

// Saves worked out side by side, before they join one at a time, are
// checked as if worked out one after the other: of many tables opening in
// one chat at once only one opens, and of many saves of one move of a
// table only one is taken.
func TestSavesWorkedOutSideBySide(t *testing.T) {
	s := openJournaled(t, tempPath(t))
	for round := range 20 {
		chat := fmt.Sprintf("discord:%d", round)
		tables := make([]store.Table, 8)
		for i := range tables {
			tables[i] = newTable(t, s, chat)
		}
		if n := taken(t, 8, store.ErrChatBusy, func(i int) error { return s.Save(tables[i], nil) }); n != 1 {
			t.Fatalf("round %d: %d tables opened in one chat", round, n)
		}
		a := newTable(t, s, fmt.Sprintf("telegram:%d", round))
		if n := taken(t, 8, store.ErrMoveSeq, func(int) error { return s.Save(a, move(1)) }); n != 1 {
			t.Fatalf("round %d: move 1 taken %d times", round, n)
		}
		wantMoves(t, s, a.ID, 1)
	}
}

// taken runs n saves at once and counts those taken; each other must be
// refused with refused.
func taken(t *testing.T, n int, refused error, save func(i int) error) int {
	var took atomic.Int32
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			switch err := save(i); {
			case err == nil:
				took.Add(1)
			case !errors.Is(err, refused):
				t.Errorf("Save: %v", err)
			}
		}()
	}
	wg.Wait()
	return int(took.Load())
}
