package bot

import (
	"regexp"
	"strings"
	"testing"
	"time"
)

// goDuration is how Go prints a duration ("1h59m0s", "0s"), which no
// player should ever read.
var goDuration = regexp.MustCompile(`\d+h\d+m|\d+m\d+s|(^|[^\w.])\d+s\b`)

func textsOf(outs []Out) string {
	var b strings.Builder
	for _, o := range outs {
		b.WriteString(o.Text + "\n")
	}
	return b.String()
}

// Reminders say the time left as people write it, in the chat and in
// private; under a minute they say so rather than "0s".
func TestTexts_ReminderSaysTimeLeftAsPeopleWriteIt(t *testing.T) {
	h := newHarness(t)
	mustOK(t, h.do("alice", "/play tictactoe"))
	mustOK(t, h.do("alice", "/settings turn=12h reminder=2h"))
	mustOK(t, h.do("bob", "/join"))
	mustOK(t, h.do("alice", "/start"))
	h.rec.take()
	h.clock.Advance(10*time.Hour + time.Minute)
	h.core.Tick(ctxBG())
	got := textsOf(h.rec.take())
	if !strings.Contains(got, "alice, it is your turn: 1 h 59 min left.") || !strings.Contains(got, "1 h 59 min left to play") || goDuration.MatchString(got) {
		t.Fatalf("reminder: %q", got)
	}

	h = newHarness(t)
	mustOK(t, h.do("alice", "/langue fr"))
	mustOK(t, h.do("alice", "/play tictactoe"))
	mustOK(t, h.do("alice", "/settings turn=1h reminder=59m lang=fr"))
	mustOK(t, h.do("bob", "/join"))
	mustOK(t, h.do("alice", "/start"))
	h.rec.take()
	h.clock.Advance(59*time.Minute + 40*time.Second) // the bot was busy: the reminder comes late
	h.core.Tick(ctxBG())
	got = textsOf(h.rec.take())
	if !strings.Contains(got, "alice, c'est à toi : il te reste moins d'une minute.") ||
		!strings.Contains(got, "Il te reste moins d'une minute pour jouer") || goDuration.MatchString(got) {
		t.Fatalf("late reminder: %q", got)
	}
}

// /settings shows its durations as people write them, the values by their
// meaning and the key that changes them; the board shows a deadline as a
// day and a time.
func TestTexts_SettingsAndDeadlineReadable(t *testing.T) {
	h := newHarness(t)
	mustOK(t, h.do("alice", "/play tictactoe"))
	got := textsOf(h.do("alice", "/settings turn=1d12h reminder=90m expiry=bot"))
	for _, want := range []string{"Time per turn: 1 day 12 h", "Reminder before the deadline: 1 h 30 min",
		"When time runs out: a bot plays instead (expiry=bot)", "Board: picture and text (view=both)", "hints=on|off"} {
		if !strings.Contains(got, want) {
			t.Errorf("settings lack %q:\n%s", want, got)
		}
	}
	mustOK(t, h.do("alice", "/langue fr"))
	got = textsOf(h.do("alice", "/reglages turn=off reminder=off"))
	for _, want := range []string{"Temps par tour : sans limite, en direct (tour=non)", "Rappel avant l'échéance : aucun (rappel=non)", "Langue de la table : anglais (langue=en)", "indices=oui|non", "expiration=passe|robot"} {
		if !strings.Contains(got, want) {
			t.Errorf("réglages sans %q :\n%s", want, got)
		}
	}
	mustOK(t, h.do("alice", "/reglages tour=12h"))
	mustOK(t, h.do("bob", "/join"))
	outs := h.do("alice", "/start")
	outs = append(outs, h.rec.take()...)
	b, ok := lastBoard(outs)
	// The harness's clock reads Saturday 21 November 2026, 20:00 UTC.
	if !ok || !strings.Contains(b.Text, "⏳ alice must play by Sunday 22 November at 08:00 UTC.") {
		t.Fatalf("deadline: %+v", b)
	}
}

// The help and the list of games name the commands of the reader's
// language, and the hint switch by the name /settings knows.
func TestTexts_HelpInTheReadersLanguage(t *testing.T) {
	h := newHarness(t)
	en := textsOf(append(h.do("alice", "/help"), h.do("alice", "/games")...))
	mustOK(t, h.do("bob", "/langue fr"))
	fr := textsOf(append(h.do("bob", "/aide"), h.do("bob", "/jeux")...))
	for _, want := range []string{"/play <game>", "/move", "/pass", "/hint", "/settings hints=on", "(/play tictactoe)"} {
		if !strings.Contains(en, want) {
			t.Errorf("English help lacks %q:\n%s", want, en)
		}
	}
	for _, want := range []string{"/jouer <jeu>", "/coup", "/passe", "/indice", "/reglages indices=oui", "(/jouer tictactoe)"} {
		if !strings.Contains(fr, want) {
			t.Errorf("French help lacks %q:\n%s", want, fr)
		}
	}
	for _, english := range []string{"/play", "/move", "/pass ", "/hint", "/settings"} {
		if strings.Contains(fr, english) {
			t.Errorf("French help names %s:\n%s", english, fr)
		}
	}
}

// A short deadline on the board says how long is left and the time to the
// second: a minute read as "20:01" at 20:00:57 would seem to leave three
// seconds.
func TestTexts_ShortDeadlineSaysTheSeconds(t *testing.T) {
	h := newHarness(t)
	h.clock.Advance(57 * time.Second)
	mustOK(t, h.do("alice", "/play tictactoe"))
	mustOK(t, h.do("alice", "/settings turn=1m"))
	mustOK(t, h.do("bob", "/join"))
	outs := h.do("alice", "/start")
	outs = append(outs, h.rec.take()...)
	b, ok := lastBoard(outs)
	if !ok || !strings.Contains(b.Text, "⏳ alice must play within 1 min (by 20:01:57 UTC).") {
		t.Fatalf("deadline: %+v", b)
	}
}
