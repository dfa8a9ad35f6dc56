package discord

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

// The deployment of the challenge tests: the same secret and day as the
// Telegram adapter's, so that both check one deal.
const testChallengeSecret = "the daily challenge's secret of the adapters' tests"

var challengeNow = time.Date(2026, 11, 21, 20, 0, 0, 0, time.UTC)

type fixedClock time.Time

func (c fixedClock) Now() time.Time { return time.Time(c) }

// referenceDeal is the deployment's deal of the day, made from the secret
// alone: what every platform's player must get.
func referenceDeal(t *testing.T) *duplicate.Deal {
	seed, err := duplicate.Seed([]byte(testChallengeSecret), "motsdetete", duplicate.DayOf(challengeNow))
	if err != nil {
		t.Fatal(err)
	}
	d, err := duplicate.Make("motsdetete", seed)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// /challenge on Discord: ephemeral, with the turn's picture; the channel
// reads nothing of it; the first position is the deployment's; a move
// gets one answer, and no top shows before its turn is played.
func TestChallengeOnDiscord(t *testing.T) {
	t.Parallel()
	e := newEnv(t, Options{}, func(e *env) {
		e.coreOpts = func(o *bot.Options) {
			s, err := challenge.New(o.Store, challenge.Config{Secret: []byte(testChallengeSecret)})
			if err != nil {
				t.Fatal(err)
			}
			o.Challenges, o.Clock = forcore.New(s), fixedClock(challengeNow)
		}
	})
	d := referenceDeal(t)
	g, err := d.Position(0)
	if err != nil {
		t.Fatal(err)
	}
	before := len(e.f.channelMsgs(channel))
	in := e.slash(alice, channel, "challenge", "args", "motsdetete")
	m := in.Original
	if m == nil || !m.ephemeral() || !strings.Contains(m.text(), "turn 1 of 12") || len(m.Files) != 1 || len(in.Followups) != 0 {
		t.Fatalf("/challenge: %+v, %d followups", m, len(in.Followups))
	}
	for _, line := range g.Public().Board[1:16] {
		if !strings.Contains(m.text(), line) {
			t.Fatalf("the first grid is not the deployment's: %q not in\n%s", line, m.text())
		}
	}
	noTop(t, m.text(), d, 0)
	for i := range 3 {
		in := e.slash(alice, channel, "challenge", "args", d.Turns[i].Top)
		m := in.Original
		if m == nil || !m.ephemeral() || len(in.Followups) != 0 || !strings.Contains(m.text(), "The top: "+bot.ToldMove(d.Game, d.Turns[i].Top, i18n.EN)) {
			t.Fatalf("turn %d: %+v, %d followups", i+1, m, len(in.Followups))
		}
		noTop(t, m.text(), d, i+1)
	}
	// The pass button of the turn shown.
	var pass string
	for _, c := range m.components() {
		if strings.Contains(c.Label, "Pass") {
			pass = c.CustomID
		}
	}
	if pass == "" {
		t.Fatalf("no pass button: %+v", m.components())
	}
	for _, msg := range e.f.channelMsgs(channel)[before:] {
		if msg.public() {
			t.Fatalf("the channel reads the challenge: %+v", msg)
		}
	}
}

func noTop(t *testing.T, text string, d *duplicate.Deal, from int) {
	t.Helper()
	for k := from; k < len(d.Turns); k++ {
		told := bot.ToldMove(d.Game, d.Turns[k].Top, i18n.EN)
		if strings.Contains(strings.ToUpper(text), strings.ToUpper(d.Turns[k].Top)) || strings.Contains(text, told) {
			t.Fatalf("the top of turn %d is shown before it was played:\n%s", k+1, text)
		}
	}
}
