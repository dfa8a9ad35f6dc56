package local

import "github.com/tablee/tablee/i18n"

// The terminal chat's own texts: what only its /press and its prompt need
// to explain, in the user's language.
func init() {
	i18n.Register(i18n.FR, map[string]string{
		"local.not_command": "(ce n'est pas une commande : elles commencent par /, et /aide les liste)",
		"local.press_usage": "(usage : /press N [mot], ou /press bN pour un bouton du plateau)",
		"local.no_button":   "(pas de bouton %v)",
		"local.press_word":  "Ce bouton attend un mot (%v) : écris-le après son numéro, par exemple /press %v neige.",
	})
	i18n.Register(i18n.EN, map[string]string{
		"local.not_command": "(not a command: commands start with /; /help lists them)",
		"local.press_usage": "(usage: /press N [word], or /press bN for a board button)",
		"local.no_button":   "(no button %v)",
		"local.press_word":  "This button asks for a word (%v): type it after its number, for example /press %v neige.",
	})
}
