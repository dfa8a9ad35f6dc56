package games

import "github.com/tablee/tablee/i18n"

// The English texts of the package itself: the yes and no of an option,
// who won a game.
func init() {
	i18n.Register(i18n.EN, map[string]string{
		"games.on":  "on",
		"games.off": "off",

		"games.victory":        "%v wins with %v {point|points}",
		"games.victory_shared": "%v share the win with %v {point|points}",
	})
}
