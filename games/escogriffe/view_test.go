package escogriffe

import (
	"strings"
	"testing"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/i18n"
)

func render(v games.View) string {
	var b strings.Builder
	for _, l := range []i18n.Lang{i18n.FR, i18n.EN} {
		r := i18n.Renderer{Lang: l}
		b.WriteString(r.Text(v.Title) + "\n")
		b.WriteString(strings.Join(v.Board, "\n") + "\n")
		b.WriteString(strings.Join(r.Texts(v.Lines), "\n") + "\n")
	}
	return b.String()
}

// hiddenShown returns a hidden card (in a hand or the PIOCHE) whose picture
// appears in the public view though no visible card looks the same.
func hiddenShown(s *state) string {
	pub := render(s.Public())
	visible := map[string]bool{}
	for _, f := range s.Figures {
		for _, id := range f {
			visible[cardText(id)] = true
		}
	}
	for _, p := range s.Piles {
		if len(p) > 0 {
			visible[cardText(p[len(p)-1])] = true
		}
	}
	// The figures completed in the round just finished were on the table:
	// the new deal's cards may look the same, and tell nothing of it.
	if d := s.shownDone(); d != nil {
		for _, f := range d.Figures {
			for _, id := range f.Cards {
				visible[cardText(id)] = true
			}
		}
	}
	if s.Last.Key != "" {
		for _, a := range s.Last.Args {
			if m, ok := a.(i18n.Msg); ok && m.Key == i18n.Raw("").Key {
				visible[m.Args[0].(string)] = true
			}
		}
	}
	hidden := append([]int(nil), s.Pioche...)
	for seat := range s.Hands {
		for _, id := range s.handCards(seat) {
			hidden = append(hidden, id)
		}
	}
	for _, p := range s.Piles {
		if len(p) > 1 {
			hidden = append(hidden, p[:len(p)-1]...)
		}
	}
	// A lying card's text holds its standing twin's ("X🛌" holds "X"):
	// the visible lying cards are taken out of the view first.
	for txt := range visible {
		if strings.HasSuffix(txt, lyingMark) {
			pub = strings.ReplaceAll(pub, txt, "")
		}
	}
	for _, id := range hidden {
		if txt := cardText(id); !visible[txt] && strings.Contains(pub, txt) {
			return txt
		}
	}
	return ""
}

func TestPublicViewShowsNoHiddenCard(t *testing.T) {
	s := newState(t, 4, 3)
	for i := 0; i < 400 && !s.Over; i++ {
		if c := hiddenShown(s); c != "" {
			t.Fatalf("move %d: hidden card %s in the public view", i, c)
		}
		w := s.Waiting()[0].Seat
		play(t, s, w, s.Bot(w, games.Strong))
	}
	// The check can fail: a hand card put in the last move is caught.
	s = custom(t, 2, 5, [][]int{{body(0, 1)}, {body(3, 4)}}, nil, twoPiles())
	s.Last = i18n.T("escogriffe.ev_drawn", cardMsg(body(0, 1)), 1)
	if hiddenShown(s) != "" {
		t.Fatal("a card named in the last move counts as shown")
	}
	s.Last = i18n.Msg{}
	pub := render(s.Public())
	if strings.Contains(pub, cardText(body(0, 1))) {
		t.Fatal("hand card in the public view")
	}
}

func TestPublicViewContents(t *testing.T) {
	s := custom(t, 3, 6, [][]int{{feet(3), body(5, 6)}, {body(3, 4)}, {body(6, 7)}},
		[][]int{{head(0), body(0, 1), body(1, 2), body(2, 3)}}, twoPiles())
	s.Scores = []int{12, 7, 0}
	play(t, s, 0, "pioche")
	v := s.Public()
	board := strings.Join(v.Board, "\n")
	for _, want := range []string{"🎯 6", "🂠 ", "🗑1 " + cardText(stretch(15, 0)), "🗑2 ", "1️⃣ 4/6 ✋3 👈", "2️⃣ 0/6 ✋1",
		" " + cardText(head(0)), " " + cardText(body(2, 3))} {
		if !strings.Contains(board, want) {
			t.Errorf("board lacks %q:\n%s", want, board)
		}
	}
	// The figure is drawn top to bottom.
	if strings.Index(board, cardText(head(0))) > strings.Index(board, cardText(body(0, 1))) {
		t.Error("figure not drawn top to bottom")
	}
	text := i18n.Renderer{Lang: i18n.FR}.Texts(v.Told())
	all := strings.Join(text, "\n")
	for _, want := range []string{"Manche 1", "objectif 6", "#1 : 12 points", "#2 : 7 points", "À #1 de jeter", "Dernier coup : #1 pioche une carte."} {
		if !strings.Contains(all, want) {
			t.Errorf("lines lack %q:\n%s", want, all)
		}
	}
	en := strings.Join(i18n.Renderer{Lang: i18n.EN}.Texts(v.Told()), "\n")
	if !strings.Contains(en, "Last move: #1 draws a card.") {
		t.Errorf("English lines:\n%s", en)
	}
	// The last move survives a save.
	data, _ := s.Save()
	g, _ := engine{}.Load(data)
	if got := strings.Join(i18n.Renderer{Lang: i18n.EN}.Texts(g.Public().Told()), "\n"); got != en {
		t.Errorf("after load:\n%s\nwant\n%s", got, en)
	}
}

func TestPrivateViewNumbersHandAndLegalPlacements(t *testing.T) {
	s := custom(t, 2, 6, [][]int{{feet(3), body(5, 6), body(9, 0)}, {body(3, 4)}},
		[][]int{{body(0, 1), body(1, 2), body(2, 3)}}, twoPiles())
	s.Objective = 4
	v := s.Private(0)
	if len(v.Board) != 3 || !strings.HasPrefix(v.Board[0], "1. "+cardText(feet(3))+" ⬇") ||
		!strings.HasPrefix(v.Board[1], "2. "+cardText(body(5, 6))) || strings.Contains(v.Board[1], "⬆") ||
		!strings.HasSuffix(v.Board[2], "⬆") {
		t.Fatalf("board %q", v.Board)
	}
	fr := strings.Join(i18n.Renderer{Lang: i18n.FR}.Texts(v.Lines), "\n")
	if !strings.Contains(fr, "Tu peux poser : 1⬇ 3⬆") {
		t.Fatalf("lines %s", fr)
	}
	if p := s.Private(1); !strings.Contains(p.Board[0], cardText(body(3, 4))) {
		t.Fatalf("seat 1 board %q", p.Board)
	}
	play(t, s, 0, "pioche")
	v = s.Private(0)
	if !strings.Contains(v.Board[3], "🆕") {
		t.Fatalf("drawn card not marked: %q", v.Board)
	}
}

func TestChoicesFollowThePhase(t *testing.T) {
	s := custom(t, 6, 6, [][]int{{feet(3), body(5, 6), body(9, 0)}, {body(3, 4)}},
		[][]int{{body(0, 1), body(1, 2), body(2, 3)}}, [][]int{{stretch(15, 0)}, {stretch(15, 1)}, {stretch(13, 0)}})
	if c := s.Choices(1, ""); c != nil {
		t.Fatal("choices for a seat not waiting")
	}
	moves := func(cs []games.Choice) []string {
		var out []string
		for _, c := range cs {
			out = append(out, c.Move)
			if len(c.Move) > 30 {
				t.Errorf("move %q longer than 30 bytes", c.Move)
			}
		}
		return out
	}
	got := strings.Join(moves(s.Choices(0, "")), ",")
	if got != "pioche,prendre 1,prendre 2,prendre 3,poser 1 bas,poser 3 haut" {
		t.Fatalf("draw phase choices %s", got)
	}
	play(t, s, 0, "prendre 3")
	got = strings.Join(moves(s.Choices(0, "")), ",")
	if got != "jeter 1 3,jeter 2 3,jeter 3 3,jeter 4 3" {
		t.Fatalf("forced discard choices %s", got)
	}
	s = custom(t, 6, 6, [][]int{{feet(3), body(5, 6)}}, nil, [][]int{{stretch(15, 0), body(14, 15)}, {stretch(15, 1)}, {stretch(13, 0)}})
	play(t, s, 0, "prendre 1")
	cs := s.Choices(0, "")
	if len(cs) != 3 || cs[0].Final || cs[0].Move != "jeter 1" {
		t.Fatalf("discard choices %+v", cs)
	}
	got = strings.Join(moves(s.Choices(0, "jeter 2")), ",")
	if got != "jeter 2 1,jeter 2 2,jeter 2 3" {
		t.Fatalf("pile choices %s", got)
	}
	if s.Choices(0, "jeter 9") != nil {
		t.Fatal("pile choices for a missing card")
	}
}
