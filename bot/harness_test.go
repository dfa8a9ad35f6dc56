package bot

import (
	"bytes"
	"context"
	"log/slog"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/internal/testgame"
	"github.com/tablee/tablee/store"
	"github.com/tablee/tablee/store/bolt"
)

func init() { testgame.Register() }

// fakeClock is a clock the tests move by hand.
type fakeClock struct {
	mu  sync.Mutex
	now time.Time
	// step, when set, moves the clock on at every reading, as a real
	// clock does between two readings: code that compares two readings of
	// "now" is caught.
	step time.Duration
}

func (f *fakeClock) Now() time.Time {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.now = f.now.Add(f.step)
	return f.now
}

func (f *fakeClock) setStep(d time.Duration) { f.mu.Lock(); f.step = d; f.mu.Unlock() }
func (f *fakeClock) Advance(d time.Duration) {
	f.mu.Lock()
	f.now = f.now.Add(d)
	f.mu.Unlock()
}

// recorder is a transport that keeps what the bot sent.
type recorder struct {
	mu     sync.Mutex
	outs   []Out
	closed map[string]bool // users whose DMs are closed
	// refused, when set, is told of every private message refused.
	refused func(Out)
	// core, when set, is flushed before take: what it saved is delivered.
	core func() *Core
}

func (r *recorder) Deliver(_ context.Context, o Out) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if o.Dest == ToUser && r.closed[o.User] {
		if r.refused != nil {
			r.refused(o)
		}
		return ErrNoPrivate
	}
	r.outs = append(r.outs, o)
	return nil
}

func (r *recorder) take() []Out {
	if r.core != nil {
		if c := r.core(); c != nil {
			c.Flush()
		}
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	out := r.outs
	r.outs = nil
	return out
}

// harness is a core on a real bbolt file with a fake clock.
type harness struct {
	t     testing.TB
	dir   string
	path  string
	st    *bolt.Store
	core  *Core
	clock *fakeClock
	rec   *recorder
	seed  uint64
	// wrap, when set, stands between the core and the real store (faults).
	wrap func(store.Store) store.Store
	// tune, when set, changes the core's options before it is built.
	tune func(*Options)
	logs lockedBuffer // what the core logged
}

// lockedBuffer is a log destination that several goroutines may write.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

func newHarness(t testing.TB) *harness {
	t.Helper()
	dir := t.TempDir()
	h := &harness{t: t, dir: dir, path: filepath.Join(dir, "tablee.db"),
		clock: &fakeClock{now: time.Date(2026, 11, 21, 20, 0, 0, 0, time.UTC)},
		rec:   &recorder{closed: map[string]bool{}}}
	h.rec.core = func() *Core { return h.core }
	h.open()
	t.Cleanup(func() { h.close() })
	return h
}

func (h *harness) open() {
	h.t.Helper()
	// A chained save is written with the reply that follows it, never alone
	// on a timer: the tests count the journal's writes.
	st, err := bolt.Open(h.path, bolt.Options{Timeout: time.Second, ChainedFlushAfter: time.Hour})
	if err != nil {
		h.t.Fatal(err)
	}
	h.st = st
	var s store.Store = st
	if h.wrap != nil {
		s = h.wrap(st)
	}
	opts := Options{Store: s, Clock: h.clock, Seeds: func() uint64 { h.seed++; return h.seed }, Lang: i18n.EN,
		Logger:          slog.New(slog.NewTextHandler(&h.logs, nil)),
		ChainBotThought: time.Hour} // the bot's time is the machine's: a move and its reply always chained
	if h.tune != nil {
		h.tune(&opts)
	}
	core, err := New(opts)
	if err != nil {
		h.t.Fatal(err)
	}
	core.SetTransport("local", h.rec)
	h.core = core
}

func (h *harness) close() {
	if h.core != nil {
		h.core.Close()
		h.core = nil
	}
	if h.st != nil {
		h.st.Close()
		h.st = nil
	}
}

// restart closes everything and opens the same file again.
func (h *harness) restart() {
	h.close()
	h.open()
}

// do sends typed text as a user in a chat ("local:main" by default).
func (h *harness) do(user, text string) []Out {
	return h.doIn("local:main", user, text)
}

func (h *harness) doIn(chat, user, text string) []Out {
	h.t.Helper()
	name, args, ok := ParseText(text)
	if !ok {
		h.t.Fatalf("not a command: %q", text)
	}
	return h.core.Handle(context.Background(), Command{Chat: chat, User: User{ID: "local:" + user, Name: user}, Name: name, Args: args})
}

func (h *harness) press(user, data, text string) []Out {
	return h.core.Handle(context.Background(), Command{Chat: "local:main", User: User{ID: "local:" + user, Name: user}, Payload: data, Text: text})
}

// mustOK fails unless the answer is an acceptance.
func mustOK(t testing.TB, outs []Out) {
	t.Helper()
	for _, o := range outs {
		if o.Refusal {
			t.Fatalf("refused: %s", o.Text)
		}
	}
}

// mustRefuse fails unless the answer is a refusal containing want.
func mustRefuse(t testing.TB, outs []Out, want string) {
	t.Helper()
	if len(outs) != 1 || !outs[0].Refusal {
		t.Fatalf("want a refusal %q, got %+v", want, outs)
	}
	if !strings.Contains(outs[0].Text, want) {
		t.Fatalf("refusal %q does not say %q", outs[0].Text, want)
	}
	if !outs[0].Private {
		t.Fatalf("refusal %q is not private", outs[0].Text)
	}
}

// seated opens a tic-tac-toe table with alice and bob and starts it.
func (h *harness) seated() *Table {
	h.t.Helper()
	mustOK(h.t, h.do("alice", "/play tictactoe"))
	mustOK(h.t, h.do("bob", "/join"))
	mustOK(h.t, h.do("alice", "/start"))
	return h.core.tableFor(Command{Chat: "local:main"})
}

// lastBoard is the text of the last board the chat was sent.
func lastBoard(outs []Out) (Out, bool) {
	for i := len(outs) - 1; i >= 0; i-- {
		if outs[i].Board {
			return outs[i], true
		}
	}
	return Out{}, false
}
