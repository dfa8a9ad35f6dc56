package telegram

import (
	"context"
	"encoding/json"
	"errors"
	"net/url"
	"strconv"
	"strings"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/tablee/tablee/bot"
	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/internal/capped"
	"github.com/tablee/tablee/internal/ratewindow"
	"github.com/tablee/tablee/internal/reuse"
	"github.com/tablee/tablee/store"
)

// update is the library's Update plus the forum-topic fields it predates.
type update struct {
	tgbotapi.Update
	topic   int // the message's topic, when it is a forum topic message
	cbTopic int // the same for the message of a pressed button
	// played receives, once, true when the update was handled or dropped
	// as played already, false when another process plays it now.
	played chan bool
	raw    json.RawMessage // as Telegram sent it (kept aside at a stop: stop.go)
}

type topicFields struct {
	ThreadID int  `json:"message_thread_id"`
	IsTopic  bool `json:"is_topic_message"`
}

func (t *topicFields) topic() int {
	if t == nil || !t.IsTopic {
		return 0
	}
	return t.ThreadID
}

func decodeUpdate(raw []byte) (update, error) {
	u := update{raw: raw}
	if err := json.Unmarshal(raw, &u.Update); err != nil {
		return u, err
	}
	var x struct {
		Message       *topicFields `json:"message"`
		CallbackQuery *struct {
			Message *topicFields `json:"message"`
		} `json:"callback_query"`
	}
	if err := json.Unmarshal(raw, &x); err != nil {
		return u, err
	}
	u.topic = x.Message.topic()
	if x.CallbackQuery != nil {
		u.cbTopic = x.CallbackQuery.Message.topic()
	}
	return u, nil
}

type inbox struct {
	updates []update
	running bool
}

// dispatch hands an update to its chat's goroutine: updates of one chat
// are handled in order, chats in parallel. The channel it returns receives
// true once the update was handled, or dropped as already played, false
// when another process plays it now (Options.Seen).
func (a *Adapter) dispatch(ctx context.Context, u update) <-chan bool {
	u.played = make(chan bool, 1)
	var chat int64
	switch {
	case u.Message != nil && u.Message.Chat != nil:
		chat = u.Message.Chat.ID
	case u.CallbackQuery != nil && u.CallbackQuery.Message != nil && u.CallbackQuery.Message.Chat != nil:
		chat = u.CallbackQuery.Message.Chat.ID
	case u.CallbackQuery != nil && u.CallbackQuery.From != nil:
		chat = u.CallbackQuery.From.ID
	default:
		a.handled.Add(1)
		a.settle(u.UpdateID)
		u.played <- true
		return u.played
	}
	a.imu.Lock()
	defer a.imu.Unlock()
	if a.stopped() { // under imu: serveChat empties the inboxes under it
		u.played <- false // comes again, to the next run
		a.obs.LeftAtStop("telegram", 1)
		return u.played
	}
	in := a.inboxes[chat]
	if in == nil {
		in = &inbox{}
		a.inboxes[chat] = in
	}
	in.updates = append(in.updates, u)
	if !in.running {
		in.running = true
		a.handlers.Add(1)
		// The update being played when the stop begins is finished, its
		// answers sent within answerGrace (stop.play); the ones queued
		// behind it are not played (stop.go).
		play := a.stop.play
		reuse.Go(func() { a.serveChat(play, chat) })
	}
	return u.played
}

func (a *Adapter) serveChat(ctx context.Context, chat int64) {
	defer a.handlers.Done()
	for {
		a.imu.Lock()
		in := a.inboxes[chat]
		if a.stopped() {
			// Left unclaimed and unconfirmed: they come again.
			for _, u := range in.updates {
				u.played <- false
			}
			a.obs.LeftAtStop("telegram", len(in.updates))
			in.updates = nil
		}
		if len(in.updates) == 0 {
			delete(a.inboxes, chat)
			a.imu.Unlock()
			return
		}
		u := in.updates[0]
		in.updates = in.updates[1:]
		a.imu.Unlock()
		if u.Message != nil && u.Message.From != nil && a.core.Ignored(userKey(u.Message.From.ID)) {
			// A flooder told to slow down: the core would answer nothing;
			// dropped before its claim is written, so that the chat's
			// other members do not wait behind a write per message of his;
			// counted as the core counts the ones it refuses. Settled as
			// played, or getUpdates's offset would stay on it: given
			// again at every poll, and again after a restart.
			a.obs.RateLimited(bot.ScopeUser)
			a.handled.Add(1)
			a.settle(u.UpdateID)
			u.played <- true
			continue
		}
		// The update is claimed when its turn comes, not when it
		// arrives: a process killed with updates queued leaves them
		// unclaimed, and Telegram's retry of them is played elsewhere.
		key, claim := a.claim(u)
		if claim == store.ClaimFresh {
			uctx, cut := withCutMark(ctx)
			uctx, ev := withEvent(uctx, key)
			a.handle(uctx, u)
			if cut.Load() {
				// The stop cut an answer before it was sent: not
				// recorded as played, the update comes again (stop.go);
				// one whose move was saved is then dropped as played.
				a.log.Info("update cut by the stop; it comes again", "update", u.UpdateID)
				a.handled.Add(1)
				u.played <- false
				continue
			}
			if !ev.Recorded() {
				// Its play saved no move (an answer, a refusal): its
				// answers are on their way, its own write follows.
				a.markPlayed(key)
			}
		}
		a.handled.Add(1)
		if claim != store.ClaimHeld {
			a.settle(u.UpdateID)
		}
		u.played <- claim != store.ClaimHeld
	}
}

func (a *Adapter) handle(ctx context.Context, u update) {
	defer func() {
		if r := recover(); r != nil {
			a.log.Error("update handler panicked", "update", u.UpdateID, "panic", r)
		}
	}()
	// Its answers are what someone waits for now (limiter.go), and so is
	// his hand, which the deliverer shows after his move.
	ctx = ratewindow.Urgently(ctx)
	switch {
	case u.CallbackQuery != nil && u.CallbackQuery.From != nil:
		a.noteAsked(u.CallbackQuery.From.ID)
	case u.Message != nil && u.Message.From != nil:
		a.noteAsked(u.Message.From.ID)
	}
	switch {
	case u.CallbackQuery != nil:
		a.onCallback(ctx, u.CallbackQuery, u.cbTopic)
	case u.Message != nil:
		a.onMessage(ctx, u.Message, u.topic)
	}
}

// origin is where a command came from, to answer it there.
type origin struct {
	chat     int64 // Telegram chat id
	topic    int
	key      string // the core's chat key
	msgID    int    // the command's message, or the message of the pressed button
	from     *tgbotapi.User
	private  bool
	callback string // the callback query to answer, "" for a typed command
	answered bool
	photo    []string // file_ids of the pressed message's photo: it is a photo
}

func (a *Adapter) user(f *tgbotapi.User) bot.User {
	name := strings.TrimSpace(f.FirstName + " " + f.LastName)
	if name == "" && f.UserName != "" {
		name = "@" + f.UserName
	}
	if name == "" {
		name = strconv.FormatInt(f.ID, 10)
	}
	lang, _ := i18n.ParseLang(f.LanguageCode)
	return bot.User{ID: userKey(f.ID), Name: truncate(name, 64), Lang: lang}
}

func (a *Adapter) langOf(f *tgbotapi.User) i18n.Lang {
	if f != nil {
		if l, ok := i18n.ParseLang(f.LanguageCode); ok {
			return l
		}
	}
	return a.opts.Lang
}

// forMe is false for a command addressed to another bot ("/play@OtherBot").
func (a *Adapter) forMe(text string) bool {
	first, _, _ := strings.Cut(strings.TrimSpace(text), " ")
	_, bot, found := strings.Cut(first, "@")
	return !found || strings.EqualFold(bot, a.username)
}

// addressed tells whether a command names this bot: "/play@TableeBot".
func (a *Adapter) addressed(text string) bool {
	first, _, _ := strings.Cut(strings.TrimSpace(text), " ")
	_, bot, found := strings.Cut(first, "@")
	return found && strings.EqualFold(bot, a.username)
}

func (a *Adapter) onMessage(ctx context.Context, m *tgbotapi.Message, topic int) {
	if m.Chat == nil {
		return
	}
	if m.MigrateToChatID != 0 {
		a.migrate(m.Chat.ID, m.MigrateToChatID)
		return
	}
	if m.MigrateFromChatID != 0 {
		a.migrate(m.MigrateFromChatID, m.Chat.ID)
		return
	}
	if m.From == nil || m.From.IsBot {
		return
	}
	switch m.Chat.Type {
	case "private":
		a.onPrivate(ctx, m)
	case "group", "supergroup":
		a.onGroup(ctx, m, topic)
	}
}

var playNames = map[string]bool{"play": true, "jouer": true, "nouvelle": true, "new": true}

func (a *Adapter) onGroup(ctx context.Context, m *tgbotapi.Message, topic int) {
	key := chatKey(m.Chat.ID, topic)
	a.learnChat(m.Chat)
	a.learnHandle(m.From)
	a.seen(key, m.MessageID, 0)
	name, args, ok := bot.ParseText(m.Text)
	if !ok || !a.forMe(m.Text) {
		return
	}
	if !a.addressed(m.Text) && !bot.IsCommand(name) {
		// A group has other bots: "/rank" meant for one of them is not
		// ours to refuse. Named with our @username, it is.
		return
	}
	org := &origin{chat: m.Chat.ID, topic: topic, key: key, msgID: m.MessageID, from: m.From}
	// The group is the server of its topics: one leaderboard for all.
	cmd := bot.Command{Chat: key, Server: chatKey(m.Chat.ID, 0), User: a.user(m.From), Name: name, Args: args, Event: eventOf(ctx)}
	if a.core.ModeratorMatters(cmd) {
		cmd.Moderator = a.moderates(ctx, m.Chat.ID, m.From.ID)
		if bot.CommandName(name) == "kick" {
			if target, mention := kickTarget(m, topic); target != 0 && (mention || len(args) == 0) {
				cmd.Args = []string{userKey(target)}
			} else if len(args) == 1 {
				if id := a.handleOf(args[0]); id != 0 {
					cmd.Args = []string{userKey(id)}
				}
			}
		}
	}
	outs := a.core.Handle(ctx, cmd)
	a.answer(ctx, org, outs)
	if playNames[name] && opened(outs) {
		a.probe(ctx, org, bot.CleanName(m.Chat.Title))
	}
}

// opened tells whether the answers of /play say a table was opened.
func opened(outs []bot.Out) bool {
	ok := false
	for _, o := range outs {
		if o.Refusal {
			return false
		}
		if o.Ack && o.Table != 0 {
			ok = true
		}
	}
	return ok
}

// probe says hello in private to the creator of a table, unless he wrote
// in private during this run: the core checks the private chats of those
// who join, and the creator must be reachable too, or he would never get
// his hand. A refusal is told to the core, which then refuses to start.
func (a *Adapter) probe(ctx context.Context, org *origin, title string) {
	uid := org.from.ID
	a.smu.Lock()
	known := a.opened[uid]
	a.smu.Unlock()
	if known {
		return
	}
	lang := a.langOf(org.from)
	// The hello can wait: the answers of other users go first.
	err := a.sendPrivate(ratewindow.CanWait(ctx), uid, bot.Out{Text: a.text(lang, "telegram.hello", title)})
	switch {
	case err == nil:
		a.smu.Lock()
		capped.Set(a.opened, uid, true, maxUsers)
		a.smu.Unlock()
		a.core.SetPrivateReachable(userKey(uid), true)
	case errors.Is(err, bot.ErrNoPrivate):
		a.core.SetPrivateReachable(userKey(uid), false)
		text := a.text(lang, "telegram.dm_closed_you", a.user(org.from).Name, a.deepLink(""))
		a.enqueue(&job{chat: org.chat, topic: org.topic, key: org.key, msg: rendered{text: esc(text)}, replyTo: org.msgID, urgent: true})
	}
}

// privateOpened records that a user wrote to the bot in private: he can be
// reached there, which the core learns at once (a game it refused to start
// for him may start now).
func (a *Adapter) privateOpened(uid int64) {
	a.smu.Lock()
	was, closed := a.opened[uid], a.noDM[uid]
	capped.Set(a.opened, uid, true, maxUsers)
	delete(a.noDM, uid)
	a.smu.Unlock()
	if !was || closed {
		a.core.SetPrivateReachable(userKey(uid), true)
	}
}

func (a *Adapter) onPrivate(ctx context.Context, m *tgbotapi.Message) {
	uid := m.From.ID
	a.privateOpened(uid)
	key := chatKey(uid, 0)
	org := &origin{chat: uid, key: key, msgID: m.MessageID, from: m.From, private: true}
	u := a.user(m.From)
	name, args, ok := bot.ParseText(m.Text)
	if ok {
		if !a.forMe(m.Text) {
			return
		}
		a.smu.Lock()
		delete(a.pending, uid) // a command drops a word being asked for
		a.smu.Unlock()
		cmd := bot.Command{Chat: key, Private: true, User: u, Name: name, Args: args, Event: eventOf(ctx)}
		if name == "start" {
			// The deep link of a Join button: "/start j<table>_<secret>".
			if len(args) > 0 && strings.HasPrefix(args[0], "j") {
				cmd.Name, cmd.Args = "join", args[:1]
				outs := a.core.Handle(ctx, cmd)
				a.answer(ctx, org, outs)
				if refused(outs) {
					// Already seated (he came to open the private chat) or
					// the table is gone: either way he can be reached now.
					a.sendNow(ctx, uid, 0, rendered{text: esc(a.text(a.langOf(m.From), "telegram.private_ok"))}, 0)
				}
				return
			}
			cmd.Name, cmd.Args = "help", nil
		}
		a.answer(ctx, org, a.core.Handle(ctx, cmd))
		return
	}
	// Free text: the word a button asked for, if one did.
	a.smu.Lock()
	p, waiting := a.pending[uid]
	if waiting && (m.ReplyToMessage == nil || m.ReplyToMessage.MessageID == p.prompt) {
		delete(a.pending, uid)
	} else {
		waiting = false
	}
	a.smu.Unlock()
	if !waiting {
		// A reply to a prompt asked before a restart: the prompt says
		// which button it was for.
		p.data, waiting = a.askedIn(m.ReplyToMessage)
	}
	if !waiting || strings.TrimSpace(m.Text) == "" {
		return
	}
	cmd := bot.Command{Chat: key, Private: true, User: u, Payload: p.data, Text: strings.TrimSpace(m.Text), Event: eventOf(ctx)}
	a.answer(ctx, org, a.core.Handle(ctx, cmd))
}

func refused(outs []bot.Out) bool {
	for _, o := range outs {
		if o.Refusal {
			return true
		}
	}
	return false
}

func (a *Adapter) onCallback(ctx context.Context, cb *tgbotapi.CallbackQuery, topic int) {
	if cb.From == nil {
		return
	}
	org := &origin{from: cb.From, callback: cb.ID}
	if cb.Message == nil || cb.Message.Chat == nil {
		a.answerCallback(ctx, org, "", false)
		return
	}
	org.chat, org.msgID = cb.Message.Chat.ID, cb.Message.MessageID
	for _, ps := range cb.Message.Photo {
		org.photo = append(org.photo, ps.FileID)
	}
	org.private = cb.Message.Chat.Type == "private"
	if org.private {
		a.privateOpened(cb.From.ID)
		org.key = chatKey(cb.From.ID, 0)
	} else {
		org.topic = topic
		org.key = chatKey(org.chat, topic)
		a.learnChat(cb.Message.Chat)
	}
	if bot.AsksText(cb.Data) {
		a.askWord(ctx, org, cb)
		return
	}
	cmd := bot.Command{Chat: org.key, Private: org.private, User: a.user(cb.From), Payload: cb.Data, Event: eventOf(ctx)}
	if !org.private {
		cmd.Server = chatKey(org.chat, 0)
	}
	outs := a.core.Handle(ctx, cmd)
	a.answer(ctx, org, outs)
}

// askWord answers a button that needs a free word (an example word): a
// prompt with a forced reply in the private chat; the reply is sent to the
// core with the button's payload.
func (a *Adapter) askWord(ctx context.Context, org *origin, cb *tgbotapi.CallbackQuery) {
	lang := a.langOf(cb.From)
	// A button that would be refused (stale, forged, not his turn) is
	// refused now, not after the player typed his word.
	if no := a.core.CheckPress(bot.Command{Chat: org.key, Private: org.private, User: a.user(cb.From), Payload: cb.Data}); len(no) > 0 {
		a.answer(ctx, org, no)
		return
	}
	a.smu.Lock()
	ask := a.asks[cb.Data]
	a.smu.Unlock()
	// A word (payload kind a) or the rest of a move, several words (kind w).
	key := "telegram.ask"
	if cb.Data[0] == 'w' {
		key = "telegram.ask_words"
	}
	var text string
	if ask != "" {
		text = a.text(lang, key, ask)
	} else {
		// After a restart the prompt is forgotten: the button's label says
		// what the word is for (never the button's data, which means
		// nothing to a person).
		label := a.text(lang, key+"_generic")
		if mk := cb.Message.ReplyMarkup; mk != nil {
			for _, row := range mk.InlineKeyboard {
				for _, b := range row {
					if b.CallbackData != nil && *b.CallbackData == cb.Data {
						label = strings.TrimPrefix(b.Text, "✍️ ")
					}
				}
			}
		}
		text = a.text(lang, key+"_default", label)
		ask = label
	}
	uid := cb.From.ID
	// The prompt carries the button's data in a link of its own, which
	// Telegram gives back with the reply: a reply after a restart still
	// knows which move it completes (askedIn).
	p := tgbotapi.Params{"chat_id": strconv.FormatInt(uid, 10), "text": a.askLink(cb.Data) + " " + esc(text),
		"parse_mode": "HTML"}
	noLinkPreview(p)
	_ = p.AddInterface("reply_markup", tgbotapi.ForceReply{ForceReply: true, InputFieldPlaceholder: truncate(ask, 64)})
	raw, e := a.request(ctx, uid, a.limits.MaxSyncWait, "sendMessage", p)
	if e != nil {
		if e.unreachable() {
			a.answerCallback(ctx, org, a.text(lang, "telegram.open_private", "@"+a.username), true)
			return
		}
		a.log.Warn("word prompt not sent", "user", uid, "err", e)
		a.answerCallback(ctx, org, "", false)
		return
	}
	a.smu.Lock()
	capped.Set(a.pending, uid, pendingAsk{data: cb.Data, prompt: sentID(raw)}, maxUsers)
	a.smu.Unlock()
	a.answerCallback(ctx, org, "", false)
}

// answer draws the core's answers to a command where they belong.
func (a *Adapter) answer(ctx context.Context, org *origin, outs []bot.Out) {
	for _, o := range outs {
		switch {
		case o.Ack:
			// The board shows it; a pressed button is answered silently.
		case o.Refusal && org.callback != "" && !org.answered:
			a.answerCallback(ctx, org, o.Text, true)
		case o.Replace && org.callback != "" && (org.private || !o.Private):
			// The next step of a choice, in private; or of a replay,
			// which a group may see, in place of the group's message.
			a.editPressed(ctx, org, o)
		case o.Board && !org.private && !o.Private:
			// /board: the board is posted afresh at the bottom.
			a.enqueue(&job{chat: org.chat, topic: org.topic, key: org.key, table: o.Table, board: true, repost: true, msg: a.render(o), urgent: true})
		case o.Private || org.private:
			a.replyPrivately(ctx, org, o)
		default:
			j := &job{chat: org.chat, topic: org.topic, key: org.key, msg: a.render(o), urgent: true}
			if org.callback == "" {
				j.replyTo = org.msgID
			}
			if !org.private && org.from != nil {
				j.author = org.from.ID
			}
			a.enqueue(j)
		}
	}
	if org.callback != "" && !org.answered {
		a.answerCallback(ctx, org, "", false)
	}
}

// replyPrivately sends an answer only its author may see to his private
// chat. Asked from a group by someone Telegram will not let the bot reach,
// a refusal is said briefly in the group instead, and anything else (a
// hand) is never shown there: he is told to open the private chat.
func (a *Adapter) replyPrivately(ctx context.Context, org *origin, o bot.Out) {
	uid := org.from.ID
	a.smu.Lock()
	closed := a.noDM[uid] && !org.private
	a.smu.Unlock()
	err := bot.ErrNoPrivate
	switch {
	case !closed && !org.private && a.lim.chat(uid).Full():
		// His private chat must wait for its limit: queued there, so that
		// his group's other commands do not wait behind him (a user
		// flooding a group is refused in private, a refusal a second).
		r := a.render(o)
		a.rememberAsks(r.asks)
		a.enqueue(&job{chat: uid, key: chatKey(uid, 0), msg: r, urgent: true})
		err = nil
	case !closed:
		err = a.sendPrivate(ctx, uid, o)
	}
	if err == nil {
		if org.callback != "" && !org.answered && !org.private {
			a.answerCallback(ctx, org, a.text(a.langOf(org.from), "telegram.sent_private"), false)
		}
		return
	}
	if !errors.Is(err, bot.ErrNoPrivate) || org.private {
		return
	}
	lang := a.langOf(org.from)
	if org.callback != "" {
		if !org.answered {
			a.answerCallback(ctx, org, a.text(lang, "telegram.open_private", "@"+a.username), true)
		}
		return
	}
	var text string
	if o.Refusal {
		text = esc("⚠️ " + truncate(o.Text, 300))
	} else {
		text = mention(userKey(uid), a.user(org.from).Name) + " " + esc(a.text(lang, "telegram.open_private", a.deepLink("")))
	}
	a.enqueue(&job{chat: org.chat, topic: org.topic, key: org.key, msg: rendered{text: text}, replyTo: org.msgID, urgent: true})
}

// editPressed replaces the message whose button was pressed (the next
// step of a choice, in private; of a replay, in a group too). A photo keeps its picture when the next step has
// the same one (its caption and buttons are edited), takes the new picture
// when it changed (editMessageMedia), or its caption becomes the text when
// the step has no picture; a text message stays text (a message cannot
// become a photo). When the edit fails, or the text does not fit a
// caption, the step is sent as a new message.
func (a *Adapter) editPressed(ctx context.Context, org *origin, o bot.Out) {
	r := a.render(o)
	a.rememberAsks(r.asks)
	chat := strconv.FormatInt(org.chat, 10)
	var e *apiError
	switch {
	case len(org.photo) > 0 && r.photo != nil:
		if !r.full {
			a.sendNow(ctx, org.chat, 0, r, 0) // the photo, then the whole text
			return
		}
		e = a.editPhoto(ctx, org.chat, org.msgID, r, r.caption, a.samePicture(r.photoKey, org.photo), a.limits.MaxSyncWait)
	case len(org.photo) > 0:
		caption, full := fitCaption(o)
		if !full {
			a.sendNow(ctx, org.chat, 0, r, 0)
			return
		}
		p := tgbotapi.Params{"chat_id": chat, "message_id": strconv.Itoa(org.msgID), "caption": caption, "parse_mode": "HTML"}
		if r.markup != nil {
			setMarkup(p, "reply_markup", r.markup)
		}
		_, e = a.request(ctx, org.chat, a.limits.MaxSyncWait, "editMessageCaption", p)
	default:
		p := tgbotapi.Params{"chat_id": chat, "message_id": strconv.Itoa(org.msgID),
			"text": r.text, "parse_mode": "HTML"}
		noLinkPreview(p)
		if r.markup != nil {
			setMarkup(p, "reply_markup", r.markup)
		}
		_, e = a.request(ctx, org.chat, a.limits.MaxSyncWait, "editMessageText", p)
	}
	if e == nil || e.notModified() {
		return
	}
	a.log.Info("pressed message not edited, sending a new one", "err", e)
	a.sendNow(ctx, org.chat, 0, r, 0)
}

// answerCallback answers a pressed button: silently, with a short notice,
// or with an alert the user must close (refusals).
func (a *Adapter) answerCallback(ctx context.Context, org *origin, text string, alert bool) {
	org.answered = true
	p := tgbotapi.Params{"callback_query_id": org.callback}
	if text != "" {
		p["text"] = truncate(text, maxAlertRunes)
	}
	if alert {
		p["show_alert"] = "true"
	}
	if _, e := a.request(ctx, 0, a.limits.MaxSyncWait, "answerCallbackQuery", p); e != nil {
		a.log.Debug("answerCallbackQuery failed", "err", e)
	}
}

// askLink is the link a word prompt starts with: it holds the button's
// data, which the reply brings back (askedIn).
func (a *Adapter) askLink(data string) string {
	return `<a href="` + esc(a.askURL()+url.QueryEscape(data)) + `">✍️</a>`
}

func (a *Adapter) askURL() string { return "https://t.me/" + a.username + "?tablee_ask=" }

// askedIn reads the button's data from the prompt a message replies to,
// false when it is not one of this bot's prompts.
func (a *Adapter) askedIn(prompt *tgbotapi.Message) (string, bool) {
	if prompt == nil || prompt.From == nil || !prompt.From.IsBot {
		return "", false
	}
	for _, e := range prompt.Entities {
		if e.Type != "text_link" || !strings.HasPrefix(e.URL, a.askURL()) {
			continue
		}
		data, err := url.QueryUnescape(strings.TrimPrefix(e.URL, a.askURL()))
		if err == nil && bot.AsksText(data) {
			return data, true
		}
	}
	return "", false
}

// webhookAnswerWithin bounds how long a webhook request waits for its
// update to be played before it is answered 503 (posted again by
// Telegram, played once wherever it lands first). Telegram's setWebhook
// page does not say how long Telegram waits for an answer; load balancers'
// default read timeouts are 60 s, and an update queued behind its chat's
// others usually needs far less.
const webhookAnswerWithin = 50 * time.Second

// claimLease is how long an update claimed by a process is left to it:
// past it, the process is taken to have stopped, and the update is played
// by a process it was posted to. Playing an update takes milliseconds (it
// is claimed only when its turn in its chat comes); one that takes longer,
// waiting on a slow Bot API, may be played twice, and the second time is
// refused by its table. claimPoll is how often a process that was posted
// an update held by another looks whether it was played.
const (
	claimLease = 15 * time.Second
	claimPoll  = 50 * time.Millisecond
)

// claim takes an update to play (Options.Seen): ClaimFresh when it is to
// be played here, ClaimPlayed when it was played already (dropped). An
// update another process plays now is waited for until it is played there
// or that process's claim lapses; ClaimHeld, answered 503 (posted again by
// Telegram), only if neither happened in claimLease. A store that cannot
// tell lets it be played: a move played twice is refused by its table (its
// turn has passed: the player reads one refusal), a move lost is not told
// to anyone (the player waits for an answer that never comes). getUpdates
// has one caller at a time, so when polling a claim held is one of a
// process that stopped: played.
func (a *Adapter) claim(u update) (key string, c store.Claim) {
	if a.opts.Seen == nil {
		return "", store.ClaimFresh
	}
	key = "telegram:" + strconv.FormatInt(a.api.Self.ID, 10) + ":" + strconv.Itoa(u.UpdateID)
	c, err := a.opts.Seen.Claim(key, claimLease)
	if c == store.ClaimHeld && err == nil && a.opts.Mode == "webhook" {
		// Posted to two processes at once, or the process that took it
		// was killed playing it: wait for the other to play it, or for
		// its claim to lapse, rather than count on Telegram's next post
		// (when, and how many, it does not say).
		for end := time.Now().Add(claimLease + time.Second); c == store.ClaimHeld && err == nil && time.Now().Before(end); {
			time.Sleep(claimPoll)
			c, err = a.opts.Seen.Claim(key, claimLease)
		}
	}
	switch {
	case err != nil:
		a.log.Warn("update not claimed; played", "update", u.UpdateID, "err", err)
		return key, store.ClaimFresh
	case c == store.ClaimPlayed:
		a.log.Info("update already played", "update", u.UpdateID)
	case c == store.ClaimHeld && a.opts.Mode != "webhook":
		a.log.Info("update claimed by a process that stopped; played", "update", u.UpdateID)
		return key, store.ClaimFresh
	case c == store.ClaimHeld:
		a.log.Info("update played by another process now", "update", u.UpdateID)
	}
	return key, c
}

// eventKey holds, in the context of an update being played, the event the
// core's save of its move records played (bot.Event).
type eventKey struct{}

// withEvent marks ctx with the claimed update's event; none when the
// update was not claimed (no Options.Seen).
func withEvent(ctx context.Context, key string) (context.Context, *bot.Event) {
	if key == "" {
		return ctx, nil
	}
	ev := &bot.Event{Key: key}
	return context.WithValue(ctx, eventKey{}, ev), ev
}

// eventOf is the event of the update being played, for its command.
func eventOf(ctx context.Context) *bot.Event {
	ev, _ := ctx.Value(eventKey{}).(*bot.Event)
	return ev
}

// markPlayed records that a claimed update whose play saved no move was
// played (one that did was recorded by the move's save). A failure is only
// logged: the claim lapses, and a post of the update again plays it twice
// (refused by its table), which is better than refusing the next move.
func (a *Adapter) markPlayed(key string) {
	if key == "" {
		return
	}
	if err := a.opts.Seen.Played(key); err != nil {
		a.log.Warn("update not recorded as played", "key", key, "err", err)
	}
}
