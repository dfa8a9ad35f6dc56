package telegram

import (
	"context"
	"errors"
	"strconv"
	"strings"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/tablee/tablee/bot"
)

// One hand message per player and table, as on Discord (bot/turns.go says
// when a hand calls its player to play). A hand is edited in place, which
// notifies no one; a hand that calls the player for a turn he was not
// called for yet is a new message, which notifies, and the older one loses
// its buttons. A player's private chat used to get a new hand at each of
// his turns and each change (about 240 messages in one session), the old
// ones keeping buttons that looked usable.

// handRef is a player's hand message for a table: its id, the turn it
// called him for, what kind of message it is ("text", "photo", or "split":
// a photo then a text message with the buttons, whose id it is) and the
// picture's key. Kept in the table's note "telegram.hand.<user id>".
type handRef struct {
	msgID  int
	turn   uint64
	kind   string
	picKey string
}

func handNote(uid int64) string { return "telegram.hand." + strconv.FormatInt(uid, 10) }

func (r handRef) String() string {
	return strings.TrimSpace(strconv.Itoa(r.msgID) + " " + strconv.FormatUint(r.turn, 10) + " " + r.kind + " " + r.picKey)
}

func parseHandRef(s string) (handRef, bool) {
	f := strings.Fields(s)
	if len(f) < 3 {
		return handRef{}, false
	}
	id, err1 := strconv.Atoi(f[0])
	turn, err2 := strconv.ParseUint(f[1], 10, 64)
	r := handRef{msgID: id, turn: turn, kind: f[2]}
	if len(f) > 3 {
		r.picKey = f[3]
	}
	return r, err1 == nil && err2 == nil && id > 0
}

// kindOf is the kind of message a rendered hand is sent as.
func kindOf(r rendered) string {
	switch {
	case r.photo == nil:
		return "text"
	case r.full:
		return "photo"
	}
	return "split"
}

// deliverHand keeps one hand message per player and table (see above).
func (a *Adapter) deliverHand(ctx context.Context, uid int64, o bot.Out) error {
	r := a.render(o)
	a.rememberAsks(r.asks)
	prev, ok := parseHandRef(a.core.Note(o.Table, handNote(uid)))
	if ok && !o.Calls(prev.turn, ok) {
		if err := a.editHand(ctx, uid, prev, r); err == nil {
			prev.picKey = r.photoKey
			a.setHand(o.Table, uid, prev)
			return nil
		}
	}
	id, err := a.sendNow(ctx, uid, 0, r, 0)
	if err != nil || id == 0 {
		return err
	}
	if ok && prev.msgID != id {
		// Only the newest hand can be played from.
		p := tgbotapi.Params{"chat_id": strconv.FormatInt(uid, 10), "message_id": strconv.Itoa(prev.msgID)}
		_ = p.AddInterface("reply_markup", tgbotapi.InlineKeyboardMarkup{InlineKeyboard: [][]tgbotapi.InlineKeyboardButton{}})
		if _, e := a.request(ctx, uid, a.limits.MaxSyncWait, "editMessageReplyMarkup", p); e != nil && !e.notModified() {
			a.log.Debug("buttons of an older hand not removed", "user", uid, "err", e)
		}
	}
	a.setHand(o.Table, uid, handRef{msgID: id, turn: o.CalledTurn(prev.turn), kind: kindOf(r), picKey: r.photoKey})
	return nil
}

func (a *Adapter) setHand(table uint64, uid int64, r handRef) {
	if err := a.core.SetNote(table, handNote(uid), r.String()); err != nil {
		a.log.Debug("hand note not saved", "table", table, "err", err)
	}
}

// errOtherKind is a hand that cannot replace the last one in place: a
// text cannot become a photo, nor the reverse, nor a new picture a split
// hand's.
var errOtherKind = errors.New("telegram: the hand changed kind")

// editHand replaces the last hand message with r.
func (a *Adapter) editHand(ctx context.Context, uid int64, prev handRef, r rendered) error {
	kind := kindOf(r)
	var e *apiError
	switch {
	case kind != prev.kind || kind == "split" && r.photoKey != prev.picKey:
		return errOtherKind
	case kind == "photo":
		e = a.editPhoto(ctx, uid, prev.msgID, r, r.caption, r.photoKey == prev.picKey, a.limits.MaxSyncWait)
	default: // text, or the text part of a split hand
		t := r
		if kind == "split" {
			t = restOf(r)
		}
		p := tgbotapi.Params{"chat_id": strconv.FormatInt(uid, 10), "message_id": strconv.Itoa(prev.msgID),
			"text": t.text, "parse_mode": "HTML"}
		noLinkPreview(p)
		if t.markup != nil {
			_ = p.AddInterface("reply_markup", t.markup)
		}
		_, e = a.request(ctx, uid, a.limits.MaxSyncWait, "editMessageText", p)
	}
	if e == nil || e.notModified() {
		return nil
	}
	a.log.Info("hand not edited, sending it anew", "user", uid, "err", e)
	return e
}
