package bot

import (
	"strings"
	"testing"

	_ "github.com/tablee/tablee/games/coquillaude"
	_ "github.com/tablee/tablee/games/crackword"
	"github.com/tablee/tablee/store"
)

func FuzzParseText(f *testing.F) {
	for _, s := range []string{"/play crackword", "/move E droite 2 maison", "/@", "//", "/PLAY@Bot x", "/é\u0301", "/\u202e"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		name, args, ok := ParseText(s)
		if !ok {
			return
		}
		if name == "" || strings.ContainsAny(name, " @") {
			t.Fatalf("ParseText(%q) name %q", s, name)
		}
		for _, a := range args {
			if a == "" || strings.ContainsAny(a, " \t\n") {
				t.Fatalf("ParseText(%q) arg %q", s, a)
			}
		}
	})
}

func FuzzDecodePayload(f *testing.F) {
	for _, s := range []string{"m1.0.5", "c1a.2b.E right", "j1.0.", "zz", "m..", "m" + strings.Repeat("9", 63)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := decodePayload(s)
		if err != nil {
			return
		}
		// What decodes encodes back to the same payload.
		again, err := decodePayload(p.encode())
		if err != nil || again != p {
			t.Fatalf("%q -> %+v -> %q -> %+v, %v", s, p, p.encode(), again, err)
		}
	})
}

// FuzzHandle throws arbitrary commands and button presses, from seated
// players and from a stranger, at real games in play (Crack Word and La
// Coquillaude with a bot, and the test game): nothing panics, a refused
// command changes nothing, and the game never waits on a bot seat.
func FuzzHandle(f *testing.F) {
	f.Add(uint8(0), uint8(0), "move", "5", "")
	f.Add(uint8(1), uint8(1), "move", "E droite 2 maison", "")
	f.Add(uint8(1), uint8(0), "pass", "", "")
	f.Add(uint8(2), uint8(1), "quit", "", "")
	f.Add(uint8(0), uint8(2), "settings", "turn=9999d", "")
	f.Add(uint8(1), uint8(0), "", "", "m2.0.pass")
	f.Add(uint8(2), uint8(0), "", "", "a3.1.mot")
	f.Add(uint8(0), uint8(0), "play", "tictactoe long", "")
	f.Add(uint8(1), uint8(1), "leave", "", "")
	f.Add(uint8(2), uint8(1), "reponse", "CHINE", "")
	f.Add(uint8(1), uint8(0), "crack", "", "")
	h := newHarness(f)
	chats := []string{"local:ttt", "local:cw", "local:coq"}
	send := func(chat, user, text string) { // not h.doIn: no f.Helper inside the target
		name, args, _ := ParseText(text)
		h.core.Handle(ctxBG(), Command{Chat: chat, User: User{ID: "local:" + user, Name: user}, Name: name, Args: args})
	}
	open := func() {
		for i, game := range []string{"tictactoe long", "crackword", "coquillaude"} {
			if h.core.tableFor(Command{Chat: chats[i]}) != nil {
				continue
			}
			send(chats[i], "alice", "/play "+game)
			send(chats[i], "bob", "/join")
			if i > 0 {
				send(chats[i], "alice", "/addbot")
			}
			send(chats[i], "alice", "/start")
		}
	}
	open()
	users := []string{"alice", "bob", "mallory"}
	f.Fuzz(func(t *testing.T, table, who uint8, name, args, payload string) {
		open() // a fuzzed /quit or /leave may have ended a table
		chat := chats[int(table)%len(chats)]
		user := users[int(who)%len(users)]
		tb := h.core.tableFor(Command{Chat: chat})
		var before []byte
		if tb != nil {
			tb.mu.Lock()
			if tb.game != nil {
				before, _ = tb.game.Save()
			}
			tb.mu.Unlock()
		}
		outs := h.core.Handle(ctxBG(), Command{Chat: chat, User: User{ID: "local:" + user, Name: user},
			Name: name, Args: strings.Fields(args), Payload: payload})
		if strings.Contains(h.logs.String(), "panic recovered") {
			t.Fatalf("%s %q %q %q panicked:\n%s", user, name, args, payload, h.logs.String())
		}
		if tb == nil || before == nil {
			return
		}
		tb.mu.Lock()
		defer tb.mu.Unlock()
		if tb.Phase == Playing && tb.botWaiting() {
			t.Fatalf("%s %q %q %q left the table waiting on a bot", user, name, args, payload)
		}
		if len(outs) == 0 || !outs[0].Refusal {
			return
		}
		if after, _ := tb.game.Save(); string(before) != string(after) {
			t.Fatalf("refused %q %q %q changed the game", name, args, payload)
		}
	})
}

// An unreadable table on disk is logged and skipped: the other chats play on.
func TestStartUp_SkipsAnUnreadableTable(t *testing.T) {
	h := newHarness(t)
	h.seated()
	id, err := h.st.NewTableID()
	if err != nil {
		t.Fatal(err)
	}
	if err := h.st.Save(store.Table{ID: id, Chat: "local:broken", Game: "tictactoe", Data: []byte("{not json")}, nil); err != nil {
		t.Fatal(err)
	}
	h.restart()
	if h.core.table(id) != nil {
		t.Fatal("the broken table was loaded")
	}
	mustOK(t, h.do("alice", "/move 5"))
}
