package bot

import "github.com/tablee/tablee/archive"

// Replays: /replay N (/revoir N) shows table N's board after each of its
// moves, one message with ⏮ ◀ ▶ ⏭ buttons that edit it in place where the
// platform allows; /replay N me, or in private, with the reader's own
// hand. The archive works each step out afresh from the store
// (archive.Replay says what it shows, and to whom).

func init() {
	commands.add(command{Name: "replay", French: "revoir", Rank: 131, Help: "bot.help.past",
		Params: []Param{{Name: "table"}, {Name: "step"}, {Name: "mine"}}, Run: plain((*Core).replay)})
}

// replay answers /replay [table] [move] [me].
func (c *Core) replay(cmd Command, rep replier) []Out {
	return c.page(c.archive().ReplayCommand(cmd.Args, cmd.Chat, cmd.User.ID, cmd.Private, rep.lang), rep)
}

// pressReplay shows the step a replay's button names, in place of the
// message whose button it was.
func (c *Core) pressReplay(cmd Command, p payload, rep replier) []Out {
	if p.Move != "" && p.Move != "me" {
		return rep.refuse("bot.bad_button")
	}
	outs := c.page(c.archive().Replay(archive.Ask{Table: p.Table, Step: p.Counter, Mine: p.Move == "me", Pressed: true,
		Chat: cmd.Chat, User: cmd.User.ID, Lang: rep.lang}), rep)
	if !outs[0].Refusal {
		outs[0].Replace = true
	}
	return outs
}
