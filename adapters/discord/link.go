package discord

import (
	"strings"

	"github.com/tablee/tablee/internal/capped"
)

// Links to a table's board message, for a player's list of his games
// (/mygames). Discord's clients link to a message as
// https://discord.com/channels/<guild>/<channel>/<message>, with "@me" in
// place of the guild for a DM ("Copy Message Link"; discord.js's
// messageLink formatter writes the same). The REST message object does
// not carry its guild (docs.discord.com, Channel resource, Message
// object: guild_id is an extra field of the gateway's MESSAGE_CREATE
// only), but every interaction does ("guild_id: Guild that the
// interaction was sent from", Interactions, Interaction object): the
// adapter learns each channel's guild from the interactions in it and
// keeps it in the table's board note, so that a link survives a restart.

// learnGuild remembers the guild of a channel (or thread) an interaction
// came from.
func (a *Adapter) learnGuild(channel, guild string) {
	if channel == "" || !isSnowflake(guild) {
		return
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	capped.Set(a.guilds, channel, guild, maxChats)
}

// guildOf is the guild of a channel where a board is posted: learned from
// its interactions, else the one the previous board of the table knew.
func (a *Adapter) guildOf(channel string, prev boardRef) string {
	a.mu.Lock()
	g := a.guilds[channel]
	a.mu.Unlock()
	if g == "" && prev.Place == channel {
		g = prev.Extra.Guild
	}
	return g
}

// TableLink is the jump link to a table's board message, "" when the
// board or its guild is unknown (bot.Linker).
func (a *Adapter) TableLink(table uint64, chat string) string {
	ref, ok := a.boardOf(table)
	if !ok {
		return ""
	}
	guild := a.guildOf(ref.Place, ref)
	if strings.HasPrefix(chat, "discord:dm:") {
		guild = "@me"
	}
	if guild == "" {
		return ""
	}
	return "https://discord.com/channels/" + guild + "/" + ref.Place + "/" + ref.ID
}
