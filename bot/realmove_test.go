package bot

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/store/bolt"
	"go.etcd.io/bbolt"
)

// BenchmarkRealMove measures what players meet: Crack Word tables drawn as
// pictures, the scheduler running, 10,000 open tables in a real bbolt file
// with fsync, a transport that takes every message (and discards it).
// Each sender plays the moves of its own tables as fast as the answers come.
// The moves are a bot player's choices, worked out before the measure
// (plannedMoves): a player thinks on his own device, not on the bot's
// cores, so the search for a move must not take CPU from the moves and
// pictures measured.
//
//   - moves/s: moves answered per second, all senders together;
//   - ack-p99-ms: from the command to its answer;
//   - shown-p99-ms: from the command to the board's picture handed to the
//     transport (the outbox delivered);
//   - fsync-p99-ms: a bare fsync'd bbolt Update of a table record and a
//     move, measured in the same run: the yardstick of ack-p99-ms;
//   - disk-KB/move: bytes the process wrote (Linux's /proc/self/io wchar:
//     bbolt's page writes) per move;
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

// benchFiles are the data files the benchmarks build once per run.
var benchFiles sync.Map // benchSpec -> *benchFile

type benchSpec struct{ tables, pictured int }

type benchFile struct {
	once sync.Once
	path string
	err  error
}

// buildBenchFile builds, once per run, a data file of Crack Word tables in
// chats bench:c0, bench:c1...: each opened by alice, joined by bob and
// started; the first pictured ones show their board as a picture, the
// others as text (drawing every board would only make the set-up long).
// It is written without fsync: set-up only.
func buildBenchFile(b *testing.B, spec benchSpec) string {
	v, _ := benchFiles.LoadOrStore(spec, &benchFile{})
	f := v.(*benchFile)
	f.once.Do(func() {
		dir, err := os.MkdirTemp("", "tablee-bench")
		if err != nil {
			f.err = err
			return
		}
		f.path = filepath.Join(dir, realSetupDB)
		st, err := bolt.Open(f.path, bolt.Options{NoSync: true})
		if err != nil {
			f.err = err
			return
		}
		defer st.Close()
		seed := uint64(0)
		core, err := New(Options{Store: st, Lang: i18n.EN, Seeds: func() uint64 { seed++; return seed },
			Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
		if err != nil {
			f.err = err
			return
		}
		defer core.Close()
		ctx := context.Background()
		for i := 0; i < spec.tables; i++ {
			chat := fmt.Sprintf("bench:c%d", i)
			steps := []string{"/play crackword", "/join", "/start"}
			if i >= spec.pictured {
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
					f.err = fmt.Errorf("set-up %s step %d: %+v", chat, j, outs)
					return
				}
			}
		}
		core.Flush()
	})
	if f.err != nil {
		b.Fatal(f.err)
	}
	return f.path
}

// removeBenchFiles removes the data files the benchmarks built (TestMain):
// a file of 100,000 tables is tens of megabytes, left in the temporary
// directory by every run otherwise.
func removeBenchFiles() {
	benchFiles.Range(func(_, v any) bool {
		if f := v.(*benchFile); f.path != "" {
			os.RemoveAll(filepath.Dir(f.path))
		}
		return true
	})
}

// realMoveFile is a copy of the benchmark's data file for one
// sub-benchmark to play on.
func realMoveFile(b *testing.B) string {
	src := buildBenchFile(b, benchSpec{tables: realTables, pictured: realPlayed})
	dst := filepath.Join(b.TempDir(), realSetupDB)
	data, err := os.ReadFile(src)
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
	plans := plannedMoves(b, st, b.N/realPlayed+1)
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
	written0 := bytesWritten()
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
			// Each table is played by one sender (realPlayed is a
			// multiple of every count of senders), so its moves come in
			// the order they were planned.
			next := make([]int, realPlayed)
			for i := s; left.Add(-1) >= 0; i += senders {
				table := i % realPlayed
				if next[table] >= len(plans[table]) {
					continue // a finished game
				}
				m := plans[table][next[table]]
				next[table]++
				t0 := time.Now()
				tr.asked[table].Store(t0.UnixNano())
				outs := core.Handle(ctx, m.cmd)
				mine = append(mine, time.Since(t0))
				if len(outs) == 0 || outs[0].Refusal {
					b.Errorf("planned move %+v refused: %+v", m.cmd, outs)
					return
				}
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
	if len(acks) > 0 {
		b.ReportMetric(float64(acks[len(acks)/2].Microseconds())/1000, "ack-p50-ms")
	}
	b.ReportMetric(p99ms(shown), "shown-p99-ms")
	b.ReportMetric(fsync, "fsync-p99-ms")
	if moves > 0 {
		b.ReportMetric(cpu.Seconds()*1000/float64(moves), "cpu-ms/move")
	}
	if w := bytesWritten(); w > 0 && moves > 0 {
		b.ReportMetric(float64(w-written0)/1024/float64(moves), "disk-KB/move")
	}
}

// plannedMove is a move of the benchmark's, worked out before the measure.
type plannedMove struct{ cmd Command }

// plannedMoves works out, for each played table (chat bench:c<i>, table
// id i+1), the first moves of its game: the choices of a bot player of
// normal strength for whichever of alice and bob must play, each applied to
// a copy of the game loaded from the store. The engines are deterministic
// (the seed is in the state), so the core, playing them on the stored
// tables, finds each one legal in turn.
func plannedMoves(b *testing.B, st *bolt.Store, perTable int) [][]plannedMove {
	plans := make([][]plannedMove, realPlayed)
	for i := range plans {
		chat := fmt.Sprintf("bench:c%d", i)
		rec, err := st.OpenTable(chat)
		if err != nil {
			b.Fatal(err)
		}
		if rec.ID != uint64(i+1) {
			b.Fatalf("%s holds table %d, want %d", chat, rec.ID, i+1)
		}
		t, err := loadTable(rec)
		if err != nil || t.game == nil {
			b.Fatalf("%s: %v (game %v)", chat, err, t.game)
		}
		for len(plans[i]) < perTable && !t.game.Result().Over {
			waits := t.game.Waiting()
			if len(waits) == 0 {
				break
			}
			seat := waits[0].Seat
			move := t.game.Bot(seat, games.Normal)
			if _, err := t.game.Apply(seat, move); err != nil {
				b.Fatalf("%s: the bot's move %q refused: %v", chat, move, err)
			}
			user := t.Seats[seat].User
			name, args, _ := ParseText("/move " + move)
			plans[i] = append(plans[i], plannedMove{cmd: Command{Chat: chat,
				User: User{ID: user, Name: strings.TrimPrefix(user, "bench:")}, Name: name, Args: args}})
		}
	}
	return plans
}

// processCPU is the CPU time the process has used so far.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// bytesWritten is what the process has written so far (wchar of
// /proc/self/io), 0 where the system does not say.
func bytesWritten() int64 {
	data, err := os.ReadFile("/proc/self/io")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, "wchar: "); ok {
			n, _ := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
			return n
		}
	}
	return 0
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
		err := bareUpdate(db, i, record, record[:40])
		if err != nil {
			b.Fatal(err)
		}
		lat = append(lat, time.Since(t0))
	}
	slices.Sort(lat)
	return p99ms(lat)
}

// BenchmarkStartup opens a data file of 100,000 open Crack Word tables and
// starts a core on it, as `tablee serve` does:
//
//   - startup-ms: from opening the file to a core ready for commands;
//   - idle-heap-MB: the heap in use after start-up (after a collection),
//     the lexicon and everything else of the process included;
//   - first-command-ms: the first command of a table, which loads it.
//
// The file is built once per run (about a minute).
func BenchmarkStartup(b *testing.B) {
	path := buildBenchFile(b, benchSpec{tables: startupTables})
	var startup, first time.Duration
	var heap uint64
	var perTable, estimate float64
	for i := 0; i < b.N; i++ {
		t0 := time.Now()
		st, err := bolt.Open(path, bolt.Options{})
		if err != nil {
			b.Fatal(err)
		}
		core, err := New(Options{Store: st, Lang: i18n.EN, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
		if err != nil {
			b.Fatal(err)
		}
		startup += time.Since(t0)
		b.StopTimer()
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		heap = max(heap, ms.HeapAlloc)
		b.StartTimer()
		t1 := time.Now()
		if core.tableID(fmt.Sprintf("bench:c%d", (i*7919)%startupTables)) == 0 {
			b.Fatal("a table of the file was not found")
		}
		first += time.Since(t1)
		if i == 0 {
			b.StopTimer()
			perTable, estimate = loadedMemory(b, core)
			b.StartTimer()
		}
		core.Close()
		st.Close()
	}
	b.ReportMetric(float64(startup.Microseconds())/1000/float64(b.N), "startup-ms")
	b.ReportMetric(float64(heap)/(1<<20), "idle-heap-MB")
	b.ReportMetric(float64(first.Microseconds())/1000/float64(b.N), "first-command-ms")
	b.ReportMetric(perTable, "loaded-KB/table")
	b.ReportMetric(estimate, "estimate-KB/table")
}

// loadedMemory loads 10,000 tables and tells what each takes in the heap,
// and what the core's budget counts for it (memoryFactor).
func loadedMemory(b *testing.B, core *Core) (perTable, estimate float64) {
	const n = 10_000
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	for i := 0; i < n; i++ {
		if core.tableID(fmt.Sprintf("bench:c%d", i)) == 0 {
			b.Fatal("a table of the file was not found")
		}
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	tables, bytes := core.TablesInMemory()
	if tables != n {
		b.Fatalf("%d tables in memory, want %d", tables, n)
	}
	return float64(after.HeapAlloc-before.HeapAlloc) / n / 1024, float64(bytes) / n / 1024
}

const startupTables = 100_000
