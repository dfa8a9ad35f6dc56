package telegram

import (
	"html"
	"strconv"
	"strings"
	"unicode/utf8"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/tablee/tablee/bot"
)

// Telegram's limits on what one message may hold.
const (
	maxMessageRunes  = 4096 // text of a message, entities parsed
	maxAlertRunes    = 200  // text of an answerCallbackQuery
	maxCallbackBytes = 64   // callback_data
	maxTextRunes     = 3500 // what is kept of an Out's Text, leaving room for title, board and mentions
)

// rendered is an Out laid out for Telegram: HTML text and an inline
// keyboard. A later issue adds pictures of boards: photo will then hold the
// PNG and text become its caption (see sendPhoto).
type rendered struct {
	text   string // HTML
	markup *tgbotapi.InlineKeyboardMarkup
	photo  []byte
	asks   map[string]string // callback data -> the free word it asks for
}

// render lays an Out out in HTML (parse_mode HTML): the title in bold, the
// board in <pre>, the text, then the mentions as tg://user links. Every
// piece of text from the core is escaped: a player named "<b>" stays text.
func (a *Adapter) render(o bot.Out) rendered {
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
	r := rendered{text: strings.Join(parts, "\n\n")}
	if r.text == "" {
		r.text = "…"
	}
	r.markup, r.asks = a.keyboard(o)
	return r
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
	if len(rows) == 0 {
		return nil, asks
	}
	return &tgbotapi.InlineKeyboardMarkup{InlineKeyboard: rows}, asks
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
