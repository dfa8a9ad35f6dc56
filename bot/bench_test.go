package bot

import (
	"fmt"
	"github.com/tablee/tablee/games"
	"path/filepath"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"go.etcd.io/bbolt"
)

// BenchmarkTableMove plays moves on 1,000 tables from concurrent goroutines
// through the whole core (seat and turn checks, engine, one fsync'd bbolt
// transaction per move, views), and reports moves/s and the p99 latency of
// one move. Compare p99 with BenchmarkBoltUpdate below.
func BenchmarkTableMove(b *testing.B) {
	// Goroutines per core: 4 is a steady stream of players, 32 a burst.
	for _, par := range []int{1, 4, 32} {
		b.Run(fmt.Sprintf("goroutines=%d", par*runtime.GOMAXPROCS(0)), func(b *testing.B) { benchTableMove(b, par) })
	}
}

func benchTableMove(b *testing.B, parallelism int) {
	h := newHarness(b)
	const tables = 1000
	type seatTable struct {
		chat string
		tb   *Table
	}
	all := make([]seatTable, tables)
	for i := range all {
		chat := fmt.Sprintf("local:c%d", i)
		mustOK(b, h.doIn(chat, "alice", "/play tictactoe long"))
		mustOK(b, h.doIn(chat, "bob", "/join"))
		mustOK(b, h.doIn(chat, "alice", "/start"))
		all[i] = seatTable{chat, h.core.tableFor(Command{Chat: chat})}
	}
	var next atomic.Int64
	var mu sync.Mutex
	var lat []time.Duration
	b.ReportAllocs()
	b.SetParallelism(parallelism)
	b.ResetTimer()
	start := time.Now()
	b.RunParallel(func(pb *testing.PB) {
		var mine []time.Duration
		for pb.Next() {
			st := all[int(next.Add(1))%tables]
			st.tb.mu.Lock()
			seat := st.tb.waiting()[0].Seat
			move := st.tb.game.Bot(seat, games.Strong)
			st.tb.mu.Unlock()
			user := []string{"alice", "bob"}[seat]
			t0 := time.Now()
			outs := h.doIn(st.chat, user, "/move "+move)
			mine = append(mine, time.Since(t0))
			if len(outs) != 1 || outs[0].Refusal {
				// Another goroutine moved this table first: not an error of
				// the core, just contention in the benchmark's own choice.
				continue
			}
		}
		mu.Lock()
		lat = append(lat, mine...)
		mu.Unlock()
	})
	elapsed := time.Since(start)
	b.StopTimer()
	h.rec.take()
	slices.Sort(lat)
	if len(lat) > 0 {
		b.ReportMetric(float64(len(lat))/elapsed.Seconds(), "moves/s")
		b.ReportMetric(float64(lat[len(lat)/2].Microseconds()), "p50-µs")
		b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds()), "p99-µs")
	}
}

// BenchmarkBoltUpdate is the yardstick of BenchmarkTableMove: one fsync'd
// bbolt Update writing a table record and a move of the same sizes, alone.
func BenchmarkBoltUpdate(b *testing.B) {
	db, err := bbolt.Open(filepath.Join(b.TempDir(), "bench.db"), 0o600, &bbolt.Options{Timeout: time.Second})
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	h := newHarness(b)
	tb := h.seated()
	rec, _ := tb.record()
	record := rec.Data
	move := []byte(`{"seq":1,"at":"2026-11-21T20:00:00Z","seat":0,"user":"local:alice","text":"5"}`)
	b.ReportAllocs()
	lat := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		t0 := time.Now()
		if err := bareUpdate(db, i, record, move); err != nil {
			b.Fatal(err)
		}
		lat = append(lat, time.Since(t0))
	}
	b.StopTimer()
	// The same percentiles as BenchmarkTableMove, so the two compare like
	// with like: a disk's fsync has a tail of its own.
	slices.Sort(lat)
	b.ReportMetric(float64(lat[len(lat)/2].Microseconds()), "p50-µs")
	b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds()), "p99-µs")
}

// bareUpdate is the yardstick of a move's save: one fsync'd bbolt Update
// writing a table record and the i-th move, nothing else.
func bareUpdate(db *bbolt.DB, i int, record, move []byte) error {
	return db.Update(func(tx *bbolt.Tx) error {
		tables, err := tx.CreateBucketIfNotExists([]byte("tables"))
		if err != nil {
			return err
		}
		if err := tables.Put([]byte("table"), record); err != nil {
			return err
		}
		log, err := tx.CreateBucketIfNotExists([]byte("moves"))
		if err != nil {
			return err
		}
		return log.Put([]byte(fmt.Sprintf("%016x", i)), move)
	})
}
