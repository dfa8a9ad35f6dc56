package games

import "github.com/tablee/tablee/i18n"

// The French texts of the package itself: the yes and no of an option,
// who won a game.
func init() {
	i18n.Register(i18n.FR, map[string]string{
		"games.on":  "oui",
		"games.off": "non",

		"games.victory":        "%v gagne avec %v {point|points}",
		"games.victory_shared": "%v se partagent la victoire avec %v {point|points}",
	})
}
