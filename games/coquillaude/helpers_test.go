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

func viewText(v games.View) string {
	var b strings.Builder
	b.WriteString(strings.Join(v.Board, "\n"))
	b.WriteByte('\n')
	for _, lang := range i18n.Langs {
		b.WriteString(render(lang, v.Lines...))
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
