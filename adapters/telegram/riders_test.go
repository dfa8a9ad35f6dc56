package telegram

import (
	"context"
	"strconv"
	"testing"
	"time"
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
