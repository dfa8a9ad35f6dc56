package discord

import (
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

func findCommand(cmds []*discordgo.ApplicationCommand, name string) *discordgo.ApplicationCommand {
	for _, c := range cmds {
		if c.Name == name {
			return c
		}
	}
	return nil
}

func TestRegistrationIdentifyAndHeartbeats(t *testing.T) {
	e := newEnv(t, Options{ShardID: 1, ShardCount: 2})
	f := e.f
	f.mu.Lock()
	reg := f.commands[0]
	f.mu.Unlock()
	if reg.Path != "/applications/"+f.appID+"/commands" {
		t.Fatalf("registered on %s, want the global commands", reg.Path)
	}
	for _, name := range []string{"play", "join", "start", "hand", "move", "pass", "board", "quit", "rules", "help", "settings", "lang", "mark"} {
		c := findCommand(reg.Commands, name)
		if c == nil {
			t.Fatalf("command %s not registered", name)
		}
		if c.Description == "" || c.DescriptionLocalizations == nil || (*c.DescriptionLocalizations)[discordgo.French] == "" {
			t.Errorf("%s: no French description", name)
		}
	}
	play := findCommand(reg.Commands, "play")
	if (*play.NameLocalizations)[discordgo.French] != "jouer" {
		t.Errorf("play is not localised: %v", *play.NameLocalizations)
	}
	if !strings.Contains(string(reg.Raw), `"name_localizations":{"fr":"jouer"}`) {
		t.Errorf("bulk overwrite payload lacks the French name of play")
	}
	game := play.Options[0]
	if game.Name != "game" || !game.Required || game.NameLocalizations[discordgo.French] != "jeu" {
		t.Errorf("play's game option: %+v", game)
	}
	var titles []string
	for _, c := range game.Choices {
		titles = append(titles, c.Name+"="+c.Value.(string)+"/"+c.NameLocalizations[discordgo.French])
	}
	if !strings.Contains(strings.Join(titles, " "), "Tic-tac-toe=tictactoe/Morpion") {
		t.Errorf("game choices: %v", titles)
	}
	if mv := findCommand(reg.Commands, "move"); !mv.Options[0].Autocomplete {
		t.Errorf("move is not autocompleted")
	}
	if len(play.Options) < 3 || play.Options[2].Name != "thread" {
		t.Errorf("play has no thread option")
	}

	f.gw.Lock()
	id := f.identifies[0]
	f.gw.Unlock()
	if id.Intents != int(discordgo.IntentsGuilds) {
		t.Errorf("intents %d, want Guilds only (%d)", id.Intents, discordgo.IntentsGuilds)
	}
	if id.Shard == nil || *id.Shard != [2]int{1, 2} {
		t.Errorf("shard %v, want [1 2]", id.Shard)
	}
	if id.Token != "Bot test-token" {
		t.Errorf("token %q", id.Token)
	}
	deadline := time.Now().Add(3 * time.Second)
	for {
		f.gw.Lock()
		n := f.heartbeats
		f.gw.Unlock()
		if n >= 2 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("only %d heartbeats", n)
		}
		time.Sleep(20 * time.Millisecond)
	}
	if len(f.wrongHost) > 0 {
		t.Errorf("requests outside discord.com: %v", f.wrongHost)
	}
}

func TestDevGuildRegistration(t *testing.T) {
	e := newEnv(t, Options{DevGuild: "800000000000000009"})
	e.f.mu.Lock()
	defer e.f.mu.Unlock()
	if p := e.f.commands[0].Path; p != "/applications/"+e.f.appID+"/guilds/800000000000000009/commands" {
		t.Fatalf("registered on %s", p)
	}
}

// seated opens a tic-tac-toe table: alice plays, bob joins with the
// board's button, alice starts with the other.
func (e *env) seated(ch string) {
	e.t.Helper()
	in := e.slash(alice, ch, "play", "game", "tictactoe")
	if in.Original == nil || !in.Original.ephemeral() {
		e.t.Fatalf("/play: want an ephemeral confirmation, got %+v", in.Original)
	}
	b := e.board(ch)
	e.press(bob, b, button(e.t, b, "Join"))
	b = e.board(ch)
	if !strings.Contains(b.text(), "Bob") {
		e.t.Fatalf("board after join: %q", b.text())
	}
	e.press(alice, b, button(e.t, b, "Start"))
}

func TestTicTacToeFromButtons(t *testing.T) {
	e := newEnv(t, Options{})
	f := e.f
	e.seated(channel)
	b := e.board(channel)
	if !strings.Contains(b.Content, "<@"+alice.ID+">") || len(b.Mentions.Users) != 1 || b.Mentions.Users[0] != alice.ID || len(b.Mentions.Parse) != 0 {
		t.Fatalf("board should mention alice only: %q %+v", b.Content, b.Mentions)
	}
	if !strings.Contains(b.Embeds[0].Description, "```") {
		t.Errorf("board is not in a code block: %q", b.Embeds[0].Description)
	}
	boardID := b.ID
	// Alice's hand is in her DMs with the free cells as buttons.
	hand := f.lastWith(f.dmOf(alice.ID), "", "your hand")
	if hand == nil {
		t.Fatal("alice got no hand by DM")
	}
	in := e.press(alice, hand, button(t, hand, "5"))
	if in.Types[0] != 7 {
		t.Fatalf("a played DM button should update its message, got %v", in.Types)
	}
	if h := f.snapshot(hand); len(h.components()) != 0 || !strings.Contains(h.Content, "✓") {
		t.Errorf("the played hand should lose its buttons: %q %v", h.Content, h.components())
	}
	b = e.board(channel)
	if b.ID != boardID || b.Edits == 0 {
		t.Fatalf("the board should be edited in place: %s (edits %d) vs %s", b.ID, b.Edits, boardID)
	}
	if !strings.Contains(b.Embeds[0].Description, "❌") || !strings.Contains(b.Content, "<@"+bob.ID+">") {
		t.Fatalf("board after alice's move: %q %q", b.Content, b.Embeds[0].Description)
	}
	// An edit notifies no one: bob gets a ping of its own, mentioning him alone.
	ping := f.lastWith(channel, "", "🔔")
	if ping == nil || ping.Content != "🔔 <@"+bob.ID+">" || len(ping.Mentions.Users) != 1 || ping.Mentions.Users[0] != bob.ID {
		t.Fatalf("ping for bob: %+v", ping)
	}
	// Bob plays by typing; his previous ping... alice's is deleted.
	in = e.slash(bob, channel, "move", "move", "1")
	if in.Original == nil || !in.Original.ephemeral() || !strings.Contains(in.Original.Content, "✓") {
		t.Fatalf("/move: want an ephemeral ✓, got %+v", in.Original)
	}
	if pings := countWith(f.channelMsgs(channel), "🔔"); pings != 1 {
		t.Errorf("%d pings alive, want the last one only", pings)
	}
	// Play out: alice 5, bob 1, alice 9, bob 2, alice 3?: make alice win on the diagonal 3-5-7.
	for _, step := range []struct {
		u    fuser
		cell string
	}{{alice, "9"}, {bob, "3"}, {alice, "7"}, {bob, "4"}} {
		hand := f.lastWith(f.dmOf(step.u.ID), "", "your hand")
		e.press(step.u, hand, button(t, hand, step.cell))
	}
	b = e.board(channel)
	if b.ID != boardID {
		t.Errorf("board re-posted during a quick game")
	}
	hand = f.lastWith(f.dmOf(alice.ID), "", "your hand")
	e.press(alice, hand, button(t, hand, "8"))
	b = e.board(channel)
	if !strings.Contains(b.text(), "wins") {
		t.Fatalf("game should be over: %q", b.text())
	}
	e.noHiddenInformation()
}

func countWith(msgs []*fmsg, s string) int {
	n := 0
	for _, m := range msgs {
		if strings.Contains(m.text(), s) {
			n++
		}
	}
	return n
}
