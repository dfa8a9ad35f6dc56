package telegram

import (
	"context"
	"strconv"
	"strings"
	"testing"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"
)

// With a web table, each player's hand carries a web_app button opening
// it with his own link, and the group's board the registered Mini App's
// t.me link: buttons on the messages they already get, none more.
func TestWebTableButtonsRideTheHandAndTheBoard(t *testing.T) {
	count := func(h *harness) (hands, groupMsgs, sends int) {
		h.openTable(group, 0)
		h.settle()
		return len(h.f.botMessages(alice.ID)) + len(h.f.botMessages(bob.ID)), len(h.f.botMessages(group)),
			len(h.f.callsOf("sendMessage")) + len(h.f.callsOf("sendPhoto"))
	}
	plain := newHarness(t)
	hands0, group0, sends0 := count(plain)

	h := newHarness(t, func(o *Options) {
		o.WebApp = func(user string, table uint64) string {
			return "https://tablee.example/app?link=" + user + "." + strconv.FormatUint(table, 10)
		}
		o.StartApp = func(table uint64) string {
			return "https://t.me/TableeBot/table?startapp=" + strconv.FormatUint(table, 36)
		}
	})
	hands, groupMsgs, sends := count(h)
	if hands != hands0 || groupMsgs != group0 || sends != sends0 {
		t.Fatalf("with the web table: %d hands, %d group messages, %d sends; without: %d, %d, %d",
			hands, groupMsgs, sends, hands0, group0, sends0)
	}
	for _, u := range []fakeUser{alice, bob} {
		hand, ok := h.f.last(u.ID, "(table #")
		if !ok {
			t.Fatalf("no hand for %s: %+v", u.Name, h.f.botMessages(u.ID))
		}
		want := "https://tablee.example/app?link=telegram:" + strconv.FormatInt(u.ID, 10) + "."
		if len(hand.WebApps) != 1 || !strings.HasPrefix(hand.WebApps[0], want) {
			t.Fatalf("%s's hand opens %q, want %s…", u.Name, hand.WebApps, want)
		}
	}
	board := h.board(group, 0)
	var link string
	for _, row := range board.Markup.InlineKeyboard {
		for _, b := range row {
			if b.URL != nil && strings.Contains(*b.URL, "startapp=") {
				link = *b.URL
			}
		}
	}
	if !strings.HasPrefix(link, "https://t.me/TableeBot/table?startapp=") || len(board.WebApps) != 0 {
		t.Fatalf("the board's buttons: link %q, web_app %q", link, board.WebApps)
	}
}

// The fake Bot API refuses what Telegram documents it refuses: a web_app
// button outside a private chat, or one not https.
func TestFakeRefusesWebAppButtonsOutsidePrivateChats(t *testing.T) {
	h := newHarness(t)
	mk := func(u string) string {
		u = webAppPrefix + u
		return markupJSON(&tgbotapi.InlineKeyboardMarkup{InlineKeyboard: [][]tgbotapi.InlineKeyboardButton{{{Text: "Play", URL: &u}}}})
	}
	for _, c := range []struct {
		chat int64
		url  string
		want string
	}{
		{group, "https://tablee.example/app", "BUTTON_TYPE_INVALID"},
		{alice.ID, "http://tablee.example/app", "BUTTON_URL_INVALID"},
		{alice.ID, "https://tablee.example/app", ""},
	} {
		p := tgbotapi.Params{"chat_id": strconv.FormatInt(c.chat, 10), "text": "x", "reply_markup": mk(c.url)}
		_, err := h.a.request(context.Background(), c.chat, 0, "sendMessage", p)
		if (c.want == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), c.want)) {
			t.Errorf("chat %d, %s: %v", c.chat, c.url, err)
		}
	}
}

// Where no Mini App is registered, the group's board carries a url button
// to the table's read-only page, for the group's spectators: on the board
// it already sends, no message more; where one is, the Mini App's t.me
// link alone.
func TestWatchLinkRidesTheBoardWithoutAMiniApp(t *testing.T) {
	watch := func(table uint64) string { return "https://tablee.example/t/watch" + strconv.FormatUint(table, 10) }
	count := func(h *harness) (groupMsgs, sends int) {
		h.openTable(group, 0)
		h.settle()
		return len(h.f.botMessages(group)), len(h.f.callsOf("sendMessage")) + len(h.f.callsOf("sendPhoto"))
	}
	links := func(h *harness) []string {
		var out []string
		for _, row := range h.board(group, 0).Markup.InlineKeyboard {
			for _, b := range row {
				if b.URL != nil && strings.HasPrefix(*b.URL, "https://") {
					out = append(out, *b.URL)
				}
			}
		}
		return out
	}
	group0, sends0 := count(newHarness(t))
	h := newHarness(t, func(o *Options) { o.WatchLink = watch })
	if groupMsgs, sends := count(h); groupMsgs != group0 || sends != sends0 {
		t.Fatalf("with the spectators' link: %d group messages, %d sends; without: %d, %d", groupMsgs, sends, group0, sends0)
	}
	if got := links(h); len(got) != 1 || !strings.HasPrefix(got[0], "https://tablee.example/t/watch") || len(h.board(group, 0).WebApps) != 0 {
		t.Fatalf("the board's links: %q", got)
	}
	for _, u := range []fakeUser{alice, bob} {
		if hand, ok := h.f.last(u.ID, "(table #"); !ok || len(hand.WebApps) != 0 {
			t.Fatalf("%s's hand: %+v", u.Name, hand)
		}
	}
	both := newHarness(t, func(o *Options) {
		o.WatchLink = watch
		o.StartApp = func(table uint64) string {
			return "https://t.me/TableeBot/table?startapp=" + strconv.FormatUint(table, 36)
		}
	})
	count(both)
	if got := links(both); len(got) != 1 || !strings.Contains(got[0], "startapp=") {
		t.Fatalf("with a Mini App, the board's links: %q", got)
	}
}
