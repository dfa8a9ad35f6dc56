package archive

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/i18n"
)

// /leaderboard and /stats: what the ratings show. In a group they are
// about the chat's server (the scope); in private, about all servers
// (Everywhere).

// leaderboardSize is how many players a game's leaderboard shows; the
// leaderboard of every game shows fewer of each.
const (
	leaderboardSize = 10
	leaderboardEach = 5
)

// leaders is a game's leaderboard in a scope: its players, and the bots of
// every strength with their rating across all servers, best first.
func (a *Archive) leaders(game, scope string) ([]entry, error) {
	es, err := a.ratings(boardPrefix(game, scope))
	if err != nil {
		return nil, err
	}
	if scope != Everywhere {
		bots, err := a.ratings(boardPrefix(game, Everywhere) + BotPrefix)
		if err != nil {
			return nil, err
		}
		for _, b := range bots {
			b.player = BotPrefix + b.player
			es = append(es, b)
		}
	}
	slices.SortStableFunc(es, func(a, b entry) int {
		return cmp.Or(cmp.Compare(b.Ordinal(), a.Ordinal()), cmp.Compare(a.Name, b.Name))
	})
	return es, nil
}

// entryName is how a leaderboard names a player: a bot by its strength.
func entryName(e entry, r i18n.Renderer) string {
	if level, ok := strings.CutPrefix(e.player, BotPrefix); ok {
		return r.Text(i18n.T("bot.rated_bot", i18n.T("bot.strength."+level)))
	}
	return cmp.Or(e.Name, e.player)
}

// Leaderboard is the leaderboard of the games of all (one game, or every
// game) in a scope, for a reader of lang: a table of text and a picture of
// it.
func (a *Archive) Leaderboard(all []games.Engine, scope string, lang i18n.Lang) Page {
	size := leaderboardSize
	if len(all) > 1 {
		size = leaderboardEach
	}
	r := i18n.Renderer{Lang: lang}
	scene := games.Scene{Columns: 2}
	var mono []string
	for _, e := range all {
		es, err := a.leaders(e.Name(), scope)
		if err != nil {
			a.log.Error("leaderboard not read", "game", e.Name(), "scope", scope, "err", err)
			return refusal("bot.ratings_unreadable")
		}
		if !slices.ContainsFunc(es, func(e entry) bool { return !strings.HasPrefix(e.player, BotPrefix) }) {
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
			name, score := entryName(en, r), Number(r.Lang, en.Ordinal())
			played := r.Text(i18n.T("bot.leaderboard_played", en.Games, en.Wins))
			mono = append(mono, fmt.Sprintf("%2d. %s %6s  %s", i+1, Pad(name, 16), score, played))
			scene.Blocks = append(scene.Blocks, games.Block{
				Label: i18n.Raw(name), Rows: [][]games.Tile{{RankTile(i)}}, TileSize: 44,
				Note: i18n.Raw(score + " · " + played),
			})
		}
	}
	if len(mono) == 0 {
		return saying("bot.leaderboard_empty")
	}
	where := "here"
	if scope == Everywhere {
		where = "everywhere"
	}
	title := i18n.T("bot.leaderboard_title_" + where)
	if len(all) == 1 {
		title = i18n.T("bot.leaderboard_game_"+where, i18n.T(all[0].Name()+".title"))
	}
	return Page{Title: title, Mono: mono, Lines: lines(i18n.T("bot.leaderboard_legend")), Scene: &scene}
}

// RankTile is a place on the leaderboard: gold, silver and bronze for the
// first three, with a star, so that colour is not the only clue.
func RankTile(i int) games.Tile {
	t := games.Tile{Text: fmt.Sprint(i + 1), Fill: games.Cream}
	if i < 3 {
		t.Fill, t.Mark = []games.Color{games.Yellow, games.Gray, games.Orange}[i], games.Star
	}
	return t
}

// Pad cuts or fills a name to n characters, for the columns of the text
// table.
func Pad(s string, n int) string {
	if utf8.RuneCountInString(s) > n {
		return string([]rune(s)[:n-1]) + "…"
	}
	return s + strings.Repeat(" ", n-utf8.RuneCountInString(s))
}

// Stats are a player's ratings, games, wins and best move at each game he
// played, in a scope, for a reader of lang. played and won are the games
// the core counted before the ratings existed.
func (a *Archive) Stats(scope, player, name string, played, won int, lang i18n.Lang) Page {
	r := i18n.Renderer{Lang: lang}
	var out []Line
	for _, e := range games.All() {
		para, n, w, err := a.gameStats(e.Name(), scope, player, r)
		if err != nil {
			a.log.Error("stats not read", "player", player, "game", e.Name(), "err", err)
			return refusal("bot.ratings_unreadable")
		}
		if len(para) > 0 {
			if len(out) > 0 {
				out = append(out, blank)
			}
			out = append(out, lines(para...)...)
			played, won = played+n, won+w
		}
	}
	if played == 0 {
		return saying("bot.stats_none", name)
	}
	if len(out) > 0 {
		out = append(out, blank)
	}
	out = append(out, Line{Text: i18n.T("bot.stats_total", played, won)})
	return Page{Title: i18n.T("bot.stats_title", name), Lines: out}
}

// gameStats is a player's paragraph for one game, none when he never
// played it, with his games and wins at it.
func (a *Archive) gameStats(game, scope, player string, r i18n.Renderer) ([]i18n.Msg, int, int, error) {
	all, ok, err := a.Rating(game, Everywhere, player)
	if err != nil || !ok {
		return nil, 0, 0, err
	}
	title := i18n.T(game + ".title")
	everywhere := Number(r.Lang, all.Ordinal())
	var out []i18n.Msg
	if scope == Everywhere {
		out = append(out, i18n.T("bot.stats_rating_everywhere", title, everywhere))
	} else {
		here, err := a.leaders(game, scope)
		if err != nil {
			return nil, 0, 0, err
		}
		i := slices.IndexFunc(here, func(e entry) bool { return e.player == player })
		if i < 0 {
			out = append(out, i18n.T("bot.stats_rating_elsewhere", title, everywhere))
		} else {
			out = append(out, i18n.T("bot.stats_rating", title, Number(r.Lang, here[i].Ordinal()),
				i+1, len(here), everywhere))
		}
	}
	out = append(out, i18n.T("bot.stats_played", all.Games, all.Wins))
	if all.Best.Points > 0 {
		out = append(out, i18n.T("bot.stats_best", all.Best.Move, all.Best.Points, all.Best.Table))
	}
	if bots := a.againstBots(game, all.Ordinal(), r); !bots.IsZero() {
		out = append(out, bots)
	}
	return out, all.Games, all.Wins, nil
}

// againstBots places a rating among the bots' ratings at a game:
// "Against the bots: above easy bot (3.1) · below strong bot (20.1)".
func (a *Archive) againstBots(game string, ordinal float64, r i18n.Renderer) i18n.Msg {
	bots, err := a.ratings(boardPrefix(game, Everywhere) + BotPrefix)
	if err != nil || len(bots) == 0 {
		return i18n.Msg{}
	}
	// Compared as shown, to one decimal: "level with" is what it reads.
	mine := Number(r.Lang, ordinal)
	groups := map[string][]string{}
	for _, level := range games.Strengths {
		i := slices.IndexFunc(bots, func(e entry) bool { return e.player == level.String() })
		if i < 0 {
			continue
		}
		b := bots[i]
		b.player = BotPrefix + b.player
		theirs := Number(r.Lang, b.Ordinal())
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
	return i18n.T("bot.stats_bots", strings.Join(parts, " · "))
}

// FindPlayer finds the player a /stats argument names: a Discord mention
// (<@123>), or a name as the leaderboards show it, with or without an @,
// among the players rated in the scope. The name of a mention is the one
// his ratings remember, "" when none does.
func (a *Archive) FindPlayer(arg, scope string) (id, name string, ok bool) {
	if rest, found := strings.CutPrefix(arg, "<@"); found && strings.HasSuffix(rest, ">") {
		id = "discord:" + strings.TrimPrefix(strings.TrimSuffix(rest, ">"), "!")
		return id, a.ratedName(id), true
	}
	want := strings.TrimPrefix(arg, "@")
	for _, e := range games.All() {
		es, err := a.ratings(boardPrefix(e.Name(), scope))
		if err != nil {
			return "", "", false
		}
		for _, en := range es {
			if !strings.HasPrefix(en.player, BotPrefix) && (strings.EqualFold(en.Name, want) || strings.EqualFold(en.Name, arg)) {
				return en.player, en.Name, true
			}
		}
	}
	return "", "", false
}

// ratedName is a player's name as his ratings remember it, "" when none
// does.
func (a *Archive) ratedName(id string) string {
	for _, e := range games.All() {
		if r, ok, err := a.Rating(e.Name(), Everywhere, id); err == nil && ok && r.Name != "" {
			return r.Name
		}
	}
	return ""
}
