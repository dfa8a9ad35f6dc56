package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/tablee/tablee/bot"
)

// A platform that fails (its network, its API, a token it refuses) is
// started again after a pause, while the other platforms play on: one
// platform down never stops the other, nor the games that wait on it,
// whose messages are delivered once it is back.

// Pauses before a platform is started again: doubling from the first to
// the last; back to the first once it ran for restartsForgiven. (A
// variable, so that a test need not wait seconds.)
var firstPause = time.Second

const (
	lastPause        = 5 * time.Minute
	restartsForgiven = 5 * time.Minute
	healthEvery      = 15 * time.Minute
)

// supervise runs a platform until ctx ends, starting it again after each
// failure.
func supervise(ctx context.Context, p platform, core *bot.Core, log *slog.Logger, h *health) {
	pause := firstPause
	for failures := 1; ; failures++ {
		started := time.Now()
		h.set(p.name, "running", nil)
		err := p.run(ctx, core, log, func(up bool) { h.connected(p.name, up) })
		if ctx.Err() != nil {
			return
		}
		if time.Since(started) >= restartsForgiven {
			pause, failures = firstPause, 1
		}
		h.set(p.name, "down", err)
		log.Error("platform down", "platform", p.name, "err", err, "retry_in", pause.String(), "failures", failures)
		select {
		case <-ctx.Done():
			return
		case <-time.After(pause):
		}
		pause = min(2*pause, lastPause)
		log.Info("platform starting again", "platform", p.name)
	}
}

// health is what serve knows of its platforms, for the log and the admin
// listener's /readyz.
type health struct {
	mu    sync.Mutex
	state map[string]string
	errs  map[string]error
	since map[string]time.Time
	// up tells the platforms connected: running is not enough, a
	// platform runs while it connects and reconnects.
	up    map[string]bool
	names []string
}

func newHealth(platforms []platform) *health {
	h := &health{state: map[string]string{}, errs: map[string]error{}, since: map[string]time.Time{}, up: map[string]bool{}}
	for _, p := range platforms {
		h.names = append(h.names, p.name)
	}
	return h
}

func (h *health) set(name, state string, err error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.state[name] != state {
		h.since[name] = time.Now()
	}
	h.state[name], h.errs[name] = state, err
	if state != "running" {
		h.up[name] = false
	}
}

// connected records a platform's connection made (up) or lost.
func (h *health) connected(name string, up bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.up[name] = up
}

// ready is nil when the platform is connected, else what it is doing.
func (h *health) ready(name string) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	switch {
	case h.state[name] == "down" && h.errs[name] != nil:
		return fmt.Errorf("down since %s: %v", h.since[name].UTC().Format(time.RFC3339), h.errs[name])
	case h.state[name] == "down":
		return fmt.Errorf("down since %s", h.since[name].UTC().Format(time.RFC3339))
	case !h.up[name]:
		return errors.New("connecting")
	}
	return nil
}

// report logs, every interval, each platform's state and since when, and
// the tables in memory: what an operator reads to know the bot is well.
func (h *health) report(ctx context.Context, core *bot.Core, log *slog.Logger, every time.Duration) {
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		tables, bytes := core.TablesInMemory()
		attrs := []any{"tables_in_memory", tables, "table_bytes", bytes}
		h.mu.Lock()
		for _, n := range h.names {
			attrs = append(attrs, n, h.state[n]+" since "+h.since[n].UTC().Format(time.RFC3339))
			if h.state[n] == "down" && h.errs[n] != nil {
				attrs = append(attrs, n+"_err", h.errs[n])
			}
		}
		h.mu.Unlock()
		log.Info("health", attrs...)
	}
}
