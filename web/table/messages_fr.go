package table

import "github.com/tablee/tablee/i18n"

// Les textes de la table web, en français.
func init() {
	i18n.Register(i18n.FR, map[string]string{
		"web.refused_title":  "Ce lien n'ouvre pas la table",
		"web.forged":         "Ce lien n'a pas été fait par le bot : il a peut-être été coupé ou modifié. Redemande ta table au bot.",
		"web.expired":        "Ce lien a expiré. Redemande ta main au bot : elle apporte un nouveau lien.",
		"web.other_user":     "Ce lien a été fait pour un autre joueur : il montre sa main, pas la tienne. Demande au bot ton propre lien.",
		"web.no_table":       "Cette table n'est plus là.",
		"web.session_gone":   "Cette page est ouverte depuis trop longtemps : rouvre ton lien.",
		"web.spectator_only": "Tu regardes : seuls les joueurs jouent ici.",
		"web.bad_request":    "La page a envoyé quelque chose que la table ne comprend pas.",
		"web.live":           "en direct",
		"web.offline":        "reconnexion…",
		"web.your_hand":      "Ta main",
		"web.scores":         "Joueurs",
		"web.events":         "Derniers coups",
		"web.turn":           "à jouer",
		"web.spectator":      "Tu regardes cette table.",
		"web.empty":          "vide",
		"web.cell":           "%v, %v",
		"web.right":          "droite",
		"web.down":           "bas",
		"web.word":           "Mot",
		"web.send":           "Envoyer",
		"web.cancel":         "Annuler",
		"web.place":          "Poser un mot depuis %v :",
		"web.pick_cell":      "Touche une case du plateau pour y poser un mot.",
		"web.board":          "Plateau",
		"web.local_link":     "(la table web de %v : %v)",
		"web.icon_joker":     "joker",
		"web.icon_trash":     "poubelle",
		"web.icon_replay":    "rejouer",
		"web.icon_lock":      "incontrable",
		"web.typed":          "Ou tape un coup comme dans le chat",
	})
}
