package storetest

import (
	"bytes"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tablee/tablee/store"
)

// BenchSave measures a move's save as the bot makes it, on the store that
// open gives (empty, closed at the benchmark's end): one goroutine per
// table, 1, 2 and 4 of them, each saving move after move, its table record
// of 2 KB with the deadline moved and a new batch left unshown (every index
// rewritten), and a move of about 100 bytes. Reports saves/s over all
// goroutines and the p50 and p99 of one Save's latency: the store's share
// of an answered move's wait.
func BenchSave(b *testing.B, open func(b *testing.B) store.Store) {
	for _, goroutines := range []int{1, 2, 4} {
		b.Run(fmt.Sprintf("goroutines=%d", goroutines), func(b *testing.B) {
			benchSave(b, open(b), goroutines)
		})
	}
}

var (
	benchData = bytes.Repeat([]byte("0123456789abcdef"), 128) // 2048 bytes
	benchText = string(bytes.Repeat([]byte("m"), 64))
)

func benchSave(b *testing.B, st store.Store, goroutines int) {
	_, shared := st.(store.Shared)
	tables := make([]store.Table, goroutines)
	for i := range tables {
		id, err := st.NewTableID()
		if err != nil {
			b.Fatal(err)
		}
		tables[i] = store.Table{ID: id, Chat: fmt.Sprintf("discord:%d", 100000000000000000+i), Game: "crackword", Data: benchData,
			Seated: []string{"discord:123456789012345678", "discord:223456789012345678"}}
	}
	var (
		left      atomic.Int64
		wg        sync.WaitGroup
		mu        sync.Mutex
		latencies = make([]time.Duration, 0, b.N)
	)
	left.Store(int64(b.N))
	b.ReportAllocs()
	b.ResetTimer()
	for i := range tables {
		wg.Add(1)
		go func(t store.Table) {
			defer wg.Done()
			var mine []time.Duration
			for seq := uint64(1); left.Add(-1) >= 0; seq++ {
				now := time.Now()
				t.Due, t.Unshown = now.Add(time.Hour), seq
				mv := &store.Move{Seq: seq, At: now.UTC(), Seat: int(seq % 2), User: "discord:123456789012345678", Text: benchText}
				if err := st.Save(t, mv); err != nil {
					b.Error(err)
					return
				}
				mine = append(mine, time.Since(now))
				if shared {
					t.Version++
				}
			}
			mu.Lock()
			latencies = append(latencies, mine...)
			mu.Unlock()
		}(tables[i])
	}
	wg.Wait()
	b.StopTimer()
	if len(latencies) == 0 {
		return
	}
	slices.Sort(latencies)
	ms := func(q float64) float64 {
		return float64(latencies[int(q*float64(len(latencies)-1))].Microseconds()) / 1000
	}
	b.ReportMetric(float64(len(latencies))/b.Elapsed().Seconds(), "saves/s")
	b.ReportMetric(ms(0.5), "p50-ms")
	b.ReportMetric(ms(0.99), "p99-ms")
}
