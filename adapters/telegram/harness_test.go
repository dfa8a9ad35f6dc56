package telegram

import (
	"context"
	"io"
	"log/slog"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tablee/tablee/bot"
	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/internal/testgame"
	"github.com/tablee/tablee/store"
	"github.com/tablee/tablee/store/bolt"
)

func init() { testgame.Register() }

type coreClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *coreClock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }

var (
	alice = fakeUser{ID: 101, Name: "Alice", Lang: "en"}
	bob   = fakeUser{ID: 102, Name: "Bob", Lang: "en"}
	carol = fakeUser{ID: 103, Name: "Carol", Lang: "en"}
)

const group int64 = -1001

// harness is a real core on a real bbolt file, the real adapter and the
// real library, talking to the fake Bot API.
type harness struct {
	t      testing.TB
	path   string
	f      *fakeAPI
	clock  *autoClock
	opts   Options
	st     *bolt.Store
	core   *bot.Core
	a      *Adapter
	cancel context.CancelFunc
	done   chan error
	seed   uint64
	// others are more adapters on the same core (other "processes" of
	// the bot), waited for by settle too; settled is called at the end of
	// each settle.
	others  []*Adapter
	settled func()

	// obs, when set, is the core's observer (the operator's metrics).
	obs bot.Observer
	// coreOpts, when set, changes the core's options before it is built.
	coreOpts func(*bot.Options)
	// wrapStore, when set, stands between the core and the bbolt file.
	wrapStore func(*bolt.Store) store.Store
}

func newHarness(t testing.TB, tweak ...func(*Options)) *harness {
	t.Helper()
	clock := newAutoClock()
	h := &harness{t: t, path: filepath.Join(t.TempDir(), "tablee.db"), clock: clock, f: newFakeAPI(t, clock)}
	h.opts = Options{Token: fakeToken, APIEndpoint: h.f.endpoint(), PollTimeout: 2 * time.Second,
		Clock: clock, Lang: i18n.EN, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
	if testing.Verbose() {
		h.opts.Logger = slog.New(slog.NewTextHandler(testWriter{t}, &slog.HandlerOptions{Level: slog.LevelDebug}))
	}
	for _, f := range tweak {
		f(&h.opts)
	}
	h.open()
	t.Cleanup(h.close)
	t.Cleanup(func() { everyCaptionDescribes(t, h.f) })
	return h
}

type testWriter struct{ t testing.TB }

func (w testWriter) Write(p []byte) (int, error) {
	w.t.Log(strings.TrimSpace(string(p)))
	return len(p), nil
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
	var cst store.Store = st
	if h.wrapStore != nil {
		cst = h.wrapStore(st)
	}
	copts := bot.Options{Store: cst, Clock: &coreClock{now: time.Date(2026, 11, 21, 20, 0, 0, 0, time.UTC)},
		Seeds: func() uint64 { h.seed++; return h.seed }, Lang: i18n.EN, Logger: h.opts.Logger, Observer: h.obs,
		ChainBotThought: time.Hour} // the bot's time is the machine's: a move and its reply always chained
	if h.coreOpts != nil {
		h.coreOpts(&copts)
	}
	core, err := bot.New(copts)
	if err != nil {
		h.t.Fatal(err)
	}
	h.core = core
	opts := h.opts
	opts.Core = core
	if opts.Seen == nil {
		opts.Seen = core.Seen() // as tablee serve does
	}
	a, err := New(opts)
	if err != nil {
		h.t.Fatal(err)
	}
	h.a = a
	ctx, cancel := context.WithCancel(context.Background())
	h.cancel, h.done = cancel, make(chan error, 1)
	go func() { h.done <- a.Run(ctx) }()
}

func (h *harness) close() {
	if h.cancel == nil {
		return
	}
	h.cancel()
	select {
	case err := <-h.done:
		if err != nil {
			h.t.Errorf("Run: %v", err)
		}
	case <-time.After(10 * time.Second):
		h.t.Fatal("Run did not stop")
	}
	h.cancel = nil
	h.core.Close()
	h.st.Close()
}

// restart stops everything and opens the same file with a new core and a
// new adapter, as after a crash or a deploy.
func (h *harness) restart() {
	h.settle()
	h.close()
	h.open()
}

// settle waits until every update pushed was confirmed and handled, what
// the core saved was delivered, and every queued message was sent.
func (h *harness) settle() {
	h.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		h.core.Flush() // what the core saved is handed to the adapter
		if h.queued() == 0 && h.idle() {
			// idle twice in a row: a handler may be between two steps.
			time.Sleep(2 * time.Millisecond)
			if h.queued() == 0 && h.idle() {
				if h.settled != nil {
					h.settled()
				}
				return
			}
		}
		time.Sleep(time.Millisecond)
	}
	h.t.Fatal("the adapter did not settle")
}

// fetched tells whether the adapter took the update from getUpdates (it
// stays with the fake, unconfirmed, until played).
// queued is the number of updates the fake still holds: not yet confirmed
// by a getUpdates offset past them, so not yet played.
func (h *harness) queued() int {
	h.f.mu.Lock()
	defer h.f.mu.Unlock()
	return len(h.f.updates)
}

func (h *harness) fetched(id int) bool {
	h.a.stop.mu.Lock()
	defer h.a.stop.mu.Unlock()
	return h.a.stop.next > id
}

func (h *harness) idle() bool {
	for _, a := range h.others {
		if !a.idle() {
			return false
		}
	}
	return h.a.idle()
}

// say writes in a chat and waits for the bot to be done with it.
func (h *harness) say(u fakeUser, chat int64, topic int, text string) int {
	id := h.f.say(u, chat, topic, text, 0)
	h.settle()
	return id
}

func (h *harness) press(u fakeUser, m fakeMsg, data string) {
	h.f.press(u, m, data)
	h.settle()
}

// board is the bot's board message in a chat (the one with a table title).
func (h *harness) board(chat int64, topic int) fakeMsg {
	h.t.Helper()
	ms := h.f.botMessages(chat)
	for i := len(ms) - 1; i >= 0; i-- {
		if ms[i].Thread == topic && strings.Contains(ms[i].Text, "— table #") {
			return ms[i]
		}
	}
	h.t.Fatalf("no board in chat %d topic %d: %+v", chat, topic, ms)
	return fakeMsg{}
}

// joinLink follows the Join button of a board: the user opens the bot's
// private chat with the link's start parameter.
func (h *harness) joinLink(u fakeUser, board fakeMsg) {
	h.t.Helper()
	b, ok := button(board, "https://t.me/TableeBot?start=")
	if !ok {
		h.t.Fatalf("no join link on the board: %+v", board.Markup)
	}
	param := strings.TrimPrefix(*b.URL, "https://t.me/TableeBot?start=")
	h.say(u, u.ID, 0, "/start "+param)
}
