package bot

import (
	"strings"
	"testing"

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

// FuzzHandle throws arbitrary commands and button presses at a table in
// play: nothing panics, and a refused command changes nothing.
func FuzzHandle(f *testing.F) {
	f.Add("move", "5", "")
	f.Add("quit", "", "")
	f.Add("settings", "turn=9999d", "")
	f.Add("", "", "m1.0.5")
	f.Add("play", "tictactoe long", "")
	h := newHarness(f)
	h.seated()
	f.Fuzz(func(t *testing.T, name, args, payload string) {
		tb := h.core.table(1)
		var before []byte
		if tb != nil {
			tb.mu.Lock()
			before, _ = tb.game.Save()
			tb.mu.Unlock()
		}
		outs := h.core.Handle(ctxBG(), Command{Chat: "local:main", User: User{ID: "local:mallory", Name: "mallory"},
			Name: name, Args: strings.Fields(args), Payload: payload})
		if tb == nil || len(outs) == 0 || !outs[0].Refusal {
			return
		}
		tb.mu.Lock()
		after, _ := tb.game.Save()
		tb.mu.Unlock()
		if string(before) != string(after) {
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
