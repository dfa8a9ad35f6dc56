package motsdetete

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/games/gamestest"
	"github.com/tablee/tablee/games/lexicon"
)

// expHalf is the expected score of a plan in half points, computed apart
// from the bot: every cell of every word, bonus cells at 3.5 a roll.
func expHalf(s *state, p plan) int {
	n := 0
	for _, w := range append([][]int{p.main}, p.sides...) {
		for _, c := range w {
			switch k := s.grid.kind[c]; k {
			case orange, yellow, red:
				if s.Variant == Quarte {
					n += 8 * rolls(k)
				} else {
					n += 7 * rolls(k)
				}
			default:
				n += 2 * int(s.grid.value[c])
			}
		}
	}
	return n
}

// exhaustive tries every word of words at every cell in both directions
// through the engine's own checks and returns, for each number of new
// letters, the best expected score (in half points, -1 for none) and a move
// reaching it.
func exhaustive(s *state, lex *lexicon.Lexicon, words []string) ([7]int, [7]string) {
	var best [7]int
	var moves [7]string
	for i := range best {
		best[i] = -1
	}
	s = s.clone()
	for c := range s.cells {
		for _, down := range []bool{false, true} {
			for _, w := range words {
				// The die the word needs: its empty cells on the grid.
				n, x := 0, c
				for i := 0; i < len(w); i++ {
					if s.cells[x] == 0 {
						n++
					}
					var ok bool
					if x, ok = s.grid.step(x, down, false); !ok {
						break
					}
				}
				if n < 1 || n > 6 || (s.Variant == Quarte && n != 4) {
					continue
				}
				s.Die = n
				p, err := s.checkPlace(move{cell: c, down: down, word: w})
				if err != nil {
					continue
				}
				ns := s.clone()
				for i, x := range p.main {
					ns.cells[x] = w[i]
				}
				ok := true
				for _, x := range ns.words(p) {
					ok = ok && lex.Has(x)
				}
				if ok && expHalf(s, p) > best[n] {
					dir := "droite"
					if down {
						dir = "bas"
					}
					best[n], moves[n] = expHalf(s, p), s.grid.Name(c)+" "+dir+" "+w
				}
			}
		}
	}
	return best, moves
}

// randomGrid is a small grid drawn from a seed, with the sheet's kinds of
// cells.
func randomGrid(seed uint64, w, h int) []string {
	rows := make([]string, h)
	z := seed
	for r := range rows {
		toks := make([]string, w)
		for c := range toks {
			z = mix(z + 0x9e3779b97f4a7c15)
			switch v := z % 20; {
			case v == 0:
				toks[c] = "#"
			case v == 1:
				toks[c] = "O"
			case v == 2:
				toks[c] = "Y"
			case v == 3:
				toks[c] = "R"
			default:
				toks[c] = fmt.Sprint(1 + (z>>8)%5)
			}
		}
		rows[r] = strings.Join(toks, " ")
	}
	return rows
}

// smallWords draws a few hundred common words of 2 to 6 letters.
func smallWords(seed uint64, n int) []string {
	lex := lexicon.Default()
	set := map[string]bool{}
	for i := 0; len(set) < n; i++ {
		if w, ok := lex.RandomWord(2+i%5, seed*1000+uint64(i)); ok {
			set[w] = true
		}
	}
	out := make([]string, 0, n)
	for w := range set {
		out = append(out, w)
	}
	slices.Sort(out)
	return out
}

// TestBotBestEqualsExhaustive: on small random grids, at several stages
// of a game and for every die, the bot's best move scores exactly what an
// exhaustive search over the whole dictionary finds, and is legal.
func TestBotBestEqualsExhaustive(t *testing.T) {
	positions := 0
	for seed := uint64(1); seed <= 12; seed++ {
		words := smallWords(seed, 300)
		lex := smallLex(t, words...)
		variant := Standard
		if seed%4 == 0 {
			variant = Quarte
		}
		g := newGame(t, randomGrid(seed, 6+int(seed%3), 6), lex, 2, games.Options{"variant": variant, "botlevel": "good"})
		g.s.Seed = seed
		for step := 0; step < 8 && !g.s.Over; step++ {
			bests, bestMoves := exhaustive(g.s, lex, words)
			for die := 1; die <= 6; die++ {
				if variant == Quarte && die != 4 {
					continue
				}
				c := &Game{s: g.s.clone(), lex: lex}
				c.s.Die = die
				want, wantMove := bests[die], bestMoves[die]
				h, ok := c.best()
				if !ok {
					if want >= 0 {
						t.Fatalf("seed %d step %d die %d: the bot passes, %s scores %v\n%s", seed, step, die, wantMove, float64(want)/2, strings.Join(c.Public().Board, "\n"))
					}
					continue
				}
				positions++
				if math.Abs(h.Points-float64(want)/2) > 1e-9 {
					t.Fatalf("seed %d step %d die %d: bot %q %v, exhaustive %q %v\n%s", seed, step, die, h.Move, h.Points, wantMove, float64(want)/2, strings.Join(c.Public().Board, "\n"))
				}
				gamestest.MustApply(t, c, c.s.Turn, h.Move)
				if c.s.Last.Kind != kindPlay {
					t.Fatalf("bot move %q: %+v", h.Move, c.s.Last)
				}
			}
			// Move on with a random good move (or a pass).
			gamestest.MustApply(t, g, g.s.Turn, g.Bot(g.s.Turn, games.Strong))
		}
	}
	if positions < 150 {
		t.Fatalf("only %d positions compared", positions)
	}
	t.Logf("%d positions", positions)
}

// TestBotDeterministicAndPure: Bot does not change the state, answers the
// same twice and after a reload, and level good varies with the move count.
func TestBotDeterministicAndPure(t *testing.T) {
	e := realEngine()
	gg, _ := e.New(games.Options{"botlevel": "good"}, 2, 9)
	g := gg.(*Game)
	moves := map[string]bool{}
	for i := 0; i < 12; i++ {
		before, _ := g.Save()
		m := g.Bot(g.s.Turn, games.Strong)
		after, _ := g.Save()
		if string(before) != string(after) || g.Bot(g.s.Turn, games.Strong) != m {
			t.Fatal("Bot changed the state or is not deterministic")
		}
		g2, _ := e.Load(before)
		if g2.Bot(g.s.Turn, games.Strong) != m {
			t.Fatal("bot differs after load")
		}
		if g.Bot(1-g.s.Turn, games.Strong) != "passe" {
			t.Fatal("bot plays out of turn")
		}
		moves[m] = true
		gamestest.MustApply(t, g, g.s.Turn, m)
	}
	if len(moves) < 8 {
		t.Errorf("good level repeats itself: %v", moves)
	}
}

// TestBotGoodLevelScoresWell: level good plays a legal move scoring at
// least goodRatio of the best.
func TestBotGoodLevelScoresWell(t *testing.T) {
	e := realEngine()
	for seed := uint64(1); seed <= 10; seed++ {
		gg, _ := e.New(games.Options{"botlevel": "good"}, 2, seed)
		g := gg.(*Game)
		for i := 0; i < 10 && !g.s.Over; i++ {
			best, ok := g.best()
			m := g.Bot(g.s.Turn, games.Strong)
			if !ok {
				if m != "passe" {
					t.Fatal(m)
				}
			} else {
				pm, err := parseMove(g.s.grid, m)
				if err != nil {
					t.Fatal(err)
				}
				p, err := g.s.checkPlace(pm)
				if err != nil {
					t.Fatalf("%q: %v", m, err)
				}
				if got := float64(expHalf(g.s, p)) / 2; got < goodRatio*best.Points-1e-9 {
					t.Fatalf("%q scores %v, best %v", m, got, best.Points)
				}
			}
			gamestest.MustApply(t, g, g.s.Turn, m)
			if g.s.Last.Kind == kindLost {
				t.Fatalf("bot word refused: %+v", g.s.Last)
			}
		}
	}
}

// TestBotFirstMoveWithOne: a 1 on the empty grid cannot make a word of two
// letters: the bot passes.
func TestBotFirstMoveWithOne(t *testing.T) {
	g := newGame(t, nil, nil, 2, nil)
	g.setDie(1)
	if m := g.Bot(0, games.Strong); m != "passe" {
		t.Fatal(m)
	}
	g.setDie(5)
	m := g.Bot(0, games.Strong)
	gamestest.MustApply(t, g, 0, m)
	if g.s.Last.Kind != kindPlay || len(m) > 40 {
		t.Fatal(m)
	}
}
