package discord

import (
	"bytes"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/tablee/tablee/bot"
	"github.com/tablee/tablee/i18n"
)

// Discord's limits on what a message may carry.
const (
	maxContent      = 2000
	maxEmbedTitle   = 256
	maxEmbedDesc    = 4096
	maxButtonsInRow = 5
	maxRows         = 5
	maxButtons      = 25
	maxSelectOpts   = 25
	maxButtonLabel  = 80
	maxOptionLabel  = 100
	maxCustomID     = 100
	maxButtonURL    = 512 // a link button's url (components/reference, "Button")
	maxModalTitle   = 45
	maxModalLabel   = 45
	maxTextDisplay  = 4000
)

const boardColour = 0x2E7D32

// message is an Out laid out for Discord. Files is where the picture of a
// view will go once views have pictures (attachments ride along the same
// calls); text and emoji until then.
type message struct {
	Content    string
	Embeds     []*discordgo.MessageEmbed
	Components []discordgo.MessageComponent
	Mentions   *discordgo.MessageAllowedMentions
	picture    []byte            // the view's PNG, attached and shown in the embed
	pictureAs  string            // its file name
	alt        string            // its text alternative, the attachment's description
	asks       map[string]string // payload -> question, for the buttons that open a modal
	// silent posts the message without a push or desktop notification
	// (bot.Out.Silent): flag SUPPRESS_NOTIFICATIONS, one of the two flags a
	// new message may carry (docs.discord.com/developers/resources/message,
	// "Create Message").
	silent bool
}

// files are the attachments of one request: a fresh reader each time, as
// a message may be sent twice (an edit refused, then a new post).
func (m message) files() []*discordgo.File {
	if len(m.picture) == 0 {
		return nil
	}
	return []*discordgo.File{{Name: m.pictureAs, ContentType: "image/png", Reader: bytes.NewReader(m.picture)}}
}

// noAttachments is the attachments of an edit without a picture: none, so
// that an old picture does not linger (an edit with one lists it,
// attach.go).
func noAttachments() *[]*discordgo.MessageAttachment {
	return &[]*discordgo.MessageAttachment{}
}

// render lays an Out out: mentions in the content (the only place where
// they notify), the title, the monospace lines and the text in an embed,
// the buttons as components. Only the mentioned users may be pinged, so a
// name such as "@everyone" in a player's nickname pings nobody.
func render(o bot.Out) message {
	var m message
	ids := mentionIDs(o.Mentions, true)
	// A player in his quiet hours is named but not notified: a mention
	// left out of allowed_mentions is shown and pings no one
	// (docs.discord.com/developers/resources/message, "Allowed Mentions
	// Object"). The ping of the turn (deliverBoard) goes by the same list.
	m.Mentions = &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}, Users: mentionIDs(o.Mentions, false)}
	var tags []string
	for _, id := range ids {
		tags = append(tags, "<@"+id+">")
	}
	mention := strings.Join(tags, " ")
	switch {
	case o.Refusal:
		m.Content = joinNonEmpty(" ", mention, "✖ "+o.Text)
	case o.Title == "" && len(o.Mono) == 0 && len(o.Picture) == 0:
		m.Content = joinNonEmpty("\n", mention, o.Text)
	default:
		m.Content = mention
		m.Embeds = []*discordgo.MessageEmbed{embed(o)}
	}
	if m.Content == "" && len(m.Embeds) == 0 {
		m.Content = "✓"
	}
	if len(o.Picture) > 0 && !o.Refusal && len(m.Embeds) > 0 {
		m.picture, m.pictureAs = o.Picture, "board.png"
		if o.Dest == bot.ToUser || o.Private {
			m.pictureAs = "hand.png"
		}
		m.Embeds[0].Image = &discordgo.MessageEmbedImage{URL: "attachment://" + m.pictureAs}
		// The core's text alternative (bot.Out.Alt), within Discord's
		// 1,024 characters (attach.go); the title when an Out lacks one.
		m.alt = clip(o.Alt, bot.MaxAlt)
		if m.alt == "" {
			m.alt = clip(o.Title, bot.MaxAlt)
		}
	}
	m.Content = clip(m.Content, maxContent)
	m.Components, m.asks = layout(o.Buttons)
	m.silent = o.Silent
	return m
}

func embed(o bot.Out) *discordgo.MessageEmbed {
	// Type as discordgo's own methods set it; requests with a picture are
	// made by the adapter (attach.go).
	e := &discordgo.MessageEmbed{Type: discordgo.EmbedTypeRich, Title: clip(o.Title, maxEmbedTitle)}
	if o.Board {
		e.Color = boardColour
	}
	e.Description = describe(o.Mono, o.Text)
	return e
}

// statusRoom is the room the end of a board's text keeps when the board is
// too tall for an embed: who is awaited and until when are its last lines.
const statusRoom = 600

// describe lays a board's monospace lines and its text in one embed
// description. What does not fit goes, least useful first: the text's
// first lines (what happened, oldest first), then, when the text's end
// still lacks room, the board's last lines (its legend); never the end of
// the text, which says who is awaited and the deadline.
func describe(mono []string, text string) string {
	block := func(lines []string) string {
		if len(lines) == 0 {
			return ""
		}
		return "```\n" + strings.ReplaceAll(strings.Join(lines, "\n"), "```", "ʼʼʼ") + "\n```"
	}
	room := maxEmbedDesc - 1
	lines := mono
	kept := keepTail(text, room-runes(block(lines)))
	if want := min(runes(text), statusRoom); runes(kept) < want {
		kept = keepTail(text, want)
		for len(lines) > 0 && runes(block(lines))+runes(kept) > room {
			lines = lines[:len(lines)-1]
		}
	}
	return joinNonEmpty("\n", block(lines), kept)
}

// keepTail keeps the last lines of s that fit in n runes, the lines it
// dropped replaced by "…"; a last line longer than n is clipped.
func keepTail(s string, n int) string {
	if runes(s) <= n {
		return s
	}
	if n < 2 {
		return ""
	}
	lines := strings.Split(s, "\n")
	kept := []string{}
	size := 2 // "…\n"
	for i := len(lines) - 1; i >= 0; i-- {
		if size+runes(lines[i])+1 > n {
			break
		}
		kept = append([]string{lines[i]}, kept...)
		size += runes(lines[i]) + 1
	}
	if len(kept) == 0 {
		return clip(lines[len(lines)-1], n)
	}
	return "…\n" + strings.Join(kept, "\n")
}

func runes(s string) int { return utf8.RuneCountInString(s) }

func joinNonEmpty(sep string, parts ...string) string {
	var keep []string
	for _, p := range parts {
		if strings.TrimSpace(p) != "" {
			keep = append(keep, p)
		}
	}
	return strings.Join(keep, sep)
}

// mentionIDs are the Discord ids of the mentioned users, sorted; those in
// their quiet hours (bot.Mention.Quiet) only when quiet is set.
func mentionIDs(ms []bot.Mention, quiet bool) []string {
	var ids []string
	seen := map[string]bool{}
	for _, m := range ms {
		id, ok := strings.CutPrefix(m.User, "discord:")
		if !ok || seen[id] || !isSnowflake(id) || (m.Quiet && !quiet) {
			continue
		}
		seen[id] = true
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

func isSnowflake(s string) bool {
	_, err := strconv.ParseUint(s, 10, 64)
	return err == nil
}

// layout turns rows of buttons into components: a row of at most five
// buttons stays a row of buttons; a longer row becomes a select menu; and
// when the message would hold more than five rows or 25 buttons every row
// is folded into as few select menus as it takes (at most five).
func layout(rows [][]bot.Button) ([]discordgo.MessageComponent, map[string]string) {
	asks := map[string]string{}
	var clean [][]bot.Button
	seen := map[string]bool{}
	total := 0
	for _, row := range rows {
		var r []bot.Button
		for _, b := range row {
			if b.Data == "" || len(b.Data) > maxCustomID || seen[b.Data] {
				continue
			}
			seen[b.Data] = true
			if b.Ask != "" {
				asks[b.Data] = b.Ask
			}
			r = append(r, b)
		}
		if len(r) > 0 {
			clean = append(clean, r)
			total += len(r)
		}
	}
	if len(clean) == 0 {
		return nil, asks
	}
	var out []discordgo.MessageComponent
	selects := 0
	addSelect := func(bs []bot.Button) {
		for len(bs) > 0 {
			n := min(len(bs), maxSelectOpts)
			out = append(out, selectRow(selects, bs[:n]))
			selects++
			bs = bs[n:]
		}
	}
	if total <= maxButtons {
		for _, r := range clean {
			if len(r) <= maxButtonsInRow {
				out = append(out, buttonRow(r))
			} else {
				addSelect(r)
			}
		}
		if len(out) <= maxRows {
			return out, asks
		}
	}
	out, selects = nil, 0
	var all []bot.Button
	for _, r := range clean {
		all = append(all, r...)
	}
	addSelect(all)
	if len(out) > maxRows {
		out = out[:maxRows] // the rest can still be typed with /move
	}
	return out, asks
}

func buttonRow(bs []bot.Button) discordgo.ActionsRow {
	var row discordgo.ActionsRow
	for _, b := range bs {
		row.Components = append(row.Components, discordgo.Button{
			Label: labelOr(clip(b.Label, maxButtonLabel)), Style: styleOf(b.Data), CustomID: b.Data,
		})
	}
	return row
}

// selectRow is one select menu; its custom id only tells it apart, the
// chosen option's value is the payload.
func selectRow(n int, bs []bot.Button) discordgo.ActionsRow {
	menu := discordgo.SelectMenu{MenuType: discordgo.StringSelectMenu, CustomID: "sel" + strconv.Itoa(n)}
	one := 1
	menu.MinValues, menu.MaxValues = &one, 1
	for _, b := range bs {
		menu.Options = append(menu.Options, discordgo.SelectMenuOption{Label: labelOr(clip(b.Label, maxOptionLabel)), Value: b.Data})
	}
	menu.Placeholder = clip(bs[0].Label+" … "+bs[len(bs)-1].Label, 150)
	return discordgo.ActionsRow{Components: []discordgo.MessageComponent{menu}}
}

func labelOr(s string) string {
	if strings.TrimSpace(s) == "" {
		return "…"
	}
	return s
}

func styleOf(data string) discordgo.ButtonStyle {
	switch data[0] {
	case 's':
		return discordgo.SuccessButton
	case 'h', 'b':
		return discordgo.SecondaryButton
	}
	return discordgo.PrimaryButton
}

// withWebLink adds to a player's hand the link button that opens the web
// table at his seat (a link button, style 5, carries a url and no custom
// id: components/reference, "Button"), on a row of its own, when the
// deployment serves one and the message has a row left.
func (a *Adapter) withWebLink(m message, o bot.Out) message {
	if !o.Hand || o.Table == 0 || o.User == "" || a.opts.WebLink == nil || len(m.Components) >= maxRows {
		return m
	}
	return withLinkButton(m, a.opts.WebLink(o.User, o.Table), a.core.Lang(o.User), "discord.web_play")
}

// withWatchLink adds to a table's board the link button that opens its
// read-only page (the spectators'), on a row of its own, when the
// deployment serves one and the message has a row left.
func (a *Adapter) withWatchLink(m message, o bot.Out) message {
	if !o.Board || o.Table == 0 || a.opts.WatchLink == nil || len(m.Components) >= maxRows {
		return m
	}
	return withLinkButton(m, a.opts.WatchLink(o.Table), i18n.Default, "discord.web_watch")
}

// withLinkButton adds a row with a link button to u, labelled key in
// lang; none for an empty url or one longer than Discord takes.
func withLinkButton(m message, u string, lang i18n.Lang, key string) message {
	if u == "" || len(u) > maxButtonURL {
		return m
	}
	label := i18n.Renderer{Lang: lang}.Text(i18n.T(key))
	m.Components = append(m.Components, discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: clip(label, maxButtonLabel), Style: discordgo.LinkButton, URL: u}}})
	return m
}
