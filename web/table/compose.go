package table

import (
	"slices"

	"github.com/tablee/tablee/i18n"
)

// compose tells the page how a word placed on the board's grid is typed,
// the same line a player types in the chat: the page only fills in the
// cell, the direction and the word, and the core reads the line with the
// chat's parser. Directions are the words of the player's language.
type compose struct {
	// Template holds {cell}, {dir} and {word}.
	Template string `json:"template"`
	Right    string `json:"right"`
	Down     string `json:"down"`
	// DownRight and UpRight are the diagonals' words, in a game whose
	// words may go so (La Coquillaude); "" in the others.
	DownRight string `json:"down_right,omitempty"`
	UpRight   string `json:"up_right,omitempty"`
}

// gridMove is how a game's move that names a cell of its grid is typed.
type gridMove struct {
	// ask is the move of the button that asks for the same (the hand's
	// bot.WebHand.Asks), when the game takes such a move in one phase
	// only; "" when it takes one whenever the player is awaited.
	ask    string
	byLang map[i18n.Lang]string
	// diagonals are the words of the diagonal directions, in a game that
	// has them: down-right, then up-right (the same in both languages:
	// the game reads either).
	diagonals [2]string
}

// gridMoves are the games whose moves name a cell of a grid, and their
// moves in each language: "/coup j4 bas test" in Mots de Tête, "/mot
// ministre i9 bas" in La Coquillaude (its composing phase).
var gridMoves = map[string]gridMove{
	"motsdetete": {byLang: map[i18n.Lang]string{i18n.FR: "/coup {cell} {dir} {word}", i18n.EN: "/move {cell} {dir} {word}"}},
	"coquillaude": {ask: "mot", byLang: map[i18n.Lang]string{i18n.FR: "/mot {word} {cell} {dir}", i18n.EN: "/word {word} {cell} {dir}"},
		diagonals: [2]string{"diag", "haut-droite"}},
}

// composeFor is how the awaited player of a game places a word by touch
// now, nil when he cannot.
func composeFor(game string, lang i18n.Lang, asks []string) *compose {
	gm, ok := gridMoves[game]
	if !ok || (gm.ask != "" && !slices.Contains(asks, gm.ask)) {
		return nil
	}
	byLang := gm.byLang
	tpl, ok := byLang[lang]
	if !ok {
		tpl = byLang[i18n.FR]
		lang = i18n.FR
	}
	return &compose{Template: tpl, Right: text(lang, "web.right"), Down: text(lang, "web.down"),
		DownRight: gm.diagonals[0], UpRight: gm.diagonals[1]}
}
