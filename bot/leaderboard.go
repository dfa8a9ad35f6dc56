package bot

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/i18n"
)

// /leaderboard and /stats: what the ratings (ratings.go) show. In a group
// they are about the chat's server; in private, about all servers.

// leaderboardSize is how many players a game's leaderboard shows; the
// leaderboard of every game shows fewer of each.
const (
	leaderboardSize = 10
	leaderboardEach = 5
)

// scopeOf is the ratings a command is about: its server's, or every
// server's in a private chat.
func scopeOf(cmd Command) string {
	if cmd.Private {
		return everywhere
	}
	return serverOf(cmd.Chat, cmd.Server)
}

// leaders is a game's leaderboard in a scope: its players, and the bots of
// every strength with their rating across all servers, best first.
func (c *Core) leaders(game, scope string) ([]ratingEntry, error) {
	es, err := c.ratings(boardPrefix(game, scope))
	if err != nil {
		return nil, err
	}
	if scope != everywhere {
		bots, err := c.ratings(boardPrefix(game, everywhere) + botPrefix)
		if err != nil {
			return nil, err
		}
		for _, b := range bots {
			b.player = botPrefix + b.player
			es = append(es, b)
		}
	}
	slices.SortStableFunc(es, func(a, b ratingEntry) int {
		return cmp.Or(cmp.Compare(b.Ordinal(), a.Ordinal()), cmp.Compare(a.Name, b.Name))
	})
	return es, nil
}

// entryName is how a leaderboard names a player: a bot by its strength.
func entryName(e ratingEntry, r i18n.Renderer) string {
	if level, ok := strings.CutPrefix(e.player, botPrefix); ok {
		return r.Text(i18n.T("bot.rated_bot", i18n.T("bot.strength."+level)))
	}
	return cmp.Or(e.Name, e.player)
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
	scope := scopeOf(cmd)
	size := leaderboardSize
	if len(all) > 1 {
		size = leaderboardEach
	}
	r := i18n.Renderer{Lang: rep.lang}
	scene := games.Scene{Columns: 2}
	var mono []string
	for _, e := range all {
		es, err := c.leaders(e.Name(), scope)
		if err != nil {
			c.log.Error("leaderboard not read", "game", e.Name(), "scope", scope, "err", err)
			return rep.refuse("bot.ratings_unreadable")
		}
		if !slices.ContainsFunc(es, func(e ratingEntry) bool { return !strings.HasPrefix(e.player, botPrefix) }) {
			continue // bots alone are no leaderboard
		}
		title := r.Text(i18n.T(e.Name() + ".title"))
		if len(all) > 1 {
			if len(mono) > 0 {
				mono = append(mono, "")
			}
			mono = append(mono, title)
			scene.Blocks = append(scene.Blocks, games.Block{Label: i18n.Raw(title), Wide: true})
		}
		for i, en := range es[:min(len(es), size)] {
			name, score := entryName(en, r), ratingNumber(r.Lang, en.Ordinal())
			played := r.Text(i18n.T("bot.leaderboard_played", en.Games, en.Wins))
			mono = append(mono, fmt.Sprintf("%2d. %s %6s  %s", i+1, pad(name, 16), score, played))
			scene.Blocks = append(scene.Blocks, games.Block{
				Label: i18n.Raw(name), Rows: [][]games.Tile{{rankTile(i)}}, TileSize: 44,
				Note: i18n.Raw(score + " · " + played),
			})
		}
	}
	if len(mono) == 0 {
		return rep.say("bot.leaderboard_empty")
	}
	where := "here"
	if scope == everywhere {
		where = "everywhere"
	}
	title := r.Text(i18n.T("bot.leaderboard_title_" + where))
	if len(all) == 1 {
		title = r.Text(i18n.T("bot.leaderboard_game_"+where, i18n.T(all[0].Name()+".title")))
	}
	out := Out{Dest: ToReply, Title: title, Mono: mono, Text: r.Text(i18n.T("bot.leaderboard_legend"))}
	out.draw = &drawing{scene: scene, r: r, game: "leaderboard"}
	return []Out{out}
}

// rankTile is a place on the leaderboard: gold, silver and bronze for the
// first three, with a star, so that colour is not the only clue.
func rankTile(i int) games.Tile {
	t := games.Tile{Text: fmt.Sprint(i + 1), Fill: games.Cream}
	if i < 3 {
		t.Fill, t.Mark = []games.Color{games.Yellow, games.Gray, games.Orange}[i], games.Star
	}
	return t
}

// pad cuts or fills a name to n characters, for the columns of the text
// table.
func pad(s string, n int) string {
	if utf8.RuneCountInString(s) > n {
		return string([]rune(s)[:n-1]) + "…"
	}
	return s + strings.Repeat(" ", n-utf8.RuneCountInString(s))
}

// stats shows a player's ratings, games, wins and best move at each game
// he played: the author's, or the player named ("/stats @bob", "/stats
// bob", a Discord mention).
func (c *Core) stats(cmd Command, rep replier) []Out {
	scope := scopeOf(cmd)
	player, name := cmd.User.ID, cmd.User.Name
	if len(cmd.Args) > 0 {
		var ok bool
		if player, name, ok = c.findPlayer(strings.Join(cmd.Args, " "), scope); !ok {
			return rep.refuse("bot.stats_unknown_player", strings.Join(cmd.Args, " "))
		}
	}
	r := i18n.Renderer{Lang: rep.lang}
	var lines []string
	played, wins := 0, 0
	for _, e := range games.All() {
		line, n, won, err := c.gameStats(e.Name(), scope, player, r)
		if err != nil {
			c.log.Error("stats not read", "player", player, "game", e.Name(), "err", err)
			return rep.refuse("bot.ratings_unreadable")
		}
		if line != "" {
			lines = append(lines, line)
			played, wins = played+n, wins+won
		}
	}
	// Games counted before the ratings, in the user record.
	u := c.user(player)
	played, wins = played+u.Played, wins+u.Won
	if played == 0 {
		return rep.say("bot.stats_none", name)
	}
	lines = append(lines, r.Text(i18n.T("bot.stats_total", played, wins)))
	return []Out{{Dest: ToReply, Title: r.Text(i18n.T("bot.stats_title", name)), Text: strings.Join(lines, "\n\n")}}
}

// gameStats is a player's paragraph for one game, "" when he never played
// it, with his games and wins at it.
func (c *Core) gameStats(game, scope, player string, r i18n.Renderer) (string, int, int, error) {
	all, ok, err := c.rating(game, everywhere, player)
	if err != nil || !ok {
		return "", 0, 0, err
	}
	title := i18n.T(game + ".title")
	everywhereText := ratingNumber(r.Lang, all.Ordinal())
	var lines []string
	if scope == everywhere {
		lines = append(lines, r.Text(i18n.T("bot.stats_rating_everywhere", title, everywhereText)))
	} else {
		here, err := c.leaders(game, scope)
		if err != nil {
			return "", 0, 0, err
		}
		i := slices.IndexFunc(here, func(e ratingEntry) bool { return e.player == player })
		if i < 0 {
			lines = append(lines, r.Text(i18n.T("bot.stats_rating_elsewhere", title, everywhereText)))
		} else {
			lines = append(lines, r.Text(i18n.T("bot.stats_rating", title, ratingNumber(r.Lang, here[i].Ordinal()),
				i+1, len(here), everywhereText)))
		}
	}
	lines = append(lines, r.Text(i18n.T("bot.stats_played", all.Games, all.Wins)))
	if all.Best.Points > 0 {
		lines = append(lines, r.Text(i18n.T("bot.stats_best", all.Best.Move, all.Best.Points, all.Best.Table)))
	}
	if cmp := c.againstBots(game, all.Ordinal(), r); cmp != "" {
		lines = append(lines, cmp)
	}
	return strings.Join(lines, "\n"), all.Games, all.Wins, nil
}

// againstBots places a rating among the bots' ratings at a game:
// "Against the bots: above easy bot (3.1) · below strong bot (20.1)".
func (c *Core) againstBots(game string, ordinal float64, r i18n.Renderer) string {
	bots, err := c.ratings(boardPrefix(game, everywhere) + botPrefix)
	if err != nil || len(bots) == 0 {
		return ""
	}
	// Compared as shown, to one decimal: "level with" is what it reads.
	mine := ratingNumber(r.Lang, ordinal)
	groups := map[string][]string{}
	for _, level := range games.Strengths {
		i := slices.IndexFunc(bots, func(e ratingEntry) bool { return e.player == level.String() })
		if i < 0 {
			continue
		}
		b := bots[i]
		b.player = botPrefix + b.player
		theirs := ratingNumber(r.Lang, b.Ordinal())
		key := "bot.stats_below"
		switch {
		case mine == theirs:
			key = "bot.stats_level"
		case ordinal > b.Ordinal():
			key = "bot.stats_above"
		}
		groups[key] = append(groups[key], r.Text(i18n.T("bot.stats_bot", entryName(b, r), theirs)))
	}
	var parts []string
	for _, key := range []string{"bot.stats_above", "bot.stats_level", "bot.stats_below"} {
		if len(groups[key]) > 0 {
			parts = append(parts, r.Text(i18n.T(key, strings.Join(groups[key], ", "))))
		}
	}
	return r.Text(i18n.T("bot.stats_bots", strings.Join(parts, " · ")))
}

// findPlayer finds the player a /stats argument names: a Discord mention
// (<@123>), or a name as the leaderboards show it, with or without an @,
// among the players rated in the scope.
func (c *Core) findPlayer(arg, scope string) (id, name string, ok bool) {
	if rest, found := strings.CutPrefix(arg, "<@"); found && strings.HasSuffix(rest, ">") {
		id = "discord:" + strings.TrimPrefix(strings.TrimSuffix(rest, ">"), "!")
		return id, c.ratedName(id), true
	}
	want := strings.TrimPrefix(arg, "@")
	for _, e := range games.All() {
		es, err := c.ratings(boardPrefix(e.Name(), scope))
		if err != nil {
			return "", "", false
		}
		for _, en := range es {
			if !strings.HasPrefix(en.player, botPrefix) && (strings.EqualFold(en.Name, want) || strings.EqualFold(en.Name, arg)) {
				return en.player, en.Name, true
			}
		}
	}
	return "", "", false
}

// ratedName is a player's name as his ratings remember it.
func (c *Core) ratedName(id string) string {
	for _, e := range games.All() {
		if r, ok, err := c.rating(e.Name(), everywhere, id); err == nil && ok && r.Name != "" {
			return r.Name
		}
	}
	return cmp.Or(c.user(id).Name, id)
}
