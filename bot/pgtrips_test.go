package bot

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/store/postgres"
)

// tripCounter counts what a store sends to PostgreSQL: statements, and
// round trips (a statement alone, a batch of statements, or a statement
// prepared for the cache is one each). It is the store's pgx tracer.
type tripCounter struct {
	mu    sync.Mutex
	trips int
	stmts int
	bySQL map[string]int
}

func newTripCounter() *tripCounter { return &tripCounter{bySQL: map[string]int{}} }

func (tc *tripCounter) TraceQueryStart(ctx context.Context, conn *pgx.Conn, d pgx.TraceQueryStartData) context.Context {
	tc.mu.Lock()
	defer tc.mu.Unlock()
	tc.trips++
	tc.stmts++
	tc.bySQL[shortSQL(d.SQL)]++
	return ctx
}

func (tc *tripCounter) TraceQueryEnd(context.Context, *pgx.Conn, pgx.TraceQueryEndData) {}

func (tc *tripCounter) TraceBatchStart(ctx context.Context, conn *pgx.Conn, d pgx.TraceBatchStartData) context.Context {
	tc.mu.Lock()
	defer tc.mu.Unlock()
	tc.trips++
	var parts []string
	for _, q := range d.Batch.QueuedQueries {
		tc.stmts++
		parts = append(parts, shortSQL(q.SQL))
	}
	tc.bySQL["batch["+strings.Join(parts, " ; ")+"]"]++
	return ctx
}

func (tc *tripCounter) TraceBatchQuery(context.Context, *pgx.Conn, pgx.TraceBatchQueryData) {}
func (tc *tripCounter) TraceBatchEnd(context.Context, *pgx.Conn, pgx.TraceBatchEndData)     {}

func (tc *tripCounter) TracePrepareStart(ctx context.Context, conn *pgx.Conn, d pgx.TracePrepareStartData) context.Context {
	return ctx
}

func (tc *tripCounter) TracePrepareEnd(_ context.Context, _ *pgx.Conn, d pgx.TracePrepareEndData) {
	if d.AlreadyPrepared {
		return
	}
	tc.mu.Lock()
	defer tc.mu.Unlock()
	tc.trips++
	tc.bySQL["(prepare)"]++
}

// take returns the counts since the last take, and starts again.
func (tc *tripCounter) take() (trips, stmts int, bySQL map[string]int) {
	tc.mu.Lock()
	defer tc.mu.Unlock()
	trips, stmts, bySQL = tc.trips, tc.stmts, tc.bySQL
	tc.trips, tc.stmts, tc.bySQL = 0, 0, map[string]int{}
	return trips, stmts, bySQL
}

// shortSQL is a statement's first words, for the log of what was sent.
func shortSQL(sql string) string {
	f := strings.Fields(sql)
	if len(f) > 6 {
		f = f[:6]
	}
	return strings.Join(f, " ")
}

func logTrips(t *testing.T, what string, trips, stmts int, bySQL map[string]int) {
	t.Helper()
	var lines []string
	for sql, n := range bySQL {
		lines = append(lines, fmt.Sprintf("  %d× %s", n, sql))
	}
	sort.Strings(lines)
	t.Logf("%s: %d round trips, %d statements\n%s", what, trips, stmts, strings.Join(lines, "\n"))
}

// pgMoveTrips and pgMoveStmts are what one move of a person answered by a
// bot may send to PostgreSQL, the update's dedup and the delivery of both
// moves included: the update claimed (1 statement; the save of the move it
// plays records it played, store.Table.Played); the
// two moves saved in one statement, chained (store.Chainer), at the
// version of the copy in memory, which the statement compares (1); the
// delivery's lease taken with the save of what it takes in flight, the
// in-flight mark cleared with the table marked shown and the lease given
// back (2, store.Deliverer). One statement a round trip: 4 and 4.
const (
	pgMoveTrips = 4
	pgMoveStmts = 4
)

// One real Crack Word move of a person, answered by the bot, through the
// core on PostgreSQL as the Telegram adapter plays it (the update claimed,
// handled, marked played) and shown: the statements and round trips it
// costs stay within the budget, so that a change that adds some fails
// here. The statements' cache is warm (the moves before), as in a
// process that has played a while.
func TestPostgresMoveRoundTrips(t *testing.T) {
	tc := newTripCounter()
	st, err := postgres.Open(cluster.Database(t), postgres.Options{Tracer: tc})
	if err != nil {
		t.Fatal(err)
	}
	rec := &recorder{closed: map[string]bool{}}
	// The bot's reply is chained to the move however long it thought: on
	// a loaded machine its choice may take over the default threshold, and
	// the move would then be written alone first (a statement more), which
	// is the rule for a slow bot, not what this test counts.
	core, err := New(Options{Store: st, Lang: i18n.EN, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
		ChainBotThought: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	core.SetTransport("local", rec)
	t.Cleanup(func() { core.Close(); st.Close() })
	const chat = "local:trips"
	do := func(text string, ev *Event) []Out {
		name, args, _ := ParseText(text)
		return core.Handle(context.Background(), Command{Chat: chat, User: User{ID: "local:alice", Name: "alice"}, Name: name, Args: args, Event: ev})
	}
	mustOK(t, do("/play crackword bots=1", nil))
	mustOK(t, do("/start", nil))
	core.Flush()
	update := 0
	// move plays alice's move, the bot's choice for her; only what the
	// update costs is counted, not the choice.
	move := func() {
		t.Helper()
		mv, ok := core.Hint(chat, "local:alice")
		if !ok {
			t.Fatal("the game does not wait for alice")
		}
		tc.take()
		update++
		key := fmt.Sprintf("local:update:%d", update)
		if c, err := st.Claim(key, 15*time.Second); err != nil || c != 0 {
			t.Fatalf("update %s claimed: %v, %v", key, c, err)
		}
		// As the Telegram adapter plays an update: the claim's key rides
		// the move's save, and Played is called only when no save did.
		ev := &Event{Key: key}
		mustOK(t, do("/move "+mv, ev))
		if !ev.Recorded() {
			t.Fatal("the move's save did not record its update played")
		}
		core.Flush()
	}
	id := core.tableFor(Command{Chat: chat}).ID
	logged := func() int {
		t.Helper()
		moves, err := st.Moves(id)
		if err != nil {
			t.Fatal(err)
		}
		return len(moves)
	}
	// Until a move the bot answers with one of its own (a crack earned
	// gives the person another turn): the statements' cache warm.
	var trips, stmts int
	var bySQL map[string]int
	for n := 0; ; n++ {
		if n == 30 {
			t.Fatal("the bot never answered a move")
		}
		before := logged()
		move()
		trips, stmts, bySQL = tc.take()
		if logged() == before+2 && n >= 3 {
			break
		}
	}
	logTrips(t, "one move answered by the bot, its dedup and delivery", trips, stmts, bySQL)
	if trips > pgMoveTrips || stmts > pgMoveStmts {
		t.Errorf("a move costs %d round trips and %d statements, the budget is %d and %d", trips, stmts, pgMoveTrips, pgMoveStmts)
	}
}

// BenchmarkPostgresBotMove is the move of TestPostgresMoveRoundTrips at
// speed: Crack Word tables of a person and a bot (pictures on), the
// person's move taken as the Telegram adapter takes an update (claimed,
// handled, marked played), the bot's reply played in the same command,
// both shown through the deliverer, the scheduler running; one process,
// four senders, each its own tables. Reports moves/s (a person's move and
// its reply), ack-p99-ms, pg-cpu-ms/move (the CPU of PostgreSQL's server
// processes, pgtest.Cluster.ServerCPU), and the round trips and
// statements sent per move.
//
//	go test -run '^$' -bench BenchmarkPostgresBotMove -benchtime 2000x ./bot
func BenchmarkPostgresBotMove(b *testing.B) {
	const senders, tables = 4, 64
	tc := newTripCounter()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	core, st := benchPostgresCore(ctx, b, cluster.Database(b), postgres.Options{Tracer: tc}, "local")
	var chats []string
	for i := range tables {
		chat := fmt.Sprintf("local:b%d", i)
		mustOK(b, core.doAs(chat, "alice", "/play crackword bots=1"))
		mustOK(b, core.doAs(chat, "alice", "/start"))
		chats = append(chats, chat)
	}
	core.Flush()
	// hint is alice's move as the bot would choose it, read from the
	// table in memory (one process: it is the table as stored), so that
	// the harness sends nothing to the database.
	hint := func(chat string) (string, bool) {
		t := core.chatTable(chat)
		if t == nil {
			return "", false
		}
		t.mu.Lock()
		defer t.mu.Unlock()
		seat := t.seatOf("local:alice")
		if _, ok := t.waitFor(seat); !ok || seat < 0 {
			return "", false
		}
		return t.game.Bot(seat, 0), true
	}
	var left, update atomic.Int64
	left.Store(int64(b.N))
	var mu sync.Mutex
	var acks []time.Duration
	var wg sync.WaitGroup
	b.ResetTimer()
	tc.take()
	cpu0, cpuErr := cluster.ServerCPU()
	start := time.Now()
	for s := range senders {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var mine []time.Duration
			for i := s; left.Add(-1) >= 0; i += senders {
				chat := chats[i%tables]
				mv, ok := hint(chat)
				if !ok {
					continue
				}
				key := fmt.Sprintf("local:update:%d", update.Add(1))
				t0 := time.Now()
				if c, err := st.Claim(key, 15*time.Second); err != nil || c != 0 {
					b.Errorf("update %s: %v, %v", key, c, err)
					return
				}
				outs := core.doAs(chat, "alice", "/move "+mv)
				if err := st.Played(key); err != nil {
					b.Error(err)
					return
				}
				mine = append(mine, time.Since(t0))
				if len(outs) == 0 || outs[0].Refusal {
					b.Errorf("%s: %+v", chat, outs)
					return
				}
			}
			mu.Lock()
			acks = append(acks, mine...)
			mu.Unlock()
		}()
	}
	wg.Wait()
	core.Flush()
	elapsed := time.Since(start)
	cpu1, err := cluster.ServerCPU()
	trips, stmts, _ := tc.take()
	b.StopTimer()
	n := float64(len(acks))
	if n == 0 {
		b.Fatal("no move played")
	}
	slices.Sort(acks)
	b.ReportMetric(n/elapsed.Seconds(), "moves/s")
	b.ReportMetric(p99ms(acks), "ack-p99-ms")
	if cpuErr == nil && err == nil {
		b.ReportMetric(float64((cpu1-cpu0).Microseconds())/1000/n, "pg-cpu-ms/move")
	}
	b.ReportMetric(float64(trips)/n, "trips/move")
	b.ReportMetric(float64(stmts)/n, "stmts/move")
}
