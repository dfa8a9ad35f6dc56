package table

import "github.com/tablee/tablee/i18n"

// compose tells the page how a word placed on the board's grid is typed,
// the same line a player types in the chat: the page only fills in the
// cell, the direction and the word, and the core reads the line with the
// chat's parser. Directions are the words of the player's language.
type compose struct {
	// Template holds {cell}, {dir} and {word}.
	Template string `json:"template"`
	Right    string `json:"right"`
	Down     string `json:"down"`
}

// composeTemplates are the games whose moves name a cell of a grid, and
// their moves in each language: "/coup j4 bas test" in Mots de Tête,
// "/mot ministre i9 bas" in La Coquillaude (its composing phase).
var composeTemplates = map[string]map[i18n.Lang]string{
	"motsdetete":  {i18n.FR: "/coup {cell} {dir} {word}", i18n.EN: "/move {cell} {dir} {word}"},
	"coquillaude": {i18n.FR: "/mot {word} {cell} {dir}", i18n.EN: "/word {word} {cell} {dir}"},
}

func composeFor(game string, lang i18n.Lang) *compose {
	byLang, ok := composeTemplates[game]
	if !ok {
		return nil
	}
	tpl, ok := byLang[lang]
	if !ok {
		tpl = byLang[i18n.FR]
		lang = i18n.FR
	}
	return &compose{Template: tpl, Right: text(lang, "web.right"), Down: text(lang, "web.down")}
}
