package crackword

import "github.com/tablee/tablee/i18n"

func init() { i18n.Register(i18n.FR, messagesFR) }

var messagesFR = map[string]string{
	"crackword.title":             "Crack Word",
	"crackword.title_of":          "de Crack Word",
	"crackword.title_at":          "à Crack Word",
	"crackword.opt.expert":        "Mode expert : chaque pioche contient les 50 cartes de sa couleur, comme le propose la règle pour des parties expertes.",
	"crackword.opt.assisted":      "Mode assisté : le bot vérifie qu'un mot contient la suite de lettres et en montre un ; aucun exemple n'est demandé et une suite impossible est refusée.",
	"crackword.opt.expert.name":   "expert",
	"crackword.opt.assisted.name": "assisté",

	"crackword.err.syntax":            "Coup incompris : « %v ». Exemples : « E droite 2 maison », « E gauche 1 école », « E sur 3 4 exemple » (sur la 4ᵉ carte de la rangée 3), « joker=A gauche 1 ami », « poubelle 3 », « passe ».",
	"crackword.err.not_your_turn":     "Ce n'est pas ton tour : on attend %v.",
	"crackword.err.game_over":         "La partie est terminée.",
	"crackword.err.trash_row":         "Sur quelle rangée ? Par exemple « poubelle 3 ».",
	"crackword.err.joker_letter":      "Un JOKER reçoit une lettre en étant posé : « joker=A gauche 1 ami ».",
	"crackword.err.no_position":       "La rangée %v n'a pas de carte en position %v (les positions se comptent à partir de 1, à gauche).",
	"crackword.err.syntax_row":        "« %v » n'est pas un numéro de rangée (1 à 4).",
	"crackword.err.no_row":            "Il n'y a pas de rangée %v : les rangées vont de 1 à 4.",
	"crackword.err.one_word":          "Un seul mot d'exemple, pas « %v ».",
	"crackword.err.crack_phase":       "Réponds « crack » pour annoncer CRACK WORD ou « non » pour laisser passer.",
	"crackword.err.restart_card":      "Choisis la carte qui relance la rangée %v : une lettre (« E ») ou un joker (« joker=A »).",
	"crackword.err.restart_no_pass":   "Après un CRACK WORD ou une POUBELLE, tu dois relancer la rangée %v avec une carte de ta main : une lettre (« E ») ou un JOKER (« joker=A »). Tu ne peux pas passer.",
	"crackword.err.trash_restart":     "On ne relance pas une rangée avec une POUBELLE : pose une lettre ou un JOKER.",
	"crackword.err.crack_lay_first":   "CRACK WORD s'annonce juste après avoir posé une carte : avec le bouton qui suit la pose, ou en ajoutant « crack » au coup (« E droite 2 maison crack »).",
	"crackword.err.where":             "Où poser le %v ? Donne aussi la place et un mot d'exemple : « %[1]v droite N mot », « %[1]v gauche N mot » ou « %[1]v sur N P mot » (N : le numéro de la rangée, P : la position d'un %[1]v dans cette rangée).",
	"crackword.err.not_same_letter":   "On ne pose une lettre que sur la même lettre : %v ne va pas sur le %v (rangée %v, position %v).",
	"crackword.err.not_in_hand":       "Tu n'as pas de %v en main.",
	"crackword.err.impossible":        "Aucun mot ne contient %v : coup refusé (mode assisté).",
	"crackword.err.no_example":        "Il manque le mot d'exemple : écris « %v » suivi d'un mot qui contient %v.",
	"crackword.err.crack_short":       "Pas de CRACK WORD : %v n'a que %v {lettre|lettres}, il en faut au moins 3.",
	"crackword.err.crack_not_word":    "Pas de CRACK WORD : %v n'est pas un mot du dictionnaire.",
	"crackword.err.crack_no_majority": "Pas de CRACK WORD : ta couleur n'a pas la majorité dans %v (%v ; un JOKER compte double).",
	"crackword.err.trash_empty":       "La rangée %v est vide : pas de POUBELLE sur une rangée vide.",

	"crackword.why.not_word":    "« %v » n'est pas dans le dictionnaire",
	"crackword.why.not_contain": "%v ne contient pas %v",

	"crackword.ev.reveal":          "%v retourne %v pour savoir qui commence.",
	"crackword.ev.first":           "%v a la lettre la plus proche du A (%v) et commence.",
	"crackword.ev.start_card":      "%v retourne %v : première lettre de la rangée %v.",
	"crackword.ev.start_reshuffle": "%v retourne %v, remélangé dans sa pioche.",
	"crackword.ev.lay":             "%v pose %v %v de la rangée %v : %v → %v (exemple : %v).",
	"crackword.ev.lay_start":       "%v pose %v dans la rangée vide %v.",
	"crackword.ev.lay_single":      "%v pose %v %v de la rangée %v : %v → %v.",
	"crackword.ev.lay_failed":      "%v pose %v %v de la rangée %v : %v → %v ? refusé : %v. %[1]v reprend la carte, pioche, et son tour se termine.",
	"crackword.ev.crack_offer":     "%v peut annoncer CRACK WORD sur %v (rangée %v).",
	"crackword.ev.crack_declined":  "%v n'annonce pas CRACK WORD.",
	"crackword.ev.crack":           "CRACK WORD ! %v remporte %v (rangée %v) : %v {carte|cartes} dans son paquet.",
	"crackword.ev.trash":           "%v joue une POUBELLE sur la rangée %v (%v) : retour à l'envoyeur, chacun reprend ses cartes.",
	"crackword.ev.restart":         "%v relance la rangée %v avec %v.",
	"crackword.ev.restart_empty":   "%v laisse la rangée %v vide.",
	"crackword.ev.pass":            "%v passe et pioche une carte.",
	"crackword.ev.pass_nodraw":     "%v passe (sa pioche est vide).",
	"crackword.ev.out":             "%v passe et reste hors jeu jusqu'à la fin de la partie.",
	"crackword.ev.new_hand":        "%v a posé sa dernière carte et prend une nouvelle main de %v {carte|cartes}.",
	"crackword.ev.last_hand":       "DERNIÈRE MAIN ! %v a tiré la dernière carte de sa pioche : chacun prend %v {carte|cartes}, le reste des pioches est écarté. Plus personne ne pioche.",
	"crackword.ev.last_draw":       "%v ajoute %v {carte|cartes} à sa main.",
	"crackword.ev.end1":            "%v a posé sa dernière carte et ramasse %v {carte|cartes} de sa couleur {2:restée|restées} sur la table. Fin de la partie.",
	"crackword.ev.end2":            "Tout le monde est hors jeu : chacun retire de son paquet une carte par lettre restée en main (une POUBELLE n'est pas une lettre). Fin de la partie.",
	"crackword.ev.penalty":         "%v perd %v {point|points} ({lettre restée|lettres restées} en main).",
	"crackword.ev.score":           "%v : %v {point|points}.",

	"crackword.pv.drew":               "Tu pioches : %v",
	"crackword.pv.hand":               "Ta main %v (%v {carte|cartes}).",
	"crackword.pv.hint_out":           "Tu es hors jeu jusqu'à la fin de la partie.",
	"crackword.pv.hint_wait":          "C'est à %v de jouer.",
	"crackword.pv.hint_crack":         "%v est un mot où ta couleur domine : « crack » pour le ramasser, « non » pour laisser passer.",
	"crackword.pv.hint_restart":       "Relance la rangée %v avec une carte de ta main (« E », « joker=A ») : c'est obligatoire.",
	"crackword.pv.hint_play":          "À toi : « E droite 2 maison », « E gauche 1 école », « E sur 3 4 exemple », « joker=A gauche 1 ami », « poubelle 3 » ou « passe ». Ajoute « crack » à la fin pour annoncer CRACK WORD.",
	"crackword.pv.hint_play_assisted": "À toi : « E droite 2 », « E gauche 1 », « E sur 3 4 », « joker=A gauche 1 », « poubelle 3 » ou « passe » (mode assisté : pas d'exemple à donner).",

	"crackword.side.left":     "à gauche",
	"crackword.side.right":    "à droite",
	"crackword.side.on":       "sur la carte %v",
	"crackword.card.joker":    "JOKER",
	"crackword.card.joker_as": "un JOKER (%v)",
	"crackword.card.trash":    "POUBELLE",

	"crackword.scene.row":         "Rangée %v",
	"crackword.scene.hand":        "Ta main",
	"crackword.scene.seat":        "%v : paquet %v · pioche %v · main %v",
	"crackword.scene.seat_turn":   "► %v : paquet %v · pioche %v · main %v (à jouer)",
	"crackword.scene.seat_out":    "%v : paquet %v · pioche %v · main %v (hors jeu)",
	"crackword.scene.turn":        "À %v de jouer.",
	"crackword.scene.winner":      "%v.",
	"crackword.line.seat":         "%v %v : paquet %v · pioche %v · main %v",
	"crackword.line.seat_out":     "%v %v : paquet %v · pioche %v · main %v (hors jeu)",
	"crackword.line.last_hand":    "DERNIÈRE MAIN : plus personne ne pioche.",
	"crackword.line.last":         "Dernier coup : %v",
	"crackword.line.over":         "Partie terminée.",
	"crackword.line.winner":       "🏆 %v.",
	"crackword.line.turn":         "À %v %v de jouer.",
	"crackword.line.turn_crack":   "%v peut annoncer CRACK WORD sur %v (rangée %v).",
	"crackword.line.turn_restart": "%v choisit la carte qui relance la rangée %v.",

	"crackword.choice.crack":     "💥 CRACK WORD (%v)",
	"crackword.choice.nocrack":   "Non merci",
	"crackword.choice.trash":     "🗑 POUBELLE",
	"crackword.choice.trash_row": "🗑 Rangée %v : %v",
	"crackword.choice.pass":      "Passer (piocher)",
	"crackword.choice.joker":     "★ JOKER",
	"crackword.choice.start":     "Rangée %v : %v",
	"crackword.choice.left":      "Rangée %v, à gauche : %v",
	"crackword.choice.right":     "Rangée %v, à droite : %v",
	"crackword.choice.on":        "Rangée %v, sur la carte %v : %v",
	"crackword.ask.example":      "Un mot qui contient %v ?",

	// Shown by the bot's /games and /rules (keys <name>.summary and .rules).
	"crackword.summary": "Quatre rangées de lettres, une carte par tour : le premier qui termine un mot d'au moins 3 lettres où sa couleur a la majorité ramasse la rangée.",
	"crackword.rules": `Crack Word (Yaqua 2023) — une couleur par joueur : 🟥 🟦 🟩 🟨.
À ton tour, une seule action :
• Poser une carte au bout d'une rangée ou sur la même lettre, et donner un mot qui contient la suite de lettres (sinon la carte revient, tu pioches, ton tour finit) : « E droite 2 maison », « E gauche 1 école », « E sur 3 4 exemple » (sur la 4ᵉ carte de la rangée 3). Un JOKER prend une lettre : « joker=A gauche 1 ami ».
• Jouer une POUBELLE : « poubelle 3 ». Chacun reprend ses cartes de la rangée, la POUBELLE va dans ton paquet, puis tu relances la rangée avec une carte (« E »).
• Passer : « passe » (tu pioches une carte).
CRACK WORD : si après ta pose la rangée est un mot d'au moins 3 lettres où ta couleur a la majorité des cartes visibles (un JOKER compte double), « crack » (ou ajoute « crack » à ta pose) : tu ramasses toute la rangée (1 carte = 1 point) et la relances.
Main vide : nouvelle main de 8. Quand une pioche est vide : DERNIÈRE MAIN, les autres piochent autant de cartes que ce dernier tirage puis plus personne ne pioche ; qui passe est hors jeu.
Fin : le premier qui pose sa dernière carte ramasse ses cartes restées sur la table ; si tout le monde est hors jeu, chacun perd un point par carte en main. Le plus gros paquet gagne.
Tu peux aussi écrire ton coup comme une phrase : « pose E à droite de la rangée 2 maison », « E sur la carte 4 de la troisième rangée exemple ».`,
}
