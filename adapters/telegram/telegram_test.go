package telegram

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/tablee/tablee/bot"
	"github.com/tablee/tablee/internal/ratewindow"
	"github.com/tablee/tablee/internal/redact/redacttest"
)

// openTable: alice opens a tic-tac-toe table in the group (or a topic),
// bob joins by the board's deep link, alice starts with the board's button.
// setup are commands alice sends before (options of /play come first:
// "pictures").
func (h *harness) openTable(chat int64, topic int, setup ...string) {
	h.t.Helper()
	play := "/play@TableeBot tictactoe"
	if len(setup) > 0 && !strings.HasPrefix(setup[0], "/") {
		play += " " + setup[0]
		setup = setup[1:]
	}
	h.say(alice, chat, topic, play)
	for _, c := range setup {
		h.say(alice, chat, topic, c)
	}
	board := h.board(chat, topic)
	h.joinLink(bob, board)
	if _, ok := h.f.last(bob.ID, "You are seated at the Tic-tac-toe table"); !ok {
		h.t.Fatalf("bob was not seated in private: %+v", h.f.botMessages(bob.ID))
	}
	board = h.board(chat, topic)
	if !strings.Contains(board.Text, "Bob") {
		h.t.Fatalf("the board does not show bob: %s", board.Text)
	}
	start, ok := button(board, "s")
	if !ok {
		h.t.Fatalf("no start button: %+v", board.Markup)
	}
	h.press(alice, board, *start.CallbackData)
}

// hand is the last private message to u with move buttons.
func (h *harness) hand(u fakeUser) (fakeMsg, bool) {
	ms := h.f.botMessages(u.ID)
	for i := len(ms) - 1; i >= 0; i-- {
		if _, ok := button(ms[i], "m"); ok {
			return ms[i], true
		}
	}
	return fakeMsg{}, false
}

// playTurn presses the first move button of whoever must play.
func (h *harness) playTurn(chat int64, topic int) bool {
	h.t.Helper()
	key := chatKey(chat, topic)
	before := h.core.Counter(key)
	for _, u := range []fakeUser{alice, bob} {
		m, ok := h.hand(u)
		if !ok {
			continue
		}
		b, _ := button(m, "m")
		if !strings.HasPrefix(*b.CallbackData, "m") {
			continue
		}
		h.press(u, m, *b.CallbackData)
		if h.core.Counter(key) > before {
			return true
		}
	}
	return false
}

// noPrivateInGroup checks that nothing sent to a private chat as a hand
// appears in the group, and no hand title ever reached a group.
func noPrivateInGroup(t *testing.T, f *fakeAPI, groupChat int64, users ...fakeUser) {
	t.Helper()
	for _, m := range f.botMessages(groupChat) {
		if strings.Contains(m.Text, "your hand") || strings.Contains(m.Text, "You play") {
			t.Fatalf("a private view reached the group: %s", m.Text)
		}
	}
	for _, u := range users {
		for _, pm := range f.botMessages(u.ID) {
			if !strings.Contains(pm.Text, "your hand") {
				continue
			}
			pre := between(pm.Text, "<pre>", "</pre>")
			if pre == "" {
				continue
			}
			for _, m := range f.botMessages(groupChat) {
				if strings.Contains(m.Text, pre) {
					t.Fatalf("the hand %q of %s reached the group: %s", pre, u.Name, m.Text)
				}
			}
		}
	}
	for _, c := range f.allCalls() {
		for _, k := range []string{"text", "caption", "media"} {
			if c.Chat < 0 && (strings.Contains(c.Params[k], "your hand") || strings.Contains(c.Params[k], "You play")) {
				t.Fatalf("a private view was sent to group %d: %s", c.Chat, c.Params[k])
			}
		}
	}
}

func between(s, a, b string) string {
	_, rest, ok := strings.Cut(s, a)
	if !ok {
		return ""
	}
	in, _, _ := strings.Cut(rest, b)
	return in
}

func TestWholeGameInAGroup(t *testing.T) {
	h := newHarness(t)
	// The command menus were registered in both languages.
	var fr, en []tgbotapi.BotCommand
	for i := 0; i < 2000 && (len(fr) == 0 || len(en) == 0); i++ {
		time.Sleep(time.Millisecond)
		h.f.mu.Lock()
		fr, en = h.f.commands["fr"], h.f.commands[""]
		h.f.mu.Unlock()
	}
	if len(fr) == 0 || len(en) == 0 || fr[0].Command != "jouer" || en[0].Command != "play" {
		t.Fatalf("command menus: fr %+v, default %+v", fr, en)
	}
	h.openTable(group, 0)
	if _, ok := h.f.last(group, "the game begins"); !ok {
		t.Fatal("no start announcement in the group")
	}
	if _, ok := h.f.last(alice.ID, "Your table is open"); !ok {
		t.Fatal("the creator was not greeted in private")
	}
	board := h.board(group, 0)
	if !strings.Contains(board.Text, `<a href="tg://user?id=101">Alice</a>`) {
		t.Fatalf("the board does not mention alice: %s", board.Text)
	}
	if _, ok := button(board, "h"); !ok {
		t.Fatalf("no hand button on the board: %+v", board.Markup)
	}
	boardID := board.ID
	for i := 0; i < 9 && h.playTurn(group, 0); i++ {
	}
	board = h.board(group, 0)
	if !strings.Contains(board.Text, "wins") && !strings.Contains(board.Text, "Draw") {
		t.Fatalf("the game did not end: %s", board.Text)
	}
	if board.ID != boardID || board.Edits < 3 {
		t.Fatalf("the board was not edited in place: id %d (was %d), %d edits", board.ID, boardID, board.Edits)
	}
	noPrivateInGroup(t, h.f, group, alice, bob)
}

func TestHandButtonAndHTMLEscaping(t *testing.T) {
	h := newHarness(t)
	evil := fakeUser{ID: 104, Name: "<b>Eve & co</b>", Lang: "en"}
	h.say(evil, group, 0, "/play tictactoe")
	board := h.board(group, 0)
	if !strings.Contains(board.Text, "&lt;b&gt;Eve &amp; co&lt;/b&gt;") {
		t.Fatalf("name not escaped: %s", board.Text)
	}
	h.say(evil, group, 0, "/quit")
	h.openTable(group, 0)
	board = h.board(group, 0)
	hb, _ := button(board, "h")
	n := len(h.f.botMessages(bob.ID))
	h.press(bob, board, *hb.CallbackData)
	ms := h.f.botMessages(bob.ID)
	if len(ms) != n+1 || !strings.Contains(ms[len(ms)-1].Text, "your hand") {
		t.Fatalf("the hand button did not send the hand in private: %+v", ms)
	}
	if a := h.f.lastAnswer(); a.Alert || a.Text != "Sent in private." {
		t.Fatalf("answer to the hand button: %+v", a)
	}
	// /hand typed in the group: the hand goes to the private chat only.
	h.say(bob, group, 0, "/hand")
	noPrivateInGroup(t, h.f, group, alice, bob)
}

func TestRestartMidGame(t *testing.T) {
	h := newHarness(t)
	h.openTable(group, 0)
	h.playTurn(group, 0)
	boardID := h.board(group, 0).ID
	m, ok := h.hand(bob)
	if !ok {
		t.Fatal("bob has no hand")
	}
	before := h.core.Counter(chatKey(group, 0))
	h.restart()
	b, _ := button(m, "m")
	h.press(bob, m, *b.CallbackData) // a button sent before the restart
	if got := h.core.Counter(chatKey(group, 0)); got != before+1 {
		t.Fatalf("the old button did not play: counter %d, want %d; answer %+v", got, before+1, h.f.lastAnswer())
	}
	if id := h.board(group, 0).ID; id != boardID {
		t.Fatalf("the board was posted again (%d, was %d) instead of edited: its id was not kept", id, boardID)
	}
	for i := 0; i < 9 && h.playTurn(group, 0); i++ {
	}
	// (The core leaves the winner line out of a board drawn after a
	// restart; the engine's own result line is there.)
	if b := h.board(group, 0); !strings.Contains(b.Text, "wins") && !strings.Contains(b.Text, "Draw") {
		dump(t, h.f, group)
		t.Fatalf("the game did not end after the restart: %s", b.Text)
	}
}

func TestBadPresses(t *testing.T) {
	h := newHarness(t)
	h.openTable(group, 0)
	key := chatKey(group, 0)
	m, _ := h.hand(alice)
	b, _ := button(m, "m")
	data := *b.CallbackData
	edits := h.board(group, 0).Edits

	// Bob presses alice's button (a forwarded message, a modified client).
	h.press(bob, fakeMsg{ID: 1, Chat: bob.ID}, data)
	if a := h.f.lastAnswer(); !a.Alert || !strings.Contains(a.Text, "not your turn") && !strings.Contains(a.Text, "not for you") {
		t.Fatalf("wrong-user press: %+v", a)
	}
	// A forged payload.
	h.press(alice, m, "mzz.0.5")
	if a := h.f.lastAnswer(); !a.Alert {
		t.Fatalf("forged press not refused: %+v", a)
	}
	h.press(alice, m, "x"+strings.Repeat("9", 40))
	if a := h.f.lastAnswer(); !a.Alert || !strings.Contains(a.Text, "not valid") {
		t.Fatalf("garbage press: %+v", a)
	}
	if h.core.Counter(key) != 0 || h.board(group, 0).Edits != edits {
		t.Fatal("a bad press changed the game")
	}
	// The right press, then the same button again: stale.
	h.press(alice, m, data)
	if h.core.Counter(key) != 1 {
		t.Fatalf("the right press did not play: %+v", h.f.lastAnswer())
	}
	h.press(alice, m, data)
	if a := h.f.lastAnswer(); !a.Alert || !strings.Contains(a.Text, "expired") {
		t.Fatalf("stale press: %+v", a)
	}
	if h.core.Counter(key) != 1 {
		t.Fatal("a stale press changed the game")
	}
}

func TestPlayerWhoNeverOpenedThePrivateChat(t *testing.T) {
	h := newHarness(t)
	h.f.block(bob.ID)
	h.say(alice, group, 0, "/play tictactoe")
	h.say(bob, group, 0, "/join")
	if _, ok := h.f.last(group, "Bob, I cannot write to you in private"); !ok {
		t.Fatalf("bob was not warned in the group: %+v", h.f.botMessages(group))
	}
	board := h.board(group, 0)
	start, _ := button(board, "s")
	h.press(alice, board, *start.CallbackData)
	if a := h.f.lastAnswer(); !a.Alert || !strings.Contains(a.Text, "Cannot start") {
		t.Fatalf("start not refused: %+v", a)
	}
	if h.core.Counter(chatKey(group, 0)) != 0 {
		t.Fatal("started anyway")
	}
	// Bob follows the Join link: the private chat opens, he is told so.
	h.joinLink(bob, board)
	if _, ok := h.f.last(bob.ID, "I can write to you here now"); !ok {
		t.Fatalf("bob was not told: %+v", h.f.botMessages(bob.ID))
	}
	h.press(alice, board, *start.CallbackData)
	if _, ok := h.f.last(group, "the game begins"); !ok {
		t.Fatalf("the game did not start: %+v", h.f.lastAnswer())
	}
	if _, ok := h.f.last(bob.ID, "your hand"); !ok {
		t.Fatal("bob got no hand")
	}
	noPrivateInGroup(t, h.f, group, alice, bob)
}

func TestCreatorWhoNeverOpenedThePrivateChat(t *testing.T) {
	h := newHarness(t)
	h.f.block(carol.ID)
	h.say(carol, group, 0, "/play tictactoe")
	if _, ok := h.f.last(group, "Carol, I cannot write to you in private yet"); !ok {
		t.Fatalf("carol was not warned: %+v", h.f.botMessages(group))
	}
	h.joinLink(bob, h.board(group, 0))
	h.say(carol, group, 0, "/start")
	if h.core.Counter(chatKey(group, 0)) != 0 {
		t.Fatal("started without carol's private chat")
	}
	if m, ok := h.f.last(group, "Cannot start"); !ok || m.ReplyTo == 0 {
		t.Fatalf("carol's refusal was not replied in the group: %+v", h.f.botMessages(group))
	}
	h.say(carol, carol.ID, 0, "/start")
	h.say(carol, group, 0, "/start")
	if _, ok := h.f.last(carol.ID, "your hand"); !ok {
		t.Fatalf("carol got no hand after opening the private chat: %+v", h.f.botMessages(group))
	}
}

func TestForumTopicsAreTables(t *testing.T) {
	h := newHarness(t)
	const forum int64 = -1002
	h.openTable(forum, 5)
	h.say(carol, forum, 7, "/play tictactoe")
	b5, b7 := h.board(forum, 5), h.board(forum, 7)
	if b5.ID == b7.ID || b5.Thread != 5 || b7.Thread != 7 {
		t.Fatalf("boards: %+v / %+v", b5, b7)
	}
	if between(b5.Text, "table #", "<") == between(b7.Text, "table #", "<") {
		t.Fatalf("one table for two topics: %s / %s", b5.Text, b7.Text)
	}
	h.playTurn(forum, 5)
	if h.core.Counter(chatKey(forum, 5)) != 1 || h.core.Counter(chatKey(forum, 7)) != 0 {
		t.Fatal("the move went to the wrong topic")
	}
	for _, m := range h.f.botMessages(forum) {
		if m.Thread != 5 && m.Thread != 7 {
			t.Fatalf("a message outside the topics: %+v", m)
		}
	}
	for _, c := range h.f.callsOf("sendMessage") {
		if c.Chat == forum && c.Params["message_thread_id"] == "" {
			t.Fatalf("sent without message_thread_id: %+v", c.Params)
		}
	}
}

// A button that asks for a free text forces a reply in the private chat,
// and the reply reaches the core with the button's payload: a word (kind
// a, as Crack Word's example word) or several (kind w, the rest of a move,
// as La Coquillaude's "Propose a word"). Tic-tac-toe refuses "5 maison"
// and "5 H11 right famous" for their cell: the core took the whole text.
func TestAskButtonForcesAReply(t *testing.T) {
	for _, tc := range []struct{ kind, question, reply, says string }{
		{"a", "An example word?", "maison", "single word"},
		{"w", "Your word, its cell and direction", "H11 right famous", "whole answer"},
	} {
		h := newHarness(t)
		h.openTable(group, 0)
		m, _ := h.hand(alice)
		b, _ := button(m, "m")
		ask := tc.kind + strings.TrimPrefix(*b.CallbackData, "m")
		if err := h.a.Deliver(context.Background(), bot.Out{Dest: bot.ToUser, User: userKey(alice.ID), Text: "Choose",
			Buttons: [][]bot.Button{{{Label: "Row 1", Data: ask, Ask: tc.question}}}}); err != nil {
			t.Fatal(err)
		}
		am, _ := h.f.last(alice.ID, "Choose")
		h.press(alice, am, ask)
		prompt, ok := h.f.last(alice.ID, tc.question)
		if !ok || !prompt.ForceReply || !strings.Contains(prompt.Text, tc.says) {
			t.Fatalf("%s: no forced-reply prompt that asks for a %s: %+v", tc.kind, tc.says, h.f.botMessages(alice.ID))
		}
		h.f.say(alice, alice.ID, 0, tc.reply, prompt.ID)
		h.settle()
		last := h.f.botMessages(alice.ID)
		if txt := last[len(last)-1].Text; !strings.Contains(txt, "Invalid cell") {
			t.Fatalf("%s: the text did not reach the core with the payload: %s", tc.kind, txt)
		}
	}
}

func TestFloodControl(t *testing.T) {
	h := newHarness(t)
	h.settle()
	lim := h.a.limits
	// Telegram asks to wait once, then fails twice with 502.
	h.f.inject(fakeFail{method: "sendMessage", chat: group, code: 429, retryAfter: 7, times: 1})
	h.f.inject(fakeFail{method: "sendMessage", chat: -1003, code: 502, times: 2})
	ctx := context.Background()
	start := time.Now()
	const n = 60
	for i := 0; i < n; i++ {
		for _, c := range []int64{group, -1003} {
			if err := h.a.Deliver(ctx, bot.Out{Dest: bot.ToChat, Chat: chatKey(c, 0), Text: "event " + strconv.Itoa(i)}); err != nil {
				t.Fatal(err)
			}
		}
		// Ten updates of one board, sent faster than they can go out.
		if err := h.a.Deliver(ctx, bot.Out{Dest: bot.ToChat, Chat: chatKey(-1004, 0), Table: 77, Board: true, Title: "board", Text: "v" + strconv.Itoa(i)}); err != nil {
			t.Fatal(err)
		}
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Fatalf("Deliver blocked the core for %v", d)
	}
	// A burst of private messages from many goroutines.
	errs := make(chan error, 40)
	for u := 0; u < 40; u++ {
		go func() {
			errs <- h.a.Deliver(ctx, bot.Out{Dest: bot.ToUser, User: userKey(int64(500 + u)), Text: "nudge"})
		}()
	}
	for u := 0; u < 40; u++ {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	h.settle()
	for _, c := range []int64{group, -1003} {
		ms := h.f.botMessages(c)
		if len(ms) != n {
			t.Fatalf("chat %d got %d messages, want %d", c, len(ms), n)
		}
		for i, m := range ms {
			if m.Text != "event "+strconv.Itoa(i) {
				t.Fatalf("chat %d: message %d is %q: out of order", c, i, m.Text)
			}
		}
	}
	boards := h.f.botMessages(-1004)
	if len(boards) != 1 || !strings.Contains(boards[0].Text, "v"+strconv.Itoa(n-1)) {
		t.Fatalf("board: %+v", boards)
	}
	if sends := 1 + boards[0].Edits; sends >= n {
		t.Fatalf("board edits were not merged: %d requests for %d updates", sends, n)
	}
	// Rates, in the adapter's clock.
	calls := h.f.allCalls()
	perChat := map[int64][]time.Time{}
	var all []time.Time
	var after429 time.Time
	for _, c := range calls {
		switch c.Method {
		case "sendMessage", "editMessageText", "deleteMessage":
		default:
			continue
		}
		all = append(all, c.At)
		perChat[c.Chat] = append(perChat[c.Chat], c.At)
	}
	for chat, ts := range perChat {
		if chat < 0 {
			maxIn(t, "group "+strconv.FormatInt(chat, 10), ts, lim.Group, lim.GroupPer)
		}
	}
	maxIn(t, "all chats", all, lim.Global, lim.GlobalPer)
	gt := perChat[group]
	after429 = gt[1]
	if gap := after429.Sub(gt[0]); gap < 7*time.Second {
		t.Fatalf("retry_after not obeyed: next try %v after the 429", gap)
	}
}

// maxIn fails when more than n times fall in any window of length per.
func maxIn(t *testing.T, what string, ts []time.Time, n int, per time.Duration) {
	t.Helper()
	for i := range ts {
		j := i + n
		if j < len(ts) && ts[j].Sub(ts[i]) < per {
			t.Fatalf("%s: %d requests within %v (from %v to %v)", what, n+1, per, ts[i], ts[j])
		}
	}
}

func TestWebhookChecksTheSecretToken(t *testing.T) {
	h := newHarness(t, func(o *Options) {
		o.Mode = "webhook"
		o.Webhook = Webhook{Listen: "127.0.0.1:0", Path: "/tg", URL: "https://example.org/tg", SecretToken: "s3cret-Token"}
	})
	addr := webhookAddr(t, h.a)
	// setWebhook follows the listener (and the menus go alongside).
	var wh map[string]string
	for i := 0; i < 1000 && wh["url"] == ""; i++ {
		h.f.mu.Lock()
		wh = h.f.webhook
		h.f.mu.Unlock()
		time.Sleep(time.Millisecond)
	}
	if wh["url"] != "https://example.org/tg" || wh["secret_token"] != "s3cret-Token" {
		t.Fatalf("setWebhook: %+v", wh)
	}
	body := `{"update_id":1,"message":{"message_id":1,"from":{"id":101,"first_name":"Alice","language_code":"en"},"chat":{"id":-1001,"type":"supergroup"},"date":1,"text":"/play tictactoe"}}`
	post := func(secret string) int {
		req, _ := http.NewRequest(http.MethodPost, "http://"+addr+"/tg", bytes.NewBufferString(body))
		if secret != "" {
			req.Header.Set("X-Telegram-Bot-Api-Secret-Token", secret)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	for _, bad := range []string{"", "wrong", "s3cret-Token2"} {
		if code := post(bad); code != http.StatusUnauthorized {
			t.Fatalf("secret %q: status %d", bad, code)
		}
	}
	h.settle()
	if len(h.f.botMessages(group)) != 0 {
		t.Fatal("a refused request was handled")
	}
	if code := post("s3cret-Token"); code != http.StatusOK {
		t.Fatalf("right secret: status %d", code)
	}
	h.settle()
	h.board(group, 0)
}

func TestBoardRepostedWhenScrolledAway(t *testing.T) {
	h := newHarness(t)
	h.openTable(group, 0)
	first := h.board(group, 0).ID
	for i := 0; i < h.a.opts.Boards.AfterMessages; i++ {
		h.say(carol, group, 0, "chatting "+strconv.Itoa(i))
	}
	h.playTurn(group, 0)
	b := h.board(group, 0)
	if b.ID == first {
		t.Fatal("the board was not posted again after scrolling away")
	}
	for _, m := range h.f.messages(group) {
		if m.ID == first {
			t.Fatal("the old board was not deleted")
		}
	}
	// /board posts it again at once.
	h.say(alice, group, 0, "/board")
	if h.board(group, 0).ID == b.ID {
		t.Fatal("/board did not post the board again")
	}
}

func TestGroupMigratedToSupergroup(t *testing.T) {
	h := newHarness(t)
	const old, nw int64 = -55, -1005
	h.f.chatType[old] = "group"
	h.openTable(old, 0)
	h.f.mu.Lock()
	h.f.migrateTo[old] = nw
	h.f.mu.Unlock()
	h.playTurn(old, 0) // the board's edit fails: migrated
	if _, ok := h.f.last(nw, "became a supergroup"); !ok {
		t.Fatalf("players were not told: %+v", h.f.botMessages(nw))
	}
	if len(h.f.botMessages(nw)) < 2 {
		t.Fatal("the board did not move to the supergroup")
	}
	// Commands from the supergroup reach the table; after a restart too,
	// when the table is loaded again from the store.
	h.restart()
	before := h.board(nw, 0)
	h.say(bob, nw, 0, "/board")
	if b := h.board(nw, 0); b.ID == before.ID {
		t.Fatalf("/board in the supergroup after a restart did not reach the table: %+v", h.f.botMessages(nw))
	}
	if _, ok := h.f.last(nw, "no open table"); ok {
		t.Fatal("the supergroup was told it has no table")
	}
}

func dump(t *testing.T, f *fakeAPI, chat int64) {
	for _, m := range f.messages(chat) {
		t.Logf("#%d from %d edits %d thread %d: %q", m.ID, m.From, m.Edits, m.Thread, m.Text)
	}
}

// Against a Bot API server that answers getUpdates at once whatever the
// timeout, an idle bot asks about once a second, not a thousand times.
func TestIdlePollingRate(t *testing.T) {
	t.Parallel()
	h := newHarness(t, func(o *Options) { o.Clock = ratewindow.System{} })
	polls := func() int { h.f.mu.Lock(); defer h.f.mu.Unlock(); return h.f.polls }
	h.f.mu.Lock()
	h.f.immediate = true
	h.f.mu.Unlock()
	before := polls()
	time.Sleep(2500 * time.Millisecond) // idle: the rate is what is measured
	n := polls() - before
	if n > 4 || n < 1 {
		t.Errorf("%d getUpdates in 2.5 s idle, want about one a second", n)
	}
}

// Commands are answered from the start, while setMyCommands fails and is
// retried alongside; the failure is logged with its method, its HTTP
// status and what the server said, never the token.
func TestStartWhileSetMyCommandsFails(t *testing.T) {
	t.Parallel()
	var logged redacttest.Buffer
	h := newHarness(t, func(o *Options) {
		o.Clock = ratewindow.System{}
		o.Logger = slog.New(slog.NewTextHandler(&logged, nil))
	})
	h.close()
	h.f.mu.Lock()
	h.f.fails = append(h.f.fails, &fakeFail{method: "setMyCommands", code: 502, html: true, times: 1000})
	h.f.mu.Unlock()
	h.open()
	start := time.Now()
	h.f.say(alice, alice.ID, 0, "/help", 0)
	for {
		if _, ok := h.f.last(alice.ID, "/play"); ok {
			break
		}
		if time.Since(start) > 2*time.Second {
			// The menus' retries (1 s, 2 s, 4 s… for each of three
			// languages) used to come first: about 21 s.
			t.Fatal("/help not answered within 2 s while setMyCommands fails")
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Logf("/help answered %v after the start", time.Since(start).Round(time.Millisecond))
	want := "telegram: setMyCommands: 502 HTTP 502 Bad Gateway: <html><body><h1>502 Bad Gateway</h1></body></html>"
	for !strings.Contains(logged.String(), want) && time.Since(start) < 10*time.Second {
		time.Sleep(10 * time.Millisecond)
	}
	out := logged.String()
	if !strings.Contains(out, want) {
		t.Errorf("the failure does not say its method, status and answer:\n%s", out)
	}
	if strings.Contains(out, fakeToken) {
		t.Errorf("the token was logged:\n%s", out)
	}
}

// A word button that would be refused (forged, stale, another's turn) is
// refused when pressed, before any prompt; its data is never shown.
func TestStaleAndForgedWordButtons(t *testing.T) {
	h := newHarness(t)
	live := h.wordButton()
	counter := strings.Split(live, ".")[1]
	stale := strings.Replace(live, "."+counter+".", ".9"+counter+".", 1)
	for name, c := range map[string]struct {
		u    fakeUser
		data string
	}{
		"forged":       {alice, "a999.0.Q droite 1"},
		"stale":        {alice, stale},
		"not his turn": {bob, live},
	} {
		am := h.offer(c.u, "Choose "+name, c.data)
		before := len(h.f.botMessages(c.u.ID))
		h.press(c.u, am, c.data)
		for _, msg := range h.f.botMessages(c.u.ID)[before:] {
			t.Errorf("%s: a message after the refused press: %+v", name, msg)
		}
		h.f.mu.Lock()
		answered := h.f.answers[len(h.f.answers)-1]
		h.f.mu.Unlock()
		if answered.Text == "" || strings.Contains(answered.Text, c.data) {
			t.Errorf("%s: the press was answered %q", name, answered.Text)
		}
	}
	for _, c := range h.f.calls {
		for _, v := range c.Params {
			if strings.Contains(v, "a999.0.Q") && c.Method != "sendMessage" {
				t.Errorf("the button's data was shown: %s %v", c.Method, c.Params)
			}
		}
	}
}

// In a group, a command the bot does not know and that does not name it
// is another bot's: no answer, in the group or in private. Named with the
// bot's @username, it is refused as usual; a known one is answered.
func TestUnknownCommandsInAGroup(t *testing.T) {
	h := newHarness(t)
	h.settle()
	count := func() int { return len(h.f.botMessages(group)) + len(h.f.botMessages(alice.ID)) }
	before := count()
	h.say(alice, group, 0, "/rank")
	h.say(alice, group, 0, "/rank@OtherBot")
	if n := count() - before; n != 0 {
		t.Errorf("%d answers to commands meant for another bot: %+v", n, h.f.botMessages(alice.ID))
	}
	h.say(alice, group, 0, "/rank@"+h.a.Username())
	if count() == before {
		t.Error("a command naming the bot got no answer")
	}
	before = count()
	h.say(alice, group, 0, "/jeux")
	if count() == before {
		t.Error("/jeux (a known command, in French) got no answer")
	}
}

// A restart between a word prompt and its answer loses nothing: the prompt
// carries the button's data, which the reply brings back.
func TestForcedReplyAcrossARestart(t *testing.T) {
	h := newHarness(t)
	ask := h.wordButton()
	am := h.offer(alice, "Choose", ask)
	h.press(alice, am, ask)
	prompt, ok := h.f.last(alice.ID, "An example word?")
	if !ok || !prompt.ForceReply {
		t.Fatalf("no prompt: %+v", h.f.botMessages(alice.ID))
	}
	if strings.Contains(prompt.Text, ask) && !strings.Contains(prompt.Text, "href=") {
		t.Fatalf("the button's data is shown in the prompt: %q", prompt.Text)
	}
	h.restart()
	h.f.say(alice, alice.ID, 0, "maison", prompt.ID)
	h.settle()
	last := h.f.botMessages(alice.ID)
	if txt := last[len(last)-1].Text; !strings.Contains(txt, "Invalid cell") {
		t.Fatalf("the word after a restart did not reach the core with its button: %s", txt)
	}
	// A reply to any other message of the bot is not a word.
	h.f.say(alice, alice.ID, 0, "maison", am.ID)
	h.settle()
	if after := h.f.botMessages(alice.ID); len(after) != len(last) {
		t.Errorf("a reply to a message that asked nothing was answered: %+v", after[len(last):])
	}
}

// wordButton opens a tic-tac-toe table in the group and makes, from a move
// button of alice's hand, the data of a button that asks for a word.
func (h *harness) wordButton() string {
	h.t.Helper()
	h.openTable(group, 0)
	m, _ := h.hand(alice)
	b, _ := button(m, "m")
	return "a" + strings.TrimPrefix(*b.CallbackData, "m")
}

// offer sends a user in private a message with one button that asks "An
// example word?", and returns it.
func (h *harness) offer(u fakeUser, text, data string) fakeMsg {
	h.t.Helper()
	if err := h.a.Deliver(context.Background(), bot.Out{Dest: bot.ToUser, User: userKey(u.ID), Text: text,
		Buttons: [][]bot.Button{{{Label: "Row 1", Data: data, Ask: "An example word?"}}}}); err != nil {
		h.t.Fatal(err)
	}
	m, _ := h.f.last(u.ID, text)
	return m
}

// A user who blocked the bot (403 "bot was blocked by the user") is, like
// one who never opened the private chat, unreachable: bot.ErrNoPrivate.
func TestBlockedByTheUser(t *testing.T) {
	h := newHarness(t)
	h.settle()
	h.f.stop(alice.ID)
	err := h.a.Deliver(context.Background(), bot.Out{Dest: bot.ToUser, User: userKey(alice.ID), Text: "hello"})
	if !errors.Is(err, bot.ErrNoPrivate) {
		t.Fatalf("Deliver to a user who blocked the bot: %v", err)
	}
}

// An update Telegram posts again (its answer was lost), or that a load
// balancer hands to two processes, is played once: the update_id is
// remembered in the store the processes share (Options.Seen). The webhook
// answers once the update was played. Two adapters on one core and one
// store stand for two processes here.
func TestWebhookUpdatePlayedOnce(t *testing.T) {
	hook := func(o *Options) {
		o.Mode = "webhook"
		o.Webhook = Webhook{Listen: "127.0.0.1:0", Path: "/tg", SecretToken: "s3cret-Token"}
	}
	h := newHarness(t, hook)
	second := h.opts
	hook(&second)
	second.Core, second.Seen = h.core, h.core.Seen()
	b, err := New(second)
	if err != nil {
		t.Fatal(err)
	}
	h.others = append(h.others, b)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- b.Run(ctx) }()
	defer func() { cancel(); <-done }()
	addrs := []string{webhookAddr(t, h.a), webhookAddr(t, b)}
	post := func(addr, body string) int {
		req, _ := http.NewRequest(http.MethodPost, "http://"+addr+"/tg", bytes.NewBufferString(body))
		req.Header.Set("X-Telegram-Bot-Api-Secret-Token", "s3cret-Token")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Error(err)
			return 0
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	update := func(id int, from fakeUser, text string) string {
		return fmt.Sprintf(`{"update_id":%d,"message":{"message_id":%d,"from":{"id":%d,"first_name":%q,"language_code":"en"},"chat":{"id":%d,"type":"supergroup"},"date":1,"text":%q}}`,
			id, id, from.ID, from.Name, group, text)
	}
	if code := post(addrs[0], update(1, alice, "/play tictactoe")); code != http.StatusOK {
		t.Fatalf("status %d", code)
	}
	// Answered after it was played: the table is in the store already.
	if _, err := h.st.OpenTable("telegram:" + strconv.FormatInt(group, 10)); err != nil {
		t.Fatalf("the webhook answered before the table was saved: %v", err)
	}
	h.settle()
	calls := len(h.f.allCalls())
	// /join by bob, posted to both processes at once, then again to one.
	// One plays it (200); the other finds it played (200) or being
	// played (503: Telegram posts it again); the post after is 200.
	join := update(2, bob, "/join")
	var wg sync.WaitGroup
	codes := make([]int, len(addrs))
	for i, addr := range addrs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			codes[i] = post(addr, join)
		}()
	}
	wg.Wait()
	if ok := slices.Contains(codes, http.StatusOK); !ok || slices.ContainsFunc(codes, func(c int) bool {
		return c != http.StatusOK && c != http.StatusServiceUnavailable
	}) {
		t.Errorf("statuses %v", codes)
	}
	if code := post(addrs[1], join); code != http.StatusOK {
		t.Errorf("status %d after the update was played", code)
	}
	h.settle()
	rec, _ := h.st.OpenTable("telegram:" + strconv.FormatInt(group, 10))
	if n := strings.Count(string(rec.Data), `"user":"telegram:`+strconv.FormatInt(bob.ID, 10)+`"`); n != 1 {
		t.Errorf("bob holds %d seats", n)
	}
	for _, c := range h.f.allCalls()[calls:] {
		if strings.Contains(fmt.Sprint(c.Params), "already") {
			t.Errorf("the join was played again: %s %v", c.Method, c.Params)
		}
	}
}

// A hand that calls its player during his quiet hours (/quiet) is sent
// with disable_notification ("Sends the message silently. Users will
// receive a notification with no sound", #sendmessage); outside them (bob
// has none) a call to play notifies as before.
func TestHandInQuietHoursIsSilent(t *testing.T) {
	h := quietGame(t, alice)
	h.say(alice, group, 0, "/move 5")
	silent := map[int64][]string{}
	for _, c := range h.f.allCalls() {
		if (c.Method == "sendMessage" || c.Method == "sendPhoto") && strings.Contains(c.Params["text"]+c.Params["caption"], "your turn") {
			silent[c.Chat] = append(silent[c.Chat], c.Params["disable_notification"])
		}
	}
	if got := silent[alice.ID]; len(got) != 1 || got[0] != "true" {
		t.Errorf("alice's calls to play, disable_notification: %q; want one, silent", got)
	}
	if got := silent[bob.ID]; len(got) != 1 || got[0] != "" {
		t.Errorf("bob's calls to play, disable_notification: %q; want one, not silent", got)
	}
}

// A group message whose only mentions are players in their quiet hours is
// sent with disable_notification: the mention does not ring. (Telegram
// cannot mute one mention of a message: one that also calls a player
// awake rings as usual.)
func TestMentionOfQuietPlayersIsSilent(t *testing.T) {
	h := quietGame(t, bob)
	for range 10 {
		h.say(carol, group, 0, "nice game") // the board scrolls away: the next one is posted anew
	}
	h.say(alice, group, 0, "/move 5")
	link := "tg://user?id=" + strconv.FormatInt(bob.ID, 10)
	n := 0
	for _, c := range h.f.allCalls() {
		if c.Chat != group || (c.Method != "sendMessage" && c.Method != "sendPhoto") || !strings.Contains(c.Params["text"]+c.Params["caption"], link) {
			continue
		}
		n++
		if c.Params["disable_notification"] != "true" {
			t.Errorf("%s mentioning bob in his quiet hours rings: %q", c.Method, c.Params["text"]+c.Params["caption"])
		}
	}
	if n == 0 {
		t.Fatal("no new group message mentioned bob")
	}
}

// quietGame is a tic-tac-toe game of alice and bob, started, where quiet
// is in his quiet hours (the core's clock reads 20:00 UTC).
func quietGame(t *testing.T, quiet fakeUser) *harness {
	h := newHarness(t)
	h.say(quiet, quiet.ID, 0, "/quiet 19:00-22:00")
	h.say(alice, group, 0, "/play tictactoe")
	h.say(bob, group, 0, "/join")
	h.say(alice, group, 0, "/start")
	return h
}
