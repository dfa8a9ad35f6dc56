package bot

import (
	"testing"
	"time"
)

// limited is a harness whose core keeps users to 3 commands at once and
// one a second more, and a chat to 7 at once and one a second more.
func limited(t *testing.T) *harness {
	h := newHarness(t)
	h.tune = func(o *Options) {
		o.RateLimits = RateLimits{User: RateLimit{Burst: 3, Every: time.Second}, Chat: RateLimit{Burst: 7, Every: time.Second}}
	}
	h.restart()
	return h
}

// A user past his limit is told once, in private, then answered nothing
// until his bucket is full again; he is then played as before.
func TestFloodingUserToldOnceThenSilence(t *testing.T) {
	h := limited(t)
	for i := range 3 {
		if outs := h.do("mallory", "/help"); len(outs) == 0 || outs[0].Refusal {
			t.Fatalf("command %d within the burst: %+v", i, outs)
		}
	}
	if h.core.Ignored("local:mallory") {
		t.Fatal("ignored before he was told")
	}
	mustRefuse(t, h.do("mallory", "/help"), "Slow down")
	if !h.core.Ignored("local:mallory") || h.core.Ignored("local:alice") {
		t.Fatal("Ignored does not say who is ignored")
	}
	for i := range 50 {
		if outs := h.do("mallory", "/help"); len(outs) != 0 {
			t.Fatalf("command %d past the limit, told already: answered %+v", i, outs)
		}
	}
	// Tokens come back, but he goes on: nothing of his is played until
	// he slowed down for good.
	for range 5 {
		h.clock.Advance(500 * time.Millisecond)
		if outs := h.do("mallory", "/help"); len(outs) != 0 {
			t.Fatalf("answered before he slowed down: %+v", outs)
		}
	}
	// Quiet long enough to fill his bucket: as new.
	h.clock.Advance(3 * time.Second)
	if h.core.Ignored("local:mallory") {
		t.Fatal("still ignored once he slowed down")
	}
	for range 3 {
		mustOK(t, h.do("mallory", "/help"))
	}
	mustRefuse(t, h.do("mallory", "/help"), "Slow down")
}

// A flooder's refused commands take nothing of his chat's budget: another
// member of the chat is answered as if there were no flood.
func TestFloodSparesTheOtherMembers(t *testing.T) {
	h := limited(t)
	for range 200 {
		h.doIn("local:group", "mallory", "/help")
	}
	for i := range 2 {
		if outs := h.doIn("local:group", "alice", "/help"); len(outs) == 0 || outs[0].Refusal {
			t.Fatalf("alice's command %d after the flood: %+v", i, outs)
		}
	}
	// The chat's own limit still holds against many members at once.
	for _, u := range []string{"bob", "carol"} {
		mustOK(t, h.doIn("local:group", u, "/help"))
	}
	mustRefuse(t, h.doIn("local:group", "dave", "/help"), "Slow down")
	// In private the chat's bucket is not spent: only his own.
	if outs := h.core.Handle(t.Context(), Command{Chat: "local:erin", Private: true, User: User{ID: "local:erin", Name: "erin"}, Name: "help"}); len(outs) == 0 || outs[0].Refusal {
		t.Fatalf("a private command refused for the group's flood: %+v", outs)
	}
}

// Zero limits (the terminal chat, the tests) limit nothing; a burst with
// no pace is refused at start-up.
func TestRateLimitsOffByDefault(t *testing.T) {
	h := newHarness(t)
	for i := range 100 {
		if outs := h.do("alice", "/help"); len(outs) == 0 || outs[0].Refusal {
			t.Fatalf("command %d refused without limits: %+v", i, outs)
		}
	}
	if _, err := New(Options{Store: h.st, RateLimits: RateLimits{User: RateLimit{Burst: 3}}}); err == nil {
		t.Fatal("a burst with no pace was accepted")
	}
}
