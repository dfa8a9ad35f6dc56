package telegram

import (
	"context"
	"sync"
	"time"

	"github.com/tablee/tablee/internal/capped"
)

// Clock is the adapter's source of time for rate limits, 429 waits and
// back-off, so that tests can run a burst of an hour in a few milliseconds.
type Clock interface {
	Now() time.Time
	After(d time.Duration) <-chan time.Time
}

type systemClock struct{}

func (systemClock) Now() time.Time                         { return time.Now() }
func (systemClock) After(d time.Duration) <-chan time.Time { return time.After(d) }

// window is a sliding-window rate limiter: at most n requests in any
// interval of length per. A request counts from the moment it is admitted
// until per after it completed, so that Telegram, which sees it somewhere
// in between, never sees more than n in any interval of that length, even
// when requests overlap.
type window struct {
	n   int
	per time.Duration

	mu       sync.Mutex
	done     []time.Time // completion times, oldest first
	inflight int
	changed  chan struct{} // closed and replaced when a request completes, or no urgent one waits any more
	until    time.Time     // a 429 asked to wait until then
	// urgent counts the urgent requests waiting: while one does, a
	// request that can wait is not admitted.
	urgent int
	// A paced window also keeps a token bucket of burst requests, one
	// more every every (0: not paced): see Limits.GroupBurst.
	burst  int
	every  time.Duration
	tokens float64
	filled time.Time
}

// paced makes the window a token bucket as well: burst requests at once,
// then one every every.
func (w *window) paced(burst int, every time.Duration) *window {
	w.burst, w.every, w.tokens = burst, every, float64(burst)
	return w
}

// fill brings the bucket's tokens up to now, and tells how long until the
// next token when there is none. The caller holds mu.
func (w *window) fill(now time.Time) time.Duration {
	if w.every <= 0 {
		return 0
	}
	if !w.filled.IsZero() && now.After(w.filled) {
		w.tokens = min(float64(w.burst), w.tokens+float64(now.Sub(w.filled))/float64(w.every))
	}
	w.filled = now
	if w.tokens >= 1 {
		return 0
	}
	return time.Duration((1 - w.tokens) * float64(w.every))
}

// Urgency. What a person waits for right now (the answer to his command or
// his button) goes before what can wait (the boards and hands the
// deliverers show, the hello of a new table, reminders): during a burst of
// a thousand new tables, an unrelated user's /help is answered at the next
// free slot of the global limit rather than after the thousand boards
// queued before it. Within one chat, messages keep their order.
type urgencyKey struct{}

// urgently marks the requests made with ctx as answers someone waits for.
func urgently(ctx context.Context) context.Context {
	return context.WithValue(ctx, urgencyKey{}, true)
}

// canWait marks the requests made with ctx as able to wait, even when ctx
// was urgent (the hello sent while answering /play).
func canWait(ctx context.Context) context.Context {
	return context.WithValue(ctx, urgencyKey{}, false)
}

func isUrgent(ctx context.Context) bool {
	u, _ := ctx.Value(urgencyKey{}).(bool)
	return u
}

func newWindow(n int, per time.Duration) *window {
	return &window{n: n, per: per, changed: make(chan struct{})}
}

// acquire waits until a request may be sent, then counts it as in flight.
// The returned function must be called when the request completed.
// An urgent request is admitted before every request that can wait.
func (w *window) acquire(ctx context.Context, clock Clock) (release func(), err error) {
	if err := w.admit(ctx, clock, true); err != nil {
		return nil, err
	}
	var once sync.Once
	return func() { once.Do(func() { w.complete(clock) }) }, nil
}

// admit waits until a request may be sent; take counts it as in flight.
func (w *window) admit(ctx context.Context, clock Clock, take bool) error {
	urgent := isUrgent(ctx)
	if urgent {
		w.mu.Lock()
		w.urgent++
		w.mu.Unlock()
		defer func() {
			w.mu.Lock()
			if w.urgent--; w.urgent == 0 {
				w.wake()
			}
			w.mu.Unlock()
		}()
	}
	for {
		w.mu.Lock()
		now := clock.Now()
		for len(w.done) > 0 && !w.done[0].Add(w.per).After(now) {
			w.done = w.done[1:]
		}
		var wait time.Duration
		token := w.fill(now)
		switch {
		case now.Before(w.until):
			wait = w.until.Sub(now)
		case token > 0:
			wait = token
		case w.inflight+len(w.done) < w.n && (urgent || w.urgent == 0):
			if take {
				w.inflight++
				if w.every > 0 {
					w.tokens--
				}
			}
			w.mu.Unlock()
			return nil
		case len(w.done) > 0:
			wait = w.done[0].Add(w.per).Sub(now)
		}
		changed := w.changed
		w.mu.Unlock()
		var timer <-chan time.Time
		if wait > 0 {
			timer = clock.After(wait)
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-changed:
		case <-timer:
		}
	}
}

func (w *window) complete(clock Clock) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.inflight--
	w.done = append(w.done, clock.Now())
	w.wake()
}

// wake tells the waiting requests to look again. The caller holds mu.
func (w *window) wake() {
	close(w.changed)
	w.changed = make(chan struct{})
}

// ready waits until a request made with ctx could be admitted, without
// taking its place: a chat's worker waits so before it takes a board from
// the queue, so that the board it sends is the newest one queued by then
// (queued updates of a board merge, one taken does not).
func (w *window) ready(ctx context.Context, clock Clock) error {
	return w.admit(ctx, clock, false)
}

// full says whether a request would have to wait now.
func (w *window) full(clock Clock) bool { return w.room(clock) == 0 }

// room is how many requests could go now without waiting.
func (w *window) room(clock Clock) int {
	w.mu.Lock()
	defer w.mu.Unlock()
	now := clock.Now()
	if now.Before(w.until) {
		return 0
	}
	n := 0
	for _, d := range w.done {
		if d.Add(w.per).After(now) {
			n++
		}
	}
	room := max(w.n-w.inflight-n, 0)
	if w.fill(now); w.every > 0 {
		room = min(room, int(w.tokens))
	}
	return room
}

// hold makes every request wait until d from now (a 429's retry_after).
func (w *window) hold(clock Clock, d time.Duration) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if u := clock.Now().Add(d); u.After(w.until) {
		w.until = u
	}
}

// limits is every limiter of the adapter: one for all requests, one per chat.
type limits struct {
	clock   Clock
	global  *window
	group   func() *window
	private func() *window

	mu    sync.Mutex
	chats map[int64]*window
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

func newLimits(clock Clock, l Limits) *limits {
	return &limits{clock: clock, global: newWindow(l.Global, l.GlobalPer),
		group: func() *window {
			w := newWindow(l.Group, l.GroupPer)
			if l.GroupBurst > 0 && l.GroupBurst < l.Group-1 {
				w.paced(l.GroupBurst, l.GroupPer/time.Duration(l.Group-l.GroupBurst-1))
			}
			return w
		},
		private: func() *window { return newWindow(l.Private, l.PrivatePer) },
		chats:   map[int64]*window{}}
}

func (l *limits) chat(id int64) *window {
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
	relChat, err := l.chat(chat).acquire(ctx, l.clock)
	if err != nil {
		return nil, err
	}
	relGlobal, err := l.global.acquire(ctx, l.clock)
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
		return urgently(ctx)
	}
	return ctx
}
