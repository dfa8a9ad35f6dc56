package motsdetete

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/games/gamestest"
	"github.com/tablee/tablee/games/lexicon"
)

// checkTurn recomputes the last turn apart from the engine, from the state
// before (s0) and after (s1): the cells of the main word hold the word, the
// new letters are exactly the die, every word (main and side, found by
// scanning the grid) is in the dictionary, the connection holds, and the
// total is the sum of the cells of every word with each bonus cell valued
// once by its rolls.
func checkTurn(t *testing.T, g *Game, s0, s1 *state) {
	t.Helper()
	rec := s1.Last
	if rec == nil || s1.Moves != s0.Moves+1 || rec.Seat != s0.Turn || rec.Die != s0.Die {
		t.Fatalf("record %+v", rec)
	}
	gr := s1.grid
	if rec.Kind != kindPlay {
		if !slices.Equal(s0.cells, s1.cells) || !slices.Equal(s0.Scores, s1.Scores) {
			t.Fatalf("a %s changed the grid or the scores", rec.Kind)
		}
		return
	}
	start, ok := gr.parseCell(rec.Cell)
	if !ok {
		t.Fatal(rec.Cell)
	}
	var main, fresh []int
	for i, c := 0, start; i < len(rec.Word); i++ {
		if s1.cells[c] != rec.Word[i] {
			t.Fatalf("%s: cell %s holds %q", rec.Word, gr.Name(c), s1.cells[c])
		}
		if s0.cells[c] == 0 {
			fresh = append(fresh, c)
		}
		main = append(main, c)
		c, _ = gr.step(c, rec.Down, false)
	}
	if len(fresh) != s0.Die {
		t.Fatalf("%s: %d new letters, die %d", rec.Word, len(fresh), s0.Die)
	}
	changed := 0
	for c := range s1.cells {
		if s0.cells[c] != s1.cells[c] {
			changed++
			if !slices.Contains(fresh, c) || gr.kind[c] == black {
				t.Fatalf("cell %s changed", gr.Name(c))
			}
		}
	}
	if changed != len(fresh) {
		t.Fatal("changed cells")
	}
	// Scan the runs through the new cells.
	runOf := func(c int, down bool) []int {
		for {
			p, ok := gr.step(c, down, true)
			if !ok || s1.cells[p] == 0 {
				break
			}
			c = p
		}
		out := []int{c}
		for {
			n, ok := gr.step(c, down, false)
			if !ok || s1.cells[n] == 0 {
				return out
			}
			out = append(out, n)
			c = n
		}
	}
	if !slices.Equal(runOf(start, rec.Down), main) {
		t.Fatalf("%s is not the whole main word", rec.Word)
	}
	words := [][]int{main}
	touches := len(main) > len(fresh)
	for _, c := range fresh {
		if r := runOf(c, !rec.Down); len(r) > 1 {
			words = append(words, r)
			touches = true
		}
	}
	if s0.Written == 0 {
		if gr.centre != nil && !slices.ContainsFunc(main, func(c int) bool { return gr.centre[c] }) {
			t.Fatal("first word away from the centre")
		}
	} else if !touches {
		t.Fatal("disconnected")
	}
	val := map[string]int{}
	for _, r := range rec.Rolls {
		if _, dup := val[r.Cell]; dup {
			t.Fatalf("%s rolled twice", r.Cell)
		}
		c, _ := gr.parseCell(r.Cell)
		sum := 0
		for _, d := range r.Dice {
			if d < 1 || d > 6 {
				t.Fatal("die", d)
			}
			sum += d
		}
		want := len(r.Dice) == rolls(gr.kind[c]) && sum == r.Value
		if s1.Variant == Quarte {
			want = len(r.Dice) == 0 && r.Value == 4*rolls(gr.kind[c])
		}
		if !want {
			t.Fatalf("roll %+v", r)
		}
		val[r.Cell] = r.Value
	}
	total := 0
	for i, w := range words {
		pts := 0
		var b strings.Builder
		for _, c := range w {
			b.WriteByte(s1.cells[c])
			if rolls(gr.kind[c]) > 0 {
				v, ok := val[gr.Name(c)]
				if !ok {
					t.Fatalf("bonus %s not rolled", gr.Name(c))
				}
				pts += v
			} else {
				pts += int(gr.value[c])
			}
		}
		if !g.lex.Has(b.String()) || len(w) < 2 {
			t.Fatalf("%s is not a word", b.String())
		}
		if i >= len(rec.Words) || rec.Words[i] != (scored{b.String(), pts}) {
			t.Fatalf("words %v, recomputed %s %d", rec.Words, b.String(), pts)
		}
		total += pts
	}
	if len(rec.Words) != len(words) || len(val) != len(rec.Rolls) {
		t.Fatalf("words %v rolls %v", rec.Words, rec.Rolls)
	}
	if total != rec.Total || s1.Scores[rec.Seat] != s0.Scores[rec.Seat]+total {
		t.Fatalf("total %d, recomputed %d", rec.Total, total)
	}
}

// checkInvariants: the letter count, the die, the seats.
func checkInvariants(t *testing.T, g *Game) {
	t.Helper()
	s := g.s
	n := 0
	for c, l := range s.cells {
		if l != 0 {
			n++
			if s.grid.kind[c] == black || l < 'A' || l > 'Z' {
				t.Fatalf("cell %s holds %q", s.grid.Name(c), l)
			}
		}
	}
	if n != s.Written {
		t.Fatalf("written %d, counted %d", s.Written, n)
	}
	if s.Over {
		if len(g.Waiting()) != 0 {
			t.Fatal("waiting after the end")
		}
		return
	}
	w := g.Waiting()
	if len(w) != 1 || w[0].Seat != s.Turn || w[0].Timeout != "passe" || s.Out[s.Turn] || s.Die < 1 || s.Die > 6 {
		t.Fatalf("waiting %v turn %d die %d", w, s.Turn, s.Die)
	}
	if s.Variant == Quarte && s.Die != 4 {
		t.Fatal("Quarté die")
	}
}

// play runs one bot game, checking every move; it returns the number of
// moves.
func play(t *testing.T, e *Engine, players int, seed uint64, opts games.Options, roundTrip bool) int {
	t.Helper()
	gg, err := e.New(opts, players, seed)
	if err != nil {
		t.Fatal(err)
	}
	g := gg.(*Game)
	sums := make([]int, players)
	const bound = 1500
	for n := 0; n < bound; n++ {
		checkInvariants(t, g)
		if g.s.Over {
			if !slices.Equal(sums, g.s.Scores) {
				t.Fatalf("scores %v, sum of the turns %v", g.s.Scores, sums)
			}
			return n
		}
		seat := g.s.Turn
		mv := g.Bot(seat, games.Strong)
		if len(mv) > 40 {
			t.Fatalf("bot move too long: %q", mv)
		}
		s0 := g.s
		if _, err := g.Apply(seat, mv); err != nil {
			t.Fatalf("seed %d move %d: bot move %q refused: %v\n%s", seed, n, mv, err, strings.Join(g.Public().Board, "\n"))
		}
		if g.s.Last.Kind == kindLost {
			t.Fatalf("seed %d: bot word refused %+v", seed, g.s.Last)
		}
		if (mv == "passe") != (g.s.Last.Kind == kindPass) {
			t.Fatal(mv)
		}
		checkTurn(t, g, s0, g.s)
		sums[seat] += g.s.Last.Total
		if n%10 == 0 {
			checkWidth(t, g.Public().Board)
		}
		if roundTrip {
			roundTripCheck(t, e, g)
		}
	}
	t.Fatalf("seed %d: no end after %d moves", seed, bound)
	return 0
}

func roundTripCheck(t *testing.T, e *Engine, g *Game) {
	t.Helper()
	g2 := gamestest.MustRoundTrip(t, e, g)
	if !g.s.Over && g2.Bot(g.s.Turn, games.Strong) != g.Bot(g.s.Turn, games.Strong) {
		t.Fatal("bot differs after load")
	}
}

// selfPlayGames is the number of seeded self-play games (see raceOn).
func selfPlayGames() int {
	// The engine runs on one goroutine: under the race detector a sample
	// checks the test's own parallel harness, and the full count runs
	// without it (the second half of the test command, README).
	if testing.Short() || gamestest.Race {
		return 100
	}
	return 500
}

// TestSelfPlay plays seeded bot games of every variant and 1 to 4 players,
// checking every move apart from the engine and that every game ends.
func TestSelfPlay(t *testing.T) {
	e := realEngine()
	e.Lex() // load the dictionary once, before the workers
	n := selfPlayGames()
	const workers = 4
	for w := 0; w < workers; w++ {
		t.Run(fmt.Sprintf("part%d", w), func(t *testing.T) {
			t.Parallel()
			total, most := 0, 0
			for i := w; i < n; i += workers {
				opts := games.Options{}
				players := 1 + i%4
				switch i % 5 {
				case 1:
					opts["variant"] = Quarte
				case 2:
					opts["variant"] = Marathon
				case 3:
					if players == 1 {
						opts["variant"] = Solo
					}
				case 4:
					opts["target"] = "250"
				}
				if i%3 == 1 {
					opts["botlevel"] = LevelGood
				}
				m := play(t, e, players, uint64(i)*7919+3, opts, false)
				total += m
				most = max(most, m)
			}
			t.Logf("%.1f moves a game on average, at most %d", float64(total)/float64((n+workers-1-w)/workers), most)
		})
	}
}

// TestSaveLoadRoundTrip: save, load and save again give the same bytes and
// the same views and bot moves, after every move of a few games.
func TestSaveLoadRoundTrip(t *testing.T) {
	e := realEngine()
	play(t, e, 2, 11, nil, true)
	play(t, e, 3, 12, games.Options{"variant": Marathon, "botlevel": LevelGood}, true)
	play(t, e, 1, 13, games.Options{"variant": Solo, "hints": "on"}, true)
	play(t, e, 4, 14, games.Options{"variant": Quarte, "forgiving": "on"}, true)
	// A small grid saves its layout.
	g := newGame(t, sheetGrid, smallLex(t, "DISQUE"), 2, nil)
	g.setDie(6)
	gamestest.MustApply(t, g, 0, "A1 droite DISQUE")
	roundTripCheck(t, &Engine{Lex: g.lexFunc()}, g)
}

func (g *Game) lexFunc() func() *lexicon.Lexicon { return func() *lexicon.Lexicon { return g.lex } }

// TestLoadRejectsBadStates: damaged saves are errors, not panics.
func TestLoadRejectsBadStates(t *testing.T) {
	e := realEngine()
	gg, _ := e.New(nil, 2, 1)
	data, _ := gg.Save()
	for _, bad := range []string{
		"", "{}", "null", `{"variant":"x"}`,
		strings.Replace(string(data), `"players":2`, `"players":5`, 1),
		strings.Replace(string(data), `"die":`, `"die":9`, 1),
		strings.Replace(string(data), `"letters":["`, `"letters":["A`, 1),
		strings.Replace(string(data), `"written":0`, `"written":3`, 1),
		strings.Replace(string(data), `"letters":["`, `"grid":["1 Z"],"letters":["`, 1),
	} {
		if _, err := e.Load([]byte(bad)); err == nil {
			t.Errorf("loaded %.80q", bad)
		}
	}
}

// checkWidth: no board line is wider than 40 columns on a phone (an emoji
// takes two).
func checkWidth(t *testing.T, board []string) {
	t.Helper()
	for _, l := range board {
		w := 0
		for _, r := range l {
			if r >= 0x1F000 || r == 0x2B1B {
				w += 2
			} else {
				w++
			}
		}
		if w > 40 {
			t.Fatalf("board line of %d columns: %q", w, l)
		}
	}
}
