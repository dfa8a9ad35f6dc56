package discord

import "github.com/tablee/tablee/i18n"

// The adapter's own few texts: option descriptions of the slash commands,
// the fallback question of a modal, the thread notice.
func init() {
	i18n.Register(i18n.FR, map[string]string{
		"discord.opt.game":          "Le jeu",
		"discord.web_play":          "Jouer sur le plateau",
		"discord.web_watch":         "Regarder la table",
		"discord.opt.options":       "Options de la table (expert, robots=2, langue=en…)",
		"discord.opt.thread":        "Ouvrir la table dans un fil à part",
		"discord.opt.move":          "Ton coup (la liste propose ceux de ta main)",
		"discord.opt.count":         "Combien de robots",
		"discord.opt.strength":      "Leur niveau : facile, normal (par défaut) ou fort",
		"discord.opt.settings":      "Réglages (tour=12h rappel=1h expiration=robot langue=en…)",
		"discord.opt.lang":          "La langue",
		"discord.opt.args":          "La suite du coup",
		"discord.opt.player":        "Le joueur (toi par défaut)",
		"discord.opt.duration":      "Combien de temps (3j, 12h, 2 semaines), ou off à ton retour",
		"discord.opt.hours":         "De quelle heure à quelle heure (23:00-08:00), ou off",
		"discord.opt.answer":        "Oui pour jouer, non pour refuser",
		"discord.opt.page":          "La page (2 pour les parties plus anciennes)",
		"discord.opt.table":         "Le numéro de la table (/historique les donne ; la dernière partie sinon)",
		"discord.opt.step":          "Le coup où commencer (0 : la donne)",
		"discord.opt.mine":          "Me montrer aussi mon jeu, à moi seul·e",
		"discord.answer.yes":        "Oui",
		"discord.answer.no":         "Non",
		"discord.modal_title":       "Ton mot",
		"discord.modal_label":       "Le mot",
		"discord.modal_title_words": "Ta réponse",
		"discord.modal_label_words": "La réponse",
		"discord.thread_name":       "%v — %v",
		"discord.thread_opened":     "Table ouverte dans le fil <#%v>.",
		"discord.perm_missing":      "Il me manque la permission « %v » dans ce salon : %v Un admin du serveur peut me la donner (Paramètres du salon → Permissions).",
		"discord.perm.view":         "je ne vois pas le salon, rien de la partie n'y est posté.",
		"discord.perm.send":         "je ne peux rien y poster, ni le plateau ni les tours.",
		"discord.perm.attach":       "le plateau y est en texte, sans son image.",
		"discord.perm.embed":        "le plateau y est en texte simple.",
	})
	i18n.Register(i18n.EN, map[string]string{
		"discord.opt.game":          "The game",
		"discord.web_play":          "Play on the board",
		"discord.web_watch":         "Watch the table",
		"discord.opt.options":       "Table options (expert, bots=2, lang=fr…)",
		"discord.opt.thread":        "Open the table in a thread of its own",
		"discord.opt.move":          "Your move (the list offers those of your hand)",
		"discord.opt.count":         "How many bots",
		"discord.opt.strength":      "How well they play: easy, normal (the default) or strong",
		"discord.opt.settings":      "Settings (turn=12h reminder=1h expiry=bot lang=fr…)",
		"discord.opt.lang":          "The language",
		"discord.opt.args":          "The rest of the move",
		"discord.opt.player":        "The player (you by default)",
		"discord.opt.duration":      "How long (3d, 12h, 2 weeks), or off when you are back",
		"discord.opt.hours":         "From when to when (23:00-08:00), or off",
		"discord.opt.answer":        "Yes to play, no to decline",
		"discord.opt.page":          "The page (2 for older games)",
		"discord.opt.table":         "The table's number (/history shows them; the last game if none)",
		"discord.opt.step":          "The move to open at (0: the deal)",
		"discord.opt.mine":          "Show me my own hand as well, to me alone",
		"discord.answer.yes":        "Yes",
		"discord.answer.no":         "No",
		"discord.modal_title":       "Your word",
		"discord.modal_label":       "The word",
		"discord.modal_title_words": "Your answer",
		"discord.modal_label_words": "The answer",
		"discord.thread_name":       "%v — %v",
		"discord.thread_opened":     "Table opened in the thread <#%v>.",
		"discord.perm_missing":      "I lack the permission “%v” in this channel: %v A server admin can give it to me (Channel settings → Permissions).",
		"discord.perm.view":         "I cannot see the channel, nothing of the game is posted there.",
		"discord.perm.send":         "I cannot post anything there, neither the board nor the turns.",
		"discord.perm.attach":       "the board is shown there as text, without its picture.",
		"discord.perm.embed":        "the board is shown there as plain text.",
	})
}

func text(lang i18n.Lang, key string, args ...any) string {
	if lang == "" {
		lang = i18n.Default
	}
	return i18n.Renderer{Lang: lang}.Text(i18n.T(key, args...))
}
