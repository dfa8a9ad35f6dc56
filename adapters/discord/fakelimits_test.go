package discord

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// fakeLimits are the rate limits the fake Discord enforces when a test
// sets them (fake.limits), as docs.discord.com/developers/topics/rate-limits
// describes them:
//
//   - "Global Rate Limit": "All bots can make up to 50 requests per second
//     to our API", whatever the route; "Interaction endpoints are not
//     bound to the bot's Global Rate Limit": the initial response
//     (/interactions/<id>/<token>/callback) and the requests on the
//     interaction's webhook (/webhooks/<application>/<token>: edits of the
//     response, followups; interactions/receiving-and-responding,
//     "Followup Messages") are not counted. The fake counts over any
//     sliding second, stricter than a fixed one.
//   - Per-route limits: Discord publishes no figure ("rate limits should
//     not be hard coded into your app. Instead, your app should parse
//     response headers"), and scopes them by top-level resource, the
//     channel for a channel's messages. The fake gives Create Message
//     (POST /channels/<id>/messages) a bucket per channel of chanMsgs
//     messages per chanPer, the values it returns in the headers of that
//     route ("Header Format": X-RateLimit-Limit, -Remaining, -Reset,
//     -Reset-After, -Bucket), which discordgo reads to pace itself.
//   - "Exceeding A Rate Limit": a 429 whose body holds retry_after
//     (seconds) and global, with Retry-After, and X-RateLimit-Global and
//     X-RateLimit-Scope: global for the global limit; X-RateLimit-Scope:
//     user for a route's bucket. The fake also sends X-RateLimit-Reset-After
//     with a global 429, which makes discordgo hold every request of the
//     session, the answers to interactions too (its global lock): the
//     worst a global 429 can do, which the adapter must never meet.
type fakeLimits struct {
	global    int
	globalPer time.Duration
	chanMsgs  int
	chanPer   time.Duration

	recent []time.Time            // the requests counted in the last globalPer
	chans  map[string]*fakeBucket // channel -> its Create Message bucket
	free   int                    // requests answering interactions, not counted
}

// fakeBucket is one route's bucket: a window from its first request.
type fakeBucket struct {
	used    int
	resetAt time.Time
}

// discordLimits are Discord's global limit and, for a channel's messages,
// the values the fake announces in its headers.
func discordLimits() *fakeLimits {
	return &fakeLimits{global: 50, globalPer: time.Second, chanMsgs: 5, chanPer: 5 * time.Second, chans: map[string]*fakeBucket{}}
}

// fakeRefusal is a 429 to answer.
type fakeRefusal struct {
	retryAfter time.Duration
	global     bool
	limit      int
}

func (r *fakeRefusal) write(w http.ResponseWriter) {
	secs := r.retryAfter.Seconds()
	h := w.Header()
	h.Set("Content-Type", "application/json")
	h.Set("Retry-After", strconv.Itoa(int(r.retryAfter/time.Second)+1))
	h.Set("X-RateLimit-Reset-After", strconv.FormatFloat(secs, 'f', 3, 64))
	if r.global {
		h.Set("X-RateLimit-Global", "true")
		h.Set("X-RateLimit-Scope", "global")
	} else {
		h.Set("X-RateLimit-Scope", "user")
		h.Set("X-RateLimit-Limit", strconv.Itoa(r.limit))
		h.Set("X-RateLimit-Remaining", "0")
		h.Set("X-RateLimit-Bucket", "fake-channel-messages")
	}
	w.WriteHeader(http.StatusTooManyRequests)
	fmt.Fprintf(w, `{"message": "You are being rate limited.", "retry_after": %.3f, "global": %t}`, secs, r.global)
}

// answersInteraction: a path free of the global limit.
func answersInteraction(path string) bool {
	return strings.HasPrefix(path, "/interactions/") || strings.HasPrefix(path, "/webhooks/")
}

// channelPost is the channel of a Create Message, "" for another route.
func channelPost(method, path string) string {
	parts := strings.Split(strings.Trim(path, "/"), "/")
	if method == "POST" && len(parts) == 3 && parts[0] == "channels" && parts[2] == "messages" {
		return parts[1]
	}
	return ""
}

// admit counts a request, or refuses it with the 429 Discord would send.
// The caller holds the fake's lock.
func (l *fakeLimits) admit(method, path string, now time.Time) *fakeRefusal {
	if answersInteraction(path) {
		l.free++
		return nil
	}
	keep := l.recent[:0]
	for _, t := range l.recent {
		if now.Sub(t) < l.globalPer {
			keep = append(keep, t)
		}
	}
	l.recent = keep
	if len(l.recent) >= l.global {
		return &fakeRefusal{retryAfter: l.globalPer - now.Sub(l.recent[0]), global: true}
	}
	if ch := channelPost(method, path); ch != "" {
		b := l.chans[ch]
		if b == nil || !now.Before(b.resetAt) {
			b = &fakeBucket{resetAt: now.Add(l.chanPer)}
			l.chans[ch] = b
		}
		if b.used >= l.chanMsgs {
			return &fakeRefusal{retryAfter: b.resetAt.Sub(now), limit: l.chanMsgs}
		}
		b.used++
	}
	l.recent = append(l.recent, now)
	return nil
}

// headers are a route's X-RateLimit-* headers after an admitted request.
func (l *fakeLimits) headers(h http.Header, method, path string, now time.Time) {
	ch := channelPost(method, path)
	b := l.chans[ch]
	if ch == "" || b == nil {
		return
	}
	h.Set("X-RateLimit-Limit", strconv.Itoa(l.chanMsgs))
	h.Set("X-RateLimit-Remaining", strconv.Itoa(l.chanMsgs-b.used))
	h.Set("X-RateLimit-Reset", strconv.FormatFloat(float64(b.resetAt.UnixMilli())/1000, 'f', 3, 64))
	h.Set("X-RateLimit-Reset-After", strconv.FormatFloat(b.resetAt.Sub(now).Seconds(), 'f', 3, 64))
	h.Set("X-RateLimit-Bucket", "fake-channel-messages")
}
