package telegram

import (
	"encoding/json"
	"strconv"
	"strings"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/tablee/tablee/internal/jsonw"
)

// setMarkup sets a message's buttons as the parameter key, as
// p.AddInterface(key, m) does: what json.Marshal writes of them, byte for
// byte (TestMarkupIsWhatMarshalWrites), written without its reflection,
// since every board, hand and answer carries buttons. nil sets nothing.
func setMarkup(p tgbotapi.Params, key string, m *tgbotapi.InlineKeyboardMarkup) {
	if m == nil {
		return
	}
	p[key] = markupJSON(m)
}

// markupJSON is json.Marshal(m) for the buttons the adapter makes (a
// text with callback data or a link); a keyboard with any other button
// is left to json.Marshal.
func markupJSON(m *tgbotapi.InlineKeyboardMarkup) string {
	n := 24
	for _, row := range m.InlineKeyboard {
		for _, b := range row {
			if b.LoginURL != nil || b.SwitchInlineQuery != nil || b.SwitchInlineQueryCurrentChat != nil || b.CallbackGame != nil || b.Pay {
				data, _ := json.Marshal(m)
				return string(data)
			}
			n += 40 + len(b.Text)
		}
	}
	out := append(make([]byte, 0, n), `{"inline_keyboard":`...)
	out = jsonw.AppendArray(out, m.InlineKeyboard, func(b []byte, row []tgbotapi.InlineKeyboardButton) []byte {
		return jsonw.AppendArray(b, row, appendButton)
	})
	return string(append(out, '}'))
}

// webAppPrefix marks a web_app button (webButton), carried in the URL
// of the library's button, which has no web_app field: markupJSON writes
// it as the Bot API's "web_app":{"url":…} (WebAppInfo).
const webAppPrefix = "web_app:"

// appendButton writes a button of a text with callback data, a link or a
// web_app.
func appendButton(b []byte, btn tgbotapi.InlineKeyboardButton) []byte {
	b = jsonw.AppendString(append(b, `{"text":`...), btn.Text)
	if btn.URL != nil && strings.HasPrefix(*btn.URL, webAppPrefix) {
		b = jsonw.AppendString(append(b, `,"web_app":{"url":`...), strings.TrimPrefix(*btn.URL, webAppPrefix))
		return append(b, "}}"...)
	}
	if btn.URL != nil {
		b = jsonw.AppendString(append(b, `,"url":`...), *btn.URL)
	}
	if btn.CallbackData != nil {
		b = jsonw.AppendString(append(b, `,"callback_data":`...), *btn.CallbackData)
	}
	return append(b, '}')
}

// mediaJSON is json.Marshal of the InputMediaPhoto of an edited board
// (editMessageMedia's media): its keys in the order json.Marshal writes a
// map's.
func mediaJSON(ref, caption string) string {
	out := make([]byte, 0, 64+len(ref)+len(caption))
	out = jsonw.AppendString(append(out, `{"caption":`...), caption)
	out = jsonw.AppendString(append(out, `,"media":`...), ref)
	return string(append(out, `,"parse_mode":"HTML","type":"photo"}`...))
}

// linkPreviewOff is json.Marshal(linkPreviewOptions{IsDisabled: true}).
const linkPreviewOff = `{"is_disabled":true}`

// replyJSON is json.Marshal(replyParameters{MessageID: msgID,
// AllowSendingWithoutReply: true}).
func replyJSON(msgID int) string {
	return `{"message_id":` + strconv.Itoa(msgID) + `,"allow_sending_without_reply":true}`
}
