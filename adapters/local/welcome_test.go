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

// talk runs a script through a terminal chat in lang, with the welcome
// when a person would see it, and returns what it printed.
func talk(t *testing.T, lang i18n.Lang, welcome bool, script string) string {
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
	chat := local.New(local.Options{Core: core, In: strings.NewReader(script), Out: &out, Echo: !welcome, Welcome: welcome})
	if err := chat.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	return out.String()
}

// The terminal's own ways, as the welcome and /help give them: speaking as
// another user, another chat, buttons, /auto and /auto all, the help.
var terminalWays = map[i18n.Lang][]string{
	i18n.FR: {"Bienvenue sur Tablée", "Tu es alice, dans la discussion #main", "bob> /rejoindre", "#cafe ", "/press 2", "/auto —", "/auto tous", "/auto stop", "/aide"},
	i18n.EN: {"Welcome to Tablée", "You are alice, in the chat #main", "bob> /join", "#cafe ", "/press 2", "/auto —", "/auto all", "/auto off", "/help"},
}

// TestWelcome: a person at a terminal is greeted, before his first line,
// with how to speak as another user, change chat, press a button, let bot
// players play and get help; a script's transcript is not.
func TestWelcome(t *testing.T) {
	for lang, ways := range terminalWays {
		out := talk(t, lang, true, "")
		for _, w := range ways {
			if !strings.Contains(out, w) {
				t.Errorf("%s welcome does not say %q:\n%s", lang, w, out)
			}
		}
		if n := strings.Count(out, "\n"); n > 10 {
			t.Errorf("%s welcome takes %d lines, want it short:\n%s", lang, n, out)
		}
		if out := talk(t, lang, false, "/games\n"); strings.Contains(out, ways[0]) {
			t.Errorf("%s welcome printed in a script's transcript:\n%s", lang, out)
		}
	}
}

// TestHelpListsTheTerminal: /help (or /aide) in the terminal gives the
// bot's commands, then the terminal's own ways.
func TestHelpListsTheTerminal(t *testing.T) {
	for lang, ways := range terminalWays {
		for _, help := range []string{"/help", "/aide"} {
			out := talk(t, lang, false, help+"\n")
			bots, terminal, ok := strings.Cut(out, map[i18n.Lang]string{i18n.FR: "Dans ce terminal :", i18n.EN: "In this terminal:"}[lang])
			if !ok || !strings.Contains(bots, "/leaderboard") && !strings.Contains(bots, "/classement") {
				t.Errorf("%s %s: the bot's help, then the terminal's, expected:\n%s", lang, help, out)
				continue
			}
			for _, w := range ways[2:] {
				if !strings.Contains(terminal, w) {
					t.Errorf("%s %s does not say %q:\n%s", lang, help, w, terminal)
				}
			}
		}
	}
}

// TestAutoOffStopsAutoAll: at a terminal, a line typed while /auto all
// plays is read between two moves, and /auto off stops it there: the game
// is left where it is, for the people to go on.
func TestAutoOffStopsAutoAll(t *testing.T) {
	st, err := bolt.Open(filepath.Join(t.TempDir(), "local.db"), bolt.Options{Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	core, err := bot.New(bot.Options{Store: st, Lang: i18n.EN, Clock: fixedClock{}, Seeds: func() uint64 { return 1 }})
	if err != nil {
		t.Fatal(err)
	}
	defer core.Close()
	var out bytes.Buffer
	script := "/play tictactoe\nbob> /join\nalice> /start\n/auto all\n/auto off\n/board\n"
	chat := local.New(local.Options{Core: core, In: strings.NewReader(script), Out: &out, Echo: true, Prompt: true})
	if err := chat.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	_, after, _ := strings.Cut(out.String(), "/auto all\n")
	if n := strings.Count(after, "   (auto)"); n != 1 {
		t.Errorf("/auto all played %d moves before /auto off, want 1:\n%s", n, after)
	}
	if !strings.Contains(after, "(/auto all stopped") || !strings.Contains(after, "bob's turn") && !strings.Contains(after, "bob to play") {
		t.Errorf("/auto off did not stop /auto all with the game waiting for bob:\n%s", after)
	}
}
