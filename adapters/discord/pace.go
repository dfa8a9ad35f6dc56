package discord

import (
	"context"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/tablee/tablee/bot"
	"github.com/tablee/tablee/internal/ratewindow"
)

// DefaultGlobalRate is how many REST requests the adapter lets Discord
// count in any second outside the answers to interactions. Discord allows
// a bot 50 in all ("Global Rate Limit",
// docs.discord.com/developers/topics/rate-limits); the margin is for the
// requests of the same bot made by another process (the one a rolling
// restart replaces, the command registration).
const DefaultGlobalRate = 45

// paced is the REST client's transport that keeps the adapter under
// Discord's global rate limit, so that Discord never answers a global 429.
// Its window counts a request from when it leaves until a second after
// its answer came (ratewindow): a rate of departures let requests held up
// on the way (a dialled connection, a busy machine) reach Discord together
// with the next ones, one too many for its limit. It is paced as well
// (two at once, then one every 1/rate s): a window alone lets a backlog
// go in bunches of rate at once each second, and what goes out in a bunch
// lands on the machine at once too.
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
	lim     *ratewindow.Window
	timeout time.Duration // of each call once sent; 0 for none
}

func (p paced) RoundTrip(r *http.Request) (*http.Response, error) {
	if !interactionAnswer(r.URL.Path) {
		queued := time.Now()
		release, err := p.lim.Acquire(r.Context())
		p.obs.LimitWaited("discord", time.Since(queued))
		if err != nil {
			return nil, err
		}
		// Discord has counted the request once its answer came (or never
		// will, the call having failed): it counts a second longer.
		defer release()
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
// excepted, Discord counts at most rate in any second (a copy: the client
// may be a caller's). c's Timeout moves into the transport, after the wait.
func pacedClient(c *http.Client, rate int, obs bot.Observer) *http.Client {
	cp := *c
	base := cp.Transport
	if base == nil {
		base = http.DefaultTransport
	}
	cp.Transport = paced{base: base, obs: obs, lim: ratewindow.New(rate, time.Second, ratewindow.System{}).Paced(2, time.Second/time.Duration(max(rate, 1))), timeout: cp.Timeout}
	cp.Timeout = 0
	return &cp
}
