package bot

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/tablee/tablee/store"
)

func TestCleanName(t *testing.T) {
	long := strings.Repeat("ab", 100*1024) // 200 KB
	cases := []struct{ in, want string }{
		{"Alice", "Alice"},
		{"  Bob \t  Martin\n", "Bob Martin"},
		{"evil\u202Egnp.exe", "evilgnp.exe"}, // right-to-left override
		{"nul\x00byte", "nulbyte"},           // NUL
		{"bad\xff\xfeutf8", "badutf8"},       // invalid UTF-8
		{"zero\u200bwidth\u2066iso", "zerowidthiso"},
		{"👨\u200d👩\u200d👧 famille", "👨\u200d👩\u200d👧 famille"}, // emoji sequences keep their joiner
		{"e\u0301lodie", "élodie"},                             // one way of writing é
		{"\u202E\u0000\t", "?"},
		{long, strings.Repeat("ab", 15) + "a…"},
	}
	for _, c := range cases {
		got := CleanName(c.in)
		if got != c.want {
			t.Errorf("CleanName(%.40q) = %q, want %q", c.in, got, c.want)
		}
		if n := utf8.RuneCountInString(got); n > MaxNameRunes {
			t.Errorf("CleanName(%.40q) has %d runes", c.in, n)
		}
	}
	if got := cleanUserName("\u202E", "telegram:123456789"); got != "#6789" {
		t.Errorf("nameless user: %q", got)
	}
}

// Names reach seats, boards and mentions only cleaned.
func TestNamesAreCleanedBeforeStoring(t *testing.T) {
	h := newHarness(t)
	evil := "\u202Eevil\x00" + strings.Repeat("x", 200*1024)
	outs := h.core.Handle(ctxBG(), Command{Chat: "local:main", User: User{ID: "local:mallory", Name: evil}, Name: "play", Args: []string{"tictactoe"}})
	mustOK(t, outs)
	tb := h.core.tableFor(Command{Chat: "local:main"})
	name := tb.Seats[0].Name
	if name != "evil"+strings.Repeat("x", 27)+"…" {
		t.Fatalf("seat name %q", name)
	}
	for _, o := range h.rec.take() {
		if strings.ContainsAny(o.Text, "\u202E\x00") || strings.Contains(o.Text, strings.Repeat("x", 40)) {
			t.Fatalf("an uncleaned name was shown: %.80q", o.Text)
		}
	}
	rec, _ := h.st.Table(tb.ID)
	if len(rec.Data) > 4096 {
		t.Fatalf("the table record holds %d bytes", len(rec.Data))
	}
}

// A user who only sends commands leaves no record on disk; one who
// chooses a language, or finishes a game, does.
func TestUserRecordOnlyWhenWorthKeeping(t *testing.T) {
	h := newHarness(t)
	h.do("drive-by", "/nonsense")
	h.do("drive-by", "/help")
	h.do("drive-by", "/games")
	if _, err := h.st.User("local:drive-by"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("a user record was written for commands only: %v", err)
	}
	mustOK(t, h.do("polyglot", "/lang fr"))
	if _, err := h.st.User("local:polyglot"); err != nil {
		t.Fatalf("the chosen language was not saved: %v", err)
	}
	h.restart()
	if got := h.core.langOf("local:polyglot"); got != "fr" {
		t.Fatalf("language after restart: %q", got)
	}
}

// A turn under a minute would let a game play itself through timeouts.
func TestSettings_TurnUnderAMinuteRefused(t *testing.T) {
	h := newHarness(t)
	mustOK(t, h.do("alice", "/play tictactoe"))
	for _, bad := range []string{"turn=1ns", "turn=30s", "turn=59s"} {
		mustRefuse(t, h.do("alice", "/settings "+bad), "at least a minute")
	}
	tb := h.core.tableFor(Command{Chat: "local:main"})
	if tb.Settings.Turn != 0 {
		t.Fatalf("turn set to %v", tb.Settings.Turn)
	}
	for _, good := range []string{"turn=1m", "turn=5min", "turn=2j", "turn=off"} {
		mustOK(t, h.do("alice", "/settings "+good))
	}
	if _, err := New(Options{Store: h.st, Turn: 1}); err == nil {
		t.Fatal("a core with a 1ns turn time started")
	}
}
