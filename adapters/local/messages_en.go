package local

import "github.com/tablee/tablee/i18n"

// The terminal chat's own notes, in English.
func init() {
	i18n.Register(i18n.EN, map[string]string{
		"local.line_too_long": "your line is ignored: it is %v characters long, and a command holds %v at most. You can go on",
		"local.not_command":   "(not a command: commands start with /; /help lists them)",
		"local.press_usage":   "(usage: /press N [word], /press bN for a board button, /press rN for a button of an answer such as a replay)",
		"local.no_button":     "(no button %v)",
		"local.press_word":    "This button asks for a word (%v): type it after its number, for example /press %v neige.",
		"local.welcome":       "Welcome to Tablée, in this terminal. You are %v, in the chat #%v.",
		"local.help": "In this terminal:\n" +
			"bob> /join — speak as bob from this line on (a name and > before the command)\n" +
			"#cafe /play wordsout — go to the chat #cafe, which has a table of its own\n" +
			"/press 2 — press button 2 of your last private message (/press b2: the board's, /press r2: an answer's)\n" +
			"/auto — a bot player makes your moves while the game waits for you (/auto 3: three moves at most)\n" +
			"/auto all — bot players play for everyone at the table until the game ends (/auto off stops them)\n" +
			"/help — every command; /play crackword opens a table, /addbot seats a bot player",
		"local.auto_usage":           "usage: /auto [N] plays your moves, /auto all [N] everyone's until the game ends, /auto off stops /auto all",
		"local.auto_nothing_to_stop": "/auto off: nothing to stop, /auto all is not playing",
		"local.auto_stopped":         "/auto all stopped: the people at the table play their own moves again",
		"local.auto_no_table":        "/auto: there is no open table in this chat; /play <game> opens one",
		"local.auto_not_started":     "/auto: the game has not started yet; /start deals",
		"local.auto_not_seated":      "/auto: you are not seated at this table, and the game waits for %v; /auto all plays for everyone",
		"local.auto_waits_for":       "/auto: the game waits for %v, not for you; /auto all plays for everyone",
		"local.auto_waits_nobody":    "/auto: the game waits for nobody just now",
	})
}
