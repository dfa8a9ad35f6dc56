package motsdetete

import "github.com/tablee/tablee/i18n"

func init() { i18n.Register(i18n.FR, messagesFR) }

var messagesFR = map[string]string{
	"motsdetete.title":    "Mots de Tête",
	"motsdetete.title_of": "de Mots de Tête",
	"motsdetete.title_at": "à Mots de Tête",
	"motsdetete.summary":  "Des mots croisés à plusieurs sur une grille commune : le dé dit combien de lettres écrire, chaque case rapporte des points. Premier à 300 !",
	"motsdetete.rules": "Mots de Tête (Hornswoggle Games 1990). À ton tour, le dé (montré à tous) dit combien de lettres NOUVELLES écrire, ni plus ni moins, toutes sur une même ligne (vers la droite) ou une même colonne (vers le bas), jamais sur une case noire #. " +
		"Elles forment avec les lettres déjà là un mot principal ; toute autre suite d'au moins 2 lettres qu'une nouvelle lettre touche en travers est un mot secondaire. Tous doivent être au dictionnaire (accents ignorés, ni noms propres ni sigles). " +
		"Le premier mot touche une case voisine de la croix noire du centre ; ensuite chaque mot s'appuie sur une lettre déjà écrite. " +
		"Écris la case de départ, la direction et le mot ENTIER, lettres déjà posées comprises : « /coup H3 bas DEPENSER » (avec PENSE déjà en H4, tu écris D, E, R). « /passe » si tu ne peux pas. " +
		"Score : la valeur de toutes les cases de chaque nouveau mot (anciennes lettres comprises). Cases bonus : + orange 1 dé, * jaune 2 dés, @ rouge 3 dés, lancés une fois par case et par tour. " +
		"Un mot absent du dictionnaire est effacé et le tour est perdu (avec l'option indulgent=oui, on peut réessayer). Premier à 300 points (option objectif=250…). " +
		"Variantes : marathon (deux échecs de suite et on sort, le plus haut score gagne), quarté (toujours 4 lettres, bonus 4/8/12), solo (en solitaire, jusqu'à ce que tu ne puisses plus écrire).\nUne phrase marche aussi : « /coup j4 vers le bas test », « /coup écris maison en h3 à droite ».",

	"motsdetete.opt.variant":              "Variante : standard (premier à 300), marathon (deux tours de suite sans mot et on est hors jeu ; le survivant lance une dernière fois ; le plus haut score gagne), quarté (sans dé, toujours 4 lettres, cases orange 4, jaunes 8, rouges 12), solo (Solitaire, un joueur, jusqu'à ne plus pouvoir écrire).",
	"motsdetete.opt.target":               "Score à atteindre (300 par défaut ; la fiche propose 250 à quatre joueurs).",
	"motsdetete.opt.forgiving":            "Indulgent : un mot absent du dictionnaire est refusé avec l'explication et le joueur réessaie, au lieu de perdre son tour.",
	"motsdetete.opt.hints":                "Indices à chaque tour : le coup suggéré par le robot est montré en privé au joueur dont c'est le tour (et proposé en bouton).",
	"motsdetete.opt.botlevel":             "Jeu des robots forts : meilleur (le coup qui marque le plus) ou bon (un bon coup tiré au hasard). La force de chaque robot se choisit avec /robot (facile, normal, fort).",
	"motsdetete.opt.variant.name":         "variante",
	"motsdetete.opt.variant.value.quarte": "quarté",
	"motsdetete.opt.target.name":          "objectif",
	"motsdetete.opt.forgiving.name":       "indulgent",
	"motsdetete.opt.hints.name":           "suggestions",
	"motsdetete.opt.botlevel.name":        "robots_forts",
	"motsdetete.opt.botlevel.value.best":  "meilleur",
	"motsdetete.opt.botlevel.value.good":  "bon",

	"motsdetete.err.syntax":        "Coup incompris : « %v ». Écris la case de départ, la direction et le mot entier : « H3 bas DEPENSER », « F8 droite maison », ou « passe ».",
	"motsdetete.err.one_word":      "Un seul mot, sans espace : « %v ». Exemple : « H3 bas DEPENSER ».",
	"motsdetete.err.no_cell":       "La case « %v » n'existe pas : les colonnes vont de A à %v, les lignes de 1 à %v.",
	"motsdetete.err.direction":     "« %v » n'est pas une direction : écris « bas » (↓) ou « droite » (→).",
	"motsdetete.err.letters":       "« %v » n'est pas un mot : des lettres seulement (les accents sont permis et ignorés).",
	"motsdetete.err.game_over":     "La partie est terminée.",
	"motsdetete.err.not_your_turn": "Ce n'est pas ton tour : on attend %v.",
	"motsdetete.err.short":         "« %v » : un mot a au moins 2 lettres. Si ta lettre forme un mot dans l'autre sens, écris ce mot-là, dans l'autre direction.",
	"motsdetete.err.off_grid":      "%v ne tient pas dans la grille depuis %v%v (%v {lettre|lettres}).",
	"motsdetete.err.black":         "%v est une case noire : aucune lettre n'y va (mot %v).",
	"motsdetete.err.clash":         "La case %v porte déjà un %v, pas un %v : écris les lettres déjà posées telles quelles.",
	"motsdetete.err.continues":     "%v ne s'arrête pas là : avec les lettres voisines, le mot est %v depuis %v%v. Écris le mot entier.",
	"motsdetete.err.no_new":        "%v est déjà entièrement sur la grille : il faut écrire de nouvelles lettres.",
	"motsdetete.err.count":         "Ce tour demande %v {nouvelle lettre|nouvelles lettres}, ni plus ni moins ; %v en écrit %v (%v).",
	"motsdetete.err.centre":        "Le premier mot doit occuper une case voisine de la croix noire du centre (%v) ; %v n'y touche pas.",
	"motsdetete.err.disconnected":  "%v doit utiliser ou toucher une lettre déjà écrite sur la grille.",
	"motsdetete.err.not_word":      "Refusé : %[1]v {2:n'est pas|ne sont pas} dans le dictionnaire. Réessaie (option indulgente).",

	"motsdetete.tell.move":    "%v en %v",
	"motsdetete.ev.play":      "%v, %v, écrit %v en %v, nouvelles lettres %v : %v = %v {point|points}%v.",
	"motsdetete.ev.rolls":     " (bonus : %v)",
	"motsdetete.ev.lost":      "%[1]v, %[2]v, écrit %[3]v en %[4]v : %[5]v {6:absent|absents} du dictionnaire. Mot effacé, tour perdu.",
	"motsdetete.ev.pass":      "%v, %v, passe.",
	"motsdetete.ev.roll":      "À %v : le dé donne %v.",
	"motsdetete.ev.target":    "%v atteint %v {point|points} (objectif %v) !",
	"motsdetete.ev.out":       "%v n'a pas écrit de mot deux tours de suite : hors jeu.",
	"motsdetete.ev.last_roll": "%v reste seul·e en jeu et lance le dé une dernière fois : %v.",
	"motsdetete.ev.solo_end":  "Fin du solitaire : %v {point|points}. Bats ton record !",
	"motsdetete.ev.blocked":   "Personne n'a écrit de mot pendant deux tours complets : la partie s'arrête.",

	"motsdetete.line.target":      "Premier à %v {point|points}.",
	"motsdetete.line.solo_target": "En solitaire : objectif %v {point|points}.",
	"motsdetete.line.marathon":    "Marathon : deux tours de suite sans mot et on est hors jeu ; le plus haut score gagne.",
	"motsdetete.line.quarte":      "Quarté : toujours 4 nouvelles lettres ; premier à %v {point|points}.",
	"motsdetete.line.solo":        "Solitaire : écris tant que tu peux, bats ton record.",
	"motsdetete.line.score":       "%v : %v {point|points}",
	"motsdetete.line.score_out":   "%v : %v {point|points} (hors jeu)",
	"motsdetete.line.last":        "Dernier coup : %v",
	"motsdetete.line.turn":        "À %v de jouer, %v : écris exactement %v {nouvelle lettre|nouvelles lettres}.",
	"motsdetete.line.turn_last":   "Dernier lancer de %v, %v : écris exactement %v {nouvelle lettre|nouvelles lettres}.",
	"motsdetete.line.over":        "Partie terminée.",
	"motsdetete.line.winner":      "🏆 %v.",
	"motsdetete.line.solo_over":   "Solitaire terminé : %v {point|points}.",
	"motsdetete.line.duplicate":   "Ce tour : écris exactement %v {nouvelle lettre|nouvelles lettres}.",

	"motsdetete.pv.turn":                 "Ton dé : %v. Écris « /coup case direction MOT » avec le mot entier, lettres déjà posées comprises, par exemple « /coup %v %v %v » ; ou « /passe ».",
	"motsdetete.pv.turn_plain":           "Ton dé : %v. Écris « /coup case direction MOT » avec le mot entier, lettres déjà posées comprises, ou « /passe ».",
	"motsdetete.pv.turn_duplicate":       "Écris exactement %v {nouvelle lettre|nouvelles lettres} : « /coup case direction MOT » avec le mot entier, lettres déjà posées comprises, par exemple « /coup %v %v %v » ; ou « /passe ».",
	"motsdetete.pv.turn_duplicate_plain": "Écris exactement %v {nouvelle lettre|nouvelles lettres} : « /coup case direction MOT » avec le mot entier, lettres déjà posées comprises ; ou « /passe ».",
	"motsdetete.dir.down":                "bas",
	"motsdetete.dir.right":               "droite",
	"motsdetete.pv.wait":                 "C'est à %v de jouer.",
	"motsdetete.pv.out":                  "Tu es hors jeu ; tu gardes ton score.",
	"motsdetete.pv.hint":                 "Suggestion : /coup %v (≈ %v {point|points}).",
	"motsdetete.pv.no_move":              "Aucun mot de %v {nouvelle lettre|nouvelles lettres} trouvé : tu peux passer.",

	"motsdetete.scene.lines":         "%v\n%v",
	"motsdetete.scene.target":        "Premier à %v {point|points}.",
	"motsdetete.scene.marathon":      "Marathon : deux tours de suite sans mot et on est hors jeu.",
	"motsdetete.scene.quarte":        "Quarté : toujours 4 nouvelles lettres ; premier à %v {point|points}.",
	"motsdetete.scene.solo":          "Solitaire : écris tant que tu peux.",
	"motsdetete.scene.score":         "%v : %v {point|points}",
	"motsdetete.scene.score_turn":    "► %v : %v {point|points}",
	"motsdetete.scene.score_out":     "%v : %v {point|points} (hors jeu)",
	"motsdetete.scene.turn":          "À %v de jouer : dé %v, autant de nouvelles lettres.",
	"motsdetete.scene.turn_last":     "Dernier lancer de %v : dé %v, autant de nouvelles lettres.",
	"motsdetete.scene.turn_quarte":   "À %v de jouer : %v {nouvelle lettre|nouvelles lettres}.",
	"motsdetete.scene.over":          "Partie terminée.",
	"motsdetete.scene.winner":        "%v.",
	"motsdetete.scene.legend":        "● orange : 1 dé · ■ jaune : 2 dés · ▲ rouge : 3 dés · noir : pas de lettre",
	"motsdetete.scene.legend_quarte": "● orange : 4 · ■ jaune : 8 · ▲ rouge : 12 · noir : pas de lettre",
	"motsdetete.scene.duplicate":     "Ce tour : écris exactement %v {nouvelle lettre|nouvelles lettres}.",

	"motsdetete.choice.hint": "💡 %v (≈ %v)",
	"motsdetete.choice.pass": "Passer",
}
