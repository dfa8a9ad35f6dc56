package telegram

import (
	"context"
	"sync"
	"time"

	"github.com/tablee/tablee/internal/capped"
	"github.com/tablee/tablee/internal/ratewindow"
)

// Clock is the adapter's source of time for rate limits, 429 waits and
// back-off, so that tests can run a burst of an hour in a few milliseconds.
type Clock = ratewindow.Clock

// limits is every limiter of the adapter: one for all requests, one per chat.
type limits struct {
	clock   Clock
	global  *ratewindow.Window
	group   func() *ratewindow.Window
	private func() *ratewindow.Window

	mu    sync.Mutex
	chats map[int64]*ratewindow.Window
}

// Limits are the rates the adapter keeps to. Telegram's documented limits
// are about 30 messages a second in all, 20 a minute in one group and one a
// second in one private chat (short bursts tolerated).
type Limits struct {
	Global    int           // requests per GlobalPer in all (30)
	GlobalPer time.Duration // (1 s)
	Group     int           // requests per GroupPer in one group (20)
	GroupPer  time.Duration // (1 min)
	// GroupBurst paces a group's requests: GroupBurst at once, then one
	// every GroupPer/(Group-GroupBurst-1), so that fewer than Group go in
	// any GroupPer, one to spare for the time a request takes (3: one
	// every 3.75 s). A window alone would let a busy group send its 20 at
	// once and then wait up to a minute: the boards of a live game showed
	// a move 24 s late (p99); paced, a move waits for its group's next
	// request, which shows every move since the last (0: not paced).
	GroupBurst     int
	Private        int           // requests per PrivatePer in one private chat (5)
	PrivatePer     time.Duration // (5 s)
	MaxSyncWait    time.Duration // longest 429 wait a private send waits for before queueing (5 s)
	MaxRetries     int           // attempts of a request failing with 5xx or a network error (4)
	RetryBackoff   time.Duration // first back-off after such a failure, doubled each time (1 s)
	MaxPollBackoff time.Duration // longest back-off of getUpdates after errors (1 min)
}

// DefaultLimits are Telegram's limits.
func DefaultLimits() Limits {
	return Limits{Global: 30, GlobalPer: time.Second, Group: 20, GroupPer: time.Minute, GroupBurst: 3,
		Private: 5, PrivatePer: 5 * time.Second, MaxSyncWait: 5 * time.Second,
		MaxRetries: 4, RetryBackoff: time.Second, MaxPollBackoff: time.Minute}
}

// BenchmarkLimits are DefaultLimits with the rates set out of reach: for
// benchmarks against a fake Bot API, which would otherwise measure
// Telegram's limits rather than the bot. Never for Telegram itself.
func BenchmarkLimits() Limits {
	l := DefaultLimits()
	l.Global, l.GlobalPer = 1<<30, time.Millisecond
	l.Group, l.GroupPer, l.GroupBurst = 1<<30, time.Millisecond, 0
	l.Private, l.PrivatePer = 1<<30, time.Millisecond
	return l
}

func newLimits(clock Clock, l Limits) *limits {
	return &limits{clock: clock, global: ratewindow.New(l.Global, l.GlobalPer, clock),
		group: func() *ratewindow.Window {
			w := ratewindow.New(l.Group, l.GroupPer, clock)
			if l.GroupBurst > 0 && l.GroupBurst < l.Group-1 {
				w.Paced(l.GroupBurst, l.GroupPer/time.Duration(l.Group-l.GroupBurst-1))
			}
			return w
		},
		private: func() *ratewindow.Window { return ratewindow.New(l.Private, l.PrivatePer, clock) },
		chats:   map[int64]*ratewindow.Window{}}
}

func (l *limits) chat(id int64) *ratewindow.Window {
	l.mu.Lock()
	defer l.mu.Unlock()
	w := l.chats[id]
	if w == nil {
		if id > 0 {
			w = l.private()
		} else {
			w = l.group()
		}
		l.chats[id] = w
	}
	return w
}

// acquire waits for the chat's limit, then the global one.
func (l *limits) acquire(ctx context.Context, chat int64) (func(), error) {
	relChat, err := l.chat(chat).Acquire(ctx)
	if err != nil {
		return nil, err
	}
	relGlobal, err := l.global.Acquire(ctx)
	if err != nil {
		relChat()
		return nil, err
	}
	return func() { relGlobal(); relChat() }, nil
}

// awaitWindow is how long after his command a person still waits for what
// it shows him in private: the deliverer shows his hand after his move,
// off the command's own path, within a second or two (less under load).
const awaitWindow = 10 * time.Second

// noteAsked records that uid just sent a command or pressed a button.
func (a *Adapter) noteAsked(uid int64) {
	a.smu.Lock()
	capped.Set(a.asked, uid, a.clock.Now(), maxUsers)
	a.smu.Unlock()
}

// awaits says whether uid sent a command or pressed a button within
// awaitWindow: his own hand, delivered after his move, is then an answer
// he waits for and goes before what can wait.
func (a *Adapter) awaits(uid int64) bool {
	a.smu.Lock()
	at, ok := a.asked[uid]
	a.smu.Unlock()
	return ok && a.clock.Now().Sub(at) < awaitWindow
}

// privateCtx is ctx for a message to uid's private chat: urgent when he
// waits for it, his hand after his move (awaits).
func (a *Adapter) privateCtx(ctx context.Context, uid int64) context.Context {
	if a.awaits(uid) {
		return ratewindow.Urgently(ctx)
	}
	return ctx
}
