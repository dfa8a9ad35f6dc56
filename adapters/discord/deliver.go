package discord

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tablee/tablee/bot"
	"github.com/tablee/tablee/internal/capped"
	"github.com/tablee/tablee/store"
)

// noteKey is the table note holding its board message.
const noteKey = "discord.board"

// boardRef is where a table's board is: its message, when it was posted,
// whom it last notified (so that an edit that changes whose turn it is
// sends a ping, and one that does not stays quiet), and the server of its
// channel (for a link to it, link.go), "" when unknown.
type boardRef struct {
	Channel, Message string
	Posted           time.Time
	Notified         string // sorted user ids, comma-separated
	Guild            string
}

// String is the note kept with the table: the guild comes last, so that a
// note written before it existed reads as one without a known guild.
func (r boardRef) String() string {
	s := r.Channel + " " + r.Message + " " + strconv.FormatInt(r.Posted.Unix(), 10) + " " + r.Notified
	if r.Guild != "" {
		s += " " + r.Guild
	}
	return s
}

func parseBoardRef(s string) (boardRef, bool) {
	f := strings.Split(s, " ")
	if len(f) < 3 || !isSnowflake(f[0]) || !isSnowflake(f[1]) {
		return boardRef{}, false
	}
	sec, err := strconv.ParseInt(f[2], 10, 64)
	if err != nil {
		return boardRef{}, false
	}
	r := boardRef{Channel: f[0], Message: f[1], Posted: time.Unix(sec, 0)}
	if len(f) > 3 {
		r.Notified = f[3]
	}
	if len(f) > 4 && isSnowflake(f[4]) {
		r.Guild = f[4]
	}
	return r, true
}

// boardOf is the board message of a table: remembered since it was
// posted, or read from the table's note (saved with the table, so that a
// restart edits the same message). On a store several processes share,
// another process may have posted the board again: the note is read every
// time. Deliver runs with no table lock held, so it may ask the core.
func (a *Adapter) boardOf(table uint64) (boardRef, bool) {
	shared := a.core.Shared()
	a.mu.Lock()
	r, ok := a.boards[table]
	a.mu.Unlock()
	if ok && !shared {
		return r, true
	}
	known := r
	r, ok = parseBoardRef(a.core.Note(table, noteKey))
	if !ok {
		return known, known != boardRef{} // the note may not be saved yet
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if known, ok := a.boards[table]; ok && !shared {
		return known, true
	}
	capped.Set(a.boards, table, r, maxBoards)
	return r, true
}

// Deliver draws what the core sends on its own: boards and messages in the
// table's channel, hands and nudges by DM. A DM that Discord refuses
// (50007: DMs closed, or no server in common) is bot.ErrNoPrivate. Its
// errors are redacted: the core logs them.
func (a *Adapter) Deliver(ctx context.Context, o bot.Out) error {
	// Once the stop cut the calls to Discord (stop.go), nothing is sent:
	// the core shows it at the next start (bot.ErrStopping).
	if a.baseCtx().Err() != nil {
		return bot.ErrStopping
	}
	err := a.deliver(ctx, o)
	if err != nil && a.baseCtx().Err() != nil {
		return bot.ErrStopping
	}
	return a.red.Error(err)
}

func (a *Adapter) deliver(ctx context.Context, o bot.Out) error {
	switch o.Dest {
	case bot.ToUser:
		id, ok := strings.CutPrefix(o.User, "discord:")
		if !ok {
			return fmt.Errorf("discord: not a Discord user: %q", o.User)
		}
		if o.Hand && o.Table != 0 {
			return a.deliverHand(ctx, id, o)
		}
		_, err := a.sendDM(ctx, id, render(o))
		return err
	case bot.ToChat:
		ch, err := a.channelOf(ctx, o.Chat)
		if err != nil {
			return err
		}
		if o.Board && o.Table != 0 {
			return a.deliverBoard(ctx, ch, o, false)
		}
		_, err = a.send(ctx, ch, render(o))
		return err
	}
	return nil
}

// channelOf turns a chat key into a channel: "discord:<channel>" (a thread
// is a channel), or "discord:dm:<user>" for a table opened in a DM.
func (a *Adapter) channelOf(ctx context.Context, chat string) (string, error) {
	rest, ok := strings.CutPrefix(chat, "discord:")
	if !ok {
		return "", fmt.Errorf("discord: not a Discord chat: %q", chat)
	}
	if user, ok := strings.CutPrefix(rest, "dm:"); ok {
		return a.dmChannel(ctx, user)
	}
	return rest, nil
}

func (a *Adapter) dmChannel(ctx context.Context, user string) (string, error) {
	a.mu.Lock()
	ch := a.dms[user]
	a.mu.Unlock()
	if ch != "" {
		return ch, nil
	}
	c, err := a.s.UserChannelCreate(user, discordgo.WithContext(ctx))
	if err != nil {
		if restCode(err) == codeCannotDM {
			return "", bot.ErrNoPrivate
		}
		return "", err
	}
	a.mu.Lock()
	capped.Set(a.dms, user, c.ID, maxUsers)
	a.mu.Unlock()
	return c.ID, nil
}

func (a *Adapter) sendDM(ctx context.Context, user string, m message) (*discordgo.Message, error) {
	ch, err := a.dmChannel(ctx, user)
	if err != nil {
		return nil, err
	}
	msg, err := a.send(ctx, ch, m)
	if restCode(err) == codeCannotDM {
		return nil, bot.ErrNoPrivate
	}
	return msg, err
}

// handRef is a player's hand message for a table, and the turn it called
// him for (bot.Out.Turn), kept in the table's note "discord.hand.<user>".
type handRef struct {
	messageID
	Turn uint64
}

func handNote(user string) string { return "discord.hand." + user }

func (r handRef) String() string {
	return r.Channel + " " + r.ID + " " + strconv.FormatUint(r.Turn, 10)
}

func parseHandRef(s string) (handRef, bool) {
	f := strings.Split(s, " ")
	if len(f) != 3 || !isSnowflake(f[0]) || !isSnowflake(f[1]) {
		return handRef{}, false
	}
	turn, err := strconv.ParseUint(f[2], 10, 64)
	return handRef{messageID: messageID{Channel: f[0], ID: f[1]}, Turn: turn}, err == nil
}

// handOf is the player's hand message for the table, remembered or read
// from the table's note.
func (a *Adapter) handOf(table uint64, user string) (handRef, bool) {
	key := noteAt{table, handNote(user)}
	a.mu.Lock()
	r, ok := a.hands[key]
	a.mu.Unlock()
	if ok && !a.core.Shared() { // as boardOf
		return r, true
	}
	known := r
	r, ok = parseHandRef(a.core.Note(table, key.key))
	if !ok && known != (handRef{}) {
		return known, true // the note may not be saved yet
	}
	if ok {
		a.mu.Lock()
		capped.Set(a.hands, key, r, maxHands)
		a.mu.Unlock()
	}
	return r, ok
}

func (a *Adapter) setHand(table uint64, user string, r handRef) {
	key := noteAt{table, handNote(user)}
	a.mu.Lock()
	capped.Set(a.hands, key, r, maxHands)
	a.mu.Unlock()
	a.notes.set(table, key.key, r.String())
}

// deliverHand keeps one hand message per player and table. A hand that
// calls the player for a turn he was not called for yet is a new DM (which
// notifies him), and the previous one loses its buttons; any other hand
// edits the last one in place, which notifies no one. Every DM notifies,
// and a DM per move is what makes players mute a bot (and what Discord's
// anti-spam watches).
func (a *Adapter) deliverHand(ctx context.Context, user string, o bot.Out) error {
	defer a.lockTable(o.Table)()
	m := render(o)
	prev, ok := a.handOf(o.Table, user)
	if ok && !o.Calls(prev.Turn, ok) {
		err := a.edit(ctx, prev.messageID, m)
		if err == nil {
			return nil
		}
		if c := restCode(err); c != codeUnknownMessage && c != codeUnknownChannel {
			return err
		}
		a.log.Info("hand no longer editable: sending it anew", "table", o.Table, "err", err)
	}
	msg, err := a.sendDM(ctx, user, m)
	if err != nil {
		return err
	}
	if ok && prev.ID != msg.ID {
		// An older hand keeps its text but not its buttons: only the
		// newest one can be played from.
		none := []discordgo.MessageComponent{}
		if _, err := a.s.ChannelMessageEditComplex(&discordgo.MessageEdit{ID: prev.ID, Channel: prev.Channel, Components: &none},
			discordgo.WithContext(ctx)); err != nil && restCode(err) != codeUnknownMessage {
			a.log.Debug("removing the buttons of an older hand", "table", o.Table, "err", err)
		}
	}
	a.setHand(o.Table, user, handRef{messageID{Channel: msg.ChannelID, ID: msg.ID}, o.CalledTurn(prev.Turn)})
	return nil
}

// post creates a message as it is.
func (a *Adapter) post(ctx context.Context, ch string, m message) (*discordgo.Message, error) {
	var flags discordgo.MessageFlags
	if m.silent {
		flags = discordgo.MessageFlagsSuppressNotifications
	}
	send := &discordgo.MessageSend{
		Content: m.Content, Embeds: m.Embeds, Components: m.Components,
		AllowedMentions: m.Mentions, Files: m.files(), Flags: flags,
	}
	if len(m.picture) > 0 {
		uri := discordgo.EndpointChannelMessages(ch)
		return a.uploadMessage(ctx, "POST", uri, uri, sendBody{send, m.attachments()}, m)
	}
	return a.s.ChannelMessageSendComplex(ch, send, discordgo.WithContext(ctx))
}

// edit replaces a message's content, embeds, buttons and picture, laid
// out for what its channel allows.
func (a *Adapter) edit(ctx context.Context, at messageID, m message) error {
	m = a.perms.fit(at.Channel, m)
	msg, err := a.editAs(ctx, at, m)
	if err != nil && restCode(err) == codeMissingPerms && m.picture != nil {
		a.perms.update(at.Channel, func(p *chanPerms) { p.noFiles = true })
		m = withoutPicture(m)
		msg, err = a.editAs(ctx, at, m)
	}
	switch {
	case err == nil && len(m.Embeds) > 0 && msg != nil && len(msg.Embeds) == 0:
		// Embed Links denied since the message was posted.
		a.perms.update(at.Channel, func(p *chanPerms) { p.noEmbeds = true })
		_, err = a.editAs(ctx, at, plain(m))
	case restCode(err) == codeMissingAccess:
		a.perms.update(at.Channel, func(p *chanPerms) { p.missing = permView })
	}
	return err
}

// editAs replaces a message's content, embeds, buttons and picture.
func (a *Adapter) editAs(ctx context.Context, at messageID, m message) (*discordgo.Message, error) {
	a.rememberAsks(m.asks)
	content, embeds, comps := m.Content, m.Embeds, m.Components
	if comps == nil {
		comps = []discordgo.MessageComponent{}
	}
	if embeds == nil {
		embeds = []*discordgo.MessageEmbed{}
	}
	edit := &discordgo.MessageEdit{
		ID: at.ID, Channel: at.Channel, Content: &content, Embeds: &embeds, Components: &comps,
		AllowedMentions: m.Mentions, Files: m.files(), Attachments: noAttachments(),
	}
	if len(m.picture) > 0 {
		return a.uploadMessage(ctx, "PATCH", discordgo.EndpointChannelMessage(at.Channel, at.ID),
			discordgo.EndpointChannelMessage(at.Channel, ""), editBody{edit, m.attachments()}, m)
	}
	return a.s.ChannelMessageEditComplex(edit, discordgo.WithContext(ctx))
}

// send posts a message; every message of the bot in a channel pushes that
// channel's board further up.
func (a *Adapter) send(ctx context.Context, ch string, m message) (*discordgo.Message, error) {
	a.rememberAsks(m.asks)
	msg, err := a.postFitted(ctx, ch, m)
	if err == nil {
		a.countPublic(ch)
	}
	return msg, err
}

// lockTable serialises the deliveries of one table's messages; the
// returned function unlocks. A table's mutex is kept only while a delivery
// holds or waits for it, so that the tables of weeks do not pile up.
func (a *Adapter) lockTable(table uint64) (unlock func()) {
	a.mu.Lock()
	m := a.tableMus[table]
	if m == nil {
		m = &tableMu{}
		a.tableMus[table] = m
	}
	m.users++
	a.mu.Unlock()
	m.Lock()
	return func() {
		m.Unlock()
		a.mu.Lock()
		if m.users--; m.users == 0 {
			delete(a.tableMus, table)
		}
		a.mu.Unlock()
	}
}

// tableMu is a table's delivery mutex and how many deliveries hold or
// wait for it (under Adapter.mu).
type tableMu struct {
	sync.Mutex
	users int
}

// maxBoards bounds the boards, maxHands the hands, maxUsers the DM
// channels and maxChats the channels (their counts, their guilds) kept in
// memory (internal/capped): the tables' notes and Discord have them again.
var (
	maxBoards = 20_000
	maxHands  = 50_000
	maxUsers  = 100_000
	maxChats  = 100_000
	maxAsks   = 10_000
)

// deliverBoard edits the table's board message in place, or posts it anew
// when there is none in this channel, when it is older than BoardMaxAge,
// when the bot has posted BoardMaxBehind messages since, when force is set,
// or when Discord no longer lets it be edited (deleted, archived thread).
// An edit does not notify anyone: when the players the board waits for
// change, a short ping mentions them (and the previous ping is deleted).
func (a *Adapter) deliverBoard(ctx context.Context, ch string, o bot.Out, force bool) error {
	defer a.lockTable(o.Table)()
	m := render(o)
	who := strings.Join(m.Mentions.Users, ",")
	now := a.opts.Now()
	ref, ok := a.boardOf(o.Table)
	a.mu.Lock()
	behind := a.behind[ch]
	a.mu.Unlock()
	if ok && !force && ref.Channel == ch && now.Sub(ref.Posted) < a.opts.BoardMaxAge && behind < a.opts.BoardMaxBehind {
		err := a.edit(ctx, messageID{Channel: ch, ID: ref.Message}, m)
		if err == nil {
			if g := a.guildOf(ch, ref); g != ref.Guild {
				// A board note written before guilds were kept learns its
				// guild (link.go).
				ref.Guild = g
				a.setBoard(o.Table, ref)
			}
			if who != ref.Notified {
				// One mention per player per turn: those newly awaited are
				// pinged; in a phase where everyone plays at once, each
				// submission shrinks the set and pings no one again.
				switch newly := toPing(o, newlyAwaited(m.Mentions.Users, ref.Notified)); {
				case who == "":
					a.unping(ctx, o.Table)
				case len(newly) > 0:
					a.ping(ctx, ch, o.Table, newly)
				}
				ref.Notified = who
				a.setBoard(o.Table, ref)
			}
			return nil
		}
		switch restCode(err) {
		case codeUnknownMessage, codeNotAuthor, codeThreadArchived, codeUnknownChannel:
			a.log.Info("board no longer editable: posting it anew", "table", o.Table, "err", err)
		default:
			return err
		}
	}
	if ok && m.Mentions != nil {
		// A board posted anew names everyone awaited but pings only those
		// who were not pinged for this turn yet.
		mentions := *m.Mentions
		mentions.Users = toPing(o, newlyAwaited(m.Mentions.Users, ref.Notified))
		m.Mentions = &mentions
	}
	msg, err := a.send(ctx, ch, m)
	if err != nil {
		return err
	}
	a.mu.Lock()
	capped.Set(a.behind, ch, 0, maxChats)
	a.mu.Unlock()
	a.unping(ctx, o.Table) // the new board mentions them itself
	a.setBoard(o.Table, boardRef{Channel: ch, Message: msg.ID, Posted: now, Notified: who, Guild: a.guildOf(ch, ref)})
	return nil
}

func (a *Adapter) setBoard(table uint64, r boardRef) {
	a.mu.Lock()
	capped.Set(a.boards, table, r, maxBoards)
	a.mu.Unlock()
	a.notes.set(table, noteKey, r.String())
}

// ping mentions the players a table now waits for, in a message of its
// own (an edited message notifies no one).
// newlyAwaited lists the users of who (user ids) not in notified (the
// sorted, comma-separated ids pinged for the turn so far).
func newlyAwaited(who []string, notified string) []string {
	before := strings.Split(notified, ",")
	var out []string
	for _, id := range who {
		if !slices.Contains(before, id) {
			out = append(out, id)
		}
	}
	return out
}

// toPing keeps the users (ids) a turn ping must call: those whose hand
// does not come by DM (bot.Mention.ByDM: DMs closed, or hands kept behind
// the button). A player whose hand comes by DM is called by a new DM when
// his turn comes (deliverHand); a ping on top would notify him twice.
func toPing(o bot.Out, users []string) []string {
	var out []string
	for _, id := range users {
		if !slices.ContainsFunc(o.Mentions, func(m bot.Mention) bool { return m.ByDM && m.User == "discord:"+id }) {
			out = append(out, id)
		}
	}
	return out
}

// ping posts a turn ping mentioning users (ids), replacing the table's
// previous one: an edited board notifies no one.
func (a *Adapter) ping(ctx context.Context, ch string, table uint64, users []string) {
	a.unping(ctx, table)
	var tags []string
	for _, id := range users {
		tags = append(tags, "<@"+id+">")
	}
	msg, err := a.s.ChannelMessageSendComplex(ch, &discordgo.MessageSend{
		Content: "🔔 " + strings.Join(tags, " "), AllowedMentions: &discordgo.MessageAllowedMentions{Users: users},
	}, discordgo.WithContext(ctx))
	if err != nil {
		a.log.Warn("turn ping", "table", table, "err", err)
		return
	}
	a.mu.Lock()
	a.pings[table] = messageID{Channel: ch, ID: msg.ID}
	a.mu.Unlock()
}

func (a *Adapter) unping(ctx context.Context, table uint64) {
	a.mu.Lock()
	p, ok := a.pings[table]
	delete(a.pings, table)
	a.mu.Unlock()
	if ok {
		if err := a.s.ChannelMessageDelete(p.Channel, p.ID, discordgo.WithContext(ctx)); err != nil && restCode(err) != codeUnknownMessage {
			a.log.Debug("deleting a turn ping", "table", table, "err", err)
		}
	}
}

// rememberAsks keeps the question of each button that opens a modal, for
// the modal's label. The map is bounded; a question forgotten (or lost in a
// restart) gives a generic label, the payload alone is what counts.
func (a *Adapter) rememberAsks(asks map[string]string) {
	if len(asks) == 0 {
		return
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	for k, v := range asks {
		capped.Set(a.asks, k, v, maxAsks)
	}
}

// noteSaver writes board notes to the core outside of Deliver (which runs
// under the table's lock that SetNote takes). The latest value of each
// table wins; flush writes what is pending before a shutdown.
type noteSaver struct {
	core *bot.Core
	log  *slog.Logger

	mu      sync.Mutex
	pending map[noteAt]string
	writeMu sync.Mutex
	kick    chan struct{}
	quit    chan struct{}
	once    sync.Once
	wg      sync.WaitGroup
}

func newNoteSaver(core *bot.Core, log *slog.Logger) *noteSaver {
	n := &noteSaver{core: core, log: log, pending: map[noteAt]string{}, kick: make(chan struct{}, 1), quit: make(chan struct{})}
	n.wg.Add(1)
	go n.loop()
	return n
}

// noteAt is one note of one table.
type noteAt struct {
	table uint64
	key   string
}

func (n *noteSaver) set(table uint64, key, v string) {
	n.mu.Lock()
	n.pending[noteAt{table, key}] = v
	n.mu.Unlock()
	select {
	case n.kick <- struct{}{}:
	default:
	}
}

func (n *noteSaver) loop() {
	defer n.wg.Done()
	for {
		select {
		case <-n.kick:
			n.flush()
		case <-n.quit:
			return
		}
	}
}

// flush writes every pending note; writers take turns, so a later value is
// never overwritten by an earlier one.
func (n *noteSaver) flush() {
	n.writeMu.Lock()
	defer n.writeMu.Unlock()
	n.mu.Lock()
	batch := n.pending
	n.pending = map[noteAt]string{}
	n.mu.Unlock()
	for at, v := range batch {
		if err := n.core.SetNote(at.table, at.key, v); err != nil && !errors.Is(err, store.ErrNotFound) {
			n.log.Warn("saving a note", "table", at.table, "note", at.key, "err", err)
		}
	}
}

func (n *noteSaver) stop() {
	n.once.Do(func() { close(n.quit) })
	n.wg.Wait()
}
