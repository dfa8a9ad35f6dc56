package motsdetete

import "github.com/tablee/tablee/i18n"

func init() { i18n.Register(i18n.EN, messagesEN) }

var messagesEN = map[string]string{
	"motsdetete.title":    "Mots de Tête",
	"motsdetete.title_of": "Mots de Tête",
	"motsdetete.title_at": "Mots de Tête",
	"motsdetete.summary":  "A crossword on a grid everyone shares: the die says how many letters to write, every cell is worth points. First to 300! The words are French.",
	"motsdetete.rules": "Mots de Tête (Hornswoggle Games 1990). On your turn the die (shown to all) says how many NEW letters to write, no more, no less, all in one row (to the right) or one column (downwards), never on a black cell #. " +
		"With the letters already there they form one main word; every other run of 2 letters or more that a new letter touches across is a side word. All must be in the French dictionary (accents ignored, no proper nouns or abbreviations). " +
		"The first word covers a cell next to the black cross in the centre; every later word leans on a letter already written. " +
		"Type the start cell, the direction and the WHOLE word, letters already on the grid included: \"/move H3 down DEPENSER\" (with PENSE already at H4 you write D, E, R). \"/pass\" if you cannot. " +
		"Score: the values of all the cells of every new word (old letters included). Bonus cells: + orange 1 die, * yellow 2 dice, @ red 3 dice, rolled once per cell and turn. " +
		"A word the dictionary lacks is wiped off and the turn is lost (with the option forgiving=on, try again). First to 300 points (option target=250…). " +
		"Variants: marathon (two failures in a row and you are out, highest score wins), quarté (always 4 letters, bonus 4/8/12), solo (alone, until you cannot write).\nA sentence works too: \"/move j4 going down test\", \"/move write house at h3 to the right\".",

	"motsdetete.opt.variant":              "Variant: standard (first to 300), marathon (two turns in a row without a word and you are out; the survivor rolls one last time; highest score wins), quarté (no die, always 4 letters, orange cells 4, yellow 8, red 12), solo (Solitaire, one player, until no word can be written).",
	"motsdetete.opt.target":               "Score to reach (300 by default; the sheet suggests 250 with four players).",
	"motsdetete.opt.forgiving":            "Forgiving: a word the dictionary lacks is refused with the reason and the player tries again, instead of losing the turn.",
	"motsdetete.opt.hints":                "Hints every turn: the bot's suggested move is shown privately to the player whose turn it is (and offered as a button).",
	"motsdetete.opt.botlevel":             "How strong bots play: best (the highest score) or good (a good move drawn at random). Each bot's strength is chosen with /addbot (easy, normal, strong).",
	"motsdetete.opt.variant.name":         "variant",
	"motsdetete.opt.variant.value.quarte": "quarté",
	"motsdetete.opt.target.name":          "target",
	"motsdetete.opt.forgiving.name":       "forgiving",
	"motsdetete.opt.hints.name":           "hints",
	"motsdetete.opt.botlevel.name":        "botlevel",
	"motsdetete.opt.botlevel.value.best":  "best",
	"motsdetete.opt.botlevel.value.good":  "good",

	"motsdetete.err.syntax":        "Move not understood: \"%v\". Type the start cell, the direction and the whole word: \"H3 down DEPENSER\", \"F8 right maison\", or \"pass\".",
	"motsdetete.err.one_word":      "One word, without spaces: \"%v\". Example: \"H3 down DEPENSER\".",
	"motsdetete.err.no_cell":       "There is no cell \"%v\": columns go from A to %v, rows from 1 to %v.",
	"motsdetete.err.direction":     "\"%v\" is not a direction: type \"down\" (↓) or \"right\" (→).",
	"motsdetete.err.letters":       "\"%v\" is not a word: letters only (accents are allowed and ignored).",
	"motsdetete.err.game_over":     "The game is over.",
	"motsdetete.err.not_your_turn": "Not your turn: waiting for %v.",
	"motsdetete.err.short":         "\"%v\": a word has 2 letters at least. If your letter makes a word the other way, type that word, in the other direction.",
	"motsdetete.err.off_grid":      "%v does not fit in the grid from %v%v (%v {letter|letters}).",
	"motsdetete.err.black":         "%v is a black cell: no letter goes there (word %v).",
	"motsdetete.err.clash":         "Cell %v already holds %v, not %v: type the letters already on the grid as they are.",
	"motsdetete.err.continues":     "%v does not stop there: with the letters next to it the word is %v from %v%v. Type the whole word.",
	"motsdetete.err.no_new":        "%v is already all on the grid: you must write new letters.",
	"motsdetete.err.count":         "This turn asks for %v new {letter|letters}, no more, no less; %v writes %v (%v).",
	"motsdetete.err.centre":        "The first word must cover a cell next to the black cross in the centre (%v); %v does not.",
	"motsdetete.err.disconnected":  "%v must use or touch a letter already written on the grid.",
	"motsdetete.err.not_word":      "Refused: %[1]v {2:is|are} not in the dictionary. Try again (forgiving option).",

	"motsdetete.tell.move":    "%v at %v",
	"motsdetete.ev.play":      "%v, %v, writes %v at %v, new letters %v: %v = %v {point|points}%v.",
	"motsdetete.ev.rolls":     " (bonus: %v)",
	"motsdetete.ev.lost":      "%[1]v, %[2]v, writes %[3]v at %[4]v: %[5]v {6:is|are} not in the dictionary. Word wiped off, turn lost.",
	"motsdetete.ev.pass":      "%v, %v, passes.",
	"motsdetete.ev.roll":      "%v to play: the die shows %v.",
	"motsdetete.ev.target":    "%v reaches %v {point|points} (target %v)!",
	"motsdetete.ev.out":       "%v wrote no word two turns in a row: out.",
	"motsdetete.ev.last_roll": "%v is the last one in and rolls one last time: %v.",
	"motsdetete.ev.solo_end":  "End of the solitaire: %v {point|points}. Beat your record!",
	"motsdetete.ev.blocked":   "Nobody wrote a word for two full rounds: the game stops.",

	"motsdetete.line.target":      "First to %v {point|points}.",
	"motsdetete.line.solo_target": "Solitaire: target %v {point|points}.",
	"motsdetete.line.marathon":    "Marathon: two turns in a row without a word and you are out; highest score wins.",
	"motsdetete.line.quarte":      "Quarté: always 4 new letters; first to %v {point|points}.",
	"motsdetete.line.solo":        "Solitaire: write while you can, beat your record.",
	"motsdetete.line.score":       "%v: %v {point|points}",
	"motsdetete.line.score_out":   "%v: %v {point|points} (out)",
	"motsdetete.line.last":        "Last move: %v",
	"motsdetete.line.turn":        "%v to play, %v: write exactly %v new {letter|letters}.",
	"motsdetete.line.turn_last":   "Last roll of %v, %v: write exactly %v new {letter|letters}.",
	"motsdetete.line.over":        "Game over.",
	"motsdetete.line.winner":      "🏆 %v.",
	"motsdetete.line.solo_over":   "Solitaire over: %v {point|points}.",
	"motsdetete.line.duplicate":   "This turn: write exactly %v new {letter|letters}.",

	"motsdetete.pv.turn":                 "Your die: %v. Type \"/move cell direction WORD\" with the whole word, letters already on the grid included, for example \"/move %v %v %v\"; or \"/pass\".",
	"motsdetete.pv.turn_plain":           "Your die: %v. Type \"/move cell direction WORD\" with the whole word, letters already on the grid included, or \"/pass\".",
	"motsdetete.pv.turn_duplicate":       "Write exactly %v new {letter|letters}: \"/move cell direction WORD\" with the whole word, letters already on the grid included, for example \"/move %v %v %v\"; or \"/pass\".",
	"motsdetete.pv.turn_duplicate_plain": "Write exactly %v new {letter|letters}: \"/move cell direction WORD\" with the whole word, letters already on the grid included; or \"/pass\".",
	"motsdetete.dir.down":                "down",
	"motsdetete.dir.right":               "right",
	"motsdetete.pv.wait":                 "%v is to play.",
	"motsdetete.pv.out":                  "You are out; you keep your score.",
	"motsdetete.pv.hint":                 "Suggestion: /move %v (≈ %v {point|points}).",
	"motsdetete.pv.no_move":              "No word of %v new {letter|letters} found: you may pass.",

	"motsdetete.scene.lines":         "%v\n%v",
	"motsdetete.scene.target":        "First to %v {point|points}.",
	"motsdetete.scene.marathon":      "Marathon: two turns in a row without a word and you are out.",
	"motsdetete.scene.quarte":        "Quarté: always 4 new letters; first to %v {point|points}.",
	"motsdetete.scene.solo":          "Solitaire: write as long as you can.",
	"motsdetete.scene.score":         "%v: %v {point|points}",
	"motsdetete.scene.score_turn":    "► %v: %v {point|points}",
	"motsdetete.scene.score_out":     "%v: %v {point|points} (out)",
	"motsdetete.scene.turn":          "%v to play: die %v, as many new letters.",
	"motsdetete.scene.turn_last":     "Last roll for %v: die %v, as many new letters.",
	"motsdetete.scene.turn_quarte":   "%v to play: %v new {letter|letters}.",
	"motsdetete.scene.over":          "The game is over.",
	"motsdetete.scene.winner":        "%v.",
	"motsdetete.scene.legend":        "● orange: 1 die · ■ yellow: 2 dice · ▲ red: 3 dice · black: no letter",
	"motsdetete.scene.legend_quarte": "● orange: 4 · ■ yellow: 8 · ▲ red: 12 · black: no letter",
	"motsdetete.scene.duplicate":     "This turn: write exactly %v new {letter|letters}.",

	"motsdetete.choice.hint": "💡 %v (≈ %v)",
	"motsdetete.choice.pass": "Pass",
}
