package discord

import (
	"context"
	"strings"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tablee/tablee/i18n"
)

// Missing permissions. A server admin may deny the bot a permission in one
// channel. Discord answers 403 with code 50001 (Missing Access: the channel
// cannot be seen) or 50013 (Missing Permissions), and posts a message that
// has embeds without them when Embed Links is denied
// (docs.discord.com/developers/topics/permissions;
// topics/opcodes-and-status-codes, JSON Error Codes). Where only the
// picture or the embed is refused, the board goes as text; whoever acts in
// the channel is told, in a message only he sees, which permission is
// missing, once an hour at most.

// chanPerms is what the bot found it may not do in a channel.
type chanPerms struct {
	noFiles, noEmbeds bool
	missing           string    // the permission whose lack stops the bot, "" for none
	told              time.Time // when someone was last told
}

// permission names, as Discord's settings show them, and the sentence
// that says what their lack does.
const (
	permView   = "View Channel"
	permSend   = "Send Messages"
	permAttach = "Attach Files"
	permEmbed  = "Embed Links"
)

var permEffect = map[string]string{
	permView: "discord.perm.view", permSend: "discord.perm.send",
	permAttach: "discord.perm.attach", permEmbed: "discord.perm.embed",
}

type permBook struct {
	mu sync.Mutex
	of map[string]*chanPerms
}

func (b *permBook) get(ch string) chanPerms {
	b.mu.Lock()
	defer b.mu.Unlock()
	if p := b.of[ch]; p != nil {
		return *p
	}
	return chanPerms{}
}

func (b *permBook) update(ch string, fn func(p *chanPerms)) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.of == nil {
		b.of = map[string]*chanPerms{}
	}
	p := b.of[ch]
	if p == nil {
		p = &chanPerms{}
		b.of[ch] = p
	}
	fn(p)
}

// lacking is the permission to tell about in a channel, "" when none or
// when someone was told within the hour; it counts as told.
func (b *permBook) lacking(ch string, now time.Time) string {
	b.mu.Lock()
	defer b.mu.Unlock()
	p := b.of[ch]
	if p == nil || now.Sub(p.told) < time.Hour {
		return ""
	}
	what := p.missing
	switch {
	case what != "":
	case p.noFiles:
		what = permAttach
	case p.noEmbeds:
		what = permEmbed
	}
	if what != "" {
		p.told = now
	}
	return what
}

// fit lays a message out for what the channel allows: no picture where
// Attach Files is denied, plain text where Embed Links is.
func (b *permBook) fit(ch string, m message) message {
	p := b.get(ch)
	if p.noFiles {
		m = withoutPicture(m)
	}
	if p.noEmbeds {
		m = plain(m)
	}
	return m
}

func withoutPicture(m message) message {
	m.picture, m.pictureAs = nil, ""
	if len(m.Embeds) > 0 && m.Embeds[0].Image != nil {
		e := *m.Embeds[0]
		e.Image = nil
		m.Embeds = append([]*discordgo.MessageEmbed{&e}, m.Embeds[1:]...)
	}
	return m
}

// plain puts a message's embeds in its content: a title in bold, the
// board's code block and text as they are, within a message's 2,000
// characters.
func plain(m message) message {
	m = withoutPicture(m)
	parts := []string{m.Content}
	for _, e := range m.Embeds {
		if e.Title != "" {
			parts = append(parts, "**"+e.Title+"**")
		}
		parts = append(parts, e.Description)
	}
	m.Content = clip(strings.TrimSpace(joinNonEmpty("\n", parts...)), maxContent)
	m.Embeds = nil
	return m
}

// postFitted posts a message in a channel, falling back as far as the
// channel allows: without the picture when Attach Files is denied, as
// plain text when Embed Links is (Discord then drops the embeds and says
// nothing). What it finds is remembered for the channel.
func (a *Adapter) postFitted(ctx context.Context, ch string, m message) (*discordgo.Message, error) {
	m = a.perms.fit(ch, m)
	msg, err := a.post(ctx, ch, m)
	if err != nil && restCode(err) == codeMissingPerms && m.picture != nil {
		a.perms.update(ch, func(p *chanPerms) { p.noFiles = true })
		m = withoutPicture(m)
		msg, err = a.post(ctx, ch, m)
	}
	switch {
	case err == nil && len(m.Embeds) > 0 && len(msg.Embeds) == 0:
		a.perms.update(ch, func(p *chanPerms) { p.noEmbeds = true })
		if err := a.edit(ctx, messageID{Channel: ch, ID: msg.ID}, plain(m)); err != nil {
			a.log.Warn("showing a board as plain text", "err", err)
		}
	case err == nil:
		a.perms.update(ch, func(p *chanPerms) { p.missing = "" })
	case restCode(err) == codeMissingAccess:
		a.perms.update(ch, func(p *chanPerms) { p.missing = permView })
	case restCode(err) == codeMissingPerms:
		a.perms.update(ch, func(p *chanPerms) { p.missing = permSend })
	}
	return msg, err
}

// tellMissing tells whoever acted in a channel, in a message only he sees,
// which permission the bot lacks there.
func (r *responder) tellMissing() {
	if r.i.GuildID == "" {
		return
	}
	perm := r.a.perms.lacking(r.i.ChannelID, r.a.opts.Now())
	if perm == "" {
		return
	}
	lang, _ := i18n.ParseLang(string(r.i.Locale))
	m := message{Content: text(lang, "discord.perm_missing", perm, text(lang, permEffect[perm]))}
	if !r.responded && !r.deferred {
		r.respond(discordgo.InteractionResponseChannelMessageWithSource, responseData(m, ephemeral))
		return
	}
	r.followup(m, ephemeral)
}
