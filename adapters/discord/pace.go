package discord

import (
	"context"
	"io"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/tablee/tablee/bot"
)

// DefaultGlobalRate is how many REST requests a second the adapter allows
// itself outside the answers to interactions. Discord allows a bot 50 in
// all ("Global Rate Limit", docs.discord.com/developers/topics/rate-limits);
// the margin covers the clocks of the two sides not agreeing on where a
// second starts.
const DefaultGlobalRate = 45

// paced is the REST client's transport that keeps the adapter under
// Discord's global rate limit, so that Discord never answers a global 429.
// It matters for the answers more than for what it paces: after a 429
// marked X-RateLimit-Global, discordgo holds every request of the session
// until retry_after, the answers to interactions too (its RateLimiter's
// global lock, ratelimit.go), although Discord does not count them
// against that limit ("Interaction endpoints are not bound to the bot's
// Global Rate Limit", topics/rate-limits, "Global Rate Limit"). So the
// boards, hands, hellos and pings of every channel wait their turn here,
// and the answers to interactions (their initial response, the edits of
// it and the followups: /interactions/... and /webhooks/...) go at once,
// never behind them. Each route's own bucket is discordgo's, from the
// X-RateLimit-* headers Discord sends.
//
// The client's Timeout bounds the call to Discord, not the wait for its
// turn: the client has none, and the transport gives each call, once its
// turn came, the timeout the client had. Otherwise a board behind a
// backlog longer than the timeout (1,000 boards are 22 s at 45 a second)
// would fail without ever being sent.
type paced struct {
	base    http.RoundTripper
	obs     bot.Observer
	lim     *tokenBucket
	timeout time.Duration // of each call once sent; 0 for none
}

func (p paced) RoundTrip(r *http.Request) (*http.Response, error) {
	if !interactionAnswer(r.URL.Path) {
		waited, err := p.lim.wait(r.Context())
		if waited > 0 {
			p.obs.LimitWaited("discord", waited)
		}
		if err != nil {
			return nil, err
		}
	}
	if p.timeout <= 0 {
		return p.base.RoundTrip(r)
	}
	ctx, cancel := context.WithTimeout(r.Context(), p.timeout)
	resp, err := p.base.RoundTrip(r.WithContext(ctx))
	if err != nil {
		cancel()
		return nil, err
	}
	// The timeout covers reading the body too, as the client's did.
	resp.Body = cancelOnClose{resp.Body, cancel}
	return resp, nil
}

// cancelOnClose is a response body that ends its call's context when
// closed.
type cancelOnClose struct {
	io.ReadCloser
	cancel context.CancelFunc
}

func (c cancelOnClose) Close() error {
	err := c.ReadCloser.Close()
	c.cancel()
	return err
}

// interactionAnswer: a request answering an interaction, free of the
// global limit: the callback (/interactions/<id>/<token>/callback) and the
// webhook of the interaction's token (edits of the original response,
// followups).
func interactionAnswer(path string) bool {
	_, rest, ok := strings.Cut(path, "/api/")
	if !ok {
		rest = strings.TrimPrefix(path, "/")
	}
	parts := strings.SplitN(rest, "/", 3)
	if len(parts) > 1 && strings.HasPrefix(parts[0], "v") {
		parts = parts[1:]
	}
	return len(parts) > 0 && (parts[0] == "interactions" || parts[0] == "webhooks")
}

// pacedClient returns a copy of c whose requests, answers to interactions
// excepted, keep to rate a second (a copy: the client may be a caller's).
// c's Timeout moves into the transport, after the wait.
func pacedClient(c *http.Client, rate float64, obs bot.Observer) *http.Client {
	cp := *c
	base := cp.Transport
	if base == nil {
		base = http.DefaultTransport
	}
	cp.Transport = paced{base: base, obs: obs, lim: newTokenBucket(rate, time.Now), timeout: cp.Timeout}
	cp.Timeout = 0
	return &cp
}

// tokenBucket lets through rate requests a second, with a burst of two at
// most: whichever second Discord counts in, it sees no more than rate+2.
// Waiters go in turn: each reserves the next token when it arrives.
type tokenBucket struct {
	mu     sync.Mutex
	every  time.Duration // one token
	burst  time.Duration // the bucket's depth, as a duration of tokens
	nextAt time.Time     // when the next token is free; earlier: a burst is left
	now    func() time.Time
}

func newTokenBucket(rate float64, now func() time.Time) *tokenBucket {
	every := time.Duration(float64(time.Second) / rate)
	return &tokenBucket{every: every, burst: every, now: now}
}

// wait takes a token, waiting for it when none is left; it returns how
// long it waited, and ctx's error when ctx ended first (the token is then
// lost, which only slows the others by one token).
func (b *tokenBucket) wait(ctx context.Context) (time.Duration, error) {
	now := b.now()
	d := b.reserve(now).Sub(now)
	if d <= 0 {
		return 0, nil
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return d, nil
	case <-ctx.Done():
		return d, ctx.Err()
	}
}

// reserve takes the next token and returns when it is free.
func (b *tokenBucket) reserve(now time.Time) time.Time {
	b.mu.Lock()
	defer b.mu.Unlock()
	if floor := now.Add(-b.burst); b.nextAt.Before(floor) {
		b.nextAt = floor
	}
	at := b.nextAt
	b.nextAt = b.nextAt.Add(b.every)
	return at
}
