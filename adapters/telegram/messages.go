package telegram

import "github.com/tablee/tablee/i18n"

// The adapter's own texts: what only Telegram needs to explain.
func init() {
	i18n.Register(i18n.FR, map[string]string{
		"telegram.hello":             "Ta table est ouverte dans « %v ». Ta main et tes choix arriveront ici, dans cette conversation privée.",
		"telegram.dm_closed_you":     "%v, je ne peux pas encore t'écrire en privé : ouvre %v et appuie sur Démarrer, sinon la partie ne pourra pas commencer.",
		"telegram.open_private":      "Je ne peux pas t'écrire en privé : ouvre une conversation avec moi (%v, bouton Démarrer), puis réessaie.",
		"telegram.sent_private":      "Envoyé en privé.",
		"telegram.private_ok":        "C'est noté : je peux maintenant t'écrire ici. Tes mains arriveront dans cette conversation.",
		"telegram.ask":               "%v\nRéponds à ce message par un seul mot.",
		"telegram.ask_default":       "Tape le mot pour « %v » en réponse à ce message.",
		"telegram.ask_words":         "%v\nRéponds à ce message avec ta réponse entière, sur une ligne.",
		"telegram.ask_words_default": "Écris ta réponse pour « %v » en réponse à ce message.",
		"telegram.ask_generic":       "ton mot",
		"telegram.ask_words_generic": "ton coup",
		"telegram.migrated":          "Ce groupe est devenu un supergroupe : la table continue ici.",
		"telegram.web_play":          "🎲 Jouer sur le plateau",
		"telegram.web_open":          "🎲 Ouvrir la table",
	})
	i18n.Register(i18n.EN, map[string]string{
		"telegram.hello":             "Your table is open in “%v”. Your hand and your choices will come here, in this private chat.",
		"telegram.dm_closed_you":     "%v, I cannot write to you in private yet: open %v and press Start, or the game cannot begin.",
		"telegram.open_private":      "I cannot write to you in private: open a chat with me (%v, Start button), then try again.",
		"telegram.sent_private":      "Sent in private.",
		"telegram.private_ok":        "Noted: I can write to you here now. Your hands will come to this chat.",
		"telegram.ask":               "%v\nReply to this message with a single word.",
		"telegram.ask_default":       "Type the word for “%v” as a reply to this message.",
		"telegram.ask_words":         "%v\nReply to this message with your whole answer, on one line.",
		"telegram.ask_words_default": "Type your answer for “%v” as a reply to this message.",
		"telegram.ask_generic":       "your word",
		"telegram.ask_words_generic": "your move",
		"telegram.migrated":          "This group became a supergroup: the table goes on here.",
		"telegram.web_play":          "🎲 Play on the board",
		"telegram.web_open":          "🎲 Open the table",
	})
}
