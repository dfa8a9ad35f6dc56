package discord

import (
	"strings"
	"testing"

	_ "github.com/tablee/tablee/games/crackword"
)

// TestWholeCrackWordGame plays a 2-player Crack Word game through Discord:
// slash commands, select menus and buttons, the example word in a modal.
// Alice gets her hand by DM; Bob's DMs are closed, so he plays from the
// ephemeral hand of the board's "My hand" button. The moves are the bot
// player's, played by the humans.
var maxTurns = 1000

func TestWholeCrackWordGame(t *testing.T) {
	t.Parallel()
	e := newEnv(t, Options{})
	f := e.f
	f.closeDM(bob.ID)
	chat := "discord:" + channel
	e.slash(alice, channel, "play", "game", "crackword")
	// Text boards: drawing pictures under the race detector is slow, and
	// this adapter draws boards as text.
	e.slash(alice, channel, "settings", "settings", "view=text")
	e.slash(bob, channel, "join")
	e.slash(alice, channel, "start")
	boardID := e.board(channel).ID

	// /move autocompletes from the cards of the hand.
	first, _, _ := e.whoseTurn(chat)
	in := e.complete(first, channel, "move", "move", "")
	if len(in.Choices) == 0 {
		t.Fatal("no autocompletion for the first player")
	}
	t.Logf("autocompletion: %d choices, first %q", len(in.Choices), in.Choices[0].Name)
	var viaButtons, viaModal, viaSlash, viaSelect int
	for turn := 0; turn < maxTurns; turn++ {
		if openTables(e) == 0 {
			break
		}
		u, mv, ok := e.whoseTurn(chat)
		if !ok {
			t.Fatalf("turn %d: the game waits for nobody", turn)
		}
		before := e.core.Counter(chat)
		if turn%4 != 3 {
			var hand *fmsg
			if u == alice {
				hand = f.hand(alice.ID)
			} else {
				b := e.board(channel)
				hand = e.press(bob, b, button(t, b, "My hand")).Original
				if hand == nil || !hand.ephemeral() {
					t.Fatalf("bob's hand is not ephemeral")
				}
			}
			if hand != nil {
				sel, mod := e.playFromComponents(u, hand, mv)
				viaSelect += sel
				viaModal += mod
			}
			if e.core.Counter(chat) != before || openTables(e) == 0 {
				viaButtons++
				continue
			}
		}
		in := e.slash(u, channel, "move", "move", mv)
		if e.core.Counter(chat) == before && openTables(e) != 0 {
			t.Fatalf("turn %d: %s's move %q refused: %q", turn, u.Name, mv, in.reply())
		}
		viaSlash++
	}
	if openTables(e) != 0 {
		t.Fatal("the game did not end")
	}
	b := e.board(channel)
	if !strings.Contains(b.text(), "Game over") || !strings.Contains(b.text(), "wins") {
		t.Fatalf("final board: %q", b.text())
	}
	t.Logf("moves: %d from components (%d select menus, %d modals), %d typed; board edited %d times, %d boards",
		viaButtons, viaSelect, viaModal, viaSlash, b.Edits, countWith(f.channelMsgs(channel), "Crack Word — table"))
	if viaButtons == 0 || viaModal == 0 || viaSlash == 0 || viaSelect == 0 {
		t.Fatalf("every way of playing should be used: %d components, %d modals, %d select menus, %d typed", viaButtons, viaModal, viaSelect, viaSlash)
	}
	if b.ID != boardID {
		t.Errorf("the board was re-posted in a quick game")
	}
	e.noHiddenInformation()
}

// playFromComponents follows a move through the components of a private
// message: narrowing choices replace the message, a final choice plays, a
// choice that asks for a word opens a modal whose answer plays.
func (e *env) playFromComponents(u fuser, m *fmsg, mv string) (selects, modals int) {
	e.t.Helper()
	for depth := 0; depth < 6; depth++ {
		var pick fcomp
		best := ""
		for _, c := range m.components() {
			p := c.payload()
			parts := strings.SplitN(p, ".", 3)
			if len(parts) != 3 {
				continue
			}
			move := strings.TrimSpace(parts[2])
			if (strings.EqualFold(move, mv) || hasFoldPrefix(mv, move+" ")) && len(move) > len(best) {
				pick, best = c, move
			}
		}
		if best == "" {
			return
		}
		if pick.Select {
			selects++
		}
		p := pick.payload()
		switch p[0] {
		case 'a':
			in := e.press(u, m, pick)
			if in.ModalID != p || len(in.Types) != 1 || in.Types[0] != 9 {
				e.t.Fatalf("a word button should open a modal: %+v", in)
			}
			modals++
			e.submit(u, m, in.ModalID, strings.TrimSpace(mv[len(best):]))
			return
		case 'c':
			in := e.press(u, m, pick)
			if len(in.Types) != 1 || in.Types[0] != 7 {
				e.t.Fatalf("a narrowing choice should replace its message: %v %q", in.Types, in.reply())
			}
			m = e.f.get(m.ID)
		default:
			e.press(u, m, pick)
			return
		}
	}
	return
}

func hasFoldPrefix(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}

// TestPicturesAreAttached: a game that draws its board shows the picture
// in the embed, attached to the message; an edit replaces the picture
// rather than adding one; hands go out with theirs, privately.
func TestPicturesAreAttached(t *testing.T) {
	t.Parallel()
	e := newEnv(t, Options{})
	f := e.f
	f.closeDM(bob.ID)
	chat := "discord:" + channel
	e.slash(alice, channel, "play", "game", "crackword")
	e.slash(bob, channel, "join")
	e.slash(alice, channel, "start")
	b := e.board(channel)
	if len(b.Files) != 1 || b.Files[0] != "board.png" || b.Embeds[0].Image == nil || b.Embeds[0].Image.URL != "attachment://board.png" {
		t.Fatalf("board picture: files %v, embed %+v", b.Files, b.Embeds[0])
	}
	if !strings.Contains(b.Embeds[0].Description, "```") {
		t.Fatal("the text board should stay beside the picture")
	}
	if hand := f.hand(alice.ID); hand == nil || len(hand.Files) != 1 || hand.Files[0] != "hand.png" {
		t.Fatalf("alice's hand picture: %+v", hand)
	}
	in := e.press(bob, b, button(t, b, "My hand"))
	if in.Original == nil || !in.Original.ephemeral() || len(in.Original.Files) != 1 {
		t.Fatalf("bob's ephemeral hand picture: %+v", in.Original)
	}
	u, mv, _ := e.whoseTurn(chat)
	e.slash(u, channel, "move", "move", mv)
	b2 := e.board(channel)
	if b2.ID != b.ID || b2.Edits == b.Edits || len(b2.Files) != 1 {
		t.Fatalf("edited board: id %s/%s, edits %d, files %v", b2.ID, b.ID, b2.Edits, b2.Files)
	}
	e.noHiddenInformation()
}

// openTables counts the open tables the core holds: all of them in these
// tests, which never reach the memory budget.
func openTables(e *env) int {
	n, _ := e.core.TablesInMemory()
	return n
}
