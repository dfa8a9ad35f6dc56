package bot

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/store/bolt"
	"go.etcd.io/bbolt"
)

// BenchmarkRealMove measures what players meet: Crack Word tables drawn as
// pictures, the scheduler running, 10,000 open tables in a real bbolt file
// with fsync, a transport that takes every message (and discards it).
// Each sender plays the moves of its own tables as fast as the answers come
// (the move is the bot player's choice, asked outside the measure).
//
//   - moves/s: moves answered per second, all senders together;
//   - ack-p99-ms: from the command to its answer;
//   - shown-p99-ms: from the command to the board's picture handed to the
//     transport (the outbox delivered);
//   - fsync-p99-ms: a bare fsync'd bbolt Update of a table record and a
//     move, measured in the same run: the yardstick of ack-p99-ms;
//   - cpu-ms/move: the CPU time of the whole process (every goroutine:
//     the moves, the pictures, the deliveries, the scheduler, the garbage
//     collector) while the moves are played, per move: what bounds
//     moves/s on a machine whose cores are shared with other work.
//
// 10,000 tables are open; 256 of them are played, the others wait (their
// boards as text: drawing 10,000 boards would only make the set-up long).
func BenchmarkRealMove(b *testing.B) {
	for _, senders := range []int{2, 8, 64} {
		b.Run(fmt.Sprintf("senders=%d", senders), func(b *testing.B) { benchRealMove(b, senders) })
	}
}

const (
	realTables  = 10_000
	realPlayed  = 256
	realSetupDB = "realmove.db"
)

var realSetup struct {
	once sync.Once
	dir  string
	err  error
}

// realMoveFile builds the data file once (without fsync: set-up only) and
// returns its path; each sub-benchmark plays on its own copy.
func realMoveFile(b *testing.B) string {
	realSetup.once.Do(func() {
		realSetup.dir, realSetup.err = os.MkdirTemp("", "tablee-realmove")
		if realSetup.err != nil {
			return
		}
		path := filepath.Join(realSetup.dir, realSetupDB)
		st, err := bolt.Open(path, bolt.Options{NoSync: true})
		if err != nil {
			realSetup.err = err
			return
		}
		defer st.Close()
		seed := uint64(0)
		core, err := New(Options{Store: st, Lang: i18n.EN, Seeds: func() uint64 { seed++; return seed },
			Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
		if err != nil {
			realSetup.err = err
			return
		}
		defer core.Close()
		ctx := context.Background()
		for i := 0; i < realTables; i++ {
			chat := fmt.Sprintf("bench:c%d", i)
			steps := []string{"/play crackword", "/join", "/start"}
			if i >= realPlayed {
				steps = []string{"/play crackword", "/settings view=text", "/join", "/start"}
			}
			for j, text := range steps {
				user := "alice"
				if text == "/join" {
					user = "bob"
				}
				name, args, _ := ParseText(text)
				outs := core.Handle(ctx, Command{Chat: chat, User: User{ID: "bench:" + user, Name: user}, Name: name, Args: args})
				if len(outs) == 0 || outs[0].Refusal {
					realSetup.err = fmt.Errorf("set-up %s step %d: %+v", chat, j, outs)
					return
				}
			}
		}
		core.Flush()
	})
	if realSetup.err != nil {
		b.Fatal(realSetup.err)
	}
	dst := filepath.Join(b.TempDir(), realSetupDB)
	data, err := os.ReadFile(filepath.Join(realSetup.dir, realSetupDB))
	if err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(dst, data, 0o600); err != nil {
		b.Fatal(err)
	}
	return dst
}

// shownClock is a transport that notes when each table's board picture
// reaches it.
type shownClock struct {
	asked []atomic.Int64 // per played table: when its last move was sent (ns), 0 when shown
	mu    sync.Mutex
	shown []time.Duration
}

func (s *shownClock) Deliver(_ context.Context, o Out) error {
	if !o.Board || len(o.Picture) == 0 || o.Table == 0 || o.Table > uint64(len(s.asked)) {
		return nil
	}
	if t0 := s.asked[o.Table-1].Swap(0); t0 != 0 {
		d := time.Duration(time.Now().UnixNano() - t0)
		s.mu.Lock()
		s.shown = append(s.shown, d)
		s.mu.Unlock()
	}
	return nil
}

func benchRealMove(b *testing.B, senders int) {
	path := realMoveFile(b)
	fsync := fsyncP99(b, filepath.Dir(path))

	st, err := bolt.Open(path, bolt.Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	core, err := New(Options{Store: st, Lang: i18n.EN, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		b.Fatal(err)
	}
	tr := &shownClock{asked: make([]atomic.Int64, realPlayed)}
	core.SetTransport("bench", tr)
	ctx, cancel := context.WithCancel(context.Background())
	go core.Run(ctx) // the scheduler, on every table's deadlines
	defer func() { cancel(); core.Close() }()

	var left atomic.Int64
	left.Store(int64(b.N))
	var mu sync.Mutex
	var acks []time.Duration
	moves := 0
	b.ResetTimer()
	start, cpu0 := time.Now(), processCPU()
	var wg sync.WaitGroup
	for s := 0; s < senders; s++ {
		wg.Add(1)
		go func(s int) {
			defer wg.Done()
			var mine []time.Duration
			for i := s; left.Add(-1) >= 0; i += senders {
				table := i % realPlayed
				chat := fmt.Sprintf("bench:c%d", table)
				user, move, ok := "bench:alice", "", false
				if move, ok = core.Hint(chat, user); !ok {
					user = "bench:bob"
					move, ok = core.Hint(chat, user)
				}
				if !ok {
					continue // a finished game (or another sender's turn)
				}
				name, args, _ := ParseText("/move " + move)
				t0 := time.Now()
				tr.asked[core.tableID(chat)-1].Store(t0.UnixNano())
				core.Handle(ctx, Command{Chat: chat, User: User{ID: user, Name: user[6:]}, Name: name, Args: args})
				mine = append(mine, time.Since(t0))
			}
			mu.Lock()
			acks = append(acks, mine...)
			moves += len(mine)
			mu.Unlock()
		}(s)
	}
	wg.Wait()
	core.Flush()
	elapsed, cpu := time.Since(start), processCPU()-cpu0
	b.StopTimer()
	slices.Sort(acks)
	tr.mu.Lock()
	shown := slices.Clone(tr.shown)
	tr.mu.Unlock()
	slices.Sort(shown)
	b.ReportMetric(float64(moves)/elapsed.Seconds(), "moves/s")
	b.ReportMetric(p99ms(acks), "ack-p99-ms")
	b.ReportMetric(p99ms(shown), "shown-p99-ms")
	b.ReportMetric(fsync, "fsync-p99-ms")
	if moves > 0 {
		b.ReportMetric(cpu.Seconds()*1000/float64(moves), "cpu-ms/move")
	}
}

// processCPU is the CPU time the process has used so far.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// tableID is the id of a chat's open table, for the benchmark's books.
func (c *Core) tableID(chat string) uint64 {
	if t := c.tableFor(Command{Chat: chat}); t != nil {
		return t.ID
	}
	return 0
}

func p99ms(d []time.Duration) float64 {
	if len(d) == 0 {
		return 0
	}
	return float64(d[len(d)*99/100].Microseconds()) / 1000
}

// fsyncP99 is the p99 of 200 fsync'd bbolt Updates of a table record
// (2 KB) and a move, in the directory of the benchmark's data file.
func fsyncP99(b *testing.B, dir string) float64 {
	db, err := bbolt.Open(filepath.Join(dir, "fsync.db"), 0o600, &bbolt.Options{Timeout: time.Second})
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	record := make([]byte, 2048)
	lat := make([]time.Duration, 0, 200)
	for i := 0; i < 200; i++ {
		t0 := time.Now()
		err := db.Update(func(tx *bbolt.Tx) error {
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
			return log.Put([]byte(fmt.Sprintf("%016x", i)), record[:40])
		})
		if err != nil {
			b.Fatal(err)
		}
		lat = append(lat, time.Since(t0))
	}
	slices.Sort(lat)
	return p99ms(lat)
}
