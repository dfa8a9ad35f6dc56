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

// wordObserver measures one game as a player at the table would notice
// it: how many words are written, how many of them a person knows (per
// strength: every word a turn makes, main and side), how long players
// pass in a row. It also recomputes every turn apart from the engine
// (checkTurn) and checks that no bot word is refused.
type wordObserver struct {
	t      *testing.T
	levels []games.Strength // per seat
	prev   *state
	words  int // turns that wrote a word
	passes int
	run    int // passes in a row, now
	streak int // the longest run of passes
	// per strength: words made, familiar ones, common ones (rank up to
	// games.Known)
	made, familiar, common map[games.Strength]int
	turns, points          map[games.Strength]int      // turns that wrote a word, their points
	sample                 map[games.Strength][]string // main words, for the log
}

func (o *wordObserver) Move(gg games.Game, seat int, move string) {
	g := gg.(*Game)
	s := g.s
	checkInvariants(o.t, g)
	if o.prev != nil {
		checkTurn(o.t, g, o.prev, s)
	}
	o.prev = s
	switch s.Last.Kind {
	case kindLost:
		o.t.Fatalf("a bot word was refused: %+v", s.Last)
	case kindPass:
		o.passes++
		o.run++
		o.streak = max(o.streak, o.run)
		return
	}
	o.run = 0
	o.words++
	level := o.levels[seat]
	o.turns[level]++
	o.points[level] += s.Last.Total
	if len(o.sample[level]) < 12 {
		o.sample[level] = append(o.sample[level], s.Last.Word)
	}
	for _, w := range s.Last.Words {
		o.made[level]++
		if r := lexicon.Familiarity(w.Word); r > 0 {
			o.familiar[level]++
			if r <= games.Known {
				o.common[level]++
			}
		}
	}
}

func (o *wordObserver) End(gg games.Game) map[string]float64 {
	g := gg.(*Game)
	out := map[string]float64{
		"words":               float64(o.words),
		"passes":              float64(o.passes),
		"longest pass streak": float64(o.streak),
		"top score":           float64(slices.Max(g.s.Scores)),
	}
	for level, n := range o.turns {
		out["points a word "+level.String()] = float64(o.points[level]) / float64(n)
	}
	for level, n := range o.made {
		if n > 0 {
			out["familiar % "+level.String()] = 100 * float64(o.familiar[level]) / float64(n)
			out["common % "+level.String()] = 100 * float64(o.common[level]) / float64(n)
		}
	}
	return out
}

// ladderRun plays a rung and returns its result with the words each
// strength wrote in the first games (for the log).
func ladderRun(t *testing.T, p gamestest.Pairing, n int, seed uint64) (gamestest.LadderResult, map[games.Strength][]string) {
	t.Helper()
	samples := map[games.Strength][]string{}
	game := 0
	newObserver := func() gamestest.Observer {
		seats := len(p.Levels)
		o := &wordObserver{t: t, levels: make([]games.Strength, seats),
			made: map[games.Strength]int{}, familiar: map[games.Strength]int{}, common: map[games.Strength]int{},
			turns: map[games.Strength]int{}, points: map[games.Strength]int{},
			sample: samples}
		for seat := range o.levels {
			o.levels[seat] = p.Levels[(seat+game)%seats] // PlayLadder's rotation
		}
		game++
		return o
	}
	return gamestest.PlayLadder(t, realEngine(), p, n, seed, 2000, newObserver), samples
}

// TestLadder plays the strengths against each other (two-player games to
// 300, seats rotating) and checks what a player would notice: the stronger
// bot wins, every game ends, every turn is legal and recomputed apart from
// the engine, and Normal and Easy write the words people know (the issue
// of the old bot: TOMAISONS, OSIDES, ZABRES, LIDAR). The figures of
// docs/games/motsdetete.md come from
//
//	TABLEE_LADDER=500 go test -count=1 -run Ladder -v ./games/motsdetete
func TestLadder(t *testing.T) {
	n := gamestest.LadderGames(100)
	for _, p := range gamestest.HeadToHead(nil) {
		r, samples := ladderRun(t, p, n, 1000)
		t.Log(r.Report())
		for _, l := range p.Levels {
			t.Logf("  %v writes %s", l, strings.Join(samples[l], " "))
		}
		checkLadder(t, r)
		r.CheckStrongerWon(t, 0.55)
	}
}

// TestLadderMixed plays three and four bots of mixed strengths (four to
// 250, as the sheet proposes): the games end, Strong wins the most, the
// words are as in two-player games.
func TestLadderMixed(t *testing.T) {
	n := gamestest.LadderGames(40)
	three := []games.Strength{games.Strong, games.Normal, games.Easy}
	rungs := []gamestest.Pairing{
		{Name: "strong-normal-easy", Levels: three},
		{Name: "strong-normal-normal-easy", Levels: slices.Insert(slices.Clone(three), 1, games.Normal), Opts: games.Options{"target": "250"}},
	}
	for i, p := range rungs {
		r, _ := ladderRun(t, p, n, 5000+uint64(i*n))
		t.Log(r.Report())
		checkLadder(t, r)
		for k := 1; k < len(p.Levels); k++ {
			if r.WinShare(k) >= r.WinShare(0) {
				t.Errorf("%s: %v wins %.0f%%, as much as strong (%.0f%%)", p.Name, p.Levels[k], 100*r.WinShare(k), 100*r.WinShare(0))
			}
		}
	}
}

// checkLadder asserts the bounds every rung keeps (means over the games
// unless said).
func checkLadder(t *testing.T, r gamestest.LadderResult) {
	t.Helper()
	name := r.Pairing.Name
	if r.Unfinished > 0 {
		t.Errorf("%s: %d games did not end", name, r.Unfinished)
	}
	type bound struct {
		figure string
		p99    bool
		least  float64
		most   float64
	}
	var bounds []bound
	for _, l := range r.Pairing.Levels {
		switch l {
		case games.Normal:
			bounds = append(bounds, bound{figure: "familiar % normal", least: 97, most: 100})
		case games.Easy:
			bounds = append(bounds, bound{figure: "familiar % easy", least: 97, most: 100},
				bound{figure: "common % easy", least: 85, most: 100})
		}
	}
	// A game to 300 (250 with four) lasts about 11 turns a player; the
	// bound grows with the players.
	players := float64(len(r.Pairing.Levels))
	bounds = append(bounds,
		bound{figure: "moves", least: 8 * players, most: 16 * players},
		bound{figure: "moves", p99: true, most: 30 * players},
		bound{figure: "words", least: 8 * players, most: 16 * players},
		// Passes come from a 1 on the empty grid and, with four, from a
		// grid filled up before anyone reaches the target.
		bound{figure: "passes", most: players / 2},
		bound{figure: "longest pass streak", most: 1},
		// A blocked game ends after two rounds without a word.
		bound{figure: "longest pass streak", p99: true, most: 2 * players},
		bound{figure: "top score", least: 240, most: 360},
	)
	for _, b := range bounds {
		got := r.Mean(b.figure)
		what := "mean"
		if b.p99 {
			got, what = r.P99(b.figure), "p99"
		}
		if len(r.Figures[b.figure]) == 0 || got < b.least || got > b.most {
			t.Errorf("%s: %s %s %.1f, want %v to %v", name, b.figure, what, got, b.least, b.most)
		}
	}
}
