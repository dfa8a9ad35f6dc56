package bot

import (
	"cmp"
	"strings"

	"github.com/tablee/tablee/games"
)

// /leaderboard and /stats: what the ratings (ratings.go) show, read by the
// archive (archive.Leaderboard, archive.Stats). In a group they are about
// the chat's server; in private, about all servers.

// scopeOf is the ratings a command is about: its server's, or every
// server's in a private chat.
func scopeOf(cmd Command) string {
	if cmd.Private {
		return everywhere
	}
	return serverOf(cmd.Chat, cmd.Server)
}

func init() {
	commands.add(
		command{Name: "leaderboard", French: "classement", Rank: 110, Help: "bot.help.ratings",
			Params: []Param{{Name: "game"}}, Run: plain((*Core).leaderboard)},
		command{Name: "stats", French: "stats", Aliases: []string{"statistiques"}, Rank: 111, Help: "bot.help.ratings",
			Params: []Param{{Name: "player"}}, Run: plain((*Core).stats)},
	)
}

// leaderboard shows the leaderboard of a game, or of every game, as a
// table of text and a picture.
func (c *Core) leaderboard(cmd Command, rep replier) []Out {
	all := games.All()
	if len(cmd.Args) > 0 {
		e, ok := games.Lookup(strings.Join(cmd.Args, " "))
		if !ok {
			return rep.refuse("bot.unknown_game", strings.Join(cmd.Args, " "), c.gameNames())
		}
		all = []games.Engine{e}
	}
	outs := c.page(c.archive().Leaderboard(all, scopeOf(cmd), rep.lang), rep)
	if d := outs[0].draw; d != nil {
		d.game = "leaderboard"
	}
	return outs
}

// stats shows a player's ratings, games, wins and best move at each game
// he played: the author's, or the player named ("/stats @bob", "/stats
// bob", a Discord mention).
func (c *Core) stats(cmd Command, rep replier) []Out {
	scope := scopeOf(cmd)
	player, name := cmd.User.ID, cmd.User.Name
	if len(cmd.Args) > 0 {
		arg := strings.Join(cmd.Args, " ")
		var ok bool
		if player, name, ok = c.archive().FindPlayer(arg, scope); !ok {
			return rep.refuse("bot.stats_unknown_player", arg)
		}
		name = cmp.Or(name, c.user(player).Name, player)
	}
	// Games counted before the ratings, in the user record.
	u := c.user(player)
	return c.page(c.archive().Stats(scope, player, name, u.Played, u.Won, rep.lang), rep)
}
