package bot

import (
	"cmp"
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/i18n"
)

// The commands of information: the help, the games and their rules, the
// reader's language, a hint.
func init() {
	commands.add(
		command{Name: "hint", French: "indice", Aliases: []string{"aide_coup"}, Rank: 70, Help: "bot.help.hint", Run: plain((*Core).hint)},
		command{Name: "games", French: "jeux", Aliases: []string{"list"}, Rank: 140, Help: "bot.help.more",
			Run: func(c *Core, _ context.Context, _ Command, rep replier) []Out { return c.listGames(rep) }},
		command{Name: "rules", French: "regles", Rank: 141, Help: "bot.help.more", Params: []Param{{Name: "game"}}, Run: plain((*Core).rules)},
		command{Name: "lang", French: "langue", Aliases: []string{"language"}, Rank: 143, Help: "bot.help.more",
			Params: []Param{{Name: "lang", Required: true}}, Run: plain((*Core).setLang)},
		// Telegram's /start in a private chat is the help (start_private).
		command{Name: "help", French: "aide", Aliases: []string{"start_private"}, Rank: 150, Run: plain((*Core).help)},
	)
}

// help lists the commands; in a private chat it is also the greeting.
func (c *Core) help(cmd Command, rep replier) []Out {
	lines := append([]string{rep.text("bot.help")}, c.helpLines(rep)...)
	return []Out{{Dest: ToReply, Text: strings.Join(lines, "\n")}}
}

// listGames describes every registered game.
func (c *Core) listGames(rep replier) []Out {
	r := i18n.Renderer{Lang: rep.lang}
	var lines []string
	for _, e := range games.All() {
		min, max := e.Seats()
		lines = append(lines, r.Text(i18n.T("bot.games_line", i18n.T(e.Name()+".title"), e.Name(),
			playersMsg(min, max))), "  "+r.Text(i18n.T(e.Name()+".summary")))
	}
	if len(lines) == 0 {
		return rep.say("bot.no_games")
	}
	return []Out{{Dest: ToReply, Title: rep.text("bot.games_title"), Text: strings.Join(lines, "\n")}}
}

// playersMsg says how many players a game takes: "2 à 4 joueurs", or
// "2 joueurs" when it takes one number only.
func playersMsg(min, max int) i18n.Msg {
	if min == max {
		return i18n.T("bot.players_exact", min)
	}
	return i18n.T("bot.players", min, max)
}

// rules shows a game's rules as implemented, and its options.
func (c *Core) rules(cmd Command, rep replier) []Out {
	name := ""
	if len(cmd.Args) > 0 {
		name = strings.Join(cmd.Args, " ")
	} else if t := c.tableFor(cmd); t != nil {
		name = t.Game
	}
	if name == "" {
		return rep.refuse("bot.rules_which", c.gameNames())
	}
	e, ok := games.Lookup(name)
	if !ok {
		return rep.refuse("bot.unknown_game", name, c.gameNames())
	}
	r := i18n.Renderer{Lang: rep.lang}
	text := r.Text(i18n.T(e.Name() + ".rules"))
	if opts := e.Options(); len(opts) > 0 {
		var lines []string
		for _, o := range opts {
			lines = append(lines, fmt.Sprintf("• %s=%s — %s", o.Label(r.Lang), o.ValuesLabel(r.Lang), r.Text(o.Help)))
		}
		text += "\n\n" + r.Text(i18n.T("bot.options")) + "\n" + strings.Join(lines, "\n")
	}
	return []Out{{Dest: ToReply, Title: r.Text(i18n.T(e.Name() + ".title")), Text: text}}
}

// setLang chooses the language the bot speaks to the user in.
func (c *Core) setLang(cmd Command, rep replier) []Out {
	if len(cmd.Args) != 1 {
		return rep.refuse("bot.lang_usage")
	}
	l, ok := i18n.ParseLang(cmd.Args[0])
	if !ok {
		return rep.refuse("bot.lang_usage")
	}
	c.updateUser(cmd.User.ID, func(u *userRecord) { u.Lang = l })
	return replier{lang: l}.say("bot.lang_set")
}

func (c *Core) settingsText(t *Table, lang i18n.Lang) string {
	r := renderer(t, lang)
	// A duration set to nothing reads as what it means: no limit to a
	// turn, no reminder.
	dur := func(d time.Duration, none string) string {
		if d == 0 {
			return r.Text(i18n.T(none))
		}
		return r.Text(i18n.Duration(d))
	}
	tableLang := cmp.Or(t.Settings.Lang, i18n.Default)
	lines := []string{
		r.Text(i18n.T("bot.set_lang", i18n.T("bot.lang_name."+string(tableLang)), string(tableLang))),
		r.Text(i18n.T("bot.set_turn", dur(t.Settings.Turn, "bot.turn_none"))),
		r.Text(i18n.T("bot.set_reminder", dur(t.Settings.Reminder, "bot.reminder_none"))),
		r.Text(i18n.T("bot.set_expiry", i18n.T("bot.expiry."+cmp.Or(t.Settings.OnExpiry, "pass")))),
		r.Text(i18n.T("bot.set_view", i18n.T("bot.view."+string(cmp.Or(t.Settings.View, ViewBoth))))),
		r.Text(i18n.T("bot.set_hints", onOff(r, t.Settings.Hints))),
		r.Text(i18n.T("bot.set_away", i18n.T("bot.away."+cmp.Or(t.Settings.Away, "pause")))),
	}
	if o := c.optionsText(t, r); o != "" {
		lines = append(lines, o)
	}
	lines = append(lines, r.Text(i18n.T("bot.settings_help")))
	return strings.Join(lines, "\n")
}

func (c *Core) optionsText(t *Table, r i18n.Renderer) string {
	var parts []string
	for _, o := range t.engine.Options() {
		v := t.Options[o.Name]
		if v == "" {
			v = o.Default
		}
		parts = append(parts, o.Label(r.Lang)+"="+o.ValueLabel(r.Lang, v))
	}
	if len(parts) == 0 {
		return ""
	}
	return r.Text(i18n.T("bot.rule_options", strings.Join(parts, ", ")))
}

func onOff(r i18n.Renderer, on bool) string {
	if on {
		return r.Text(i18n.T("bot.on"))
	}
	return r.Text(i18n.T("bot.off"))
}

// hint tells a player, privately, the move the bot player would make for
// him, where the table allows hints.
func (c *Core) hint(cmd Command, rep replier) []Out {
	t := c.lockLive(c.tableFor(cmd))
	if t == nil {
		return rep.refuse("bot.no_table")
	}
	allowed, waiting := t.Settings.Hints, c.waitingNames(t)
	t.mu.Unlock()
	if !allowed {
		return rep.refuse("bot.hints_off")
	}
	move, ok := c.Hint(t.Chat, cmd.User.ID)
	if !ok {
		return rep.refuse("bot.not_your_turn", waiting)
	}
	return []Out{{Dest: ToReply, Private: true, Table: t.ID, Text: rep.text("bot.hint", move)}}
}
