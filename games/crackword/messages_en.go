package crackword

import "github.com/tablee/tablee/i18n"

func init() { i18n.Register(i18n.EN, messagesEN) }

var messagesEN = map[string]string{
	"crackword.title":             "Crack Word",
	"crackword.title_of":          "Crack Word",
	"crackword.title_at":          "Crack Word",
	"crackword.opt.expert":        "Expert mode: each draw pile holds all 50 cards of its colour, as the rules suggest for expert games.",
	"crackword.opt.assisted":      "Assisted mode: the bot checks that some word contains the letters and shows one; no example is asked and an impossible sequence is refused.",
	"crackword.opt.expert.name":   "expert",
	"crackword.opt.assisted.name": "assisted",

	"crackword.err.syntax":            "Move not understood: \"%v\". Examples: \"E right 2 maison\", \"E left 1 école\", \"E on 3 4 exemple\" (on the 4th card of row 3), \"joker=A left 1 ami\", \"trash 3\", \"pass\".",
	"crackword.err.not_your_turn":     "It is not your turn: waiting for %v.",
	"crackword.err.game_over":         "The game is over.",
	"crackword.err.trash_row":         "On which row? For example \"trash 3\".",
	"crackword.err.joker_letter":      "A JOKER is given a letter when laid: \"joker=A left 1 ami\".",
	"crackword.err.no_position":       "Row %v has no card at position %v (positions count from 1 at the left).",
	"crackword.err.syntax_row":        "\"%v\" is not a row number (1 to 4).",
	"crackword.err.no_row":            "There is no row %v: rows go from 1 to 4.",
	"crackword.err.one_word":          "One example word only, not \"%v\".",
	"crackword.err.crack_phase":       "Answer \"crack\" to call CRACK WORD or \"no\" to let it go.",
	"crackword.err.restart_card":      "Choose the card that restarts row %v: a letter (\"E\") or a joker (\"joker=A\").",
	"crackword.err.restart_no_pass":   "After a CRACK WORD or a POUBELLE you must restart row %v with a card from your hand: a letter (\"E\") or a JOKER (\"joker=A\"). You cannot pass.",
	"crackword.err.trash_restart":     "A row is not restarted with a POUBELLE: lay a letter or a JOKER.",
	"crackword.err.crack_lay_first":   "CRACK WORD is called right after laying a card: with the button that follows the lay, or by adding \"crack\" to the move (\"E right 2 maison crack\").",
	"crackword.err.where":             "Where does the %v go? Give the place and an example word too: \"%[1]v right N word\", \"%[1]v left N word\" or \"%[1]v on N P word\" (N: the row number, P: the position in that row of a card showing %[1]v).",
	"crackword.err.not_same_letter":   "A letter goes only on the same letter: %v does not go on the %v (row %v, position %v).",
	"crackword.err.not_in_hand":       "You have no %v in your hand.",
	"crackword.err.impossible":        "No word contains %v: move refused (assisted mode).",
	"crackword.err.no_example":        "The example word is missing: type \"%v\" followed by a word containing %v.",
	"crackword.err.crack_short":       "No CRACK WORD: %v has only %v {letter|letters}, at least 3 are needed.",
	"crackword.err.crack_not_word":    "No CRACK WORD: %v is not a word of the dictionary.",
	"crackword.err.crack_no_majority": "No CRACK WORD: your colour has no majority in %v (%v; a JOKER counts double).",
	"crackword.err.trash_empty":       "Row %v is empty: no POUBELLE on an empty row.",

	"crackword.why.not_word":    "\"%v\" is not in the dictionary",
	"crackword.why.not_contain": "%v does not contain %v",

	"crackword.ev.reveal":          "%v turns up %v to see who starts.",
	"crackword.ev.first":           "%v has the letter nearest to A (%v) and starts.",
	"crackword.ev.start_card":      "%v turns up %v: first letter of row %v.",
	"crackword.ev.start_reshuffle": "%v turns up %v, shuffled back into the draw pile.",
	"crackword.ev.lay":             "%v lays %v %v of row %v: %v → %v (example: %v).",
	"crackword.ev.lay_start":       "%v lays %v in the empty row %v.",
	"crackword.ev.lay_single":      "%v lays %v %v of row %v: %v → %v.",
	"crackword.ev.lay_failed":      "%v lays %v %v of row %v: %v → %v ? refused: %v. %[1]v takes the card back, draws, and the turn ends.",
	"crackword.ev.crack_offer":     "%v may call CRACK WORD on %v (row %v).",
	"crackword.ev.crack_declined":  "%v does not call CRACK WORD.",
	"crackword.ev.crack":           "CRACK WORD! %v wins %v (row %v): %v {card|cards} into the score pile.",
	"crackword.ev.trash":           "%v plays a POUBELLE on row %v (%v): return to sender, everyone takes back their cards.",
	"crackword.ev.restart":         "%v restarts row %v with %v.",
	"crackword.ev.restart_empty":   "%v leaves row %v empty.",
	"crackword.ev.pass":            "%v passes and draws a card.",
	"crackword.ev.pass_nodraw":     "%v passes (the draw pile is empty).",
	"crackword.ev.out":             "%v passes and is out until the end of the game.",
	"crackword.ev.new_hand":        "%v laid their last card and takes a new hand of %v {card|cards}.",
	"crackword.ev.last_hand":       "LAST HAND! %v drew the last card of their draw pile: everyone takes %v {card|cards}, the rest of the draw piles is set aside. Nobody draws any more.",
	"crackword.ev.last_draw":       "%v adds %v {card|cards} to their hand.",
	"crackword.ev.end1":            "%v laid their last card and takes the %v {card|cards} of their colour still on the table. The game is over.",
	"crackword.ev.end2":            "Everyone is out: each player removes from their score pile one card per letter left in hand (a POUBELLE is no letter). The game is over.",
	"crackword.ev.penalty":         "%v loses %v {point|points} ({letter|letters} left in hand).",
	"crackword.ev.score":           "%v: %v {point|points}.",

	"crackword.pv.drew":               "You draw: %v",
	"crackword.pv.hand":               "Your hand %v (%v {card|cards}).",
	"crackword.pv.hint_out":           "You are out until the end of the game.",
	"crackword.pv.hint_wait":          "It is %v's turn.",
	"crackword.pv.hint_crack":         "%v is a word where your colour has the majority: \"crack\" to take it, \"no\" to let it go.",
	"crackword.pv.hint_restart":       "Restart row %v with a card from your hand (\"E\", \"joker=A\"): it is compulsory.",
	"crackword.pv.hint_play":          "Your turn: \"E right 2 maison\", \"E left 1 école\", \"E on 3 4 exemple\", \"joker=A left 1 ami\", \"trash 3\" or \"pass\". Add \"crack\" at the end to call CRACK WORD.",
	"crackword.pv.hint_play_assisted": "Your turn: \"E right 2\", \"E left 1\", \"E on 3 4\", \"joker=A left 1\", \"trash 3\" or \"pass\" (assisted mode: no example needed).",

	"crackword.side.left":     "at the left end",
	"crackword.side.right":    "at the right end",
	"crackword.side.on":       "on card %v",
	"crackword.card.joker":    "JOKER",
	"crackword.card.joker_as": "a JOKER (%v)",
	"crackword.card.trash":    "POUBELLE",

	"crackword.scene.row":         "Row %v",
	"crackword.scene.hand":        "Your hand",
	"crackword.scene.seat":        "%v: score %v · draw pile %v · hand %v",
	"crackword.scene.seat_turn":   "► %v: score %v · draw pile %v · hand %v (to play)",
	"crackword.scene.seat_out":    "%v: score %v · draw pile %v · hand %v (out)",
	"crackword.scene.turn":        "%v to play.",
	"crackword.scene.winner":      "%v.",
	"crackword.line.seat":         "%v %v: score %v · draw pile %v · hand %v",
	"crackword.line.seat_out":     "%v %v: score %v · draw pile %v · hand %v (out)",
	"crackword.line.last_hand":    "LAST HAND: nobody draws any more.",
	"crackword.line.last":         "Last move: %v",
	"crackword.line.over":         "Game over.",
	"crackword.line.winner":       "🏆 %v.",
	"crackword.line.turn":         "%v %v to play.",
	"crackword.line.turn_crack":   "%v may call CRACK WORD on %v (row %v).",
	"crackword.line.turn_restart": "%v chooses the card that restarts row %v.",

	"crackword.choice.crack":     "💥 CRACK WORD (%v)",
	"crackword.choice.nocrack":   "No thanks",
	"crackword.choice.trash":     "🗑 POUBELLE",
	"crackword.choice.trash_row": "🗑 Row %v: %v",
	"crackword.choice.pass":      "Pass (draw)",
	"crackword.choice.joker":     "★ JOKER",
	"crackword.choice.start":     "Row %v: %v",
	"crackword.choice.left":      "Row %v, left: %v",
	"crackword.choice.right":     "Row %v, right: %v",
	"crackword.choice.on":        "Row %v, on card %v: %v",
	"crackword.ask.example":      "A word containing %v?",

	// Shown by the bot's /games and /rules (keys <name>.summary and .rules).
	"crackword.summary": "Four rows of letters, one card a turn: the first to complete a word of at least 3 letters where their colour has the majority takes the row.",
	"crackword.rules": `Crack Word (Yaqua 2023) — one colour per player: 🟥 🟦 🟩 🟨.
On your turn, one action:
• Lay a card at an end of a row or on the same letter, and give a word containing the sequence of letters (otherwise the card comes back, you draw, your turn ends): "E right 2 maison", "E left 1 école", "E on 3 4 exemple" (on the 4th card of row 3). A JOKER takes a letter: "joker=A left 1 ami".
• Play a POUBELLE: "trash 3". Everyone takes back their cards of the row, the POUBELLE goes to your score pile, then you restart the row with one card ("E").
• Pass: "pass" (you draw a card).
CRACK WORD: if after your lay the row is a word of at least 3 letters where your colour has the majority of the visible cards (a JOKER counts double), "crack" (or add "crack" to your lay): you take the whole row (1 card = 1 point) and restart it.
Empty hand: a new hand of 8. When a draw pile runs out: LAST HAND, the others draw as many cards as that last draw, then nobody draws any more; whoever passes is out.
End: the first to lay their last card takes their cards left on the table; if everyone is out, each loses as many points as cards in hand. Biggest score pile wins.
You may also type a move as a sentence: "lay E at the right of row 2 maison", "E on card 4 of the third row example".`,
}
