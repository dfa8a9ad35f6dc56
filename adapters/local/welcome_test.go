package local_test

import (
	"strings"
	"testing"

	"github.com/tablee/tablee/adapters/local"
	"github.com/tablee/tablee/i18n"
)

// talk runs a script through a terminal chat in lang, with the welcome
// when a person would see it, and returns what it printed.
func talk(t *testing.T, lang i18n.Lang, welcome bool, script string) string {
	t.Helper()
	return runChat(t, lang, local.Options{In: strings.NewReader(script), Echo: !welcome, Welcome: welcome})
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
	script := "/play tictactoe\nbob> /join\nalice> /start\n/auto all\n/auto off\n/board\n"
	out := runChat(t, i18n.EN, local.Options{In: strings.NewReader(script), Echo: true, Prompt: true})
	_, after, _ := strings.Cut(out, "/auto all\n")
	if n := strings.Count(after, "   (auto)"); n != 1 {
		t.Errorf("/auto all played %d moves before /auto off, want 1:\n%s", n, after)
	}
	if !strings.Contains(after, "(/auto all stopped") || !strings.Contains(after, "bob's turn") && !strings.Contains(after, "bob to play") {
		t.Errorf("/auto off did not stop /auto all with the game waiting for bob:\n%s", after)
	}
}
