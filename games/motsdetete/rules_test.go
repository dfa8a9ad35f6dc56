package motsdetete

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/games/gamestest"
	"github.com/tablee/tablee/i18n"
)

// sheetGrid carries the values of the sheet's counting example: DISQUE on
// 4-1-5-1-5-1, the S of DISQUES on a 4 that starts SOLO down 4-1-5-1.
var sheetGrid = []string{
	"4 1 5 1 5 1 4",
	"1 1 1 1 1 1 1",
	"1 1 1 1 1 1 5",
	"1 1 1 1 1 1 1",
}

// TestWorkedCheck_DISQUE17_DISQUESSOLO32 is the sheet's "exemple de
// comptage": (1) DISQUE with a 6 scores 4+1+5+1+5+1 = 17; (2) with a 4,
// SOLO down from the S that makes DISQUES: 21 (DISQUES) + 11 (SOLO) = 32.
func TestWorkedCheck_DISQUE17_DISQUESSOLO32(t *testing.T) {
	g := newGame(t, sheetGrid, smallLex(t, "DISQUE", "DISQUES", "SOLO"), 2, nil)
	g.setDie(6)
	evs := gamestest.MustApply(t, g, 0, "A1 droite DISQUE")
	if g.s.Scores[0] != 17 || g.s.Last.Total != 17 {
		t.Fatalf("DISQUE scores %d, want 17\n%s", g.s.Scores[0], evText(evs))
	}
	if !strings.Contains(evText(evs), "DISQUE 17 = 17 points") {
		t.Errorf("event: %s", evText(evs))
	}
	g.setDie(4)
	evs = gamestest.MustApply(t, g, 1, "G1 bas SOLO")
	want := []scored{{"SOLO", 11}, {"DISQUES", 21}}
	if !slices.Equal(g.s.Last.Words, want) || g.s.Scores[1] != 32 {
		t.Fatalf("SOLO/DISQUES: %v total %d, want %v = 32", g.s.Last.Words, g.s.Scores[1], want)
	}
	if !strings.Contains(evText(evs), "SOLO 11 + DISQUES 21 = 32 points") {
		t.Errorf("event: %s", evText(evs))
	}
}

// TestMT_D1_StandardGrid checks the grid of the rules page.
func TestMT_D1_StandardGrid(t *testing.T) {
	g := standardGrid
	if g.W != 15 || g.H != 15 {
		t.Fatalf("%dx%d", g.W, g.H)
	}
	at := func(name string) int {
		c, ok := g.parseCell(name)
		if !ok {
			t.Fatalf("no cell %s", name)
		}
		return c
	}
	for name, want := range map[string]uint8{"A1": 2, "G1": 5, "B2": 3, "E3": 5, "A7": 5, "F8": 4, "O15": 2, "K11": 0} {
		c := at(name)
		if g.kind[c] == plain && g.value[c] != want || g.kind[c] != plain && want != 0 {
			t.Errorf("%s: kind %d value %d, want %d", name, g.kind[c], g.value[c], want)
		}
	}
	kinds := map[string]uint8{"H1": orange, "F2": yellow, "C3": red, "D4": black, "H2": black, "B8": black, "N8": black,
		"K11": orange, "M13": red, "J14": yellow, "A8": orange, "O8": orange, "H12": orange}
	for name, k := range kinds {
		if got := g.kind[at(name)]; got != k {
			t.Errorf("%s: kind %d, want %d", name, got, k)
		}
	}
	count := map[uint8]int{}
	for c := range g.kind {
		count[g.kind[c]]++
		// The grid is symmetric both ways.
		r, col := c/15, c%15
		for _, m := range []int{r*15 + 14 - col, (14-r)*15 + col} {
			if g.kind[m] != g.kind[c] || g.value[m] != g.value[c] {
				t.Errorf("%s and %s differ", g.Name(c), g.Name(m))
			}
		}
	}
	if count[black] != 13 || count[orange] != 12 || count[yellow] != 8 || count[red] != 4 {
		t.Errorf("cell counts %v", count)
	}
	if got := g.centreCells(); got != "H6, G7, I7, F8, J8, G9, I9, H10" {
		t.Errorf("cells next to the centre cross: %s", got)
	}
	if strings.Join(g.Layout(), "\n") != strings.Join(StandardLayout, "\n") {
		t.Error("layout")
	}
}

// TestMT_D1_GridAsData: small grids from data; bad layouts are errors.
func TestMT_D1_GridAsData(t *testing.T) {
	g, err := ParseGrid([]string{"1 2", "O #"})
	if err != nil || g.W != 2 || g.H != 2 || g.kind[2] != orange || g.kind[3] != black || g.value[1] != 2 || g.centre != nil {
		t.Fatalf("%+v %v", g, err)
	}
	for _, bad := range [][]string{nil, {"1 2", "1"}, {"1 Z"}, {strings.Repeat("1 ", 16)}, slices.Repeat([]string{"1"}, 16)} {
		if _, err := ParseGrid(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

// depenserGrid: one row to write PENSE then DEPENSER.
var depenserGrid = []string{
	"1 2 3 4 5 1 2 3 4",
	"1 1 1 1 1 1 1 1 1",
}

// TestMT_D2_NewLettersNeedNotBeAdjacent: PENSE -> DEPENSER writes D, E, R
// with a 3, and scores all 8 cells.
func TestMT_D2_NewLettersNeedNotBeAdjacent(t *testing.T) {
	g := newGame(t, depenserGrid, smallLex(t, "PENSE", "DEPENSER", "DEPENSE"), 2, nil)
	g.put(t, "C1", false, "PENSE")
	g.setDie(2)
	m := wantRefusal(t, g, 0, "A1 droite DEPENSER", "motsdetete.err.count")
	if !strings.Contains(text(m), "D E R") {
		t.Errorf("the refusal names the new letters: %s", text(m))
	}
	g.setDie(3)
	gamestest.MustApply(t, g, 0, "A1 droite dépenser")
	if g.s.Last.New != "DER" || g.s.Scores[0] != 1+2+3+4+5+1+2+3 {
		t.Fatalf("new %q score %d", g.s.Last.New, g.s.Scores[0])
	}
	if g.s.letters([]int{0, 1, 2, 3, 4, 5, 6, 7}) != "DEPENSER" {
		t.Fatal("grid")
	}
}

// TestMT_D2_ExactlyTheDie: another number of new letters than the die is
// refused, and so is a word already all there.
func TestMT_D2_ExactlyTheDie(t *testing.T) {
	g := newGame(t, depenserGrid, smallLex(t, "PENSE", "PENSER", "DEPENSER"), 2, nil)
	g.put(t, "C1", false, "PENSE")
	g.setDie(1)
	wantRefusal(t, g, 0, "A1 droite DEPENSER", "motsdetete.err.count")
	wantRefusal(t, g, 0, "C1 droite PENSE", "motsdetete.err.no_new")
	gamestest.MustApply(t, g, 0, "C1 droite PENSER")
}

// TestMT_D2_Structure: black cells, letters that differ from the grid, a
// word that goes on, a word off the grid, one letter, a disconnected word.
func TestMT_D2_Structure(t *testing.T) {
	grid := []string{
		"1 1 1 # 1 1",
		"1 1 1 1 1 1",
		"1 1 1 1 1 1",
	}
	g := newGame(t, grid, smallLex(t, "LE", "LES", "SEL", "ELLE", "ELLES", "EL", "SE", "ES"), 2, nil)
	g.put(t, "A1", false, "LE")
	g.setDie(2)
	m := wantRefusal(t, g, 0, "B1 droite ELLE", "motsdetete.err.black")
	if !strings.Contains(text(m), "D1") {
		t.Errorf("names the black cell: %s", text(m))
	}
	wantRefusal(t, g, 0, "A1 bas SEL", "motsdetete.err.clash")
	wantRefusal(t, g, 0, "E3 droite ELLE", "motsdetete.err.off_grid")
	wantRefusal(t, g, 0, "C1 bas E", "motsdetete.err.short")
	g.setDie(2)
	wantRefusal(t, g, 0, "E2 droite SE", "motsdetete.err.disconnected")
	g.put(t, "A3", false, "SE")
	g.setDie(1)
	m = wantRefusal(t, g, 0, "B3 droite ES", "motsdetete.err.continues")
	if !strings.Contains(text(m), "SES") || !strings.Contains(text(m), "A3→") {
		t.Errorf("the refusal gives the whole word: %s", text(m))
	}
}

// TestMT_D2_FirstWordNextToTheCentreCross: on the empty standard grid the
// first word covers H6, G7, I7, F8, J8, G9, I9 or H10; later words use or
// touch a letter already written.
func TestMT_D2_FirstWordNextToTheCentreCross(t *testing.T) {
	g := newGame(t, nil, smallLex(t, "TABLE", "ETE", "ET"), 2, nil)
	g.setDie(5)
	m := wantRefusal(t, g, 0, "A1 droite TABLE", "motsdetete.err.centre")
	if !strings.Contains(text(m), "H6, G7, I7, F8, J8, G9, I9, H10") {
		t.Errorf("%s", text(m))
	}
	wantRefusal(t, g, 0, "C6 droite TABLE", "motsdetete.err.centre") // C6-G6, next to nothing
	wantRefusal(t, g, 0, "H4 bas TABLE", "motsdetete.err.black")     // runs into H7
	gamestest.MustApply(t, g, 0, "D6 droite TABLE")                  // D6-H6 covers H6
	g.setDie(2)
	wantRefusal(t, g, 1, "A1 droite ET", "motsdetete.err.disconnected")
	gamestest.MustApply(t, g, 1, "H4 bas ETE") // H4 E, H5 T new; H6 is the E of TABLE
}

// TestMT_D2_SideWordsAreWords: a new letter that makes a run across the
// line makes a side word, scored, and it must be a word (MT-D3: the turn is
// lost otherwise, naming it).
func TestMT_D2_SideWordsAreWords(t *testing.T) {
	grid := []string{
		"1 2 3",
		"4 5 6",
	}
	g := newGame(t, grid, smallLex(t, "ET", "ES", "TE", "SE", "TU"), 2, nil)
	g.put(t, "A1", false, "ET")
	g.setDie(2)
	evs := gamestest.MustApply(t, g, 0, "A2 droite SE") // ES down A, TE down B
	if g.s.Last.Kind != kindPlay || !slices.Equal(g.s.Last.Words, []scored{{"SE", 9}, {"ES", 5}, {"TE", 7}}) || g.s.Scores[0] != 21 {
		t.Fatalf("%+v\n%s", g.s.Last, evText(evs))
	}
	g2 := newGame(t, grid, smallLex(t, "ET", "ES", "TE", "SE", "TU"), 2, nil)
	g2.put(t, "A1", false, "ET")
	g2.setDie(2)
	evs = gamestest.MustApply(t, g2, 0, "A2 droite TU") // ET down A, TU down B: TU fine, ET fine
	if g2.s.Last.Kind != kindPlay {
		t.Fatal(evText(evs))
	}
	g3 := newGame(t, grid, smallLex(t, "ET", "ES", "TE", "SE", "US"), 2, nil)
	g3.put(t, "A1", false, "ET")
	g3.setDie(2)
	evs = gamestest.MustApply(t, g3, 0, "A2 droite US") // EU is no word
	if g3.s.Last.Kind != kindLost || !slices.Equal(g3.s.Last.Bad, []string{"EU", "TS"}) {
		t.Fatalf("%+v", g3.s.Last)
	}
	if !strings.Contains(evText(evs), "EU, TS") {
		t.Errorf("the event names the words: %s", evText(evs))
	}
}

// TestMT_D3_UnknownWordLosesTheTurn: the placement is refused, the grid
// unchanged, no point, and the turn goes to the next player.
func TestMT_D3_UnknownWordLosesTheTurn(t *testing.T) {
	g := newGame(t, depenserGrid, smallLex(t, "PENSE"), 2, nil)
	g.put(t, "C1", false, "PENSE")
	g.setDie(3)
	cells := slices.Clone(g.s.cells)
	evs := gamestest.MustApply(t, g, 0, "A1 droite DEPENSEZ")
	if g.s.Last.Kind != kindLost || g.s.Scores[0] != 0 || g.s.Turn != 1 || !slices.Equal(cells, g.s.cells) || g.s.Written != 5 {
		t.Fatalf("%+v turn %d", g.s.Last, g.s.Turn)
	}
	if !strings.Contains(evText(evs), "DEPENSEZ") || !strings.Contains(evText(evs), "tour perdu") {
		t.Errorf("%s", evText(evs))
	}
	if g.s.Fails[0] != 1 {
		t.Errorf("fails %v", g.s.Fails)
	}
}

// TestMT_D3_Forgiving: with the house option the word is refused with the
// reason and the same player tries again.
func TestMT_D3_Forgiving(t *testing.T) {
	g := newGame(t, depenserGrid, smallLex(t, "PENSE", "DEPENSER"), 2, games.Options{"forgiving": "on"})
	g.put(t, "C1", false, "PENSE")
	g.setDie(3)
	m := wantRefusal(t, g, 0, "A1 droite DEPENSEZ", "motsdetete.err.not_word")
	if !strings.Contains(text(m), "DEPENSEZ") {
		t.Errorf("%s", text(m))
	}
	gamestest.MustApply(t, g, 0, "A1 droite DEPENSER")
}

// bonusGrid has an orange cell at B2, where a new letter makes both the main
// word and a side word, a yellow at C1 and a red at C2.
var bonusGrid = []string{
	"1 1 Y",
	"1 O R",
	"1 1 1",
}

// TestMT_D4_OneRollPerCellCountsInEachWord: the orange cell is rolled once
// and its value counts in both words; a reused old letter on a bonus cell
// is rolled again on a later turn; yellow rolls twice, red three times.
func TestMT_D4_OneRollPerCellCountsInEachWord(t *testing.T) {
	lex := smallLex(t, "ES", "ESE", "SES", "EST")
	for seed := uint64(1); seed < 40; seed++ {
		g := newGame(t, bonusGrid, lex, 2, nil)
		g.s.Rng = seed
		g.put(t, "B1", false, "E")
		g.setDie(2)
		gamestest.MustApply(t, g, 0, "A2 droite ES") // ES across (A2 B2), ES down (B1 B2)
		l := g.s.Last
		if len(l.Rolls) != 1 || l.Rolls[0].Cell != "B2" || len(l.Rolls[0].Dice) != 1 {
			t.Fatalf("rolls %+v", l.Rolls)
		}
		r := l.Rolls[0].Value
		if r < 1 || r > 6 || !slices.Equal(l.Words, []scored{{"ES", 1 + r}, {"ES", 1 + r}}) || l.Total != 2+2*r {
			t.Fatalf("%+v", l)
		}
		// B1 E, B2 S are old; writing T at B3 reuses the orange B2.
		g.setDie(1)
		gamestest.MustApply(t, g, 1, "B1 bas EST")
		l = g.s.Last
		if len(l.Rolls) != 1 || l.Rolls[0].Cell != "B2" || l.Total != 1+l.Rolls[0].Value+1 {
			t.Fatalf("reused bonus: %+v", l)
		}
		// Red C2 (three dice) by the side of ES: ESE across; C1 yellow
		// is not part of any new word.
		g.setDie(1)
		gamestest.MustApply(t, g, 0, "A2 droite ESE")
		l = g.s.Last
		if len(l.Rolls) != 2 || l.Rolls[1].Cell != "C2" || len(l.Rolls[1].Dice) != 3 || len(l.Rolls[0].Dice) != 1 {
			t.Fatalf("red: %+v", l.Rolls)
		}
		sum := 0
		for _, d := range l.Rolls[1].Dice {
			sum += d
		}
		if sum != l.Rolls[1].Value || l.Total != 1+l.Rolls[0].Value+l.Rolls[1].Value {
			t.Fatalf("red: %+v", l)
		}
	}
}

// TestMT_D4_RollsShown: the rolls appear in the event and the last move.
func TestMT_D4_RollsShown(t *testing.T) {
	g := newGame(t, bonusGrid, smallLex(t, "ES"), 2, nil)
	g.put(t, "B1", false, "E")
	g.setDie(2)
	evs := gamestest.MustApply(t, g, 0, "A2 droite ES")
	want := "B2🟧 " + itoa(g.s.Last.Rolls[0].Value)
	if !strings.Contains(evText(evs), want) || !strings.Contains(text(g.Public().Told()...), want) {
		t.Fatalf("%q missing:\n%s", want, evText(evs))
	}
}

// TestQuarteFixedBonus: Quarté has no die: always 4 new letters; orange 4,
// yellow 8, red 12.
func TestQuarteFixedBonus(t *testing.T) {
	grid := []string{"1 O Y R 1", "1 1 1 1 1"}
	g := newGame(t, grid, smallLex(t, "TOUT", "TOUTE"), 2, games.Options{"variant": "quarte"})
	if g.s.Die != 4 || g.s.Target != 300 {
		t.Fatal(g.s.Die, g.s.Target)
	}
	rng := g.s.Rng
	gamestest.MustApply(t, g, 0, "A1 droite TOUT")
	if g.s.Scores[0] != 1+4+8+12 || g.s.Die != 4 || g.s.Rng != rng {
		t.Fatalf("score %d die %d", g.s.Scores[0], g.s.Die)
	}
	if !strings.Contains(text(g.Public().Told()...), "D1🟥 12") {
		t.Error(text(g.Public().Told()...))
	}
}

// TestTargetEndsTheGame: the first to reach the target wins at once; a
// table may set another target.
func TestTargetEndsTheGame(t *testing.T) {
	g := newGame(t, sheetGrid, smallLex(t, "DISQUE"), 2, games.Options{"target": "250"})
	g.s.Scores[0] = 240
	g.setDie(6)
	evs := gamestest.MustApply(t, g, 0, "A1 droite DISQUE")
	if !g.s.Over || !g.Result().Over || g.Result().Winners()[0] != 0 || len(g.Waiting()) != 0 {
		t.Fatalf("%s", evText(evs))
	}
	if !strings.Contains(evText(evs), "257") || !strings.Contains(evText(evs), "250") {
		t.Errorf("%s", evText(evs))
	}
	wantRefusal(t, g, 1, "passe", "motsdetete.err.game_over")
}

// TestBlockedGameEnds: two full rounds without a word end the game (our
// choice where the page and the sheet are silent).
func TestBlockedGameEnds(t *testing.T) {
	g := newGame(t, sheetGrid, smallLex(t, "DISQUE"), 3, nil)
	for i := 0; i < 5; i++ {
		gamestest.MustApply(t, g, i%3, "passe")
		if g.s.Over {
			t.Fatalf("over after %d passes", i+1)
		}
	}
	evs := gamestest.MustApply(t, g, 2, "passe")
	if !g.s.Over || !strings.Contains(evText(evs), "deux tours") {
		t.Fatal(evText(evs))
	}
}

// TestMarathon: no target; two turns in a row without a word and a player
// is out; with one left he rolls one last time; the highest score wins.
func TestMarathon(t *testing.T) {
	g := newGame(t, sheetGrid, smallLex(t, "DISQUE", "DISQUES"), 3, games.Options{"variant": "marathon"})
	if g.s.Target != 0 {
		t.Fatal("target in Marathon")
	}
	g.s.Scores = []int{500, 10, 20}
	gamestest.MustApply(t, g, 0, "passe")
	gamestest.MustApply(t, g, 1, "passe")
	g.setDie(6)
	gamestest.MustApply(t, g, 2, "A1 droite DISQUE") // seat 2 writes: his count restarts
	if g.s.Over || g.s.Scores[2] != 37 {
		t.Fatal("a score past any target does not end a marathon")
	}
	evs := gamestest.MustApply(t, g, 0, "passe")
	if !g.s.Out[0] || !strings.Contains(evText(evs), "hors jeu") {
		t.Fatalf("seat 0 not out: %s", evText(evs))
	}
	if g.s.Turn != 1 {
		t.Fatalf("turn %d", g.s.Turn)
	}
	evs = gamestest.MustApply(t, g, 1, "passe")
	if !g.s.Out[1] || !g.s.LastRoll || g.s.Turn != 2 || !strings.Contains(evText(evs), "dernière fois") {
		t.Fatalf("last roll: %s", evText(evs))
	}
	if !strings.Contains(text(g.Public().Told()...), "Dernier lancer") {
		t.Error(text(g.Public().Told()...))
	}
	g.setDie(1)
	gamestest.MustApply(t, g, 2, "A1 droite DISQUES")
	if !g.s.Over || g.Result().Winners()[0] != 0 {
		t.Fatalf("over %v winners %v", g.s.Over, g.Result().Winners())
	}
	if !strings.Contains(text(g.Public().Told()...), "(hors jeu)") {
		t.Error(text(g.Public().Told()...))
	}
}

// TestSolitaire: one player rolls and writes until he cannot (a pass); a
// lost turn does not end it. Solo is for one player.
func TestSolitaire(t *testing.T) {
	if _, err := realEngine().New(games.Options{"variant": "solo"}, 2, 1); err == nil {
		t.Fatal("solo with 2 players")
	}
	g := newGame(t, sheetGrid, smallLex(t, "DISQUE"), 1, games.Options{"variant": "solo"})
	if g.s.Target != 0 {
		t.Fatal("target in Solitaire")
	}
	g.setDie(6)
	gamestest.MustApply(t, g, 0, "A1 droite DISQUE")
	g.setDie(1)
	gamestest.MustApply(t, g, 0, "A1 droite DISQUEX") // lost turn
	if g.s.Over || g.s.Turn != 0 {
		t.Fatal("a lost turn ends the solitaire")
	}
	evs := gamestest.MustApply(t, g, 0, "passe")
	if !g.s.Over || g.Result().Scores[0] != 17 || !strings.Contains(evText(evs), "17 points") {
		t.Fatal(evText(evs))
	}
	if !strings.Contains(text(g.Public().Told()...), "Solitaire terminé : 17 points") {
		t.Error(text(g.Public().Told()...))
	}
}

// TestDieRolledAtTurnStart: the next player's die is rolled when his turn
// starts and told to all; it stays the same until he moves, and refusals do
// not reroll it.
func TestDieRolledAtTurnStart(t *testing.T) {
	g := newGame(t, nil, nil, 2, nil)
	d := g.s.Die
	refusal(t, g, 0, "A1 droite QWXZ")
	if g.s.Die != d {
		t.Fatal("rerolled by a refusal")
	}
	seen := map[int]bool{}
	for i := 0; i < 60; i++ {
		evs := gamestest.MustApply(t, g, g.s.Turn, "passe")
		if g.s.Over {
			break
		}
		last := evs[len(evs)-1].Msg
		if last.Key != "motsdetete.ev.roll" || last.Args[1] != g.s.Die {
			t.Fatalf("%v", last)
		}
		seen[g.s.Die] = true
	}
	if len(seen) < 3 {
		t.Errorf("die values %v", seen)
	}
}

// TestNotYourTurn and over.
func TestNotYourTurn(t *testing.T) {
	g := newGame(t, nil, nil, 2, nil)
	wantRefusal(t, g, 1, "passe", "motsdetete.err.not_your_turn")
	wantRefusal(t, g, -1, "passe", "motsdetete.err.not_your_turn")
	wantRefusal(t, g, 7, "passe", "motsdetete.err.not_your_turn")
}

func itoa(n int) string { return strconv.Itoa(n) }

// TestWorkedCheck_PENSER11 is the sheet's fourth count: with a 5, PENSER
// down through the E of NOTES (P, N, S, E, R new) on 3-1-2-1-3-1 = 11.
func TestWorkedCheck_PENSER11(t *testing.T) {
	grid := []string{
		"1 1 1 3 1",
		"1 1 1 1 1",
		"1 1 1 2 1",
		"1 1 1 1 1",
		"1 1 1 3 1",
		"1 1 1 1 1",
	}
	g := newGame(t, grid, smallLex(t, "NOTES", "PENSER"), 2, nil)
	g.put(t, "A2", false, "NOTES")
	g.setDie(5)
	gamestest.MustApply(t, g, 0, "D1 bas PENSER")
	if l := g.s.Last; l.New != "PNSER" || !slices.Equal(l.Words, []scored{{"PENSER", 11}}) || l.Total != 11 {
		t.Fatalf("%+v", l)
	}
}

// TestMT_D2_AbbreviationsAreNoWords: with the bundled dictionary, unit
// symbols (ACD, the attocandela), abbreviations and acronyms lose the turn
// (MT-D2: no abbreviations), while a word French writes with an inner
// apostrophe is played without it, typed either way.
func TestMT_D2_AbbreviationsAreNoWords(t *testing.T) {
	grid := []string{
		"1 1 1 1 1 1 1 1 1 1",
		"1 1 1 1 1 1 1 1 1 1",
	}
	for _, w := range []string{"ACD", "ASR", "KM", "TV", "SNCF", "ETC"} {
		g := newGame(t, grid, nil, 2, nil)
		g.setDie(len(w))
		gamestest.MustApply(t, g, 0, "A1 droite "+w)
		if g.s.Last.Kind != kindLost {
			t.Errorf("%s played: %+v", w, g.s.Last)
		}
	}
	for _, w := range []string{"aujourd'hui", "aujourd’hui", "AUJOURDHUI"} {
		g := newGame(t, grid, nil, 2, nil)
		g.setDie(10)
		gamestest.MustApply(t, g, 0, "A1 droite "+w)
		if g.s.Last.Kind != kindPlay || g.s.letters([]int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}) != "AUJOURDHUI" {
			t.Errorf("%s: %+v", w, g.s.Last)
		}
	}
}

// A move is told as the bot narrates it, in the reader's language (the
// daily challenge tells the top so): the word, its cell and the arrow of
// its direction, however it was typed; a pass is not told.
func TestTellMoveNarratesTheWord(t *testing.T) {
	e := &Engine{}
	for typed, want := range map[string][2]string{
		"H3 bas maison":    {"MAISON en H3↓", "MAISON at H3↓"},
		"L10 droite AIDE":  {"AIDE en L10→", "AIDE at L10→"},
		"h3 down DEPENSER": {"DEPENSER en H3↓", "DEPENSER at H3↓"},
	} {
		m, ok := e.TellMove(typed)
		if !ok {
			t.Fatalf("%q not told", typed)
		}
		for i, lang := range []i18n.Lang{i18n.FR, i18n.EN} {
			if got := (i18n.Renderer{Lang: lang}).Text(m); got != want[i] {
				t.Errorf("%q in %s: %q, want %q", typed, lang, got, want[i])
			}
		}
	}
	if _, ok := e.TellMove("passe"); ok {
		t.Error("a pass was told as a move")
	}
}
