// Package ratewindow keeps requests to a platform within its rate limits:
// a sliding window of n requests in any span, optionally paced as a token
// bucket, a 429's wait, and urgency (what a person waits for goes before
// what can wait). Both adapters pace their requests with it.
package ratewindow

import (
	"context"
	"slices"
	"sync"
	"time"
)

// Clock is the source of time of a window (and of the adapters' 429 waits
// and back-off), so that tests can run a burst of an hour in a few
// milliseconds.
type Clock interface {
	Now() time.Time
	After(d time.Duration) <-chan time.Time
}

// System is the real clock.
type System struct{}

func (System) Now() time.Time                         { return time.Now() }
func (System) After(d time.Duration) <-chan time.Time { return time.After(d) }

// Window is a sliding-window rate limiter: at most n requests in any
// interval of length per. A request counts from the moment it is admitted
// until per after it completed, so that the platform, which counts it
// somewhere in between, never sees more than n in any interval of that
// length, however long each request spends on the way: two requests it
// counts within per of each other were both counted here when the later
// one was admitted. A rate of departures alone (a token bucket) is not
// enough: requests admitted in turn but held up on the way (a connection
// being dialled, a busy machine, the network) arrive together with the
// next ones, and the platform refuses the one too many. The price is a
// little throughput: n per (per + the time of a request).
type Window struct {
	n     int
	per   time.Duration
	clock Clock

	mu       sync.Mutex
	done     []time.Time // completion times, oldest first
	inflight int
	until    time.Time // a 429 asked to wait until then
	// queue is the requests waiting, in the order they go: the urgent ones
	// first, each kind first come first. Only the first looks at the
	// clock; the others sleep until they are first (a thousand waiters
	// each setting a timer for every token would cost the machine more
	// than the requests).
	queue []*waiter
	// A paced window also keeps a token bucket of burst requests, one
	// more every every (0: not paced): see the Telegram adapter's Limits.GroupBurst.
	burst  int
	every  time.Duration
	tokens float64
	filled time.Time
}

// Paced makes the window a token bucket as well: burst requests at once,
// then one every every.
func (w *Window) Paced(burst int, every time.Duration) *Window {
	w.burst, w.every, w.tokens = burst, every, float64(burst)
	return w
}

// fill brings the bucket's tokens up to now, and tells how long until the
// next token when there is none. The caller holds mu.
func (w *Window) fill(now time.Time) time.Duration {
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

// Urgently marks the requests made with ctx as answers someone waits for.
func Urgently(ctx context.Context) context.Context {
	return context.WithValue(ctx, urgencyKey{}, true)
}

// CanWait marks the requests made with ctx as able to wait, even when ctx
// was urgent (the hello sent while answering /play).
func CanWait(ctx context.Context) context.Context {
	return context.WithValue(ctx, urgencyKey{}, false)
}

// IsUrgent says whether ctx was marked Urgently.
func IsUrgent(ctx context.Context) bool {
	u, _ := ctx.Value(urgencyKey{}).(bool)
	return u
}

// New is a window of n requests in any per, on clock.
func New(n int, per time.Duration, clock Clock) *Window {
	return &Window{n: n, per: per, clock: clock}
}

// waiter is a request in the queue; poke wakes it to look again.
type waiter struct {
	urgent bool
	poke   chan struct{} // of one: a poke not yet seen is enough
}

// Acquire waits until a request may be sent, then counts it as in flight.
// The returned function must be called when the request completed.
// An urgent request is admitted before every request that can wait.
func (w *Window) Acquire(ctx context.Context) (release func(), err error) {
	if err := w.admit(ctx, true); err != nil {
		return nil, err
	}
	var once sync.Once
	return func() { once.Do(w.complete) }, nil
}

// admit waits until a request may be sent; take counts it as in flight.
func (w *Window) admit(ctx context.Context, take bool) error {
	me := &waiter{urgent: IsUrgent(ctx), poke: make(chan struct{}, 1)}
	w.mu.Lock()
	w.enqueue(me)
	for {
		var wait time.Duration
		first := w.queue[0] == me
		if first {
			now := w.clock.Now()
			for len(w.done) > 0 && !w.done[0].Add(w.per).After(now) {
				w.done = w.done[1:]
			}
			token := w.fill(now)
			switch {
			case now.Before(w.until):
				wait = w.until.Sub(now)
			case token > 0:
				wait = token
			case w.inflight+len(w.done) < w.n:
				if take {
					w.inflight++
					if w.every > 0 {
						w.tokens--
					}
				}
				w.leave(me)
				w.mu.Unlock()
				return nil
			case len(w.done) > 0:
				wait = w.done[0].Add(w.per).Sub(now)
			}
		}
		w.mu.Unlock()
		var timer <-chan time.Time
		if wait > 0 {
			timer = w.clock.After(wait)
		}
		select {
		case <-ctx.Done():
			w.mu.Lock()
			w.leave(me)
			w.mu.Unlock()
			return ctx.Err()
		case <-me.poke:
		case <-timer:
		}
		w.mu.Lock()
	}
}

// enqueue puts a waiter in its place: an urgent one after the urgent ones
// already waiting, before those that can wait. The caller holds mu.
func (w *Window) enqueue(me *waiter) {
	i := len(w.queue)
	if me.urgent {
		i = 0
		for i < len(w.queue) && w.queue[i].urgent {
			i++
		}
	}
	w.queue = slices.Insert(w.queue, i, me)
	if i == 0 && len(w.queue) > 1 {
		w.queue[1].wake() // no longer first: it sleeps until it is again
	}
}

// leave takes a waiter out of the queue, and wakes the new first. The
// caller holds mu.
func (w *Window) leave(me *waiter) {
	i := slices.Index(w.queue, me)
	if i < 0 {
		return
	}
	w.queue = slices.Delete(w.queue, i, i+1)
	if i == 0 {
		w.wakeFirst()
	}
}

// wakeFirst tells the first waiter to look again. The caller holds mu.
func (w *Window) wakeFirst() {
	if len(w.queue) > 0 {
		w.queue[0].wake()
	}
}

func (me *waiter) wake() {
	select {
	case me.poke <- struct{}{}:
	default:
	}
}

func (w *Window) complete() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.inflight--
	w.done = append(w.done, w.clock.Now())
	w.wakeFirst()
}

// Ready waits until a request made with ctx could be admitted, without
// taking its place: a chat's worker waits so before it takes a board from
// the queue, so that the board it sends is the newest one queued by then
// (queued updates of a board merge, one taken does not).
func (w *Window) Ready(ctx context.Context) error {
	return w.admit(ctx, false)
}

// Full says whether a request would have to wait now.
func (w *Window) Full() bool { return w.Room() == 0 }

// Room is how many requests could go now without waiting.
func (w *Window) Room() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	now := w.clock.Now()
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

// Hold makes every request wait until d from now (a 429's retry_after).
func (w *Window) Hold(d time.Duration) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if u := w.clock.Now().Add(d); u.After(w.until) {
		w.until = u
	}
}
