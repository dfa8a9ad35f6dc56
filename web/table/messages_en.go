package table

import "github.com/tablee/tablee/i18n"

// The web table's texts, in English.
func init() {
	i18n.Register(i18n.EN, map[string]string{
		"web.refused_title":  "This link does not open the table",
		"web.forged":         "This link is not one the bot made: it may have been cut or changed. Ask the bot for your table again.",
		"web.expired":        "This link has expired. Ask the bot for your hand again: it brings a new link.",
		"web.other_user":     "This link was made for another player: it shows his hand, not yours. Ask the bot for your own link.",
		"web.no_table":       "This table is not here any more.",
		"web.session_gone":   "This page has been open too long: open your link again.",
		"web.spectator_only": "You are watching: only the players play here.",
		"web.bad_request":    "The page sent something the table does not understand.",
		"web.live":           "live",
		"web.offline":        "reconnecting…",
		"web.your_hand":      "Your hand",
		"web.scores":         "Players",
		"web.events":         "Last moves",
		"web.turn":           "to play",
		"web.spectator":      "You are watching this table.",
		"web.empty":          "empty",
		"web.cell":           "%v, %v",
		"web.right":          "right",
		"web.down":           "down",
		"web.word":           "Word",
		"web.send":           "Send",
		"web.cancel":         "Cancel",
		"web.place":          "Place a word from %v:",
		"web.pick_cell":      "Tap a cell of the board to place a word there.",
		"web.board":          "Board",
		"web.local_link":     "(the web table of %v: %v)",
		"web.icon_joker":     "joker",
		"web.icon_trash":     "trash",
		"web.icon_replay":    "play again",
		"web.icon_lock":      "cannot be countered",
		"web.typed":          "Or type a move as in the chat",
	})
}
