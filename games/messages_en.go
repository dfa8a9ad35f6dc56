package games

import "github.com/tablee/tablee/i18n"

// The English texts of the package itself: the yes and no of an option.
func init() {
	i18n.Register(i18n.EN, map[string]string{
		"games.on":  "on",
		"games.off": "off",
	})
}
