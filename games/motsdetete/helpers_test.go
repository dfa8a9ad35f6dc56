package motsdetete

import (
	"errors"
	"strings"
	"sync"
	"testing"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/games/gamestest"
	"github.com/tablee/tablee/games/lexicon"
	"github.com/tablee/tablee/i18n"
)

var (
	realOnce sync.Once
	realLex  *lexicon.Lexicon
)

// realEngine plays on the standard grid with the bundled dictionary.
func realEngine() *Engine {
	realOnce.Do(func() { realLex = lexicon.Default() })
	return &Engine{Lex: func() *lexicon.Lexicon { return realLex }}
}

// smallLex builds a dictionary of the given words.
func smallLex(t testing.TB, words ...string) *lexicon.Lexicon {
	t.Helper()
	l, err := lexicon.Build(words)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// newGame makes a game on a grid of the given layout (nil: standard) with
// the given dictionary (nil: the bundled one).
func newGame(t testing.TB, layout []string, lex *lexicon.Lexicon, players int, opts games.Options) *Game {
	t.Helper()
	e := realEngine()
	if lex != nil {
		e.Lex = func() *lexicon.Lexicon { return lex }
	}
	if layout != nil {
		g, err := ParseGrid(layout)
		if err != nil {
			t.Fatal(err)
		}
		e.Grid = g
	}
	gg, err := e.New(opts, players, 1)
	if err != nil {
		t.Fatal(err)
	}
	return gg.(*Game)
}

// put writes a word on the grid directly, as if played earlier.
func (g *Game) put(t testing.TB, cell string, down bool, word string) {
	t.Helper()
	c, ok := g.s.grid.parseCell(cell)
	if !ok {
		t.Fatalf("bad cell %s", cell)
	}
	for i := 0; i < len(word); i++ {
		if i > 0 {
			c, ok = g.s.grid.step(c, down, false)
			if !ok {
				t.Fatalf("%s off the grid", word)
			}
		}
		if g.s.grid.kind[c] == black {
			t.Fatalf("%s on a black cell", word)
		}
		if g.s.cells[c] == 0 {
			g.s.Written++
		}
		g.s.cells[c] = word[i]
	}
}

func (g *Game) setDie(n int) { g.s.Die = n }

// refusal applies a move that must be refused and returns its key,
// checking that the game did not change.
func refusal(t testing.TB, g *Game, seat int, move string) i18n.Msg {
	t.Helper()
	return gamestest.Refused(t, g, seat, move).Msg
}

func wantRefusal(t testing.TB, g *Game, seat int, move, key string) i18n.Msg {
	t.Helper()
	return gamestest.RefusedWith(t, g, seat, move, key).Msg
}

// text renders messages in both languages.
func text(ms ...i18n.Msg) string {
	var b strings.Builder
	for _, lang := range i18n.Langs {
		r := i18n.Renderer{Lang: lang}
		for _, m := range ms {
			b.WriteString(r.Text(m) + "\n")
		}
	}
	return b.String()
}

func evText(evs []games.Event) string {
	var ms []i18n.Msg
	for _, e := range evs {
		ms = append(ms, e.Msg)
	}
	return text(ms...)
}

func refusalKey(err error) string {
	var r *games.Refusal
	if errors.As(err, &r) {
		return r.Msg.Key
	}
	return "not a refusal: " + err.Error()
}
