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
}

func newObserved() *observed { return &observed{moves: map[string]int{}, refusals: map[string]int{}} }

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
