package telegram

import (
	"context"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/tablee/tablee/bot"
)

// calls records what the adapter tells the core's observer.
type calls struct {
	mu     sync.Mutex
	seen   map[string]int // "method code"
	waited time.Duration
	left   int // updates left unplayed by a stop
	denied int // commands refused by the rate limits
}

func (c *calls) Moved(string, bool)                 {}
func (c *calls) IdleGame(string, string, bool)      {}
func (c *calls) RateLimited(string)                 { c.mu.Lock(); c.denied++; c.mu.Unlock() }
func (c *calls) LeftAtStop(_ string, n int)         { c.mu.Lock(); c.left += n; c.mu.Unlock() }
func (c *calls) Refused(string)                     {}
func (c *calls) Saved(time.Duration, error)         {}
func (c *calls) Shown(string, time.Duration)        {}
func (c *calls) DeadlineLate(string, time.Duration) {}
func (c *calls) PlatformCall(platform, method string, code int, _ time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.seen[platform+" "+method+" "+strconv.Itoa(code)]++
}
func (c *calls) LimitWaited(platform string, d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if platform == "telegram" {
		c.waited += d
	}
}

// Each Bot API call is told to the core's observer with its method and
// code (a 429 too), and so is the time spent waiting for a group's 20
// messages a minute.
func TestCallsAndLimitWaitsAreObserved(t *testing.T) {
	h := newHarness(t)
	c := &calls{seen: map[string]int{}}
	h.obs = c
	h.restart()
	h.f.inject(fakeFail{method: "sendMessage", chat: group, code: 429, retryAfter: 3, times: 1})
	const n = 30 // past the group's 20 a minute
	for i := 0; i < n; i++ {
		if err := h.a.Deliver(context.Background(), bot.Out{Dest: bot.ToChat, Chat: chatKey(group, 0), Text: "event " + strconv.Itoa(i)}); err != nil {
			t.Fatal(err)
		}
	}
	h.settle()
	c.mu.Lock()
	defer c.mu.Unlock()
	if got := c.seen["telegram sendMessage 200"]; got != n {
		t.Errorf("%d sendMessage 200 observed, want %d: %v", got, n, c.seen)
	}
	if got := c.seen["telegram sendMessage 429"]; got != 1 {
		t.Errorf("%d sendMessage 429 observed, want 1: %v", got, c.seen)
	}
	// Ten messages past the 20 of the first minute wait for it to end.
	if c.waited < 30*time.Second {
		t.Errorf("waited %v for the limits, want at least 30 s", c.waited)
	}
}

// A flooder's commands the adapter drops before the core sees them (he
// was told to slow down) are counted as refused by the rate limits, as
// the ones the core refuses: the operator sees the whole flood. They are
// settled as played too: getUpdates's offset passes them (settle waits
// for every update to be confirmed), rather than staying on the first of
// them, given again at every poll and after a restart.
func TestFloodDroppedByTheAdapterIsCounted(t *testing.T) {
	h := newHarness(t)
	c := &calls{seen: map[string]int{}}
	h.obs = c
	h.coreOpts = func(o *bot.Options) {
		o.RateLimits = bot.RateLimits{User: bot.RateLimit{Burst: 2, Every: time.Hour}}
	}
	h.restart()
	const sent = 10
	for range sent {
		h.f.say(bob, group, 0, "/help", 0)
	}
	h.settle()
	c.mu.Lock()
	defer c.mu.Unlock()
	// Two played; the third told to slow down; the others dropped.
	if c.denied != sent-2 {
		t.Errorf("%d commands counted as refused by the rate limits, want %d", c.denied, sent-2)
	}
}
