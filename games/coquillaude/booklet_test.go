package coquillaude

import (
	"github.com/tablee/tablee/games/gamestest"
	"strings"
	"testing"
)

func TestParseBooklet(t *testing.T) {
	b, err := ParseBooklet(strings.NewReader(`# our booklet
6432 | 2 | Capitale de la Chine ? | Pékin, Beijing

5516 | * | Le contraire de « jour » ? | nuit
4315 | coquillaudinette
1111 | coquillaude
`))
	if err != nil {
		t.Fatal(err)
	}
	if len(b.Entries) != 4 {
		t.Fatalf("%d entries", len(b.Entries))
	}
	e := b.Entries[6432]
	if e.Stars != 2 || e.Question != "Capitale de la Chine ?" || strings.Join(e.Answers, ",") != "PEKIN,BEIJING" {
		t.Fatalf("%+v", e)
	}
	if b.Entries[4315].kind() != entryFree6 || b.Entries[1111].kind() != entryFree10 || b.Entries[5516].kind() != entryStar1 {
		t.Fatal("kinds")
	}
}

func TestParseBookletErrorsNameTheLine(t *testing.T) {
	for _, c := range []struct {
		text string
		line string
	}{
		{"6432 | 2 | Q ? | A\n7777 | 1 | Q ? | A", "line 2:"},
		{"# c\n\n1230 | 1 | Q ? | A", "line 3:"},
		{"6432 | 4 | Q ? | A", "line 1:"},
		{"6432 | 2 | Q ?", "line 1:"},
		{"6432 | 2 | | A", "line 1:"},
		{"6432 | 2 | Q ? | ", "line 1:"},
		{"6432 | 2 | Q ? | deux mots", "line 1:"},
		{"6432", "line 1:"},
		{"6432 | 2 | Q ? | A\n6432 | 1 | Q ? | B", "line 2:"},
		{"4315 | coquillaudette | extra", "line 1:"},
		{"abcd | 1 | Q | A", "line 1:"},
	} {
		_, err := ParseBooklet(strings.NewReader(c.text))
		if err == nil || !strings.Contains(err.Error(), c.line) {
			t.Errorf("%q: error %v, want %s", c.text, err, c.line)
		}
	}
}

// UseBooklet: the games made afterwards ask the booklet's questions.
func TestUseBooklet(t *testing.T) {
	b, err := ParseBooklet(strings.NewReader("6432 | 3 | Capitale de la Chine ? | Pékin, Beijing\n5516 | coquillaudette\n"))
	if err != nil {
		t.Fatal(err)
	}
	UseBooklet(&b)
	defer UseBooklet(nil)
	g := &Game{w: defaultWords(), book: currentBooklet()}
	g.s = g.newState(4, 11, settings{}, []int{6432, 4315, 5322, 5516})
	q := g.s.Q
	if q == nil || q.Puzzle != puzzleBooklet || q.Stars != 3 || !strings.Contains(gamestest.ViewText(g.Public()), "Capitale de la Chine") {
		t.Fatalf("q %+v", q)
	}
	mustApply(t, g, 0, "reponse pekin")
	if len(g.s.Hands[0]) != 16 {
		t.Fatalf("%d pions after a right 3-star booklet answer", len(g.s.Hands[0]))
	}
	// Save/load keeps the asked question even without the booklet.
	data, _ := g.Save()
	UseBooklet(nil)
	if _, err := (&Engine{}).Load(data); err != nil {
		t.Fatal(err)
	}
}
