package escogriffe

import "github.com/tablee/tablee/i18n"

func init() {
	i18n.Register(i18n.FR, map[string]string{
		"escogriffe.scene.piles":        "Défausses",
		"escogriffe.scene.info":         "Manche %v · objectif : %v {carte|cartes} · pioche : %v",
		"escogriffe.scene.seat":         "%v\n%v {pt|pts} · %v en main\nfigure %v/%v",
		"escogriffe.scene.seat_turn":    "► %v\n%v {pt|pts} · %v en main\nfigure %v/%v",
		"escogriffe.scene.hand":         "Ta main",
		"escogriffe.scene.turn":         "► À %v : piocher, prendre une défausse ou poser une carte.",
		"escogriffe.scene.turn_discard": "► À %v de jeter une carte.",
		"escogriffe.scene.turn_last":    "► Dernière chance : à %v de terminer sa figure ou de passer.",
		"escogriffe.scene.over":         "Partie terminée : %v.",
		"escogriffe.scene.done":         "Manche %v : %v termine sa figure de %v {carte|cartes}, +%v {point|points}.",
		"escogriffe.scene.done_blocked": "Manche %v arrêtée : plus personne ne pouvait finir sa figure.",
		"escogriffe.title":              "Le Grand Escogriffe",
		"escogriffe.title_of":           "du Grand Escogriffe",
		"escogriffe.title_at":           "au Grand Escogriffe",

		// Shown by the bot's /games and /rules.
		"escogriffe.summary": "Construis de la tête aux pieds une figure dont les attaches (forme et couleur) s'accordent, exactement aussi haute que l'objectif du dé. Premier à 50 points.",
		"escogriffe.rules": `Le Grand Escogriffe (Nova Carta, Fred Horn).
Chaque manche, le dé fixe l'OBJECTIF (5 à 12) : chacun reçoit autant de cartes. Une attache = une forme (● ■ ▲ ★) et une couleur (🟥 R, 🟦 B, 🟩 V, 🟨 J). Cartes : 🙂 tête, corps, 🟧 cartes orange (même attache en haut et en bas, seules à pouvoir servir deux fois), 👣 pieds ; 🛌 une carte couchée (dessin seulement). Une carte garde son numéro tant qu'elle est dans ta main ; une carte tirée prend le premier numéro libre.
À ton tour, une seule action :
• Tirer puis jeter : « pioche » ou « prendre 2 » (le dessus de la défausse 2), puis « jeter 5 1 » (ta carte 5 sur la défausse 1). Qui prend la dernière carte d'une défausse jette sur cette même défausse.
• Poser une carte en haut ou en bas de ta figure : « poser 3 haut », « poser 3 bas ». Les attaches doivent concorder ; une tête ne va qu'en haut, des pieds qu'en bas, rien au-dessus d'une tête ni sous des pieds ; ta première carte peut être n'importe laquelle. Une figure ne peut pas être fermée avant l'objectif.
Qui termine sa figure de la tête aux pieds, exactement à l'objectif, marque hauteur + 3. Chacun des autres peut alors poser une dernière carte : qui termine ainsi sa figure (toute hauteur) marque sa hauteur ; sinon « passe ».
Le premier joueur tourne à chaque manche. Le premier à 50 points en fin de manche gagne (le plus haut total ; égalité = victoire partagée).
Une phrase marche aussi : « je pioche une carte », « pose la carte trois en haut de ma figure ».`,

		// Refusals.
		"escogriffe.over":             "La partie est terminée.",
		"escogriffe.not_your_turn":    "Ce n'est pas ton tour : on attend %s.",
		"escogriffe.syntax":           "Coup incompris. Exemples : « pioche », « prendre 2 », « jeter 5 1 », « poser 3 haut », « poser 3 bas », « passe ».",
		"escogriffe.no_face":          "Tu n'as pas %s en main : nomme la carte par son numéro (« poser 3 haut »).",
		"escogriffe.no_face_pile":     "%s n'est pas sur la défausse %d : « prendre 2 » prend la carte du dessus de la défausse 2.",
		"escogriffe.pioche_empty":     "La pioche est vide : prends une carte sur une défausse.",
		"escogriffe.no_pile":          "Il n'y a pas de défausse %d (il y en a %d).",
		"escogriffe.pile_empty":       "La défausse %d est vide.",
		"escogriffe.draw_first":       "Tire d'abord une carte (« pioche » ou « prendre 1 »), ou pose une carte (« poser 3 haut »).",
		"escogriffe.cannot_pass":      "On ne passe qu'à la dernière chance : tire une carte (« pioche ») ou pose-en une (« poser 3 haut »).",
		"escogriffe.must_discard":     "Tu as tiré une carte : jette maintenant une carte de ta main (« jeter 5 1 »).",
		"escogriffe.no_card":          "Tu n'as pas de carte %d en main : tes cartes portent les numéros %s (une carte garde son numéro tant qu'elle est dans ta main).",
		"escogriffe.which_take":       "Quelle défausse ? « prendre 1 » … jusqu'à « prendre %d ».",
		"escogriffe.must_pile":        "Tu as pris la dernière carte de la défausse %d : tu dois jeter sur cette défausse.",
		"escogriffe.which_pile":       "Sur quelle défausse ? « jeter %d 1 » … jusqu'à la défausse %d.",
		"escogriffe.which_side":       "En haut ou en bas ? « poser %[1]d haut » ou « poser %[1]d bas ».",
		"escogriffe.above_head":       "Rien ne se pose au-dessus d'une tête.",
		"escogriffe.below_feet":       "Rien ne se pose sous des pieds.",
		"escogriffe.head_top_only":    "Une tête ne se pose qu'en haut de la figure.",
		"escogriffe.feet_bottom_only": "Des pieds ne se posent qu'en bas de la figure.",
		"escogriffe.mismatch_top":     "%s ne s'accroche pas en haut : la figure attend %s, la carte offre %s.",
		"escogriffe.mismatch_bottom":  "%s ne s'accroche pas en bas : la figure attend %s, la carte offre %s.",
		"escogriffe.closes_short":     "Cette carte fermerait ta figure à %d {carte|cartes}, or l'objectif est de %d : elle ne pourrait plus grandir.",
		"escogriffe.not_completing":   "Dernière chance : seule une carte qui termine ta figure (de la tête aux pieds) peut être posée.",
		"escogriffe.last_chance_only": "Dernière chance : pose une carte qui termine ta figure (« poser 3 bas ») ou « passe ».",

		// Events.
		"escogriffe.ev_round":       "Manche %d : %s lance le dé et fait %d. Objectif : %d {carte|cartes}.",
		"escogriffe.ev_draw":        "%s pioche une carte.",
		"escogriffe.ev_drawn":       "Tu as pioché %s (carte %d de ta main).",
		"escogriffe.ev_take":        "%s prend %s sur la défausse %d.",
		"escogriffe.ev_discard":     "%s jette %s sur la défausse %d.",
		"escogriffe.ev_place":       "%s pose %s %s de sa figure.",
		"escogriffe.ev_complete":    "%s termine son grand escogriffe de %d {carte|cartes} : %d {point|points} !",
		"escogriffe.ev_last_chance": "Dernière chance : chacun des autres peut poser une carte pour terminer sa figure.",
		"escogriffe.ev_last_done":   "%s pose %s et termine sa figure de %d {carte|cartes}.",
		"escogriffe.ev_pass":        "%s passe.",
		"escogriffe.ev_reshuffle":   "La pioche est vide : les défausses sont mélangées (%d {carte|cartes}) et %d {nouvelle défausse retournée|nouvelles défausses retournées} ; la pioche en compte %d.",
		"escogriffe.ev_blocked":     "Plus personne ne peut finir sa figure à la hauteur de l'objectif : la manche s'arrête sans gagnant.",
		"escogriffe.ev_score":       "%s : +%d, total %d.",
		"escogriffe.ev_round_end":   "Fin de la manche %d.",
		"escogriffe.side_top":       "en haut",
		"escogriffe.side_bottom":    "en bas",

		// Views.
		"escogriffe.line_round":        "Manche %d · objectif %d {carte|cartes} · pioche %d.",
		"escogriffe.line_seat":         "%s %s : %d {point|points} · %d {carte|cartes} en main · figure %d/%d.",
		"escogriffe.line_turn_draw":    "À %s : piocher, prendre une défausse, ou poser une carte.",
		"escogriffe.line_turn_discard": "À %s de jeter une carte.",
		"escogriffe.line_turn_last":    "Dernière chance : à %s.",
		"escogriffe.line_winner":       "🏆 %v.",
		"escogriffe.line_over":         "Partie terminée.",
		"escogriffe.line_done":         "Manche %d : %s a terminé sa figure de %d {carte|cartes} (+%d {point|points}).",
		"escogriffe.line_done_blocked": "Manche %d arrêtée sans gagnant : plus personne ne pouvait finir sa figure.",
		"escogriffe.line_last":         "Dernier coup : %s",
		"escogriffe.line_legend":       "R rouge, B bleu, V vert, J jaune · ● rond, ■ carré, ▲ triangle, ★ étoile · 🙂 tête, 👣 pieds, 🟧 carte orange (peut servir deux fois), 🛌 carte couchée.",
		"escogriffe.line_hand":         "Ta main : %d {carte|cartes} (figure %d/%d). Une carte s'écrit : attache du haut/attache du bas.",
		"escogriffe.line_discard_now":  "Tu as tiré %s : jette une carte (« jeter 5 1 »).",
		"escogriffe.line_can_place":    "Tu peux poser : %s (⬆ en haut, ⬇ en bas).",
		"escogriffe.line_cannot_place": "Aucune carte ne se pose pour l'instant.",

		// Buttons.
		"escogriffe.btn_draw":    "Piocher (%d)",
		"escogriffe.btn_take":    "Prendre la défausse %d : %s",
		"escogriffe.btn_discard": "Jeter %d : %s",
		"escogriffe.btn_on_pile": "Sur la défausse %d",
		"escogriffe.btn_place":   "Poser %d : %s %s",
		"escogriffe.btn_pass":    "Passer",
	})
}
