package bolt

import (
	"bytes"
	"math/rand/v2"
	"path/filepath"
	"runtime"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	bbolt "go.etcd.io/bbolt"

	"github.com/tablee/tablee/internal/openloop"
	"github.com/tablee/tablee/store"
	"github.com/tablee/tablee/store/storetest"
)

// The size of one real save: a table record of about 2 KB (seats, settings
// and engine state) and a move of about 100 bytes.
var (
	benchData = bytes.Repeat([]byte("0123456789abcdef"), 128) // 2048 bytes
	benchText = string(bytes.Repeat([]byte("m"), 64))         // + seat, user, time: ~100 bytes encoded
)

func benchMove(seq uint64) *store.Move {
	return &store.Move{Seq: seq, At: time.Now().UTC(), Seat: 1, User: "discord:123456789012345678", Text: benchText}
}

// BenchmarkBoltUpdate is the reference: one fsync'd bbolt Update writing as
// many bytes as one Save (a 2 KB value and a 100-byte appended value), with
// none of the store's work around it.
func BenchmarkBoltUpdate(b *testing.B) {
	db, err := bbolt.Open(filepath.Join(b.TempDir(), "raw.db"), 0o600, nil)
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	move := bytes.Repeat([]byte("m"), 100)
	if err := db.Update(func(tx *bbolt.Tx) error {
		_, err := tx.CreateBucket([]byte("tables"))
		if err == nil {
			_, err = tx.CreateBucket([]byte("moves"))
		}
		return err
	}); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	seq := uint64(0)
	for b.Loop() {
		seq++
		if err := db.Update(func(tx *bbolt.Tx) error {
			if err := tx.Bucket([]byte("tables")).Put(key(1), benchData); err != nil {
				return err
			}
			return tx.Bucket([]byte("moves")).Put(key(seq), move)
		}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSave is one table saving move after move, alone: the latency of
// a move when nothing else is happening (the batch delay plus one commit).
func BenchmarkSave(b *testing.B) {
	s, err := Open(filepath.Join(b.TempDir(), "tablee.db"), Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	id, err := s.NewTableID()
	if err != nil {
		b.Fatal(err)
	}
	tb := store.Table{ID: id, Chat: "discord:123456789012345678", Game: "crackword", Data: benchData}
	b.ReportAllocs()
	seq := uint64(0)
	for b.Loop() {
		seq++
		if err := s.Save(tb, benchMove(seq)); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSaveGoroutines is store/postgres's BenchmarkPostgresSave on the
// data file (storetest.BenchSave): 1, 2 and 4 tables saving moves as the
// bot does, saves/s and the p99 of a Save, to set the two side by side.
func BenchmarkSaveGoroutines(b *testing.B) {
	storetest.BenchSave(b, func(b *testing.B) store.Store {
		s, err := Open(filepath.Join(b.TempDir(), "tablee.db"), Options{})
		if err != nil {
			b.Fatal(err)
		}
		b.Cleanup(func() { s.Close() })
		return s
	})
}

// BenchmarkSaveParallel is 1,000 tables each saving as fast as it can, one
// goroutine per table: the throughput ceiling when batches share fsyncs.
// The store is closed within the measure, so that the saves are counted
// with the checkpoint that writes them into the file: without it, a run
// shorter than a checkpoint measured the journal alone and left the file's
// work to Close, and a store that checkpointed more often looked slower.
func BenchmarkSaveParallel(b *testing.B) {
	const tables = 1000
	s, err := Open(filepath.Join(b.TempDir(), "tablee.db"), Options{})
	if err != nil {
		b.Fatal(err)
	}
	ids := make([]uint64, tables)
	for i := range ids {
		if ids[i], err = s.NewTableID(); err != nil {
			b.Fatal(err)
		}
	}
	txid := func() int {
		var id int
		_ = s.db.View(func(tx *bbolt.Tx) error { id = tx.ID(); return nil })
		return id
	}
	var next atomic.Int64
	b.SetParallelism((tables + runtime.GOMAXPROCS(0) - 1) / runtime.GOMAXPROCS(0))
	b.ReportAllocs()
	start := txid()
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		i := next.Add(1) - 1
		if i >= tables {
			for pb.Next() {
				b.Error("more goroutines than tables")
			}
			return
		}
		tb := store.Table{ID: ids[i], Chat: "discord:" + strconv.FormatInt(i, 10), Game: "belote", Data: benchData}
		seq := uint64(0)
		for pb.Next() {
			seq++
			if err := s.Save(tb, benchMove(seq)); err != nil {
				b.Error(err)
				return
			}
		}
	})
	commits := txid() - start
	if err := s.Close(); err != nil {
		b.Fatal(err)
	}
	b.StopTimer()
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "saves/s")
	if commits > 0 {
		b.ReportMetric(float64(b.N)/float64(commits), "saves/commit")
	}
}

// BenchmarkSaveIndexes is BenchmarkSave with and without the indexes'
// work, in a file of 10,000 other tables (so that the indexes span pages
// of their own, as in a real file): "plain" saves a table with no due time
// and nothing unshown (what BenchmarkSave does), "indexed" saves it as the
// core saves a move, the deadline moved and a new batch left unshown, so
// that both index entries are rewritten in the Save's transaction. With
// fsync (the cost a move pays) and without (the store's own work, which the
// fsync hides). pages/op is the pages each commit wrote, bbolt's count;
// cpu-µs/op the CPU time of the whole process per save, both cores, from
// the first save to the store closed (its last checkpoint written): the
// time per save is the saver's alone, while the checkpoint's share of the
// work runs beside it on the other core.
func BenchmarkSaveIndexes(b *testing.B) {
	for _, sync := range []string{"fsync", "nosync"} {
		for _, indexed := range []bool{false, true} {
			name := "plain/" + sync
			if indexed {
				name = "indexed/" + sync
			}
			b.Run(name, func(b *testing.B) {
				s := buildDueFile(b, 10_000, time.Now())
				path := s.Path()
				if err := s.Close(); err != nil {
					b.Fatal(err)
				}
				s, err := Open(path, Options{NoSync: sync == "nosync"})
				if err != nil {
					b.Fatal(err)
				}
				id, err := s.NewTableID()
				if err != nil {
					b.Fatal(err)
				}
				tb := store.Table{ID: id, Chat: "discord:123456789012345678", Game: "crackword", Data: benchData}
				deadline := time.Now()
				b.ReportAllocs()
				pagesWritten := func() int64 { st := s.db.Stats(); return st.TxStats.GetWrite() }
				writes := pagesWritten()
				seq := uint64(0)
				cpu := openloop.CPU()
				for b.Loop() {
					seq++
					if indexed {
						tb.Due, tb.Unshown = deadline.Add(time.Duration(seq)*time.Second), seq
					}
					if err := s.Save(tb, benchMove(seq)); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(pagesWritten()-writes)/float64(b.N), "pages/op")
				if err := s.Close(); err != nil {
					b.Fatal(err)
				}
				b.ReportMetric(float64(openloop.CPU()-cpu)/float64(time.Microsecond)/float64(b.N), "cpu-µs/op")
			})
		}
	}
}

// dueBenchTables is the number of tables BenchmarkDueIndex builds.
const dueBenchTables = 100_000

// buildDueFile writes n open tables of 200 bytes each into a fresh file
// (without fsync, many Saves to a commit): half of them due in the hour
// before now, the others in the day after it, one in a hundred with a
// batch unshown, and two users seated at each (benchUser), so that each of
// n/2 users sits at four tables.
func buildDueFile(b *testing.B, n int, now time.Time) *Store {
	// Checkpoints when the journal is full, not on a timer: what the
	// file and the overlay hold when it returns does not depend on the
	// machine's speed.
	s, err := Open(filepath.Join(b.TempDir(), "tablee.db"), Options{NoSync: true, CheckpointEvery: time.Hour})
	if err != nil {
		b.Fatal(err)
	}
	data := bytes.Repeat([]byte("d"), 200)
	const workers = 64
	var next atomic.Int64
	errs := make(chan error, workers)
	for range workers {
		go func() {
			for {
				i := next.Add(1) - 1
				if i >= int64(n) {
					errs <- nil
					return
				}
				id, err := s.NewTableID()
				if err != nil {
					errs <- err
					return
				}
				// A spread of due times from the table's number, not in id order.
				spread := time.Duration((i*7919)%int64(n)) * (25 * time.Hour) / time.Duration(n)
				tb := store.Table{ID: id, Chat: "discord:" + strconv.FormatInt(i, 10), Game: "crackword",
					Data: data, Due: now.Add(-time.Hour + spread),
					Seated: []string{benchUser(i % int64(n/2)), benchUser((i + int64(n/4)) % int64(n/2))}}
				if i%100 == 0 {
					tb.Unshown = 1
				}
				if err := s.Save(tb, nil); err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	for range workers {
		if err := <-errs; err != nil {
			b.Fatal(err)
		}
	}
	return s
}

// benchUser is the id of the i-th user of buildDueFile, a Discord
// snowflake's length.
func benchUser(i int64) string { return "discord:" + strconv.FormatInt(100000000000000000+i, 10) }

// BenchmarkDueIndex reads the indexes of a file of 100,000 open tables:
// what the scheduler asks after every move (NextDue), what it asks when
// that time comes (Due(now, 100)), and what start-up asks (Unshown, 1,000
// tables). OpenTables, which decodes every table, is the yardstick: what
// finding the next deadline cost when it meant reading every table.
// OpenTable is what a command in a group asks when its table is not loaded
// (a chat's table through the open index), SeatedTables what a command in
// private asks (the tables of its author through the seated index), for a
// chat or a user drawn at random. The file is read with its saves written
// into it, as a second after they were made (a checkpoint); Due100Pending
// reads it with a thousand moves not yet written, in the overlay.
func BenchmarkDueIndex(b *testing.B) {
	now := time.Now()
	s := buildDueFile(b, dueBenchTables, now)
	defer s.Close()
	if err := s.checkpoint(); err != nil {
		b.Fatal(err)
	}
	b.Run("NextDue", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, ok, err := s.NextDue(); err != nil || !ok {
				b.Fatal(ok, err)
			}
		}
	})
	b.Run("Due100", func(b *testing.B) {
		b.ReportAllocs()
		cpu := openloop.CPU()
		for b.Loop() {
			if ids, err := s.Due(now, 100); err != nil || len(ids) != 100 {
				b.Fatal(len(ids), err)
			}
		}
		b.ReportMetric(float64(openloop.CPU()-cpu)/float64(time.Microsecond)/float64(b.N), "cpu-µs/op")
	})
	b.Run("Unshown", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if tables, err := s.Unshown(); err != nil || len(tables) != dueBenchTables/100 {
				b.Fatal(len(tables), err)
			}
		}
	})
	rng := rand.New(rand.NewPCG(1, 2))
	b.Run("OpenTable", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			chat := "discord:" + strconv.Itoa(rng.IntN(dueBenchTables))
			if t, err := s.OpenTable(chat); err != nil || t.Chat != chat || len(t.Seated) != 2 {
				b.Fatal(t.Chat, err)
			}
		}
	})
	b.Run("SeatedTables", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if ids, err := s.SeatedTables(benchUser(rng.Int64N(dueBenchTables / 2))); err != nil || len(ids) != 4 {
				b.Fatal(len(ids), err)
			}
		}
	})
	b.Run("OpenTables", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if tables, err := s.OpenTables(); err != nil || len(tables) != dueBenchTables {
				b.Fatal(len(tables), err)
			}
		}
	})
	b.Run("Due100Pending", func(b *testing.B) {
		// A thousand tables each save a move that sets a new due time, in
		// the hour before now (so that many come before the file's own).
		for i := range 1000 {
			id := uint64(1 + i*97)
			tb, err := s.Table(id)
			if err != nil {
				b.Fatal(err)
			}
			tb.Due = now.Add(-time.Duration(i) * time.Second)
			if err := s.Save(tb, nil); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportAllocs()
		for b.Loop() {
			if ids, err := s.Due(now, 100); err != nil || len(ids) != 100 {
				b.Fatal(len(ids), err)
			}
		}
	})
}
