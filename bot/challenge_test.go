package bot

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tablee/tablee/bot/challenges"
	"github.com/tablee/tablee/challenge"
	"github.com/tablee/tablee/challenge/forcore"
	"github.com/tablee/tablee/games/duplicate"
	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/store"
)

const testChallengeSecret = "the daily challenge's secret of the tests"

// challengeHarness is a harness whose core offers the daily challenge,
// its records on the harness's store (built again at every open, as a
// restarted process builds them).
func challengeHarness(t testing.TB) *harness {
	t.Helper()
	h := &harness{t: t}
	*h = *newHarnessWith(t, func(h *harness, opts *Options) {
		opts.Challenges = h.challengesOn(opts.Store)
	})
	return h
}

// newHarnessWith is newHarness with options tuned before each open.
func newHarnessWith(t testing.TB, tune func(*harness, *Options)) *harness {
	h := newHarness(t)
	h.close()
	h.tune = func(o *Options) { tune(h, o) }
	h.open()
	return h
}

// challengesOn are the daily challenge's records on the store, dealt with
// the binary's engines and dictionary.
func (h *harness) challengesOn(st store.Store) challenges.Records {
	return forcore.New(h.service(st))
}

// service is package challenge's records on st.
func (h *harness) service(st store.Store) *challenge.Service {
	h.t.Helper()
	svc, err := challenge.New(st, challenge.Config{Secret: []byte(testChallengeSecret)})
	if err != nil {
		h.t.Fatal(err)
	}
	return svc
}

// deal is today's deal of the harness's records (as every player gets it).
func (h *harness) deal(game string) *duplicate.Deal {
	h.t.Helper()
	// Stored once: the core's records read the same.
	d, err := h.service(h.st).Deal(game, duplicate.DayOf(h.clock.Now()))
	if err != nil {
		h.t.Fatal(err)
	}
	return d
}

// playTops starts who's challenge of today and plays the top of its
// first n turns; it returns the deal.
func (h *harness) playTops(who string, n int) *duplicate.Deal {
	h.t.Helper()
	d := h.deal("motsdetete")
	one(h.t, h.do(who, "/defi motsdetete"))
	for i := range n {
		mustOK(h.t, h.do(who, "/defi "+d.Turns[i].Top))
	}
	return d
}

// outsText is everything a player could read in outs: titles, texts,
// boards, alternative texts, button labels and data.
func outsText(outs []Out) string {
	var b strings.Builder
	for _, o := range outs {
		b.WriteString(o.Title + "\n" + o.Text + "\n" + strings.Join(o.Mono, "\n") + "\n" + o.Alt + "\n")
		for _, row := range o.Buttons {
			for _, btn := range row {
				b.WriteString(btn.Label + " " + btn.Data + " " + btn.Ask + "\n")
			}
		}
	}
	return b.String()
}

// mustNotSpoil fails if outs show the top of a turn from `from` on.
func mustNotSpoil(t *testing.T, outs []Out, d *duplicate.Deal, from int, who string) {
	t.Helper()
	all := outsText(outs)
	for k := from; k < len(d.Turns); k++ {
		if top := d.Turns[k].Top; strings.Contains(strings.ToUpper(all), strings.ToUpper(top)) ||
			strings.Contains(strings.ToUpper(all), strings.ToUpper(toldTop(d.Turns[k]))) {
			t.Fatalf("%s: the top of turn %d (%s) is shown before it was played:\n%s", who, k+1, top, all)
		}
	}
}

// one fails unless outs are one private answer, and returns it.
func one(t testing.TB, outs []Out) Out {
	t.Helper()
	if len(outs) != 1 || !outs[0].Private || outs[0].Dest != ToReply {
		t.Fatalf("want one private answer, got %d: %+v", len(outs), outs)
	}
	return outs[0]
}

func TestChallenge_NotSetUp(t *testing.T) {
	h := newHarness(t)
	o := one(t, h.do("alice", "/challenge"))
	if want := (i18n.Renderer{Lang: i18n.EN}).Text(i18n.T("bot.challenge.off")); o.Text != want {
		t.Fatalf("got %q", o.Text)
	}
	// Nothing else breaks: a game still opens.
	mustOK(t, h.do("alice", "/play tictactoe"))
}

// A whole challenge played through the core: each turn one private
// answer, the top shown only once its turn is played, the percentage
// running, the end with the total, the rank, the streak and the card;
// nothing in the chat.
func TestChallenge_WholeChallenge(t *testing.T) {
	h := challengeHarness(t)
	d := h.deal("motsdetete")
	n := len(d.Turns)
	o := one(t, h.do("alice", "/defi motsdetete"))
	if !strings.Contains(o.Title, "turn 1 of "+itoa(n)) || len(o.Picture) == 0 || o.Alt == "" || len(o.Mono) == 0 {
		t.Fatalf("first turn: %q picture %d alt %q mono %d", o.Title, len(o.Picture), o.Alt, len(o.Mono))
	}
	if !strings.Contains(o.Text, "/challenge ") || strings.Contains(o.Text, "/move") {
		t.Fatalf("the move's syntax is not /challenge's: %s", o.Text)
	}
	mustNotSpoil(t, []Out{o}, d, 0, "first turn")
	var points []int
	var card string
	for i := range n {
		move := d.Turns[i].Top
		if i%3 == 2 {
			move = "pass"
		}
		outs := h.do("alice", "/defi "+move)
		o := one(t, outs)
		if o.Refusal {
			t.Fatalf("turn %d: %s", i+1, o.Text)
		}
		if i%3 == 2 {
			points = append(points, 0)
		} else {
			points = append(points, d.Turns[i].TopScore)
		}
		if !strings.Contains(o.Text, toldTop(d.Turns[i])) {
			t.Fatalf("turn %d: the top is not shown once played:\n%s", i+1, o.Text)
		}
		mustNotSpoil(t, outs, d, i+1, "turn "+itoa(i+1))
		total, top, pct := d.Running(points)
		want := i18n.Renderer{Lang: i18n.EN}.Text(i18n.T("bot.challenge.running", total, top, pct.String()))
		if i < n-1 && !strings.Contains(o.Text, want) {
			t.Fatalf("turn %d: %q not in\n%s", i+1, want, o.Text)
		}
		if i < n-1 && (!strings.Contains(o.Title, "turn "+itoa(i+2)+" of") || len(o.Picture) == 0) {
			t.Fatalf("turn %d: the next turn is not shown: %q", i+1, o.Title)
		}
		if got := h.rec.take(); len(got) != 0 {
			t.Fatalf("turn %d: %d messages beside the answer: %+v", i+1, len(got), got)
		}
		if i == n-1 {
			_, _, pct := d.Running(points)
			r, err := h.service(h.st).Result("local:alice", "motsdetete", duplicate.DayOf(h.clock.Now()))
			if err != nil || r.Pct != pct {
				t.Fatalf("the result recorded: %v %v, want %v", err, r.Pct, pct)
			}
			card = r.Card()
			for _, want := range []string{"challenge finished", pct.String() + "%", "Today's standing: 1 of 1", "Here: 1 of 1", "Streak: 1 day", card} {
				if !strings.Contains(o.Text, want) {
					t.Errorf("the end lacks %q:\n%s", want, o.Text)
				}
			}
		}
	}
	// One attempt a day: the result again, nothing to play.
	o = one(t, h.do("alice", "/defi motsdetete"))
	if !strings.Contains(o.Text, "already played today's") {
		t.Fatalf("a second attempt: %s", o.Text)
	}
	mustRefuse(t, h.do("alice", "/defi pass"), "no challenge under way")
	// The card again.
	o = one(t, h.do("alice", "/challenge card"))
	if !strings.Contains(o.Text, card) {
		t.Fatalf("card: %s", o.Text)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// A refused move changes nothing; a button pressed twice plays one turn.
func TestChallenge_RefusalsAndDoubleSends(t *testing.T) {
	h := challengeHarness(t)
	d := h.deal("motsdetete")
	one(t, h.do("alice", "/defi motsdetete"))
	o := one(t, h.do("alice", "/defi A1 right ZZZZQ"))
	if !o.Refusal || !strings.Contains(o.Text, "nothing changed") {
		t.Fatalf("a bad move: %+v", o)
	}
	o = one(t, h.do("alice", "/defi motsdetete"))
	if !strings.Contains(o.Title, "turn 1 of") {
		t.Fatalf("after a refusal: %q", o.Title)
	}
	pass := o.Buttons[0][0].Data
	o = one(t, h.press("alice", pass, ""))
	if o.Refusal || !strings.Contains(o.Title, "turn 2 of") || !strings.Contains(o.Text, toldTop(d.Turns[0])) {
		t.Fatalf("pass: %q %s", o.Title, o.Text)
	}
	o = one(t, h.press("alice", pass, ""))
	if !o.Refusal || !strings.Contains(o.Text, "already played turn 1") {
		t.Fatalf("the pass pressed again: %+v", o)
	}
	mustNotSpoil(t, []Out{o}, d, 1, "double send")
	// Another player's button is his own turn's: bob has not started.
	o = one(t, h.press("bob", pass, ""))
	if !o.Refusal || !strings.Contains(o.Text, "not started") {
		t.Fatalf("bob's press: %+v", o)
	}
}

// The day changes at midnight in Paris, on a normal day and on both days
// the clocks change: a move of the day before is refused after it, and
// /defi deals the new day's challenge.
func TestChallenge_DayBoundary(t *testing.T) {
	paris, _ := time.LoadLocation("Europe/Paris")
	for _, day := range []time.Time{
		time.Date(2026, 11, 21, 23, 59, 0, 0, paris),
		time.Date(2026, 3, 28, 23, 59, 0, 0, paris),  // the night before summer time
		time.Date(2026, 3, 29, 23, 59, 0, 0, paris),  // the 23-hour day
		time.Date(2026, 10, 25, 23, 59, 0, 0, paris), // the 25-hour day
	} {
		t.Run(day.Format("2006-01-02"), func(t *testing.T) {
			h := challengeHarness(t)
			h.clock.now = day
			d1 := h.deal("motsdetete")
			o := one(t, h.do("alice", "/defi motsdetete"))
			first := strings.Join(o.Mono, "\n")
			mustOK(t, h.do("alice", "/defi "+d1.Turns[0].Top))
			h.clock.Advance(59 * time.Second) // 23:59:59: still the day
			if o := one(t, h.do("alice", "/defi "+d1.Turns[1].Top)); o.Refusal {
				t.Fatalf("a move at 23:59:59: %s", o.Text)
			}
			h.clock.Advance(time.Second) // 00:00 Paris
			if duplicate.DayOf(h.clock.Now()) != duplicate.DayOf(day).Next() {
				t.Fatalf("%v is not the next day", h.clock.Now())
			}
			o = one(t, h.do("alice", "/defi "+d1.Turns[2].Top))
			if !o.Refusal || !strings.Contains(o.Text, "no challenge under way") {
				t.Fatalf("a move of yesterday after midnight: %+v", o)
			}
			o = one(t, h.do("alice", "/defi motsdetete"))
			if !strings.Contains(o.Title, "turn 1 of") || strings.Join(o.Mono, "\n") == first {
				t.Fatalf("the new day: %q, the same grid: %v", o.Title, strings.Join(o.Mono, "\n") == first)
			}
			mustNotSpoil(t, []Out{o}, h.deal("motsdetete"), 0, "the new day")
		})
	}
}

// A new core on the same file resumes the player at his turn.
func TestChallenge_RestartResumes(t *testing.T) {
	h := challengeHarness(t)
	d := h.playTops("alice", 3)
	h.restart()
	o := one(t, h.do("alice", "/defi motsdetete"))
	if !strings.Contains(o.Title, "turn 4 of") {
		t.Fatalf("after a restart: %q", o.Title)
	}
	total, top, pct := d.Running([]int{d.Turns[0].TopScore, d.Turns[1].TopScore, d.Turns[2].TopScore})
	if want := (i18n.Renderer{Lang: i18n.EN}).Text(i18n.T("bot.challenge.running", total, top, pct.String())); !strings.Contains(o.Text, want) {
		t.Fatalf("after a restart: %q not in %s", want, o.Text)
	}
}

// The standing: names and percentages, global and here, a picture, and no
// word of the deal, even for who has not played.
func TestChallenge_Standing(t *testing.T) {
	h := challengeHarness(t)
	d := h.deal("motsdetete")
	for _, who := range []string{"alice", "bob"} {
		one(t, h.do(who, "/defi motsdetete"))
		for i := range d.Turns {
			move := d.Turns[i].Top
			if who == "bob" && i%2 == 0 {
				move = "pass"
			}
			mustOK(t, h.do(who, "/defi "+move))
		}
	}
	// dave, half way, sees the standing and has no card: nothing of the
	// turns he has yet to play.
	one(t, h.do("dave", "/defi motsdetete"))
	mustOK(t, h.do("dave", "/defi "+d.Turns[0].Top))
	for _, text := range []string{"/challenge leaderboard", "/challenge leaderboard month", "/challenge card", "/challenge"} {
		mustNotSpoil(t, h.do("dave", text), d, 1, "dave's "+text)
	}
	outs := h.do("carol", "/challenge leaderboard")
	o := one(t, outs)
	if len(o.Picture) == 0 || !strings.Contains(o.Text+strings.Join(o.Mono, "\n"), "alice") || !strings.Contains(strings.Join(o.Mono, "\n"), "100.0 %") {
		t.Fatalf("standing: picture %d\n%s\n%s", len(o.Picture), strings.Join(o.Mono, "\n"), o.Text)
	}
	if strings.Index(strings.Join(o.Mono, "\n"), "alice") > strings.Index(strings.Join(o.Mono, "\n"), "bob") {
		t.Fatalf("standing order:\n%s", strings.Join(o.Mono, "\n"))
	}
	mustNotSpoil(t, outs, d, 0, "carol's standing")
	for _, tu := range d.Turns {
		if strings.Contains(outsText(outs), tu.TopWord) {
			t.Fatalf("the standing holds the word %s", tu.TopWord)
		}
	}
	o = one(t, h.do("carol", "/defi classement mois"))
	if o.Refusal {
		t.Fatalf("month: %s", o.Text)
	}
}

// La Coquillaude's own /défi still contests a word at its table.
func TestChallenge_CoquillaudeVerbStaysTheGames(t *testing.T) {
	h := challengeHarness(t)
	mustOK(t, h.do("alice", "/jouer coquillaude bots=1"))
	mustOK(t, h.do("alice", "/commencer"))
	for _, o := range h.do("alice", "/défi pirates") {
		if strings.Contains(o.Title+o.Text, "challenge") && strings.Contains(o.Title+o.Text, "turn") {
			t.Fatalf("/défi at a Coquillaude table reached the daily challenge: %s %s", o.Title, o.Text)
		}
	}
	// The daily challenge is still there by its other name.
	o := one(t, h.do("alice", "/defidujour motsdetete"))
	if !strings.Contains(o.Title, "turn 1 of") {
		t.Fatalf("/defidujour: %q %s", o.Title, o.Text)
	}
}

// An attempt is no table of the core: /replay of its id refuses it as an
// unknown table, and neither /history nor /mygames lists it, so that no
// top leaks through them.
func TestChallenge_AttemptsAreNoTables(t *testing.T) {
	h := challengeHarness(t)
	d := h.playTops("alice", 4)
	rec, err := h.st.OpenTable(challenge.AttemptChat("motsdetete", duplicate.DayOf(h.clock.Now()), "local:alice"))
	if err != nil {
		t.Fatal(err)
	}
	unknown := (i18n.Renderer{Lang: i18n.EN}).Text(i18n.T("bot.replay_unknown"))
	for _, who := range []string{"alice", "bob"} {
		for _, text := range []string{"/replay " + itoa(int(rec.ID)), "/replay " + itoa(int(rec.ID)) + " 2", "/replay " + itoa(int(rec.ID)) + " 3 me"} {
			mustRefuse(t, h.do(who, text), unknown)
		}
		dm := Command{Chat: "local:dm:" + who, Private: true, User: User{ID: "local:" + who, Name: who}}
		for _, name := range []string{"history", "mygames"} {
			dm.Name = name
			outs := h.core.Handle(ctxBG(), dm)
			mustNotSpoil(t, outs, d, 0, who+"'s /"+name)
			if strings.Contains(outsText(outs), "#"+itoa(int(rec.ID))) {
				t.Fatalf("%s's /%s lists the attempt: %s", who, name, outsText(outs))
			}
		}
	}
	if strings.Contains(h.logs.String(), "level=ERROR") {
		t.Fatalf("errors logged:\n%s", h.logs.String())
	}
}

// BenchmarkChallengeMove is one move of the daily challenge answered
// through the core: the attempt read, the move scored on the turn's
// position and saved (one durable write), the top revealed and the next
// turn shown with its picture (drawn once for everyone: the render
// cache). Each move is a new player's first turn.
func BenchmarkChallengeMove(b *testing.B) {
	h := challengeHarness(b)
	d := h.deal("motsdetete")
	top := "/defi " + d.Turns[0].Top
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		user := "p" + strconv.Itoa(i)
		b.StopTimer()
		one(b, h.do(user, "/defi motsdetete"))
		b.StartTimer()
		if o := one(b, h.do(user, top)); o.Refusal {
			b.Fatal(o.Text)
		}
	}
}

// A bare /defi: with one game offered, its turn; with several, each
// game's state today and a button to play each, which opens its turn;
// a game finished today is told with its percentage, without a button.
func TestChallenge_Overview(t *testing.T) {
	h := challengeHarness(t)
	offered := h.core.opts.Challenges.Games()
	o := one(t, h.do("alice", "/defi"))
	if len(offered) == 1 {
		if !strings.Contains(o.Title, "turn 1 of") {
			t.Fatalf("one game offered: %q", o.Title)
		}
		return
	}
	if len(o.Buttons) != 1 || len(o.Buttons[0]) != len(offered) || strings.Count(o.Text, "not started yet") != len(offered) {
		t.Fatalf("the overview of %d games: %s %+v", len(offered), o.Text, o.Buttons)
	}
	o = one(t, h.press("alice", o.Buttons[0][0].Data, ""))
	if !strings.Contains(o.Title, "turn 1 of") {
		t.Fatalf("the first game's button: %q", o.Title)
	}
	o = one(t, h.do("alice", "/defi"))
	if !strings.Contains(o.Text, "under way, turn 1") {
		t.Fatalf("the overview after a start: %s", o.Text)
	}
}

// The day is written in sentences as people write it ("Friday 27
// November", "November 2026"), never as digits: the overview, the end, the
// card's title and the standings; the share card alone keeps its digits,
// which are no letter of the deal.
func TestChallenge_DatesAsPeopleWriteThem(t *testing.T) {
	h := challengeHarness(t)
	d := h.playTops("alice", len(h.deal("motsdetete").Turns)-1)
	end := one(t, h.do("alice", "/defi "+d.Turns[len(d.Turns)-1].Top))
	day := duplicate.DayOf(h.clock.Now())
	at := time.Date(day.Year, day.Month, day.Day, 12, 0, 0, 0, time.UTC)
	en := i18n.Renderer{Lang: i18n.EN}
	written, month := en.Text(i18n.Day(at)), en.Text(i18n.Month(at))
	digits := at.Format(time.DateOnly)
	outs := map[string]Out{
		"the end":      end,
		"the overview": one(t, h.do("alice", "/challenge")),
		"the card":     one(t, h.do("alice", "/challenge card")),
		"the standing": one(t, h.do("alice", "/challenge leaderboard")),
		"the month":    one(t, h.do("alice", "/challenge leaderboard month")),
	}
	for what, o := range outs {
		want := written
		if what == "the month" {
			want = month
		}
		if !strings.Contains(o.Title+"\n"+o.Text, want) {
			t.Errorf("%s does not write the day as %q: %q\n%s", what, want, o.Title, o.Text)
		}
		sentences := strings.ReplaceAll(o.Title+"\n"+o.Text, "🗓️ "+digits, "")
		if strings.Contains(sentences, digits) || strings.Contains(sentences, digits[:7]) {
			t.Errorf("%s writes the day in digits in a sentence: %q\n%s", what, o.Title, o.Text)
		}
	}
	if !strings.Contains(end.Text, "🗓️ "+digits) {
		t.Errorf("the share card lost its digits:\n%s", end.Text)
	}
}

// toldTop is a Mots de Tête top as the challenge tells it in English
// ("ARIA at I10→"), not the move as typed, whose direction is French.
func toldTop(turn duplicate.Turn) string { return ToldMove("motsdetete", turn.Top, i18n.EN) }
