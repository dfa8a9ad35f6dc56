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
	})
}
