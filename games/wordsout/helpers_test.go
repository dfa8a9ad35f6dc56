package wordsout

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/games/lexicon"
	"github.com/tablee/tablee/i18n"
)

// listDict is a tiny dictionary for the rule tests.
type listDict struct {
	words, prefixes map[string]bool
}

func newListDict(words ...string) listDict {
	d := listDict{words: map[string]bool{}, prefixes: map[string]bool{"": true}}
	for _, w := range words {
		w = strings.ToUpper(w)
		d.words[w] = true
		for i := 1; i <= len(w); i++ {
			d.prefixes[w[:i]] = true
		}
	}
	return d
}

func (d listDict) Has(w string) bool       { return d.words[w] }
func (d listDict) HasPrefix(s string) bool { return d.prefixes[s] }
func (d listDict) CompleteRight(s string) uint32 {
	var m uint32
	for l := byte('A'); l <= 'Z'; l++ {
		if d.words[s+string(l)] {
			m |= 1 << (l - 'A')
		}
	}
	return m
}
func (d listDict) Familiar(s string) int {
	words := make([]string, 0, len(d.words))
	for w := range d.words {
		words = append(words, w)
	}
	return newPrefixRanks(words, lexicon.Familiarity).rank(s)
}
func (d listDict) ExtendPrefixRight(s string) uint32 {
	var m uint32
	for l := byte('A'); l <= 'Z'; l++ {
		if d.prefixes[s+string(l)] {
			m |= 1 << (l - 'A')
		}
	}
	return m
}

var testDict = newListDict("RUE", "RUES", "RUELLE", "ROBE", "ROBES", "OBJET", "OBJETS", "ABOYEZ", "MER", "MERE", "MERES",
	"SEL", "SELLE", "SAC", "SACS", "ARBRE", "ARBRES", "TAS", "AMI", "AMIE", "AMIES", "ETE", "ETES", "BAS", "BASE", "BASES",
	"LIT", "LITS", "ZOO", "ZOOS", "NID", "NIDS", "EAU", "ABRI", "ABRIS")

// parseTestCard reads "E" (plain), "E+" (REJOUER), "E!" (INCONTRABLE),
// "*" (JOKER in hand), "Z*" (JOKER given Z), "#" (POUBELLE).
func parseTestCard(t testing.TB, tok string) Card {
	t.Helper()
	switch {
	case tok == "#":
		return mkCard(kindPoubelle, 0)
	case tok == "*":
		return mkCard(kindJoker, 0)
	case len(tok) == 2 && tok[1] == '*':
		return mkCard(kindJoker, tok[0])
	case len(tok) == 2 && tok[1] == '+':
		return mkCard(kindRejouer, tok[0])
	case len(tok) == 2 && tok[1] == '!':
		return mkCard(kindIncontrable, tok[0])
	case len(tok) == 1 && tok[0] >= 'A' && tok[0] <= 'Z':
		return mkCard(kindPlain, tok[0])
	}
	t.Fatalf("card %q?", tok)
	return 0
}

func parseTestCards(t testing.TB, s string) []Card {
	out := []Card{}
	for _, tok := range strings.Fields(s) {
		out = append(out, parseTestCard(t, tok))
	}
	return out
}

// build makes a game from rows and hands (cards separated by spaces), a
// PIOCHE of `pioche` plain E cards, seat 0 to play.
func build(t testing.TB, d Dict, players int, rows [4]string, hands []string, pioche int) *Game {
	t.Helper()
	s := &state{Players: players, Hands: make([][]Card, players), Scores: make([]int, players), Discard: []Card{}, Rng: 42, Deals: 1}
	for p := range s.Hands {
		s.Hands[p] = []Card{}
		if p < len(hands) {
			s.Hands[p] = parseTestCards(t, hands[p])
		}
	}
	for r := range s.Rows {
		s.Rows[r] = parseTestCards(t, rows[r])
	}
	for i := 0; i < pioche; i++ {
		s.Pioche.Push(mkCard(kindPlain, 'E'))
	}
	return &Game{s: s, dict: d}
}

func rowsOf(g *Game) [4]string {
	var out [4]string
	for r := range out {
		out[r] = g.s.word(r)
	}
	return out
}

func handOf(g *Game, seat int) string {
	parts := []string{}
	for _, c := range sortedHand(g.s.Hands[seat]) {
		parts = append(parts, token(c))
	}
	return strings.Join(parts, " ")
}

func fr(m i18n.Msg) string { return i18n.Renderer{Lang: i18n.FR}.Text(m) }
func en(m i18n.Msg) string { return i18n.Renderer{Lang: i18n.EN}.Text(m) }

func waitingSeats(g *Game) []int {
	var out []int
	for _, w := range g.Waiting() {
		out = append(out, w.Seat)
	}
	return out
}

// wantCounts counts the cards of n sets (WO-D1), built once.
var wantCounts = func() (out [3]*[256]int) {
	for n := 1; n <= 2; n++ {
		var w [256]int
		for i := 0; i < n; i++ {
			for _, c := range deck() {
				w[c]++
			}
		}
		out[n] = &w
	}
	return out
}()

// checkInvariants: every card is somewhere exactly once; rows begin words
// and hold no POUBELLE; the phase is consistent.
func checkInvariants(t testing.TB, g *Game) {
	t.Helper()
	if err := invariants(g); err != nil {
		t.Fatal(err)
	}
}

func invariants(g *Game) error {
	s := g.s
	var count [256]int
	add := func(cs []Card) {
		for _, c := range cs {
			count[c.Bare()&255]++
		}
	}
	add(s.Pioche)
	add(s.Discard)
	for _, h := range s.Hands {
		add(h)
		for _, c := range h {
			if c.Kind() == kindJoker && c.Letter() != 0 {
				return fmt.Errorf("a JOKER with a letter in a hand")
			}
		}
	}
	for r, row := range s.Rows {
		add(row)
		for _, c := range row {
			if !c.layable() || c.Letter() == 0 {
				return fmt.Errorf("row %d holds %v", r+1, glyph(c))
			}
		}
		if !g.dict.HasPrefix(word(row)) {
			return fmt.Errorf("row %d reads %s, no beginning of a word", r+1, word(row))
		}
	}
	if want := wantCounts[sets(s.Players)]; count != *want {
		for c := range count {
			if count[c] != want[c] {
				return fmt.Errorf("card %s: %d, want %d", glyph(Card(c)), count[c], want[c])
			}
		}
	}
	if (s.Phase == phaseCounter) != (s.Win != nil) {
		return fmt.Errorf("phase %d with window %v", s.Phase, s.Win)
	}
	if s.LastDeal && s.Pioche.Len() != 0 {
		return fmt.Errorf("a PIOCHE after the last deal")
	}
	if !s.Over && len(g.Waiting()) == 0 {
		return fmt.Errorf("nobody to wait for")
	}
	if s.Phase == phaseRestart && len(s.Rows[s.Row]) > 0 && len(s.Laid) == 0 {
		return fmt.Errorf("restart of a row that is not empty")
	}
	return nil
}

func refusalKey(err error) string {
	var r *games.Refusal
	if errors.As(err, &r) {
		return r.Msg.Key
	}
	return ""
}
