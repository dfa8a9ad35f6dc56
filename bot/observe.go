package bot

import "time"

// Observer hears what the core and the adapters do, for an operator's
// metrics (internal/metrics, served by tablee serve's admin listener). Its
// methods are called on the way of a move and must not block; none takes a
// chat or a user, so that nothing in the figures grows with the number of
// players. A core without one reports to nothing.
type Observer interface {
	// Moved is a move applied and saved: a person's (or a timeout's) or a
	// bot's.
	Moved(game string, byBot bool)
	// Refused is a move the game's rules refused.
	Refused(game string)
	// Saved is one save of a table (with its move, if any) and how long the
	// store took; err is what it returned.
	Saved(d time.Duration, err error)
	// Shown is a table's batch of messages delivered, d after the first of
	// its moves was saved.
	Shown(game string, d time.Duration)
	// DeadlineLate is a turn's deadline applied late after it ran out (the
	// scheduler was busy, or the process was down).
	DeadlineLate(game string, late time.Duration)
	// PlatformCall is one request to a platform's API: its method (a name
	// or a route without ids), the HTTP status or API error code (0: no
	// answer, a network error), and how long it took.
	PlatformCall(platform, method string, code int, d time.Duration)
	// LimitWaited is time a request waited for a platform's rate limit
	// before it was sent.
	LimitWaited(platform string, d time.Duration)
	// IdleGame is a started game nobody plays (idle.go): told it will
	// stop (stopped false), or stopped. reason is why: IdleQuiet (nobody
	// moved for Options.IdleGame, or the grace period ran out), IdleRound
	// (a full round on timeouts alone) or IdleAllLeft (every player left).
	IdleGame(game, reason string, stopped bool)
	// RateLimited is a command refused by the rate limits (ratelimit.go),
	// by the bucket that refused it: ScopeUser or ScopeChat.
	RateLimited(scope string)
	// LeftAtStop is updates a platform fetched or was sent and did not
	// play because the stop began: they come again after the restart
	// (the adapters' stop.go).
	LeftAtStop(platform string, n int)
}

// Reasons of Observer.IdleGame.
const (
	IdleQuiet   = "quiet"
	IdleRound   = "round"
	IdleAllLeft = "all_left"
)

// Scopes of Observer.RateLimited: the user's bucket, or his group chat's.
const (
	ScopeUser = "user"
	ScopeChat = "chat"
)

// noObserver hears nothing: the core without metrics.
type noObserver struct{}

func (noObserver) Moved(string, bool)                              {}
func (noObserver) Refused(string)                                  {}
func (noObserver) Saved(time.Duration, error)                      {}
func (noObserver) Shown(string, time.Duration)                     {}
func (noObserver) DeadlineLate(string, time.Duration)              {}
func (noObserver) PlatformCall(string, string, int, time.Duration) {}
func (noObserver) LimitWaited(string, time.Duration)               {}
func (noObserver) IdleGame(string, string, bool)                   {}
func (noObserver) RateLimited(string)                              {}
func (noObserver) LeftAtStop(string, int)                          {}

// Observer is what the core reports to, for the adapters to report their
// platform calls to the same place; never nil.
func (c *Core) Observer() Observer { return c.obs }

// Backlog is the number of tables whose messages are being delivered or
// wait for their deliverer: the outbox depth an operator watches.
func (c *Core) Backlog() int {
	c.outMu.Lock()
	defer c.outMu.Unlock()
	return len(c.outRunning)
}

// UsersInMemory is the number of user records kept in memory.
func (c *Core) UsersInMemory() int {
	c.usersMu.Lock()
	defer c.usersMu.Unlock()
	return len(c.users)
}
