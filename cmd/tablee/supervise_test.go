package main

import (
	"context"
	"errors"
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tablee/tablee/bot"
	"github.com/tablee/tablee/internal/redact/redacttest"
)

// A platform that fails is started again after a pause, and the other one
// plays on meanwhile, never restarted: one platform down never stops the
// other. Each failure is logged with its error and the pause.
func TestPlatformDownDoesNotStopTheOther(t *testing.T) {
	defer func(p time.Duration) { firstPause = p }(firstPause)
	firstPause = 5 * time.Millisecond
	var logged redacttest.Buffer
	log := slog.New(slog.NewTextHandler(&logged, nil))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()

	var flaky, steady atomic.Int32
	up := make(chan struct{})
	platforms := []platform{
		{name: "flaky", run: func(ctx context.Context, _ *bot.Core, _ *slog.Logger, _ func(bool)) error {
			if flaky.Add(1) < 4 {
				return errors.New("connection refused")
			}
			close(up)
			<-ctx.Done()
			return nil
		}},
		{name: "steady", run: func(ctx context.Context, _ *bot.Core, _ *slog.Logger, _ func(bool)) error {
			steady.Add(1)
			<-ctx.Done()
			return nil
		}},
	}
	h := newHealth(platforms)
	var wg sync.WaitGroup
	for _, p := range platforms {
		wg.Add(1)
		go func() { defer wg.Done(); supervise(ctx, p, nil, log, h) }()
	}
	select {
	case <-up:
	case <-time.After(10 * time.Second): // a hang, not a speed measure
		t.Fatal("the failing platform was not started again")
	}
	cancel()
	wg.Wait()
	if n := steady.Load(); n != 1 {
		t.Errorf("the working platform was started %d times, want once", n)
	}
	out := logged.String()
	if n := strings.Count(out, `msg="platform down" platform=flaky err="connection refused"`); n != 3 {
		t.Errorf("%d failures logged, want 3:\n%s", n, out)
	}
	for _, pause := range []string{"retry_in=5ms", "retry_in=10ms", "retry_in=20ms"} {
		if !strings.Contains(out, pause) {
			t.Errorf("no %s: the pause doubles:\n%s", pause, out)
		}
	}
	if h.state["flaky"] != "running" || h.state["steady"] != "running" {
		t.Errorf("health: %v", h.state)
	}
}
