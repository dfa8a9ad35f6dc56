package telegram

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"sync"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/tablee/tablee/internal/capped"
)

// A group's moderators, for Tablée, are its creator and administrators:
// getChatMember answers a ChatMember whose status is "creator" or
// "administrator" (core.telegram.org/bots/api#getchatmember,
// #chatmemberowner, #chatmemberadministrator). Telegram is asked only for
// a command whose answer depends on it, in a group that has a table
// (Core.ModeratorMatters: not for the /play that opens one), and the
// answer is kept a few minutes: a moderator who stops, kicks and changes
// settings costs one call, and a demotion counts within moderatorTTL. A
// private chat has no moderator and is never asked about. A call that
// fails makes the author no moderator (he is refused what needs it, and
// may try again): a power is never granted on a guess.

// moderatorTTL is how long getChatMember's answer is kept.
const moderatorTTL = 5 * time.Minute

// moderatorWait bounds the wait for a 429 before getChatMember is given
// up: a command is not held longer for Telegram's flood control. (Its turn
// under the global limit is an answer's turn: the call is urgent.)
const moderatorWait = 2 * time.Second

// maxModerators caps the answers kept (internal/capped).
const maxModerators = 100000

type memberKey struct{ chat, user int64 }

type memberAnswer struct {
	moderator bool
	until     time.Time
}

// moderatorBook keeps getChatMember's answers, and the people of the
// groups by their @username, for a /kick @username; its zero value is
// ready.
type moderatorBook struct {
	mu      sync.Mutex
	of      map[memberKey]memberAnswer
	handles map[string]int64 // lowercased @username -> user id
}

// learnHandle remembers the @username of the author of a group message:
// a seat knows its player's name and id, not his username.
func (a *Adapter) learnHandle(u *tgbotapi.User) {
	if u == nil || u.UserName == "" || u.IsBot {
		return
	}
	a.mods.mu.Lock()
	defer a.mods.mu.Unlock()
	if a.mods.handles == nil {
		a.mods.handles = map[string]int64{}
	}
	capped.Set(a.mods.handles, strings.ToLower(u.UserName), u.ID, maxModerators)
}

// handleOf is the user an "@username" names, when he wrote in a group
// since the start; 0 otherwise.
func (a *Adapter) handleOf(arg string) int64 {
	name, ok := strings.CutPrefix(arg, "@")
	if !ok || name == "" {
		return 0
	}
	a.mods.mu.Lock()
	defer a.mods.mu.Unlock()
	return a.mods.handles[strings.ToLower(name)]
}

// moderates tells whether a user is the creator or an administrator of a
// group, from the answer kept or from Telegram.
func (a *Adapter) moderates(ctx context.Context, chat, user int64) bool {
	key, now := memberKey{chat, user}, a.clock.Now()
	a.mods.mu.Lock()
	ans, ok := a.mods.of[key]
	a.mods.mu.Unlock()
	if ok && now.Before(ans.until) {
		return ans.moderator
	}
	p := tgbotapi.Params{"chat_id": strconv.FormatInt(chat, 10), "user_id": strconv.FormatInt(user, 10)}
	// getChatMember sends nothing to the group: only the global limit
	// applies (chat 0).
	raw, e := a.request(ctx, 0, moderatorWait, "getChatMember", p)
	if e != nil {
		a.log.Warn("getChatMember failed: the user is taken for no moderator", "chat", chat, "err", e)
		return false
	}
	var member struct {
		Status string `json:"status"`
	}
	if err := json.Unmarshal(raw, &member); err != nil {
		a.log.Warn("getChatMember answered something unreadable", "chat", chat, "err", err)
		return false
	}
	ans = memberAnswer{moderator: member.Status == "creator" || member.Status == "administrator", until: now.Add(moderatorTTL)}
	a.mods.mu.Lock()
	if a.mods.of == nil {
		a.mods.of = map[memberKey]memberAnswer{}
	}
	capped.Set(a.mods.of, key, ans, maxModerators)
	a.mods.mu.Unlock()
	return ans.moderator
}

// kickTarget is the person a /kick names by other means than his name
// as the board shows it: the user of a text_mention (someone without a
// username, picked in Telegram's suggestions: #messageentity; mention is
// then set), else the author of the message it replies to, as a group's
// administrators are used to; 0 for none (an @username is looked up by
// handleOf). In a forum topic every message replies to the
// topic's first one, whose id is the topic's (#message,
// message_thread_id): that names no one.
func kickTarget(m *tgbotapi.Message, topic int) (user int64, mention bool) {
	for _, e := range m.Entities {
		if e.Type == "text_mention" && e.User != nil && !e.User.IsBot {
			return e.User.ID, true
		}
	}
	r := m.ReplyToMessage
	if r == nil || r.From == nil || r.From.IsBot || (topic != 0 && r.MessageID == topic) {
		return 0, false
	}
	return r.From.ID, false
}
