package telegram

import (
	"testing"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/tablee/tablee/internal/jsonw/jsonwtest"
)

// TestMarkupIsWhatMarshalWrites: the parameters the adapter writes itself
// are what p.AddInterface (json.Marshal) wrote.
func TestMarkupIsWhatMarshalWrites(t *testing.T) {
	str := func(s string) *string { return &s }
	keyboards := []*tgbotapi.InlineKeyboardMarkup{
		{},
		{InlineKeyboard: [][]tgbotapi.InlineKeyboardButton{}},
		{InlineKeyboard: [][]tgbotapi.InlineKeyboardButton{nil, {}}},
		{InlineKeyboard: [][]tgbotapi.InlineKeyboardButton{
			{{Text: "E → 2", CallbackData: str("m7:E droite 2")}, {Text: `"<&>" \ é ★`, CallbackData: str("p\u2028\xff")}},
			{{Text: "Rejoindre", URL: str("https://t.me/tablee_bot?start=j1_x&y=<z>")}, {Text: ""}},
		}},
		{InlineKeyboard: [][]tgbotapi.InlineKeyboardButton{{{Text: "pay", Pay: true}, {Text: "q", SwitchInlineQuery: str("")}}}},
	}
	for _, m := range keyboards {
		want := tgbotapi.Params{}
		if err := want.AddInterface("reply_markup", m); err != nil {
			t.Fatal(err)
		}
		got := tgbotapi.Params{}
		setMarkup(got, "reply_markup", m)
		if got["reply_markup"] != want["reply_markup"] {
			t.Errorf("setMarkup wrote %s, AddInterface %s", got["reply_markup"], want["reply_markup"])
		}
	}
	none := tgbotapi.Params{}
	setMarkup(none, "reply_markup", nil)
	if len(none) != 0 {
		t.Errorf("no buttons set %v", none)
	}
	check := func(what, got string, v any) {
		t.Helper()
		jsonwtest.SameAsMarshal(t, what, v, []byte(got))
	}
	for _, c := range []struct{ ref, caption string }{{"attach://board", "<b>Crack Word</b> — à toi"}, {"AgAC\"x", "\xfe&"}} {
		check("media", mediaJSON(c.ref, c.caption), map[string]string{"type": "photo", "media": c.ref, "caption": c.caption, "parse_mode": "HTML"})
	}
	check("link preview", linkPreviewOff, linkPreviewOptions{IsDisabled: true})
	for _, id := range []int{1, 123456789, -5} {
		check("reply", replyJSON(id), replyParameters{MessageID: id, AllowSendingWithoutReply: true})
	}
}

// BenchmarkMarkup writes the buttons of a Crack Word hand (a row of cards,
// a row of places) as the adapter does, and as AddInterface did.
func BenchmarkMarkup(b *testing.B) {
	var m tgbotapi.InlineKeyboardMarkup
	for r := 0; r < 3; r++ {
		var row []tgbotapi.InlineKeyboardButton
		for c := 0; c < 4; c++ {
			data := "m12:E droite " + string(rune('1'+c))
			row = append(row, tgbotapi.InlineKeyboardButton{Text: "E → " + string(rune('1'+c)), CallbackData: &data})
		}
		m.InlineKeyboard = append(m.InlineKeyboard, row)
	}
	b.Run("setMarkup", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			setMarkup(tgbotapi.Params{}, "reply_markup", &m)
		}
	})
	b.Run("AddInterface", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			_ = tgbotapi.Params{}.AddInterface("reply_markup", &m)
		}
	})
}
