package discord

import "github.com/tablee/tablee/i18n"

// The adapter's own few texts: option descriptions of the slash commands,
// the fallback question of a modal, the thread notice.
func init() {
	i18n.Register(i18n.FR, map[string]string{
		"discord.opt.game":          "Le jeu",
		"discord.opt.options":       "Options de la table (expert, bots=2, lang=en…)",
		"discord.opt.thread":        "Ouvrir la table dans un fil à part",
		"discord.opt.move":          "Ton coup (la liste propose ceux de ta main)",
		"discord.opt.count":         "Combien de robots",
		"discord.opt.strength":      "Leur niveau : facile, normal (par défaut) ou fort",
		"discord.opt.settings":      "Réglages (turn=12h reminder=1h expiry=bot lang=en…)",
		"discord.opt.lang":          "La langue",
		"discord.opt.args":          "La suite du coup",
		"discord.opt.player":        "Le joueur (toi par défaut)",
		"discord.opt.duration":      "Combien de temps (3j, 12h, 2 semaines), ou off à ton retour",
		"discord.opt.hours":         "De quelle heure à quelle heure (23:00-08:00), ou off",
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
