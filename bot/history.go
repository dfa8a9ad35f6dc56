package bot

import (
	"cmp"
	"strconv"
	"strings"
	"time"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/i18n"
)

// /history (/historique) lists the chat's games, newest first, ten to a
// page (/history 2 for the ten before): each with its number (the one
// /replay takes), its date (the end, or the start of a game still played),
// its game, and its players with their scores, the winners crowned. Lobbies
// that never began are not games and are left out. In the private chat
// with the bot it lists the author's own games, whatever their chats, from
// the store's index of players (PlayedTables): those where he sat to the
// end, or sits now. It reads the store, as a game of the past is read
// (past.go).

// historyPage is how many games a page of /history lists.
const historyPage = 10

func init() {
	commands.add(command{Name: "history", French: "historique", Rank: 130, Help: "bot.help.past",
		Params: []Param{{Name: "page"}}, Run: plain((*Core).history)})
}

func (c *Core) history(cmd Command, rep replier) []Out {
	page := 1
	switch len(cmd.Args) {
	case 0:
	case 1:
		n, err := strconv.Atoi(cmd.Args[0])
		if err != nil || n < 1 || n > pastReads/historyPage {
			return rep.refuse("bot.history_usage", pastReads/historyPage)
		}
		page = n
	default:
		return rep.refuse("bot.history_usage", pastReads/historyPage)
	}
	skip := (page - 1) * historyPage
	now := c.clock.Now()
	var lines []string
	more := false
	games, keys := c.pastGames, historyKeys{title: "bot.history_title", none: "bot.history_none", replay: "bot.history_replay"}
	of := cmd.Chat
	if cmd.Private {
		games, keys = c.playedGames, historyKeys{title: "bot.history_title_mine", none: "bot.history_none_mine", replay: "bot.history_replay_mine"}
		of = cmd.User.ID
	}
	err := games(of, func(t *Table) bool {
		switch {
		case skip > 0:
			skip--
		case len(lines) == historyPage:
			more = true
			return false
		default:
			lines = append(lines, historyLine(t, now, rep.lang))
			if cmd.Private {
				// Where it was played: a link to its last board.
				if link := c.tableLink(t.ID, t.Chat); link != "" {
					lines = append(lines, "   "+link)
				}
			}
		}
		return true
	})
	switch {
	case err != nil:
		return rep.refuse("bot.read_failed")
	case len(lines) == 0 && page == 1:
		return rep.say(keys.none)
	case len(lines) == 0:
		return rep.refuse("bot.history_no_page", page)
	}
	lines = append(lines, "", rep.text(keys.replay))
	if more {
		lines = append(lines, rep.text("bot.history_more", page+1))
	}
	return []Out{{Dest: ToReply, Title: rep.text(keys.title), Text: strings.Join(lines, "\n")}}
}

// historyKeys are the texts of a list of games: a chat's, or a player's
// own in private.
type historyKeys struct{ title, none, replay string }

// historyLine is one game of the list:
// "#12 · 21 November · Crack Word · alice 34 🏆, bob 28".
func historyLine(t *Table, now time.Time, lang i18n.Lang) string {
	r := renderer(t, lang)
	// Games saved before Ended was kept have the store's time of their end.
	at := cmp.Or(t.Ended, t.finishedAt, t.Created)
	won := map[int]bool{}
	if t.Phase == Finished {
		for _, w := range (games.Result{Scores: t.Scores}).Winners() {
			won[w] = true
		}
	}
	players := make([]string, len(t.Seats))
	for i := range t.Seats {
		players[i] = t.nameIn(i, lang)
		if i < len(t.Scores) {
			players[i] += " " + strconv.Itoa(t.Scores[i])
		}
		if won[i] {
			players[i] += " 🏆"
		}
	}
	state := i18n.Raw("")
	switch t.Phase {
	case Playing:
		state = i18n.T("bot.history_playing", t.Moves)
	case Abandoned:
		state = i18n.T("bot.history_stopped")
	}
	line := r.Text(i18n.T("bot.history_line", t.ID, shortDate(at, now), i18n.T(t.Game+".title"), strings.Join(players, ", "), state))
	if t.Rematch != nil {
		line = "🔁 " + line
	}
	return line
}

// shortDate is a day as a list shows it: "21 November", with the year
// when it is not this one.
func shortDate(at, now time.Time) i18n.Msg {
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
