package telegram

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
)

// The adapter sends the parameters of Bot API 7.0 (params.go): every text
// asks for no link preview with link_preview_options, a reply names its
// message in reply_parameters, and none of the parameters 7.0 replaced is
// sent (the fake refuses them: a reply sent the old way would not arrive).
func TestSendsBotAPI7Parameters(t *testing.T) {
	h := newHarness(t)
	h.f.block(carol.ID)
	h.say(carol, group, 0, "/play tictactoe")
	h.joinLink(bob, h.board(group, 0))
	asked := h.say(carol, group, 0, "/start")
	m, ok := h.f.last(group, "Cannot start")
	if !ok || m.ReplyTo != asked {
		t.Fatalf("the refusal of /start is not a reply to message %d: %+v", asked, h.f.botMessages(group))
	}
	texts, replies := 0, 0
	for _, c := range h.f.allCalls() {
		for old := range retiredParams {
			if _, sent := c.Params[old]; sent {
				t.Errorf("%s sent %s, replaced in Bot API 7.0: %v", c.Method, old, c.Params)
			}
		}
		if c.Method == "sendMessage" || c.Method == "editMessageText" {
			texts++
			if got := c.Params["link_preview_options"]; got != `{"is_disabled":true}` {
				t.Errorf("%s without link_preview_options: %q", c.Method, got)
			}
		}
		if c.Params["reply_parameters"] == `{"message_id":`+strconv.Itoa(asked)+`,"allow_sending_without_reply":true}` {
			replies++
		}
	}
	if texts == 0 || replies != 1 {
		t.Fatalf("%d texts, %d replies to message %d", texts, replies, asked)
	}
}

// The fake Bot API refuses what 7.0 replaced and checks what replaced it,
// with Telegram's 400 (fake_test.go, badParams).
func TestFakeRefusesRetiredParameters(t *testing.T) {
	f := newFakeAPI(t, newAutoClock())
	f.mu.Lock()
	f.chatType[group] = "supergroup"
	f.mu.Unlock()
	there := f.say(alice, group, 0, "hello", 0)
	base := url.Values{"chat_id": {strconv.FormatInt(group, 10)}, "text": {"x"}}
	for _, c := range []struct {
		extra url.Values
		code  int
		desc  string
	}{
		{url.Values{"disable_web_page_preview": {"true"}}, 400, "disable_web_page_preview was replaced by link_preview_options"},
		{url.Values{"reply_to_message_id": {strconv.Itoa(there)}}, 400, "reply_to_message_id was replaced by reply_parameters"},
		{url.Values{"allow_sending_without_reply": {"true"}}, 400, "allow_sending_without_reply was replaced by reply_parameters"},
		{url.Values{"link_preview_options": {"true"}}, 400, "can't parse link preview options"},
		{url.Values{"reply_parameters": {`{"allow_sending_without_reply":true}`}}, 400, "can't parse reply parameters"},
		{url.Values{"reply_parameters": {`{"message_id":99999}`}}, 400, "message to be replied not found"},
		{url.Values{"reply_parameters": {`{"message_id":99999,"allow_sending_without_reply":true}`}}, 200, ""},
		{url.Values{"reply_parameters": {`{"message_id":` + strconv.Itoa(there) + `}`}, "link_preview_options": {`{"is_disabled":true}`}}, 200, ""},
	} {
		v := url.Values{}
		for k, x := range base {
			v[k] = x
		}
		for k, x := range c.extra {
			v[k] = x
		}
		resp, err := http.PostForm(f.srv.URL+"/bot"+fakeToken+"/sendMessage", v)
		if err != nil {
			t.Fatal(err)
		}
		var body strings.Builder
		buf := make([]byte, 512)
		n, _ := resp.Body.Read(buf)
		body.Write(buf[:n])
		resp.Body.Close()
		if resp.StatusCode != c.code || !strings.Contains(body.String(), c.desc) {
			t.Errorf("%v: %d %s, want %d %q", c.extra, resp.StatusCode, body.String(), c.code, c.desc)
		}
	}
}

// The fake Bot API refuses texts longer than Telegram takes, counted
// after entities parsing (badLength): 4,096 for a message, 1,024 for a
// caption; HTML tags do not count, an emoji outside the BMP counts two.
func TestFakeRefusesTextsTooLong(t *testing.T) {
	f := newFakeAPI(t, newAutoClock())
	for _, c := range []struct {
		method string
		params url.Values
		code   int
		desc   string
	}{
		{"sendMessage", url.Values{"text": {"<b>" + strings.Repeat("a", 4096) + "</b>"}, "parse_mode": {"HTML"}}, 200, ""},
		{"sendMessage", url.Values{"text": {strings.Repeat("a", 4097)}, "parse_mode": {"HTML"}}, 400, "message is too long"},
		{"sendMessage", url.Values{"text": {strings.Repeat("🟥", 2049)}, "parse_mode": {"HTML"}}, 400, "message is too long"},
		{"sendMessage", url.Values{"text": {" "}, "parse_mode": {"HTML"}}, 400, "message text is empty"},
		{"sendPhoto", url.Values{"caption": {strings.Repeat("a", 1025)}, "parse_mode": {"HTML"}, "photo": {"x"}}, 400, "message caption is too long"},
		{"editMessageMedia", url.Values{"media": {`{"type":"photo","media":"x","caption":"` + strings.Repeat("é", 1025) + `"}`}, "message_id": {"1"}}, 400, "message caption is too long"},
	} {
		c.params.Set("chat_id", strconv.FormatInt(group, 10))
		resp, err := http.PostForm(f.srv.URL+"/bot"+fakeToken+"/"+c.method, c.params)
		if err != nil {
			t.Fatal(err)
		}
		buf := make([]byte, 512)
		n, _ := resp.Body.Read(buf)
		resp.Body.Close()
		if resp.StatusCode != c.code || !strings.Contains(string(buf[:n]), c.desc) {
			t.Errorf("%s %.40v: %d %s, want %d %q", c.method, c.params, resp.StatusCode, buf[:n], c.code, c.desc)
		}
	}
}
