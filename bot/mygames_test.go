package bot

import (
	"context"
	"strconv"
	"strings"
	"testing"
)

// linkingRecorder is a platform's transport that links to tables, as the
// Discord and Telegram adapters do.
type linkingRecorder struct {
	recorder
	platform string
}

func (l *linkingRecorder) TableLink(table uint64, chat string) string {
	return "https://" + l.platform + ".example/" + chat + "/" + strconv.FormatUint(table, 10)
}

func (h *harness) as(chat, user, text string) []Out {
	h.t.Helper()
	name, args, ok := ParseText(text)
	if !ok {
		h.t.Fatalf("not a command: %q", text)
	}
	_, short, _ := strings.Cut(user, ":")
	return h.core.Handle(context.Background(), Command{Chat: chat, User: User{ID: user, Name: short}, Name: name, Args: args})
}

// My games lists every open table where the user sits, in every chat of
// his platform, with whose turn it is, the deadline in his time zone and
// a link to the table; each platform's id has its own list.
func TestMyGames_AcrossChatsAndPlatforms(t *testing.T) {
	h := newHarness(t)
	h.setClock(utcAt(2026, 11, 21, 20, 0))
	for _, p := range []string{"discord", "telegram"} {
		h.core.SetTransport(p, &linkingRecorder{recorder: recorder{closed: map[string]bool{}}, platform: p})
	}
	// On Discord, ann ("discord:42") plays in two channels: her turn in
	// one, bob's in the other; and waits in a lobby in a third.
	mustOK(t, h.as("discord:100", "discord:42", "/play tictactoe"))
	mustOK(t, h.as("discord:100", "discord:42", "/settings turn=1d"))
	mustOK(t, h.as("discord:100", "discord:7", "/join"))
	mustOK(t, h.as("discord:100", "discord:42", "/start"))
	mustOK(t, h.as("discord:200", "discord:7", "/play tictactoe"))
	mustOK(t, h.as("discord:200", "discord:7", "/settings turn=12h"))
	mustOK(t, h.as("discord:200", "discord:42", "/join"))
	mustOK(t, h.as("discord:200", "discord:7", "/start"))
	mustOK(t, h.as("discord:300", "discord:42", "/play wordsout"))
	// On Telegram, a person with the same number ("telegram:42") plays in
	// a group and in a forum topic.
	mustOK(t, h.as("telegram:-1001", "telegram:42", "/play tictactoe"))
	mustOK(t, h.as("telegram:-1001", "telegram:42", "/addbot"))
	mustOK(t, h.as("telegram:-1001", "telegram:42", "/start"))
	mustOK(t, h.as("telegram:-1002:7", "telegram:9", "/play tictactoe"))
	mustOK(t, h.as("telegram:-1002:7", "telegram:42", "/join"))
	mustOK(t, h.as("telegram:-1002:7", "telegram:9", "/start"))
	// A finished table is not listed.
	mustOK(t, h.as("discord:400", "discord:42", "/play tictactoe"))
	mustOK(t, h.as("discord:400", "discord:42", "/quit"))

	mustOK(t, h.as("discord:dm:42", "discord:42", "/settings tz=Europe/Paris"))
	h.setClock(utcAt(2026, 11, 21, 22, 30))
	outs := h.as("discord:100", "discord:42", "/mygames")
	if len(outs) != 1 || !outs[0].Private {
		t.Fatalf("not a private answer: %+v", outs)
	}
	got := outs[0].Title + "\n" + outs[0].Text
	containsAll(t, got,
		"Your games (3)",
		"• Tic-tac-toe, table #1: your turn, 21 h 30 min left (until Sunday 22 November at 21:00 CET)",
		"https://discord.example/discord:100/1",
		"• Tic-tac-toe, table #2: waiting for 7 (until Sunday 22 November at 09:00 CET)",
		"https://discord.example/discord:200/2",
		"• Words Out, table #3: not started yet (1 player seated)",
		"https://discord.example/discord:300/3")
	if strings.Contains(got, "telegram") || strings.Contains(got, "#6") {
		t.Errorf("discord list shows other tables:\n%s", got)
	}
	if strings.Index(got, "table #1") > strings.Index(got, "table #2") || strings.Index(got, "table #2") > strings.Index(got, "table #3") {
		t.Errorf("not in order (her turn, the nearest deadline, the lobby):\n%s", got)
	}

	h.core.Handle(ctxBG(), Command{Chat: "telegram:42", Private: true, User: User{ID: "telegram:42", Name: "42", Lang: "fr"}, Name: "lang", Args: []string{"fr"}})
	outs = h.core.Handle(ctxBG(), Command{Chat: "telegram:42", Private: true, User: User{ID: "telegram:42", Name: "42"}, Name: "mesparties"})
	got = outs[0].Title + "\n" + outs[0].Text
	containsAll(t, got,
		"Tes parties (2)",
		"• Morpion, table n°4 : à toi de jouer",
		"https://telegram.example/telegram:-1001/4",
		"• Morpion, table n°5 : on attend 9",
		"https://telegram.example/telegram:-1002:7/5")
	if strings.Contains(got, "discord") {
		t.Errorf("telegram list shows discord tables:\n%s", got)
	}

	// Someone seated nowhere is told how to start.
	outs = h.as("discord:100", "discord:99", "/mygames")
	if !strings.Contains(outs[0].Text, "You sit at no table") {
		t.Fatalf("empty list: %+v", outs)
	}
	// The list reads the store's index of seated users, so a restart
	// changes nothing.
	h.restart()
	for _, p := range []string{"discord", "telegram"} {
		h.core.SetTransport(p, &linkingRecorder{recorder: recorder{closed: map[string]bool{}}, platform: p})
	}
	outs = h.as("discord:100", "discord:42", "/mesparties")
	if !strings.Contains(outs[0].Title, "(3)") || !strings.Contains(outs[0].Text, "https://discord.example/discord:100/1") {
		t.Fatalf("after a restart: %+v", outs)
	}
}

// A long list stops at maxMyGames tables and says how many more.
func TestMyGames_LongListIsCut(t *testing.T) {
	h := newHarness(t)
	for i := range maxMyGames + 2 {
		mustOK(t, h.doIn("local:c"+strconv.Itoa(i), "ann", "/play tictactoe"))
	}
	outs := h.do("ann", "/mygames")
	if !strings.Contains(outs[0].Text, "…and 2 more.") || strings.Count(outs[0].Text, "• ") != maxMyGames {
		t.Fatalf("long list: %q", outs[0].Text)
	}
}

func containsAll(t *testing.T, got string, wants ...string) {
	t.Helper()
	for _, want := range wants {
		if !strings.Contains(got, want) {
			t.Errorf("lacks %q:\n%s", want, got)
		}
	}
}
