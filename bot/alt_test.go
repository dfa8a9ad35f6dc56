package bot

import (
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// Every picture the core draws carries its text alternative: the title,
// the board as the text board says it, and the text, in the reader's
// language; with view=picture too, where the text board itself is left
// out of the message.
func TestPictures_CarryTheirTextAlternative(t *testing.T) {
	h := newHarness(t)
	mustOK(t, h.do("alice", "/play tictactoe pictures"))
	mustOK(t, h.do("bob", "/join"))
	mustOK(t, h.do("alice", "/start"))
	h.rec.take()
	mustOK(t, h.do("alice", "/settings view=text"))
	board := h.do("alice", "/board")[0].Mono
	if len(board) == 0 {
		t.Fatal("no text board to compare with")
	}
	for _, view := range []string{"both", "picture"} {
		mustOK(t, h.do("alice", "/settings view="+view))
		b := h.do("alice", "/board")[0]
		if len(b.Picture) == 0 {
			t.Fatalf("view=%s: no picture", view)
		}
		checkAlt(t, "view="+view, b)
		if !strings.Contains(b.Alt, strings.Join(board, "\n")) || !strings.Contains(b.Alt, lastLine(b.Text)) {
			t.Fatalf("view=%s: the alternative does not say the board and whose turn it is:\n%s", view, b.Alt)
		}
	}
	mustOK(t, h.do("alice", "/settings lang=fr"))
	b := h.do("alice", "/board")[0]
	checkAlt(t, "lang=fr", b)
	if !strings.Contains(b.Alt, "table n°") {
		t.Fatalf("the alternative of a French table is not in French:\n%s", b.Alt)
	}
	mustOK(t, h.do("alice", "/move 5"))
	pictured := 0
	for _, o := range h.rec.take() {
		if len(o.Picture) > 0 {
			pictured++
			checkAlt(t, "after a move", o)
		}
	}
	if pictured == 0 {
		t.Fatal("a move drew no picture")
	}
}

func checkAlt(t *testing.T, what string, o Out) {
	t.Helper()
	if o.Alt == "" || !strings.HasPrefix(o.Alt, o.Title) || utf8.RuneCountInString(o.Alt) > MaxAlt {
		t.Fatalf("%s: alternative %q for a picture titled %q", what, o.Alt, o.Title)
	}
}

func lastLine(s string) string { return s[strings.LastIndexByte(s, '\n')+1:] }

// A board too long for MaxAlt keeps its title, the end of its text (the
// scores, whose turn it is) and its text board; the oldest events go
// first, marked "…", then the text board's last lines.
func TestAltText_KeepsWhatMattersWithinTheLimit(t *testing.T) {
	mono := []string{"1 A B C", "2 D E F", "3 G H I"}
	var events []string
	for i := range 60 {
		events = append(events, "move "+strconv.Itoa(i+1)+" of the game")
	}
	text := strings.Join(events, "\n") + "\n\nalice: 12 points\nbob: 9 points\nAlice to play."
	alt := altText("Game — table #1", mono, text, 300)
	if n := utf8.RuneCountInString(alt); n > 300 {
		t.Fatalf("%d characters", n)
	}
	for _, want := range []string{"Game — table #1\n1 A B C\n2 D E F\n3 G H I\n…\n", "alice: 12 points\nbob: 9 points\nAlice to play."} {
		if !strings.Contains(alt, want) {
			t.Fatalf("%q lacks %q", alt, want)
		}
	}
	if strings.Contains(alt, events[0]+"\n") {
		t.Fatalf("the oldest event stayed: %q", alt)
	}
	// Too little room for the whole board: its last lines go, never the title.
	alt = altText("Game — table #1", mono, "Alice to play.", 40)
	if !strings.HasPrefix(alt, "Game — table #1\n1 A B C") || !strings.HasSuffix(alt, "Alice to play.") || utf8.RuneCountInString(alt) > 40 {
		t.Fatalf("%q", alt)
	}
	// A title alone longer than the limit is cut.
	if alt := altText(strings.Repeat("T", 50), mono, "x", 20); utf8.RuneCountInString(alt) != 20 || !strings.HasSuffix(alt, "…") {
		t.Fatalf("%q", alt)
	}
	// Everything fits: everything stays, nothing marked.
	if alt := altText("T", mono, "a\nb", MaxAlt); alt != "T\n1 A B C\n2 D E F\n3 G H I\na\nb" {
		t.Fatalf("%q", alt)
	}
}
