package crackword

import (
	"strings"
	"testing"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/games/gamestest"
	"github.com/tablee/tablee/i18n"
)

func TestPublicBoard(t *testing.T) {
	g := build(t, testDict, 2, [4]string{"Ar Rb/Rr B*b", "", "Sr", ""}, []string{"E", "E"}, 10)
	b := g.Public().Board
	want := []string{"1 A  R² B★", "  🟥 🟥 🟦", "2 ⬜", "3 S", "  🟥", "4 ⬜"}
	if strings.Join(b, "\n") != strings.Join(want, "\n") {
		t.Fatalf("board:\n%s\nwant:\n%s", strings.Join(b, "\n"), strings.Join(want, "\n"))
	}
	text := gamestest.ViewText(g.Public())
	for _, s := range []string{"paquet 0 · pioche 10 · main 1", "À #1 🟥 de jouer", "#1 🟥 to play"} {
		if !strings.Contains(text, s) && !strings.Contains(strings.ReplaceAll(text, "🟦 ", ""), s) {
			t.Errorf("public view lacks %q:\n%s", s, text)
		}
	}
}

func TestPublicViewHidesHands(t *testing.T) {
	e := realEngine()
	for seed := uint64(1); seed < 20; seed++ {
		gg, _ := e.New(nil, 2+int(seed%3), seed)
		g := gg.(*Game)
		for i := 0; i < 60 && !g.s.Over; i++ {
			checkNoHidden(t, g)
			seat := g.Waiting()[0].Seat
			for _, ev := range gamestest.MustApply(t, g, seat, g.Bot(seat, games.Strong)) {
				if ev.To == games.Everyone && ev.Msg.Key == "crackword.pv.drew" {
					t.Fatal("a drawn card told to everyone")
				}
			}
		}
	}
}

func TestPrivateViewShowsTheHand(t *testing.T) {
	g := build(t, testDict, 2, [4]string{"Ar", "", "", ""}, []string{"E * # A", "T"}, 10)
	v := g.Private(0)
	if len(v.Board) != 2 || v.Board[0] != "A  E  ★  🗑" || !strings.HasPrefix(v.Board[1], "🟥") {
		t.Fatalf("%q", v.Board)
	}
	if !strings.Contains(fr(v.Lines[1]), "À toi") {
		t.Fatal(fr(v.Lines[1]))
	}
	if !strings.Contains(en(g.Private(1).Lines[1]), "#1's turn") {
		t.Fatal(en(g.Private(1).Lines[1]))
	}
}

func TestLastMoveSurvivesSaveLoad(t *testing.T) {
	g := build(t, testDict, 2, [4]string{"Mr Ab Ir", "", "", ""}, []string{"S E", "E"}, 10)
	gamestest.MustApply(t, g, 0, "S droite 1 maisx")
	data, _ := g.Save()
	g2, err := NewEngine(testDict).Load(data)
	if err != nil {
		t.Fatal(err)
	}
	r := i18n.Renderer{Lang: i18n.FR, Name: func(int) string { return "Alice" }}
	a, b := r.Texts(g.Public().Told()), r.Texts(g2.Public().Told())
	if strings.Join(a, "\n") != strings.Join(b, "\n") {
		t.Fatalf("%v\n%v", a, b)
	}
	if !strings.Contains(strings.Join(b, "\n"), "Alice pose S à droite de la rangée 1 : MAI → MAIS ? refusé : « maisx » n'est pas dans le dictionnaire") {
		t.Fatal(strings.Join(b, "\n"))
	}
}

// TestChoicesAreLegal walks the buttons of bot games: every final choice
// (with an example when asked) is accepted, and every move fits a button.
func TestChoicesAreLegal(t *testing.T) {
	e := realEngine()
	d := e.dict()
	for seed := uint64(1); seed < 12; seed++ {
		opts := games.Options{}
		if seed%3 == 0 {
			opts["assisted"] = "on"
		}
		gg, _ := e.New(opts, 2+int(seed%3), seed)
		g := gg.(*Game)
		for i := 0; i < 80 && !g.s.Over; i++ {
			seat := g.Waiting()[0].Seat
			other := (seat + 1) % g.s.Players
			if len(g.Choices(other, "")) != 0 {
				t.Fatal("choices for a seat not waiting")
			}
			var walk func(prefix string, depth int)
			walk = func(prefix string, depth int) {
				for _, c := range g.Choices(seat, prefix) {
					if len(c.Move) > 40 {
						t.Fatalf("move %q longer than 40 bytes", c.Move)
					}
					switch {
					case !c.Ask.IsZero():
						seq := strings.TrimPrefix(en(c.Ask), "A word containing ")
						seq = strings.TrimSuffix(seq, "?")
						ex, ok := d.Example(seq)
						if !ok {
							continue // no word: the player would fail (CW-D5)
						}
						try(t, g, seat, c.Move+ex)
					case c.Final:
						try(t, g, seat, c.Move)
					case depth < 3:
						walk(c.Move, depth+1)
					}
				}
			}
			walk("", 0)
			gamestest.MustApply(t, g, seat, g.Bot(seat, games.Strong))
		}
	}
}

func try(t *testing.T, g *Game, seat int, move string) {
	t.Helper()
	c := &Game{s: g.s, dict: g.dict}
	if _, err := c.Apply(seat, move); err != nil {
		t.Fatalf("choice %q refused: %v", move, err)
	}
}

func TestChoicesSteps(t *testing.T) {
	g := build(t, testDict, 2, [4]string{"Mr Ab Ir", "Ar", "", "Sb"}, []string{"S A * #", "E"}, 10)
	first := g.Choices(0, "")
	var moves []string
	for _, c := range first {
		moves = append(moves, c.Move)
	}
	if strings.Join(moves, ",") != "A,S,joker,poubelle,passe" {
		t.Fatal(moves)
	}
	var places []string
	for _, c := range g.Choices(0, "A") {
		places = append(places, c.Move)
		if c.Final != c.Ask.IsZero() {
			t.Fatal("a place is final or asks an example")
		}
	}
	want := "A gauche 1 ,A sur 1 2 ,A droite 1 ,A gauche 2 ,A sur 2 1,A droite 2 ,A droite 3,A gauche 4 ,A droite 4 "
	if strings.Join(places, ",") != want {
		t.Fatalf("%q", strings.Join(places, ","))
	}
	if n := len(g.Choices(0, "joker")); n != 26 {
		t.Fatal(n)
	}
	if c := g.Choices(0, "joker=Q"); len(c) == 0 || !strings.HasPrefix(c[0].Move, "joker=Q gauche 1") {
		t.Fatal(c)
	}
	if c := g.Choices(0, "poubelle"); len(c) != 3 || c[0].Move != "poubelle 1" || !c[0].Final {
		t.Fatal(c)
	}
	if g.Choices(0, "E") != nil {
		t.Fatal("E is not in the hand")
	}
	g.s.Assisted = true
	for _, c := range g.Choices(0, "A") {
		if !c.Final || !c.Ask.IsZero() {
			t.Fatal("assisted: no example asked")
		}
		if c.Move == "A gauche 1" {
			t.Fatal("assisted: AMAI is no infix of the test list")
		}
	}
}

func TestChoicesCrackAndRestart(t *testing.T) {
	g := build(t, testDict, 2, [4]string{"Ar Rb Br Rr", "", "", ""}, []string{"E S *", "E"}, 10)
	gamestest.MustApply(t, g, 0, "E droite 1 arbre")
	c := g.Choices(0, "")
	if len(c) != 2 || c[0].Move != "crack" || c[1].Move != "non" || !strings.Contains(fr(c[0].Label), "ARBRE") {
		t.Fatal(c)
	}
	gamestest.MustApply(t, g, 0, c[0].Move)
	c = g.Choices(0, "")
	var moves []string
	for _, x := range c {
		moves = append(moves, x.Move)
		if x.Move == "S" && !x.Final {
			t.Fatal("a restart card is final")
		}
	}
	if strings.Join(moves, ",") != "S,joker" {
		t.Fatal(moves)
	}
	if j := g.Choices(0, "joker"); len(j) != 26 || !j[0].Final {
		t.Fatal("restart with a joker")
	}
	gamestest.MustApply(t, g, 0, "joker=K")
	if g.s.word(0) != "K" {
		t.Fatal(g.s.word(0))
	}
}

func TestOptionsAndVerbs(t *testing.T) {
	e := NewEngine(testDict)
	if e.Name() != "crackword" {
		t.Fatal(e.Name())
	}
	if lo, hi := e.Seats(); lo != 2 || hi != 4 {
		t.Fatal(lo, hi)
	}
	if _, err := e.New(nil, 5, 1); err == nil {
		t.Fatal("5 players")
	}
	for _, o := range e.Options() {
		if o.Values[0] != "off" || o.Default != "off" || !i18n.Has(i18n.EN, o.Help.Key) {
			t.Fatal(o)
		}
	}
	if strings.Join(e.Verbs(), ",") != "crack,poubelle,trash" {
		t.Fatal(e.Verbs())
	}
	reg, ok := games.Lookup("Crack Word")
	if !ok || reg.Name() != "crackword" {
		t.Fatal("not registered")
	}
	if _, err := e.Load([]byte(`{"players":9}`)); err == nil {
		t.Fatal("bad save loaded")
	}
}

func TestBotIsDeterministicAndPure(t *testing.T) {
	e := realEngine()
	gg, _ := e.New(nil, 3, 99)
	g := gg.(*Game)
	for i := 0; i < 100 && !g.s.Over; i++ {
		seat := g.Waiting()[0].Seat
		before, _ := g.Save()
		m1, m2 := g.Bot(seat, games.Strong), g.Bot(seat, games.Strong)
		after, _ := g.Save()
		if m1 != m2 || string(before) != string(after) {
			t.Fatal("bot not pure")
		}
		gamestest.MustApply(t, g, seat, m1)
	}
}

func TestBotCracksWhenItMay(t *testing.T) {
	g := build(t, realEngine().dict(), 2, [4]string{"Ar Rb Br Rr", "", "", ""}, []string{"E S T", "E"}, 10)
	if m := g.Bot(0, games.Strong); !strings.HasPrefix(m, "E droite 1 ") || !strings.HasSuffix(m, " crack") {
		t.Fatal(m)
	}
}

func TestBotAvoidsHandingACrack(t *testing.T) {
	// Row 1 holds blue's L. Red's E beside it makes LE or EL, which blue
	// cracks with a letter he likely holds (LES, ELU: blue 2, red 1);
	// the empty rows cost nothing.
	d := realEngine().dict()
	g := build(t, d, 2, [4]string{"Lb", "", "", ""}, []string{"E E", "E A S T R U I N"}, 10)
	for _, level := range games.Strengths {
		if m := g.Bot(0, level); strings.Contains(m, " 1") {
			t.Fatalf("%v bot plays %q: blue cracks LES or ELU next", level, m)
		}
	}
	// The reason is the threat: red values row 1 less with his E there,
	// by the chance that blue holds a letter that cracks it.
	b := newBotCtx(g.s, d, 0, games.Strong, &botWeights)
	blueL, redE := mkCard(1, kindLetter, 'L'), mkCard(0, kindLetter, 'E')
	before := b.eval([][]Card{{blueL}}, "L", -1)
	after := b.eval([][]Card{{blueL}, {redE}}, "LE", 'E'-'A')
	if before.threat != 0 || after.threat < 0.5 || after.v > before.v-1 {
		t.Fatalf("row L: %+v, then LE: %+v", before, after)
	}
}
