package telegram

import (
	"strings"
	"testing"
	"time"

	"github.com/tablee/tablee/bot"
	"github.com/tablee/tablee/challenge"
	"github.com/tablee/tablee/challenge/forcore"
	"github.com/tablee/tablee/games/duplicate"
	"github.com/tablee/tablee/i18n"
)

// testChallengeSecret is the deployment's secret of the challenge tests,
// the same in the Discord adapter's tests: one deployment, two platforms.
const testChallengeSecret = "the daily challenge's secret of the adapters' tests"

// challengeHarness is a harness whose core offers the daily challenge on
// its bbolt file.
func challengeHarness(t *testing.T) (*harness, *challenge.Service) {
	h := newHarness(t)
	var svc *challenge.Service
	h.coreOpts = func(o *bot.Options) {
		s, err := challenge.New(o.Store, challenge.Config{Secret: []byte(testChallengeSecret)})
		if err != nil {
			t.Fatal(err)
		}
		svc, o.Challenges = s, forcore.New(s)
	}
	h.restart()
	return h, svc
}

// /defi on Telegram: answered in the private chat, asked there or in a
// group, with the turn's picture; the group reads nothing of it; a move
// gets one answer, the top of a turn shows only once it is played.
func TestChallengeOnTelegram(t *testing.T) {
	h, svc := challengeHarness(t)
	day := duplicate.DayOf(time.Date(2026, 11, 21, 20, 0, 0, 0, time.UTC)) // the harness's core clock
	d, err := svc.Deal("motsdetete", day)
	if err != nil {
		t.Fatal(err)
	}
	h.say(alice, alice.ID, 0, "/challenge motsdetete")
	ms := h.f.botMessages(alice.ID)
	first := oneAnswer(t, ms, "/challenge in private")
	if !strings.Contains(first.Text, "turn 1 of 12") {
		t.Fatalf("/challenge in private: %+v", ms)
	}
	// The first position everyone gets: the grid of the deal's first turn.
	// The deployment's deal, made from its secret alone, as the Discord
	// adapter's test makes it: players of both platforms get this one.
	seed, err := duplicate.Seed([]byte(testChallengeSecret), "motsdetete", day)
	if err != nil {
		t.Fatal(err)
	}
	ref, err := duplicate.Make("motsdetete", seed)
	if err != nil {
		t.Fatal(err)
	}
	for i := range ref.Turns {
		if string(ref.Turns[i].Position) != string(d.Turns[i].Position) || ref.Turns[i].Top != d.Turns[i].Top {
			t.Fatalf("turn %d: the stored deal is not the deployment's", i+1)
		}
	}
	g, err := d.Position(0)
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range g.Public().Board[1:16] {
		if !strings.Contains(first.Text, line) {
			t.Fatalf("the first grid's line %q is not in\n%s", line, first.Text)
		}
	}
	assertNoTop(t, first.Text, d, 0)

	// Asked in a group: the answer goes to the private chat, the group
	// gets nothing of the challenge.
	before := len(h.f.botMessages(group))
	h.say(bob, group, 0, "/defi mots de tête")
	if got := h.f.botMessages(group)[before:]; len(got) != 0 {
		for _, m := range got {
			if strings.Contains(m.Text, "turn 1") || m.Photo != 0 {
				t.Fatalf("the group reads bob's challenge: %+v", m)
			}
		}
	}
	bobs := oneAnswer(t, h.f.botMessages(bob.ID), "bob's /defi from the group")
	if !strings.Contains(bobs.Text, "turn 1 of 12") {
		t.Fatalf("bob's /defi from the group: %+v", bobs)
	}
	// The same deal for both: the same first grid.
	for _, line := range g.Public().Board[1:16] {
		if !strings.Contains(bobs.Text, line) {
			t.Fatalf("bob's first grid differs: %q not in\n%s", line, bobs.Text)
		}
	}

	// A move: one answer, its top, then the next turn; nothing else.
	for i := range 3 {
		n := len(h.f.botMessages(alice.ID))
		h.say(alice, alice.ID, 0, "/challenge "+d.Turns[i].Top)
		got := h.f.botMessages(alice.ID)[n:]
		all := oneAnswer(t, got, "turn "+d.Turns[i].Top)
		if !strings.Contains(all.Text, "The top: "+bot.ToldMove(d.Game, d.Turns[i].Top, i18n.EN)) || !strings.Contains(all.Text, "100.0%") {
			t.Fatalf("turn %d: %+v", i+1, got)
		}
		assertNoTop(t, all.Text, d, i+1)
	}
	if got := h.f.botMessages(group)[before:]; len(got) != 0 {
		t.Fatalf("the group got %d messages during the challenge: %+v", len(got), got)
	}
}

// assertNoTop fails if text holds the top of a turn from `from` on.
func assertNoTop(t *testing.T, text string, d *duplicate.Deal, from int) {
	t.Helper()
	for k := from; k < len(d.Turns); k++ {
		told := bot.ToldMove(d.Game, d.Turns[k].Top, i18n.EN)
		if strings.Contains(strings.ToUpper(text), strings.ToUpper(d.Turns[k].Top)) || strings.Contains(text, told) {
			t.Fatalf("the top of turn %d is shown before it was played:\n%s", k+1, text)
		}
	}
}

// oneAnswer checks that ms are one answer of the core as Telegram shows an
// answer with a picture: the photo, and its text in a message of its own
// when the caption cannot hold it (render.go); it returns them as one
// message of both texts.
func oneAnswer(t *testing.T, ms []fakeMsg, what string) fakeMsg {
	t.Helper()
	if len(ms) == 0 || len(ms) > 2 || ms[0].Photo == 0 || (len(ms) == 2 && ms[1].Photo != 0) {
		t.Fatalf("%s: want one answer (a photo, and its text), got %d messages: %+v", what, len(ms), ms)
	}
	m := ms[0]
	if len(ms) == 2 {
		m.Text += "\n" + ms[1].Text
	}
	return m
}
