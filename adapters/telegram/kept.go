package telegram

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/tablee/tablee/adapters/keeper"
)

// A group's board is kept in place by adapters/keeper; this file is
// Telegram's side of it: how a board is posted, edited and deleted, which
// of the Bot API's answers mean that it can no longer be edited, and its
// note (in the format it always had).

// boardExtra is what the adapter knows of a board besides where it is:
// whether it is a photo (the board had a picture), the PictureKey of its
// picture ("" when unknown), and the group's public username its note
// kept, for links after a restart until the group speaks again (link.go).
type boardExtra struct {
	photo   bool
	picKey  string
	pubName string
}

type boardRef = keeper.Ref[boardExtra]

// boardCodec is the board note: "<message id>", then "photo" for a board
// with a picture and "@<username>" for a public group. The chat is the
// table's. How far the board scrolled while the bot was down is unknown:
// a board read from its note counts one message after it, so that edits
// soon move it down (Settings.AfterEdits).
var boardCodec = keeper.Codec[boardExtra]{
	Format: func(r boardRef) string {
		note := r.ID
		if r.Extra.photo {
			note += " photo"
		}
		if r.Extra.pubName != "" {
			note += " @" + r.Extra.pubName
		}
		return note
	},
	Parse: func(s string) (boardRef, bool) {
		f := strings.Fields(s)
		if len(f) == 0 {
			return boardRef{}, false
		}
		if _, err := strconv.Atoi(f[0]); err != nil {
			return boardRef{}, false
		}
		r := boardRef{ID: f[0], Since: 1}
		for _, w := range f[1:] {
			switch {
			case w == "photo":
				r.Extra.photo = true
			case strings.HasPrefix(w, "@"):
				r.Extra.pubName = w[1:]
			}
		}
		return r, true
	},
}

// errTextInstead is a board whose picture could not be sent: the text
// board is shown instead (sendBoard). errShown is a failure the adapter
// handled already (logged, or sent again to a supergroup).
var (
	errTextInstead = errors.New("telegram: the board's picture was not sent")
	errShown       = errors.New("telegram: the board was not shown")
)

// boardSide is how Telegram shows a group's board. A board with a picture
// is a photo whose caption is edited alone while the picture stays the
// same, and whose media is replaced when it changed; a text board cannot
// become a photo (nor the reverse): it is posted afresh, and the old one
// deleted.
type boardSide struct{ a *Adapter }

func (s boardSide) Edit(ctx context.Context, at boardRef, j *job) (boardRef, error) {
	a := s.a
	photo := j.msg.photo != nil
	if photo != at.Extra.photo {
		return at, keeper.ErrGone
	}
	var e *apiError
	if photo {
		id, _ := strconv.Atoi(at.ID)
		e = a.editPhoto(ctx, j.chat, id, j.msg, j.msg.caption, at.Extra.picKey != "" && at.Extra.picKey == j.msg.photoKey, time.Hour)
	} else {
		p := tgbotapi.Params{"chat_id": strconv.FormatInt(j.chat, 10), "message_id": at.ID,
			"text": j.msg.text, "parse_mode": "HTML"}
		noLinkPreview(p)
		if j.msg.markup != nil {
			setMarkup(p, "reply_markup", j.msg.markup)
		}
		_, e = a.request(ctx, j.chat, time.Hour, "editMessageText", p)
	}
	switch {
	case e == nil || e.notModified():
		if photo {
			at.Extra.picKey = j.msg.photoKey
		}
		if e != nil {
			return at, keeper.ErrUnchanged
		}
		return at, nil
	case a.migrated(j, e):
		return at, errShown
	case e.cannotEdit():
		a.log.Info("board cannot be edited, posting it again", "table", j.table, "err", e)
		return at, fmt.Errorf("%w: %w", keeper.ErrGone, e)
	case photo && pictureFailed(j.chat, e):
		return at, fmt.Errorf("%w: %w", errTextInstead, e)
	}
	a.log.Warn("board not updated", "table", j.table, "err", e)
	return at, errShown
}

func (s boardSide) Send(ctx context.Context, place string, j *job, prev *boardRef) (boardRef, error) {
	a := s.a
	photo := j.msg.photo != nil
	var raw []byte
	var e *apiError
	if photo {
		raw, e = a.sendPicture(ctx, j.chat, j.topic, j.msg.photo, j.msg.photoKey, j.msg.caption, j.msg.markup, 0, j.msg.silent, time.Hour)
		if e != nil && pictureFailed(j.chat, e) {
			return boardRef{}, fmt.Errorf("%w: %w", errTextInstead, e)
		}
	} else {
		raw, e = a.request(ctx, j.chat, time.Hour, "sendMessage", a.messageParams(j.chat, j.topic, j.msg, 0))
	}
	if e != nil {
		if !a.migrated(j, e) {
			a.log.Warn("board not posted", "table", j.table, "err", e)
		}
		return boardRef{}, errShown
	}
	id := sentID(raw)
	a.seen(place, id, j.table)
	var kept string
	if prev != nil {
		kept = prev.Extra.pubName
	}
	return boardRef{Place: place, ID: strconv.Itoa(id),
		Extra: boardExtra{photo: photo, picKey: j.msg.photoKey, pubName: a.pubName(j.chat, kept)}}, nil
}

func (s boardSide) Strip(ctx context.Context, at boardRef) {
	if chat, _, ok := parseChatKey(at.Place); ok {
		if e := s.a.stripButtons(ctx, chat, at.ID); e != nil {
			s.a.log.Debug("buttons of an older board not removed", "chat", chat, "err", e)
		}
	}
}

func (s boardSide) Delete(ctx context.Context, at boardRef) {
	if chat, _, ok := parseChatKey(at.Place); ok {
		s.a.deleteMessage(ctx, chat, at.ID, "old board not deleted")
	}
}

// stripButtons removes the buttons of a message; one that has none left is
// fine.
func (a *Adapter) stripButtons(ctx context.Context, chat int64, msgID string) *apiError {
	p := tgbotapi.Params{"chat_id": strconv.FormatInt(chat, 10), "message_id": msgID}
	setMarkup(p, "reply_markup", &tgbotapi.InlineKeyboardMarkup{InlineKeyboard: [][]tgbotapi.InlineKeyboardButton{}})
	if e := a.requestUnread(ctx, chat, a.limits.MaxSyncWait, "editMessageReplyMarkup", p); e != nil && !e.notModified() {
		return e
	}
	return nil
}

// deleteMessage deletes a message, logging why it could not.
func (a *Adapter) deleteMessage(ctx context.Context, chat int64, msgID, why string) {
	p := tgbotapi.Params{"chat_id": strconv.FormatInt(chat, 10), "message_id": msgID}
	if e := a.requestUnread(ctx, chat, time.Hour, "deleteMessage", p); e != nil {
		a.log.Debug(why, "chat", chat, "err", e)
	}
}
