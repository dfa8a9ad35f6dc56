package crackword

import (
	"sort"
	"strings"
	"testing"

	"github.com/tablee/tablee/games/lexicon"
	"github.com/tablee/tablee/i18n"
)

// listDict is a tiny dictionary for the rule tests.
type listDict struct{ words map[string]bool }

func newListDict(words ...string) listDict {
	d := listDict{words: map[string]bool{}}
	for _, w := range words {
		d.words[strings.ToUpper(w)] = true
	}
	return d
}

func (d listDict) Has(w string) bool { return d.words[w] }
func (d listDict) HasInfix(s string) bool {
	_, ok := d.Example(s)
	return ok
}
func (d listDict) Example(s string) (string, bool) {
	var found []string
	for w := range d.words {
		if strings.Contains(w, s) {
			found = append(found, w)
		}
	}
	if len(found) == 0 {
		return "", false
	}
	sort.Strings(found)
	return found[0], true
}
func (d listDict) Rank(w string) int { return lexicon.Familiarity(w) }
func (d listDict) Familiar(s string) (string, int) {
	words := make([]string, 0, len(d.words))
	for w := range d.words {
		words = append(words, w)
	}
	return newFamiliarIndex(words, lexicon.Familiarity).best(s)
}
func (d listDict) ExtendLeft(s string) uint32 {
	var m uint32
	for l := byte('A'); l <= 'Z'; l++ {
		if d.HasInfix(string(l) + s) {
			m |= 1 << (l - 'A')
		}
	}
	return m
}
func (d listDict) ExtendRight(s string) uint32 {
	var m uint32
	for l := byte('A'); l <= 'Z'; l++ {
		if d.HasInfix(s + string(l)) {
			m |= 1 << (l - 'A')
		}
	}
	return m
}
func (d listDict) Fold(s string) (string, bool) {
	s = strings.ToUpper(s)
	for i := 0; i < len(s); i++ {
		if s[i] < 'A' || s[i] > 'Z' {
			return "", false
		}
	}
	return s, s != ""
}

var testDict = newListDict("ARBRE", "ARBRES", "RUE", "RUES", "SEL", "ETE", "ETES", "MAISON", "MAIS", "ABRI",
	"EXEMPLE", "AMI", "AMIE", "AMIS", "TAS", "BAS", "SAC", "LAC", "ECRAN", "CRACK", "ROSE", "SERA", "EST", "ART")

var colourOf = map[byte]int{'r': 0, 'b': 1, 'g': 2, 'y': 3}

// parseCard reads "Er" (red E), "R*b" (blue JOKER showing R), "*r" (red
// JOKER in hand), "#r" (red POUBELLE).
func parseCard(t testing.TB, tok string) Card {
	t.Helper()
	col, ok := colourOf[tok[len(tok)-1]]
	if !ok {
		t.Fatalf("card %q: no colour", tok)
	}
	body := tok[:len(tok)-1]
	switch {
	case body == "#":
		return mkCard(col, kindTrash, 0)
	case body == "*":
		return mkCard(col, kindJoker, 0)
	case len(body) == 2 && body[1] == '*':
		return mkCard(col, kindJoker, body[0])
	case len(body) == 1:
		return mkCard(col, kindLetter, body[0])
	}
	t.Fatalf("card %q?", tok)
	return 0
}

// build makes a game from a board: one string per row, stacks separated by
// spaces, the cards of a stack bottom to top joined by "/" ("Eb/Er": a red E
// on a blue E). hands[p] lists seat p's cards ("E A *" with his colour
// implied). Each PIOCHE holds `pioche` letters E of its colour.
func build(t testing.TB, d Dict, players int, rows [4]string, hands []string, pioche int) *Game {
	t.Helper()
	s := &state{Players: players, Pioche: make([][]Card, players), Hand: make([][]Card, players),
		Paquet: make([][]Card, players), Out: make([]bool, players), Box: []Card{}, Rng: 42}
	colours := "rbgy"
	for p := 0; p < players; p++ {
		s.Paquet[p] = []Card{}
		s.Hand[p] = []Card{}
		s.Pioche[p] = []Card{}
		for i := 0; i < pioche; i++ {
			s.Pioche[p] = append(s.Pioche[p], mkCard(p, kindLetter, 'E'))
		}
		if p < len(hands) {
			for _, tok := range strings.Fields(hands[p]) {
				s.Hand[p] = append(s.Hand[p], parseCard(t, tok+string(colours[p])))
			}
		}
	}
	for r, line := range rows {
		s.Rows[r] = [][]Card{}
		for _, st := range strings.Fields(line) {
			var stack []Card
			for _, tok := range strings.Split(st, "/") {
				stack = append(stack, parseCard(t, tok))
			}
			s.Rows[r] = append(s.Rows[r], stack)
		}
	}
	return &Game{s: s, dict: d}
}

func fr(m i18n.Msg) string { return i18n.Renderer{Lang: i18n.FR}.Text(m) }
func en(m i18n.Msg) string { return i18n.Renderer{Lang: i18n.EN}.Text(m) }

// checkInvariants: every card of every colour is somewhere exactly once.
func checkInvariants(t testing.TB, g *Game) {
	t.Helper()
	s := g.s
	var count [1024]int
	add := func(cs []Card) {
		for _, c := range cs {
			count[c.Bare()]++
		}
	}
	for p := 0; p < s.Players; p++ {
		add(s.Pioche[p])
		add(s.Hand[p])
		add(s.Paquet[p])
	}
	add(s.Box)
	for _, row := range s.Rows {
		for _, st := range row {
			if len(st) == 0 {
				t.Fatal("empty stack")
			}
			add(st)
			for i, c := range st {
				if c.Kind() == kindTrash {
					t.Fatal("POUBELLE on the table")
				}
				if c.Letter() == 0 {
					t.Fatal("card without letter on the table")
				}
				if i > 0 && c.Letter() != st[i-1].Letter() {
					t.Fatalf("stack of different letters %v", st)
				}
			}
		}
	}
	want := wantDecks(s.Players)
	if count != *want {
		for i := range count {
			if count[i] != want[i] {
				c := Card(i)
				t.Fatalf("card %s of colour %d: %d, want %d", cardGlyph(c), c.Colour(), count[i], want[i])
			}
		}
	}
	if s.LastHand {
		for p := range s.Pioche {
			if len(s.Pioche[p]) != 0 {
				t.Fatal("a PIOCHE after DERNIÈRE MAIN")
			}
		}
	}
	res := g.Result()
	total := 0
	for p, v := range res.Scores {
		if v != len(s.Paquet[p]) || v < 0 {
			t.Fatalf("score %d of seat %d", v, p)
		}
		total += v
	}
	_ = total
}

// wantCache[n] counts the cards of n decks (CW-D1), built once.
var wantCache = func() (out [5]*[1024]int) {
	for n := 2; n <= 4; n++ {
		var w [1024]int
		for p := 0; p < n; p++ {
			for _, c := range deck(p) {
				w[c]++
			}
		}
		out[n] = &w
	}
	return out
}()

func wantDecks(players int) *[1024]int { return wantCache[players] }
