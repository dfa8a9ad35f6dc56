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
		"local.welcome":       "Bienvenue sur Tablée, dans ce terminal. Tu es %v, dans la discussion #%v.",
		"local.help": "Dans ce terminal :\n" +
			"bob> /rejoindre — parle en tant que bob à partir de cette ligne (un nom et > avant la commande)\n" +
			"#cafe /jouer wordsout — va dans la discussion #cafe, qui a sa propre table\n" +
			"/press 2 — appuie sur le bouton 2 de ton dernier message privé (/press b2 : celui du plateau, /press r2 : celui d'une réponse)\n" +
			"/auto — un robot joue tes coups tant que la partie t'attend (/auto 3 : trois coups au plus)\n" +
			"/auto tous — des robots jouent pour tout le monde à la table jusqu'à la fin de la partie (/auto stop les arrête)\n" +
			"/aide — toutes les commandes ; /jouer crackword ouvre une table, /robot installe un robot",
		"local.auto_usage":           "usage : /auto [N] joue tes coups, /auto tous [N] ceux de tout le monde jusqu'à la fin de la partie, /auto stop arrête /auto tous",
		"local.auto_nothing_to_stop": "/auto stop : rien à arrêter, /auto tous ne joue pas",
		"local.auto_stopped":         "/auto tous est arrêté : chacun joue de nouveau ses propres coups",
		"local.auto_no_table":        "/auto : il n'y a pas de table ouverte dans cette discussion ; /jouer <jeu> en ouvre une",
		"local.auto_not_started":     "/auto : la partie n'a pas encore commencé ; /commencer distribue",
		"local.auto_not_seated":      "/auto : tu n'es pas assis·e à cette table, et la partie attend %v ; /auto tous joue pour tout le monde",
		"local.auto_waits_for":       "/auto : la partie attend %v, pas toi ; /auto tous joue pour tout le monde",
		"local.auto_waits_nobody":    "/auto : la partie n'attend personne pour l'instant",
	})
}
