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
// same twice and after a reload, at every strength, and Strong with table
// level good varies with the move count.
func TestBotDeterministicAndPure(t *testing.T) {
	e := realEngine()
	gg, _ := e.New(games.Options{"botlevel": "good"}, 2, 9)
	g := gg.(*Game)
	moves := map[string]bool{}
	for i := 0; i < 12; i++ {
		before, _ := g.Save()
		g2, _ := e.Load(before)
		for _, level := range games.Strengths {
			m := g.Bot(g.s.Turn, level)
			after, _ := g.Save()
			if string(before) != string(after) || g.Bot(g.s.Turn, level) != m {
				t.Fatalf("%v: Bot changed the state or is not deterministic", level)
			}
			if g2.Bot(g.s.Turn, level) != m {
				t.Fatalf("%v: bot differs after load", level)
			}
			if g.Bot(1-g.s.Turn, level) != "passe" {
				t.Fatalf("%v: bot plays out of turn", level)
			}
		}
		m := g.Bot(g.s.Turn, games.Strong)
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
			} else if got := float64(halfOf(t, g, m)) / 2; got < goodRatio*best.Points-1e-9 {
				t.Fatalf("%q scores %v, best %v", m, got, best.Points)
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

// played applies move to a copy of g and returns the words it made (main
// word first); nil for a pass.
func played(t *testing.T, g *Game, move string) []string {
	t.Helper()
	c := &Game{s: g.s.clone(), lex: g.lex}
	gamestest.MustApply(t, c, c.s.Turn, move)
	if c.s.Last.Kind == kindLost {
		t.Fatalf("%q: a word the dictionary lacks: %+v", move, c.s.Last)
	}
	var out []string
	for _, w := range c.s.Last.Words {
		out = append(out, w.Word)
	}
	return out
}

// leastFamiliar is the rank of the least familiar word (0: one is not
// familiar).
func leastFamiliar(words []string) int {
	rank := 0
	for _, w := range words {
		r := lexicon.Familiarity(w)
		if r == 0 {
			return 0
		}
		rank = max(rank, r)
	}
	return rank
}

// halfOf is the expected score of a move, in half points, computed apart
// from the bot (expHalf).
func halfOf(t *testing.T, g *Game, move string) int {
	t.Helper()
	m, err := parseMove(g.s.grid, move)
	if err != nil {
		t.Fatal(err)
	}
	p, err := g.s.checkPlace(m)
	if err != nil {
		t.Fatalf("%q: %v", move, err)
	}
	return expHalf(g.s, p)
}

// bestHalves is the expected scores of the k best spans that have a
// placement in the vocabulary lex.
func bestHalves(s *state, lex *lexicon.Lexicon, k int) []int {
	b := newBotCtx(s)
	spans := b.spans()
	b.use(lex)
	var out []int
	for _, sp := range b.search(spans, k, 0) {
		out = append(out, sp.half)
	}
	return out
}

// strengthPositions: mid-game positions of bot games, each with every
// die.
func strengthPositions(t *testing.T) []*Game {
	states, _ := midGame(t)
	lex := realEngine().Lex()
	var out []*Game
	for _, s := range states {
		for die := 1; die <= 6; die++ {
			c := s.clone()
			c.Die = die
			out = append(out, &Game{s: c, lex: lex})
		}
	}
	return out
}

// TestBotStrengths_WordsPeopleKnow: a Normal bot writes only familiar
// words (main and side) and an Easy bot only common ones (rank up to
// games.Known) wherever such a placement exists; each scores one of the
// best spans of its words (Normal its 3 best, games.Strength.Choose; Easy
// its 4 best); where its words fit nowhere it takes the best of the next
// strength's, and it never passes while the dictionary has a placement.
func TestBotStrengths_WordsPeopleKnow(t *testing.T) {
	v := vocabOf(realEngine().Lex())
	fallbacks := map[games.Strength]int{}
	for _, g := range strengthPositions(t) {
		strong, ok := g.best()
		for _, level := range []games.Strength{games.Normal, games.Easy} {
			m := g.Bot(g.s.Turn, level)
			if !ok {
				if m != "passe" {
					t.Fatalf("%v plays %q where Strong passes", level, m)
				}
				continue
			}
			if m == "passe" {
				t.Fatalf("die %d: %v passes, Strong plays %q", g.s.Die, level, strong.Move)
			}
			words, half := played(t, g, m), halfOf(t, g, m)
			own, picks, next := v.familiar, 3, []*lexicon.Lexicon{v.all}
			if level == games.Easy {
				own, picks, next = v.common, 4, []*lexicon.Lexicon{v.familiar, v.all}
			}
			best := bestHalves(g.s, own, 4)
			if len(best) == 0 {
				// Its words fit nowhere: the best of the next vocabulary
				// that has a placement.
				fallbacks[level]++
				for _, l := range next {
					if hs := bestHalves(g.s, l, 1); len(hs) > 0 {
						if half != hs[0] {
							t.Errorf("die %d: %v falls back to %q (%d half points), the best is %d", g.s.Die, level, m, half, hs[0])
						}
						break
					}
				}
				continue
			}
			rank := leastFamiliar(words)
			if !level.Plays(rank) {
				t.Errorf("die %d: %v writes %v (rank %d) though its words fit", g.s.Die, level, words, rank)
			}
			if !slices.Contains(best[:min(picks, len(best))], half) {
				t.Errorf("die %d: %v's %q scores %d half points, not one of its best %v", g.s.Die, level, m, half, best)
			}
		}
	}
	t.Logf("fell back to the next strength's words: %v", fallbacks)
}

// TestBotStrengths_Miss: Normal now and then plays its second or third
// best span, Easy more often (a person misses the best move too); Strong
// never does.
func TestBotStrengths_Miss(t *testing.T) {
	v := vocabOf(realEngine().Lex())
	missed := map[games.Strength]int{}
	tried := 0
	for _, g := range strengthPositions(t) {
		fam, com := bestHalves(g.s, v.familiar, 1), bestHalves(g.s, v.common, 1)
		strong, ok := g.best()
		if len(fam) == 0 || len(com) == 0 || !ok {
			continue
		}
		tried++
		for level, best := range map[games.Strength]int{games.Strong: int(2 * strong.Points), games.Normal: fam[0], games.Easy: com[0]} {
			if half := halfOf(t, g, g.Bot(g.s.Turn, level)); half < best {
				missed[level]++
			}
		}
	}
	t.Logf("%d positions; below its best: %v", tried, missed)
	if tried < 200 {
		t.Fatalf("only %d positions", tried)
	}
	normal, easy := float64(missed[games.Normal])/float64(tried), float64(missed[games.Easy])/float64(tried)
	if missed[games.Strong] != 0 || normal < 0.1 || normal > 0.4 || easy < 1.5*normal {
		t.Errorf("misses: Strong %d, Normal %.0f%%, Easy %.0f%%", missed[games.Strong], 100*normal, 100*easy)
	}
}

// TestBotStrong_FamiliarWordWhereOneFits: Strong scores the best span, and
// writes there a familiar word whenever one fits it (every word of a span
// scores the same): of the old bot's TOMAISONS, OSIDES, ZABRES and LIDAR,
// none is familiar.
func TestBotStrong_FamiliarWordWhereOneFits(t *testing.T) {
	for _, w := range []string{"TOMAISONS", "OSIDES", "ZABRES", "LIDAR"} {
		if lexicon.Familiarity(w) != 0 {
			t.Errorf("%s is familiar", w)
		}
	}
	v := vocabOf(realEngine().Lex())
	familiar, fit := 0, 0
	for _, g := range strengthPositions(t) {
		m := g.Bot(g.s.Turn, games.Strong)
		if m == "passe" {
			continue
		}
		words := played(t, g, m)
		// Does a familiar main word fit the span Strong chose?
		pm, _ := parseMove(g.s.grid, m)
		p, _ := g.s.checkPlace(pm)
		b := newBotCtx(g.s)
		b.use(v.all)
		pat, _ := b.pattern(span{plan: p})
		any := false
		v.familiar.Fill(pat, func(string) bool { any = true; return false })
		if any {
			fit++
			if lexicon.Familiarity(words[0]) == 0 {
				t.Errorf("Strong writes %s where a familiar word fits", words[0])
			}
		}
		if leastFamiliar(words) > 0 {
			familiar++
		}
	}
	t.Logf("a familiar word fits Strong's span %d times; all its words familiar %d times", fit, familiar)
	if fit < 100 {
		t.Fatalf("only %d spans with a familiar word", fit)
	}
}

// TestHintAndExample_FamiliarWords: the table's hint is the best
// placement in familiar words (as Normal's best, never missed), the help's
// example the lowest-scoring placement in common words, where such
// placements exist.
func TestHintAndExample_FamiliarWords(t *testing.T) {
	v := vocabOf(realEngine().Lex())
	hints, examples := 0, 0
	for _, g := range strengthPositions(t) {
		if fam := bestHalves(g.s, v.familiar, 1); len(fam) > 0 {
			h, ok := g.Hint()
			if !ok || halfOf(t, g, h.Move) != fam[0] || leastFamiliar(played(t, g, h.Move)) == 0 {
				t.Errorf("die %d: hint %+v, the best familiar span scores %d half points", g.s.Die, h, fam[0])
			}
			hints++
		}
		if len(bestHalves(g.s, v.common, 1)) > 0 {
			ex, ok := exampleMove(g.s, g.lex)
			if !ok || !games.Easy.Plays(leastFamiliar(played(t, g, ex.Move))) {
				t.Errorf("die %d: example %+v is not in common words", g.s.Die, ex)
			}
			examples++
		}
	}
	if hints < 200 || examples < 200 {
		t.Fatalf("only %d hints, %d examples", hints, examples)
	}
}

// TestBotStrengths_FallBack: where only a word few people know fits, Normal
// and Easy write it rather than pass; where a familiar one fits too, every
// strength writes the familiar one (the span scores the same).
func TestBotStrengths_FallBack(t *testing.T) {
	for _, w := range []string{"MAISON", "ZABRES"} {
		t.Logf("%s rank %d", w, lexicon.Familiarity(w))
	}
	g := newGame(t, []string{"1 2 3 1 2 3"}, smallLex(t, "MAISON", "ZABRES"), 2, nil)
	g.setDie(6)
	for _, level := range games.Strengths {
		if m := g.Bot(0, level); m != "A1 droite MAISON" {
			t.Errorf("%v: %q, want A1 droite MAISON", level, m)
		}
	}
	g.put(t, "A1", false, "Z")
	g.setDie(5)
	for _, level := range games.Strengths {
		if m := g.Bot(0, level); m != "A1 droite ZABRES" {
			t.Errorf("%v: %q, want A1 droite ZABRES", level, m)
		}
	}
}
