package telegram

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"
)

// stripped tells whether a message of the fake has no buttons left.
func stripped(h *harness, chat int64, id int) bool {
	for _, m := range h.f.messages(chat) {
		if m.ID == id {
			return m.Markup == nil || len(m.Markup.InlineKeyboard) == 0
		}
	}
	h.t.Fatalf("message %d of %d not found", id, chat)
	return false
}

// A call whose result is not read rides the next webhook answer, which
// Telegram performs; the update is played as before.
func TestUnreadCallRidesTheWebhookAnswer(t *testing.T) {
	h, _, _ := newHookHarness(t, 1, func(o *Options) { o.riderWait = time.Hour })
	h.openTable(group, 0)
	board := h.board(group, 0)
	if stripped(h, group, board.ID) {
		t.Fatal("the board has no buttons to remove")
	}
	if e := h.a.stripButtons(context.Background(), group, strconv.Itoa(board.ID)); e != nil {
		t.Fatal(e)
	}
	if stripped(h, group, board.ID) || len(h.f.callsOf("editMessageReplyMarkup")) != 0 {
		t.Fatal("the buttons were removed before an answer went to Telegram")
	}
	handled := h.a.handled.Load()
	h.say(carol, group, 0, "hello") // answered: the call rides the answer
	calls := h.f.callsOf("editMessageReplyMarkup")
	if len(calls) != 1 || !calls[0].Answer || calls[0].Params["message_id"] != strconv.Itoa(board.ID) {
		t.Fatalf("editMessageReplyMarkup: %+v", calls)
	}
	if !stripped(h, group, board.ID) {
		t.Fatal("the call the answer carried was not performed")
	}
	if h.a.handled.Load() != handled+1 {
		t.Fatal("the update was not played")
	}
}

// With no answer to ride within riderWait, the call is made on its own.
func TestUnreadCallWithNoAnswerIsMadeAlone(t *testing.T) {
	h, _, _ := newHookHarness(t, 1, func(o *Options) { o.riderWait = 20 * time.Millisecond })
	h.openTable(group, 0)
	board := h.board(group, 0)
	if e := h.a.stripButtons(context.Background(), group, strconv.Itoa(board.ID)); e != nil {
		t.Fatal(e)
	}
	h.settle() // idle only once the call waiting was made
	calls := h.f.callsOf("editMessageReplyMarkup")
	if len(calls) != 1 || calls[0].Answer || !stripped(h, group, board.ID) {
		t.Fatalf("editMessageReplyMarkup: %+v", calls)
	}
}

// getUpdates has no answer to ride: the call is made at once.
func TestUnreadCallWhenPollingIsMadeAtOnce(t *testing.T) {
	h := newHarness(t)
	h.openTable(group, 0)
	board := h.board(group, 0)
	if e := h.a.stripButtons(context.Background(), group, strconv.Itoa(board.ID)); e != nil {
		t.Fatal(e)
	}
	if calls := h.f.callsOf("editMessageReplyMarkup"); len(calls) != 1 || calls[0].Answer || !stripped(h, group, board.ID) {
		t.Fatalf("editMessageReplyMarkup: %+v", calls)
	}
}

// BenchmarkUnreadCall is the bot's side of a call whose result is not
// read (an older hand's buttons removed): made as a request of its own
// (to a server that answers at once, so that little but the client's
// work is counted), or riding a webhook's answer, written into it.
func BenchmarkUnreadCall(b *testing.B) {
	bare := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"ok":true,"result":true}`)
	}))
	defer bare.Close()
	h, _, _ := newHookHarness(b, 1, func(o *Options) { o.riderWait = time.Hour })
	a := h.a
	strip := func() tgbotapi.Params {
		p := tgbotapi.Params{"chat_id": "123456", "message_id": "42"}
		setMarkup(p, "reply_markup", &tgbotapi.InlineKeyboardMarkup{InlineKeyboard: [][]tgbotapi.InlineKeyboardButton{}})
		return p
	}
	ctx := context.Background()
	b.Run("call", func(b *testing.B) {
		a.api.SetAPIEndpoint(bare.URL + "/bot%s/%s")
		b.ReportAllocs()
		for range b.N {
			if _, e := a.request(ctx, 123456, time.Second, "editMessageReplyMarkup", strip()); e != nil {
				b.Fatal(e)
			}
		}
	})
	b.Run("ride", func(b *testing.B) {
		b.ReportAllocs()
		for range b.N {
			if e := a.requestUnread(ctx, 123456, time.Second, "editMessageReplyMarkup", strip()); e != nil {
				b.Fatal(e)
			}
			a.answerHook(httptest.NewRecorder())
		}
	})
}
