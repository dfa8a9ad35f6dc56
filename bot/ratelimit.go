package bot

import (
	"sync"
	"time"

	"github.com/tablee/tablee/internal/capped"
)

// Rate limits of the people who talk to the bot, so that one of them
// sending commands as fast as he can (a script, a stuck key) neither keeps
// the others waiting nor spends a group's budget of messages on the
// platform with refusals. Each user and each group chat has a token
// bucket: a command takes a token, a token comes back every Every, at most
// Burst are kept. Past his limit a user is told once, in private (a
// refusal is Private: Telegram sends it to his private chat, Discord
// answers it ephemerally), and then nothing at all until his bucket is
// full again, that is until he slowed down. His refused commands take no
// token of the chat: the chat's bucket counts only what was played, so
// that another member of a flooded group plays as usual.

// RateLimit is one token bucket: Burst commands at once, then one every
// Every. A zero Burst means no limit.
type RateLimit struct {
	Burst int
	Every time.Duration
}

// RateLimits are the buckets of each user and of each group chat.
type RateLimits struct {
	User RateLimit
	Chat RateLimit
}

// DefaultRateLimits let a person play as fast as a live game asks (a
// move a second, ten in a row) and a group as fast as four players do,
// and stop a script at once.
var DefaultRateLimits = RateLimits{
	User: RateLimit{Burst: 10, Every: time.Second},
	Chat: RateLimit{Burst: 40, Every: 250 * time.Millisecond},
}

// maxBuckets bounds the buckets kept (internal/capped): emptied, every
// bucket starts full again, which only forgives a flood for a moment.
const maxBuckets = 100_000

type bucket struct {
	tokens float64
	at     time.Time
	// told is set once the user was told he goes too fast; cleared when
	// his bucket is full again.
	told bool
}

// fill brings the bucket's tokens up to now.
func (b *bucket) fill(l RateLimit, now time.Time) {
	if b.at.IsZero() {
		b.tokens, b.at = float64(l.Burst), now
		return
	}
	if d := now.Sub(b.at); d > 0 {
		b.tokens += float64(d) / float64(l.Every)
		b.at = now
	}
	if b.tokens >= float64(l.Burst) {
		b.tokens = float64(l.Burst)
		b.told = false
	}
}

// rateLimiter holds the buckets of users and chats.
type rateLimiter struct {
	limits RateLimits
	mu     sync.Mutex
	users  map[string]*bucket
	chats  map[string]*bucket
}

func newRateLimiter(l RateLimits) *rateLimiter {
	return &rateLimiter{limits: l, users: map[string]*bucket{}, chats: map[string]*bucket{}}
}

// verdict is what the limiter says of a command.
type verdict int

const (
	allowed  verdict = iota
	tellOnce         // over the limit, and not told yet: one notice
	silent           // over the limit, told already: no answer
)

// allow takes a token of the user's bucket and, for a command in a group
// chat (chat not ""), of the chat's. A command refused takes none; scope
// names the bucket that refused it (ScopeUser, ScopeChat).
func (r *rateLimiter) allow(user, chat string, now time.Time) (v verdict, scope string) {
	if r == nil {
		return allowed, ""
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	var ub, cb *bucket
	if r.limits.User.Burst > 0 {
		ub = r.bucket(r.users, user, r.limits.User, now)
	}
	if chat != "" && r.limits.Chat.Burst > 0 {
		cb = r.bucket(r.chats, chat, r.limits.Chat, now)
	}
	if ub != nil && ub.told {
		// Told already: nothing of his is played until he slowed down
		// (fill clears told), or a token coming back now and then would
		// let a script spend a group's budget a command at a time.
		return silent, ScopeUser
	}
	if (ub != nil && ub.tokens < 1) || (cb != nil && cb.tokens < 1) {
		scope = ScopeChat
		if ub != nil && ub.tokens < 1 {
			scope = ScopeUser
		}
		if ub == nil {
			// No bucket of his own: the chat's limit alone, told each
			// time (a chat limit without a user limit is a test's).
			return tellOnce, scope
		}
		ub.told = true
		return tellOnce, scope
	}
	if ub != nil {
		ub.tokens--
	}
	if cb != nil {
		cb.tokens--
	}
	return allowed, ""
}

func (r *rateLimiter) bucket(m map[string]*bucket, key string, l RateLimit, now time.Time) *bucket {
	b := m[key]
	if b == nil {
		b = &bucket{}
		capped.Set(m, key, b, maxBuckets)
	}
	b.fill(l, now)
	return b
}

// allow asks the limiter about a command: a group chat's command counts
// for the chat too, a private one for its author alone. A refusal is
// counted for the operator's metrics.
func (c *Core) allow(cmd Command) verdict {
	chat := cmd.Chat
	if cmd.Private {
		chat = ""
	}
	v, scope := c.limiter.allow(cmd.User.ID, chat, c.clock.Now())
	if v != allowed {
		c.obs.RateLimited(scope)
	}
	return v
}

// Ignored tells whether a user's commands are ignored now: he went past
// his rate limit, was told, and has not slowed down since. An adapter may
// drop his messages before anything else is done with them (recorded as
// seen, queued behind his chat's other commands): the core would answer
// them nothing, and a flood costs the others nothing. An adapter that
// drops a command so reports it to the Observer (RateLimited, ScopeUser),
// as the core would have.
func (c *Core) Ignored(user string) bool {
	return c.limiter.ignored(user, c.clock.Now())
}

func (r *rateLimiter) ignored(user string, now time.Time) bool {
	if r == nil || r.limits.User.Burst == 0 {
		return false
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	b := r.users[user]
	if b == nil {
		return false
	}
	b.fill(r.limits.User, now)
	return b.told
}
