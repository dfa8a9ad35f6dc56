package coquillaude

import (
	"strings"
	"testing"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/i18n"
)

func newGame(t testing.TB, players int, seed uint64, opts games.Options) *Game {
	t.Helper()
	gg, err := (&Engine{}).New(opts, players, seed)
	if err != nil {
		t.Fatal(err)
	}
	return gg.(*Game)
}

// render renders messages in a language with names #1..#4.
func render(lang i18n.Lang, ms ...i18n.Msg) string {
	r := i18n.Renderer{Lang: lang}
	var b strings.Builder
	for _, m := range ms {
		b.WriteString(r.Text(m))
		b.WriteByte('\n')
	}
	return b.String()
}

func eventsText(evs []games.Event, to int) string {
	var ms []i18n.Msg
	for _, e := range evs {
		if e.To == to {
			ms = append(ms, e.Msg)
		}
	}
	return render(i18n.FR, ms...)
}

// checkInvariants: 171 pions always accounted for (bag, hands, board, out),
// and the phase's data is consistent.
func checkInvariants(t testing.TB, g *Game) {
	t.Helper()
	s := g.s
	total := len(s.Bag) + len(s.Out)
	var count [26]int
	add := func(b byte) {
		if b < 'A' || b > 'Z' {
			t.Fatalf("bad pion %q", b)
		}
		count[b-'A']++
	}
	for _, b := range s.Bag {
		add(b)
	}
	for _, b := range s.Out {
		add(b)
	}
	for _, h := range s.Hands {
		total += len(h)
		for _, b := range h {
			add(b)
		}
	}
	for i := 0; i < len(s.Board); i++ {
		if s.Board[i] != '.' {
			total++
			add(s.Board[i])
		}
	}
	if total != BagSize {
		t.Fatalf("%d pions, want %d", total, BagSize)
	}
	for _, bl := range bagLetters {
		if count[bl.l-'A'] != bl.n {
			t.Fatalf("%d %c, want %d", count[bl.l-'A'], bl.l, bl.n)
		}
	}
	if !s.Over && len(g.Waiting()) == 0 {
		t.Fatalf("game waits for nobody in phase %d", s.Phase)
	}
}

// composeGame sets a game in the compose phase of round 1 with the given
// words on the board ("G10 droite ARISTOTELICIEN") and hands; the bag holds
// the other pions.
func composeGame(t testing.TB, players int, board []string, hands []string) *Game {
	t.Helper()
	g := newGame(t, players, 7, nil)
	s := g.s
	b := []byte(strings.Repeat(".", Size*Size))
	for _, spec := range board {
		f := strings.Fields(spec)
		r, c, ok := parseCell(f[0])
		d, ok2 := parseDir(f[1])
		if !ok || !ok2 {
			t.Fatalf("bad spec %q", spec)
		}
		for i := 0; i < len(f[2]); i++ {
			b[(r+dirStep[d][0]*i)*Size+c+dirStep[d][1]*i] = f[2][i]
		}
	}
	s.Board = string(b)
	pool := fullBag()
	take := func(l byte) {
		for i, x := range pool {
			if x == l {
				pool = append(pool[:i], pool[i+1:]...)
				return
			}
		}
		t.Fatalf("no %c left in the bag", l)
	}
	for i := 0; i < len(b); i++ {
		if b[i] != '.' {
			take(b[i])
		}
	}
	for p := 0; p < players; p++ {
		s.Hands[p] = []byte{}
		if p < len(hands) {
			s.Hands[p] = []byte(hands[p])
		}
		for _, l := range s.Hands[p] {
			take(l)
		}
	}
	s.Bag, s.Out = pool, []byte{}
	s.Gifts, s.Given, s.Q, s.Log = nil, nil, nil, nil
	s.Turn, s.Rolled = players, false
	s.Phase = phaseCompose
	s.Props = make([]*proposal, players)
	checkInvariants(t, g)
	return g
}

// mustApply applies a move that must be accepted.
func mustApply(t testing.TB, g *Game, seat int, move string) []games.Event {
	t.Helper()
	evs, err := g.Apply(seat, move)
	if err != nil {
		t.Fatalf("seat %d %q: %v", seat, move, err)
	}
	checkInvariants(t, g)
	return evs
}

// proposeAlone has seat propose move while the others propose nothing, and
// returns the seat's gain and the events.
func proposeAlone(t testing.TB, g *Game, seat int, move string) (int, []games.Event) {
	t.Helper()
	before := g.s.Scores[seat]
	evs := mustApply(t, g, seat, move)
	for p := 0; p < g.s.Players; p++ {
		if p != seat && g.s.Phase == phaseCompose && g.s.Props[p] == nil {
			evs = append(evs, mustApply(t, g, p, "rien")...)
		}
	}
	return g.s.Scores[seat] - before, evs
}
