package discord

import (
	"strings"
	"testing"
	"time"
)

// An interaction that comes once the stop began is not played but told,
// ephemerally and in its user's language, to try again in a moment, well
// within Discord's three seconds; the one under way when the stop began
// is played and answered.
func TestStopTellsNewInteractionsToTryAgain(t *testing.T) {
	e := newEnv(t, Options{})
	obs := &calls{seen: map[string]int{}}
	e.obs = obs
	e.restart()
	e.saveDelay.Store(int64(1500 * time.Millisecond)) // a slow disk: the /play below is under way at the stop
	played := make(chan *finter, 1)
	go func() { played <- e.slash(alice, channel, "play", "game", "tictactoe") }()
	time.Sleep(300 * time.Millisecond)
	e.cancel()
	for deadline := time.Now().Add(2 * time.Second); ; time.Sleep(5 * time.Millisecond) {
		e.a.mu.Lock()
		stopping := e.a.stopping
		e.a.mu.Unlock()
		if stopping {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the stop never began")
		}
	}
	for _, c := range []struct {
		u    fuser
		want string
	}{{bob, "The bot is restarting, try again in a moment."}, {carol, "Le bot redémarre, réessaie dans un instant."}} {
		asked := time.Now()
		in := e.slash(c.u, channel, "help")
		if took := time.Since(asked); took >= 3*time.Second {
			t.Errorf("%s answered after %v, past Discord's 3 s", c.u.Name, took)
		}
		if in.Original == nil || !in.Original.ephemeral() || in.Original.text() != c.want {
			t.Errorf("%s got %+v, want the ephemeral %q", c.u.Name, in.Original, c.want)
		}
	}
	in := <-played
	if in.reply() == "" || strings.Contains(in.reply(), "restarting") {
		t.Errorf("the /play under way at the stop was not played: %q", in.reply())
	}
	// The operator sees them (tablee_stop_left_updates_total).
	obs.mu.Lock()
	defer obs.mu.Unlock()
	if obs.left != 2 {
		t.Errorf("%d interactions reported left at the stop, want 2", obs.left)
	}
}
