package discord

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/bwmarrin/discordgo"

	"github.com/tablee/tablee/bot"
	"github.com/tablee/tablee/internal/capped"
)

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
// channels and maxChats the channels (their guilds) kept in memory
// (internal/capped): the tables' notes and Discord have them again.
var (
	maxBoards = 20_000
	maxHands  = 50_000
	maxUsers  = 100_000
	maxChats  = 100_000
	maxAsks   = 10_000
)

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
		a.remove(ctx, p.Channel, p.ID)
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
