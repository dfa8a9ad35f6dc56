package bot

import (
	"strconv"
)

// /history (/historique) lists the chat's games, newest first, ten to a
// page (/history 2 for the ten before); in the private chat with the bot,
// the author's own games, whatever their chats, each with a link to where
// it was played. The archive reads them (archive.History).

func init() {
	commands.add(command{Name: "history", French: "historique", Rank: 130, Help: "bot.help.past",
		Params: []Param{{Name: "page"}}, Run: plain((*Core).history)})
}

func (c *Core) history(cmd Command, rep replier) []Out {
	page := 1
	if len(cmd.Args) > 0 {
		page = 0 // refused as a page out of range, but for one number
		if n, err := strconv.Atoi(cmd.Args[0]); err == nil && len(cmd.Args) == 1 {
			page = n
		}
	}
	of := cmd.Chat
	if cmd.Private {
		of = cmd.User.ID
	}
	return c.page(c.archive().History(of, cmd.Private, page, c.clock.Now()), rep)
}
