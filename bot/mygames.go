package bot

import (
	"cmp"
	"slices"
	"strings"
	"time"

	"github.com/tablee/tablee/i18n"
)

// My games (/mygames, /mesparties): every unfinished table where the user
// sits, whatever its chat, from the store's index of seated users. A
// person has one id per platform ("discord:42", "telegram:42") and the bot
// links none to another, so each platform lists the tables of its own id.

// Linker is implemented by transports that can link to a table's message
// in its chat (its board): a Discord jump link, a Telegram t.me link. It is
// called with no table lock held, and returns "" when there is no link.
type Linker interface {
	TableLink(table uint64, chat string) string
}

// maxMyGames is how many tables the list shows: a private message holds
// 2,000 characters on Discord.
const maxMyGames = 15

// myGame is what the list says of one table.
type myGame struct {
	id         uint64
	game, chat string
	lobby      bool
	seats      int
	mine       bool      // the game waits for the user
	others     string    // the others it waits for
	until      time.Time // the user's deadline, or the earliest of the others'
}

func init() {
	commands.add(command{Name: "mygames", French: "mesparties", Aliases: []string{"mes_parties", "my_games"}, Rank: 90,
		Help: "bot.help.mygames", Run: plain((*Core).myGames)})
}

// myGames lists the author's tables, in private.
func (c *Core) myGames(cmd Command, rep replier) []Out {
	now := c.clock.Now()
	var list []myGame
	for _, id := range c.userTables(cmd.User.ID) {
		if g, ok := c.aboutTable(id, cmd.User.ID, now); ok {
			list = append(list, g)
		}
	}
	if len(list) == 0 {
		return rep.tell("bot.mygames_none")
	}
	// His turn first, the nearest deadline first, then the others by age.
	slices.SortStableFunc(list, func(a, b myGame) int {
		if a.mine != b.mine {
			if a.mine {
				return -1
			}
			return 1
		}
		if a.until.IsZero() != b.until.IsZero() {
			if a.until.IsZero() {
				return 1
			}
			return -1
		}
		return cmp.Or(a.until.Compare(b.until), cmp.Compare(a.id, b.id))
	})
	loc := zoneOf(c.user(cmd.User.ID))
	r := i18n.Renderer{Lang: rep.lang}
	var lines []string
	for i, g := range list {
		if i == maxMyGames {
			lines = append(lines, r.Text(i18n.T("bot.mygames_more", len(list)-maxMyGames)))
			break
		}
		lines = append(lines, r.Text(i18n.T("bot.mygames_line", i18n.T(g.game+".title"), g.id, g.state(now, loc))))
		if link := c.tableLink(g.id, g.chat); link != "" {
			lines = append(lines, "   "+link)
		}
	}
	return []Out{{Dest: ToReply, Private: true, Title: r.Text(i18n.T("bot.mygames_title", len(list))), Text: strings.Join(lines, "\n")}}
}

// aboutTable reads what the list says of a table where user sits.
func (c *Core) aboutTable(id uint64, user string, now time.Time) (myGame, bool) {
	t := c.lockLive(c.table(id))
	if t == nil {
		return myGame{}, false
	}
	defer c.unlock(t)
	seat := t.seatOf(user)
	if seat < 0 || t.over() {
		return myGame{}, false
	}
	g := myGame{id: t.ID, game: t.Game, chat: t.Chat, lobby: t.Phase.undealt(), seats: len(t.Seats)}
	var others []string
	var first time.Time // the earliest deadline of the others
	for _, w := range t.waiting() {
		d, timed := t.deadline(w.Seat)
		var at time.Time
		if timed {
			at = c.timing(t).expiresAt(d, now)
		}
		if w.Seat == seat {
			g.mine, g.until = true, at
			continue
		}
		others = append(others, t.name(w.Seat))
		if timed && (first.IsZero() || at.Before(first)) {
			first = at
		}
	}
	if !g.mine {
		g.until = first
	}
	g.others = strings.Join(others, ", ")
	return g, true
}

// state says where a table stands for its reader: "your turn, 5 h left
// (until Monday 23 November at 14:00 CET)", "waiting for Bob".
func (g myGame) state(now time.Time, loc *time.Location) i18n.Msg {
	switch {
	case g.lobby:
		return i18n.T("bot.mygames_lobby", g.seats)
	case g.mine && !g.until.IsZero():
		return i18n.T("bot.mygames_you_until", i18n.Duration(g.until.Sub(now)), i18n.DateIn(g.until, loc))
	case g.mine:
		return i18n.T("bot.mygames_you")
	case g.others != "" && !g.until.IsZero():
		return i18n.T("bot.mygames_wait_until", g.others, i18n.DateIn(g.until, loc))
	case g.others != "":
		return i18n.T("bot.mygames_wait", g.others)
	}
	return i18n.T("bot.mygames_playing")
}

// tableLink asks the table's platform for a link to its message.
func (c *Core) tableLink(table uint64, chat string) string {
	c.transMu.RLock()
	tr := c.transports[platformOf(chat)]
	c.transMu.RUnlock()
	if l, ok := tr.(Linker); ok {
		return l.TableLink(table, chat)
	}
	return ""
}
