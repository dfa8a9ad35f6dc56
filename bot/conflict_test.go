package bot

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/store"
	"github.com/tablee/tablee/store/postgres"
)

// Conflicts between processes (shared.go): a save refused because another
// process saved the table since it was read is played again at once on
// the table read again, for a person's command as for a bot's reply.

// conflicting is a PostgreSQL store where another process saves a table
// just before the saves that conflict chooses: that save is stale. It
// counts the stale saves.
type conflicting struct {
	*postgres.Store
	mu       sync.Mutex
	conflict func(store.Table, *store.Move) bool
	stale    atomic.Int64
	// chains counts a chain of saves once (SaveChained).
	chains map[uint64]*sync.Once
}

func (s *conflicting) Save(t store.Table, mv *store.Move) error {
	if err := s.otherSaves(t, mv); err != nil {
		return err
	}
	err := s.Store.Save(t, mv)
	if errors.Is(err, store.ErrStale) {
		s.stale.Add(1)
	}
	return err
}

// SaveChained is Save for the saves the store chains (store.Chainer): the
// other process's save comes before it as before Save; a chain refused as
// stale is one stale save, however many saves it holds.
func (s *conflicting) SaveChained(t store.Table, mv *store.Move) (func() error, error) {
	if err := s.otherSaves(t, mv); err != nil {
		return nil, err
	}
	wait, err := s.Store.SaveChained(t, mv)
	if err != nil {
		if errors.Is(err, store.ErrStale) {
			s.stale.Add(1)
		}
		return nil, err
	}
	s.mu.Lock()
	if s.chains == nil {
		s.chains = map[uint64]*sync.Once{}
	}
	once := s.chains[t.ID]
	if once == nil {
		once = &sync.Once{}
		s.chains[t.ID] = once
	}
	s.mu.Unlock()
	return func() error {
		s.mu.Lock()
		if s.chains[t.ID] == once {
			delete(s.chains, t.ID) // the saves after it are another chain
		}
		s.mu.Unlock()
		err := wait()
		if errors.Is(err, store.ErrStale) {
			once.Do(func() { s.stale.Add(1) })
		}
		return err
	}, nil
}

// otherSaves is the other process's save, when conflict chooses this one:
// the table written back as it is stored, a version further.
func (s *conflicting) otherSaves(t store.Table, mv *store.Move) error {
	s.mu.Lock()
	hit := s.conflict != nil && s.conflict(t, mv)
	s.mu.Unlock()
	if !hit {
		return nil
	}
	rec, err := s.Store.Table(t.ID)
	if err != nil {
		return err
	}
	rec.Lazy = true
	return s.Store.Save(rec, nil)
}

// logCount counts the log records of level Error, and keeps their texts.
type logCount struct {
	mu   sync.Mutex
	msgs []string
}

func (l *logCount) Enabled(_ context.Context, lv slog.Level) bool { return lv >= slog.LevelError }
func (l *logCount) Handle(_ context.Context, r slog.Record) error {
	l.mu.Lock()
	l.msgs = append(l.msgs, r.Message)
	l.mu.Unlock()
	return nil
}
func (l *logCount) WithAttrs([]slog.Attr) slog.Handler { return l }
func (l *logCount) WithGroup(string) slog.Handler      { return l }

func (l *logCount) take() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	m := l.msgs
	l.msgs = nil
	return m
}

// when makes the saves f chooses conflict.
func (s *conflicting) when(f func(store.Table, *store.Move) bool) {
	s.mu.Lock()
	s.conflict = f
	s.mu.Unlock()
}

// conflictCore is a core on a conflicting store, with a clock that moves
// only by hand and no scheduler: what is played is played within Handle,
// not by a retry later. A Crack Word game of alice and a bot is started
// in the chat: its table's id.
func conflictCore(t *testing.T, chat string) (*Core, *conflicting, *recorder, *logCount, uint64) {
	t.Helper()
	pg, err := postgres.Open(cluster.Database(t), postgres.Options{})
	if err != nil {
		t.Fatal(err)
	}
	st := &conflicting{Store: pg}
	logs := &logCount{}
	rec := &recorder{closed: map[string]bool{}}
	seed := uint64(0)
	core, err := New(Options{Store: st, Lang: i18n.EN, Logger: slog.New(logs),
		Clock: &fakeClock{now: time.Date(2026, 11, 21, 20, 0, 0, 0, time.UTC)},
		Seeds: func() uint64 { seed++; return seed }})
	if err != nil {
		t.Fatal(err)
	}
	core.SetTransport("local", rec)
	rec.core = func() *Core { return core }
	t.Cleanup(func() { core.Close(); pg.Close() })
	mustOK(t, core.doAs(chat, "alice", "/play crackword bots=1"))
	mustOK(t, core.doAs(chat, "alice", "/start"))
	return core, st, rec, logs, core.tableFor(Command{Chat: chat}).ID
}

func (c *Core) doAs(chat, user, text string) []Out {
	name, args, _ := ParseText(text)
	return c.Handle(context.Background(), Command{Chat: chat, User: User{ID: "local:" + user, Name: user}, Name: name, Args: args})
}

// A bot's reply whose save is stale is played again at once on the table
// read again: after the person's move is answered, the bot has replied,
// the game waits for the person again, and what both moves show is shown,
// with no clock moved and no scheduler.
func TestSharedConflictBotReplyPlayedAtOnce(t *testing.T) {
	const chat = "local:bots"
	core, st, rec, logs, id := conflictCore(t, chat)
	fired := false
	st.when(func(tb store.Table, mv *store.Move) bool {
		if mv != nil && mv.User == "" && !fired {
			fired = true
			return true
		}
		return false
	})
	for n := 0; !fired; n++ {
		if n == 30 {
			t.Fatal("the bot never replied")
		}
		mv, ok := core.Hint(chat, "local:alice")
		if !ok {
			t.Fatal("the game does not wait for alice")
		}
		mustOK(t, core.doAs(chat, "alice", "/move "+mv))
	}
	if st.stale.Load() != 1 {
		t.Fatalf("%d stale saves, want the bot's one", st.stale.Load())
	}
	if _, ok := core.Hint(chat, "local:alice"); !ok {
		t.Fatal("after the stale save of the bot's reply, the game does not wait for alice: the reply was not played again")
	}
	moves, err := st.Moves(id)
	if err != nil || len(moves) == 0 || moves[len(moves)-1].User != "" {
		t.Fatalf("the log does not end with the bot's move: %+v, %v", moves, err)
	}
	boards := 0
	for _, o := range rec.take() {
		if o.Board && o.Chat == chat {
			boards++
		}
	}
	if n := unshownCount(t, st); boards == 0 || n != 0 {
		t.Fatalf("%d boards shown, %d tables unshown after the conflict", boards, n)
	}
	if msgs := logs.take(); len(msgs) > 0 {
		t.Fatalf("errors logged: %q", msgs)
	}
}

// A person's move whose save is stale is played again at once on the
// table read again: accepted, logged once.
func TestSharedConflictCommandPlayedAgain(t *testing.T) {
	const chat = "local:cmd"
	core, st, _, _, id := conflictCore(t, chat)
	before, _ := st.Moves(id)
	fired := 0
	st.when(func(tb store.Table, mv *store.Move) bool {
		if mv != nil && mv.User == "local:alice" && fired < 2 {
			fired++
			return true
		}
		return false
	})
	mv, ok := core.Hint(chat, "local:alice")
	if !ok {
		t.Fatal("the game does not wait for alice")
	}
	mustOK(t, core.doAs(chat, "alice", "/move "+mv))
	after, _ := st.Moves(id)
	mine := 0
	for _, m := range after[len(before):] {
		if m.User == "local:alice" {
			mine++
		}
	}
	if fired != 2 || st.stale.Load() != 2 || mine != 1 {
		t.Fatalf("%d conflicts, %d stale saves, alice's move logged %d times; want 2, 2, 1", fired, st.stale.Load(), mine)
	}
}

// A command that meets a conflict at every try is refused after freshTries
// tries, as a failed save is: nothing logged.
func TestSharedConflictBounded(t *testing.T) {
	const chat = "local:bound"
	core, st, _, _, id := conflictCore(t, chat)
	before, _ := st.Moves(id)
	st.when(func(tb store.Table, mv *store.Move) bool { return mv != nil && mv.User == "local:alice" })
	mv, _ := core.Hint(chat, "local:alice")
	mustRefuse(t, core.doAs(chat, "alice", "/move "+mv), "could not save")
	after, _ := st.Moves(id)
	if st.stale.Load() != freshTries || len(after) != len(before) {
		t.Fatalf("%d stale saves (want %d), %d moves logged (want none)", st.stale.Load(), freshTries, len(after)-len(before))
	}
}

// screen is the chats' screens, shared by the processes: for each table,
// the turns of the boards shown, with when each turn was first shown.
type screen struct {
	mu    sync.Mutex
	cond  *sync.Cond
	shown map[uint64][]shownTurn
}

type shownTurn struct {
	turn uint64
	at   time.Time
}

func newScreen() *screen {
	s := &screen{shown: map[uint64][]shownTurn{}}
	s.cond = sync.NewCond(&s.mu)
	return s
}

func (s *screen) Deliver(_ context.Context, o Out) error {
	if !o.Board || o.Table == 0 {
		return nil
	}
	now := time.Now()
	s.mu.Lock()
	defer s.mu.Unlock()
	list := s.shown[o.Table]
	if len(list) == 0 || o.Turn > list[len(list)-1].turn {
		s.shown[o.Table] = append(list, shownTurn{o.Turn, now})
		s.cond.Broadcast()
	}
	return nil
}

// noting is a process's view of the screen: as the Telegram adapter does
// when it posts a board, the board's message is noted with its table
// (Core.SetNote, a save), after it was shown and before the deliverer
// marks it shown: a save of its own that another process's move may meet.
type noting struct {
	*screen
	core *Core
}

func (n noting) Deliver(ctx context.Context, o Out) error {
	err := n.screen.Deliver(ctx, o)
	if o.Board && o.Table != 0 {
		n.core.SetNote(o.Table, "board", fmt.Sprint(o.Turn))
	}
	return err
}

// waitTurn is when a board of the table at turn or later was first shown;
// false when none was within limit.
func (s *screen) waitTurn(table, turn uint64, limit time.Duration) (time.Time, bool) {
	end := time.Now().Add(limit)
	timer := time.AfterFunc(limit, func() { s.mu.Lock(); s.cond.Broadcast(); s.mu.Unlock() })
	defer timer.Stop()
	s.mu.Lock()
	defer s.mu.Unlock()
	for {
		for _, st := range s.shown[table] {
			if st.turn >= turn {
				return st.at, true
			}
		}
		if !time.Now().Before(end) {
			return time.Time{}, false
		}
		s.cond.Wait()
	}
}

func (s *screen) last(table uint64) uint64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	list := s.shown[table]
	if len(list) == 0 {
		return 0
	}
	return list[len(list)-1].turn
}

// hammered is two processes (two cores, each its own connection pool and
// scheduler, on the system clock) on one database, Crack Word tables of a
// person and a bot opened through the first, one screen for both, each
// board noted with its table by the process that showed it.
type hammered struct {
	cores  []*Core
	stores []*conflicting
	screen *screen
	chats  []string
}

func hammer(tb testing.TB, tables int, logger *slog.Logger) *hammered {
	tb.Helper()
	url := cluster.Database(tb)
	ctx, cancel := context.WithCancel(context.Background())
	h := &hammered{screen: newScreen()}
	for range 2 {
		pg, err := postgres.Open(url, postgres.Options{})
		if err != nil {
			tb.Fatal(err)
		}
		st := &conflicting{Store: pg}
		core, err := New(Options{Store: st, Lang: i18n.EN, Logger: logger})
		if err != nil {
			tb.Fatal(err)
		}
		core.SetTransport("local", noting{h.screen, core})
		go core.Run(ctx)
		h.cores, h.stores = append(h.cores, core), append(h.stores, st)
		tb.Cleanup(func() { core.Close(); pg.Close() })
	}
	tb.Cleanup(cancel)
	for i := range tables {
		chat := fmt.Sprintf("local:h%d", i)
		for _, text := range []string{"/play crackword bots=1", "/start"} {
			if outs := h.cores[0].doAs(chat, "alice", text); len(outs) == 0 || outs[0].Refusal {
				tb.Fatalf("%s %s: %+v", chat, text, outs)
			}
		}
		h.chats = append(h.chats, chat)
	}
	h.cores[0].Flush()
	return h
}

// play sends alice's next move at the chat to the core: the table and
// the turn of the board that shows the move with the bot's reply, and
// whether the game waited for her. A move refused fails the test.
func (h *hammered) play(tb testing.TB, core *Core, chat string) (table, turn uint64, ok bool) {
	mv, ok := core.Hint(chat, "local:alice")
	if !ok {
		return 0, 0, false
	}
	outs := core.doAs(chat, "alice", "/move "+mv)
	if len(outs) == 0 || outs[0].Refusal {
		tb.Errorf("%s: the move %q was refused: %+v", chat, mv, outs)
		return 0, 0, false
	}
	t := core.lockLive(core.tableFor(Command{Chat: chat}))
	if t == nil {
		return 0, 0, false // the game ended
	}
	defer t.mu.Unlock()
	if t.botWaiting() {
		// The bot's reply was not played (a conflict left to the
		// scheduler): the move is shown with it, a turn later.
		return t.ID, t.Turns + 1, true
	}
	return t.ID, t.Turns, true
}

// checkAllShown waits for the deliverers, then checks that every game
// waits for its person (every bot reply played) and that its last board
// was shown.
func (h *hammered) checkAllShown(tb testing.TB) {
	tb.Helper()
	for _, c := range h.cores {
		c.Flush()
	}
	deadline := time.Now().Add(20 * time.Second)
	for {
		var wrong []string
		for _, chat := range h.chats {
			rec, err := h.stores[0].Store.OpenTable(chat)
			if errors.Is(err, store.ErrNotFound) {
				continue // the game ended
			}
			if err != nil {
				tb.Fatal(err)
			}
			t, err := loadTable(rec)
			if err != nil {
				tb.Fatal(err)
			}
			if t.botWaiting() {
				wrong = append(wrong, chat+": waits for the bot")
			}
			if shown := h.screen.last(rec.ID); shown != t.Turns || rec.Unshown != 0 {
				wrong = append(wrong, fmt.Sprintf("%s: turn %d shown, the table is at turn %d, unshown %d", chat, shown, t.Turns, rec.Unshown))
			}
		}
		if len(wrong) == 0 {
			return
		}
		if time.Now().After(deadline) {
			tb.Fatalf("not all shown:\n%s", strings.Join(wrong, "\n"))
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func (h *hammered) stale() int64 {
	var n int64
	for _, st := range h.stores {
		n += st.stale.Load()
	}
	return n
}

// Two processes playing the same tables as fast as they can, each move
// sent to one of them at random while the other may still be showing the
// last one: every move is answered, every bot reply played at once (no
// "bot move not played" and its pause) and everything shown.
func TestSharedConflictsTwoProcessesHammered(t *testing.T) {
	logs := &logCount{}
	h := hammer(t, 6, slog.New(logs))
	var wg sync.WaitGroup
	for s, chat := range h.chats {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(s), 35))
			for range 30 {
				if _, _, ok := h.play(t, h.cores[rng.IntN(2)], chat); !ok {
					return
				}
			}
		}()
	}
	wg.Wait()
	h.checkAllShown(t)
	t.Logf("%d stale saves played again", h.stale())
	if msgs := logs.take(); len(msgs) > 0 {
		t.Fatalf("errors logged: %q", msgs)
	}
}

// BenchmarkSharedShowMove is the time to show a move with two processes
// on one database: Crack Word tables of a person and a bot, moves arriving
// at 100 a second (Poisson) across the tables, each to one process or the
// other at random, as soon as the last move of the table was answered
// (maybe not yet shown: the processes meet on a table as webhook posts
// spread between them do); a move is shown when a board of its table at
// the turn it led to (the bot's reply included) reached the screen, timed
// from when the move was due. Reports show-p50/p99/p99.9-ms, the stale saves
// played again and the moves never shown within 30 s (unshown).
//
//	go test -run '^$' -bench BenchmarkSharedShowMove -benchtime 3000x ./bot
func BenchmarkSharedShowMove(b *testing.B) {
	const rate = 100.0 // moves a second
	h := hammer(b, 100, slog.New(slog.NewTextHandler(io.Discard, nil)))
	idle := make(chan string, len(h.chats))
	for _, chat := range h.chats {
		idle <- chat
	}
	var mu sync.Mutex
	var shows []time.Duration
	var unshown, busy int
	var wg sync.WaitGroup
	rng := rand.New(rand.NewPCG(35, 100))
	b.ResetTimer()
	due := time.Now()
	for range b.N {
		due = due.Add(time.Duration(rng.ExpFloat64() / rate * float64(time.Second)))
		time.Sleep(time.Until(due))
		var chat string
		select {
		case chat = <-idle:
		default:
			busy++ // every table still shows its last move
			continue
		}
		core := h.cores[rng.IntN(2)]
		wg.Add(1)
		go func(due time.Time) {
			defer wg.Done()
			table, turn, ok := h.play(b, core, chat)
			if !ok {
				// The game ended (a new one begins), or waits for its
				// bot: the chat takes moves again a little later.
				if core.tableFor(Command{Chat: chat}) == nil {
					core.doAs(chat, "alice", "/play crackword bots=1")
					core.doAs(chat, "alice", "/start")
				}
				time.Sleep(10 * time.Millisecond)
				idle <- chat
				return
			}
			// The next move of the table may come before this one is
			// shown: a process may be showing it when the other plays.
			idle <- chat
			at, shown := h.screen.waitTurn(table, turn, 30*time.Second)
			mu.Lock()
			if shown {
				shows = append(shows, at.Sub(due))
			} else {
				unshown++
			}
			mu.Unlock()
		}(due)
	}
	wg.Wait()
	b.StopTimer()
	slices.Sort(shows)
	pct := func(p float64) float64 {
		if len(shows) == 0 {
			return 0
		}
		return float64(shows[min(len(shows)-1, int(float64(len(shows))*p))].Microseconds()) / 1000
	}
	b.ReportMetric(pct(0.5), "show-p50-ms")
	b.ReportMetric(pct(0.99), "show-p99-ms")
	b.ReportMetric(pct(0.999), "show-p99.9-ms")
	b.ReportMetric(float64(h.stale()), "stale")
	b.ReportMetric(float64(unshown), "unshown")
	if busy > 0 {
		fmt.Fprintf(os.Stderr, "%d moves skipped: every table busy\n", busy)
	}
}
