package bot

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"
	"time"
)

func (h *harness) setClock(at time.Time) {
	h.clock.mu.Lock()
	h.clock.now = at
	h.clock.mu.Unlock()
}

// tickAt moves the clock to at and runs the scheduler; it returns the
// texts of what was delivered.
func (h *harness) tickAt(at time.Time) string {
	h.t.Helper()
	h.setClock(at)
	h.core.Tick(ctxBG())
	return textsOf(h.rec.take())
}

// timedGame opens a tic-tac-toe table for alice and bob with a turn time
// and a reminder, and deals: alice plays first.
func (h *harness) timedGame(settings string) *Table {
	h.t.Helper()
	mustOK(h.t, h.do("alice", "/play tictactoe"))
	mustOK(h.t, h.do("alice", "/settings "+settings))
	mustOK(h.t, h.do("bob", "/join"))
	mustOK(h.t, h.do("alice", "/start"))
	h.rec.take()
	return h.core.tableFor(Command{Chat: "local:main"})
}

// storeDue is the table's due time as the store's index holds it: what a
// restart starts from.
func (h *harness) storeDue(id uint64) time.Time {
	h.t.Helper()
	due, err := h.st.Due(farFuture, 0)
	if err != nil {
		h.t.Fatal(err)
	}
	for _, d := range due {
		if d.ID == id {
			return d.At.UTC()
		}
	}
	return time.Time{}
}

// expiresAt checks that a player's time runs out at at, not a minute
// before.
func (h *harness) expiresAt(at time.Time, player string) {
	h.t.Helper()
	if got := h.tickAt(at.Add(-time.Minute)); got != "" {
		h.t.Fatalf("a minute before %v: %q", at, got)
	}
	if got := h.tickAt(at); !strings.Contains(got, "Time is up for "+player) {
		h.t.Fatalf("at %v: %q", at, got)
	}
}

func utcAt(y int, mo time.Month, d, hh, mm int) time.Time {
	return time.Date(y, mo, d, hh, mm, 0, 0, time.UTC)
}

// A deadline that falls in the player's quiet hours runs out at their
// end; its reminder comes before they begin; a restart in between changes
// nothing, and the scheduler's index holds each of these times.
func TestQuiet_DeadlineWaitsForTheirEndAcrossARestart(t *testing.T) {
	h := newHarness(t)
	h.setClock(utcAt(2026, 11, 21, 20, 0)) // 21:00 in Paris
	mustOK(t, h.do("alice", "/settings tz=europe/paris"))
	outs := h.do("alice", "/quiet 23h-8h")
	if len(outs) != 1 || !outs[0].Private || !strings.Contains(outs[0].Text, "23:00 to 08:00 (Europe/Paris)") {
		t.Fatalf("quiet answer: %+v", outs)
	}
	tb := h.timedGame("turn=2h reminder=1h")
	// Due at 22:00 UTC, 23:00 in Paris: quiet. It runs out at 08:00 in
	// Paris (07:00 UTC); its reminder (07:00 in Paris, quiet too) comes
	// at 22:59 in Paris, before the quiet hours.
	if got := h.storeDue(tb.ID); !got.Equal(utcAt(2026, 11, 21, 21, 59)) {
		t.Fatalf("due index: %v, want the reminder at 21:59 UTC", got)
	}
	if got := h.tickAt(utcAt(2026, 11, 21, 21, 58)); got != "" {
		t.Fatalf("before the reminder: %q", got)
	}
	got := h.tickAt(utcAt(2026, 11, 21, 21, 59))
	if !strings.Contains(got, "alice, it is your turn: 9 h 1 min left.") {
		t.Fatalf("reminder: %q", got)
	}
	outs = h.do("bob", "/board")
	if !strings.Contains(outs[0].Text, "alice must play by Sunday 22 November at 07:00 UTC") {
		t.Fatalf("board: %q", outs[0].Text)
	}
	if got := h.tickAt(utcAt(2026, 11, 21, 22, 0)); got != "" {
		t.Fatalf("the deadline ran out in quiet hours: %q", got)
	}
	h.restart()
	if got := h.storeDue(tb.ID); !got.Equal(utcAt(2026, 11, 22, 7, 0)) {
		t.Fatalf("due index after the restart: %v", got)
	}
	h.expiresAt(utcAt(2026, 11, 22, 7, 0), "alice")
}

// A reminder that would come in quiet hours, for a deadline set in them
// (the opponent played at night), is not sent at all; a deadline found
// passed at a restart in the middle of the night waits for the morning.
func TestQuiet_NoReminderInThemAndNoExpiryAtANightRestart(t *testing.T) {
	h := newHarness(t)
	h.setClock(utcAt(2026, 11, 21, 12, 0))
	mustOK(t, h.do("bob", "/quiet 22:00-07:00")) // UTC: no zone set
	outs := h.do("bob", "/quiet")
	if !strings.Contains(outs[0].Text, "22:00 to 07:00 (UTC)") {
		t.Fatalf("status: %q", outs[0].Text)
	}
	h.timedGame("turn=3h reminder=1h")
	h.setClock(utcAt(2026, 11, 21, 23, 30))
	mustOK(t, h.do("alice", "/move 1")) // bob's deadline: 02:30, quiet: 07:00
	h.rec.take()
	for _, at := range []time.Time{utcAt(2026, 11, 21, 23, 31), utcAt(2026, 11, 22, 6, 0), utcAt(2026, 11, 22, 6, 59)} {
		if got := h.tickAt(at); got != "" {
			t.Fatalf("at %v: %q", at, got)
		}
	}
	if got := h.tickAt(utcAt(2026, 11, 22, 7, 0)); !strings.Contains(got, "Time is up for bob") {
		t.Fatalf("at 07:00: %q", got)
	}
	// Alice plays at 08:00: bob has until 11:00. The bot is down through
	// the day and starts again at 23:00, in bob's quiet hours: his passed
	// deadline waits for 07:00.
	h.setClock(utcAt(2026, 11, 22, 8, 0))
	mustOK(t, h.do("alice", "/move 3")) // bob's timeout took the first free cell, 2
	h.rec.take()
	h.close()
	h.setClock(utcAt(2026, 11, 22, 23, 0))
	h.open()
	if got := h.tickAt(utcAt(2026, 11, 22, 23, 0)); got != "" {
		t.Fatalf("at the night restart: %q", got)
	}
	if at, ok := h.core.next(); !ok || !at.Equal(utcAt(2026, 11, 23, 7, 0)) {
		t.Fatalf("next due: %v %v", at, ok)
	}
	if got := h.tickAt(utcAt(2026, 11, 23, 7, 0)); !strings.Contains(got, "Time is up for bob") {
		t.Fatalf("in the morning: %q", got)
	}
}

// The night of the change to summer time is an hour shorter: a deadline
// in it waits until 08:00 summer time, 06:00 UTC, not 07:00; the night of
// the change to winter time an hour longer: until 07:00 UTC.
func TestQuiet_AcrossChangesOfDaylightSavingTime(t *testing.T) {
	for _, c := range []struct {
		name       string
		start, end time.Time
	}{
		{"March", utcAt(2027, 3, 27, 20, 0), utcAt(2027, 3, 28, 6, 0)},
		{"October", utcAt(2027, 10, 30, 20, 0), utcAt(2027, 10, 31, 7, 0)},
	} {
		t.Run(c.name, func(t *testing.T) {
			h := newHarness(t)
			h.setClock(c.start)
			mustOK(t, h.do("alice", "/settings tz=Europe/Paris"))
			mustOK(t, h.do("alice", "/calme 23:00-08:00"))
			tb := h.timedGame("turn=6h") // due at 02:00 UTC, in the night
			if got := h.storeDue(tb.ID); !got.Equal(c.end) {
				t.Fatalf("due index: %v, want %v", got, c.end)
			}
			h.expiresAt(c.end, "alice")
		})
	}
}

// Away at a table that waits (the default): the player's clock stops for
// his time off, across a restart; the chat is told once when he goes and
// once when he is back; then he has what was left.
func TestAway_DeadlinePausesAcrossARestart(t *testing.T) {
	h := newHarness(t)
	start := utcAt(2026, 11, 21, 20, 0)
	h.setClock(start)
	tb := h.timedGame("turn=1d")
	h.setClock(start.Add(2 * time.Hour)) // 22 h left for alice
	outs := h.do("alice", "/away 3d")
	if len(outs) != 1 || !outs[0].Private || !strings.Contains(outs[0].Text, "you are away until Tuesday 24 November at 22:00 UTC") {
		t.Fatalf("away answer: %+v", outs)
	}
	until := utcAt(2026, 11, 24, 22, 0)
	got := textsOf(h.rec.take())
	if strings.Count(got, "alice is away until Tuesday 24 November at 22:00 UTC: their deadlines wait for their return.") != 1 {
		t.Fatalf("the chat is not told once: %q", got)
	}
	h.restart()
	if got := h.storeDue(tb.ID); !got.Equal(until) {
		t.Fatalf("due index: %v, want her return %v", got, until)
	}
	if got := h.tickAt(start.Add(25 * time.Hour)); got != "" {
		t.Fatalf("her old deadline ran out: %q", got)
	}
	got = h.tickAt(until)
	if strings.Count(got, "alice is back.") != 1 || strings.Contains(got, "Time is up") {
		t.Fatalf("at her return: %q", got)
	}
	back := until.Add(22 * time.Hour) // what was left when she went
	if got := h.storeDue(tb.ID); !got.Equal(back) {
		t.Fatalf("due after her return: %v, want %v", got, back)
	}
	h.expiresAt(back, "alice")
}

// Back early (/away off): the clock runs again with what was left.
func TestAway_BackEarly(t *testing.T) {
	h := newHarness(t)
	start := utcAt(2026, 11, 21, 20, 0)
	h.setClock(start)
	tb := h.timedGame("turn=1d reminder=1h")
	h.setClock(start.Add(4 * time.Hour))
	mustOK(t, h.do("alice", "/absence 2 semaines"))
	h.setClock(start.Add(30 * time.Hour))
	outs := h.do("alice", "/away off")
	if !strings.Contains(outs[0].Text, "Welcome back") {
		t.Fatalf("off: %+v", outs)
	}
	if got := textsOf(h.rec.take()); strings.Count(got, "alice is back.") != 1 {
		t.Fatalf("chat: %q", got)
	}
	// 20 h were left at 24:00; the reminder comes an hour before.
	if got := h.storeDue(tb.ID); !got.Equal(start.Add(30*time.Hour + 19*time.Hour)) {
		t.Fatalf("due: %v", got)
	}
	if got := h.tickAt(start.Add(49 * time.Hour)); !strings.Contains(got, "1 h left") {
		t.Fatalf("reminder: %q", got)
	}
	mustOK(t, h.do("alice", "/away"))
	if u := h.core.user("local:alice"); !u.AwayUntil.IsZero() {
		t.Fatalf("still away: %v", u.AwayUntil)
	}
}

// Away at a table that lets a bot play: the bot plays her turns at once,
// the chat is told once (not at each turn), and when she is back the seat
// is hers again with a fresh deadline; a restart in between changes
// nothing.
func TestAway_BotPlaysForHerUntilHerReturn(t *testing.T) {
	h := newHarness(t)
	start := utcAt(2026, 11, 21, 20, 0)
	h.setClock(start)
	tb := h.timedGame("turn=3d away=bot")
	outs := h.do("alice", "/away 2d")
	mustOK(t, outs)
	if tb.Moves != 1 {
		t.Fatalf("the bot did not play for her: %d moves", tb.Moves)
	}
	got := textsOf(h.rec.take())
	if strings.Count(got, "a bot plays for them until then") != 1 {
		t.Fatalf("chat: %q", got)
	}
	h.restart()
	tb = h.core.tableFor(Command{Chat: "local:main"})
	mustOK(t, h.do("bob", "/move "+freeCell(t, tb)))
	if tb.Moves != 3 {
		t.Fatalf("after bob: %d moves", tb.Moves)
	}
	if got := textsOf(h.rec.take()); strings.Contains(got, "away") {
		t.Fatalf("told again at a turn: %q", got)
	}
	if _, ok := tb.deadline(0); ok {
		t.Fatal("a deadline for a seat the bot plays")
	}
	until := utcAt(2026, 11, 23, 20, 0)
	got = h.tickAt(until)
	if strings.Count(got, "alice is back.") != 1 || strings.Contains(got, "plays") {
		t.Fatalf("at her return: %q", got)
	}
	if _, ok := tb.deadline(0); ok {
		t.Fatal("she was given a deadline though it is bob's turn")
	}
	mustOK(t, h.do("bob", "/move "+freeCell(t, tb)))
	if tb.Moves != 4 {
		t.Fatalf("the bot played for her after her return: %d moves", tb.Moves)
	}
	if d, ok := tb.deadline(0); !ok || !d.At.Equal(until.Add(72*time.Hour)) {
		t.Fatalf("her deadline once back: %+v %v", d, ok)
	}
}

// Her time off reaches a table she joins while away; a lobby is told
// nothing, the game's start says it.
func TestAway_NewTableKnowsIt(t *testing.T) {
	h := newHarness(t)
	h.setClock(utcAt(2026, 11, 21, 20, 0))
	mustOK(t, h.do("bob", "/away 1d"))
	mustOK(t, h.do("alice", "/play tictactoe"))
	mustOK(t, h.do("alice", "/settings turn=1h"))
	mustOK(t, h.do("bob", "/join"))
	if got := textsOf(h.rec.take()); strings.Contains(got, "away") {
		t.Fatalf("lobby told: %q", got)
	}
	mustOK(t, h.do("alice", "/start"))
	if got := textsOf(h.rec.take()); strings.Count(got, "bob is away until") != 1 {
		t.Fatalf("start: %q", got)
	}
	// His turn comes while he is away: his clock starts at his return.
	mustOK(t, h.do("alice", "/move 1"))
	tb := h.core.tableFor(Command{Chat: "local:main"})
	if d, ok := tb.deadline(1); !ok || !d.At.Equal(utcAt(2026, 11, 22, 21, 0)) {
		t.Fatalf("his deadline: %+v %v", d, ok)
	}
}

// What the user set survives a restart; bad input changes nothing.
func TestTimeOff_SettingsPersistAndBadInputIsRefused(t *testing.T) {
	h := newHarness(t)
	mustRefuse(t, h.do("alice", "/settings tz=Mars/Olympus"), "Unknown time zone: Mars/Olympus")
	mustRefuse(t, h.do("alice", "/quiet 8-23"), "too long")
	mustRefuse(t, h.do("alice", "/quiet whenever"), "I don't understand “whenever”")
	mustRefuse(t, h.do("alice", "/away 3"), "say how long")
	mustRefuse(t, h.do("alice", "/away 3 months"), "say how long")
	mustRefuse(t, h.do("alice", "/away 5 weeks"), "30 days off at most")
	if u := h.core.user("local:alice"); u.TZ != "" || u.Quiet != "" || !u.AwayUntil.IsZero() {
		t.Fatalf("changed by refusals: %+v", u)
	}
	mustOK(t, h.do("alice", "/reglages fuseau=America/Montreal"))
	mustOK(t, h.do("alice", "/calme 22:30-06:45"))
	mustOK(t, h.do("alice", "/absence 3j"))
	h.restart()
	u := h.core.user("local:alice")
	if u.TZ != "America/Montreal" || u.Quiet != "22:30-06:45" || !u.AwayUntil.Equal(h.clock.Now().Add(72*time.Hour)) {
		t.Fatalf("after a restart: %+v", u)
	}
	outs := h.do("alice", "/quiet")
	if !strings.Contains(outs[0].Text, "22:30 to 06:45 (America/Montreal)") {
		t.Fatalf("quiet status: %q", outs[0].Text)
	}
	mustOK(t, h.do("alice", "/quiet off"))
	mustOK(t, h.do("alice", "/settings tz=UTC"))
	if u := h.core.user("local:alice"); u.TZ != "" || u.Quiet != "" {
		t.Fatalf("off: %+v", u)
	}
}

// freeCell is a free cell of a tic-tac-toe table, for a move that cannot
// be refused whatever the bot played.
func freeCell(t *testing.T, tb *Table) string {
	t.Helper()
	var s struct{ Cells [9]int }
	if err := json.Unmarshal(tb.State, &s); err != nil {
		t.Fatal(err)
	}
	for i, c := range s.Cells {
		if c == 0 {
			return strconv.Itoa(i + 1)
		}
	}
	t.Fatal("no free cell")
	return ""
}

// Time off and quiet hours together, across a restart and the night of the
// change to summer time: the paused deadline, moved past her return, falls
// in that night and runs out at 08:00 summer time (06:00 UTC).
func TestAway_AndQuietAcrossTheChangeToSummerTime(t *testing.T) {
	h := newHarness(t)
	h.setClock(utcAt(2027, 3, 27, 12, 0))
	mustOK(t, h.do("alice", "/settings tz=Europe/Paris"))
	mustOK(t, h.do("alice", "/quiet 23:00-08:00"))
	tb := h.timedGame("turn=6h") // due at 18:00 UTC
	h.setClock(utcAt(2027, 3, 27, 13, 0))
	mustOK(t, h.do("alice", "/away 10h")) // back at 23:00 UTC; 5 h left then
	h.rec.take()
	h.restart()
	if got := h.storeDue(tb.ID); !got.Equal(utcAt(2027, 3, 27, 23, 0)) {
		t.Fatalf("due index: %v, want her return", got)
	}
	if got := h.tickAt(utcAt(2027, 3, 27, 23, 0)); !strings.Contains(got, "alice is back.") {
		t.Fatalf("at her return: %q", got)
	}
	// 04:00 UTC is 06:00 summer time, in her quiet hours: 08:00 CEST.
	h.expiresAt(utcAt(2027, 3, 28, 6, 0), "alice")
}
