package telegram

import (
	"strconv"
	"strings"
)

// Keys of chats and users as the core knows them: "telegram:<chat>" for a
// group, "telegram:<chat>:<topic>" for a forum topic (each topic is its own
// table), "telegram:<user>" for a user and his private chat (in Telegram a
// private chat's id is the user's id).
const prefix = "telegram:"

func chatKey(chat int64, topic int) string {
	k := prefix + strconv.FormatInt(chat, 10)
	if topic != 0 {
		k += ":" + strconv.Itoa(topic)
	}
	return k
}

func userKey(id int64) string { return prefix + strconv.FormatInt(id, 10) }

// parseChatKey reads a chat key back into the chat id and the topic (0 for
// none).
func parseChatKey(key string) (chat int64, topic int, ok bool) {
	rest, found := strings.CutPrefix(key, prefix)
	if !found {
		return 0, 0, false
	}
	c, t, hasTopic := strings.Cut(rest, ":")
	chat, err := strconv.ParseInt(c, 10, 64)
	if err != nil || chat == 0 {
		return 0, 0, false
	}
	if hasTopic {
		topic, err = strconv.Atoi(t)
		if err != nil || topic <= 0 {
			return 0, 0, false
		}
	}
	return chat, topic, true
}

// userID reads a user key; users are positive ids in Telegram.
func userID(key string) (int64, bool) {
	rest, found := strings.CutPrefix(key, prefix)
	if !found {
		return 0, false
	}
	id, err := strconv.ParseInt(rest, 10, 64)
	if err != nil || id <= 0 {
		return 0, false
	}
	return id, true
}
