package coquillaude

import (
	"strings"
	"testing"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/games/gamestest"
	"github.com/tablee/tablee/i18n"
)

func TestCQ_D1_BagOf171(t *testing.T) {
	b := fullBag()
	if len(b) != BagSize || BagSize != 171 {
		t.Fatalf("%d pions", len(b))
	}
	want := "E24 A14 I13 S12 N11 R11 T11 U10 O10 L9 C6 D6 M5 P5 G3 B3 F3 H3 V3 J2 Q2 X1 Y1 Z1 K1 W1"
	var got []string
	for _, bl := range bagLetters {
		n := strings.Count(string(b), string(bl.l))
		got = append(got, string(bl.l)+itoa(n))
	}
	if strings.Join(got, " ") != want {
		t.Fatalf("bag %s", strings.Join(got, " "))
	}
	for players := 2; players <= 4; players++ {
		g := newGame(t, players, 3, nil)
		checkInvariants(t, g)
		// 8 pions each before any draw of round 1 (gifts move pions, they
		// do not create them): the bag lost 8 per player, plus round 1's draws.
		if n := len(g.s.Bag); n > BagSize-8*players {
			t.Fatalf("%d players: bag %d", players, n)
		}
	}
}

func TestBoardShellsAndOrangeZone(t *testing.T) {
	n := 0
	for i := range isShell {
		if isShell[i] {
			n++
		}
	}
	if n != 20 {
		t.Fatalf("%d shells", n)
	}
	for _, rc := range [][2]int{{2, 2}, {12, 10}, {8, 10}, {15, 13}} {
		if !isShell[rc[0]*Size+rc[1]] {
			t.Errorf("no shell at %v", rc)
		}
	}
	// I9 to M13.
	for _, c := range []string{"I9", "M13", "K11", "I13", "M9"} {
		r, col, _ := parseCell(c)
		if !inOrange(r, col) {
			t.Errorf("%s not orange", c)
		}
	}
	for _, c := range []string{"H9", "N11", "K8", "K14"} {
		r, col, _ := parseCell(c)
		if inOrange(r, col) {
			t.Errorf("%s orange", c)
		}
	}
}

func TestCQ_D2_SheetEntriesAndHash(t *testing.T) {
	want := map[int]int{6432: entryStar2, 4315: entryFree6, 5322: entryStar3, 5516: entryStar1}
	for n, k := range want {
		if got := entryKind(n); got != k {
			t.Errorf("%d: kind %d, want %d", n, got, k)
		}
	}
	var count [7]int
	total := 0
	for n := 1111; n <= 6666; n++ {
		if !validNumber(n) {
			continue
		}
		count[entryKind(n)]++
		total++
	}
	if total != 1296 {
		t.Fatalf("%d numbers", total)
	}
	// About 40 / 28 / 20 / 6 / 4 / 2 %.
	for k, pct := range map[int]float64{entryStar1: 40, entryStar2: 28, entryStar3: 20, entryFree6: 6, entryFree8: 4, entryFree10: 2} {
		got := 100 * float64(count[k]) / float64(total)
		if got < pct*0.7-1 || got > pct*1.3+1 {
			t.Errorf("kind %d: %.1f %%, want about %.0f %%", k, got, pct)
		}
	}
	if entryKind(2345) != entryKind(2345) {
		t.Fatal("hash not fixed")
	}
}

func TestCQ_D3_GiftCounts(t *testing.T) {
	for n, want := range map[int]int{
		6432: 0, 4315: 0, 5322: 1, 5516: 0, // the sheet's first round
		4444: 4, 1111: 4, 2333: 3, 1222: 3, 2233: 2, 3322: 2, 5566: 2,
		2323: 0, 2332: 0, 3232: 0, 2221: 0, 1233: 1, 3211: 1,
	} {
		if got := giftCount(n); got != want {
			t.Errorf("%d: %d pions, want %d", n, got, want)
		}
	}
}

// sheetGame is the sheet's first round: four players who rolled 6432,
// 4315, 5322 and 5516.
func sheetGame(t *testing.T) *Game {
	g := &Game{w: defaultWords()}
	g.s = g.newState(4, 11, settings{BotSuccess: 100}, []int{6432, 4315, 5322, 5516})
	checkInvariants(t, g)
	return g
}

// TestCQ_D3_SheetFirstRound: the dice gifts of 6432, 4315, 5322, 5516 with
// every answer right give the sheet's totals 13, 13, 19, 11.
func TestCQ_D3_SheetFirstRound(t *testing.T) {
	g := sheetGame(t)
	s := g.s
	if s.First != 0 {
		t.Fatalf("first %d", s.First)
	}
	// 6432: two stars, answered right.
	if s.Phase != phaseAnswer || s.Q.Seat != 0 || s.Q.Stars != 2 {
		t.Fatalf("phase %d q %+v", s.Phase, s.Q)
	}
	mustApply(t, g, 0, "reponse "+s.Q.Example)
	// 4315 is a coquillaudinette: 6 pions without a question; 5322 ends in
	// 22: the three others each give one pion of their choice.
	if s = g.s; s.Phase != phaseGift || s.Gifts[0].To != 2 || s.Gifts[0].N != 1 {
		t.Fatalf("phase %d gifts %+v", s.Phase, s.Gifts)
	}
	if len(s.Hands[1]) != 14 {
		t.Fatalf("seat 1 has %d after the coquillaudinette", len(s.Hands[1]))
	}
	w := g.Waiting()
	if len(w) != 3 || w[0].Timeout != "don hasard" {
		t.Fatalf("waiting %+v", w)
	}
	gamestest.RefusedWith(t, g, 2, "don E", "coquillaude.err.not_waiting")
	give := string(s.Hands[0][0])
	gamestest.RefusedWith(t, g, 0, "don "+give+" "+give, "coquillaude.err.give_count")
	mustApply(t, g, 0, "don "+give)
	mustApply(t, g, 3, "don hasard") // the timeout move
	mustApply(t, g, 1, g.Bot(1, games.Strong))
	s = g.s
	if s.Phase != phaseAnswer || s.Q.Seat != 2 || s.Q.Stars != 3 {
		t.Fatalf("phase %d q %+v", s.Phase, s.Q)
	}
	mustApply(t, g, 2, "reponse "+s.Q.Example)
	s = g.s
	if s.Q.Seat != 3 || s.Q.Stars != 1 {
		t.Fatalf("q %+v", s.Q)
	}
	mustApply(t, g, 3, "reponse "+s.Q.Example)
	s = g.s
	if s.Phase != phaseCompose {
		t.Fatalf("phase %d", s.Phase)
	}
	want := []int{13, 13, 19, 11}
	for p, n := range want {
		if len(s.Hands[p]) != n {
			t.Errorf("seat %d: %d pions, want %d", p, len(s.Hands[p]), n)
		}
	}
}

func TestWrongAnswerGivesTwo(t *testing.T) {
	g := sheetGame(t)
	mustApply(t, g, 0, "reponse ZZZZZZZ")
	if n := len(g.s.Hands[0]); n != 10 {
		t.Fatalf("%d pions after a wrong answer, want 10", n)
	}
	g = sheetGame(t)
	mustApply(t, g, 0, "passe") // the timeout: no answer
	if n := len(g.s.Hands[0]); n != 10 {
		t.Fatalf("%d pions after no answer, want 10", n)
	}
}

func TestEmptyBagNoQuestion(t *testing.T) {
	g := sheetGame(t)
	s := g.s
	// Move the bag into seat 3's hand but 3 pions: the answer draws what
	// remains, then no more questions.
	s.Hands[3] = append(s.Hands[3], s.Bag[3:]...)
	s.Bag = s.Bag[:3]
	mustApply(t, g, 0, "reponse "+s.Q.Example) // 6 due, 3 left
	s = g.s
	if len(s.Bag) != 0 || len(s.Hands[0]) != 11 {
		t.Fatalf("bag %d hand %d", len(s.Bag), len(s.Hands[0]))
	}
	// 4315 draws nothing; 5322 gets its gifts but no question; 5516 no question.
	for s.Phase == phaseGift {
		mustApply(t, g, g.Waiting()[0].Seat, "don hasard")
		s = g.s
	}
	if s.Phase != phaseCompose {
		t.Fatalf("phase %d with an empty bag", s.Phase)
	}
}

// The sheet's scores, each proposal alone on the table.
func TestSheetScores(t *testing.T) {
	cases := []struct {
		name  string
		board []string
		hand  string
		move  string
		want  int
		laid  int
	}{
		{"SIMULTANEE 100", nil, "SIMULTANEE", "mot SIMULTANEE F10 droite", 100, 10},
		{"NAPOLEON 100", nil, "NAPOLEON", "mot NAPOLEON F10 droite celebre", 100, 8},
		{"NAPOLEON on the list without the flag", nil, "NAPOLEON", "mot Napoléon F10 droite", 100, 8},
		{"REGLES 108", nil, "REGLES", "mot REGLES H10 droite anagrammes=LEGERS,GRELES", 108, 6},
		{"REGLES 72 with one anagram", nil, "REGLES", "mot règles H10 droite anagrammes=légers", 72, 6},
		{"BALISE 164", nil, "BALISE", "mot BALISE H10 droite anagrammes=BLAISE*,BASILE*", 164, 6},
		{"ARISTOTELICIEN 196", nil, "ARISTOTELICIEN", "mot ARISTOTELICIEN G10 droite", 196, 14},
		{"NABUCHODONOSOR 256 with 13 pions", []string{"G10 droite ARISTOTELICIEN"}, "NABUCHDNOSOR" + "O",
			"mot NABUCHODONOSOR L4 bas celebre", 256, 13},
		{"MESURE 56", []string{"G10 droite ARISTOTELICIEN", "L4 bas NABUCHODONOSOR"}, "MESURE",
			"mot MESURE M3 bas", 56, 6},
		{"COQUILLAUDE 121 + 20", nil, "COQUILLAUDE", "mot COQUILLAUDE F10 droite", 141, 11},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := composeGame(t, 2, c.board, []string{c.hand})
			got, evs := proposeAlone(t, g, 0, c.move)
			if got != c.want {
				t.Fatalf("score %d, want %d\n%s", got, c.want, eventsText(evs, -1)+eventsText(evs, 0))
			}
			if laid := len(c.hand) - len(g.s.Hands[0]); laid != c.laid {
				t.Fatalf("%d pions laid, want %d", laid, c.laid)
			}
		})
	}
}

func TestMesureSideWords(t *testing.T) {
	g := composeGame(t, 2, []string{"G10 droite ARISTOTELICIEN", "L4 bas NABUCHODONOSOR"}, []string{"MESURE"})
	r, c, _ := parseCell("M3")
	lay, err := g.s.place("MESURE", r, c, dirDown, g.s.Hands[0])
	if err != nil {
		t.Fatal(err)
	}
	var side []string
	for _, sw := range lay.Side {
		side = append(side, sw.Word)
	}
	if strings.Join(side, " ") != "NE AS BU UR CE" {
		t.Fatalf("side words %v", side)
	}
}

func TestShellCountsDouble(t *testing.T) {
	// Row 11 (index 10) has shells at I11 (col 8) and M11 (col 12).
	g := composeGame(t, 2, nil, []string{"SIMULTANEE"})
	got, _ := proposeAlone(t, g, 0, "mot SIMULTANEE E11 droite") // cols 4..13: two shells
	if got != 12*12 {
		t.Fatalf("score %d, want 144", got)
	}
	// A side word on a shell: S laid on the shell at K13 (col 10, row 12)
	// under ... just check the rule through sideValue.
	if v := sideValue([]sideWord{{Word: "AS", Shells: 1}}); v != 9 {
		t.Fatalf("side %d", v)
	}
}

func TestDirections(t *testing.T) {
	for _, c := range []struct {
		move string
		cell string
	}{
		{"mot MAISON K9 bas", "K14"},
		{"mot MAISON H9 diag", "M14"},
		{"mot MAISON H13 haut-droite", "M8"},
		{"word MAISON H13 up-right", "M8"},
		{"word MAISON I11 right", "N11"},
		{"mot MAISON 9K down", "K14"},
	} {
		g := composeGame(t, 2, nil, []string{"MAISON"})
		proposeAlone(t, g, 0, c.move)
		r, col, _ := parseCell(c.cell)
		if g.s.at(r, col) != 'N' {
			t.Errorf("%s: no N at %s\n%s", c.move, c.cell, strings.Join(g.s.boardLines(), "\n"))
		}
	}
}

func TestCQ_D4_PlacementRefusals(t *testing.T) {
	g := composeGame(t, 2, nil, []string{"MAISONE"})
	gamestest.RefusedWith(t, g, 0, "mot MAISON A1 droite", "coquillaude.err.orange")
	gamestest.RefusedWith(t, g, 0, "mot MAISON R10 droite", "coquillaude.err.off_board")
	gamestest.RefusedWith(t, g, 0, "mot MAISONS H10 droite", "coquillaude.err.not_owned")
	gamestest.RefusedWith(t, g, 0, "mot MAISON H10", "coquillaude.err.propose_dir")
	gamestest.RefusedWith(t, g, 0, "mot MAISON droite", "coquillaude.err.propose_cell")
	gamestest.RefusedWith(t, g, 0, "mot MAISON H10 droite anagrammes=MAISONS", "coquillaude.err.not_anagram")
	gamestest.RefusedWith(t, g, 0, "mot M H10 droite", "coquillaude.err.too_short")
	g = composeGame(t, 2, []string{"G10 droite ARISTOTELICIEN"}, []string{"MAISONE"})
	gamestest.RefusedWith(t, g, 0, "mot MAISON A1 droite", "coquillaude.err.connect")
	gamestest.RefusedWith(t, g, 0, "mot MAISON G10 bas", "coquillaude.err.clash")
	gamestest.RefusedWith(t, g, 0, "mot MAISON A10 droite", "coquillaude.err.run_after")
	gamestest.RefusedWith(t, g, 0, "mot ARISTOTELICIEN G10 droite", "coquillaude.err.no_new")
	// Alongside: the N under the A of ARISTOTELICIEN (G10) makes AN.
	mustApply(t, g, 0, "mot MAISON B11 droite")
	// A replacement is checked as the first proposal was.
	gamestest.RefusedWith(t, g, 0, "mot MAISON A1 droite", "coquillaude.err.connect")
}

// TestCQ_D4_CornerContactDoesNotConnect (revised): a word whose pions touch
// the placed letters only at a corner does not connect, in any direction;
// lying alongside (a side word) or crossing does.
func TestCQ_D4_CornerContactDoesNotConnect(t *testing.T) {
	board := []string{"G10 droite ARISTOTELICIEN"} // row 10, columns G to T
	for _, move := range []string{
		"mot MAISON A11 droite",      // F11 meets G10 at a corner
		"mot MAISON A9 droite",       // F9
		"mot MAISON F11 bas",         // F11
		"mot MAISON U4 bas",          // U9 meets T10 at a corner
		"mot MAISON A6 diag",         // A6 ... E10 F11: F11 at a corner
		"mot MAISON P16 haut-droite", // P16 ... U11: U11 meets T10 at a corner
	} {
		g := composeGame(t, 2, board, []string{"MAISON"})
		gamestest.RefusedWith(t, g, 0, move, "coquillaude.err.connect")
	}
	for _, move := range []string{
		"mot MAISON B11 droite", // N in G11, under the A: side word AN
		"mot MAISON H11 droite", // alongside, under RISOTE
		"mot MAISON J7 bas",     // crosses the S of J10
		"mot MAISON B6 diag",    // O in F10, beside the A
	} {
		g := composeGame(t, 2, board, []string{"MAISON"})
		mustApply(t, g, 0, move)
	}
}

// TestCQ_D6_InvalidWordsToldPrivately: a word, an anagram or a side word
// that is no word makes the proposal refused at resolution, privately.
func TestCQ_D6_InvalidWordsToldPrivately(t *testing.T) {
	g := composeGame(t, 2, nil, []string{"MAISNO", "SIMULTANEE"})
	mustApply(t, g, 0, "mot MASINO H10 droite")
	evs := mustApply(t, g, 1, "mot SIMULTANEE F12 droite")
	if !strings.Contains(eventsText(evs, 0), "refusée") {
		t.Fatalf("no private refusal:\n%s", eventsText(evs, 0))
	}
	if strings.Contains(eventsText(evs, -1), "dictionnaire") {
		t.Fatalf("the reason is public")
	}
	if g.s.Scores[1] != 100 || g.s.Scores[0] != 0 {
		t.Fatalf("scores %v", g.s.Scores)
	}
	// A side word that is no word.
	g2 := composeGame(t, 2, []string{"G10 droite ARISTOTELICIEN"}, []string{"QUOI"})
	mustApply(t, g2, 0, "mot QUOI F8 bas") // makes OARISTOTELICIEN across
	evs = mustApply(t, g2, 1, "rien")
	if !strings.Contains(eventsText(evs, 0), "OARISTOTELICIEN") {
		t.Fatalf("side word not named:\n%s", eventsText(evs, 0))
	}
	if !g2.s.Over || g2.s.Scores[0] != 0 {
		t.Fatalf("invalid side words placed: %v", g2.s.Scores)
	}
	// A false anagram claim.
	g = composeGame(t, 2, nil, []string{"REGLES"})
	got, _ := proposeAlone(t, g, 0, "mot REGLES H10 droite anagrammes=SERGLE")
	if got != 0 || !g.s.Over {
		t.Fatalf("false claim scored %d", got)
	}
}

// TestCQ_D5_FamousVote: a name off the list goes to the others' vote;
// a majority of those who vote accepts it.
func TestCQ_D5_FamousVote(t *testing.T) {
	if IsFamous("AARON") {
		t.Skip("AARON is on the list")
	}
	for _, c := range []struct {
		ballots []string
		want    int
	}{
		{[]string{"vote oui", "vote non", "vote oui"}, 49},
		{[]string{"vote non", "vote non", "vote oui"}, 25},
		{[]string{"vote oui", "vote blanc", "vote blanc"}, 49}, // abstentions do not count
		{[]string{"vote blanc", "vote blanc", "vote blanc"}, 25},
		{[]string{"vote oui", "vote non", "vote blanc"}, 25}, // no majority
	} {
		g := composeGame(t, 4, nil, []string{"AARON"})
		proposeAlone(t, g, 0, "mot AARON H10 droite celebre")
		if g.s.Phase != phaseVote || g.s.Votes[0].Name != "AARON" {
			t.Fatalf("phase %d", g.s.Phase)
		}
		w := g.Waiting()
		if len(w) != 3 || w[0].Seat != 1 || w[0].Timeout != "vote blanc" {
			t.Fatalf("waiting %+v", w)
		}
		gamestest.RefusedWith(t, g, 0, "vote oui", "coquillaude.err.not_waiting")
		for i, b := range c.ballots {
			mustApply(t, g, i+1, b)
		}
		if g.s.Scores[0] != c.want {
			t.Errorf("%v: score %d, want %d", c.ballots, g.s.Scores[0], c.want)
		}
	}
	// A name that is no word at all: refused unless the vote accepts it.
	g := composeGame(t, 2, nil, []string{"ZORGLUB"})
	proposeAlone(t, g, 0, "mot ZORGLUB H10 droite celebre")
	mustApply(t, g, 1, "vote non")
	if g.s.Scores[0] != 0 || !g.s.Over {
		t.Fatalf("refused name scored %d", g.s.Scores[0])
	}
	g = composeGame(t, 2, nil, []string{"ZORGLUB"})
	proposeAlone(t, g, 0, "mot ZORGLUB H10 droite celebre")
	mustApply(t, g, 1, "vote oui")
	if g.s.Scores[0] != 81 {
		t.Fatalf("accepted name scored %d, want 81", g.s.Scores[0])
	}
}

// TestCQ_D6_Ties: the famous name wins a tie, then the higher roll.
func TestCQ_D6_Ties(t *testing.T) {
	g := composeGame(t, 3, nil, []string{"SIMULTANEE", "NAPOLEON"})
	mustApply(t, g, 0, "mot SIMULTANEE F10 droite")
	mustApply(t, g, 1, "mot NAPOLEON F12 droite celebre")
	mustApply(t, g, 2, "rien")
	if g.s.Scores[1] != 100 || g.s.Scores[0] != 0 {
		t.Fatalf("famous tie: %v", g.s.Scores)
	}
	g = composeGame(t, 2, nil, []string{"MAISON", "SALONS"})
	g.s.Rolls = []int{3456, 5211}
	mustApply(t, g, 0, "mot MAISON H10 droite")
	mustApply(t, g, 1, "mot SALONS H12 droite")
	if g.s.Scores[1] == 0 || g.s.Scores[0] != 0 {
		t.Fatalf("dice tie: %v", g.s.Scores)
	}
	g = composeGame(t, 2, nil, []string{"MAISON", "SALONS"})
	g.s.Rolls = []int{3456, 3456}
	mustApply(t, g, 0, "mot MAISON H10 droite")
	mustApply(t, g, 1, "mot SALONS H12 droite")
	if (g.s.Scores[0] == 0) == (g.s.Scores[1] == 0) {
		t.Fatalf("re-roll tie: %v", g.s.Scores)
	}
}

// TestCQ_D7_Challenge128To192: the sheet's example, an 8-letter word with
// one claimed anagram (128) beaten by a list of two (192).
func TestCQ_D7_Challenge128To192(t *testing.T) {
	g := composeGame(t, 3, nil, []string{"ABLUTION"})
	got, _ := proposeAlone(t, g, 0, "mot ABLUTION G10 droite anagrammes=OUBLIANT")
	if got != 128 || g.s.Phase != phaseChallenge {
		t.Fatalf("score %d phase %d", got, g.s.Phase)
	}
	w := g.Waiting()
	if len(w) != 2 || w[0].Timeout != "passe" {
		t.Fatalf("waiting %+v", w)
	}
	// Not more than claimed: fails, that player's challenge is over.
	mustApply(t, g, 2, "defi OUBLIANT")
	if g.s.Phase != phaseChallenge || g.s.Scores[0] != 128 {
		t.Fatalf("failed challenge changed the score")
	}
	mustApply(t, g, 1, "defi OUBLIANT,BOULINAT")
	s := g.s
	if s.Scores[1] != 192 || s.Scores[0] != 0 {
		t.Fatalf("scores %v, want 0 and 192", s.Scores)
	}
	if len(s.Out) != 8 || !s.boardEmpty() {
		t.Fatalf("out %q", s.Out)
	}
}

func TestCQ_D7_NoChallengeKeepsTheScore(t *testing.T) {
	g := composeGame(t, 2, nil, []string{"REGLES"})
	proposeAlone(t, g, 0, "mot REGLES H10 droite anagrammes=LEGERS,GRELES")
	mustApply(t, g, 1, "defi LEGERS,GRELES,SERGLE") // SERGLE is no word
	if g.s.Scores[0] != 108 || g.s.Scores[1] != 0 || g.s.Phase == phaseChallenge {
		t.Fatalf("scores %v phase %d", g.s.Scores, g.s.Phase)
	}
	// No anagram claimed: no challenge window.
	g = composeGame(t, 2, nil, []string{"MAISON"})
	proposeAlone(t, g, 0, "mot MAISON H10 droite")
	if g.s.Phase == phaseChallenge {
		t.Fatal("challenge without claims")
	}
}

// TestCQ_D8_EndBelow25: a best proposal under 25 ends the game unplaced;
// no proposal too.
func TestCQ_D8_EndBelow25(t *testing.T) {
	g := composeGame(t, 2, nil, []string{"MAIS"})
	got, evs := proposeAlone(t, g, 0, "mot MAIS H10 droite")
	if got != 0 || !g.s.Over || !g.s.boardEmpty() {
		t.Fatalf("16-point word: gain %d over %v", got, g.s.Over)
	}
	if !strings.Contains(eventsText(evs, -1), "moins de 25") {
		t.Fatalf("events:\n%s", eventsText(evs, -1))
	}
	g = composeGame(t, 2, nil, []string{"MAISON"})
	mustApply(t, g, 0, "rien")
	mustApply(t, g, 1, "rien")
	if !g.s.Over || len(g.Waiting()) != 0 {
		t.Fatal("no proposal: the game goes on")
	}
	if !g.Result().Over {
		t.Fatal("result not over")
	}
	gamestest.RefusedWith(t, g, 0, "rien", "coquillaude.err.game_over")
}

// TestProposalsPrivate: the channel sees who has proposed, not what.
func TestProposalsPrivate(t *testing.T) {
	g := composeGame(t, 3, nil, []string{"SIMULTANEE", "NAPOLEON"})
	evs := mustApply(t, g, 0, "mot SIMULTANEE F10 droite")
	if strings.Contains(eventsText(evs, -1), "SIMULTANEE") || strings.Contains(gamestest.ViewText(g.Public()), "SIMULTANEE") {
		t.Fatal("the proposal is public")
	}
	if !strings.Contains(eventsText(evs, 0), "SIMULTANEE") || !strings.Contains(gamestest.ViewText(g.Private(0)), "SIMULTANEE") {
		t.Fatal("the proposer is not told")
	}
	if strings.Contains(gamestest.ViewText(g.Private(1)), "SIMULTANEE") {
		t.Fatal("another seat sees the proposal")
	}
	if !strings.Contains(gamestest.ViewText(g.Public()), "Ont proposé : #1") {
		t.Fatalf("who has proposed is not shown:\n%s", gamestest.ViewText(g.Public()))
	}
	w := g.Waiting()
	if len(w) != 2 || w[0].Seat != 1 || w[0].Timeout != "rien" {
		t.Fatalf("waiting %+v", w)
	}
	mustApply(t, g, 1, "rien")
	evs = mustApply(t, g, 2, "rien")
	if !strings.Contains(eventsText(evs, -1), "SIMULTANEE") {
		t.Fatal("not revealed at resolution")
	}
}

func TestOpeningRollTies(t *testing.T) {
	// Over many seeds: the first player has the highest last opening roll,
	// ties were rolled again.
	for seed := uint64(0); seed < 300; seed++ {
		g := newGame(t, 4, seed, nil)
		s := g.s
		for p, n := range s.Opening {
			if p != s.First && n >= s.Opening[s.First] {
				t.Fatalf("seed %d: seat %d rolled %d against %d", seed, p, n, s.Opening[s.First])
			}
			if !validNumber(n) {
				t.Fatalf("roll %d", n)
			}
		}
	}
}

func TestRefusalsNeverChangeTheGame(t *testing.T) {
	g := sheetGame(t)
	gamestest.RefusedWith(t, g, 1, "reponse X", "coquillaude.err.not_waiting")
	gamestest.RefusedWith(t, g, 0, "mot MAISON H10 droite", "coquillaude.err.phase_answer")
	gamestest.RefusedWith(t, g, 0, "blabla", "coquillaude.err.syntax")
	gamestest.RefusedWith(t, g, 0, "reponse", "coquillaude.err.answer_what")
	gamestest.RefusedWith(t, g, 9, "passe", "coquillaude.err.not_waiting")
}

var _ = games.Everyone

// TestCQ_D4_InitialismsAreNoWords (revised): letters standing for words are
// neither words nor names, though the dictionary's proper nouns hold them
// (TV, BD, PN, BMW, ADN): refused as the word and as a side word, with the
// reason told privately; a name (EVA, UR) stays valid.
func TestCQ_D4_InitialismsAreNoWords(t *testing.T) {
	w := defaultWords()
	for _, s := range []string{"TV", "BD", "PN", "BMW", "SNCF", "ADN", "CERN", "ONU", "XIV", "MEV"} {
		if !IsInitialism(s) || w.valid(s) {
			t.Errorf("%s: initialism %v, valid %v", s, IsInitialism(s), w.valid(s))
		}
	}
	for _, s := range []string{"EVA", "UR", "ULM", "NAPOLEON", "ARISTOTE"} {
		if IsInitialism(s) || !w.valid(s) {
			t.Errorf("%s: initialism %v, valid %v", s, IsInitialism(s), w.valid(s))
		}
	}
	// The list never takes a word of the dictionary away (OVNI, SIDA, RADAR
	// are words), nor a name on the famous list; every entry has a vowel.
	for s := range initialisms() {
		if w.dict.Has(s) || famous()[s] || !strings.ContainsAny(s, "AEIOUY") {
			t.Errorf("%s should not be listed", s)
		}
	}
	for _, s := range []string{"OVNI", "SIDA", "RADAR"} {
		if !w.valid(s) {
			t.Errorf("%s is a word", s)
		}
	}

	// BMW as the word: refused at resolution, privately, and not placed.
	g := composeGame(t, 2, nil, []string{"BMW"})
	got, evs := proposeAlone(t, g, 0, "mot BMW I10 droite")
	if got != 0 || !strings.Contains(eventsText(evs, -1), "#1 : BMW, refusé.") || !strings.Contains(eventsText(evs, 0), "BMW est un sigle ou une abréviation") {
		t.Fatalf("BMW scored %d:\n%s", got, eventsText(evs, 0))
	}
	// TV as a side word: VA in G11 under the T of ET makes TV across.
	g = composeGame(t, 2, []string{"F10 droite ET"}, []string{"VA"})
	got, evs = proposeAlone(t, g, 0, "mot VA G11 droite")
	if got != 0 || !strings.Contains(eventsText(evs, -1), "#1 : VA, refusé.") || !strings.Contains(eventsText(evs, 0), "en travers TV est un sigle") {
		t.Fatalf("VA with TV across scored %d:\n%s", got, eventsText(evs, 0))
	}
	// A name of the proper nouns is a word: EVA (valued, though under 25),
	// AARON (placed).
	g = composeGame(t, 2, nil, []string{"EVA"})
	if _, evs = proposeAlone(t, g, 0, "mot EVA I10 droite"); !strings.Contains(eventsText(evs, -1), "#1 : EVA, 9 points.") {
		t.Fatalf("EVA refused:\n%s", eventsText(evs, -1)+eventsText(evs, 0))
	}
	g = composeGame(t, 2, nil, []string{"AARON"})
	if got, evs = proposeAlone(t, g, 0, "mot AARON I10 droite"); got != 25 {
		t.Fatalf("AARON scored %d:\n%s", got, eventsText(evs, -1)+eventsText(evs, 0))
	}
}

// TestCQ_CoquillaudeEarnsItsValuePlus20 (revised): COQUILLAUDE is worth its
// value, shells included, plus 20; never less than an ordinary word of its
// 11 letters.
func TestCQ_CoquillaudeEarnsItsValuePlus20(t *testing.T) {
	g := composeGame(t, 2, nil, []string{"SIMULTANEES"})
	plain, _ := proposeAlone(t, g, 0, "mot SIMULTANEES F10 droite")
	g = composeGame(t, 2, nil, []string{"COQUILLAUDE"})
	game, _ := proposeAlone(t, g, 0, "mot COQUILLAUDE F10 droite")
	if plain != 121 || game != 141 {
		t.Fatalf("SIMULTANEES %d, COQUILLAUDE %d; want 121 and 141", plain, game)
	}
	// Row 11 has shells in I11 and M11: (11 + 2)² + 20.
	g = composeGame(t, 2, nil, []string{"COQUILLAUDE"})
	if got, _ := proposeAlone(t, g, 0, "mot COQUILLAUDE E11 droite"); got != 13*13+20 {
		t.Fatalf("COQUILLAUDE on two shells scored %d, want %d", got, 13*13+20)
	}
}

// TestCQ_D5_ClaimThatCannotChangeTheRoundIsExplained: a famous claim is
// only voted on when the vote may change the round; otherwise the table is
// told why there is no vote, and the name counts as not famous.
func TestCQ_D5_ClaimThatCannotChangeTheRoundIsExplained(t *testing.T) {
	// Too short to reach 25 even famous: OR is a word, worth 4.
	g := composeGame(t, 2, nil, []string{"OR"})
	got, evs := proposeAlone(t, g, 0, "mot OR I10 droite celebre")
	pub := eventsText(evs, -1)
	if got != 0 || g.s.Phase == phaseVote || !strings.Contains(pub, "#1 : OR, 4 points.") ||
		!strings.Contains(pub, "Pas de vote pour le personnage célèbre annoncé par #1 (OR) : même avec ce bonus, sa proposition vaudrait au plus 16 points, moins que les 25 qu'il faut.") {
		t.Fatalf("scored %d, phase %d:\n%s", got, g.s.Phase, pub)
	}
	if last := render(i18n.EN, g.s.Last...); !strings.Contains(last, "No vote on the famous person claimed by #1 (OR)") {
		t.Fatalf("the explanation is not kept with the resolution:\n%s", last)
	}
	// Neither a word nor a name, and no vote: refused, and told why.
	g = composeGame(t, 2, nil, []string{"XQ"})
	_, evs = proposeAlone(t, g, 0, "mot XQ I10 droite celebre")
	if !strings.Contains(eventsText(evs, -1), "(XQ)") || !strings.Contains(eventsText(evs, 0), "le vote n'a pas eu lieu") {
		t.Fatalf("%s\n%s", eventsText(evs, -1), eventsText(evs, 0))
	}
	// Beaten whatever the vote: AARON famous would be 49, SIMULTANEE is 100.
	g = composeGame(t, 2, nil, []string{"AARON", "SIMULTANEE"})
	mustApply(t, g, 0, "mot AARON I10 droite celebre")
	evs = mustApply(t, g, 1, "mot SIMULTANEE F12 droite")
	pub = eventsText(evs, -1)
	if g.s.Scores[1] != 100 || !strings.Contains(pub, "#1 : AARON, 25 points.") ||
		!strings.Contains(pub, "même avec ce bonus, sa proposition vaudrait au plus 49 points, et celle de #2 en vaut au moins 100.") {
		t.Fatalf("scores %v:\n%s", g.s.Scores, pub)
	}
	// When it may matter, the vote is held (TestCQ_D5_FamousVote).
	g = composeGame(t, 2, nil, []string{"AARON"})
	proposeAlone(t, g, 0, "mot AARON I10 droite celebre")
	if g.s.Phase != phaseVote {
		t.Fatalf("no vote on AARON alone")
	}
}

// TestCQ_D4_ProposalReplacedUntilResolved: a typo in a secret proposal is
// mended by proposing again before the round is resolved; the last one
// counts, and the table is told nothing new.
func TestCQ_D4_ProposalReplacedUntilResolved(t *testing.T) {
	g := composeGame(t, 2, nil, []string{"MINISTRE", "AB"})
	mustApply(t, g, 0, "mot MINSITRE H10 droite")
	evs := mustApply(t, g, 0, "mot MINISTRE H10 droite")
	if len(eventsText(evs, games.Everyone)) != 0 {
		t.Fatalf("the table is told of a replacement: %v", eventsText(evs, games.Everyone))
	}
	if got := eventsText(evs, 0); !strings.Contains(got, "Proposition remplacée : MINISTRE en H10") {
		t.Fatalf("the player is told: %q", got)
	}
	if g.s.Phase != phaseCompose || g.s.Props[0].Word != "MINISTRE" {
		t.Fatalf("phase %d, proposal %+v", g.s.Phase, g.s.Props[0])
	}
	// Nothing, then a word again: still his to change.
	mustApply(t, g, 0, "rien")
	if !g.s.Props[0].None {
		t.Fatal("a proposal of nothing replaces the word")
	}
	mustApply(t, g, 0, "mot MINISTRE H10 droite")
	mustApply(t, g, 1, "rien")
	if g.s.Phase == phaseCompose || !strings.Contains(g.s.Board, "MINISTRE") {
		t.Fatalf("the last proposal was not the one placed: phase %d", g.s.Phase)
	}
	// Once resolved, the refusal tells the true reason.
	_, err := g.Apply(0, "mot MINISTRE H10 droite")
	if r, ok := err.(*games.Refusal); !ok || r.Msg.Key == "coquillaude.err.already_proposed" {
		t.Fatalf("refusal %v", err)
	}
}

// A player without pions proposes nothing, and is told why when he tries.
func TestCQ_D4_NoPionsNoProposal(t *testing.T) {
	g := composeGame(t, 2, nil, []string{"MINISTRE", ""})
	g.s.Props[1] = &proposal{None: true} // as the compose phase starts (startCompose)
	gamestest.RefusedWith(t, g, 1, "mot AB H10 droite", "coquillaude.err.no_pions")
}

// The note "Proposition enregistrée… vérifiée quand tout le monde aura
// proposé" is pending: the last proposal, which resolves the round in the
// same move, does not carry it (the placement is told instead).
func TestCQ_D4_LastProposalNoteSettledByTheResolution(t *testing.T) {
	g := composeGame(t, 2, nil, []string{"MINISTRE", "AB"})
	evs := mustApply(t, g, 1, "rien")
	evs = mustApply(t, g, 0, "mot MINISTRE H10 droite")
	if got := eventsText(evs, 0); strings.Contains(got, "Proposition enregistrée") {
		t.Fatalf("a note the same move made false: %q", got)
	}
	g = composeGame(t, 2, nil, []string{"MINISTRE", "AB"})
	evs = mustApply(t, g, 0, "mot MINISTRE H10 droite")
	if len(evs) == 0 || !hasPending(evs, 0) {
		t.Fatalf("the first proposal's note is pending: %+v", evs)
	}
}

func hasPending(evs []games.Event, seat int) bool {
	for _, e := range evs {
		if e.To == seat && e.Pending {
			return true
		}
	}
	return false
}

// A seat the game does not wait for is told whom it waits for: the bot
// leaves this refusal to the engine (it knows when a seat may still act).
func TestRefusalNotWaitingNamesWhomTheGameWaitsFor(t *testing.T) {
	g := sheetGame(t)
	_, err := g.Apply(1, "reponse X")
	r, ok := err.(*games.Refusal)
	if !ok {
		t.Fatalf("refusal %v", err)
	}
	if got := render(i18n.FR, r.Msg); !strings.Contains(got, "on attend #1") {
		t.Fatalf("refusal %q", got)
	}
}
