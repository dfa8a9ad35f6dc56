package games

import "github.com/tablee/tablee/i18n"

// The French texts of the package itself: the yes and no of an option.
func init() {
	i18n.Register(i18n.FR, map[string]string{
		"games.on":  "oui",
		"games.off": "non",
	})
}
