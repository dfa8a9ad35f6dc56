package duplicate

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/games/lexicon"
	"github.com/tablee/tablee/games/motsdetete"
)

var (
	realOnce sync.Once
	realLex  *lexicon.Lexicon
)

// realEngine is Mots de Tête on the standard grid with the bundled
// dictionary, loaded once for the package's tests.
func realEngine() *motsdetete.Engine {
	realOnce.Do(func() { realLex = lexicon.Default() })
	return &motsdetete.Engine{Lex: func() *lexicon.Lexicon { return realLex }}
}

func mustDeal(t testing.TB, e *motsdetete.Engine, seed uint64) *Deal {
	t.Helper()
	return mustMake(t, func() (*Deal, error) { return MotsDeTete(e, seed) })
}

// mustMake is the deal make makes, or the test's end.
func mustMake(t testing.TB, make func() (*Deal, error)) *Deal {
	t.Helper()
	d, err := make()
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestMotsDeTeteDealIsDeterministic: a seed gives one deal, in every
// process (a deal made again from the seed is the same, turn by turn);
// another seed another deal. Every turn asks the same 4 new letters
// (Quarté) and its position is the one the previous top left.
func TestMotsDeTeteDealIsDeterministic(t *testing.T) {
	e := realEngine()
	a, b := mustDeal(t, e, 20260329), mustDeal(t, realEngine(), 20260329)
	if !reflect.DeepEqual(a.Turns, b.Turns) || a.Game != "motsdetete" {
		t.Fatalf("one seed, two deals")
	}
	if len(a.Turns) != MotsDeTeteTurns {
		t.Fatalf("%d turns, want %d", len(a.Turns), MotsDeTeteTurns)
	}
	c := mustDeal(t, e, 20260330)
	if reflect.DeepEqual(a.Turns, c.Turns) {
		t.Fatalf("two seeds, one deal")
	}
	for i, turn := range a.Turns {
		if turn.Die != 4 || turn.TopScore <= 0 || turn.TopWord == "" || !strings.HasSuffix(turn.Top, turn.TopWord) {
			t.Fatalf("turn %d: %+v", i+1, turn)
		}
		if i == 0 {
			continue
		}
		// The turn starts where the previous top left the game.
		if pos, _ := afterTop(t, a, i-1).Save(); string(pos) != string(turn.Position) {
			t.Fatalf("turn %d does not start from the top of turn %d", i+1, i)
		}
	}
}

// TestDealSavedAndLoaded: a deal stored and read back is the same deal and
// scores moves the same; a deal of another game or a damaged one is refused.
func TestDealSavedAndLoaded(t *testing.T) {
	d := mustDeal(t, realEngine(), 5)
	data, err := d.Save()
	if err != nil {
		t.Fatal(err)
	}
	back, err := Load(realEngine(), data)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back.Turns, d.Turns) || back.Seed != d.Seed || back.Game != d.Game {
		t.Fatal("the deal read back differs")
	}
	last := len(d.Turns) - 1
	if p, err := back.Score(last, d.Turns[last].Top); err != nil || p != d.Turns[last].TopScore {
		t.Fatalf("the top of the last turn read back: %d, %v", p, err)
	}
	for _, bad := range []string{"", "{", `{"Game":"motsdetete"}`, strings.Replace(string(data), `"motsdetete"`, `"coquillaude"`, 1)} {
		if _, err := Load(realEngine(), []byte(bad)); err == nil {
			t.Fatalf("%.40q loaded", bad)
		}
	}
}

// TestPlayedTopScores100: a player who plays every top scores each top's
// points and 100 % at every turn.
func TestPlayedTopScores100(t *testing.T) {
	playTops(t, mustDeal(t, realEngine(), 7))
}

// playTops plays every top of a deal: each scores its points, and the
// running percentage stays at 100 %.
func playTops(t *testing.T, d *Deal) {
	t.Helper()
	var points []int
	for i, turn := range d.Turns {
		p, err := d.Score(i, turn.Top)
		if err != nil || p != turn.TopScore {
			t.Fatalf("turn %d: the top %q scores %d (%v), want %d", i+1, turn.Top, p, err, turn.TopScore)
		}
		points = append(points, p)
		if _, _, pct := d.Running(points); pct != 1000 {
			t.Fatalf("turn %d: %s %%", i+1, pct)
		}
	}
}

// TestMT_D3_BadMoveGetsTheGamesRefusal: a word the dictionary lacks is refused
// with the game's own refusal (MT-D3, forgiving: not a lost turn), a
// structural mistake too (MT-D2), and neither changes the deal.
func TestMT_D3_BadMoveGetsTheGamesRefusal(t *testing.T) {
	d := mustDeal(t, realEngine(), 7)
	before := snapshot(d)
	// Without the opening, turn 1 is on the empty grid: the top's 4
	// letters are the whole main word; the same cells with KWXQ make no
	// word (ZZZZ is one).
	if realLex.Has("KWXQ") {
		t.Fatal("KWXQ is a word")
	}
	bare, err := motsDeTeteDeal(realEngine(), 7, 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	f := strings.Fields(bare.Turns[0].Top)
	if p, err := bare.Score(0, f[0]+" "+f[1]+" KWXQ"); refusalKey(err) != "motsdetete.err.not_word" || p != 0 {
		t.Fatalf("KWXQ: %d points, %v", p, err)
	}
	f = strings.Fields(d.Turns[0].Top)
	for move, key := range map[string]string{
		f[0] + " " + f[1] + " " + f[2][:2]: "motsdetete.err.count",
		"Z99 bas MAISON":                   "motsdetete.err.no_cell",
	} {
		if p, err := d.Score(0, move); refusalKey(err) != key || p != 0 {
			t.Fatalf("%q: %d points, %v; want the refusal %s", move, p, err, key)
		}
	}
	// An accepted move and a pass change nothing either.
	if p, err := d.Score(0, d.Turns[0].Top); err != nil || p != d.Turns[0].TopScore {
		t.Fatal(p, err)
	}
	if p, err := d.Score(1, "passe"); err != nil || p != 0 {
		t.Fatalf("a pass: %d, %v", p, err)
	}
	if snapshot(d) != before {
		t.Fatal("scoring moves changed the deal")
	}
	if _, err := d.Score(len(d.Turns), d.Turns[0].Top); err == nil {
		t.Fatal("a turn past the deal was scored")
	}
}

// refusalKey is the catalogue key of the game's refusal.
func refusalKey(err error) string {
	var r *games.Refusal
	if errors.As(err, &r) {
		return r.Msg.Key
	}
	return fmt.Sprintf("not a refusal: %v", err)
}

func snapshot(d *Deal) string {
	var b strings.Builder
	for _, t := range d.Turns {
		b.WriteString(string(t.Position) + t.Top + t.TopWord + "\n")
	}
	return b.String()
}

// TestPercentagesOnAWholeDeal: a player who plays the normal bot's move at
// every turn (a good player who now and then misses the top) scores at
// most the top each turn, and his running total and percentage are the
// sums and the ratio, to a tenth, turn by turn.
func TestPercentagesOnAWholeDeal(t *testing.T) {
	for _, level := range []games.Strength{games.Easy, games.Normal} {
		d := mustDeal(t, realEngine(), 11)
		var points []int
		total, top := 0, 0
		for i, turn := range d.Turns {
			g, err := d.Position(i)
			if err != nil {
				t.Fatal(err)
			}
			p, err := d.Score(i, g.Bot(0, level))
			if err != nil {
				t.Fatal(err)
			}
			if p > turn.TopScore {
				t.Fatalf("%s turn %d: %d points over the top's %d", level, i+1, p, turn.TopScore)
			}
			points = append(points, p)
			total += p
			top += turn.TopScore
			gotTotal, gotTop, pct := d.Running(points)
			want := int(float64(total)/float64(top)*1000 + 0.5)
			if gotTotal != total || gotTop != top || int(pct) != want {
				t.Fatalf("%s turn %d: %d/%d %s %%, want %d/%d %d", level, i+1, gotTotal, gotTop, pct, total, top, want)
			}
		}
		_, _, pct := d.Running(points)
		t.Logf("%s: %v against the tops %d: %s %%", level, points, d.TopTotal(len(d.Turns)), pct)
		if pct >= 1000 || pct < 300 {
			t.Fatalf("%s scored %s %% of the tops", level, pct)
		}
	}
}

func TestPercent(t *testing.T) {
	for _, c := range []struct {
		points, top int
		want        string
	}{{0, 0, "100.0"}, {0, 10, "0.0"}, {10, 10, "100.0"}, {873, 1000, "87.3"}, {1, 3, "33.3"}, {2, 3, "66.7"}, {1, 2000, "0.1"}, {1, 2001, "0.0"}} {
		if got := Percent(c.points, c.top).String(); got != c.want {
			t.Errorf("Percent(%d, %d) = %s, want %s", c.points, c.top, got, c.want)
		}
	}
}

// smallGrid is a 9 x 9 grid with every kind of bonus cell and no centre
// cross (the first word goes anywhere).
var smallGrid = []string{
	"2 1 3 O 1 O 3 1 2",
	"1 Y 1 2 1 2 1 Y 1",
	"3 1 2 1 4 1 2 1 3",
	"O 2 1 R 1 R 1 2 O",
	"1 1 4 1 5 1 4 1 1",
	"O 2 1 R 1 R 1 2 O",
	"3 1 2 1 4 1 2 1 3",
	"1 Y 1 2 1 2 1 Y 1",
	"2 1 3 O 1 O 3 1 2",
}

var smallWords = strings.Fields(`LA LE ET EN ES SE TE NE UN IL SA TA MA ME DE DU AS OR OU NU
	MAIS SONT LAIT TOUT RIEN NOTE TARE RATE SALE MERE ROSE RUSE MUSE TOIT TRES ELLE ILES LIRE
	DIRE RIRE NIER OSER USER TIRE MOTS LOTS SOLE SEUL NOIR SOIR TOILE ETOILE SOLEIL MAISON
	RAISON SAISON TOILES ETOILES ROSES MARE AMIE AMIS TAMIS SALUT LUNE DUNE RUNE TENIR VENIR
	MENTIR SORTIR PARTIR TAIRE SOLDE MONDE RONDE ONDE ONDES TENTE LENTE LENT DENT DENTS VENT
	SENT RENTE SERRE ARME ARMES LAME LAMES RAME RAMES TRAME DAME DAMES MALE MALES SEL SUR SUD`)

// TestMT_D4_TopEqualsExhaustiveSearch: on a small grid and dictionary, the top of
// every turn scores as much as the best of every placement there is (every
// word of the dictionary at every cell in both directions, played through
// the game's own rules), so the strong bot's search is exhaustive in the
// challenge's rules (Quarté's fixed bonus values, MT-D4).
func TestMT_D4_TopEqualsExhaustiveSearch(t *testing.T) {
	g, gridErr := motsdetete.ParseGrid(smallGrid)
	lex, lexErr := lexicon.Build(smallWords)
	if err := errors.Join(gridErr, lexErr); err != nil {
		t.Fatal(err)
	}
	e := &motsdetete.Engine{Lex: func() *lexicon.Lexicon { return lex }, Grid: g}
	compared := 0
	for seed := uint64(1); seed <= 8; seed++ {
		d, err := motsDeTeteDeal(e, seed, motsDeTeteOpening, 30)
		if err != nil {
			t.Fatal(err)
		}
		for i, turn := range d.Turns {
			best, bestMove := exhaustive(t, d, i, g.W, g.H)
			if best != turn.TopScore {
				t.Fatalf("seed %d turn %d: top %q %d, exhaustive %q %d", seed, i+1, turn.Top, turn.TopScore, bestMove, best)
			}
			compared++
		}
		// Where the deal stopped short, nothing scores on the next turn.
		if len(d.Turns) < 30 {
			if best, move := exhaustive(t, withNextTurn(t, d), len(d.Turns), g.W, g.H); best > 0 {
				t.Fatalf("seed %d: the deal stopped after %d turns, %q scores %d", seed, len(d.Turns), move, best)
			}
		}
	}
	if compared < 30 {
		t.Fatalf("only %d turns compared", compared)
	}
	t.Logf("%d turns compared", compared)
}

// afterTop is the game once turn i's top is played on its position.
func afterTop(t testing.TB, d *Deal, i int) games.Game {
	t.Helper()
	g, err := d.Position(i)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.Apply(0, d.Turns[i].Top); err != nil {
		t.Fatal(err)
	}
	return g
}

// withNextTurn is the deal with one more turn: the position the last top
// leaves (where a deal stopped short, to check that nothing scores there).
func withNextTurn(t *testing.T, d *Deal) *Deal {
	t.Helper()
	next, err := afterTop(t, d, len(d.Turns)-1).Save()
	if err != nil {
		t.Fatal(err)
	}
	more := *d
	more.Turns = append(slices.Clip(d.Turns), Turn{Position: next})
	return &more
}

// exhaustive plays every word of the small dictionary at every cell in
// both directions on turn i's position and returns the best score.
func exhaustive(t *testing.T, d *Deal, i, w, h int) (int, string) {
	t.Helper()
	g, err := d.Position(i)
	if err != nil {
		t.Fatal(err)
	}
	best, bestMove := 0, ""
	for r := 1; r <= h; r++ {
		for c := 0; c < w; c++ {
			for _, dir := range []string{"droite", "bas"} {
				for _, word := range smallWords {
					move := string(rune('A'+c)) + strconv.Itoa(r) + " " + dir + " " + word
					before := g.Result().Scores[0]
					if _, err := g.Apply(0, move); err != nil {
						continue
					}
					if p := g.Result().Scores[0] - before; p > best {
						best, bestMove = p, move
					}
					if g, err = d.Position(i); err != nil {
						t.Fatal(err)
					}
				}
			}
		}
	}
	return best, bestMove
}

// TestAMonthOfDeals: a month of days of one deployment (seeds from its
// secret and each day) gives a month of different deals of MotsDeTeteTurns
// turns each, every top scoring.
func TestAMonthOfDeals(t *testing.T) {
	e := realEngine()
	day := cardDay
	positions := map[string]Day{}
	firstTops := map[string]bool{}
	for range 31 {
		seed, err := Seed([]byte("deployment secret"), "motsdetete", day)
		if err != nil {
			t.Fatal(err)
		}
		d := mustDeal(t, e, seed)
		if len(d.Turns) != MotsDeTeteTurns {
			t.Fatalf("%s: %d turns", day, len(d.Turns))
		}
		for i, turn := range d.Turns {
			if turn.TopScore <= 0 || turn.Die != 4 {
				t.Fatalf("%s turn %d: %+v", day, i+1, turn)
			}
		}
		if prev, ok := positions[string(d.Turns[0].Position)]; ok {
			t.Fatalf("%s opens on the grid of %s", day, prev)
		}
		positions[string(d.Turns[0].Position)] = day
		firstTops[d.Turns[0].Top] = true
		day = day.Next()
	}
	// The opening makes every day's first grid its own, and so its top.
	if len(firstTops) < 20 {
		t.Fatalf("31 days open with %d different tops", len(firstTops))
	}
}

// TestMotsDeTeteSavedFormUnchanged: Mots de Tête's turns get no letters
// (the die is what everyone gets), so their saved deals hold no Letters
// and read as those saved before La Coquillaude's pions were kept.
func TestMotsDeTeteSavedFormUnchanged(t *testing.T) {
	d := mustDeal(t, realEngine(), 3)
	data := mustSave(t, d)
	if strings.Contains(string(data), `"Letters"`) {
		t.Fatal("a Mots de Tête deal saves letters")
	}
	for _, turn := range d.Turns {
		if turn.Letters != "" {
			t.Fatalf("a Mots de Tête turn with letters %q", turn.Letters)
		}
	}
}
