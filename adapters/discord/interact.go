package discord

import (
	"context"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/tablee/tablee/bot"
	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/internal/capped"
	"github.com/tablee/tablee/internal/reuse"
)

const ephemeral = discordgo.MessageFlagsEphemeral

// onInteraction answers one interaction: slash commands, autocompletion,
// buttons and select menus, modal submissions.
func (a *Adapter) onInteraction(_ *discordgo.Session, ev *discordgo.InteractionCreate) {
	if ev == nil || ev.Interaction == nil {
		return
	}
	i := ev.Interaction
	a.mu.Lock()
	if a.closed {
		a.mu.Unlock()
		return
	}
	stopping := a.stopping
	a.inflight.Add(1)
	a.mu.Unlock()
	defer a.inflight.Done()
	if a.done != nil {
		defer a.done(i.ID)
	}
	defer func() {
		if r := recover(); r != nil {
			a.log.Error("interaction panicked", "id", i.ID, "panic", r)
		}
	}()
	cmd, ok := a.commandOf(i)
	if !ok {
		return
	}
	if stopping {
		a.restarting(i, cmd.User.Lang)
		return
	}
	switch i.Type {
	case discordgo.InteractionApplicationCommandAutocomplete:
		a.autocomplete(i, cmd)
	case discordgo.InteractionApplicationCommand:
		a.slash(i, cmd)
	case discordgo.InteractionMessageComponent:
		a.component(i, cmd)
	case discordgo.InteractionModalSubmit:
		a.modalSubmit(i, cmd)
	}
}

// commandOf is who asked, where: chat "discord:<channel>" (threads are
// channels), or in a DM "discord:dm:<user>" with Private set; the user
// "discord:<id>" named by his server nickname, else his display name, else
// his username, speaking the language of his Discord client.
func (a *Adapter) commandOf(i *discordgo.Interaction) (bot.Command, bool) {
	u, name := i.User, ""
	if i.Member != nil && i.Member.User != nil {
		u, name = i.Member.User, i.Member.Nick
	}
	if u == nil || u.ID == "" {
		return bot.Command{}, false
	}
	if name == "" {
		name = u.GlobalName
	}
	if name == "" {
		name = u.Username
	}
	lang, _ := i18n.ParseLang(string(i.Locale))
	cmd := bot.Command{User: bot.User{ID: "discord:" + u.ID, Name: name, Lang: lang}}
	if i.GuildID == "" {
		cmd.Private = true
		cmd.Chat = "discord:dm:" + u.ID
		if i.ChannelID != "" {
			a.mu.Lock()
			capped.Set(a.dms, u.ID, i.ChannelID, maxUsers)
			a.mu.Unlock()
		}
	} else {
		cmd.Chat = "discord:" + i.ChannelID
		cmd.Server = "discord:guild:" + i.GuildID // the leaderboard of every channel of the server
		cmd.Moderator = moderates(i.Member)
		a.learnGuild(i.ChannelID, i.GuildID)
	}
	return cmd, true
}

// moderatorPerms are the permissions that make a member a moderator of a
// channel for Tablée: Manage Messages (he may delete anyone's messages
// there), Manage Channels, or Administrator.
const moderatorPerms = discordgo.PermissionManageMessages | discordgo.PermissionManageChannels | discordgo.PermissionAdministrator

// moderates reads the member's permissions that Discord sends with every
// interaction in a guild: "total permissions of the member in the channel,
// including overwrites" (docs.discord.com/developers/resources/guild,
// Guild Member Object; interactions/receiving-and-responding, Interaction
// Object). Interactions reach the bot through its own authenticated
// gateway connection, so Discord vouches for them; nothing the user typed
// or a button carried counts, and the interaction's app_permissions are
// the bot's, not the member's. A DM has no moderator.
func moderates(m *discordgo.Member) bool {
	return m != nil && m.Permissions&moderatorPerms != 0
}

func (a *Adapter) slash(i *discordgo.Interaction, cmd bot.Command) {
	data := i.ApplicationCommandData()
	args, thread := commandArgs(data)
	cmd.Name, cmd.Args = data.Name, args
	a.run(i, false, func(ctx context.Context) []bot.Out {
		var pre []bot.Out
		if cmd.Name == "play" && thread && !cmd.Private && len(args) > 0 {
			if th, err := a.openThread(ctx, i, cmd, args[0]); err != nil {
				a.log.Warn("opening a thread: the table opens in the channel", "channel", i.ChannelID, "err", err)
			} else {
				cmd.Chat = "discord:" + th
				a.learnGuild(th, i.GuildID)
				pre = []bot.Out{{Dest: bot.ToReply, Text: text(cmd.User.Lang, "discord.thread_opened", th)}}
			}
		}
		outs := a.core.Handle(ctx, cmd)
		for j := range outs {
			outs[j].Chat = cmd.Chat // where /board re-posts
		}
		if len(pre) > 0 && !refused(outs) {
			outs = append(pre, outs...)
		}
		return outs
	})
}

func refused(outs []bot.Out) bool {
	for _, o := range outs {
		if o.Refusal {
			return true
		}
	}
	return false
}

// openThread starts a public thread for a new table; the table's chat is
// the thread, so a channel can host several games at once.
func (a *Adapter) openThread(ctx context.Context, i *discordgo.Interaction, cmd bot.Command, game string) (string, error) {
	title := game
	if e, ok := games.Lookup(game); ok {
		title = text(cmd.User.Lang, e.Name()+".title")
	}
	th, err := a.s.ThreadStartComplex(i.ChannelID, &discordgo.ThreadStart{
		Name: clip(text(cmd.User.Lang, "discord.thread_name", title, cmd.User.Name), 100), AutoArchiveDuration: 10080,
		Type: discordgo.ChannelTypeGuildPublicThread,
	}, discordgo.WithContext(ctx))
	if err != nil {
		return "", err
	}
	return th.ID, nil
}

// component is a pressed button or a chosen option. A button that asks
// for a word opens a modal at once (the payload travels in its custom id);
// everything else goes to the core, which refuses stale, forged and
// borrowed buttons.
func (a *Adapter) component(i *discordgo.Interaction, cmd bot.Command) {
	data := i.MessageComponentData()
	payload := data.CustomID
	if data.ComponentType == discordgo.SelectMenuComponent {
		if len(data.Values) != 1 {
			return
		}
		payload = data.Values[0]
	}
	if bot.AsksText(payload) && len(payload) <= maxCustomID {
		a.openModal(i, cmd, payload)
		return
	}
	cmd.Payload = payload
	a.run(i, true, func(ctx context.Context) []bot.Out { return a.core.Handle(ctx, cmd) })
}

func (a *Adapter) openModal(i *discordgo.Interaction, cmd bot.Command, payload string) {
	a.mu.Lock()
	ask := a.asks[payload]
	a.mu.Unlock()
	// A word (payload kind a) fits in 60 characters; the rest of a move
	// with its claims (kind w: "BALISE J10 diag anagrammes=BLAISE*,BASILE*")
	// needs more.
	title, label, maxLen := text(cmd.User.Lang, "discord.modal_title"), text(cmd.User.Lang, "discord.modal_label"), 60
	if payload[0] == 'w' {
		title, label, maxLen = text(cmd.User.Lang, "discord.modal_title_words"), text(cmd.User.Lang, "discord.modal_label_words"), 120
	}
	// A text input's label holds 45 characters; a longer question (La
	// Coquillaude's run to 84) is shown whole above the input, in a text
	// display, and the label says what to type.
	var comps []discordgo.MessageComponent
	switch {
	case ask == "":
	case utf8.RuneCountInString(ask) <= maxModalLabel:
		label = ask
	default:
		comps = append(comps, discordgo.TextDisplay{Content: clip(ask, maxTextDisplay)})
	}
	comps = append(comps, discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.TextInput{CustomID: "word", Label: clip(label, maxModalLabel), Style: discordgo.TextInputShort,
			Required: true, MinLength: 1, MaxLength: maxLen},
	}})
	err := a.s.InteractionRespond(i, &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseModal,
		Data: &discordgo.InteractionResponseData{CustomID: payload, Title: clip(title, maxModalTitle), Components: comps},
	}, discordgo.WithContext(a.baseCtx()))
	if err != nil {
		a.log.Warn("opening a modal", "err", err)
	}
}

func (a *Adapter) modalSubmit(i *discordgo.Interaction, cmd bot.Command) {
	data := i.ModalSubmitData()
	cmd.Payload = data.CustomID
	for _, row := range data.Components {
		r, ok := row.(*discordgo.ActionsRow)
		if !ok {
			continue
		}
		for _, c := range r.Components {
			if in, ok := c.(*discordgo.TextInput); ok && cmd.Text == "" {
				cmd.Text = strings.TrimSpace(in.Value)
			}
		}
	}
	a.run(i, i.Message != nil, func(ctx context.Context) []bot.Out { return a.core.Handle(ctx, cmd) })
}

// autocomplete offers the moves of the user's hand as he types /move.
func (a *Adapter) autocomplete(i *discordgo.Interaction, cmd bot.Command) {
	data := i.ApplicationCommandData()
	var typed string
	var focused string
	for _, o := range data.Options {
		if o.Focused {
			focused, typed = o.Name, optionString(o)
		}
	}
	var choices []*discordgo.ApplicationCommandOptionChoice
	switch focused {
	case "move":
		for _, s := range a.core.Suggest(cmd, typed) {
			if len(choices) == 25 {
				break
			}
			name := s.Label + " — " + s.Move
			if s.Label == s.Move || s.Label == "" {
				name = s.Move
			}
			if s.Ask != "" {
				name += " … " + s.Ask
			}
			value := s.Move
			if s.Ask != "" {
				value += " "
			}
			choices = append(choices, &discordgo.ApplicationCommandOptionChoice{Name: clip(name, 100), Value: clip(value, 100)})
		}
	case "game":
		for _, e := range games.All() {
			c := gameChoice(e)
			if strings.Contains(strings.ToLower(c.Name+" "+e.Name()), strings.ToLower(typed)) && len(choices) < 25 {
				choices = append(choices, c)
			}
		}
	}
	if len(choices) == 0 && strings.TrimSpace(typed) != "" {
		choices = append(choices, &discordgo.ApplicationCommandOptionChoice{Name: clip(typed, 100), Value: clip(typed, 100)})
	}
	if choices == nil {
		choices = []*discordgo.ApplicationCommandOptionChoice{}
	}
	err := a.s.InteractionRespond(i, &discordgo.InteractionResponse{
		Type: discordgo.InteractionApplicationCommandAutocompleteResult,
		Data: &discordgo.InteractionResponseData{Choices: choices},
	}, discordgo.WithContext(a.baseCtx()))
	if err != nil {
		a.log.Debug("autocomplete", "err", err)
	}
}

// run asks the core and answers within Discord's three seconds: at once
// when the core is quick, else after a deferral ("thinking…" for a command,
// nothing visible for a component), by editing the original response and
// following up.
func (a *Adapter) run(i *discordgo.Interaction, fromMessage bool, work func(ctx context.Context) []bot.Out) {
	ctx := a.baseCtx()
	res := make(chan []bot.Out, 1)
	reuse.Go(func() { res <- work(ctx) })
	timer := time.NewTimer(a.opts.DeferAfter)
	defer timer.Stop()
	r := responder{a: a, i: i, ctx: ctx, fromMessage: fromMessage}
	select {
	case outs := <-res:
		r.answer(outs)
	case <-timer.C:
		r.deferNow()
		r.answer(<-res)
	}
}

// responder answers one interaction with the core's replies.
type responder struct {
	a           *Adapter
	i           *discordgo.Interaction
	ctx         context.Context
	fromMessage bool // a component (or a modal opened by one): its message can be updated
	deferred    bool
	responded   bool // the original response holds something
}

func (r *responder) deferNow() {
	t := discordgo.InteractionResponseDeferredChannelMessageWithSource
	var data *discordgo.InteractionResponseData
	if r.fromMessage {
		t = discordgo.InteractionResponseDeferredMessageUpdate
	} else {
		// The deferred answer is ephemeral: most long answers are private
		// (a move's next step, a refusal); public ones follow up.
		data = &discordgo.InteractionResponseData{Flags: ephemeral}
	}
	if err := r.a.s.InteractionRespond(r.i, &discordgo.InteractionResponse{Type: t, Data: data}, discordgo.WithContext(r.ctx)); err != nil {
		r.a.log.Warn("deferring an interaction", "err", err)
	}
	r.deferred = true
}

// private tells whether the message a component sits on is seen by its
// presser alone (an ephemeral reply, a DM): only such a message may be
// replaced by a private view.
func (r *responder) private() bool {
	return r.i.Message != nil && (r.i.Message.Flags&ephemeral != 0 || r.i.GuildID == "")
}

func (r *responder) answer(outs []bot.Out) {
	var shown, boards []bot.Out
	var ack *bot.Out
	for j := range outs {
		o := outs[j]
		switch {
		case o.Ack:
			if ack == nil {
				ack = &o
			}
		case o.Board && o.Table != 0 && !o.Private && !o.Refusal && o.Chat != "":
			// /board: the board is posted anew as the table's board
			// message, once the interaction is answered: posting may
			// wait for a rate limit, and the answer has three seconds.
			boards = append(boards, o)
		default:
			shown = append(shown, o)
		}
	}
	switch {
	case len(shown) == 0:
		r.acknowledge(ack)
	default:
		for _, o := range shown {
			r.show(o)
		}
		if r.deferred && !r.fromMessage && !r.responded {
			r.editOriginal(message{Content: "✓"})
		}
	}
	for _, o := range boards {
		ch, err := r.a.channelOf(r.ctx, o.Chat)
		if err == nil {
			err = r.a.deliverBoard(r.ctx, ch, o, true)
		}
		if err != nil {
			// The board as a reply of its own, seen by whoever asked.
			r.a.log.Warn("re-posting a board", "err", err)
			r.show(o)
		}
	}
	r.tellMissing()
}

// acknowledge answers a command that only needs a confirmation: a short
// ephemeral ✓ for a command; for a component on a private message the
// buttons go away (the move is played); on a public one nothing changes.
func (r *responder) acknowledge(ack *bot.Out) {
	note := "✓"
	if ack != nil && ack.Text != "" {
		note = "✓ " + ack.Text
	}
	switch {
	case r.fromMessage && r.private():
		r.update(message{Content: note, Embeds: []*discordgo.MessageEmbed{}, Components: []discordgo.MessageComponent{}})
	case r.fromMessage:
		if !r.deferred {
			r.respond(discordgo.InteractionResponseDeferredMessageUpdate, nil)
		}
	case r.deferred:
		r.editOriginal(message{Content: note})
	default:
		r.respond(discordgo.InteractionResponseChannelMessageWithSource, &discordgo.InteractionResponseData{Content: note, Flags: ephemeral})
	}
}

// show draws one reply: private ones (hands, refusals, next steps)
// ephemerally and nowhere else; a next step replaces the private message
// whose button was pressed, and a public one (a replay's next step) the
// message it was pressed on, public or not: what it shows may be seen by
// all.
func (r *responder) show(o bot.Out) {
	m := r.a.withWebLink(render(o), o)
	r.a.rememberAsks(m.asks)
	hidden := o.Private || o.Refusal
	if o.Replace && r.fromMessage && (r.private() || !hidden) && !r.responded {
		r.update(m)
		return
	}
	var flags discordgo.MessageFlags
	if hidden {
		flags = ephemeral
	}
	switch {
	case !r.deferred && !r.responded:
		if r.respondWith(discordgo.InteractionResponseChannelMessageWithSource, responseData(m, flags), m) && !hidden {
			r.a.countPublic(r.i.ChannelID)
		}
	case r.deferred && !r.fromMessage && !r.responded && hidden:
		r.editOriginal(m) // the deferral was ephemeral
	case r.deferred && !r.fromMessage && !hidden:
		// After an ephemeral deferral, Discord makes the first followup an
		// edit of the deferred message, ephemeral whatever its flags: a
		// public text sent so would be seen by its author alone, then
		// replaced by the ✓. It goes to the channel as a message.
		if _, err := r.a.send(r.ctx, r.i.ChannelID, m); err != nil {
			r.a.log.Warn("posting a public answer after a deferral", "err", err)
		}
	default:
		if r.followup(m, flags) && !hidden {
			r.a.countPublic(r.i.ChannelID)
		}
	}
}

func responseData(m message, flags discordgo.MessageFlags) *discordgo.InteractionResponseData {
	comps := m.Components
	if comps == nil {
		comps = []discordgo.MessageComponent{}
	}
	return &discordgo.InteractionResponseData{
		Content: m.Content, Embeds: m.Embeds, Components: comps, AllowedMentions: m.Mentions, Flags: flags, Files: m.files(),
	}
}

func (r *responder) respond(t discordgo.InteractionResponseType, data *discordgo.InteractionResponseData) bool {
	return r.answered(t, r.a.s.InteractionRespond(r.i, &discordgo.InteractionResponse{Type: t, Data: data}, discordgo.WithContext(r.ctx)))
}

// respondWith answers with data, the message m laid out: its picture, if
// any, listed with its alt text (attach.go).
func (r *responder) respondWith(t discordgo.InteractionResponseType, data *discordgo.InteractionResponseData, m message) bool {
	if len(m.picture) == 0 {
		return r.respond(t, data)
	}
	uri := discordgo.EndpointInteractionResponse(r.i.ID, r.i.Token)
	_, err := r.a.upload(r.ctx, "POST", uri, uri, responseBody{Type: t, Data: responseDataBody{data, m.attachments()}}, m)
	return r.answered(t, err)
}

// answered notes the outcome of an initial response: logged when it failed.
func (r *responder) answered(t discordgo.InteractionResponseType, err error) bool {
	if err != nil {
		r.a.log.Warn("answering an interaction", "type", t, "err", err)
		return false
	}
	r.responded = true
	return true
}

// update replaces the message the component was on: at once (type 7), or
// after a deferral by editing the original response, which for a
// component is that message.
func (r *responder) update(m message) {
	if !r.deferred {
		data := responseData(m, 0)
		if data.Embeds == nil {
			data.Embeds = []*discordgo.MessageEmbed{}
		}
		data.Attachments = noAttachments()
		r.respondWith(discordgo.InteractionResponseUpdateMessage, data, m)
		return
	}
	r.editOriginal(m)
}

func (r *responder) editOriginal(m message) {
	content := m.Content
	embeds, comps := m.Embeds, m.Components
	if embeds == nil {
		embeds = []*discordgo.MessageEmbed{}
	}
	if comps == nil {
		comps = []discordgo.MessageComponent{}
	}
	edit := &discordgo.WebhookEdit{
		Content: &content, Embeds: &embeds, Components: &comps, AllowedMentions: m.Mentions, Files: m.files(),
		Attachments: noAttachments(),
	}
	var err error
	if len(m.picture) > 0 {
		uri := discordgo.EndpointWebhookMessage(r.i.AppID, r.i.Token, "@original")
		_, err = r.a.upload(r.ctx, "PATCH", uri, uri, webhookEditBody{edit, m.attachments()}, m)
	} else {
		_, err = r.a.s.InteractionResponseEdit(r.i, edit, discordgo.WithContext(r.ctx))
	}
	if err != nil {
		r.a.log.Warn("editing an interaction response", "err", err)
		return
	}
	r.responded = true
}

func (r *responder) followup(m message, flags discordgo.MessageFlags) bool {
	comps := m.Components
	if comps == nil {
		comps = []discordgo.MessageComponent{}
	}
	params := &discordgo.WebhookParams{
		Content: m.Content, Embeds: m.Embeds, Components: comps, AllowedMentions: m.Mentions, Flags: flags, Files: m.files(),
	}
	var err error
	if len(m.picture) > 0 {
		uri := discordgo.EndpointWebhookToken(r.i.AppID, r.i.Token) + "?wait=true"
		_, err = r.a.upload(r.ctx, "POST", uri, uri, webhookParamsBody{params, m.attachments()}, m)
	} else {
		_, err = r.a.s.FollowupMessageCreate(r.i, true, params, discordgo.WithContext(r.ctx))
	}
	if err != nil {
		r.a.log.Warn("following up an interaction", "err", err)
		return false
	}
	return true
}

func (a *Adapter) countPublic(ch string) {
	if ch == "" {
		return
	}
	a.boards.Passed(ch, 0, nil)
}
