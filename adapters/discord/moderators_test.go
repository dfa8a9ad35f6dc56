package discord

import (
	"strconv"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// Members of the test guild who moderate the channel, each by one of the
// permissions that make a moderator, and one who does not.
var (
	modMessages = fuser{ID: "100000000000000011", Name: "Mona", Locale: "en-US", Perms: strconv.Itoa(permBitsEveryday | permBitManageMessages)}
	modChannels = fuser{ID: "100000000000000012", Name: "Chan", Locale: "en-US", Perms: strconv.Itoa(permBitsEveryday | permBitManageChannels)}
	modAdmin    = fuser{ID: "100000000000000013", Name: "Ada", Locale: "en-US", Perms: strconv.Itoa(permBitAdministrator)}
	member      = fuser{ID: "100000000000000014", Name: "Mel", Locale: "en-US"}
)

// chatSays fails unless a public message of the channel holds want (the
// author's own ephemeral answer may say it too).
func (e *env) chatSays(want string) {
	e.t.Helper()
	for _, m := range e.f.channelMsgs(channel) {
		if m.public() && strings.Contains(m.text(), want) {
			return
		}
	}
	e.t.Fatalf("the channel was not told %q", want)
}

func TestModeratorNotSeatedKicksChangesSettingsAndStops(t *testing.T) {
	t.Parallel()
	e := newEnv(t, Options{})
	e.seated(channel)
	// A member without the permission is refused everything, though the
	// bot itself may do anything in the channel (app_permissions).
	refusedWith(t, e.slash(member, channel, "kick", "player", bob), "Only this chat's moderators")
	refusedWith(t, e.slash(member, channel, "settings", "settings", "turn=1h"), "not seated")
	refusedWith(t, e.slash(member, channel, "quit"), "moderators can stop it")
	refusedWith(t, e.slash(member, channel, "play", "game", "tictactoe"), "ask a moderator of this chat")

	// The refusal of a second /play names the command that works for him.
	refusedWith(t, e.slash(modAdmin, channel, "play", "game", "tictactoe"), "/quit to stop it.")

	in := e.slash(modMessages, channel, "kick", "player", bob)
	if strings.Contains(in.reply(), "✖") {
		t.Fatalf("a moderator's /kick was refused: %q", in.reply())
	}
	e.chatSays("Mona takes Bob's seat away as a moderator of this chat")

	if in := e.slash(modChannels, channel, "settings", "settings", "turn=1h"); strings.Contains(in.reply(), "✖") {
		t.Fatalf("a moderator's /settings was refused: %q", in.reply())
	}
	e.chatSays("Chan changes the table's settings as a moderator of this chat: turn=1h")

	if in := e.slash(modAdmin, channel, "quit"); strings.Contains(in.reply(), "✖") {
		t.Fatalf("a moderator's /quit was refused: %q", in.reply())
	}
	e.chatSays("Ada stops the game as a moderator of this chat")
	if in := e.slash(member, channel, "play", "game", "tictactoe"); strings.Contains(in.reply(), "✖") {
		t.Fatalf("the channel is still held after a moderator stopped its table: %q", in.reply())
	}
}

// A member object in a DM is none of Discord's (a DM interaction has a
// user): whatever permissions it claims, nobody moderates a DM.
func TestModeratorNeverInADM(t *testing.T) {
	t.Parallel()
	e := newEnv(t, Options{})
	cmd, ok := e.a.commandOf(&discordgo.Interaction{ChannelID: "600000000000000001",
		Member: &discordgo.Member{User: &discordgo.User{ID: modAdmin.ID, Username: "ada"}, Permissions: discordgo.PermissionAdministrator}})
	if !ok || !cmd.Private || cmd.Moderator {
		t.Fatalf("a DM's forged member made a moderator: %+v", cmd)
	}
	cmd, _ = e.a.commandOf(&discordgo.Interaction{ChannelID: channel, GuildID: "700000000000000001", AppPermissions: discordgo.PermissionAdministrator,
		Member: &discordgo.Member{User: &discordgo.User{ID: member.ID, Username: "mel"}, Permissions: permBitsEveryday}})
	if cmd.Moderator {
		t.Fatal("the bot's own permissions (app_permissions) made the member a moderator")
	}
}
