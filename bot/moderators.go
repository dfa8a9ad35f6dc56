package bot

import (
	"context"
	"slices"
	"strings"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/i18n"
)

// Moderators are the people a platform says run a chat: on Discord a
// member whose permissions in the channel include Manage Messages, Manage
// Channels or Administrator, on Telegram a group's creator and
// administrators. The adapter sets Command.Moderator; the core never asks a
// platform. A moderator may, at a table he does not sit at, stop it at
// once (/quit, which closes a lobby too), take a player's seat away
// (/kick) and change its settings; the table is told who did it.

// moderates tells whether the command's author moderates the table's
// chat. A private chat has no moderator, and a table of another chat
// (found in private, or named by a button) is none of his business.
func (cmd Command) moderates(t *Table) bool {
	return cmd.Moderator && !cmd.Private && cmd.Chat == t.Chat
}

// vacate takes a person's seat: in a lobby the seat goes, in a game a bot
// plays it from now on (it passes where the game has nothing better). The
// table closes when no person is left at it, and a creator who goes hands
// the table to the first person still seated.
func (c *Core) vacate(t *Table, seat int) {
	user := t.Seats[seat].User
	switch t.Phase {
	case Lobby:
		t.Seats = slices.Delete(t.Seats, seat, seat+1)
		if t.humans() == 0 {
			t.Phase = Abandoned
			return
		}
	case Playing:
		t.Seats[seat].Left = true
		t.Seats[seat].Name += " 🤖"
		t.Votes = slices.DeleteFunc(t.Votes, func(v string) bool { return v == user })
		if t.humans() == 0 {
			c.abandon(t)
			return
		}
		defer c.rearm(t, -1)
	}
	if t.Creator == user {
		t.Creator = t.Seats[slices.IndexFunc(t.Seats, Seat.human)].User
	}
}

func init() {
	commands.add(command{Name: "kick", French: "exclure", Aliases: []string{"expulser"}, Rank: 81, Moderated: true,
		Help: "bot.help.stop", Params: []Param{{Name: "player", Required: true}}, Run: (*Core).unseat})
}

// unseat is /kick @player: a moderator takes a person's seat away.
func (c *Core) unseat(ctx context.Context, cmd Command, rep replier) []Out {
	t, none := c.lockTable(cmd, rep)
	if t == nil {
		return none
	}
	defer c.unlock(t)
	if !cmd.moderates(t) {
		return rep.refuse("bot.kick_not_moderator")
	}
	if t.Phase == Rematching {
		// A rematch's seats are the last game's; /quit closes it.
		return rep.refuse("bot.kick_rematch")
	}
	if t.Phase != Lobby && t.Phase != Playing {
		return rep.refuse("bot.no_table")
	}
	arg := strings.Join(cmd.Args, " ")
	if arg == "" {
		return rep.refuse("bot.kick_who", c.seatedNames(t))
	}
	seat := t.seatNamed(arg)
	if seat < 0 && strings.HasPrefix(arg, platformOf(t.Chat)+":") {
		// The adapter named the person by his id (a reply to his
		// message): he has no seat.
		return rep.refuse("bot.kick_not_seated", c.seatedNames(t))
	}
	if seat < 0 {
		return rep.refuse("bot.kick_unknown", arg, c.seatedNames(t))
	}
	name, user := t.Seats[seat].Name, t.Seats[seat].User
	snap := t.snapshot()
	playing := t.Phase == Playing
	c.vacate(t, seat)
	t.sayTo(user, i18n.T("bot.kicked_you", cmd.User.Name, t.ID))
	switch {
	case t.over():
		t.say(i18n.T("bot.kicked", cmd.User.Name, name), i18n.T("bot.closed")).Scores = playing
	case playing:
		t.say(i18n.T("bot.kicked_playing", cmd.User.Name, name))
		t.showBoard(nil)
	default:
		t.say(i18n.T("bot.kicked", cmd.User.Name, name))
		t.showBoard(nil)
	}
	if !c.keep(t, snap) {
		return rep.refuse("bot.save_failed")
	}
	if t.over() {
		c.forget(t)
	} else if playing {
		c.runBots(t)
	}
	return []Out{{Dest: ToReply, Ack: true, Text: rep.text("bot.kick_done", name)}}
}

// closeRematchModerated is a moderator's /quit of a rematch that has not
// begun, at which he has no seat: it is closed, and its board says by whom.
func (c *Core) closeRematchModerated(t *Table, u User, rep replier) []Out {
	if !c.closeRematch(t, rematchModerated, u.Name) {
		return rep.refuse("bot.save_failed")
	}
	return []Out{{Dest: ToReply, Ack: true, Table: t.ID, Text: rep.text("bot.rematch_closed", t.Rematch.Of)}}
}

// seatNamed is the seat of the person an argument names: his id as an
// adapter gives it ("telegram:42", for a /kick in reply to his message), a
// Discord mention (<@123>, as /stats reads it), or his name as the table
// shows it, with or without an @; -1 when none, or when it names a bot.
func (t *Table) seatNamed(arg string) int {
	if seat := t.seatOf(arg); seat >= 0 && t.Seats[seat].human() {
		return seat
	}
	if rest, found := strings.CutPrefix(arg, "<@"); found && strings.HasSuffix(rest, ">") {
		return t.seatOf("discord:" + strings.TrimPrefix(strings.TrimSuffix(rest, ">"), "!"))
	}
	want := strings.TrimPrefix(arg, "@")
	for i, s := range t.Seats {
		if s.human() && (strings.EqualFold(s.Name, want) || strings.EqualFold(s.Name, arg)) {
			return i
		}
	}
	return -1
}

// seatedNames lists the people seated at a table, for a refusal that
// asks whose seat.
func (c *Core) seatedNames(t *Table) string {
	var names []string
	for _, s := range t.Seats {
		if s.human() {
			names = append(names, s.Name)
		}
	}
	return strings.Join(names, ", ")
}

// tableExists refuses a /play in a chat that has a table, naming what
// works for the person asking: /quit stops it for its creator and the
// chat's moderators, puts it to the vote for a player, and anyone else
// waits for its end or asks a moderator.
func (c *Core) tableExists(cmd Command, t *Table, rep replier) []Out {
	hint := "bot.exists_wait"
	if lt := c.lockLive(t); lt != nil {
		switch {
		case lt.Creator == cmd.User.ID || cmd.moderates(lt):
			hint = "bot.exists_stop"
		case lt.seatOf(cmd.User.ID) >= 0:
			hint = "bot.exists_vote"
		}
		t = lt
		c.unlock(lt)
	}
	return rep.refuse("bot.table_exists", games.TitleOf(t.Game), i18n.T(hint))
}
