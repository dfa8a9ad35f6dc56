package telegram

import (
	"strconv"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/tablee/tablee/internal/capped"
)

// Links to a table's board message, for a player's list of his games
// (/mygames). Telegram links to a message of a supergroup
// (core.telegram.org/api/links, "Message links"):
//
//	t.me/<username>/<id>, t.me/<username>/<thread_id>/<id>   a public group
//	t.me/c/<channel>/<id>, t.me/c/<channel>/<thread_id>/<id> any, for its members
//
// where <channel> is the MTProto id of the supergroup: its Bot API id is
// -(1000000000000 + channel) (core.telegram.org/api/bots/ids). A forum
// topic's thread id is the topic's. A basic group has no message links,
// nor has a private chat. The public form also works for those who are
// not members; every seated player is one, so the private form serves
// when the group's username is not known. The username comes with every
// update from the group (Chat.username, "for private chats, supergroups
// and channels if available", Bot API, Chat): the adapter learns it, and
// forgets it when the group drops it. A board's note keeps the username
// known when the board was posted, so that after a restart the links keep
// the public form until the group speaks again (and says its username, or
// that it has none).

// Bot API ids of supergroups and channels (core.telegram.org/api/bots/ids).
const (
	channelBase = 1000000000000
	channelMax  = 997852516352
)

// channelOf is the MTProto id of a supergroup, false for any other chat.
func channelOf(chat int64) (int64, bool) {
	c := -chat - channelBase
	return c, c >= 1 && c <= channelMax
}

// learnChat remembers a group's public username, "" when it has none: what
// an update says overrides what a board's note kept.
func (a *Adapter) learnChat(c *tgbotapi.Chat) {
	if c == nil || c.ID >= 0 {
		return
	}
	a.smu.Lock()
	defer a.smu.Unlock()
	capped.Set(a.pubNames, c.ID, c.UserName, maxChats)
}

// pubName is a group's public username: as the group last said it in this
// run, or else as the board's note kept it (kept); "" for none.
func (a *Adapter) pubName(chat int64, kept string) string {
	a.smu.Lock()
	defer a.smu.Unlock()
	if name, ok := a.pubNames[chat]; ok {
		return name
	}
	return kept
}

// TableLink is the t.me link to a table's board message, "" when there is
// none (bot.Linker).
func (a *Adapter) TableLink(table uint64, key string) string {
	chat, topic, ok := parseChatKey(key)
	if !ok {
		return ""
	}
	if nw := a.newChat(chat); nw != 0 {
		chat = nw // the group became a supergroup
	}
	channel, ok := channelOf(chat)
	if !ok {
		return ""
	}
	ref, ok := a.boards.Board(table, key)
	if !ok {
		return ""
	}
	name := a.pubName(chat, ref.Extra.pubName)
	link := "https://t.me/c/" + strconv.FormatInt(channel, 10) + "/"
	if name != "" {
		link = "https://t.me/" + name + "/"
	}
	if topic != 0 {
		link += strconv.Itoa(topic) + "/"
	}
	return link + ref.ID
}
