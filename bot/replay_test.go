package bot

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/tablee/tablee/archive"
	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/games/gamestest"
	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/store"
)

// playOut plays alice's and bob's moves (the bot player's choice, the
// terminal's /auto) at the chat's table until the game ends or limit moves
// were played; bots play their seats on their own.
func (h *harness) playOut(chat string, limit int) {
	h.t.Helper()
	for i := 0; i < limit && h.core.tableFor(Command{Chat: chat}) != nil; i++ {
		var mover, move string
		for _, u := range []string{"alice", "bob"} {
			if m, ok := h.core.Hint(chat, "local:"+u); ok {
				mover, move = u, m
				break
			}
		}
		if mover == "" {
			h.t.Fatalf("move %d: the game waits for nobody", i)
		}
		mustOK(h.t, h.doIn(chat, mover, "/move "+move))
	}
}

// A whole game of every engine, replayed from its log by the engine, ends
// exactly where the game saved it: the same state, byte for byte, and the
// same public view; /replay shows its last step.
func TestReplay_WholeGameOfEveryEngineEndsAtItsSavedPosition(t *testing.T) {
	played := 0
	for _, e := range games.All() {
		if e.Name() == "tictactoe" || strings.HasPrefix(e.Name(), "panic") {
			continue
		}
		if gamestest.Race && e.Name() == "escogriffe" {
			continue // thousands of moves: too slow under the race detector
		}
		played++
		t.Run(e.Name(), func(t *testing.T) {
			h := newHarness(t)
			chat := "local:" + e.Name()
			mustOK(t, h.doIn(chat, "alice", "/play "+e.Name()))
			mustOK(t, h.doIn(chat, "alice", "/settings view=text"))
			mustOK(t, h.doIn(chat, "bob", "/join"))
			if _, most := e.Seats(); most > 2 {
				mustOK(t, h.doIn(chat, "alice", "/addbot easy"))
			}
			mustOK(t, h.doIn(chat, "alice", "/start"))
			id := h.core.tableFor(Command{Chat: chat}).ID
			h.playOut(chat, 20000)
			if h.core.tableFor(Command{Chat: chat}) != nil {
				t.Fatal("the game did not end")
			}
			h.core.Flush()
			tb := h.core.storedTable(id)
			moves, err := h.st.Moves(id)
			if err != nil || tb == nil || tb.Phase != Finished || uint64(len(moves)) != tb.Moves {
				t.Fatalf("table %+v, %d moves, %v", tb, len(moves), err)
			}
			st, err := replayStep(tb, moves, len(moves))
			if err != nil {
				t.Fatal(err)
			}
			got, _ := st.After.Save()
			if !bytes.Equal(got, tb.State) {
				t.Fatalf("the replay ends elsewhere:\n%s\n%s", got, tb.State)
			}
			if a, b := fmt.Sprint(st.After.Public()), fmt.Sprint(tb.game.Public()); a != b {
				t.Fatalf("public views differ:\n%s\n%s", a, b)
			}
			outs := h.doIn(chat, "bob", fmt.Sprintf("/replay %d %d", id, len(moves)))
			if len(outs) != 1 || outs[0].Refusal || !strings.Contains(outs[0].Title, fmt.Sprintf("move %d of %d", len(moves), len(moves))) {
				t.Fatalf("/replay of the last move: %+v", outs)
			}
			// The deal tells its setup (the view's recap: no move's
			// events are above it).
			deal, err := replayStep(tb, moves, 0)
			if err != nil {
				t.Fatal(err)
			}
			outs = h.doIn(chat, "bob", fmt.Sprintf("/replay %d 0", id))
			r := renderer(tb, i18n.EN)
			for _, m := range deal.After.Public().Recap {
				if len(outs) != 1 || !strings.Contains(outs[0].Text, r.Text(m.Msg)) {
					t.Fatalf("the deal does not tell %q: %+v", r.Text(m.Msg), outs)
				}
			}
			t.Logf("%s: %d moves replayed", e.Name(), len(moves))
		})
	}
	if played < 4 {
		t.Fatalf("only %d games replayed", played)
	}
}

// handLines are the lines of every seat's hand at a position that no
// public view could show by chance, by seat: the letters of three cards
// or more (a row of the board ends with its number; the colours of a hand
// are those of some row).
func handLines(g games.Game, seats int) map[int][]string {
	out := map[int][]string{}
	for s := 0; s < seats; s++ {
		for _, l := range g.Private(s).Board {
			if utf8.RuneCountInString(strings.TrimSpace(l)) >= 7 && strings.IndexFunc(l, unicode.IsLetter) >= 0 {
				out[s] = append(out[s], l)
			}
		}
	}
	return out
}

func shows(o Out, line string) bool {
	return strings.Contains(strings.Join(o.Mono, "\n")+"\n"+o.Text, line)
}

// A replay shown in the chat never shows a hand: at no step, before the
// end or after it, and whoever presses its buttons. Asked in private, a
// player sees his own hand and no one else's; a button of his private
// replay shows whoever presses it his own hand, not the first one's.
func TestReplay_ChannelNeverShowsAHand(t *testing.T) {
	h := newHarness(t)
	mustOK(t, h.do("alice", "/play crackword"))
	mustOK(t, h.do("alice", "/settings view=text"))
	mustOK(t, h.do("bob", "/join"))
	mustOK(t, h.do("alice", "/start"))
	tb := h.core.tableFor(Command{Chat: "local:main"})
	id := tb.ID
	h.playOut("local:main", 60)
	if h.core.tableFor(Command{Chat: "local:main"}) == nil {
		t.Fatal("the game ended too soon for this test")
	}
	advice := 0 // steps that say what the strong bot would have played
	scored := 0 // steps whose move changed a score
	check := func(over bool) {
		t.Helper()
		st := h.core.storedTable(id)
		moves, _ := h.st.Moves(id)
		for k := 0; k <= len(moves); k++ {
			sp, err := replayStep(st, moves, k)
			if err != nil {
				t.Fatal(err)
			}
			hands := handLines(sp.After, 2)
			if k == 0 && (len(hands[0]) == 0 || len(hands[1]) == 0) {
				t.Fatalf("step %d: no hand to look for", k)
			}
			pub := h.do("carol", fmt.Sprintf("/revoir %d %d", id, k))
			if len(pub) != 1 || pub[0].Refusal || pub[0].Private || strings.Contains(pub[0].Text, "Your hand") {
				t.Fatalf("step %d: %+v", k, pub)
			}
			for s, lines := range hands {
				for _, l := range lines {
					if shows(pub[0], l) {
						t.Fatalf("step %d: the chat's replay shows seat %d's hand %q:\n%s\n%s", k, s, l, pub[0].Mono, pub[0].Text)
					}
				}
			}
			if strings.Contains(pub[0].Text, "Scores: ") {
				scored++
			}
			if strings.Contains(pub[0].Text, "💡") {
				if !over {
					t.Fatalf("step %d: the strong bot's move before the end: %q", k, pub[0].Text)
				}
				advice++
			}
			// The buttons of the chat's replay are public ones.
			for _, row := range pub[0].Buttons {
				for _, b := range row {
					if strings.HasSuffix(b.Data, ".me") {
						t.Fatalf("step %d: a public replay's button asks for a hand: %q", k, b.Data)
					}
				}
			}
			mine := h.do("alice", fmt.Sprintf("/replay %d %d me", id, k))
			if len(mine) != 1 || !mine[0].Private || !strings.Contains(mine[0].Text, "Your hand then") {
				t.Fatalf("step %d: alice's private replay: %+v", k, mine)
			}
			for _, l := range hands[0] {
				if !shows(mine[0], l) {
					t.Fatalf("step %d: alice's private replay lacks her hand %q", k, l)
				}
			}
			for _, l := range hands[1] {
				if shows(mine[0], l) {
					t.Fatalf("step %d: alice's private replay shows bob's hand %q", k, l)
				}
			}
			if k == 1 {
				// Bob presses a button of alice's private replay: his own hand.
				data := buttonData(t, mine[0], "◀")
				got := h.press("bob", data, "")
				next, _ := replayStep(st, moves, 0)
				bobs := handLines(next.After, 2)
				if len(got) != 1 || !got[0].Private || !got[0].Replace || len(bobs[1]) == 0 || !shows(got[0], bobs[1][0]) {
					t.Fatalf("bob's press on alice's private replay: %+v", got)
				}
				for _, l := range handLines(next.After, 2)[0] {
					if shows(got[0], l) {
						t.Fatalf("bob's press shows alice's hand %q", l)
					}
				}
			}
		}
	}
	check(false)
	if scored == 0 {
		t.Fatal("no move scored before the end: the strong bot had nothing to be hidden for")
	}
	mustRefuse(t, h.do("carol", fmt.Sprintf("/replay %d me", id)), "did not sit at table")
	h.playOut("local:main", 5000)
	check(true)
	if advice == 0 {
		t.Fatal("the finished game's replay never says what the strong bot would have played")
	}
}

// The buttons walk the game step by step and edit the message they are on;
// the typed command jumps to a move; the score a move made and, the game
// over, the strong bot's choice are said. Buttons are checked like others.
func TestReplay_StepsButtonsAndJumps(t *testing.T) {
	h := newHarness(t)
	h.seated()
	h.finishTicTacToe()
	outs := h.do("carol", "/replay 1")
	if len(outs) != 1 || outs[0].Refusal || outs[0].Private || outs[0].Replace ||
		!strings.Contains(outs[0].Title, "table #1 — the deal (5 moves in all)") || strings.Join(outs[0].Mono, "") != strings.Repeat("⬜", 9) {
		t.Fatalf("/replay 1: %+v", outs)
	}
	labels := func(o Out) string {
		var ls []string
		for _, row := range o.Buttons {
			for _, b := range row {
				ls = append(ls, b.Label)
			}
		}
		return strings.Join(ls, " ")
	}
	if got := labels(outs[0]); got != "▶ ⏭" {
		t.Fatalf("the deal's buttons: %q", got)
	}
	next := h.press("dave", buttonData(t, outs[0], "▶"), "")
	if len(next) != 1 || !next[0].Replace || next[0].Private || !strings.Contains(next[0].Title, "move 1 of 5") ||
		!strings.Contains(next[0].Text, "Move 1, by alice:\nalice plays 1.") || labels(next[0]) != "⏮ ◀ ▶ ⏭" {
		t.Fatalf("▶: %+v", next)
	}
	last := h.press("dave", buttonData(t, next[0], "⏭"), "")
	if len(last) != 1 || !strings.Contains(last[0].Title, "move 5 of 5") || !strings.Contains(last[0].Text, "Scores: alice +1") ||
		!strings.Contains(last[0].Text, "💡 The strong bot would have played the same.") || labels(last[0]) != "⏮ ◀" {
		t.Fatalf("⏭: %+v", last)
	}
	// Bob's 5 let alice win; the strong bot would have blocked at 3, but
	// neither move scores: nothing to compare.
	bob := h.do("carol", "/revoir 1 4")
	if len(bob) != 1 || !strings.Contains(bob[0].Title, "move 4 of 5") || strings.Contains(bob[0].Text, "💡") {
		t.Fatalf("/revoir 1 4: %+v", bob)
	}
	if o := h.do("carol", "/replay 1 400"); len(o) != 1 || !strings.Contains(o[0].Title, "move 5 of 5") {
		t.Fatalf("a move past the end shows the last: %+v", o)
	}
	if o := h.do("carol", "/replay"); len(o) != 1 || !strings.Contains(o[0].Title, "table #1") {
		t.Fatalf("/replay alone is the chat's last game: %+v", o)
	}
	// Checked like other buttons.
	mustRefuse(t, h.press("dave", "v1.6.", ""), "not valid")     // past the end
	mustRefuse(t, h.press("dave", "v1.2.them", ""), "not valid") // forged
	mustRefuse(t, h.press("dave", "v99.0.", ""), "no game of that number")
	other := h.core.Handle(ctxBG(), Command{Chat: "local:other", User: User{ID: "local:dave", Name: "dave"}, Payload: "v1.2."})
	mustRefuse(t, other, "was not played in this chat")
	mustRefuse(t, h.doIn("local:other", "dave", "/replay 1"), "was not played in this chat")
	mustRefuse(t, h.do("carol", "/replay 1 x"), "Usage")
	mustRefuse(t, h.do("carol", "/replay 1 2 3"), "Usage")
	// In private, a player's own replay; in a private chat the number is needed.
	priv := h.core.Handle(ctxBG(), Command{Chat: "local:dm-bob", Private: true, User: User{ID: "local:bob", Name: "bob"}, Name: "replay", Args: []string{"1", "2"}})
	if len(priv) != 1 || !priv[0].Private || !strings.Contains(priv[0].Text, "You typed: 4") || !strings.Contains(priv[0].Text, "You play ⭕") {
		t.Fatalf("bob's replay in private: %+v", priv)
	}
	mustRefuse(t, h.core.Handle(ctxBG(), Command{Chat: "local:dm-bob", Private: true, User: User{ID: "local:bob", Name: "bob"}, Name: "replay"}), "Usage")
}

// A game whose log does not lead to its saved position (one saved before
// seeds were kept: the log replayed from seed 0 goes elsewhere) is not
// replayed: nothing is shown rather than a game that did not happen.
func TestReplay_RefusedWhenTheLogDoesNotLeadToTheGame(t *testing.T) {
	h := newHarness(t)
	h.seated()
	mustOK(t, h.do("alice", "/move 5"))
	mustOK(t, h.do("bob", "/move 1"))
	if o := h.do("carol", "/replay 1 2"); len(o) != 1 || o[0].Refusal {
		t.Fatalf("a game in progress is replayed: %+v", o)
	}
	mustOK(t, h.do("alice", "/quit"))
	if o := h.do("carol", "/replay 1 2"); len(o) != 1 || o[0].Refusal {
		t.Fatalf("a stopped game is replayed: %+v", o)
	}
	// The test game's seed changes only its bot: a position the log does
	// not reach stands for a game whose seed was not kept.
	rec, err := h.st.Table(1)
	if err != nil {
		t.Fatal(err)
	}
	var raw map[string]any
	if err := json.Unmarshal(rec.Data, &raw); err != nil {
		t.Fatal(err)
	}
	state := raw["state"].(map[string]any)
	state["Cells"] = []int{2, 0, 0, 0, 1, 0, 0, 0, 1}
	rec.Data, _ = json.Marshal(raw)
	if err := h.st.Save(rec, nil); err != nil {
		t.Fatal(err)
	}
	mustRefuse(t, h.do("carol", "/replay 1"), "cannot be replayed")
}

// replayStep is the archive's step of a replay of the table.
func replayStep(t *Table, moves []store.Move, k int) (archive.Position, error) {
	return archive.Step(t.archived(), moves, k)
}
