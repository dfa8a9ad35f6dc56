package bot

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/i18n"
)

// A rematch is a new table in the chat of a game that ended, with the same
// seats (bots at their strength), options and settings, and a new seed.
// It is a lobby whose seats are set: whoever proposes it has said yes, and
// each other person seated says yes by pressing the board's button or by
// typing /rematch; the last yes deals. One no (the button, /rematch no,
// /leave, /quit) closes it, and so does silence: it waits a quarter of an
// hour at a live table, a turn's time (a day at most) at an asynchronous
// one. The lobby's board is the one message it shows, edited in place as
// players answer, then into the game's board; closed, it says why.
//
// A player who left the game before its end is not asked again: a bot
// plays his seat, as it did when the game ended.

// Rematch is what a table opened by /rematch remembers.
type Rematch struct {
	Of        uint64    `json:"of"`                  // the table it plays again
	Confirmed []string  `json:"confirmed,omitempty"` // users who said yes
	Until     time.Time `json:"until"`               // when it stops waiting
	// Closed says why a rematch that never began was closed: one of its
	// players said no (By names him), or nobody answered in time.
	Closed string `json:"closed,omitempty"`
	By     string `json:"by,omitempty"`
}

const (
	rematchDeclined = "declined"
	rematchExpired  = "expired"
	// rematchModerated: a moderator of the chat closed it (moderators.go).
	rematchModerated = "moderated"
	// rematchLive is how long a rematch waits at a live table.
	rematchLive = 15 * time.Minute
	// rematchMax bounds the wait at an asynchronous table.
	rematchMax = 24 * time.Hour
)

// rematchWait is how long a rematch of a table with these settings waits
// for its players: at a live table they are there or not; at an
// asynchronous one they answer when they come by.
func rematchWait(s Settings) time.Duration {
	return min(max(s.Turn, rematchLive), rematchMax)
}

// A rematch is asked for in the chat of the game: in private, the bot
// could not tell which game.
func init() {
	commands.add(command{Name: "rematch", French: "revanche", Aliases: []string{"rejouer"}, Rank: 120, Help: "bot.help.rematch",
		Where: inChat, Elsewhere: "bot.rematch_in_chat", Params: []Param{{Name: "answer"}}, Run: (*Core).rematch})
}

// rematch answers /rematch (/revanche) in a chat: it proposes to play the
// chat's last game again, or says yes (or, with "no", no) to the rematch
// waiting there. The table of commands keeps it to chats.
func (c *Core) rematch(ctx context.Context, cmd Command, rep replier) []Out {
	yes := true
	switch len(cmd.Args) {
	case 0:
	case 1:
		v, ok := normaliseYesNo(strings.ToLower(cmd.Args[0]))
		if !ok {
			return rep.refuse("bot.rematch_usage")
		}
		yes = v == "on"
	default:
		return rep.refuse("bot.rematch_usage")
	}
	return c.rematchIn(ctx, cmd.Chat, cmd.User, 0, yes, rep)
}

// pressRematch runs the button of a final board (propose, or say yes to
// the rematch it opened: no word) or of a rematch's board (the words yes
// and no, which answer and never propose): its payload names the game
// played again.
func (c *Core) pressRematch(ctx context.Context, cmd Command, p payload, rep replier) []Out {
	old := c.storedTable(p.Table)
	if old == nil || old.Chat != cmd.Chat || p.Counter != 0 || (p.Move != "" && p.Move != "yes" && p.Move != "no") {
		return rep.refuse("bot.bad_button")
	}
	if p.Move != "" && c.chatTable(cmd.Chat) == nil {
		return rep.refuse("bot.rematch_none_waiting")
	}
	return c.rematchIn(ctx, cmd.Chat, cmd.User, p.Table, p.Move != "no", rep)
}

// rematchIn proposes, accepts or declines a rematch in a chat: of game of
// (0: the chat's last game).
func (c *Core) rematchIn(ctx context.Context, chat string, u User, of uint64, yes bool, rep replier) []Out {
	if t := c.chatTable(chat); t != nil {
		return c.answerRematch(t, u, of, yes, rep)
	}
	if !yes {
		return rep.refuse("bot.rematch_none_waiting")
	}
	var old *Table
	if of != 0 {
		old = c.storedTable(of)
	} else {
		old = c.lastGame(chat)
	}
	if old == nil || !old.over() || old.engine == nil {
		return rep.refuse("bot.rematch_nothing")
	}
	if old.seatOf(u.ID) < 0 {
		return rep.refuse("bot.rematch_not_player", old.ID)
	}
	return c.open(chat, old.engine, rep, func(id uint64, now time.Time) *Table {
		return c.rematchTable(old, u, id, now)
	}, func(t *Table) []Out {
		if len(c.unconfirmed(t)) == 0 {
			return c.beginRematch(t, rep) // against bots alone: nobody else to ask
		}
		return []Out{{Dest: ToReply, Ack: true, Table: t.ID, Text: rep.text("bot.rematch_proposed")}}
	})
}

// rematchTable is the lobby of a rematch of old proposed by u: the same
// seats, a bot in place of a player who left.
func (c *Core) rematchTable(old *Table, u User, id uint64, now time.Time) *Table {
	t := &Table{ID: id, Chat: old.Chat, Server: old.Server, Game: old.Game, Options: maps.Clone(old.Options), Creator: u.ID,
		Phase: Rematching, Secret: secret(), Created: now, engine: old.engine, Settings: old.Settings,
		Rematch: &Rematch{Of: old.ID, Confirmed: []string{u.ID}, Until: now.Add(rematchWait(old.Settings))}}
	var left []int
	for i, s := range old.Seats {
		switch {
		case s.Bot:
			t.Seats = append(t.Seats, Seat{Bot: true, Name: s.Name, Level: s.Level})
		case s.Left:
			left = append(left, i)
			t.Seats = append(t.Seats, Seat{Bot: true})
		default:
			t.Seats = append(t.Seats, c.newSeat(User{ID: s.User, Name: s.Name})) // his quiet hours and time off
		}
	}
	// Named once the others are seated, so that no two bots share a name.
	for _, i := range left {
		for n := 1; t.Seats[i].Name == ""; n++ {
			name := fmt.Sprintf("🤖 Robot %d", n)
			if !slices.ContainsFunc(t.Seats, func(s Seat) bool { return s.Name == name }) {
				t.Seats[i].Name = name
			}
		}
	}
	return t
}

// answerRematch is a player's yes or no to the rematch open in the chat
// (of, when not 0, is the game the button played again).
func (c *Core) answerRematch(t *Table, u User, of uint64, yes bool, rep replier) []Out {
	if t = c.lockLive(t); t == nil {
		return rep.refuse("bot.rematch_nothing")
	}
	defer c.unlock(t)
	if t.Phase != Rematching || (of != 0 && t.Rematch.Of != of) {
		if !yes {
			return rep.refuse("bot.rematch_none_waiting")
		}
		return rep.refuse("bot.table_exists", games.TitleOf(t.Game))
	}
	if !yes {
		return c.declineRematch(t, u, rep)
	}
	if t.seatOf(u.ID) < 0 {
		return rep.refuse("bot.rematch_not_player", t.Rematch.Of)
	}
	if slices.Contains(t.Rematch.Confirmed, u.ID) {
		return rep.refuse("bot.rematch_already", c.unconfirmedNames(t))
	}
	snap := t.snapshot()
	t.Rematch.Confirmed = append(t.Rematch.Confirmed, u.ID)
	if len(c.unconfirmed(t)) == 0 {
		outs := c.beginRematch(t, rep)
		if len(outs) > 0 && outs[0].Refusal {
			t.restore(snap)
		}
		return outs
	}
	t.showBoard(nil)
	if !c.keep(t, snap) {
		return rep.refuse("bot.save_failed")
	}
	return []Out{{Dest: ToReply, Ack: true, Table: t.ID, Text: rep.text("bot.rematch_yes")}}
}

// beginRematch deals a rematch every player said yes to: the board that
// asked them becomes the game's. The caller holds the lock.
func (c *Core) beginRematch(t *Table, rep replier) []Out {
	snap := t.snapshot()
	started := games.Event{To: games.Everyone, Msg: i18n.T("bot.rematch_started", i18n.T(t.Game+".title"))}
	if no := c.deal(t, rep, started); no != nil {
		return no
	}
	if !c.keep(t, snap) {
		return rep.refuse("bot.save_failed")
	}
	c.runBots(t)
	return []Out{{Dest: ToReply, Ack: true, Table: t.ID, Text: rep.text("bot.go")}}
}

// declineRematch closes a waiting rematch on a player's no. The caller
// holds the lock.
func (c *Core) declineRematch(t *Table, u User, rep replier) []Out {
	if t.seatOf(u.ID) < 0 {
		return rep.refuse("bot.rematch_not_player", t.Rematch.Of)
	}
	if !c.closeRematch(t, rematchDeclined, u.Name) {
		return rep.refuse("bot.save_failed")
	}
	return []Out{{Dest: ToReply, Ack: true, Table: t.ID, Text: rep.text("bot.rematch_no")}}
}

// closeRematch ends a rematch that never began, for why (by: who said
// no); its board says so in place of the buttons. The caller holds the
// lock; false when the store refused the change.
func (c *Core) closeRematch(t *Table, why, by string) bool {
	snap := t.snapshot()
	t.Rematch.Closed, t.Rematch.By = why, by
	t.Phase = Abandoned
	t.showBoard(nil)
	if !c.keep(t, snap) {
		return false
	}
	c.forget(t)
	return true
}

// expireRematch closes a rematch nobody finished answering; a failed save
// is tried again later. The caller holds the lock.
func (c *Core) expireRematch(t *Table) {
	if !c.closeRematch(t, rematchExpired, "") {
		c.retryLater(t)
	}
}

// unconfirmed lists the seats of people who have not said yes yet.
func (c *Core) unconfirmed(t *Table) []int {
	var seats []int
	for i, s := range t.Seats {
		if s.human() && !slices.Contains(t.Rematch.Confirmed, s.User) {
			seats = append(seats, i)
		}
	}
	return seats
}

func (c *Core) unconfirmedNames(t *Table) string {
	var names []string
	for _, s := range c.unconfirmed(t) {
		names = append(names, t.name(s))
	}
	return strings.Join(names, ", ")
}

// rematchBoard is the board of a rematch that has not begun: who said
// yes, whom it waits for and until when, with the buttons to answer; or,
// closed, why.
func (c *Core) rematchBoard(t *Table, out Out, r i18n.Renderer) Out {
	rm := t.Rematch
	switch rm.Closed {
	case rematchDeclined:
		out.Text = r.Text(i18n.T("bot.rematch_declined", rm.By, rm.Of))
		return out
	case rematchModerated:
		out.Text = r.Text(i18n.T("bot.rematch_moderated", rm.By, rm.Of))
		return out
	case rematchExpired:
		// The count is there for the plural alone: "bob n'a pas répondu",
		// "bob, carol n'ont pas répondu".
		out.Text = r.Text(i18n.T("bot.rematch_expired", rm.Of, c.unconfirmedNames(t), len(c.unconfirmed(t))))
		return out
	}
	if t.Phase != Rematching {
		out.Text = r.Text(i18n.T("bot.rematch_closed", rm.Of))
		return out
	}
	lines := []string{r.Text(i18n.T("bot.rematch_intro", rm.Of)), ""}
	for i, s := range t.Seats {
		mark := "" // a bot's name says it is one
		switch {
		case s.Bot:
		case slices.Contains(rm.Confirmed, s.User):
			mark = "✅ "
		default:
			mark = "⏳ "
			out.Mentions = append(out.Mentions, Mention{User: s.User, Name: s.Name, Quiet: t.quietNow(i, c.clock.Now())})
		}
		lines = append(lines, fmt.Sprintf("%d. %s%s", i+1, mark, s.withLevel(r.Lang)))
	}
	lines = append(lines, "", r.Text(i18n.T("bot.rematch_until", c.unconfirmedNames(t), i18n.Date(rm.Until))))
	if opts := c.optionsText(t, r); opts != "" {
		lines = append(lines, opts)
	}
	out.Text = strings.Join(lines, "\n")
	out.Buttons = [][]Button{{
		{Label: r.Text(i18n.T("bot.btn_rematch_yes")), Data: payload{Kind: 'r', Table: rm.Of, Move: "yes"}.encode()},
		{Label: r.Text(i18n.T("bot.btn_rematch_no")), Data: payload{Kind: 'r', Table: rm.Of, Move: "no"}.encode()},
	}}
	return out
}

// rematchButton is the button of a final board that proposes to play the
// game again.
func rematchButton(t *Table, r i18n.Renderer) [][]Button {
	return [][]Button{{{Label: r.Text(i18n.T("bot.btn_rematch")), Data: payload{Kind: 'r', Table: t.ID}.encode()}}}
}
