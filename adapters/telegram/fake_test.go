package telegram

import (
	"encoding/json"
	"fmt"
	"html"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
	"unicode/utf16"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"
)

// autoClock is a clock whose waits take no time: After moves the clock on
// and fires at once. Rate limits and 429 waits are then checked in its
// time, and a test of an hour of flood control runs in milliseconds.
type autoClock struct {
	mu  sync.Mutex
	now time.Time
}

func newAutoClock() *autoClock {
	return &autoClock{now: time.Date(2026, 11, 21, 20, 0, 0, 0, time.UTC)}
}

func (c *autoClock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }
func (c *autoClock) After(d time.Duration) <-chan time.Time {
	c.mu.Lock()
	c.now = c.now.Add(d)
	t := c.now
	c.mu.Unlock()
	ch := make(chan time.Time, 1)
	ch <- t
	return ch
}

// fakeMsg is one message of a chat as the fake Bot API keeps it.
type fakeMsg struct {
	ID         int
	Chat       int64
	Thread     int
	From       int64 // 0: the bot
	Text       string
	Markup     *tgbotapi.InlineKeyboardMarkup
	ForceReply bool
	Photo      int      // bytes of its photo, 0 for a text message (Text is then the caption)
	FileID     string   // file_id of its photo
	WebApps    []string // the web_app buttons' addresses (the library's button has no web_app field)
	Edits      int
	MediaEdits int // editMessageMedia among Edits
	Deleted    bool
	ReplyTo    int
}

// fakeCall is one request the bot made.
type fakeCall struct {
	Method string
	Chat   int64
	At     time.Time
	Params map[string]string
	// Answer: the call a webhook's answer carried (hookAnswered).
	Answer bool
	// Bytes is the request's body (the answer's, for a call it carried).
	Bytes int64
}

type fakeAnswer struct {
	ID, Text string
	Alert    bool
}

type fakeFail struct {
	method     string
	chat       int64 // 0: any
	code       int
	retryAfter int
	times      int
	desc       string // "" for a generic one
	html       bool   // answered by a proxy's error page, not the Bot API's JSON
}

type fakeUser struct {
	ID   int64
	Name string
	Lang string
	// Handle is his @username, "" for none (#user, username: optional).
	Handle string
}

// fakeAPI is an in-process Telegram Bot API the real library talks to.
type fakeAPI struct {
	t     testing.TB
	srv   *httptest.Server
	clock Clock
	// conns counts the connections the bot opened to the fake: a client
	// that keeps too few idle opens one for most requests.
	conns atomic.Int64
	// unchanged counts the edits refused as "message is not modified":
	// requests that changed nothing.
	unchanged atomic.Int64

	mu         sync.Mutex
	updates    []json.RawMessage // queued, not yet confirmed
	lastPushed json.RawMessage
	nextUpd    int
	pushed     int
	notify     chan struct{}
	chats      map[int64][]*fakeMsg
	chatType   map[int64]string
	usernames  map[int64]string // a Chat's "username: Optional. Username, for private chats, supergroups and channels if available"
	nextID     map[int64]int
	calls      []fakeCall
	answers    []fakeAnswer
	blocked    map[int64]bool // users who never opened the bot
	stopped    map[int64]bool // users who blocked the bot
	fails      []*fakeFail
	commands   map[string][]tgbotapi.BotCommand
	webhook    map[string]string // setWebhook's parameters; nil when none is set
	hook       fakeHook          // webhook delivery (fakehook_test.go)
	holds      map[int64]chan struct{}
	nextCB     int
	migrateTo  map[int64]int64
	files      map[string]int // file_id -> bytes of the uploaded photo
	// statuses are the members of groups who are not plain members:
	// group -> user -> "creator" or "administrator" (setStatus).
	statuses map[int64]map[int64]string
	// immediate makes getUpdates answer at once, whatever its timeout, as
	// some Bot API servers and proxies do.
	immediate bool
	polls     int // getUpdates requests
	uploads   int // photos uploaded (multipart)
	nextFile  int
	// enforce, when set, makes the fake refuse with 429 what goes past
	// Telegram's limits (fakeLimits).
	enforce *fakeLimits
}

// fakeLimits are Telegram's published limits on a bot's requests, which
// the fake enforces as Telegram does, with 429 and retry_after: "If you're
// sending bulk notifications to multiple users, the API will not allow
// more than 30 messages per second or so"; "In a single chat, avoid
// sending more than one message per second. We may allow short bursts that
// go over this limit, but eventually you'll begin receiving 429 errors";
// "If you're sending messages to a group, keep in mind that the bot will
// not be able to send more than 20 messages per minute to the same group"
// (core.telegram.org/bots/faq#my-bot-is-hitting-limits-how-do-i-avoid-this).
// A private chat's short burst is taken as five messages within five
// seconds. The load tests scale every period alike (scale) to run at ten
// times the speed of the real ones.
type fakeLimits struct {
	global, group, private int
	globalPer, groupPer    time.Duration
	privatePer             time.Duration
	seen                   map[int64][]time.Time // chat (0: all) -> requests admitted
	refused                int                   // 429 answered
}

func telegramLimits(scale time.Duration) *fakeLimits {
	return &fakeLimits{global: 30, globalPer: time.Second / scale, group: 20, groupPer: time.Minute / scale,
		private: 5, privatePer: 5 * time.Second / scale, seen: map[int64][]time.Time{}}
}

// admit counts a request to chat (0: none) at now, or tells how long to
// wait when it goes past a limit.
func (l *fakeLimits) admit(chat int64, now time.Time) (wait time.Duration) {
	check := func(key int64, n int, per time.Duration) {
		ts := l.seen[key]
		for len(ts) > 0 && !ts[0].Add(per).After(now) {
			ts = ts[1:]
		}
		l.seen[key] = ts
		if len(ts) >= n {
			wait = max(wait, ts[0].Add(per).Sub(now))
		}
	}
	check(0, l.global, l.globalPer)
	switch {
	case chat < 0:
		check(chat, l.group, l.groupPer)
	case chat > 0:
		check(chat, l.private, l.privatePer)
	}
	if wait > 0 {
		l.refused++
		return wait
	}
	l.seen[0] = append(l.seen[0], now)
	if chat != 0 {
		l.seen[chat] = append(l.seen[chat], now)
	}
	return 0
}

const fakeToken = "123456:TEST-token"

func newFakeAPI(t testing.TB, clock Clock) *fakeAPI {
	f := &fakeAPI{t: t, clock: clock, nextUpd: 1000, notify: make(chan struct{}),
		chats: map[int64][]*fakeMsg{}, chatType: map[int64]string{}, usernames: map[int64]string{}, nextID: map[int64]int{},
		blocked: map[int64]bool{}, stopped: map[int64]bool{}, commands: map[string][]tgbotapi.BotCommand{}, migrateTo: map[int64]int64{},
		files: map[string]int{}, holds: map[int64]chan struct{}{}}
	f.srv = httptest.NewUnstartedServer(http.HandlerFunc(f.serve))
	f.srv.Config.ConnState = func(_ net.Conn, s http.ConnState) {
		if s == http.StateNew {
			f.conns.Add(1)
		}
	}
	f.srv.Start()
	t.Cleanup(f.srv.Close)
	t.Cleanup(func() { f.setWebhook(nil) })
	return f
}

func (f *fakeAPI) endpoint() string { return f.srv.URL + "/bot%s/%s" }

func (f *fakeAPI) reply(w http.ResponseWriter, result any) {
	b, _ := json.Marshal(result)
	w.Header().Set("Content-Type", "application/json")
	fmt.Fprintf(w, `{"ok":true,"result":%s}`, b)
}

// fail answers as the Bot API does: "If 'ok' equals False, the error is
// explained in the 'description'. An Integer 'error_code' field is also
// returned" (core.telegram.org/bots/api#making-requests), with the same
// HTTP status.
func (f *fakeAPI) fail(w http.ResponseWriter, code int, desc string, params string) {
	if strings.Contains(desc, "message is not modified") {
		f.unchanged.Add(1)
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	extra := ""
	if params != "" {
		extra = `,"parameters":` + params
	}
	fmt.Fprintf(w, `{"ok":false,"error_code":%d,"description":%q%s}`, code, desc, extra)
}

func (f *fakeAPI) serve(w http.ResponseWriter, r *http.Request) {
	rest, ok := strings.CutPrefix(r.URL.Path, "/bot"+fakeToken+"/")
	if !ok {
		// Requests go to https://api.telegram.org/bot<token>/METHOD_NAME
		// (core.telegram.org/bots/api#making-requests); a wrong token is
		// answered 401 Unauthorized.
		f.fail(w, 401, "Unauthorized", "")
		return
	}
	method := rest
	params := map[string]string{}
	parts := map[string]int{} // uploaded files: field -> bytes
	if strings.HasPrefix(r.Header.Get("Content-Type"), "multipart/") {
		if err := r.ParseMultipartForm(10 << 20); err != nil {
			f.fail(w, 400, "Bad Request: bad multipart", "")
			return
		}
		for k, v := range r.MultipartForm.Value {
			params[k] = v[0]
		}
		for name, fh := range r.MultipartForm.File {
			file, _ := fh[0].Open()
			b, _ := io.ReadAll(file)
			file.Close()
			parts[name] = len(b)
		}
	} else {
		_ = r.ParseForm()
		for k, v := range r.PostForm {
			params[k] = v[0]
		}
	}
	if method == "getUpdates" {
		f.mu.Lock()
		f.polls++
		if f.webhook["url"] != "" {
			// "You will not be able to receive updates using getUpdates
			// for as long as an outgoing webhook is set up" (#setwebhook,
			// notes); Telegram answers 409 Conflict.
			f.calls = append(f.calls, fakeCall{Method: method, At: f.clock.Now()})
			f.mu.Unlock()
			f.fail(w, 409, "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first", "")
			return
		}
		for i, fl := range f.fails {
			if fl.method == method && fl.times > 0 {
				fl.times--
				if fl.times == 0 {
					f.fails = append(f.fails[:i], f.fails[i+1:]...)
				}
				f.calls = append(f.calls, fakeCall{Method: method, At: f.clock.Now()})
				f.mu.Unlock()
				f.fail(w, fl.code, "Bad Gateway", "")
				return
			}
		}
		f.mu.Unlock()
		f.getUpdates(w, r, params)
		return
	}
	chat, _ := strconv.ParseInt(params["chat_id"], 10, 64)
	f.mu.Lock()
	hold := f.holds[chat]
	f.mu.Unlock()
	if hold != nil && method == "sendMessage" {
		<-hold // a slow answer, until the test lets it go
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	f.calls = append(f.calls, fakeCall{Method: method, Chat: chat, At: f.clock.Now(), Params: params, Answer: r.Header.Get(fakeAnswerHeader) != "", Bytes: r.ContentLength})
	for i, fl := range f.fails {
		if fl.method == method && (fl.chat == 0 || fl.chat == chat) && fl.times > 0 {
			fl.times--
			if fl.times == 0 {
				f.fails = append(f.fails[:i], f.fails[i+1:]...)
			}
			if fl.html {
				// A proxy in front of the Bot API (nginx, a load balancer)
				// answers with its own page.
				w.Header().Set("Content-Type", "text/html")
				w.WriteHeader(fl.code)
				fmt.Fprintf(w, "<html><body><h1>%d %s</h1></body></html>", fl.code, http.StatusText(fl.code))
			} else if fl.code == 429 {
				// Flood control: 429 with parameters.retry_after, the
				// seconds to wait (core.telegram.org/bots/api#responseparameters,
				// core.telegram.org/bots/faq#my-bot-is-hitting-limits-how-do-i-avoid-this).
				f.fail(w, 429, "Too Many Requests: retry after "+strconv.Itoa(fl.retryAfter), fmt.Sprintf(`{"retry_after":%d}`, fl.retryAfter))
			} else if fl.desc != "" {
				f.fail(w, fl.code, fl.desc, "")
			} else {
				f.fail(w, fl.code, "Internal Server Error", "")
			}
			return
		}
	}
	if f.enforce != nil && method != "getMe" && method != "setMyCommands" && method != "setWebhook" && method != "deleteWebhook" {
		if wait := f.enforce.admit(chat, f.clock.Now()); wait > 0 {
			// retry_after is whole seconds (#responseparameters).
			secs := int((wait + time.Second - 1) / time.Second)
			f.fail(w, 429, "Too Many Requests: retry after "+strconv.Itoa(secs), fmt.Sprintf(`{"retry_after":%d}`, secs))
			return
		}
	}
	if desc := badParams(params); desc != "" {
		f.fail(w, 400, desc, "")
		return
	}
	if desc := badLength(method, params); desc != "" {
		f.fail(w, 400, desc, "")
		return
	}
	if desc := badWebApp(chat, params["reply_markup"]); desc != "" {
		f.fail(w, 400, desc, "")
		return
	}
	// A group that became a supergroup answers every call with 400 and the
	// new id in parameters.migrate_to_chat_id
	// (core.telegram.org/bots/api#responseparameters).
	if nw, moved := f.migrateTo[chat]; moved && chat != 0 {
		f.fail(w, 400, "Bad Request: group chat was upgraded to a supergroup chat", fmt.Sprintf(`{"migrate_to_chat_id":%d}`, nw))
		return
	}
	switch method {
	case "getMe":
		f.reply(w, map[string]any{"id": 999, "is_bot": true, "first_name": "Tablée", "username": "TableeBot"})
	case "setMyCommands":
		var cmds []tgbotapi.BotCommand
		_ = json.Unmarshal([]byte(params["commands"]), &cmds)
		f.commands[params["language_code"]] = cmds
		f.reply(w, true)
	case "setWebhook":
		if desc := badWebhook(params); desc != "" {
			f.fail(w, 400, desc, "")
			return
		}
		f.setWebhookLocked(params)
		f.reply(w, true)
	case "deleteWebhook":
		f.setWebhookLocked(nil)
		f.reply(w, true)
	case "sendMessage", "sendPhoto":
		// A user who never opened the private chat, or who blocked the
		// bot, cannot be written to: 403, as Telegram answers ("Bots can't
		// initiate conversations with users", core.telegram.org/bots/faq).
		if chat > 0 && f.blocked[chat] {
			f.fail(w, 403, "Forbidden: bot can't initiate conversation with a user", "")
			return
		}
		if chat > 0 && f.stopped[chat] {
			f.fail(w, 403, "Forbidden: bot was blocked by the user", "")
			return
		}
		if chat == 0 {
			// A chat the bot is not in: 400 (core.telegram.org/bots/api#making-requests,
			// error_code and description).
			f.fail(w, 400, "Bad Request: chat not found", "")
			return
		}
		m := &fakeMsg{Chat: chat, Text: params["text"]}
		if method == "sendPhoto" {
			m.Text = params["caption"]
			if !f.photo(m, parts["photo"], params["photo"]) {
				// A file_id the server does not know (#sending-files:
				// "file_id is unique for each individual bot").
				f.fail(w, 400, "Bad Request: wrong file identifier/HTTP URL specified", "")
				return
			}
		}
		m.Thread, _ = strconv.Atoi(params["message_thread_id"])
		if raw := params["reply_parameters"]; raw != "" {
			var rp struct {
				MessageID int   `json:"message_id"`
				ChatID    int64 `json:"chat_id"`
				Allow     bool  `json:"allow_sending_without_reply"`
			}
			_ = json.Unmarshal([]byte(raw), &rp) // checked by badParams
			// ReplyParameters: "Identifier of the message that will be
			// replied to in the current chat"; without
			// allow_sending_without_reply a message that is not there
			// fails the send (core.telegram.org/bots/api#replyparameters).
			if f.find(chat, rp.MessageID) == nil && !rp.Allow {
				f.fail(w, 400, "Bad Request: message to be replied not found", "")
				return
			}
			m.ReplyTo = rp.MessageID
		}
		f.setMarkup(m, params["reply_markup"])
		f.add(m)
		f.reply(w, f.msgJSON(m))
	case "editMessageCaption", "editMessageMedia":
		id, _ := strconv.Atoi(params["message_id"])
		m := f.find(chat, id)
		if m == nil {
			// Editing a deleted message (#updating-messages).
			f.fail(w, 400, "Bad Request: message to edit not found", "")
			return
		}
		if m.FileID == "" {
			// Captions and media are those of a media message
			// (#editmessagecaption, #editmessagemedia): a text message has
			// neither, and Telegram says so.
			f.fail(w, 400, "Bad Request: there is no "+map[string]string{"editMessageCaption": "caption", "editMessageMedia": "media"}[method]+" in the message to edit", "")
			return
		}
		caption, nm := params["caption"], &fakeMsg{FileID: m.FileID, Photo: m.Photo}
		if method == "editMessageMedia" {
			var media struct {
				Type      string `json:"type"`
				Media     string `json:"media"`
				Caption   string `json:"caption"`
				ParseMode string `json:"parse_mode"`
			}
			// InputMediaPhoto: type "must be photo", media required
			// (#inputmediaphoto). parse_mode is optional for Telegram; the
			// fake asks for HTML, the adapter's only mode, so that a caption
			// that lost it is caught here rather than shown as raw tags.
			if err := json.Unmarshal([]byte(params["media"]), &media); err != nil || media.Type != "photo" || media.Media == "" || media.ParseMode != "HTML" {
				f.fail(w, 400, "Bad Request: can't parse InputMedia", "")
				return
			}
			caption = media.Caption
			ref, attached := strings.CutPrefix(media.Media, "attach://")
			upload, fileID := 0, media.Media
			if attached {
				upload, fileID = parts[ref], ""
			}
			if !f.photo(nm, upload, fileID) {
				// A file_id the server does not know (#sending-files:
				// "file_id is unique for each individual bot").
				f.fail(w, 400, "Bad Request: wrong file identifier/HTTP URL specified", "")
				return
			}
		}
		old, _ := json.Marshal(m.Markup)
		// reply_markup is "A JSON-serialized object for a new inline
		// keyboard" (#editmessagecaption, #editmessagemedia): the edited
		// message has the keyboard the edit carries, none when it carries
		// none, so an edit of a board that forgot its buttons strips them.
		f.setMarkup(nm, params["reply_markup"])
		nw, _ := json.Marshal(nm.Markup)
		if caption == m.Text && nm.FileID == m.FileID && string(old) == string(nw) && slices.Equal(m.WebApps, nm.WebApps) {
			// An edit that changes nothing is refused
			// (core.telegram.org/bots/api#editmessagetext answers 400 with
			// this description, which bots meet daily).
			f.fail(w, 400, "Bad Request: message is not modified: specified new message content and reply markup are exactly the same", "")
			return
		}
		if nm.FileID != m.FileID {
			m.MediaEdits++
		}
		m.Text, m.Markup, m.FileID, m.Photo, m.WebApps = caption, nm.Markup, nm.FileID, nm.Photo, nm.WebApps
		m.Edits++
		f.reply(w, f.msgJSON(m))
	case "editMessageText", "editMessageReplyMarkup":
		id, _ := strconv.Atoi(params["message_id"])
		m := f.find(chat, id)
		if m == nil {
			// Editing a deleted message (#updating-messages).
			f.fail(w, 400, "Bad Request: message to edit not found", "")
			return
		}
		if method == "editMessageText" && m.FileID != "" {
			// A photo's text is its caption (#editmessagetext edits "text
			// and game messages").
			f.fail(w, 400, "Bad Request: there is no text in the message to edit", "")
			return
		}
		text := m.Text
		if method == "editMessageText" {
			text = params["text"]
		}
		old, _ := json.Marshal(m.Markup)
		nm := &fakeMsg{}
		f.setMarkup(nm, params["reply_markup"])
		nw, _ := json.Marshal(nm.Markup)
		if text == m.Text && string(old) == string(nw) && slices.Equal(m.WebApps, nm.WebApps) {
			// An edit that changes nothing is refused
			// (core.telegram.org/bots/api#editmessagetext answers 400 with
			// this description, which bots meet daily).
			f.fail(w, 400, "Bad Request: message is not modified: specified new message content and reply markup are exactly the same", "")
			return
		}
		m.Text, m.Markup, m.WebApps = text, nm.Markup, nm.WebApps
		m.Edits++
		f.reply(w, f.msgJSON(m))
	case "deleteMessage":
		id, _ := strconv.Atoi(params["message_id"])
		m := f.find(chat, id)
		if m == nil {
			// #deletemessage: a message already gone cannot be deleted.
			f.fail(w, 400, "Bad Request: message to delete not found", "")
			return
		}
		m.Deleted = true
		f.reply(w, true)
	case "getChatMember":
		// #getchatmember: "Use this method to get information about a
		// member of a chat", answered with a ChatMember whose status is
		// "creator" (#chatmemberowner), "administrator"
		// (#chatmemberadministrator) or "member" (#chatmembermember),
		// among others; it needs a user_id.
		user, err := strconv.ParseInt(params["user_id"], 10, 64)
		if err != nil || user == 0 {
			f.fail(w, 400, "Bad Request: invalid user_id specified", "")
			return
		}
		status := f.statuses[chat][user]
		if status == "" {
			status = "member"
		}
		member := map[string]any{"status": status, "user": map[string]any{"id": user, "is_bot": false, "first_name": strconv.FormatInt(user, 10)}}
		switch status {
		case "creator":
			member["is_anonymous"] = false
		case "administrator":
			member["can_be_edited"], member["is_anonymous"], member["can_manage_chat"], member["can_delete_messages"] = false, false, true, true
		}
		f.reply(w, member)
	case "answerCallbackQuery":
		f.answers = append(f.answers, fakeAnswer{ID: params["callback_query_id"], Text: params["text"], Alert: params["show_alert"] == "true"})
		f.reply(w, true)
	default:
		// A method the server does not have: Telegram answers 404 "Not
		// Found" (core.telegram.org/bots/api#making-requests: "All methods
		// in the Bot API are case-insensitive"; anything else is unknown).
		f.fail(w, 404, "Not Found: method "+method, "")
	}
}

// photo gives a message its photo: an upload of n bytes, or a file_id
// given back earlier ("Pass a file_id as String to send a photo that exists
// on the Telegram servers", core.telegram.org/bots/api#sendphoto). False
// for an unknown file_id or nothing at all.
func (f *fakeAPI) photo(m *fakeMsg, n int, fileID string) bool {
	switch {
	case n > 0:
		f.uploads++
		f.nextFile++
		m.FileID, m.Photo = "AgAC-file-"+strconv.Itoa(f.nextFile), n
		f.files[m.FileID] = n
		return true
	case fileID != "" && f.files[fileID] > 0:
		m.FileID, m.Photo = fileID, f.files[fileID]
		return true
	}
	return false
}

// msgJSON is a sent or edited message as Telegram returns it: a photo has
// its sizes, the largest last, each with its own file_id.
func (f *fakeAPI) msgJSON(m *fakeMsg) map[string]any {
	j := map[string]any{"message_id": m.ID, "chat": f.chatJSON(m.Chat), "date": 1}
	if m.FileID == "" {
		j["text"] = m.Text
		return j
	}
	j["caption"] = m.Text
	j["photo"] = photoSizes(m)
	return j
}

func photoSizes(m *fakeMsg) []map[string]any {
	return []map[string]any{
		{"file_id": m.FileID + "-thumb", "file_unique_id": "t" + m.FileID, "width": 90, "height": 90, "file_size": 1000},
		{"file_id": m.FileID, "file_unique_id": "u" + m.FileID, "width": 320, "height": 320, "file_size": m.Photo},
	}
}

func (f *fakeAPI) uploaded() int { f.mu.Lock(); defer f.mu.Unlock(); return f.uploads }

func (f *fakeAPI) polled() int { f.mu.Lock(); defer f.mu.Unlock(); return f.polls }

func (f *fakeAPI) setMarkup(m *fakeMsg, raw string) {
	if raw == "" {
		return
	}
	if strings.Contains(raw, `"force_reply"`) {
		m.ForceReply = true
		return
	}
	var mk tgbotapi.InlineKeyboardMarkup
	if err := json.Unmarshal([]byte(raw), &mk); err != nil {
		f.t.Errorf("bad reply_markup %s: %v", raw, err)
		return
	}
	for _, row := range mk.InlineKeyboard {
		for _, b := range row {
			if b.CallbackData != nil && len(*b.CallbackData) > 64 {
				f.t.Errorf("callback data over 64 bytes: %q", *b.CallbackData)
			}
		}
	}
	m.Markup = &mk
	m.WebApps = webApps(raw)
}

// fakeButton is an inline keyboard's button as the Bot API reads it,
// web_app included.
type fakeButton struct {
	Text         string  `json:"text"`
	URL          *string `json:"url"`
	CallbackData *string `json:"callback_data"`
	WebApp       *struct {
		URL string `json:"url"`
	} `json:"web_app"`
}

func fakeButtons(raw string) [][]fakeButton {
	var mk struct {
		InlineKeyboard [][]fakeButton `json:"inline_keyboard"`
	}
	_ = json.Unmarshal([]byte(raw), &mk)
	return mk.InlineKeyboard
}

func webApps(raw string) []string {
	var urls []string
	for _, row := range fakeButtons(raw) {
		for _, b := range row {
			if b.WebApp != nil {
				urls = append(urls, b.WebApp.URL)
			}
		}
	}
	return urls
}

// badWebApp is the Bot API's refusal of a keyboard's web_app button:
// InlineKeyboardButton (core.telegram.org/bots/api#inlinekeyboardbutton)
// says web_app is "available only in private chats between a user and the
// bot" (a private chat's id is its user's, positive; a group's is
// negative), and that exactly one of the optional fields is used;
// WebAppInfo's url is "an HTTPS URL" (#webappinfo).
func badWebApp(chat int64, raw string) string {
	if !strings.Contains(raw, `"web_app"`) {
		return ""
	}
	for _, row := range fakeButtons(raw) {
		for _, b := range row {
			if b.WebApp == nil {
				continue
			}
			switch {
			case chat <= 0:
				return "Bad Request: BUTTON_TYPE_INVALID"
			case b.URL != nil || b.CallbackData != nil:
				return "Bad Request: can't parse inline keyboard button: exactly one of the optional fields must be used"
			case !strings.HasPrefix(b.WebApp.URL, "https://"):
				return "Bad Request: BUTTON_URL_INVALID"
			}
		}
	}
	return ""
}

func (f *fakeAPI) add(m *fakeMsg) {
	f.nextID[m.Chat]++
	m.ID = f.nextID[m.Chat]
	f.chats[m.Chat] = append(f.chats[m.Chat], m)
}

func (f *fakeAPI) find(chat int64, id int) *fakeMsg {
	for _, m := range f.chats[chat] {
		if m.ID == id && !m.Deleted {
			return m
		}
	}
	return nil
}

// getUpdates answers at once when updates at or after offset are queued,
// else waits for one until the timeout.
func (f *fakeAPI) getUpdates(w http.ResponseWriter, r *http.Request, params map[string]string) {
	offset, _ := strconv.Atoi(params["offset"])
	timeout, _ := strconv.Atoi(params["timeout"])
	// "timeout: Timeout in seconds for long polling. Defaults to 0, i.e.
	// usual short polling" (core.telegram.org/bots/api#getupdates); a
	// server may also answer at once whatever it is (immediate).
	f.mu.Lock()
	if f.immediate {
		timeout = 0
	}
	f.mu.Unlock()
	deadline := time.After(time.Duration(timeout) * time.Second)
	for {
		f.mu.Lock()
		kept := f.updates[:0]
		for _, u := range f.updates {
			var id struct {
				UpdateID int `json:"update_id"`
			}
			_ = json.Unmarshal(u, &id)
			if id.UpdateID >= offset {
				kept = append(kept, u)
			}
		}
		f.updates = kept
		if len(f.updates) > 0 {
			out := append([]json.RawMessage(nil), f.updates...)
			f.mu.Unlock()
			f.reply(w, out)
			return
		}
		notify := f.notify
		f.mu.Unlock()
		select {
		case <-notify:
		case <-deadline:
			f.reply(w, []json.RawMessage{})
			return
		case <-r.Context().Done():
			return
		}
	}
}

// push queues an update, filling in its id.
func (f *fakeAPI) push(u map[string]any) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	b := f.numberLocked(u)
	f.updates = append(f.updates, b)
	f.lastPushed = b
	f.pushed++
	close(f.notify)
	f.notify = make(chan struct{})
	return f.nextUpd
}

// numberLocked gives an update the next update_id and encodes it, under
// f.mu.
func (f *fakeAPI) numberLocked(u map[string]any) []byte {
	f.nextUpd++
	u["update_id"] = f.nextUpd
	b, _ := json.Marshal(u)
	return b
}

// numbered is an update with the next update_id, encoded, not queued.
func (f *fakeAPI) numbered(u map[string]any) []byte {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.numberLocked(u)
}

// again queues the last update once more, as getUpdates gives again the
// updates no offset confirmed: "By default, updates starting with the
// earliest unconfirmed update are returned. An update is considered
// confirmed as soon as getUpdates is called with an offset higher than its
// update_id" (core.telegram.org/bots/api#getupdates).
func (f *fakeAPI) again() {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.updates = append(f.updates, f.lastPushed)
	close(f.notify)
	f.notify = make(chan struct{})
}

func (f *fakeAPI) pushedCount() int { f.mu.Lock(); defer f.mu.Unlock(); return f.pushed }

func userJSON(u fakeUser) map[string]any {
	j := map[string]any{"id": u.ID, "is_bot": false, "first_name": u.Name, "language_code": u.Lang}
	if u.Handle != "" {
		j["username"] = u.Handle
	}
	return j
}

func (f *fakeAPI) chatJSON(chat int64) map[string]any {
	typ := f.chatType[chat]
	if typ == "" {
		typ = "supergroup"
		if chat > 0 {
			typ = "private"
		}
	}
	c := map[string]any{"id": chat, "type": typ, "title": "Café " + strconv.FormatInt(chat, 10)}
	if name := f.usernames[chat]; name != "" {
		c["username"] = name
	}
	return c
}

// say makes a user write in a chat (a group, a topic, or his private chat
// when chat is his id). It returns the message id.
func (f *fakeAPI) say(u fakeUser, chat int64, topic int, text string, replyTo int) int {
	msg, id := f.write(u, chat, topic, text, replyTo)
	f.push(map[string]any{"message": msg})
	return id
}

// write adds a user's message to a chat, as say does, and returns it as
// an update's "message" with its id, without queueing the update: the
// end-to-end benchmark posts it to the webhook itself.
func (f *fakeAPI) write(u fakeUser, chat int64, topic int, text string, replyTo int) (map[string]any, int) {
	f.mu.Lock()
	m := &fakeMsg{Chat: chat, Thread: topic, From: u.ID, Text: text, ReplyTo: replyTo}
	f.add(m)
	if chat == u.ID {
		delete(f.blocked, u.ID) // writing to the bot opens the private chat
	}
	msg := map[string]any{"message_id": m.ID, "from": userJSON(u), "chat": f.chatJSON(chat), "date": 1, "text": text}
	if topic != 0 {
		msg["message_thread_id"] = topic
		msg["is_topic_message"] = true
	}
	if replyTo != 0 {
		// The message replied to comes whole, its formatting as entities
		// (core.telegram.org/bots/api#message, reply_to_message;
		// #messageentity: a "text_link" carries its url).
		reply := map[string]any{"message_id": replyTo, "chat": f.chatJSON(chat), "date": 1}
		if r := f.find(chat, replyTo); r != nil {
			text, entities := plainAndLinks(r.Text)
			reply["text"] = text
			if len(entities) > 0 {
				reply["entities"] = entities
			}
			if r.From == 0 {
				reply["from"] = map[string]any{"id": 1, "is_bot": true, "first_name": "Tablée", "username": "tablee_test_bot"}
			} else {
				// A person's message replied to names its author
				// (#message, from).
				reply["from"] = map[string]any{"id": r.From, "is_bot": false, "first_name": strconv.FormatInt(r.From, 10)}
			}
		}
		msg["reply_to_message"] = reply
	}
	if strings.HasPrefix(text, "/") {
		end := strings.IndexByte(text, ' ')
		if end < 0 {
			end = len(text)
		}
		msg["entities"] = []map[string]any{{"type": "bot_command", "offset": 0, "length": end}}
	}
	f.mu.Unlock()
	return msg, m.ID
}

// setStatus makes a user "creator", "administrator" or (with "") a plain
// member of a group, as getChatMember will answer.
func (f *fakeAPI) setStatus(chat, user int64, status string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.statuses == nil {
		f.statuses = map[int64]map[int64]string{}
	}
	if f.statuses[chat] == nil {
		f.statuses[chat] = map[int64]string{}
	}
	f.statuses[chat][user] = status
}

// press makes a user press a button of a message (data need not be one of
// its buttons: a forged client can send anything).
func (f *fakeAPI) press(u fakeUser, m fakeMsg, data string) {
	f.mu.Lock()
	f.nextCB++
	id := "cb" + strconv.Itoa(f.nextCB)
	msg := map[string]any{"message_id": m.ID, "chat": f.chatJSON(m.Chat), "date": 1, "text": m.Text}
	if m.FileID != "" {
		delete(msg, "text")
		msg["caption"] = m.Text
		msg["photo"] = photoSizes(&m)
	}
	if m.Markup != nil {
		msg["reply_markup"] = m.Markup
	}
	if m.Thread != 0 {
		msg["message_thread_id"] = m.Thread
		msg["is_topic_message"] = true
	}
	f.mu.Unlock()
	f.push(map[string]any{"callback_query": map[string]any{"id": id, "from": userJSON(u), "message": msg, "chat_instance": "x", "data": data}})
}

// messages returns copies of a chat's messages, deleted ones left out.
func (f *fakeAPI) messages(chat int64) []fakeMsg {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []fakeMsg
	for _, m := range f.chats[chat] {
		if !m.Deleted {
			out = append(out, *m)
		}
	}
	return out
}

// botMessages are the messages the bot sent to a chat.
func (f *fakeAPI) botMessages(chat int64) []fakeMsg {
	var out []fakeMsg
	for _, m := range f.messages(chat) {
		if m.From == 0 {
			out = append(out, m)
		}
	}
	return out
}

// last is the bot's last message to a chat that contains s.
func (f *fakeAPI) last(chat int64, s string) (fakeMsg, bool) {
	ms := f.botMessages(chat)
	for i := len(ms) - 1; i >= 0; i-- {
		if strings.Contains(ms[i].Text, s) {
			return ms[i], true
		}
	}
	return fakeMsg{}, false
}

func (f *fakeAPI) callsOf(method string) []fakeCall {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []fakeCall
	for _, c := range f.calls {
		if c.Method == method {
			out = append(out, c)
		}
	}
	return out
}

func (f *fakeAPI) allCalls() []fakeCall {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]fakeCall(nil), f.calls...)
}

func (f *fakeAPI) lastAnswer() fakeAnswer {
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.answers) == 0 {
		return fakeAnswer{}
	}
	return f.answers[len(f.answers)-1]
}

func (f *fakeAPI) inject(fl fakeFail) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.fails = append(f.fails, &fl)
}

func (f *fakeAPI) block(user int64) { f.mu.Lock(); f.blocked[user] = true; f.mu.Unlock() }

// stop makes a user block the bot.
func (f *fakeAPI) stop(user int64) { f.mu.Lock(); f.stopped[user] = true; f.mu.Unlock() }

// button finds a button of a message by the start of its callback data or
// its URL.
func button(m fakeMsg, prefix string) (tgbotapi.InlineKeyboardButton, bool) {
	if m.Markup == nil {
		return tgbotapi.InlineKeyboardButton{}, false
	}
	for _, row := range m.Markup.InlineKeyboard {
		for _, b := range row {
			if b.CallbackData != nil && strings.HasPrefix(*b.CallbackData, prefix) {
				return b, true
			}
			if b.URL != nil && strings.HasPrefix(*b.URL, prefix) {
				return b, true
			}
		}
	}
	return tgbotapi.InlineKeyboardButton{}, false
}

// plainAndLinks turns a message sent with parse_mode HTML into what
// Telegram gives back: its text without tags, and its <a href> as
// "text_link" entities, offsets in UTF-16 code units
// (core.telegram.org/bots/api#formatting-options, #messageentity).
func plainAndLinks(h string) (string, []map[string]any) {
	var text []rune
	var entities []map[string]any
	utf16Len := func(rs []rune) int { return len(utf16.Encode(rs)) }
	for len(h) > 0 {
		switch {
		case strings.HasPrefix(h, "<a href=\""):
			rest := h[len("<a href=\""):]
			q := strings.IndexByte(rest, '"')
			end := strings.Index(rest, "</a>")
			gt := strings.IndexByte(rest, '>')
			if q < 0 || end < 0 || gt < 0 {
				text, h = append(text, []rune(h)...), ""
				continue
			}
			label := []rune(html.UnescapeString(rest[gt+1 : end]))
			entities = append(entities, map[string]any{"type": "text_link", "offset": utf16Len(text),
				"length": utf16Len(label), "url": html.UnescapeString(rest[:q])})
			text = append(text, label...)
			h = rest[end+len("</a>"):]
		case strings.HasPrefix(h, "<"):
			gt := strings.IndexByte(h, '>')
			if gt < 0 {
				text, h = append(text, []rune(h)...), ""
				continue
			}
			h = h[gt+1:]
		default:
			lt := strings.IndexByte(h, '<')
			if lt < 0 {
				lt = len(h)
			}
			text = append(text, []rune(html.UnescapeString(h[:lt]))...)
			h = h[lt:]
		}
	}
	return string(text), entities
}

// retiredParams are the parameters Bot API 7.0 replaced
// (core.telegram.org/bots/api-changelog, December 29, 2023: "Added the
// class LinkPreviewOptions and replaced the parameter
// disable_web_page_preview with link_preview_options in the methods
// sendMessage and editMessageText"; "Added the class ReplyParameters and
// replaced parameters reply_to_message_id and allow_sending_without_reply
// in the methods copyMessage, sendMessage, sendPhoto, …"), each with the
// one that replaced it. Telegram still reads them for old bots, but they
// are gone from the documentation and may go from the server at any
// release: the fake refuses them, as Telegram refuses a bad parameter
// (400 Bad Request; the description is the fake's own).
var retiredParams = map[string]string{
	"disable_web_page_preview":    "link_preview_options",
	"reply_to_message_id":         "reply_parameters",
	"allow_sending_without_reply": "reply_parameters",
}

// badParams checks the parameters the Bot API no longer documents and the
// JSON-serialised objects that replaced them ("Parameters … of type
// object are passed as JSON-serialized strings",
// core.telegram.org/bots/api#making-requests; LinkPreviewOptions and
// ReplyParameters, whose message_id is required). It returns the 400's
// description, "" when the parameters are good.
func badParams(params map[string]string) string {
	for old, nw := range retiredParams {
		if _, ok := params[old]; ok {
			return "Bad Request: parameter " + old + " was replaced by " + nw + " in Bot API 7.0"
		}
	}
	if raw, ok := params["link_preview_options"]; ok {
		var o map[string]any
		if json.Unmarshal([]byte(raw), &o) != nil || o == nil {
			return "Bad Request: can't parse link preview options JSON object"
		}
	}
	if raw, ok := params["reply_parameters"]; ok {
		var rp struct {
			MessageID *int `json:"message_id"`
		}
		if json.Unmarshal([]byte(raw), &rp) != nil || rp.MessageID == nil {
			return "Bad Request: can't parse reply parameters JSON object"
		}
	}
	return ""
}

// badLength checks the lengths of texts as the Bot API documents them,
// counted after entities parsing (the adapter sends HTML; visibleLen):
// a message's text, "1-4096 characters after entities parsing"
// (core.telegram.org/bots/api#sendmessage, #editmessagetext); a photo's
// caption, "0-1024 characters after entities parsing" (#sendphoto,
// #editmessagecaption, and InputMediaPhoto's caption for
// #editmessagemedia). Telegram refuses the others with a 400 and these
// descriptions. It returns the description, "" when the lengths are good.
func badLength(method string, params map[string]string) string {
	caption := params["caption"]
	switch method {
	case "sendMessage", "editMessageText":
		switch n := visibleLen(params["text"]); {
		case strings.TrimSpace(html.UnescapeString(params["text"])) == "":
			return "Bad Request: message text is empty"
		case n > 4096:
			return "Bad Request: message is too long"
		}
		return ""
	case "editMessageMedia":
		var media struct {
			Caption string `json:"caption"`
		}
		_ = json.Unmarshal([]byte(params["media"]), &media)
		caption = media.Caption
	case "sendPhoto", "editMessageCaption":
	default:
		return ""
	}
	if visibleLen(caption) > 1024 {
		return "Bad Request: message caption is too long"
	}
	return ""
}
