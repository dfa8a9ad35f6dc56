package bot

import (
	"sync"
	"testing"
	"time"
)

// observed records what the core tells its observer.
type observed struct {
	mu       sync.Mutex
	moves    map[string]int // game + "/" + player or bot
	refusals map[string]int
	saves    int
	shown    int
	late     []time.Duration
	idle     map[string]int // game + "/" + reason + "/" + told or stopped
	limited  map[string]int // by scope
}

func newObserved() *observed {
	return &observed{moves: map[string]int{}, refusals: map[string]int{}, idle: map[string]int{}, limited: map[string]int{}}
}

func (o *observed) Moved(game string, byBot bool) {
	o.mu.Lock()
	defer o.mu.Unlock()
	by := "player"
	if byBot {
		by = "bot"
	}
	o.moves[game+"/"+by]++
}
func (o *observed) Refused(game string) { o.mu.Lock(); o.refusals[game]++; o.mu.Unlock() }
func (o *observed) Saved(time.Duration, error) {
	o.mu.Lock()
	o.saves++
	o.mu.Unlock()
}
func (o *observed) Shown(string, time.Duration) { o.mu.Lock(); o.shown++; o.mu.Unlock() }
func (o *observed) DeadlineLate(_ string, d time.Duration) {
	o.mu.Lock()
	o.late = append(o.late, d)
	o.mu.Unlock()
}
func (o *observed) PlatformCall(string, string, int, time.Duration) {}
func (o *observed) LimitWaited(string, time.Duration)               {}
func (o *observed) LeftAtStop(string, int)                          {}
func (o *observed) IdleGame(game, reason string, stopped bool) {
	step := "told"
	if stopped {
		step = "stopped"
	}
	o.mu.Lock()
	o.idle[game+"/"+reason+"/"+step]++
	o.mu.Unlock()
}
func (o *observed) RateLimited(scope string) { o.mu.Lock(); o.limited[scope]++; o.mu.Unlock() }

// count reads one of the observed maps under the lock.
func (o *observed) count(m map[string]int, key string) int {
	o.mu.Lock()
	defer o.mu.Unlock()
	return m[key]
}

// The core tells its observer each move by game and by who played it, the
// refusals of the rules, the saves, the batches shown and how late a
// deadline was applied: the figures of an operator's metrics.
func TestObserverHearsMovesRefusalsSavesAndLateDeadlines(t *testing.T) {
	h := newHarness(t)
	obs := newObserved()
	h.tune = func(o *Options) { o.Observer = obs }
	h.restart()
	mustOK(t, h.do("alice", "/play tictactoe"))
	mustOK(t, h.do("alice", "/settings turn=1h"))
	mustOK(t, h.do("alice", "/addbot"))
	mustOK(t, h.do("alice", "/start"))
	mustOK(t, h.do("alice", "/move 5")) // and the bot answers
	mustRefuse(t, h.do("alice", "/move 5"), "")
	h.rec.take() // delivers
	// Nobody plays: the deadline runs out, and the scheduler applies it
	// ten minutes late (as after a restart).
	h.clock.Advance(time.Hour + 10*time.Minute)
	h.core.Tick(ctxBG())
	h.rec.take()

	obs.mu.Lock()
	defer obs.mu.Unlock()
	// alice's move and her timeout (a player's seat), the bot's two answers.
	if obs.moves["tictactoe/player"] != 2 || obs.moves["tictactoe/bot"] != 2 {
		t.Errorf("moves heard: %v", obs.moves)
	}
	if obs.refusals["tictactoe"] != 1 {
		t.Errorf("refusals heard: %v", obs.refusals)
	}
	if obs.saves < 6 {
		t.Errorf("%d saves heard", obs.saves)
	}
	if obs.shown < 2 {
		t.Errorf("%d batches shown heard", obs.shown)
	}
	if len(obs.late) != 1 || obs.late[0] != 10*time.Minute {
		t.Errorf("deadlines late heard: %v, want one of 10m", obs.late)
	}
}

// A game nobody plays is counted when it is told and when it is stopped,
// with the reason: what an operator watches to see abandoned games end.
func TestObserverHearsIdleGamesToldAndStopped(t *testing.T) {
	h := newHarness(t)
	obs := newObserved()
	h.tune = func(o *Options) { o.Observer = obs }
	h.restart()
	h.seated()
	h.rec.take()
	h.clock.Advance(DefaultIdleGame)
	h.core.Tick(ctxBG())
	h.core.Flush()
	if n := obs.count(obs.idle, "tictactoe/quiet/told"); n != 1 {
		t.Fatalf("told counted %d times, want 1 (%v)", n, obs.idle)
	}
	h.clock.Advance(DefaultIdleGrace)
	h.core.Tick(ctxBG())
	h.core.Flush()
	if n := obs.count(obs.idle, "tictactoe/quiet/stopped"); n != 1 {
		t.Fatalf("stopped counted %d times, want 1 (%v)", n, obs.idle)
	}

	// A table every player left closes at once, counted as such.
	tb := h.seated()
	if t2 := h.core.lockLive(tb); t2 != nil {
		snap := t2.snapshot()
		for i := range t2.Seats {
			t2.Seats[i].Left = true
		}
		if !h.core.keep(t2, snap) {
			t.Fatal("not saved")
		}
		h.core.unlock(t2)
	}
	h.core.Tick(ctxBG())
	h.core.Flush()
	if n := obs.count(obs.idle, "tictactoe/all_left/stopped"); n != 1 {
		t.Fatalf("a table every player left counted %d times, want 1 (%v)", n, obs.idle)
	}
	if len(obs.idle) != 3 {
		t.Fatalf("counted more than what happened: %v", obs.idle)
	}
}

// Commands refused by the rate limits are counted by the bucket that
// refused them, the silent ones too: a flood shows in the metrics even
// when its author is answered nothing.
func TestObserverHearsRateLimitRefusals(t *testing.T) {
	h := newHarness(t)
	obs := newObserved()
	h.tune = func(o *Options) {
		o.Observer = obs
		o.RateLimits = RateLimits{User: RateLimit{Burst: 3, Every: time.Second}, Chat: RateLimit{Burst: 7, Every: time.Second}}
	}
	h.restart()
	for range 10 {
		h.doIn("local:group", "mallory", "/help") // 3 played, 1 told, 6 silent
	}
	for _, u := range []string{"alice", "bob", "carol", "dave"} {
		mustOK(t, h.doIn("local:group", u, "/help")) // the chat's 4th to 7th
	}
	mustRefuse(t, h.doIn("local:group", "erin", "/help"), "Slow down") // the chat's 8th
	if u, c := obs.count(obs.limited, ScopeUser), obs.count(obs.limited, ScopeChat); u != 7 || c != 1 {
		t.Fatalf("refusals counted user=%d chat=%d, want 7 and 1", u, c)
	}
}
