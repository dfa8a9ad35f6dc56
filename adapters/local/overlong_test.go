package local_test

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tablee/tablee/adapters/local"
	"github.com/tablee/tablee/bot"
	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/store/bolt"
)

// chatOn runs a terminal chat in lang on script, each line echoed, and
// returns what it printed.
func chatOn(t *testing.T, lang i18n.Lang, script string) string {
	t.Helper()
	return runChat(t, lang, local.Options{In: strings.NewReader(script), Echo: true})
}

// runChat runs a terminal chat in lang, on a new store, with the options o
// (its script in o.In; Core and Out are set here), and returns what it
// printed.
func runChat(t *testing.T, lang i18n.Lang, o local.Options) string {
	t.Helper()
	st, err := bolt.Open(filepath.Join(t.TempDir(), "local.db"), bolt.Options{Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	core, err := bot.New(bot.Options{Store: st, Lang: lang, Clock: fixedClock{}, Seeds: func() uint64 { return 1 }})
	if err != nil {
		t.Fatal(err)
	}
	defer core.Close()
	var out bytes.Buffer
	o.Core, o.Out = core, &out
	chat := local.New(o)
	if err := chat.Run(context.Background()); err != nil {
		t.Fatalf("the chat stopped: %v", err)
	}
	return out.String()
}

// A 2 MB line (a paste gone wrong) is refused with a note in the chat's
// language, and the commands after it are read and played.
func TestOverlongLineIsRefusedAndReadingGoesOn(t *testing.T) {
	huge := strings.Repeat("x", 2<<20)
	for _, tc := range []struct {
		lang i18n.Lang
		note string
	}{
		{i18n.FR, "ta ligne est ignorée : elle fait 2\u202f097\u202f152 caractères, et une commande en tient 4\u202f096 au plus"},
		{i18n.EN, "your line is ignored: it is 2,097,152 characters long, and a command holds 4,096 at most"},
	} {
		t.Run(string(tc.lang), func(t *testing.T) {
			// The second long line ends with \r\n, and would switch to
			// alice were it read: refused whole, it does not.
			script := "alice> /play crackword\n" + huge + "\nbob> /join\nalice> " + huge + "\r\n/addbot\n"
			out := chatOn(t, tc.lang, script)
			if n := strings.Count(out, tc.note); n != 1 {
				t.Errorf("%d notes %q in:\n%.3000s", n, tc.note, out)
			}
			if n := strings.Count(out, tc.note[:20]); n != 2 {
				t.Errorf("%d lines refused, want 2:\n%.3000s", n, out)
			}
			if strings.Contains(out, "xxxxxxxx") {
				t.Error("the long line was echoed or played")
			}
			for _, after := range []string{"#main bob> /join", "#main bob> /addbot"} {
				if !strings.Contains(out, after) {
					t.Errorf("%q was not read after the long line:\n%.3000s", after, out)
				}
			}
		})
	}
}

// The limit counts characters, not bytes: a line of MaxLine accented
// letters is read, one more is refused; a last line without its newline is
// read too.
func TestLineLimitCountsCharacters(t *testing.T) {
	longest := "/play " + strings.Repeat("é", local.MaxLine-len("/play "))
	out := chatOn(t, i18n.EN, longest+"\n"+longest+"é\n/games")
	if n := strings.Count(out, "your line is ignored"); n != 1 {
		t.Errorf("%d lines refused, want 1:\n%.2000s", n, out)
	}
	if !strings.Contains(out, "#main alice> "+longest) {
		t.Error("the line of MaxLine characters was not read")
	}
	if !strings.Contains(out, "#main alice> /games") {
		t.Errorf("the last line, without a newline, was not read:\n%.2000s", out)
	}
	if !strings.Contains(out, "4,097 characters long") {
		t.Errorf("the refused line's length:\n%.2000s", out)
	}
}
