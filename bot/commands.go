package bot

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"sync"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/i18n"
)

// The table of commands: every command of the bot is one row, registered
// by the file of its feature (commands.add in an init), and everything that
// lists or routes commands reads it: the dispatch of Core.handle, the
// names and aliases players type (canonical), /help, the platforms' menus
// and Discord's application commands (Commands), IsCommand and
// ModeratorMatters. A row's texts are in both catalogues under its name:
// "cmd.<name>" describes it in menus, "cmd.<name>.args" hints at its
// arguments, and its Help key is its line in /help.
//
// The games' verbs ("/crack", "/pioche") are not rows: they come from the
// engines, and a name that is no row is tried as a verb of the table.

// command is one row of the table.
type command struct {
	// Name is the canonical name, English and lowercase ("play"), and
	// French the French one menus show ("jouer"); both are understood.
	Name, French string
	// Aliases are other names understood, in either language, written as
	// typed once folded (lowercase, no accent): "nouvelle", "new".
	Aliases []string
	// Rank places the command in menus and in /help, lowest first.
	Rank int
	// Help is the catalogue key of the command's line in /help; commands
	// that share a line name the same key, and it shows at the first of
	// them. "" for a command /help does not list.
	Help string
	// HelpArgs gives the arguments of the help line, nil for none.
	HelpArgs func(c *Core) []any
	// Where says where the command may be used, and Elsewhere is the
	// refusal it gets anywhere else.
	Where     where
	Elsewhere string
	// Moderated says the answer may depend on its author moderating the
	// chat (Command.Moderator): an adapter that must ask its platform
	// asks only for these (ModeratorMatters).
	Moderated bool
	// Hidden commands are understood but in no menu.
	Hidden bool
	// YieldsToVerbs says a name of the row that is also a game's verb is
	// the game's where a table of that game is played: La Coquillaude's
	// "/défi NICHE" contests a word at its table, and is /defi, the daily
	// challenge, anywhere else (an alias of the row still reaches the row
	// there).
	YieldsToVerbs bool
	// Params are the named arguments platforms with forms ask for, in the
	// order they make the command's arguments.
	Params []Param
	// Run answers the command; nil for a name an adapter answers itself
	// (the terminal's /press).
	Run handler
}

// handler answers one command.
type handler func(c *Core, ctx context.Context, cmd Command, rep replier) []Out

// where is where a command may be used.
type where uint8

const (
	anywhere  where = iota
	inChat          // a group chat, a channel, a thread
	inPrivate       // the private chat with the bot
)

// allows tells whether a command of a chat, private or not, may be used
// there.
func (w where) allows(private bool) bool {
	return w == anywhere || (w == inPrivate) == private
}

// Param is a named argument of a command for a platform that asks for
// arguments one by one (Discord's options): the platform knows how to ask
// for each name ("game", "player"), the core receives the values as
// arguments.
type Param struct {
	Name     string
	Required bool
}

// commandTable holds the rows; they are all added by init functions,
// before any command is run, and never change afterwards.
type commandTable struct {
	rows   []*command
	byName map[string]*command // every name and alias
}

var commands commandTable

// add registers rows. A name taken twice, or not as it would be typed, is
// a mistake of the program, refused at start-up.
func (t *commandTable) add(rows ...command) {
	if t.byName == nil {
		t.byName = map[string]*command{}
	}
	for i := range rows {
		row := &rows[i]
		if row.Where != anywhere && row.Elsewhere == "" {
			panic(fmt.Sprintf("bot: /%s is refused somewhere with no refusal to say", row.Name))
		}
		for _, n := range row.names() {
			if games.FoldWord(n) != n || n == "" {
				panic(fmt.Sprintf("bot: command name %q of /%s is not folded", n, row.Name))
			}
			if other, ok := t.byName[n]; ok && other != row {
				panic(fmt.Sprintf("bot: /%s of %s is taken by %s", n, row.Name, other.Name))
			}
			t.byName[n] = row
		}
		t.rows = append(t.rows, row)
	}
	slices.SortStableFunc(t.rows, func(a, b *command) int { return cmp.Compare(a.Rank, b.Rank) })
}

// names are every name a row answers to: its name, its French name, its
// aliases.
func (c *command) names() []string {
	names := []string{c.Name}
	if c.French != c.Name {
		names = append(names, c.French)
	}
	return append(names, c.Aliases...)
}

// lookup finds the row of a name as typed or sent, in either language,
// with or without accents; nil for none (a game's verb, or a mistake).
func (t *commandTable) lookup(name string) *command {
	return t.byName[games.FoldWord(name)]
}

// canonical is the English name of a command however it came: typed or
// sent by a platform, in either language, with or without accents.
func canonical(name string) string {
	name = games.FoldWord(name)
	if row := commands.byName[name]; row != nil {
		return row.Name
	}
	return name
}

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
	// Params are the named arguments a platform with forms asks for, in
	// the order their values make the arguments; a verb takes "args".
	Params []Param
}

// Commands lists every command a platform should offer, in the order of
// the menus: the rows of the table (but hidden ones) and the verbs of every
// registered game ("/crack"), each once.
func Commands() []CommandInfo {
	var out []CommandInfo
	for _, c := range commands.rows {
		if c.Hidden {
			continue
		}
		info := CommandInfo{Name: c.Name, Names: map[i18n.Lang]string{i18n.FR: c.French, i18n.EN: c.Name},
			Descriptions: map[i18n.Lang]string{}, Args: map[i18n.Lang]string{}, Params: slices.Clip(c.Params)}
		for _, l := range i18n.Langs {
			r := i18n.Renderer{Lang: l}
			info.Descriptions[l] = r.Text(i18n.T("cmd." + c.Name))
			if i18n.Has(l, "cmd."+c.Name+".args") {
				info.Args[l] = r.Text(i18n.T("cmd." + c.Name + ".args"))
			}
		}
		out = append(out, info)
	}
	// A verb that is also a row's name in either language ("/defi": La
	// Coquillaude's and the daily challenge's) is the row's: the row
	// hands it to the game where a table of that game is played.
	seen := map[string]bool{}
	for _, c := range commands.rows {
		for _, n := range c.names() {
			seen[n] = true
		}
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
		info := CommandInfo{Name: v, Game: es[0].Name(), Names: map[i18n.Lang]string{}, Descriptions: map[i18n.Lang]string{}, Args: map[i18n.Lang]string{},
			Params: []Param{{Name: "args"}}}
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
	return commands.lookup(name) != nil || verbNames()[games.FoldWord(name)]
}

// verbNames are the verbs of every game, worked out once: the games
// register at start-up and do not change afterwards.
var verbNames = sync.OnceValue(func() map[string]bool {
	names := map[string]bool{}
	for _, e := range games.All() {
		for _, v := range e.Verbs() {
			names[v] = true
		}
	}
	return names
})

// ModeratorMatters tells whether the answer to cmd may depend on its
// author moderating its chat, so that an adapter whose platform must be
// asked (Telegram's getChatMember) asks only then: a moderated command (a
// row of the table), in a chat that has a table. A moderator's power is
// over his chat's table only (Command.moderates): where there is none,
// /quit, /kick and /settings are refused and /play opens one whoever he
// is. A burst of /play in a thousand new groups otherwise asked Telegram a
// thousand times for nothing, each call counted in the global limit ahead
// of the answers other people waited for.
func (c *Core) ModeratorMatters(cmd Command) bool {
	row := commands.lookup(cmd.Name)
	return row != nil && row.Moderated && !cmd.Private && c.chatTable(cmd.Chat) != nil
}

// plain makes a handler of an answer that needs no context (/stats,
// /rules): most of the rows name their method as it is.
func plain(f func(*Core, Command, replier) []Out) handler {
	return func(c *Core, _ context.Context, cmd Command, rep replier) []Out { return f(c, cmd, rep) }
}

// helpLines are the lines of /help in the reader's language: each row's
// line once, at the first row that names it.
func (c *Core) helpLines(rep replier) []string {
	var lines []string
	shown := map[string]bool{}
	for _, row := range commands.rows {
		if row.Help == "" || shown[row.Help] {
			continue
		}
		shown[row.Help] = true
		var args []any
		if row.HelpArgs != nil {
			args = row.HelpArgs(c)
		}
		lines = append(lines, rep.text(row.Help, args...))
	}
	return lines
}

// The terminal's button presses (/press 2, adapters/local): a name the bot
// knows, which the terminal answers before the core sees it.
func init() {
	commands.add(command{Name: "press", French: "press", Aliases: []string{"bouton"}, Rank: 1000, Hidden: true})
}
