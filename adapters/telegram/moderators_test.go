package telegram

import (
	"html"
	"strings"
	"testing"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"
)

// dave administers the group, erin created it; carol is a member.
var (
	dave = fakeUser{ID: 104, Name: "Dave", Lang: "en"}
	erin = fakeUser{ID: 105, Name: "Erin", Lang: "en"}
)

// told fails unless u was told s, in private or in the group.
func (h *harness) told(u fakeUser, s string) {
	h.t.Helper()
	s = html.EscapeString(s) // messages go as HTML
	if _, ok := h.f.last(u.ID, s); ok {
		return
	}
	if _, ok := h.f.last(group, s); ok {
		return
	}
	h.t.Fatalf("%s was not told %q: private %+v", u.Name, s, h.f.botMessages(u.ID))
}

// groupTold fails unless the group was told s.
func (h *harness) groupTold(s string) {
	h.t.Helper()
	s = html.EscapeString(s)
	if _, ok := h.f.last(group, s); !ok {
		h.t.Fatalf("the group was not told %q", s)
	}
}

func memberCalls(h *harness) int { return len(h.f.callsOf("getChatMember")) }

func TestModeratorsAreTheGroupsCreatorAndAdministrators(t *testing.T) {
	h := newHarness(t)
	h.f.setStatus(group, dave.ID, "administrator")
	h.f.setStatus(group, erin.ID, "creator")
	h.openTable(group, 0)
	before := memberCalls(h)
	// A move needs no moderator: Telegram is not asked.
	h.say(carol, group, 0, "/board")
	if n := memberCalls(h); n != before {
		t.Fatalf("getChatMember asked for /board: %d calls", n-before)
	}

	// A plain member is refused, and nothing changes.
	h.say(carol, group, 0, "/kick Bob")
	h.told(carol, "moderators can take a player")
	h.say(carol, group, 0, "/quit")
	h.told(carol, "moderators can stop it")
	h.say(carol, group, 0, "/play tictactoe")
	h.told(carol, "ask a moderator of this chat")

	// The administrator, not seated, changes the settings and takes
	// bob's seat away; the creator of the group stops the game.
	h.say(dave, group, 0, "/settings turn=1h")
	h.groupTold("Dave changes the table's settings as a moderator of this chat: turn=1h")
	h.say(dave, group, 0, "/kick Bob")
	h.groupTold("Dave takes Bob's seat away as a moderator of this chat")
	h.say(erin, group, 0, "/quit")
	h.groupTold("Erin stops the game as a moderator of this chat")
	// One call per person: the answer is kept for the next commands.
	if n := memberCalls(h) - before; n != 3 {
		t.Fatalf("getChatMember called %d times for three people", n)
	}
	for _, c := range h.f.callsOf("getChatMember") {
		if c.Chat != group {
			t.Fatalf("getChatMember asked about chat %d", c.Chat)
		}
	}
}

// Where the group has no table, being a moderator changes nothing (/quit,
// /kick and /settings are refused, /play opens one whoever asks): Telegram
// is not asked. Once a table is open, it is asked for them again.
func TestModeratorNotAskedWhereNoTable(t *testing.T) {
	h := newHarness(t)
	h.f.setStatus(group, dave.ID, "administrator")
	for _, cmd := range []string{"/quit", "/kick Bob", "/settings turn=1h"} {
		h.say(dave, group, 0, cmd)
		h.told(dave, "There is no open table here")
	}
	h.say(carol, group, 0, "/play tictactoe")
	h.board(group, 0) // fails unless /play opened the table
	if n := memberCalls(h); n != 0 {
		t.Fatalf("getChatMember asked %d times in a group without a table", n)
	}
	h.say(dave, group, 0, "/play tictactoe")
	h.told(dave, "/quit to stop it") // the hint a moderator gets
	if n := memberCalls(h); n != 1 {
		t.Fatalf("getChatMember asked %d times for a /play where a table is open, want once", n)
	}
}

// A demotion counts once the kept answer is old; a failed call grants
// nothing and is not kept.
func TestModeratorAnswerKeptFiveMinutesAndFailureGrantsNothing(t *testing.T) {
	h := newHarness(t)
	h.openTable(group, 0)
	h.f.inject(fakeFail{method: "getChatMember", code: 400, desc: "Bad Request: chat not found", times: 1})
	h.f.setStatus(group, dave.ID, "administrator")
	h.say(dave, group, 0, "/settings turn=1h")
	h.told(dave, "not seated")
	h.say(dave, group, 0, "/settings turn=1h")
	h.groupTold("Dave changes the table")
	h.f.setStatus(group, dave.ID, "")
	calls := memberCalls(h)
	<-h.clock.After(moderatorTTL + time.Second)
	h.say(dave, group, 0, "/kick Bob")
	h.told(dave, "moderators can take a player")
	if memberCalls(h) != calls+1 {
		t.Fatal("an old answer was not asked again")
	}
}

// In private nobody moderates, and Telegram is never asked.
func TestModeratorNeverInPrivate(t *testing.T) {
	h := newHarness(t)
	h.f.setStatus(group, bob.ID, "administrator")
	h.openTable(group, 0)
	before := memberCalls(h)
	h.say(bob, bob.ID, 0, "/quit")
	if memberCalls(h) != before {
		t.Fatal("getChatMember asked for a private command")
	}
	h.told(bob, "votes to stop the game")
	if strings.Contains(h.board(group, 0).Text, "stops the game") {
		t.Fatal("a private /quit stopped the game")
	}
}

// /kick in reply to a player's message takes his seat, as administrators
// are used to; in reply to someone without a seat it says so.
func TestModeratorKicksInReplyToAMessage(t *testing.T) {
	h := newHarness(t)
	h.f.setStatus(group, dave.ID, "administrator")
	h.openTable(group, 0)
	carols := h.f.say(carol, group, 0, "hello", 0)
	bobs := h.f.say(bob, group, 0, "brb", 0)
	h.settle()
	h.f.say(dave, group, 0, "/kick", carols)
	h.settle()
	h.told(dave, "That person has no seat at this table")
	h.f.say(dave, group, 0, "/kick", bobs)
	h.settle()
	h.groupTold("Dave takes Bob's seat away as a moderator of this chat")
}

// In a forum topic every message replies to the topic's first message:
// that names nobody, and a text_mention names its user even after a name.
func TestKickTargetInATopicAndByTextMention(t *testing.T) {
	root := &tgbotapi.Message{MessageID: 7, From: &tgbotapi.User{ID: alice.ID}}
	if id, _ := kickTarget(&tgbotapi.Message{ReplyToMessage: root}, 7); id != 0 {
		t.Fatalf("a /kick in topic 7 named the topic's creator %d", id)
	}
	if id, _ := kickTarget(&tgbotapi.Message{ReplyToMessage: root}, 0); id != alice.ID {
		t.Fatalf("a /kick in reply named %d", id)
	}
	m := &tgbotapi.Message{Text: "/kick Bob", Entities: []tgbotapi.MessageEntity{{Type: "text_mention", Offset: 6, Length: 3, User: &tgbotapi.User{ID: bob.ID}}}}
	if id, mention := kickTarget(m, 0); id != bob.ID || !mention {
		t.Fatalf("a text_mention named %d (%v)", id, mention)
	}
}

// Only getChatMember vouches for a moderator: what a message says of its
// author (an administrator's signature, a status slipped into from, a
// post on behalf of the group by an anonymous administrator) counts for
// nothing.
func TestModeratorOnlyGetChatMemberVouches(t *testing.T) {
	h := newHarness(t)
	h.openTable(group, 0)
	msg := func(from map[string]any, extra map[string]any) {
		m := map[string]any{"message_id": 9000 + len(h.f.callsOf("getChatMember")), "from": from, "chat": h.f.chatJSON(group), "date": 1,
			"text": "/quit", "entities": []map[string]any{{"type": "bot_command", "offset": 0, "length": 5}}}
		for k, v := range extra {
			m[k] = v
		}
		h.f.push(map[string]any{"message": m})
		h.settle()
	}
	carolJSON := userJSON(carol)
	carolJSON["status"] = "creator"
	msg(carolJSON, map[string]any{"author_signature": "Admin"})
	h.told(carol, "moderators can stop it")
	// An anonymous administrator writes as GroupAnonymousBot, a bot, on
	// behalf of the group (#message, sender_chat): no person to trust.
	msg(map[string]any{"id": 1087968824, "is_bot": true, "first_name": "Group", "username": "GroupAnonymousBot"},
		map[string]any{"sender_chat": h.f.chatJSON(group)})
	if strings.Contains(h.board(group, 0).Text, "stops the game") {
		t.Fatal("a message's own claims stopped the game")
	}
	if _, ok := h.f.last(group, "stops the game"); ok {
		t.Fatal("a message's own claims stopped the game")
	}
}

// /kick @username finds the player by the username Telegram showed with
// his messages: a seat knows his name, not his username.
func TestModeratorKicksByUsername(t *testing.T) {
	h := newHarness(t)
	h.f.setStatus(group, dave.ID, "administrator")
	h.openTable(group, 0)
	bobby := bob
	bobby.Handle = "Bobby_42"
	h.say(bobby, group, 0, "hello")
	h.say(dave, group, 0, "/kick @carol_x")
	h.told(dave, "Nobody seated at this table is called @carol_x")
	h.say(dave, group, 0, "/kick @bobby_42")
	h.groupTold("Dave takes Bob's seat away as a moderator of this chat")
}
