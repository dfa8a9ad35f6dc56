package discord

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tablee/tablee/adapters/keeper"
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
	t.Parallel()
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
	t.Parallel()
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
	t.Parallel()
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
	hand := f.hand(alice.ID)
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
	// An edit notifies no one: bob, whose hand comes by DM, is called by a
	// new hand DM, and no ping calls him a second time.
	if h := f.hand(bob.ID); h == nil || !strings.Contains(h.Sent, "your turn, move 2") {
		t.Fatalf("bob's call to play: %+v", h)
	}
	if ping := f.lastWith(channel, "", "🔔"); ping != nil && slices.Contains(ping.Mentions.Users, bob.ID) {
		t.Fatalf("bob was pinged on top of his DM: %+v", ping)
	}
	in = e.slash(bob, channel, "move", "move", "1")
	if in.Original == nil || !in.Original.ephemeral() || !strings.Contains(in.Original.Content, "✓") {
		t.Fatalf("/move: want an ephemeral ✓, got %+v", in.Original)
	}
	if pings := countWith(f.channelMsgs(channel), "🔔"); pings > 1 {
		t.Errorf("%d pings alive, want the last one at most", pings)
	}
	// Play out: alice 5, bob 1, alice 9, bob 2, alice 3?: make alice win on the diagonal 3-5-7.
	for _, step := range []struct {
		u    fuser
		cell string
	}{{alice, "9"}, {bob, "3"}, {alice, "7"}, {bob, "4"}} {
		hand := f.hand(step.u.ID)
		e.press(step.u, hand, button(t, hand, step.cell))
	}
	b = e.board(channel)
	if b.ID != boardID {
		t.Errorf("board re-posted during a quick game")
	}
	hand = f.hand(alice.ID)
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

func TestWrongUserStaleAndForgedComponents(t *testing.T) {
	t.Parallel()
	e := newEnv(t, Options{})
	f := e.f
	e.seated(channel)
	aliceHand := f.snapshot(f.hand(alice.ID))
	before := e.board(channel)

	unchanged := func(what string) {
		t.Helper()
		b := e.board(channel)
		if b.ID != before.ID || b.Edits != before.Edits || b.text() != before.text() {
			t.Fatalf("%s changed the board", what)
		}
		if n := e.core.Counter("discord:" + channel); n != 0 {
			t.Fatalf("%s moved the table to %d", what, n)
		}
	}
	// Bob presses a button of alice's hand.
	in := e.press(bob, aliceHand, button(t, aliceHand, "5"))
	refusedWith(t, in, "not your turn")
	unchanged("a borrowed button")
	// A stranger.
	refusedWith(t, e.press(carol, aliceHand, button(t, aliceHand, "5")), "")
	unchanged("a stranger's press")
	// Forged payloads: garbage, and a real-looking one for another table.
	refusedWith(t, e.pressData(alice, aliceHand, "zz"), "not valid")
	refusedWith(t, e.pressData(alice, aliceHand, "m99.0.5"), "expired")
	refusedWith(t, e.pressData(alice, aliceHand, "m1.0.5\u202e"), "")
	unchanged("a forged button")
	// Alice plays; her old button is stale now.
	e.slash(alice, channel, "move", "move", "5")
	in = e.press(alice, aliceHand, button(t, aliceHand, "1"))
	refusedWith(t, in, "expired")
	if e.core.Counter("discord:"+channel) != 1 {
		t.Fatal("a stale button moved the table")
	}
	// Refusals are ephemeral and never touch the message the button was on.
	if h := f.get(aliceHand.ID); h.Edits != 0 {
		t.Errorf("a refused press edited the hand")
	}
	e.noHiddenInformation()
}

func TestClosedDMsFallBackToEphemeralHands(t *testing.T) {
	t.Parallel()
	e := newEnv(t, Options{})
	f := e.f
	f.closeDM(bob.ID)
	e.slash(alice, channel, "play", "game", "tictactoe")
	in := e.slash(bob, channel, "join")
	// The channel is told how to fix it: a public answer.
	if !strings.Contains(in.reply(), "cannot write to you") {
		t.Fatalf("join with closed DMs: %q", in.reply())
	}
	warn := in.Original
	if in.Original.ephemeral() {
		warn = nil
		for _, m := range in.Followups {
			if strings.Contains(m.text(), "cannot write") && !m.ephemeral() {
				warn = m
			}
		}
	}
	if warn == nil || warn.ephemeral() {
		t.Fatalf("the DM warning should be public: %+v", in)
	}
	// The game starts all the same, the ephemeral hand being the fallback.
	e.slash(alice, channel, "start")
	hand := f.hand(alice.ID)
	e.press(alice, hand, button(t, hand, "5"))
	// With no hand by DM, bob is called by a ping in the channel.
	if ping := f.lastWith(channel, "", "🔔"); ping == nil || !slices.Equal(ping.Mentions.Users, []string{bob.ID}) {
		t.Fatalf("bob, whose DMs are closed, should be pinged: %+v", ping)
	}
	b := e.board(channel)
	in = e.press(bob, b, button(t, b, "My hand"))
	eh := in.Original
	if eh == nil || !eh.ephemeral() || eh.For != bob.ID || !strings.Contains(eh.text(), "— your ") {
		t.Fatalf("bob's hand should be ephemeral: %+v", eh)
	}
	in = e.press(bob, eh, button(t, eh, "1"))
	if in.Types[0] != 7 {
		t.Fatalf("a move from an ephemeral hand updates it: %v", in.Types)
	}
	if e.core.Counter("discord:"+channel) != 2 {
		t.Fatal("bob's move was not played")
	}
	// /hand in the channel is ephemeral too.
	in = e.slash(alice, channel, "hand")
	if in.Original == nil || !in.Original.ephemeral() {
		t.Fatalf("/hand should be ephemeral: %+v", in.Original)
	}
	// Bob's DMs were tried when he joined, and not on every move since:
	// each refusal counts toward Discord's invalid request limit.
	hand = f.hand(alice.ID)
	e.press(alice, hand, button(t, hand, "9"))
	f.mu.Lock()
	refused := f.refusedDM[bob.ID]
	f.mu.Unlock()
	if refused != 1 {
		t.Errorf("%d DMs to bob refused with 50007, want 1 (when he joined)", refused)
	}
	e.noHiddenInformation()
}

func TestRateLimitIsHonoured(t *testing.T) {
	t.Parallel()
	e := newEnv(t, Options{})
	f := e.f
	key := "POST /channels/" + channel + "/messages"
	f.mu.Lock()
	f.fail429[key] = 0.3
	f.mu.Unlock()
	e.slash(alice, channel, "play", "game", "tictactoe")
	f.mu.Lock()
	var times []time.Time
	for i, r := range f.requests {
		if r == key {
			times = append(times, f.reqTimes[i])
		}
	}
	hits := len(f.hits429)
	f.mu.Unlock()
	if hits != 1 || len(times) != 2 {
		t.Fatalf("want one 429 and one retry, got %d hits, %d requests", hits, len(times))
	}
	if gap := times[1].Sub(times[0]); gap < 290*time.Millisecond {
		t.Fatalf("retried after %v, before retry_after", gap)
	}
	if n := countWith(f.channelMsgs(channel), "table #"); n != 1 {
		t.Fatalf("%d boards, want 1", n)
	}
}

func TestGatewayDropResumes(t *testing.T) {
	t.Parallel()
	e := newEnv(t, Options{})
	f := e.f
	e.seated(channel)
	e.slash(alice, channel, "move", "move", "5")
	f.drop()
	// An interaction sent while the connection is down is replayed by the
	// RESUME.
	in := e.slash(bob, channel, "move", "move", "1")
	if in.Original == nil || !strings.Contains(in.Original.Content, "✓") {
		t.Fatalf("move after the drop: %+v", in.Original)
	}
	f.waitHandshakes(2)
	f.gw.Lock()
	resumes, identifies, session := f.resumes, len(f.identifies), f.shardLocked(0).sessionID
	f.gw.Unlock()
	if len(resumes) != 1 || resumes[0].SessionID != session || resumes[0].Seq == 0 || identifies != 1 {
		t.Fatalf("want one RESUME of %s, got %+v (%d identifies)", session, resumes, identifies)
	}
	hand := f.hand(alice.ID)
	e.press(alice, hand, button(t, hand, "9"))
	if e.core.Counter("discord:"+channel) != 3 {
		t.Fatal("play did not go on after the RESUME")
	}
}

func TestRestartMidGame(t *testing.T) {
	t.Parallel()
	e := newEnv(t, Options{})
	f := e.f
	e.seated(channel)
	e.slash(alice, channel, "move", "move", "5")
	board := e.board(channel)
	hand := f.snapshot(f.hand(bob.ID))
	e.restart()
	// The old hand's buttons still work, and the board is still edited in place.
	in := e.press(bob, hand, button(t, hand, "1"))
	if in.Types[0] != 7 {
		t.Fatalf("old button after a restart: %v %q", in.Types, in.reply())
	}
	if e.core.Counter("discord:"+channel) != 2 {
		t.Fatal("the move was not played after the restart")
	}
	b := e.board(channel)
	if b.ID != board.ID || b.Edits <= board.Edits {
		t.Fatalf("board re-posted after the restart: %s vs %s", b.ID, board.ID)
	}
	e.noHiddenInformation()
}

func TestSlowCoreIsDeferred(t *testing.T) {
	t.Parallel()
	e := newEnv(t, Options{DeferAfter: 50 * time.Millisecond})
	f := e.f
	// The core is slow when its disk is: a save of 200 ms.
	e.saveDelay.Store(int64(200 * time.Millisecond))
	in := e.slash(alice, channel, "play", "game", "tictactoe")
	if len(in.Types) != 1 || in.Types[0] != 5 || !in.Original.ephemeral() || !strings.Contains(in.Original.Content, "✓") || in.Original.Edits != 1 {
		t.Fatalf("slow /play: want a deferral then an edit, got %v %+v", in.Types, in.Original)
	}
	// A public answer after an ephemeral deferral goes to the channel as a
	// message: as a followup, Discord would make it an edit of the
	// ephemeral deferred message (the fake does as Discord does).
	f.closeDM(bob.ID)
	in = e.slash(bob, channel, "join")
	if in.FollowupsLost != 0 {
		t.Fatalf("slow /join: %d public texts sent as followups of the deferral", in.FollowupsLost)
	}
	warn := f.lastWith(channel, "", "cannot write to you")
	if warn == nil || warn.ephemeral() || warn.Interaction != "" {
		t.Fatalf("slow /join: the closed-DM warning should be a channel message: %+v", warn)
	}
	if !in.Original.ephemeral() || !strings.Contains(in.Original.Content, "✓") {
		t.Fatalf("slow /join: the deferred answer should end as a ✓: %+v", in.Original)
	}
	b := e.board(channel)
	in = e.press(alice, b, button(t, b, "Start"))
	if len(in.Types) != 1 || in.Types[0] != 6 {
		t.Fatalf("slow press: want a deferred update, got %v", in.Types)
	}
	if e.board(channel).Edits == 0 {
		t.Fatal("the board was not updated")
	}
}

func TestThreadPerTable(t *testing.T) {
	t.Parallel()
	e := newEnv(t, Options{})
	f := e.f
	in := e.slash(alice, channel, "play", "game", "tictactoe", "thread", true)
	thread := f.threadOf(channel)
	if thread == "" {
		t.Fatal("no thread was started")
	}
	if !strings.Contains(in.reply(), "<#"+thread+">") {
		t.Fatalf("the answer should name the thread: %q", in.reply())
	}
	b := e.board(thread)
	e.press(bob, b, button(t, b, "Join"))
	// A second table in the channel itself.
	e.slash(carol, channel, "play", "game", "tictactoe")
	if e.board(channel).ID == b.ID {
		t.Fatal("one board for two tables")
	}
}

func TestMoveAutocomplete(t *testing.T) {
	t.Parallel()
	e := newEnv(t, Options{})
	e.seated(channel)
	in := e.complete(alice, channel, "move", "move", "")
	if len(in.Types) != 1 || in.Types[0] != 8 || len(in.Choices) != 9 {
		t.Fatalf("alice's choices: %v %+v", in.Types, in.Choices)
	}
	in = e.complete(bob, channel, "move", "move", "")
	if len(in.Choices) != 0 {
		t.Fatalf("bob is not to play, got %+v", in.Choices)
	}
}

func TestBoardRepostedWhenGoneOrOld(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 22, 20, 0, 0, 0, time.UTC)
	var clockMu = make(chan struct{}, 1)
	clockMu <- struct{}{}
	clock := func() time.Time { <-clockMu; defer func() { clockMu <- struct{}{} }(); return now }
	advance := func(d time.Duration) { <-clockMu; now = now.Add(d); clockMu <- struct{}{} }
	e := newEnv(t, Options{Now: clock, Boards: keeper.Settings{OlderThan: time.Hour}})
	f := e.f
	e.seated(channel)
	first := e.board(channel)
	// Someone deleted the board: the next one is posted anew.
	f.mu.Lock()
	f.msgs[first.ID].Deleted = true
	f.mu.Unlock()
	e.slash(alice, channel, "move", "move", "5")
	second := e.board(channel)
	if second.ID == first.ID {
		t.Fatal("a deleted board was not re-posted")
	}
	// An old board is posted anew rather than edited far up the channel.
	advance(2 * time.Hour)
	e.slash(bob, channel, "move", "move", "1")
	if third := e.board(channel); third.ID == second.ID {
		t.Fatal("an old board was edited")
	}
	// /board posts it anew too, after answering the interaction (which has
	// three seconds; posting may wait for a rate limit).
	before := e.board(channel)
	f.mu.Lock()
	from := len(f.requests)
	f.mu.Unlock()
	in := e.slash(carol, channel, "board")
	f.mu.Lock()
	answered, posted := -1, -1
	for i, k := range f.requests[from:] {
		switch {
		case answered < 0 && strings.Contains(k, "/callback"):
			answered = i
		case posted < 0 && strings.HasPrefix(k, "POST /channels/"+channel+"/messages"):
			posted = i
		}
	}
	f.mu.Unlock()
	if answered < 0 || posted < 0 || posted < answered {
		t.Errorf("/board: the board was posted (request %d) before the interaction was answered (%d)", posted, answered)
	}
	if in.Original == nil || !in.Original.ephemeral() {
		t.Fatalf("/board answers with an ephemeral ✓: %+v", in.Original)
	}
	if e.board(channel).ID == before.ID {
		t.Fatal("/board did not re-post the board")
	}
}

// A button that asks for several words (payload kind w, the rest of a
// move) opens a modal like one that asks for a word (kind a), even after a
// restart, when the adapter no longer remembers the question.
func TestTextButtonsOpenAModal(t *testing.T) {
	t.Parallel()
	e := newEnv(t, Options{})
	f := e.f
	e.seated(channel)
	aliceHand := f.snapshot(f.hand(alice.ID))
	for _, data := range []string{"a1.0.5", "w1.0.5"} {
		in := e.pressData(alice, aliceHand, data)
		if in.ModalID != data || len(in.Types) != 1 || in.Types[0] != 9 {
			t.Errorf("%s: want a modal, got types %v %+v", data, in.Types, in)
		}
	}
	if in := e.pressData(alice, aliceHand, "m1.0.5"); in.ModalID != "" {
		t.Errorf("a move button opened a modal")
	}
	// A question longer than a label's 45 characters (La Coquillaude's run
	// to 84) is shown whole above the input; a short one is the label.
	long := "Combien d'anagrammes de ALERTEE annonces-tu, et lesquelles (sépare-les par des virgules) ?"
	for ask, wantText := range map[string]string{long: long, "Un mot qui contient AG ?": ""} {
		e.a.rememberAsks(map[string]string{"a1.0.5": ask})
		in := e.pressData(alice, aliceHand, "a1.0.5")
		if in.ModalText != wantText || (wantText == "" && in.ModalLabel != ask) {
			t.Errorf("question %q: modal text %q, label %q", ask, in.ModalText, in.ModalLabel)
		}
	}
}

// A permission denied in a channel: the board goes as text where only the
// picture or the embed is refused, and whoever acts next is told, in a
// message only he sees, which permission is missing.
func TestMissingPermissions(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		perm string
		sees func(b *fmsg) bool // the board as it reaches the channel
	}{
		{permAttach, func(b *fmsg) bool { return b != nil && len(b.Files) == 0 && len(b.Embeds) == 1 }},
		{permEmbed, func(b *fmsg) bool {
			return b != nil && len(b.Embeds) == 0 && strings.Contains(b.Content, "```") && strings.Contains(b.Content, "Crack Word")
		}},
		{permSend, func(b *fmsg) bool { return b == nil }},
	} {
		t.Run(c.perm, func(t *testing.T) {
			t.Parallel()
			e := newEnv(t, Options{})
			f := e.f
			f.deny(channel, c.perm)
			var ins []*finter
			ins = append(ins, e.slash(alice, channel, "play", "game", "crackword"))
			e.core.Flush()
			ins = append(ins, e.slash(bob, channel, "join"))
			ins = append(ins, e.slash(alice, channel, "start"))
			e.core.Flush()
			var board *fmsg // the table's board: "Crack Word — table #1"
			for _, m := range f.channelMsgs(channel) {
				if m.Interaction == "" && strings.Contains(m.text(), "table #") {
					board = f.snapshot(m)
				}
			}
			if !c.sees(board) {
				t.Fatalf("the board without %s: %+v", c.perm, board)
			}
			// Whoever acts next is told, in a message only he sees; within
			// the hour, once.
			ins = append(ins, e.slash(bob, channel, "hand"), e.slash(alice, channel, "hand"))
			told := 0
			for _, in := range ins {
				for _, m := range append([]*fmsg{in.Original}, in.Followups...) {
					if m != nil && strings.Contains(m.text(), "“"+c.perm+"”") {
						told++
						if !m.ephemeral() || m.For != in.User {
							t.Errorf("the notice is not for %s alone: %+v", in.User, m)
						}
					}
				}
			}
			if told != 1 {
				t.Errorf("told %d times of %s, want once", told, c.perm)
			}
		})
	}
}

// A hand that calls its player during his quiet hours (/quiet) is posted
// with SUPPRESS_NOTIFICATIONS: it arrives, and notifies no one. Outside
// them (bob has none) a call to play notifies as before.
func TestHandInQuietHoursIsSilent(t *testing.T) {
	t.Parallel()
	e := newEnv(t, Options{})
	f := e.f
	e.quietFromNow(alice)
	e.seated(channel)
	hand := f.hand(alice.ID)
	if hand == nil || !strings.Contains(hand.Sent, "your turn") {
		t.Fatalf("alice's call to play: %+v", hand)
	}
	if !hand.silent() {
		t.Errorf("alice's call to play in her quiet hours notified her (flags %d)", hand.Flags)
	}
	e.press(alice, hand, button(t, hand, "5"))
	if h := f.hand(bob.ID); h == nil || h.silent() {
		t.Errorf("bob's call to play, outside quiet hours: %+v", h)
	}
}

// A player whose hands stay behind the board's button is called by a ping
// in the channel; in his quiet hours he is named on the board but left out
// of its allowed mentions, and no ping calls him: nothing notifies him.
// Out of them, he is pinged.
func TestQuietPlayerNamedNotPinged(t *testing.T) {
	t.Parallel()
	e := newEnv(t, Options{})
	f := e.f
	e.slash(bob, channel, "settings", "settings", "hand=button")
	e.quietFromNow(bob)
	e.seated(channel)
	e.press(alice, f.hand(alice.ID), button(t, f.hand(alice.ID), "5"))
	b := e.board(channel)
	if !strings.Contains(b.Content, "<@"+bob.ID+">") {
		t.Errorf("the board does not name bob, awaited: %q", b.Content)
	}
	for _, m := range f.channelMsgs(channel) {
		if m.Mentions != nil && slices.Contains(m.Mentions.Users, bob.ID) {
			t.Errorf("bob, in his quiet hours, notified by %q", m.text())
		}
	}
	// Without quiet hours the same turn pings him.
	e.slash(bob, channel, "quiet", "hours", "off")
	e.press(bob, b, button(t, b, "hand"))
	in := e.slash(bob, channel, "move", "move", "1")
	if in.Original == nil || !strings.Contains(in.Original.Content, "✓") {
		t.Fatalf("bob's move: %+v", in.Original)
	}
	e.press(alice, f.hand(alice.ID), button(t, f.hand(alice.ID), "9"))
	if ping := f.lastWith(channel, "", "🔔"); ping == nil || !slices.Contains(ping.Mentions.Users, bob.ID) {
		t.Errorf("bob, out of quiet hours, not pinged: %+v", ping)
	}
}

// quietFromNow gives u quiet hours from an hour ago to two hours from now
// (UTC, the time zone of a user who chose none).
func (e *env) quietFromNow(u fuser) {
	e.t.Helper()
	now := time.Now().UTC()
	hours := now.Add(-time.Hour).Format("15:04") + "-" + now.Add(2*time.Hour).Format("15:04")
	if in := e.slash(u, channel, "quiet", "hours", hours); !strings.Contains(in.reply(), "Quiet hours") {
		e.t.Fatalf("/quiet %s: %s", hours, in.reply())
	}
}
