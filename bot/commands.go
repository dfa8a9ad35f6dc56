package bot

import (
	"slices"
	"strings"
	"sync"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/i18n"
)

// CommandInfo describes one command for the platforms' command menus
// (Telegram's setMyCommands, Discord's application commands).
type CommandInfo struct {
	Name string // canonical, lowercase: "play"
	// Names are the localised names where a platform supports them
	// (Discord's name_localizations): "jouer" in French.
	Names        map[i18n.Lang]string
	Descriptions map[i18n.Lang]string
	// Args is a short hint of the arguments ("<game> [options]"), "" for none.
	Args map[i18n.Lang]string
	// Game is the game a verb belongs to ("crack" -> "crackword"), "" for
	// the bot's own commands.
	Game string
}

// coreCommands are the bot's own commands, in the order menus show them.
var coreCommands = []struct{ name, fr string }{
	{"play", "jouer"}, {"join", "rejoindre"}, {"start", "commencer"}, {"hand", "main"},
	{"board", "plateau"}, {"move", "coup"}, {"pass", "passe"}, {"addbot", "robot"},
	{"removebot", "retirer_robot"}, {"leave", "partir"}, {"quit", "quitter"}, {"kick", "exclure"},
	{"games", "jeux"},
	{"rules", "regles"}, {"settings", "reglages"}, {"lang", "langue"}, {"stats", "stats"},
	{"leaderboard", "classement"}, {"hint", "indice"}, {"mygames", "mesparties"}, {"away", "absence"}, {"quiet", "calme"},
	{"rematch", "revanche"}, {"history", "historique"}, {"replay", "revoir"}, {"help", "aide"},
}

// Commands lists every command a platform should offer: the bot's own and
// the verbs of every registered game ("/crack"), each once.
func Commands() []CommandInfo {
	var out []CommandInfo
	for _, c := range coreCommands {
		info := CommandInfo{Name: c.name, Names: map[i18n.Lang]string{i18n.FR: c.fr, i18n.EN: c.name},
			Descriptions: map[i18n.Lang]string{}, Args: map[i18n.Lang]string{}}
		for _, l := range i18n.Langs {
			r := i18n.Renderer{Lang: l}
			info.Descriptions[l] = r.Text(i18n.T("cmd." + c.name))
			if i18n.Has(l, "cmd."+c.name+".args") {
				info.Args[l] = r.Text(i18n.T("cmd." + c.name + ".args"))
			}
		}
		out = append(out, info)
	}
	seen := map[string]bool{}
	for _, c := range out {
		seen[c.Name] = true
	}
	// A verb two games share ("/pioche" in Words Out and Le Grand
	// Escogriffe) is one command, which describes itself for both.
	var verbs []string
	gamesOf := map[string][]games.Engine{}
	for _, e := range games.All() {
		for _, v := range e.Verbs() {
			if seen[v] {
				continue
			}
			if gamesOf[v] == nil {
				verbs = append(verbs, v)
			}
			gamesOf[v] = append(gamesOf[v], e)
		}
	}
	for _, v := range verbs {
		es := gamesOf[v]
		info := CommandInfo{Name: v, Game: es[0].Name(), Names: map[i18n.Lang]string{}, Descriptions: map[i18n.Lang]string{}, Args: map[i18n.Lang]string{}}
		for _, l := range i18n.Langs {
			r := i18n.Renderer{Lang: l}
			info.Names[l] = v
			info.Descriptions[l] = verbDescription(r, v, es)
		}
		out = append(out, info)
	}
	return slices.Clip(out)
}

// verbDescription describes a game verb: the game's own words for it, or
// "a Crack Word move"; for a verb of several games, the move of each.
func verbDescription(r i18n.Renderer, v string, es []games.Engine) string {
	if len(es) == 1 {
		if key := es[0].Name() + ".verb." + v; i18n.Has(r.Lang, key) {
			return r.Text(i18n.T(key))
		}
	}
	titles := make([]any, len(es))
	for i, e := range es {
		titles[i] = games.TitleOf(e.Name())
	}
	return r.Text(i18n.T("cmd.verb", v, i18n.Or(titles...)))
}

// IsCommand tells whether the bot knows a command name (as typed, in
// either language, an alias, or a game's verb): in a group, an adapter
// answers only commands meant for it, and "/stats" meant for another bot
// is not one of its refusals to make.
func IsCommand(name string) bool {
	return commandNames()[canonical(strings.ToLower(name))]
}

// commandNames is every name of every command, worked out once: the games
// register at start-up and do not change afterwards.
var commandNames = sync.OnceValue(func() map[string]bool {
	names := map[string]bool{"press": true, "start_private": true, "hand": true, "pass": true, "move": true}
	for _, c := range Commands() {
		names[c.Name] = true
		for _, n := range c.Names {
			names[n] = true
		}
	}
	return names
})
