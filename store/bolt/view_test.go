package bolt

import (
	"bytes"
	"errors"
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
	"unsafe"

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
		// Another bucket's keys on both sides of its own, which its reads
		// must not see.
		keys := newOverlayKeys()
		for _, other := range []string{"a", "c"} {
			putKey(keys, other, string(keyOf(rng.IntN(40))), kv{op: 1, v: []byte(other)}, 0)
		}
		// The ops' writes: the first ones folded into the tree, the others
		// in batches not yet folded (recentBatch), newest first.
		var recent *recentBatch
		folded := rng.IntN(5)
		for op := range rng.IntN(7) {
			writes := map[string]kv{} // a batch holds a key's newest write alone
			for range rng.IntN(15) {
				k := string(keyOf(rng.IntN(40)))
				if rng.IntN(3) == 0 {
					writes[k] = kv{op: uint64(op + 1), del: true}
					delete(model, k)
				} else {
					v := fmt.Sprintf("op %d %s", op+1, k)
					writes[k] = kv{op: uint64(op + 1), v: []byte(v)}
					model[k] = v
				}
			}
			if op < folded {
				for k, w := range writes {
					putKey(keys, string(name), k, w, 0)
				}
				continue
			}
			r := &recentBatch{next: recent}
			for _, b := range []string{"a", string(name), "c"} { // other buckets' writes of the same keys too
				for k, w := range writes {
					if b != string(name) {
						w = kv{op: w.op, v: []byte(b)}
					}
					h := keyHash(bucketSalt(b), k)
					r.filter |= filterBits(h)
					r.ws = append(r.ws, recentWrite{b: b, k: k, h: h, w: w})
				}
			}
			recent = r
		}
		want := slices.Sorted(func(yield func(string) bool) {
			for k := range model {
				if !yield(k) {
					return
				}
			}
		})
		err = db.View(func(tx *bbolt.Tx) error {
			b := (&viewTx{ov: &overlay{keys: keys, recent: recent}, tx: tx}).Bucket(name)
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

// A view that began its transaction of the file before a checkpoint
// committed, and loads the overlay after the checkpoint forgot what it
// wrote, would read neither: it begins again. The checkpoint runs in that
// very gap (Store.viewBegun), and the table must read as last saved.
func TestViewRacingACheckpoint(t *testing.T) {
	s := openJournaled(t, tempPath(t))
	tb := newTable(t, s, "discord:1")
	// The first moves' big records leave free pages behind: the checkpoint
	// below must not grow the file's map, which waits for the views.
	for seq := uint64(1); seq <= 3; seq++ {
		tb.Data = []byte(fmt.Sprintf("move %d", seq))
		if seq < 3 {
			tb.Data = bytes.Repeat(tb.Data, 100_000)
		}
		if err := s.Save(tb, move(seq)); err != nil {
			t.Fatal(err)
		}
		if seq < 3 {
			if err := s.checkpoint(); err != nil {
				t.Fatal(err)
			}
		}
	}
	// Move 3 is in the overlay alone; the checkpoint below writes it.
	var once sync.Once
	s.viewBegun = func() {
		once.Do(func() {
			done := make(chan error, 1)
			go func() { done <- s.checkpoint() }()
			select {
			case err := <-done:
				if err != nil {
					t.Error(err)
				}
			case <-time.After(10 * time.Second):
				t.Error("the checkpoint waits for the view")
			}
		})
	}
	got, err := s.Table(tb.ID)
	s.viewBegun = nil
	if err != nil {
		t.Fatal(err)
	}
	if string(got.Data) != "move 3" {
		t.Fatalf("table read %.12q (%d bytes) while a checkpoint wrote it, want %q", got.Data, len(got.Data), "move 3")
	}
	if s.Figures().JournalPending != 0 {
		t.Fatalf("the checkpoint left %d saves", s.Figures().JournalPending)
	}
	wantMoves(t, s, tb.ID, 3)
}

// Reads racing saves and checkpoints run as often as they can: a table
// never reads older than the last save acknowledged before the read, nor
// older than it read before.
func TestReadsRacingCheckpoints(t *testing.T) {
	s, err := Open(tempPath(t), Options{NoSync: true, Now: testClock, CheckpointEvery: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	tb := newTable(t, s, "discord:1")
	const moves = 300
	var acked atomic.Uint64
	stop := make(chan struct{})
	var wg sync.WaitGroup
	defer func() {
		close(stop)
		wg.Wait()
	}()
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var seen uint64
			for {
				select {
				case <-stop:
					return
				default:
				}
				least := max(acked.Load(), seen)
				got, err := s.Table(tb.ID)
				if errors.Is(err, store.ErrNotFound) && least == 0 {
					continue
				}
				var seq uint64
				if err == nil {
					_, err = fmt.Sscanf(string(got.Data), "move %d", &seq)
				}
				if err != nil || seq < least {
					t.Errorf("table read at move %d (%v), after move %d", seq, err, least)
					return
				}
				seen = seq
			}
		}()
	}
	// At least the moves, and on until checkpoints ran among them (saves
	// can outrun the checkpoints' clock).
	for seq := uint64(1); seq <= moves || s.Figures().Checkpoints < 3 && seq <= 100*moves; seq++ {
		tb.Data = []byte(fmt.Sprintf("move %d", seq))
		if err := s.Save(tb, move(seq)); err != nil {
			t.Fatal(err)
		}
		acked.Store(seq)
	}
	if s.Figures().Checkpoints == 0 {
		t.Fatal("no checkpoint ran")
	}
}

// A table's log tail kept from one save to the next (its last block left
// lazy in the overlay, lazyBlock) holds no bytes of the file's memory map: bbolt maps the file anew as it grows,
// and a tail read from the file after a restart, then used after the file
// grew, read the old map and faulted (the store then took itself for
// damaged and refused every save).
func TestTailOutlivesTheFilesMap(t *testing.T) {
	path := tempPath(t)
	s, err := Open(path, Options{NoSync: true, Now: testClock})
	if err != nil {
		t.Fatal(err)
	}
	tb := newTable(t, s, "discord:1")
	for seq := uint64(1); seq <= 3; seq++ {
		if err := s.Save(tb, move(seq)); err != nil {
			t.Fatal(err)
		}
	}
	// Logs enough that the log bucket has pages of its own (a small one is
	// kept inside its parent's page, and bbolt copies it when it opens it).
	for i := range 40 {
		other := newTable(t, s, fmt.Sprintf("discord:log%d", i))
		for seq := uint64(1); seq <= 5; seq++ {
			if err := s.Save(other, move(seq)); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	// A new process: its first save of the table reads the log's tail from
	// the file.
	if s, err = Open(path, Options{NoSync: true, Now: testClock}); err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.Save(tb, move(4)); err != nil {
		t.Fatal(err)
	}
	// The save left the table's last block lazy in the overlay, its tail
	// with it: the tail's key must not lie where bbolt maps the file.
	first, ok := s.tails.first(tb.ID)
	if !ok {
		t.Fatal("no tail kept after the save")
	}
	var blockKey []byte
	if err := s.read("reading the lazy block", func(tx kvTx) error {
		b, ok := tx.Bucket(bLog).(lazyBucket).lazy(logKey(tb.ID, first)).(*lazyBlock)
		if !ok {
			return errors.New("the table's last block is not lazy in the overlay")
		}
		blockKey = b.tail.blockKey
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	start := s.db.Info().Data
	if at := uintptr(unsafe.Pointer(unsafe.SliceData(blockKey))); at >= start && at < start+uintptr(fi.Size()) {
		t.Fatalf("the tail kept holds a key in the file's memory map (%x in %x+%d)", at, start, fi.Size())
	}
	// The file grows many times over, so that bbolt maps it anew.
	big := bytes.Repeat([]byte("x"), 64<<10)
	for i := range 64 {
		other := newTable(t, s, fmt.Sprintf("discord:big%d", i))
		other.Data = big
		if err := s.Save(other, nil); err != nil {
			t.Fatal(err)
		}
		if err := s.checkpoint(); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Save(tb, move(5)); err != nil {
		t.Fatalf("the save after the file grew: %v", err)
	}
	wantMoves(t, s, tb.ID, 5)
}

// A table's record a save leaves unencoded in the overlay (lazyRecord)
// reads as the bytes it encodes to: its header as decodeTableHeader reads
// them, for every field a record may or may not carry.
func TestLazyRecordReadsAsEncoded(t *testing.T) {
	at := time.Date(2026, 3, 29, 1, 59, 59, 999_999_999, time.FixedZone("CET", 3600))
	long := bytes.Repeat([]byte("état de la partie "), 20) // deflated once finished
	for _, tc := range []struct {
		name string
		t    store.Table
		as   recordPlan
	}{
		{"new, nothing", store.Table{ID: 7, Chat: "telegram:-1", Game: "crackword"}, recordPlan{}},
		{"seated, due, unshown, moves", store.Table{ID: 8, Chat: "discord:1", Game: "motsdetete", Data: []byte("{}"),
			Seated: []string{"discord:2", "discord:3"}, Due: at, Unshown: 4}, recordPlan{last: 41, unshown: 4}},
		{"finished, deflated", store.Table{ID: 9, Chat: "discord:1", Game: "coquillaude", Data: long, Finished: true,
			Seated: []string{"telegram:5"}}, recordPlan{finishedAt: at, last: 90}},
		{"finished before 1970", store.Table{ID: 10, Chat: "c", Game: "g", Finished: true}, recordPlan{finishedAt: time.Unix(-5, 0)}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := newSaveIn(tc.t, nil, at)
			r := &lazyRecord{in: in, as: tc.as}
			want := in.rec.encode(tc.as.finishedAt, tc.as.last, tc.as.unshown)
			if got := r.bytes(); !bytes.Equal(got, want) {
				t.Fatalf("bytes %x, encode gives %x", got, want)
			}
			h, err := decodeTableHeader(tc.t.ID, want)
			if err != nil {
				t.Fatal(err)
			}
			if got := r.header(); !reflect.DeepEqual(got, h) {
				t.Errorf("header %+v, the bytes decode to %+v", got, h)
			}
		})
	}
}

// A table's log block a save leaves lazy in the overlay (lazyBlock) reads
// as the checkpoint then writes it into the file: blocks closed by their
// bytes and by their count of moves, appended to from a block read from
// the file and from one a read already joined into bytes.
func TestLazyBlocksReadAsTheCheckpointWritesThem(t *testing.T) {
	s, err := Open(tempPath(t), Options{NoSync: true, Now: testClock, CheckpointEvery: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	tb := newTable(t, s, "discord:1")
	logOf := func(read func(string, func(kvTx) error) error) map[string]string {
		m := map[string]string{}
		if err := read("reading the log", func(tx kvTx) error {
			c := tx.Bucket(bLog).Cursor()
			for k, v := c.Seek(logKey(tb.ID, 0)); k != nil; k, v = c.Next() {
				if id, _, _ := splitLogKey(k); id != tb.ID {
					break
				}
				m[fmt.Sprintf("%x", k)] = string(v)
			}
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		return m
	}
	fromFile := func(what string, fn func(kvTx) error) error {
		return s.db.View(func(tx *bbolt.Tx) error { return fn(boltTx{tx}) })
	}
	var seen map[string]string
	for seq := uint64(1); seq <= 520; seq++ {
		m := move(seq)
		m.User = fmt.Sprintf("discord:%d", seq%3)
		m.Text = strings.Repeat("é", int(seq%40)) // blocks closed by bytes, others at 200 moves
		if seq > 300 {
			m.Text = ""
		}
		if err := s.Save(tb, m); err != nil {
			t.Fatal(err)
		}
		switch seq {
		case 90: // the next save appends to the block read from the file
			if err := s.checkpoint(); err != nil {
				t.Fatal(err)
			}
		case 150, 151, 400: // reads join blocks into bytes, saves append to them
			seen = logOf(s.read)
		}
	}
	if len(seen) == 0 {
		t.Fatal("no read of the log")
	}
	seen = logOf(s.read)
	if err := s.checkpoint(); err != nil {
		t.Fatal(err)
	}
	written := logOf(fromFile)
	if len(written) < 4 {
		t.Fatalf("%d blocks written: the moves should fill several", len(written))
	}
	if !maps.Equal(seen, written) {
		t.Errorf("the view read %d blocks, the checkpoint wrote %d, not the same bytes", len(seen), len(written))
	}
	moves, err := s.Moves(tb.ID)
	if err != nil {
		t.Fatal(err)
	}
	n := len(moves)
	for i, m := range moves {
		if m.Seq != uint64(i+1) {
			t.Fatalf("move %d read as %d", i+1, m.Seq)
		}
	}
	if n != 520 {
		t.Errorf("%d moves read back, want 520", n)
	}
}
