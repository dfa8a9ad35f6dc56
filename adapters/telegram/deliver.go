package telegram

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"strconv"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/tablee/tablee/adapters/keeper"
	"github.com/tablee/tablee/bot"
	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/internal/capped"
	"github.com/tablee/tablee/internal/ratewindow"
	"github.com/tablee/tablee/internal/reuse"
)

// job is one message waiting in a chat's queue.
type job struct {
	chat    int64 // Telegram chat id (after migration: the supergroup)
	topic   int
	key     string // the core's chat key
	table   uint64
	board   bool // the table's board: edited in place
	repost  bool // post the board afresh (it was asked for with /board)
	msg     rendered
	replyTo int
	// urgent: the answer to a command, sent before what can wait
	// (limiter.go) once its turn in the chat's queue comes.
	urgent bool
	// waited: the board waited in the queue for its chat's limit (work).
	waited bool
	// merged counts the later updates of the board merged into it.
	merged int
	// author is the user whose command a group answer answers (0 for
	// anything else): dropped unsent once he is ignored as a flooder.
	author int64
}

type chatQueue struct {
	jobs    []*job
	running bool
}

// Deliver is the core's way to send on its own. Private messages (hands,
// nudges, the hello of a join) are sent at once so that a closed private
// chat is reported as bot.ErrNoPrivate; chat messages are queued and
// Deliver returns at once.
func (a *Adapter) Deliver(ctx context.Context, o bot.Out) error {
	// Once the adapter stopped sending, nothing is sent: the core shows it
	// at the next start (bot.ErrStopping).
	if a.sendCtx.Err() != nil {
		return bot.ErrStopping
	}
	if o.Dest == bot.ToUser {
		uid, ok := userID(o.User)
		if !ok {
			return nil
		}
		ctx = a.privateCtx(ctx, uid)
		// A private message waiting on its chat's limit is cut by the stop.
		ctx, cancel := context.WithCancel(ctx)
		defer cancel()
		defer context.AfterFunc(a.sendCtx, cancel)()
		var err error
		if o.Hand && o.Table != 0 {
			err = a.deliverHand(ctx, uid, o)
		} else {
			err = a.sendPrivate(ctx, uid, o)
		}
		if err != nil && a.sendCtx.Err() != nil {
			return bot.ErrStopping
		}
		return err
	}
	chat, topic, ok := parseChatKey(o.Chat)
	if !ok {
		return nil
	}
	a.enqueue(&job{chat: chat, topic: topic, key: o.Chat, table: o.Table, board: o.Board, msg: a.render(o)})
	return nil
}

// sendPrivate sends an Out to a user's private chat, at once. A user
// Telegram refuses to reach is bot.ErrNoPrivate; a 429 longer than
// MaxSyncWait is queued instead of waited for.
func (a *Adapter) sendPrivate(ctx context.Context, uid int64, o bot.Out) error {
	r := a.render(o)
	a.rememberAsks(r.asks)
	_, e := a.sendNow(ctx, uid, 0, r, 0)
	return e
}

// sendNow sends a rendered message to a chat synchronously.
func (a *Adapter) sendNow(ctx context.Context, chat int64, topic int, r rendered, replyTo int) (int, error) {
	raw, e := a.send(ctx, chat, topic, r, replyTo, a.limits.MaxSyncWait)
	if e == nil {
		return sentID(raw), nil
	}
	switch {
	case chat > 0 && e.unreachable():
		a.smu.Lock()
		capped.Set(a.noDM, chat, true, maxUsers)
		a.smu.Unlock()
		a.log.Info("private chat unreachable", "user", chat, "err", e)
		return 0, bot.ErrNoPrivate
	case e.retryAfter > 0:
		// Waiting longer would hold the table: queue it.
		a.enqueue(&job{chat: chat, topic: topic, key: chatKey(chat, topic), msg: r, replyTo: replyTo, urgent: ratewindow.IsUrgent(ctx)})
		return 0, nil
	}
	a.log.Warn("message not sent", "chat", chat, "err", e)
	return 0, e
}

// send sends a message that is not a board: a text message, or a photo
// with its caption. A photo whose caption cannot say everything is, in a
// private chat, the photo with the title and then the whole text with the
// buttons (a hand is never cut short); elsewhere the caption is cut (see
// fitCaption). A picture that cannot be sent is replaced by the text at
// once; a 429, a closed private chat or a migrated group are returned as
// for a text message.
func (a *Adapter) send(ctx context.Context, chat int64, topic int, r rendered, replyTo int, maxWait time.Duration) (json.RawMessage, *apiError) {
	if r.photo == nil {
		return a.request(ctx, chat, maxWait, "sendMessage", a.messageParams(chat, topic, r, replyTo))
	}
	split := chat > 0 && !r.full
	caption, markup := r.caption, r.markup
	if split {
		caption, markup = r.short, nil
	}
	raw, e := a.sendPicture(ctx, chat, topic, r.photo, r.photoKey, caption, markup, replyTo, r.silent, maxWait)
	if e != nil {
		if !pictureFailed(chat, e) {
			return nil, e
		}
		a.log.Warn("picture not sent, sending the text instead", "chat", chat, "err", e)
		return a.request(ctx, chat, maxWait, "sendMessage", a.messageParams(chat, topic, textOnly(r), replyTo))
	}
	if !split {
		return raw, nil
	}
	raw2, e := a.request(ctx, chat, maxWait, "sendMessage", a.messageParams(chat, topic, restOf(r), 0))
	if e != nil {
		if e.retryAfter > 0 {
			a.enqueue(&job{chat: chat, topic: topic, key: chatKey(chat, topic), msg: restOf(r), urgent: ratewindow.IsUrgent(ctx)})
		} else {
			a.log.Warn("text of a picture not sent", "chat", chat, "err", e)
		}
		return raw, nil
	}
	return raw2, nil
}

// pictureFailed says a failed photo is worth replacing by its text: not a
// rate limit (waited for, or queued), a migrated group (sent again there),
// or a private chat that cannot be reached (bot.ErrNoPrivate).
func pictureFailed(chat int64, e *apiError) bool {
	return e.retryAfter == 0 && e.migrateTo == 0 && !(chat > 0 && e.unreachable())
}

// textOnly is a rendered message without its picture.
func textOnly(r rendered) rendered {
	return rendered{text: r.text, markup: r.markup, asks: r.asks, silent: r.silent}
}

// restOf is the message that follows a photo sent with its short caption
// (render's split).
func restOf(r rendered) rendered {
	t := textOnly(r)
	t.text = r.rest
	return t
}

func (a *Adapter) messageParams(chat int64, topic int, r rendered, reply int) tgbotapi.Params {
	p := tgbotapi.Params{"chat_id": strconv.FormatInt(chat, 10), "text": r.text, "parse_mode": "HTML"}
	noLinkPreview(p)
	if r.silent {
		p["disable_notification"] = "true"
	}
	if topic != 0 {
		// Forum topics are newer than the library: raw parameter.
		p["message_thread_id"] = strconv.Itoa(topic)
	}
	replyTo(p, reply)
	if r.markup != nil {
		setMarkup(p, "reply_markup", r.markup)
	}
	return p
}

func (a *Adapter) rememberAsks(asks map[string]string) {
	if len(asks) == 0 {
		return
	}
	a.smu.Lock()
	defer a.smu.Unlock()
	for k, v := range asks {
		capped.Set(a.asks, k, v, maxAsks) // once emptied, the button's label stands in
	}
}

// enqueue adds a job to its chat's queue, merging it into a pending update
// of the same board, and starts the chat's worker when idle.
func (a *Adapter) enqueue(j *job) {
	if nw := a.newChat(j.chat); nw != 0 {
		j.chat = nw
	}
	a.qmu.Lock()
	defer a.qmu.Unlock()
	q := a.queues[j.chat]
	if q == nil {
		q = &chatQueue{}
		a.queues[j.chat] = q
	}
	if j.board {
		for _, p := range q.jobs {
			if p.board && p.table == j.table && p.key == j.key {
				p.msg = j.msg // pending edits of one message are merged
				p.repost = p.repost || j.repost
				p.urgent = p.urgent || j.urgent
				p.merged++
				return
			}
		}
	}
	q.jobs = append(q.jobs, j)
	if !q.running {
		q.running = true
		a.workers.Add(1)
		chat := j.chat
		reuse.Go(func() { a.work(chat) })
	}
}

// work sends a chat's queue in order, one message at a time.
func (a *Adapter) work(chat int64) {
	defer a.workers.Done()
	for {
		a.qmu.Lock()
		q := a.queues[chat]
		if len(q.jobs) == 0 {
			q.running = false
			delete(a.queues, chat)
			a.qmu.Unlock()
			return
		}
		j := q.jobs[0]
		if j.board && !j.waited {
			// A board waits for the chat's limit in the queue, where the
			// updates queued meanwhile merge into it: a busy group's
			// budget goes to the newest board only, one edit carrying
			// every move since the last one shown.
			j.waited = true
			ctx := a.sendCtx
			if j.urgent { // read under qmu: enqueue may merge into it
				ctx = ratewindow.Urgently(ctx)
			}
			a.qmu.Unlock()
			_ = a.lim.chat(chat).Ready(ctx)
			continue
		}
		q.jobs = q.jobs[1:]
		a.qmu.Unlock()
		if a.sendCtx.Err() != nil {
			continue // stopping: what remains is dropped (and was logged)
		}
		if j.author != 0 && a.core.Ignored(userKey(j.author)) {
			// Answers to a flooder, queued before he was told to slow
			// down: the group's budget is for its other members.
			a.log.Debug("answer to a flooder dropped", "chat", chat, "user", j.author)
			continue
		}
		a.run(j)
	}
}

// run sends one queued job, waiting as long as Telegram asks.
func (a *Adapter) run(j *job) {
	ctx := a.sendCtx
	if j.urgent {
		ctx = ratewindow.Urgently(ctx)
	}
	if j.board {
		a.sendBoard(ctx, j)
		return
	}
	raw, e := a.send(ctx, j.chat, j.topic, j.msg, j.replyTo, time.Hour)
	if e == nil {
		a.seen(j.key, sentID(raw), 0)
		return
	}
	if a.migrated(j, e) {
		return
	}
	a.log.Warn("message not sent", "chat", j.chat, "err", e)
}

// sendBoard shows a queued board: the keeper (kept.go) edits it in place
// or posts it afresh. A busy group (lately moves came faster than its
// boards could be shown, and it has no room left) keeps a board that
// scrolled away in place: posting afresh costs two requests (the new board
// and the deletion of the old one) of a budget each move's board waits for
// (measured: a repost now and then nearly doubled the p99 of a move's
// delay). The board is edited in place until the group's pace leaves room
// for it; /board posts it at once. A picture that cannot be sent gives way
// to the text board at once.
func (a *Adapter) sendBoard(ctx context.Context, j *job) {
	a.smu.Lock()
	crowded := a.crowded[j.table]
	if j.merged > 0 {
		// Updates merged while this one waited.
		crowded = a.opts.Boards.AfterMessages
	} else if crowded > 0 {
		crowded--
	}
	if crowded > 0 {
		capped.Set(a.crowded, j.table, crowded, maxBoards)
	} else {
		delete(a.crowded, j.table)
	}
	a.smu.Unlock()
	hold := func() bool { return crowded > 0 && a.lim.chat(j.chat).Room() < 2 }
	_, err := a.boards.Show(ctx, j.table, chatKey(j.chat, j.topic), j, keeper.Show{Now: a.clock.Now(), Force: j.repost, Hold: hold})
	if errors.Is(err, errTextInstead) {
		a.log.Warn("board picture not sent, showing the text board", "table", j.table, "err", err)
		j.msg = textOnly(j.msg)
		a.sendBoard(ctx, j)
	}
}

// maxBoards bounds the boards kept in memory, maxHands the hands, maxChats
// the chats whose last message (or supergroup, or username) is kept,
// maxUsers the users whose private chat is known, maxAsks the buttons whose
// question is kept.
var (
	maxBoards = 20_000
	maxHands  = 50_000
	maxChats  = 100_000
	maxUsers  = 100_000
	maxAsks   = 20_000
)

// seen counts a message in a chat: boards of that chat drift up. except is
// the table whose board the message is.
func (a *Adapter) seen(key string, msgID int, except uint64) {
	a.smu.Lock()
	if msgID > a.lastSeen[key] {
		capped.Set(a.lastSeen, key, msgID, maxChats)
	}
	a.smu.Unlock()
	a.boards.Passed(key, except, func(r boardRef) bool {
		id, _ := strconv.Atoi(r.ID)
		return msgID > id
	})
}

// newChat is the supergroup a migrated group became, 0 if none.
func (a *Adapter) newChat(chat int64) int64 {
	a.smu.Lock()
	defer a.smu.Unlock()
	return a.toNew[chat]
}

// migrated handles "group chat was upgraded to a supergroup" met while
// sending: the job is sent again to the supergroup (see migrate).
func (a *Adapter) migrated(j *job, e *apiError) bool {
	if e.migrateTo == 0 {
		return false
	}
	a.migrate(j.chat, e.migrateTo)
	j.chat = e.migrateTo
	a.enqueue(j)
	return true
}

// migrate follows a group that became a supergroup: its table moves to the
// supergroup's chat key in the core (so that commands from there find it,
// after a restart too), its board is posted anew there (the group's
// messages can no longer be edited), what is still queued for the group
// goes to the supergroup, and the players are told once.
func (a *Adapter) migrate(old, nw int64) {
	a.smu.Lock()
	known := a.toNew[old] == nw
	capped.Set(a.toNew, old, nw, maxChats)
	a.smu.Unlock()
	oldKey, newKey := chatKey(old, 0), chatKey(nw, 0)
	a.boards.Moved(oldKey, newKey)
	if known {
		return
	}
	moved, err := a.core.MoveChat(oldKey, newKey)
	if err != nil {
		a.log.Warn("group migrated to a supergroup; its table could not follow", "old", old, "new", nw, "err", err)
		return
	}
	a.log.Info("group migrated to a supergroup", "old", old, "new", nw, "table_moved", moved)
	if moved {
		a.enqueue(&job{chat: nw, key: newKey, msg: rendered{text: esc(a.text(a.opts.Lang, "telegram.migrated"))}})
	}
}

// sendPicture posts a picture with an HTML caption: by the file_id of an
// earlier upload of the same picture (same key) when there is one, else by
// a multipart upload. The file_id Telegram gives back is kept for the key.
func (a *Adapter) sendPicture(ctx context.Context, chat int64, topic int, png []byte, key, caption string,
	markup *tgbotapi.InlineKeyboardMarkup, reply int, silent bool, maxWait time.Duration) (json.RawMessage, *apiError) {
	p := tgbotapi.Params{"chat_id": strconv.FormatInt(chat, 10), "caption": caption, "parse_mode": "HTML"}
	if silent {
		p["disable_notification"] = "true"
	}
	if topic != 0 {
		p["message_thread_id"] = strconv.Itoa(topic)
	}
	replyTo(p, reply)
	if markup != nil {
		setMarkup(p, "reply_markup", markup)
	}
	if e := a.refusedBefore("sendPhoto"); e != nil {
		return nil, e
	}
	if id := a.fileID(key); id != "" {
		p["photo"] = id
		raw, e := a.request(ctx, chat, maxWait, "sendPhoto", p)
		if e == nil || !pictureFailed(chat, e) {
			return raw, e
		}
		// The file_id was refused (or the request failed): upload.
		a.log.Debug("picture file_id not reused", "err", e)
		a.forgetFileID(key)
		delete(p, "photo")
	}
	raw, e := a.upload(ctx, chat, maxWait, "sendPhoto", p, "photo", "board.png", png)
	switch {
	case e == nil:
		a.keepFileID(key, raw)
	case e.refusedMethod():
		a.refuse("sendPhoto", e)
	}
	return raw, e
}

// editPhoto edits a photo message: its caption and buttons only when the
// picture is the same (same key), else its media too, by file_id when
// the picture was uploaded before, else by a multipart upload
// (editMessageMedia, media "attach://board").
func (a *Adapter) editPhoto(ctx context.Context, chat int64, msgID int, r rendered, caption string, same bool, maxWait time.Duration) *apiError {
	p := tgbotapi.Params{"chat_id": strconv.FormatInt(chat, 10), "message_id": strconv.Itoa(msgID)}
	if r.markup != nil {
		setMarkup(p, "reply_markup", r.markup)
	}
	if same {
		p["caption"], p["parse_mode"] = caption, "HTML"
		_, e := a.request(ctx, chat, maxWait, "editMessageCaption", p)
		return e
	}
	if e := a.refusedBefore("editMessageMedia"); e != nil {
		return e
	}
	media := func(ref string) {
		p["media"] = mediaJSON(ref, caption)
	}
	if id := a.fileID(r.photoKey); id != "" {
		media(id)
		_, e := a.request(ctx, chat, maxWait, "editMessageMedia", p)
		if e == nil || e.notModified() || e.cannotEdit() || !pictureFailed(chat, e) {
			return e
		}
		a.log.Debug("picture file_id not reused", "err", e)
		a.forgetFileID(r.photoKey)
	}
	media("attach://board")
	raw, e := a.upload(ctx, chat, maxWait, "editMessageMedia", p, "board", "board.png", r.photo)
	switch {
	case e == nil:
		a.keepFileID(r.photoKey, raw)
	case e.refusedMethod():
		a.refuse("editMessageMedia", e)
	}
	return e
}

// maxFileIDs bounds the pictures whose file_id is kept: boards change at
// each move, and an old one is rarely drawn again.
const maxFileIDs = 512

// fileID is the file_id of an uploaded picture, "" if none.
func (a *Adapter) fileID(key string) string {
	if key == "" {
		return ""
	}
	a.smu.Lock()
	defer a.smu.Unlock()
	return a.files[key]
}

// keepFileID remembers the file_id of the largest size of the photo of a
// sent or edited message.
func (a *Adapter) keepFileID(key string, raw json.RawMessage) {
	var m struct {
		Photo []tgbotapi.PhotoSize `json:"photo"`
	}
	if key == "" || json.Unmarshal(raw, &m) != nil || len(m.Photo) == 0 {
		return
	}
	best := m.Photo[0]
	for _, ps := range m.Photo[1:] {
		if ps.Width*ps.Height > best.Width*best.Height {
			best = ps
		}
	}
	if best.FileID == "" {
		return
	}
	a.smu.Lock()
	defer a.smu.Unlock()
	capped.Set(a.files, key, best.FileID, maxFileIDs)
}

// loadFileIDs reads the file_ids kept by the last run (Options.FileIDs).
// A missing or unreadable file is an empty cache: pictures are uploaded
// again.
func (a *Adapter) loadFileIDs() {
	if a.opts.FileIDs == "" {
		return
	}
	data, err := os.ReadFile(a.opts.FileIDs)
	if err != nil {
		return
	}
	var ids map[string]string
	if err := json.Unmarshal(data, &ids); err != nil {
		a.log.Warn("picture file_ids not read; pictures are uploaded again", "path", a.opts.FileIDs, "err", err)
		return
	}
	a.smu.Lock()
	defer a.smu.Unlock()
	for k, v := range ids {
		if len(a.files) < maxFileIDs && k != "" && v != "" {
			a.files[k] = v
		}
	}
}

// saveFileIDs writes the file_ids for the next run, whole or not at all
// (a temporary file renamed over the old one).
func (a *Adapter) saveFileIDs() {
	if a.opts.FileIDs == "" {
		return
	}
	a.smu.Lock()
	data, _ := json.Marshal(a.files)
	a.smu.Unlock()
	tmp := a.opts.FileIDs + ".tmp"
	err := os.WriteFile(tmp, data, 0o600)
	if err == nil {
		err = os.Rename(tmp, a.opts.FileIDs)
	}
	if err != nil {
		a.log.Warn("picture file_ids not saved", "path", a.opts.FileIDs, "err", err)
	}
}

func (a *Adapter) forgetFileID(key string) {
	a.smu.Lock()
	defer a.smu.Unlock()
	delete(a.files, key)
}

// samePicture says whether a message's photo (its sizes' file_ids) is the
// picture of key.
func (a *Adapter) samePicture(key string, ids []string) bool {
	id := a.fileID(key)
	if id == "" {
		return false
	}
	for _, x := range ids {
		if x == id {
			return true
		}
	}
	return false
}

// text renders one of the adapter's own texts.
func (a *Adapter) text(lang i18n.Lang, key string, args ...any) string {
	return i18n.Renderer{Lang: lang}.Text(i18n.T(key, args...))
}

// idle reports whether nothing is being handled or sent (tests).
func (a *Adapter) idle() bool {
	a.qmu.Lock()
	q := len(a.queues)
	a.qmu.Unlock()
	a.imu.Lock()
	i := len(a.inboxes)
	a.imu.Unlock()
	a.rides.mu.Lock()
	r := len(a.rides.q)
	a.rides.mu.Unlock()
	return q == 0 && i == 0 && r == 0
}
