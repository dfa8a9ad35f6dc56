package archive

import (
	"cmp"
	"strconv"
	"time"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/i18n"
)

// History is the list of a chat's games (/history, /historique), newest
// first, ten to a page (page 2 for the ten before): each with its number
// (the one /replay takes), its date (the end, or the start of a game still
// played), its game, and its players with their scores, the winners
// crowned. Lobbies that never began are not games and are left out. Of a
// player (in the private chat with the bot), it lists his own games,
// whatever their chats, from the store's index of players: those where he
// sat to the end, or sits now, each with a link to where it was played.

// HistoryPage is how many games a page of the history lists.
const HistoryPage = 10

// historyPages is the most pages the history reads.
const historyPages = reads / HistoryPage

// History is the page-th page (from 1) of a chat's history or, with
// mine, of the user's own games (of is the chat, or the user).
func (a *Archive) History(of string, mine bool, page int, now time.Time) Page {
	if page < 1 || page > historyPages {
		return refusal("bot.history_usage", historyPages)
	}
	skip := (page - 1) * HistoryPage
	var out []Line
	more := false
	read, keys := a.chatGames, historyKeys{title: "bot.history_title", none: "bot.history_none", replay: "bot.history_replay"}
	if mine {
		read, keys = a.playedGames, historyKeys{title: "bot.history_title_mine", none: "bot.history_none_mine", replay: "bot.history_replay_mine"}
	}
	err := read(of, func(g Game) bool {
		switch {
		case skip > 0:
			skip--
		case len(out) == HistoryPage:
			more = true
			return false
		default:
			l := Line{Text: historyLine(g, now)}
			if mine {
				l.Link = Where{Table: g.ID, Chat: g.Chat} // where it was played
			}
			out = append(out, l)
		}
		return true
	})
	switch {
	case err != nil:
		return refusal("bot.read_failed")
	case len(out) == 0 && page == 1:
		return saying(keys.none)
	case len(out) == 0:
		return refusal("bot.history_no_page", page)
	}
	out = append(out, blank, Line{Text: i18n.T(keys.replay)})
	if more {
		out = append(out, Line{Text: i18n.T("bot.history_more", page+1)})
	}
	return Page{Title: i18n.T(keys.title), Lines: out}
}

// historyKeys are the texts of a list of games: a chat's, or a player's
// own.
type historyKeys struct{ title, none, replay string }

// historyLine is one game of the list:
// "#12 · 21 November · Crack Word · alice 34 🏆, bob 28".
func historyLine(g Game, now time.Time) i18n.Msg {
	won := map[int]bool{}
	if g.Status == Finished {
		for _, w := range (games.Result{Scores: g.Scores}).Winners() {
			won[w] = true
		}
	}
	players := make([]any, len(g.Seats))
	for i, s := range g.Seats {
		score, crown := "", ""
		if i < len(g.Scores) {
			score = " " + strconv.Itoa(g.Scores[i])
		}
		if won[i] {
			crown = " 🏆"
		}
		players[i] = i18n.T("archive.player", s.Name, score, crown)
	}
	state := i18n.Raw("")
	switch g.Status {
	case Playing:
		state = i18n.T("bot.history_playing", g.Moves)
	case Stopped:
		state = i18n.T("bot.history_stopped")
	}
	line := i18n.T("bot.history_line", g.ID, ShortDate(cmp.Or(g.Ended, g.Created), now),
		i18n.T(g.Engine.Name()+".title"), commas(players), state)
	if g.Rematch {
		line = i18n.T("archive.rematch", line)
	}
	return line
}

// commas is items separated by commas, with no "and": "alice 3, bob 2".
func commas(items []any) i18n.Msg {
	if len(items) == 0 {
		return i18n.Raw("")
	}
	m := i18n.T("archive.one", items[0])
	for _, it := range items[1:] {
		m = i18n.T("archive.comma", m, it)
	}
	return m
}

// ShortDate is a day as a list shows it: "21 November", with the year
// when it is not this one.
func ShortDate(at, now time.Time) i18n.Msg {
	at = at.UTC()
	day := i18n.T("i18n.date.day", at.Day())
	if at.Day() == 1 {
		day = i18n.T("i18n.date.first")
	}
	month := i18n.T("i18n.month." + strconv.Itoa(int(at.Month())))
	if at.Year() != now.UTC().Year() {
		return i18n.T("bot.date_year", day, month, at.Year())
	}
	return i18n.T("bot.date", day, month)
}
