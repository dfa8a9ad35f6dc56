package bot

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/store/bolt"
	"github.com/tablee/tablee/store/migrate"
	"github.com/tablee/tablee/store/postgres"
)

// BenchmarkPostgresMove is BenchmarkRealMove on PostgreSQL: real Crack
// Word tables with pictures on and the scheduler running, played through
// 1, 2 or 4 cores (as many processes: each its own connection pool) on one
// database, each move sent to a process at random, so that a process
// often holds a copy another process moved on from. Four senders per
// process. Reports moves/s, ack-p50-ms and ack-p99-ms (command to answer),
// and pg-cpu-ms/move: the CPU PostgreSQL's server spent (its processes'
// user and system time, pgtest.Cluster.ServerCPU) over the moves played,
// their deliveries included.
//
//	go test -run '^$' -bench BenchmarkPostgresMove -benchtime 2000x ./bot
func BenchmarkPostgresMove(b *testing.B) {
	for _, procs := range []int{1, 2, 4} {
		b.Run(fmt.Sprintf("processes=%d", procs), func(b *testing.B) { benchPostgresMove(b, procs) })
	}
}

// pgBenchTables is the number of tables copied into the database, all
// played: the benchmark measures the moves, not the copy.
const pgBenchTables = realPlayed

func benchPostgresMove(b *testing.B, procs int) {
	src, err := bolt.Open(buildBenchFile(b, benchSpec{tables: pgBenchTables, pictured: pgBenchTables}), bolt.Options{Timeout: time.Second})
	if err != nil {
		b.Fatal(err)
	}
	url, err := cluster.NewDatabase()
	if err != nil {
		b.Fatal(err)
	}
	dst, err := postgres.Open(url, postgres.Options{})
	if err != nil {
		b.Fatal(err)
	}
	_, err = migrate.Copy(src, dst, nil)
	src.Close()
	dst.Close()
	if err != nil {
		b.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var cores []*Core
	for range procs {
		core, _ := benchPostgresCore(ctx, b, url, postgres.Options{}, "bench")
		cores = append(cores, core)
	}

	var left atomic.Int64
	left.Store(int64(b.N))
	var mu sync.Mutex
	var acks []time.Duration
	senders := 4 * procs
	b.ResetTimer()
	cpu0, cpuErr := cluster.ServerCPU()
	start := time.Now()
	var wg sync.WaitGroup
	for s := 0; s < senders; s++ {
		wg.Add(1)
		go func(s int) {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(s), 7))
			var mine []time.Duration
			// Each sender plays its own tables: two senders never race
			// for one seat, processes do.
			for i := s; left.Add(-1) >= 0; i += senders {
				core := cores[rng.IntN(procs)]
				chat := fmt.Sprintf("bench:c%d", i%pgBenchTables)
				user, move, ok := "bench:alice", "", false
				if move, ok = core.Hint(chat, user); !ok {
					user = "bench:bob"
					move, ok = core.Hint(chat, user)
				}
				if !ok {
					continue
				}
				name, args, _ := ParseText("/move " + move)
				t0 := time.Now()
				core.Handle(ctx, Command{Chat: chat, User: User{ID: user, Name: user[6:]}, Name: name, Args: args})
				mine = append(mine, time.Since(t0))
			}
			mu.Lock()
			acks = append(acks, mine...)
			mu.Unlock()
		}(s)
	}
	wg.Wait()
	elapsed := time.Since(start)
	for _, c := range cores {
		c.Flush()
	}
	b.StopTimer()
	if cpu1, err := cluster.ServerCPU(); cpuErr == nil && err == nil && len(acks) > 0 {
		b.ReportMetric(float64((cpu1-cpu0).Microseconds())/1000/float64(len(acks)), "pg-cpu-ms/move")
	}
	slices.Sort(acks)
	b.ReportMetric(float64(len(acks))/elapsed.Seconds(), "moves/s")
	b.ReportMetric(p99ms(acks), "ack-p99-ms")
	if len(acks) > 0 {
		b.ReportMetric(float64(acks[len(acks)/2].Microseconds())/1000, "ack-p50-ms")
	}
}

// benchPostgresCore is a process of a benchmark on PostgreSQL: a core on
// a store of its own on the database at url, its transport for platform
// dropping everything, its scheduler running until ctx ends; both closed
// when the benchmark ends.
func benchPostgresCore(ctx context.Context, b *testing.B, url string, opts postgres.Options, platform string) (*Core, *postgres.Store) {
	st, err := postgres.Open(url, opts)
	if err != nil {
		b.Fatal(err)
	}
	core, err := New(Options{Store: st, Lang: i18n.EN, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		b.Fatal(err)
	}
	core.SetTransport(platform, discard{})
	go core.Run(ctx)
	b.Cleanup(func() { core.Close(); st.Close() })
	return core, st
}

// discard is a transport that drops everything.
type discard struct{}

func (discard) Deliver(context.Context, Out) error { return nil }
