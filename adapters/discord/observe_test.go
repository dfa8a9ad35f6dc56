package discord

import (
	"net/url"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// The metrics name a REST call without its ids or tokens: one series per
// kind of call, and no interaction token in them.
func TestRouteLeavesOutIdsAndTokens(t *testing.T) {
	for raw, want := range map[string]string{
		"https://discord.com/api/v9/channels/123456789012345678/messages":                     "POST /channels/:id/messages",
		"https://discord.com/api/v9/interactions/123456789012345678/aW50ZXJhY3Rpb24/callback": "POST /interactions/:id/:token/callback",
		"https://discord.com/api/v9/webhooks/42/aW50ZXJhY3Rpb24/messages/@original":           "POST /webhooks/:id/:token/messages/@original",
		"http://127.0.0.1:5555/api/v10/users/@me/channels":                                    "POST /users/@me/channels",
	} {
		u, err := url.Parse(raw)
		if err != nil {
			t.Fatal(err)
		}
		if got := route("POST", u.Path); got != want {
			t.Errorf("route(%s) = %q, want %q", raw, got, want)
		}
	}
}

// calls records the platform calls told to the core's observer.
type calls struct {
	mu   sync.Mutex
	seen map[string]int // "method code"
	left int            // interactions left unplayed by a stop
}

func (c *calls) Moved(string, bool)                 {}
func (c *calls) IdleGame(string, string, bool)      {}
func (c *calls) RateLimited(string)                 {}
func (c *calls) LeftAtStop(_ string, n int)         { c.mu.Lock(); c.left += n; c.mu.Unlock() }
func (c *calls) Refused(string)                     {}
func (c *calls) Saved(time.Duration, error)         {}
func (c *calls) Shown(string, time.Duration)        {}
func (c *calls) DeadlineLate(string, time.Duration) {}
func (c *calls) LimitWaited(string, time.Duration)  {}
func (c *calls) PlatformCall(platform, method string, code int, _ time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.seen[platform+" "+method+" "+strconv.Itoa(code)]++
}

// Each REST call of the adapter is told to the core's observer, by route
// and status: the answer to an interaction, the board posted.
func TestRESTCallsAreObserved(t *testing.T) {
	e := newEnv(t, Options{})
	c := &calls{seen: map[string]int{}}
	e.obs = c
	e.restart()
	e.slash(alice, channel, "play", "game", "tictactoe")
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.seen["discord POST /interactions/:id/:token/callback 204"]+c.seen["discord POST /interactions/:id/:token/callback 200"] == 0 {
		t.Errorf("the interaction's answer was not observed: %v", c.seen)
	}
	for k := range c.seen {
		if strings.Contains(k, channel) || strings.Contains(k, alice.ID) {
			t.Errorf("an id in a route: %q", k)
		}
	}
}

// Connected is told when the gateway is connected, and when the adapter
// stops.
func TestConnectedFollowsTheGateway(t *testing.T) {
	var up atomic.Int32 // 1 up, 2 down
	e := newEnv(t, Options{Connected: func(ok bool) {
		if ok {
			up.Store(1)
		} else {
			up.Store(2)
		}
	}})
	for wait := time.Now().Add(5 * time.Second); up.Load() != 1; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(wait) { // a hang, not a speed measure
			t.Fatalf("connected: %d, want up once the commands are registered", up.Load())
		}
	}
	e.stop()
	if up.Load() != 2 {
		t.Errorf("connected: %d, want down once stopped", up.Load())
	}
}
