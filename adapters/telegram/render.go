package telegram

import (
	"html"
	"strconv"
	"strings"
	"unicode/utf8"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/tablee/tablee/bot"
	"github.com/tablee/tablee/i18n"
)

// Telegram's limits on what one message may hold.
const (
	maxMessageRunes  = 4096 // text of a message, entities parsed
	maxAlertRunes    = 200  // text of an answerCallbackQuery
	maxCallbackBytes = 64   // callback_data
	maxTextRunes     = 3500 // what is kept of an Out's Text, leaving room for title, board and mentions
	maxCaption       = 1024 // caption of a photo, entities parsed (UTF-16 code units)
)

// rendered is an Out laid out for Telegram: HTML text and an inline
// keyboard, and the picture when the Out has one. text is always there: it
// is the message when there is no picture, and the fallback when the
// picture cannot be sent.
type rendered struct {
	text     string // HTML
	markup   *tgbotapi.InlineKeyboardMarkup
	photo    []byte            // PNG, nil for a text message
	photoKey string            // Out.PictureKey: same key, same picture
	caption  string            // HTML caption of the photo, fitted to maxCaption
	full     bool              // caption says everything text says
	asks     map[string]string // callback data -> the free word it asks for
	// silent sends it with disable_notification: "Sends the message
	// silently. Users will receive a notification with no sound"
	// (core.telegram.org/bots/api#sendmessage): a hand in its player's
	// quiet hours (bot.Out.Silent).
	silent bool
	// short and rest are a picture whose caption cannot say everything,
	// in a private chat: the photo with short, its title and text board
	// (a caption that says what the picture shows), then rest, the
	// message with the text and the buttons (see split).
	short string
	rest  string
}

// render lays an Out out in HTML (parse_mode HTML): the title in bold, the
// board in <pre>, the text, then the mentions as tg://user links. Every
// piece of text from the core is escaped: a player named "<b>" stays text.
func (a *Adapter) render(o bot.Out) rendered {
	r := rendered{text: htmlText(o), silent: o.Silent || allQuiet(o.Mentions)}
	r.markup, r.asks = a.keyboard(o)
	if len(o.Picture) > 0 {
		r.photo, r.photoKey = o.Picture, o.PictureKey
		r.caption, r.full = fitCaption(o)
		r.short, r.rest = split(o, r.text)
	}
	return r
}

// split lays out a picture whose caption cannot say everything, in a
// private chat (a hand is never cut short): the photo's caption says what
// the picture shows, the title and the text board, and the message that
// follows has the text, without the text board said just above. When the
// text board does not fit in a caption, or the table shows none
// (view=picture), the caption is the title and the text's first line (a
// hand's says what it holds), and the message says everything. text is
// o's whole HTML text.
func split(o bot.Out, text string) (short, rest string) {
	mono := strings.Join(o.Mono, "\n")
	if mono != "" && captionLen(o.Title, mono, "", o.Mentions) <= maxCaption {
		o.Mono = nil
		return joinCaption(o.Title, mono, "", o.Mentions), htmlText(o)
	}
	first, _, _ := strings.Cut(strings.TrimSpace(o.Text), "\n")
	if captionLen(o.Title, "", first, o.Mentions) > maxCaption {
		first = ""
	}
	return joinCaption(o.Title, "", first, o.Mentions), text
}

// htmlText is o's text as a message: see render.
func htmlText(o bot.Out) string {
	var parts []string
	if o.Title != "" {
		parts = append(parts, "<b>"+esc(o.Title)+"</b>")
	}
	if len(o.Mono) > 0 {
		parts = append(parts, "<pre>"+esc(strings.Join(o.Mono, "\n"))+"</pre>")
	}
	if o.Text != "" {
		text := truncate(o.Text, maxTextRunes)
		if o.Refusal {
			text = "⚠️ " + text
		}
		parts = append(parts, esc(text))
	}
	if len(o.Mentions) > 0 {
		var ms []string
		for _, m := range o.Mentions {
			ms = append(ms, mention(m.User, m.Name))
		}
		parts = append(parts, "👉 "+strings.Join(ms, " "))
	}
	if len(parts) == 0 {
		return "…"
	}
	return strings.Join(parts, "\n\n")
}

// fitCaption lays an Out out as a photo's caption, within Telegram's 1024
// characters: the title, the text board, the text and the mentions when
// they fit. Else the text board goes first (the picture shows it), then
// the oldest lines of the text (a board's text starts with the events of
// the last moves and ends with the game's own lines), marked "…". The
// title and the mentions always stay. full is false when anything was left
// out.
func fitCaption(o bot.Out) (caption string, full bool) {
	text := o.Text
	if text != "" && o.Refusal {
		text = "⚠️ " + text
	}
	mono := strings.Join(o.Mono, "\n")
	if captionLen(o.Title, mono, text, o.Mentions) <= maxCaption {
		return joinCaption(o.Title, mono, text, o.Mentions), true
	}
	if captionLen(o.Title, "", text, o.Mentions) <= maxCaption {
		return joinCaption(o.Title, "", text, o.Mentions), false
	}
	room := maxCaption - captionLen(o.Title, "", "x", o.Mentions) + 1 // what text may take
	lines := strings.Split(text, "\n")
	for len(lines) > 0 {
		kept := "…\n" + strings.Join(lines, "\n")
		if utf16Len(kept) <= room {
			return joinCaption(o.Title, "", kept, o.Mentions), false
		}
		lines = lines[1:]
		for len(lines) > 1 && lines[0] == "" {
			lines = lines[1:] // no blank line after the "…"
		}
	}
	// Not one line fits: the end of the last one.
	last := []rune(text[strings.LastIndexByte(text, '\n')+1:])
	from, n := len(last), 1 // n counts the "…"
	for from > 0 && n+utf16Len(string(last[from-1])) <= room {
		from--
		n += utf16Len(string(last[from]))
	}
	kept := ""
	if from < len(last) {
		kept = "…" + string(last[from:])
	}
	c := joinCaption(o.Title, "", kept, o.Mentions)
	if captionLen(o.Title, "", kept, o.Mentions) > maxCaption {
		// Absurd titles or mentions: the title alone, cut.
		c = "<b>" + esc(truncate(o.Title, maxCaption-1)) + "</b>"
	}
	return c, false
}

// joinCaption is render's layout of the given parts (empty ones left out).
func joinCaption(title, mono, text string, mentions []bot.Mention) string {
	var parts []string
	if title != "" {
		parts = append(parts, "<b>"+esc(title)+"</b>")
	}
	if mono != "" {
		parts = append(parts, "<pre>"+esc(mono)+"</pre>")
	}
	if text != "" {
		parts = append(parts, esc(text))
	}
	if len(mentions) > 0 {
		var ms []string
		for _, m := range mentions {
			ms = append(ms, mention(m.User, m.Name))
		}
		parts = append(parts, "👉 "+strings.Join(ms, " "))
	}
	return strings.Join(parts, "\n\n")
}

// captionLen is the length Telegram counts of joinCaption's result: its
// text once the HTML is parsed, in UTF-16 code units.
func captionLen(title, mono, text string, mentions []bot.Mention) int {
	n, parts := 0, 0
	for _, s := range []string{title, mono, text} {
		if s != "" {
			n += utf16Len(s)
			parts++
		}
	}
	if len(mentions) > 0 {
		n += utf16Len("👉 ")
		for i, m := range mentions {
			name := m.Name
			if name == "" {
				name = "?"
			}
			if i > 0 {
				n++
			}
			n += utf16Len(name)
		}
		parts++
	}
	if parts > 1 {
		n += 2 * (parts - 1)
	}
	return n
}

func utf16Len(s string) int {
	n := 0
	for _, r := range s {
		if r >= 0x10000 {
			n += 2
		} else {
			n++
		}
	}
	return n
}

// keyboard turns the Out's buttons into an inline keyboard. A Join button
// becomes a deep link to the bot's private chat, so that joining opens the
// private chat where the hand will come; other buttons carry their payload
// as callback data.
func (a *Adapter) keyboard(o bot.Out) (*tgbotapi.InlineKeyboardMarkup, map[string]string) {
	var rows [][]tgbotapi.InlineKeyboardButton
	var asks map[string]string
	for _, row := range o.Buttons {
		var out []tgbotapi.InlineKeyboardButton
		for _, b := range row {
			label := b.Label
			if label == "" {
				label = "·"
			}
			if strings.HasPrefix(b.Data, "j") && o.Table != 0 {
				token := a.core.JoinLink(o.Table)
				if token == "" || a.username == "" {
					continue
				}
				u := a.deepLink(token)
				out = append(out, tgbotapi.InlineKeyboardButton{Text: label, URL: &u})
				continue
			}
			if b.Data == "" || len(b.Data) > maxCallbackBytes {
				continue
			}
			data := b.Data
			if b.Ask != "" {
				if asks == nil {
					asks = map[string]string{}
				}
				asks[data] = b.Ask
				label = "✍️ " + label
			}
			out = append(out, tgbotapi.InlineKeyboardButton{Text: label, CallbackData: &data})
		}
		if len(out) > 0 {
			rows = append(rows, out)
		}
	}
	if b, ok := a.webButton(o); ok {
		rows = append(rows, []tgbotapi.InlineKeyboardButton{b})
	}
	if len(rows) == 0 {
		return nil, asks
	}
	return &tgbotapi.InlineKeyboardMarkup{InlineKeyboard: rows}, asks
}

// webButton is the button that opens the web table, when the deployment
// serves one: on a player's hand, a web_app button opening the Mini App
// with his signed link (the Bot API allows web_app buttons "only in
// private chats between a user and the bot", InlineKeyboardButton,
// core.telegram.org/bots/api#inlinekeyboardbutton: the hands' chat); on a
// group's board, the registered Mini App's t.me link, a plain link, or
// without one the table's read-only page in the browser.
func (a *Adapter) webButton(o bot.Out) (tgbotapi.InlineKeyboardButton, bool) {
	if o.Table == 0 {
		return tgbotapi.InlineKeyboardButton{}, false
	}
	var u, key string
	var lang i18n.Lang
	switch {
	case o.Hand && o.User != "" && a.opts.WebApp != nil:
		u, key, lang = a.opts.WebApp(o.User, o.Table), "telegram.web_play", a.core.Lang(o.User)
		if u != "" {
			u = webAppPrefix + u
		}
	case o.Board:
		if a.opts.StartApp != nil {
			u = a.opts.StartApp(o.Table)
		}
		if u == "" && a.opts.WatchLink != nil {
			u = a.opts.WatchLink(o.Table)
		}
		key, lang = "telegram.web_open", a.opts.Lang
	}
	if u == "" {
		return tgbotapi.InlineKeyboardButton{}, false
	}
	return tgbotapi.InlineKeyboardButton{Text: i18n.Renderer{Lang: lang}.Text(i18n.T(key)), URL: &u}, true
}

// deepLink is the link that opens the bot's private chat and sends it
// "/start <param>".
func (a *Adapter) deepLink(param string) string {
	if param == "" {
		return "https://t.me/" + a.username
	}
	return "https://t.me/" + a.username + "?start=" + param
}

// mention links a user by id: Telegram notifies him even without a
// @username. Users of other platforms are named without a link.
func mention(user, name string) string {
	if name == "" {
		name = "?"
	}
	if id, ok := userID(user); ok {
		return `<a href="tg://user?id=` + strconv.FormatInt(id, 10) + `">` + esc(name) + "</a>"
	}
	return esc(name)
}

// esc escapes text for Telegram's HTML parse mode, which knows &lt; &gt;
// &amp; and &quot;.
func esc(s string) string { return html.EscapeString(s) }

// truncate cuts s to at most n runes, on a rune boundary, marking the cut.
func truncate(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	runes := []rune(s)
	return string(runes[:n-1]) + "…"
}

// allQuiet tells whether a message mentions someone and only players in
// their quiet hours: it is then sent without sound. Telegram cannot mute
// one mention of a message, so a message that also calls someone awake
// notifies as usual.
func allQuiet(ms []bot.Mention) bool {
	for _, m := range ms {
		if !m.Quiet {
			return false
		}
	}
	return len(ms) > 0
}
