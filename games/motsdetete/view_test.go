package motsdetete

import (
	"strings"
	"testing"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/games/gamestest"
)

// TestBoardLayout: the empty standard grid as drawn, and the letters, the
// legend and the bonus cells under letters once words are written.
func TestBoardLayout(t *testing.T) {
	g := newGame(t, nil, smallLex(t, "TABLE", "ETE"), 2, nil)
	b := g.Public().Board
	want := []string{
		"   A B C D E F G H I J K L M N O",
		" 1 2 1 3 1 4 1 5 + 5 1 4 1 3 1 2",
		" 2 1 3 1 4 1 * 1 # 1 * 1 4 1 3 1",
		" 3 3 1 @ 1 5 1 2 1 2 1 5 1 @ 1 3",
	}
	for i, w := range want {
		if b[i] != w {
			t.Errorf("line %d: %q, want %q", i, b[i], w)
		}
	}
	if b[8] != " 8 + # 1 + 1 4 # # # 4 1 + 1 # +" || b[15] != "15 2 1 3 1 4 1 5 + 5 1 4 1 3 1 2" {
		t.Errorf("%q\n%q", b[8], b[15])
	}
	if len(b) != 17 || !strings.Contains(b[16], "🟧") {
		t.Fatalf("%d lines, legend %q", len(b), b[len(b)-1])
	}
	checkWidth(t, b)
	g.setDie(5)
	gamestest.MustApply(t, g, 0, "D6 droite TABLE")
	b = g.Public().Board
	if b[6] != " 6 1 * 1 T A B L E 1 3 1 2 1 * 1" {
		t.Errorf("%q", b[6])
	}
	g.setDie(2)
	gamestest.MustApply(t, g, 1, "H4 bas ETE") // H4 is orange
	b = g.Public().Board
	if b[4] != " 4 1 4 1 # 1 2 1 E 1 2 1 # 1 4 1" || b[len(b)-1] != "🎲 H4🟧E" {
		t.Errorf("%q %q", b[4], b[len(b)-1])
	}
}

// TestPublicLines: scores, the last move with its words and rolls, whose
// turn and his die.
func TestPublicLines(t *testing.T) {
	g := newGame(t, sheetGrid, smallLex(t, "DISQUE", "DISQUES", "SOLO"), 2, nil)
	txt := text(g.Public().Told()...)
	for _, s := range []string{"Premier à 300 points.", "#1 : 0 point", "À #1 de jouer, 🎲 " + itoa(g.s.Die) + " :"} {
		if !strings.Contains(txt, s) {
			t.Errorf("lacks %q:\n%s", s, txt)
		}
	}
	g.setDie(6)
	gamestest.MustApply(t, g, 0, "A1 droite DISQUE")
	txt = text(g.Public().Told()...)
	for _, s := range []string{
		"Dernier coup : #1, 🎲 6, écrit DISQUE en A1→, nouvelles lettres D I S Q U E : DISQUE 17 = 17 points.",
		"Last move: #1, 🎲 6, writes DISQUE at A1→, new letters D I S Q U E: DISQUE 17 = 17 points.",
		"#1 : 17 points", "#2: 0 points", "#2 to play, 🎲 " + itoa(g.s.Die) + ": write exactly " + itoa(g.s.Die),
	} {
		if !strings.Contains(txt, s) {
			t.Errorf("lacks %q:\n%s", s, txt)
		}
	}
	gamestest.MustApply(t, g, 1, "passe")
	if !strings.Contains(text(g.Public().Told()...), "#2, 🎲 ") || !strings.Contains(text(g.Public().Told()...), "passe.") {
		t.Error(text(g.Public().Told()...))
	}
}

// TestPrivateView: the die and the syntax for the player to move; a
// suggestion only when the table allows hints. Nothing of the public view:
// a private message carries only what is private (the grid is the
// board's), and there is no hand.
func TestPrivateView(t *testing.T) {
	g := newGame(t, nil, nil, 2, nil)
	g.setDie(4)
	p := text(g.Private(0).Lines...)
	if !strings.Contains(p, "Ton dé : 4") || !strings.Contains(p, "par exemple « /coup ") || !strings.Contains(p, "for example \"/move ") || strings.Contains(p, "Suggestion") {
		t.Error(p)
	}
	if !strings.Contains(text(g.Private(1).Lines...), "C'est à #1 de jouer") {
		t.Error(text(g.Private(1).Lines...))
	}
	if v := g.Private(0); len(v.Board) != 0 || len(v.Lines) != 1 || len(v.Recap) != 0 {
		t.Errorf("a private view that repeats the public one: %d board lines, %s", len(v.Board), text(v.Lines...))
	}
	if v := g.Private(5); len(v.Board)+len(v.Lines) != 0 {
		t.Error("unknown seat")
	}
	if h, ok := any(g).(games.Handless); !ok || !h.Handless() {
		t.Error("Mots de Tête has no hand")
	}
	h := newGame(t, nil, nil, 2, games.Options{"hints": "on"})
	h.setDie(4)
	hint, ok := h.Hint()
	if !ok || !strings.Contains(text(h.Private(0).Lines...), "Suggestion : /coup "+hint.Move) {
		t.Error(text(h.Private(0).Lines...))
	}
	h.setDie(1)
	if !strings.Contains(text(h.Private(0).Lines...), "Aucun mot de 1") {
		t.Error(text(h.Private(0).Lines...))
	}
}

// TestChoices: a pass button for the player to move; the suggestion as a
// button with hints; nothing for the others or after a prefix.
func TestChoices(t *testing.T) {
	g := newGame(t, nil, nil, 2, nil)
	cs := g.Choices(0, "")
	if len(cs) != 1 || cs[0].Move != "passe" || !cs[0].Final {
		t.Fatalf("%+v", cs)
	}
	if g.Choices(1, "") != nil || g.Choices(0, "x") != nil {
		t.Fatal("choices out of turn")
	}
	h := newGame(t, nil, nil, 2, games.Options{"hints": "on"})
	h.setDie(5)
	cs = h.Choices(0, "")
	if len(cs) != 2 || !cs[0].Final || len(cs[0].Move) > 40 {
		t.Fatalf("%+v", cs)
	}
	gamestest.MustApply(t, h, 0, cs[0].Move)
}

// TestMT_D2_PrivateHelpExampleIsLegal: the example of the private help is a
// move the engine accepts as it stands, in French and in English words, on
// the empty grid (never through the black centre cross: "H6 bas" runs into
// H7) and in mid-game positions for every die; with no word possible the
// help shows no example at all.
func TestMT_D2_PrivateHelpExampleIsLegal(t *testing.T) {
	lex := realEngine().Lex()
	states, _ := midGame(t)
	empty := newGame(t, nil, nil, 2, nil)
	states = append(states[:12], empty.s)
	tried := 0
	for _, st := range states {
		for die := 1; die <= 6; die++ {
			s := st.clone()
			s.Die = die
			g := &Game{s: s, lex: lex}
			ex, ok := exampleMove(s, lex)
			help := text(g.Private(s.Turn).Lines...)
			if !ok {
				if strings.Contains(help, "par exemple") || strings.Contains(help, "for example") {
					t.Errorf("die %d: an example though no word fits:\n%s", die, help)
				}
				continue
			}
			tried++
			dir, dirEN := "droite", "right"
			if ex.Down {
				dir, dirEN = "bas", "down"
			}
			fr := "/coup " + ex.Cell + " " + dir + " " + ex.Word
			en := "/move " + ex.Cell + " " + dirEN + " " + ex.Word
			if !strings.Contains(help, "« "+fr+" »") || !strings.Contains(help, "\""+en+"\"") {
				t.Fatalf("die %d: help lacks %q / %q:\n%s", die, fr, en, help)
			}
			for _, m := range []string{fr, en} {
				c := &Game{s: s.clone(), lex: lex}
				if _, err := c.Apply(s.Turn, m); err != nil {
					t.Fatalf("die %d: example %q refused: %v", die, m, err)
				}
				if c.s.Last == nil || c.s.Last.Kind != kindPlay || c.s.Last.Total == 0 {
					t.Fatalf("die %d: example %q not scored: %+v", die, m, c.s.Last)
				}
			}
		}
	}
	if tried < 40 {
		t.Fatalf("only %d examples tried", tried)
	}
	// The empty grid: the old example "H6 bas MOT" is illegal (H7 is black).
	if _, err := empty.Apply(0, "H6 bas MOT"); err == nil {
		t.Fatal("H6 bas MOT accepted")
	}
}

// TestMT_D2_PrivateHelpWithoutAWord: a grid where no word of the die's
// count fits gets the syntax without an example.
func TestMT_D2_PrivateHelpWithoutAWord(t *testing.T) {
	g := newGame(t, []string{"1 1 1"}, smallLex(t, "ABC"), 1, nil)
	g.setDie(2)
	p := text(g.Private(0).Lines...)
	if !strings.Contains(p, "Ton dé : 2. Écris « /coup case direction MOT »") || strings.Contains(p, "par exemple") || strings.Contains(p, "for example") {
		t.Error(p)
	}
	g.setDie(3)
	if p := text(g.Private(0).Lines...); !strings.Contains(p, "par exemple « /coup A1 droite ABC »") || !strings.Contains(p, "\"/move A1 right ABC\"") {
		t.Error(p)
	}
}
