package telegram

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/tablee/tablee/adapters/keeper"
	"github.com/tablee/tablee/bot"
)

// One hand message per player and table, as on Discord (adapters/keeper
// keeps them, bot/turns.go says when a hand calls its player to play). A
// hand is edited in place, which notifies no one; a hand that calls the
// player for a turn he was not called for yet is a new message, which
// notifies, and the older one loses its buttons. A player's private chat
// used to get a new hand at each of his turns and each change (about 240
// messages in one session), the old ones keeping buttons that looked
// usable.

// handExtra is what a hand's note keeps besides its message and the turn
// it called its player for: what kind of message it is ("text", "photo",
// or "split": a photo then a text message with the buttons, whose id the
// note keeps) and the picture's key.
type handExtra struct {
	kind   string
	picKey string
}

type handRef = keeper.Ref[handExtra]

// handNotes prefixes the note of a player's hand: "telegram.hand.<user id>".
const handNotes = "telegram.hand."

// handCodec is a hand's note: "<message id> <turn> <kind> [<picture key>]".
// The private chat is the player's: the note does not say it.
var handCodec = keeper.Codec[handExtra]{
	Format: func(r handRef) string {
		return strings.TrimSpace(r.ID + " " + strconv.FormatUint(r.Turn, 10) + " " + r.Extra.kind + " " + r.Extra.picKey)
	},
	Parse: func(s string) (handRef, bool) {
		f := strings.Fields(s)
		if len(f) < 3 {
			return handRef{}, false
		}
		id, err1 := strconv.Atoi(f[0])
		turn, err2 := strconv.ParseUint(f[1], 10, 64)
		r := handRef{ID: f[0], Turn: turn, Extra: handExtra{kind: f[2]}}
		if len(f) > 3 {
			r.Extra.picKey = f[3]
		}
		return r, err1 == nil && err2 == nil && id > 0
	},
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

// hand is a hand on its way to its player's private chat.
type hand struct {
	uid int64
	r   rendered
}

// handSide is how Telegram shows hands.
type handSide struct{ a *Adapter }

func (s handSide) Send(ctx context.Context, place string, h hand, _ *handRef) (handRef, error) {
	id, err := s.a.sendNow(ctx, h.uid, 0, h.r, 0)
	if err != nil || id == 0 {
		return handRef{}, err // 0: queued behind a long 429
	}
	return handRef{Place: place, ID: strconv.Itoa(id), Extra: handExtra{kind: kindOf(h.r), picKey: h.r.photoKey}}, nil
}

// Edit: a hand that could not be edited, for whatever reason, is sent anew.
func (s handSide) Edit(ctx context.Context, at handRef, h hand) (handRef, error) {
	if err := s.a.editHand(ctx, h.uid, at, h.r); err != nil {
		return at, fmt.Errorf("%w: %w", keeper.ErrGone, err)
	}
	at.Extra.picKey = h.r.photoKey
	return at, nil
}

// Strip: only the newest hand can be played from.
func (s handSide) Strip(ctx context.Context, at handRef) {
	uid, _ := strconv.ParseInt(at.Place, 10, 64)
	if e := s.a.stripButtons(ctx, uid, at.ID); e != nil {
		s.a.log.Debug("buttons of an older hand not removed", "user", uid, "err", e)
	}
}

func (s handSide) Delete(ctx context.Context, at handRef) {
	uid, _ := strconv.ParseInt(at.Place, 10, 64)
	s.a.deleteMessage(ctx, uid, at.ID, "older hand not deleted")
}

// deliverHand keeps one hand message per player and table (see above).
func (a *Adapter) deliverHand(ctx context.Context, uid int64, o bot.Out) error {
	r := a.render(o)
	a.rememberAsks(r.asks)
	user := strconv.FormatInt(uid, 10)
	_, err := a.hands.Show(ctx, o.Table, user, user, hand{uid: uid, r: r}, o)
	return err
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
	case kind != prev.Extra.kind || kind == "split" && r.photoKey != prev.Extra.picKey:
		return errOtherKind
	case kind == "photo":
		id, _ := strconv.Atoi(prev.ID)
		e = a.editPhoto(ctx, uid, id, r, r.caption, r.photoKey == prev.Extra.picKey, a.limits.MaxSyncWait)
	default: // text, or the text part of a split hand
		t := r
		if kind == "split" {
			t = restOf(r)
		}
		p := tgbotapi.Params{"chat_id": strconv.FormatInt(uid, 10), "message_id": prev.ID,
			"text": t.text, "parse_mode": "HTML"}
		noLinkPreview(p)
		if t.markup != nil {
			setMarkup(p, "reply_markup", t.markup)
		}
		_, e = a.request(ctx, uid, a.limits.MaxSyncWait, "editMessageText", p)
	}
	if e == nil || e.notModified() {
		return nil
	}
	a.log.Info("hand not edited, sending it anew", "user", uid, "err", e)
	return e
}
