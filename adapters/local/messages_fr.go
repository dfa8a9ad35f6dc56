package local

import "github.com/tablee/tablee/i18n"

// The terminal chat's own notes, in French.
func init() {
	i18n.Register(i18n.FR, map[string]string{
		"local.line_too_long": "ta ligne est ignorée : elle fait %v caractères, et une commande en tient %v au plus. Tu peux continuer",
	})
}
