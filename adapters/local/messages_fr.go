package local

import "github.com/tablee/tablee/i18n"

// The terminal chat's own notes, in French.
func init() {
	i18n.Register(i18n.FR, map[string]string{
		"local.line_too_long": "ta ligne est ignorée : elle fait %v caractères, et une commande en tient %v au plus. Tu peux continuer",
		"local.not_command":   "(ce n'est pas une commande : elles commencent par /, et /aide les liste)",
		"local.press_usage":   "(usage : /press N [mot], /press bN pour un bouton du plateau, /press rN pour un bouton d'une réponse comme une partie revue)",
		"local.no_button":     "(pas de bouton %v)",
		"local.press_word":    "Ce bouton attend un mot (%v) : écris-le après son numéro, par exemple /press %v neige.",
	})
}
