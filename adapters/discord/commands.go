package discord

import (
	"fmt"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/tablee/tablee/bot"
	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/i18n"
)

// Discord's locale for each language: English is the base of every name
// and description, French its localisation.
var localeOf = map[i18n.Lang]discordgo.Locale{i18n.FR: discordgo.French}

// option is one option of a slash command, with its French name.
type option struct {
	name, fr string
	typ      discordgo.ApplicationCommandOptionType
	required bool
	complete bool // autocompleted from the user's hand
}

// The option of each parameter a command of the core may take
// (bot.Param), with its French name; whether it is required is the
// command's to say. thread is the adapter's own, offered with /play.
var (
	optGame     = option{name: "game", fr: "jeu", typ: discordgo.ApplicationCommandOptionString}
	optOptions  = option{name: "options", fr: "options", typ: discordgo.ApplicationCommandOptionString}
	optThread   = option{name: "thread", fr: "fil", typ: discordgo.ApplicationCommandOptionBoolean}
	optMove     = option{name: "move", fr: "coup", typ: discordgo.ApplicationCommandOptionString, complete: true}
	optCount    = option{name: "count", fr: "nombre", typ: discordgo.ApplicationCommandOptionInteger}
	optStrength = option{name: "strength", fr: "niveau", typ: discordgo.ApplicationCommandOptionString}
	optSettings = option{name: "settings", fr: "reglages", typ: discordgo.ApplicationCommandOptionString}
	optLang     = option{name: "lang", fr: "langue", typ: discordgo.ApplicationCommandOptionString}
	optArgs     = option{name: "args", fr: "arguments", typ: discordgo.ApplicationCommandOptionString}
	optPlayer   = option{name: "player", fr: "joueur", typ: discordgo.ApplicationCommandOptionUser}
	optDuration = option{name: "duration", fr: "duree", typ: discordgo.ApplicationCommandOptionString}
	optHours    = option{name: "hours", fr: "heures", typ: discordgo.ApplicationCommandOptionString}
	optAnswer   = option{name: "answer", fr: "reponse", typ: discordgo.ApplicationCommandOptionString}
	optPage     = option{name: "page", fr: "page", typ: discordgo.ApplicationCommandOptionInteger}
	optTable    = option{name: "table", fr: "table", typ: discordgo.ApplicationCommandOptionInteger}
	optStep     = option{name: "step", fr: "coup", typ: discordgo.ApplicationCommandOptionInteger}
	optMine     = option{name: "mine", fr: "moi", typ: discordgo.ApplicationCommandOptionBoolean}
)

var optionOf = map[string]option{}

func init() {
	for _, o := range []option{optGame, optOptions, optMove, optCount, optStrength, optSettings, optLang, optArgs,
		optPlayer, optDuration, optHours, optAnswer, optPage, optTable, optStep, optMine} {
		optionOf[o.name] = o
	}
}

// optionsOf are a command's options, in the order of its parameters; a
// parameter Discord has no option for is left out (the command still
// takes it typed).
func optionsOf(c bot.CommandInfo) []option {
	var opts []option
	for _, p := range c.Params {
		if o, ok := optionOf[p.Name]; ok {
			o.required = p.Required
			opts = append(opts, o)
		}
	}
	if c.Name == "play" {
		// A table in a thread of its own, which Discord alone has.
		opts = append(opts, optThread)
	}
	return opts
}

// argOrder is the order in which option values become arguments; thread is
// the adapter's own and never reaches the core, and mine becomes the word
// "me" after them all (/replay 12 40 me).
var argOrder = []string{"game", "count", "strength", "lang", "move", "options", "settings", "args", "player", "duration", "hours", "answer", "page", "table", "step"}

var validName = regexp.MustCompile(`^[-_\p{Ll}\p{N}]{1,32}$`)

// applicationCommands describes every command of bot.Commands() for
// Discord, English names and descriptions localised in French. A name that
// Discord would refuse, or that would clash with another in a language, is
// left out (a clash would make Discord refuse the whole list).
func applicationCommands() ([]*discordgo.ApplicationCommand, []string) {
	var out []*discordgo.ApplicationCommand
	var dropped []string
	used := map[discordgo.Locale]map[string]bool{"": {}, discordgo.French: {}}
	for _, c := range bot.Commands() {
		if !validName.MatchString(c.Name) || used[""][c.Name] || len(out) >= 100 {
			dropped = append(dropped, c.Name)
			continue
		}
		names := map[discordgo.Locale]string{}
		descs := map[discordgo.Locale]string{}
		for lang, loc := range localeOf {
			if n := c.Names[lang]; validName.MatchString(n) && !used[loc][n] {
				names[loc] = n
			}
			if d := c.Descriptions[lang]; d != "" {
				descs[loc] = clip(d, 100)
			}
		}
		if used[discordgo.French][c.Name] && names[discordgo.French] == "" {
			dropped = append(dropped, c.Name)
			continue
		}
		used[""][c.Name] = true
		for loc := range used {
			if loc == "" {
				continue
			}
			if n, ok := names[loc]; ok {
				used[loc][n] = true
			} else {
				used[loc][c.Name] = true
			}
		}
		desc := c.Descriptions[i18n.EN]
		if desc == "" {
			desc = c.Name
		}
		ac := &discordgo.ApplicationCommand{
			Type:                     discordgo.ChatApplicationCommand,
			Name:                     c.Name,
			NameLocalizations:        &names,
			Description:              clip(desc, 100),
			DescriptionLocalizations: &descs,
		}
		for _, o := range optionsOf(c) {
			ac.Options = append(ac.Options, o.describe())
		}
		out = append(out, ac)
	}
	return out, dropped
}

func (o option) describe() *discordgo.ApplicationCommandOption {
	d := &discordgo.ApplicationCommandOption{
		Type:                     o.typ,
		Name:                     o.name,
		NameLocalizations:        map[discordgo.Locale]string{discordgo.French: o.fr},
		Description:              clip(text(i18n.EN, "discord.opt."+o.name), 100),
		DescriptionLocalizations: map[discordgo.Locale]string{discordgo.French: clip(text(i18n.FR, "discord.opt."+o.name), 100)},
		Required:                 o.required,
		Autocomplete:             o.complete,
	}
	switch o.name {
	case "game":
		all := games.All()
		if len(all) > 25 {
			d.Autocomplete = true
			break
		}
		for _, e := range all {
			d.Choices = append(d.Choices, gameChoice(e))
		}
	case "lang":
		d.Choices = []*discordgo.ApplicationCommandOptionChoice{
			{Name: "Français", Value: "fr"}, {Name: "English", Value: "en"},
		}
	case "answer":
		for _, v := range []string{"yes", "no"} {
			d.Choices = append(d.Choices, &discordgo.ApplicationCommandOptionChoice{
				Name: text(i18n.EN, "discord.answer."+v), NameLocalizations: map[discordgo.Locale]string{discordgo.French: text(i18n.FR, "discord.answer."+v)},
				Value: v,
			})
		}
	case "page", "table", "step":
		least := 1.0
		if o.name == "step" {
			least = 0 // the deal
		}
		d.MinValue = &least
	case "strength":
		for _, l := range games.Strengths {
			d.Choices = append(d.Choices, &discordgo.ApplicationCommandOptionChoice{
				Name:              text(i18n.EN, "bot.strength."+l.String()),
				NameLocalizations: map[discordgo.Locale]string{discordgo.French: text(i18n.FR, "bot.strength."+l.String())},
				Value:             l.String(),
			})
		}
	case "count":
		one := 1.0
		d.MinValue, d.MaxValue = &one, 16
	case "options", "settings", "args":
		d.MaxLength = 200
	case "duration", "hours":
		d.MaxLength = 40
	case "move":
		d.MaxLength = 100
	}
	return d
}

func gameChoice(e games.Engine) *discordgo.ApplicationCommandOptionChoice {
	title := func(l i18n.Lang) string { return clip(text(l, e.Name()+".title"), 100) }
	return &discordgo.ApplicationCommandOptionChoice{
		Name:              title(i18n.EN),
		NameLocalizations: map[discordgo.Locale]string{discordgo.French: title(i18n.FR)},
		Value:             e.Name(),
	}
}

// commandArgs turns a slash command's options into the core's arguments;
// thread tells whether the user asked for a thread of its own.
func commandArgs(d discordgo.ApplicationCommandInteractionData) (args []string, thread bool) {
	byName := map[string]*discordgo.ApplicationCommandInteractionDataOption{}
	for _, o := range d.Options {
		byName[o.Name] = o
	}
	if o := byName["thread"]; o != nil {
		thread, _ = o.Value.(bool)
	}
	for _, name := range argOrder {
		o := byName[name]
		if o == nil || o.Value == nil {
			continue
		}
		v := optionString(o)
		if o.Type == discordgo.ApplicationCommandOptionUser {
			v = "<@" + v + ">" // a mention, as typed in a message
		}
		// ParseText puts the text in NFC and splits it as typed text is.
		if _, more, ok := bot.ParseText("/x " + v); ok {
			args = append(args, more...)
		}
	}
	if o := byName["mine"]; o != nil {
		if mine, _ := o.Value.(bool); mine {
			args = append(args, "me")
		}
	}
	return args, thread
}

func optionString(o *discordgo.ApplicationCommandInteractionDataOption) string {
	switch v := o.Value.(type) {
	case string:
		return v
	case float64:
		return fmt.Sprintf("%.0f", v)
	default:
		return fmt.Sprint(v)
	}
}

// clip cuts s to at most n runes, with an ellipsis when it cut.
func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return strings.TrimSpace(string(r[:n-1])) + "…"
}
