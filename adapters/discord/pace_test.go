package discord

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tablee/tablee/bot"
)

// TestInteractionAnswersAreNotPaced: the answers to interactions go at
// once, whatever the backlog of the rest (Discord does not count them:
// "Interaction endpoints are not bound to the bot's Global Rate Limit").
func TestInteractionAnswersAreNotPaced(t *testing.T) {
	sent := map[string]int{}
	base := roundTripper(func(r *http.Request) (*http.Response, error) {
		sent[r.URL.Path]++
		return &http.Response{StatusCode: 204, Body: http.NoBody, Header: http.Header{}}, nil
	})
	c := pacedClient(&http.Client{Transport: base}, 2, &calls{}) // two a second
	get := func(path string, timeout time.Duration) error {
		ctx, cancel := context.WithTimeout(context.Background(), timeout)
		defer cancel()
		req, _ := http.NewRequestWithContext(ctx, "POST", "https://discord.com/api/v9"+path, nil)
		resp, err := c.Do(req)
		if err == nil {
			resp.Body.Close()
		}
		return err
	}
	// Spend the window: the next message waits a second.
	for range 2 {
		if err := get("/channels/1/messages", time.Second); err != nil {
			t.Fatal(err)
		}
	}
	if err := get("/channels/1/messages", 100*time.Millisecond); err == nil {
		t.Fatal("a third message went at once at two a second")
	}
	for _, p := range []string{"/interactions/5/tok/callback", "/webhooks/9/tok", "/webhooks/9/tok/messages/@original"} {
		if err := get(p, 100*time.Millisecond); err != nil {
			t.Errorf("%s waited: %v", p, err)
		}
	}
	if sent["/api/v9/channels/1/messages"] != 2 {
		t.Errorf("%d messages sent, want 2", sent["/api/v9/channels/1/messages"])
	}
}

// TestChannelBucketFromHeaders: many messages for one channel at once keep
// to the bucket the fake announces in its X-RateLimit-* headers (discordgo
// reads them): none is refused, none lost, and they keep their order.
func TestChannelBucketFromHeaders(t *testing.T) {
	t.Parallel()
	e := newEnv(t, Options{GlobalRate: DefaultGlobalRate})
	f := e.f
	f.mu.Lock()
	f.limits = discordLimits()
	f.limits.chanPer = time.Second // 5 a second: the test takes two
	f.mu.Unlock()
	for i := range 12 {
		if err := e.a.Deliver(context.Background(), bot.Out{Dest: bot.ToChat, Chat: "discord:" + channel, Text: fmt.Sprintf("message %d", i)}); err != nil {
			t.Fatal(err)
		}
	}
	f.mu.Lock()
	refused := len(f.refused)
	f.mu.Unlock()
	if refused > 0 {
		t.Errorf("the fake refused %d messages", refused)
	}
	msgs := f.channelMsgs(channel)
	if len(msgs) != 12 {
		t.Fatalf("%d messages, want 12", len(msgs))
	}
	for i, m := range msgs {
		if !strings.Contains(m.Content, fmt.Sprintf("message %d", i)) {
			t.Errorf("message %d reads %q", i, m.Content)
		}
	}
}

// TestClientTimeoutBoundsTheCallNotTheWait: a message behind a backlog
// longer than the client's timeout is sent when its turn comes, rather than
// failing unsent; a call to Discord that hangs still ends at the timeout.
func TestClientTimeoutBoundsTheCallNotTheWait(t *testing.T) {
	t.Parallel()
	var hang atomic.Bool
	base := roundTripper(func(r *http.Request) (*http.Response, error) {
		if hang.Load() {
			<-r.Context().Done()
			return nil, r.Context().Err()
		}
		return &http.Response{StatusCode: 204, Body: http.NoBody, Header: http.Header{}}, nil
	})
	c := pacedClient(&http.Client{Transport: base, Timeout: 150 * time.Millisecond}, 10, &calls{})
	post := func() error {
		req, _ := http.NewRequest("POST", "https://discord.com/api/v9/channels/1/messages", nil)
		resp, err := c.Do(req)
		if err == nil {
			resp.Body.Close()
		}
		return err
	}
	errs := make(chan error, 8)
	for range 8 { // the last waits some 600 ms, four timeouts
		go func() { errs <- post() }()
	}
	for range 8 {
		if err := <-errs; err != nil {
			t.Errorf("a message behind the backlog failed: %v", err)
		}
	}
	hang.Store(true)
	began := time.Now()
	if err := post(); err == nil || time.Since(began) > 2*time.Second {
		t.Errorf("a hanging call ended after %v: %v", time.Since(began), err)
	}
}
