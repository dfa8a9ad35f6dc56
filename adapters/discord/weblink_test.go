package discord

import (
	"strconv"
	"strings"
	"testing"
)

// With a web table, a player's hand carries a link button (style 5) to
// his own page, in his DMs and in an ephemeral hand alike: on the
// messages he already gets, none more; the board carries none.
func TestWebLinkRidesTheHand(t *testing.T) {
	t.Parallel()
	link := func(user string, table uint64) string { return "https://tablee.example/t/" + user }
	count := func(e *env) int {
		n := 0
		for _, u := range []fuser{alice, bob} {
			n += len(e.f.channelMsgs(e.f.dmOf(u.ID)))
		}
		return n
	}
	plain := newEnv(t, Options{})
	plain.seated(channel)
	e := newEnv(t, Options{WebLink: link})
	e.seated(channel)
	if got, want := count(e), count(plain); got != want {
		t.Fatalf("%d DMs with the web table, %d without", got, want)
	}
	for _, u := range []fuser{alice, bob} {
		hand := e.f.hand(u.ID)
		if hand == nil {
			t.Fatalf("no hand for %s", u.ID)
		}
		if got := linkOf(hand); got != "https://tablee.example/t/discord:"+u.ID {
			t.Fatalf("%s's hand links to %q", u.ID, got)
		}
	}
	if got := linkOf(e.board(channel)); got != "" {
		t.Fatalf("the board links to %q", got)
	}
	// The hand asked for in the channel, ephemeral, has it too.
	in := e.slash(bob, channel, "hand")
	if in.Original == nil || !in.Original.ephemeral() || linkOf(in.Original) != "https://tablee.example/t/discord:"+bob.ID {
		t.Fatalf("the ephemeral hand: %+v", in.Original)
	}
}

func linkOf(m *fmsg) string {
	for _, c := range m.components() {
		if c.Style == 5 && strings.HasPrefix(c.URL, "https://") {
			return c.URL
		}
	}
	return ""
}

// With a web table, the board carries a link button (style 5) to the
// table's read-only page, for the channel's spectators: on the board it
// already posts and edits, no message more; the lobby's buttons stay
// playable beside it (the fake checks Discord's limits on each).
func TestWatchLinkRidesTheBoard(t *testing.T) {
	t.Parallel()
	watch := func(table uint64) string { return "https://tablee.example/t/watch" + strconv.FormatUint(table, 10) }
	plain := newEnv(t, Options{})
	plain.seated(channel)
	e := newEnv(t, Options{WatchLink: watch})
	e.seated(channel) // joined and started with the board's buttons, beside the link
	if got, want := len(e.f.channelMsgs(channel)), len(plain.f.channelMsgs(channel)); got != want {
		t.Fatalf("%d channel messages with the spectators' link, %d without", got, want)
	}
	b := e.board(channel)
	if got := linkOf(b); !strings.HasPrefix(got, "https://tablee.example/t/watch") {
		t.Fatalf("the board links to %q", got)
	}
	for _, u := range []fuser{alice, bob} {
		if hand := e.f.hand(u.ID); hand == nil || linkOf(hand) != "" {
			t.Fatalf("%s's hand: %+v", u.ID, hand)
		}
	}
}
