package crackword

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/games/gamestest"
	"github.com/tablee/tablee/i18n"
)

func newGame(t *testing.T, players int, seed uint64, opts games.Options) *Game {
	t.Helper()
	g, err := NewEngine(testDict).New(opts, players, seed)
	if err != nil {
		t.Fatal(err)
	}
	return g.(*Game)
}

func handText(g *Game, seat int) string { return cardsText(sortedHand(g.s.Hand[seat])) }

func TestCW_D1_DecksOf50(t *testing.T) {
	d := deck(2)
	if len(d) != 50 {
		t.Fatalf("deck of %d cards", len(d))
	}
	letters, jokers, trash := map[byte]int{}, 0, 0
	for _, c := range d {
		if c.Colour() != 2 {
			t.Fatal("wrong colour")
		}
		switch c.Kind() {
		case kindJoker:
			jokers++
		case kindTrash:
			trash++
		default:
			letters[c.Letter()]++
		}
	}
	want := "E6 A4 I4 S3 N3 R3 T3 U3 O3 L2 C2 D1 M1 P1 G1 B1 F1 H1 V1 J1 Q1"
	total := 0
	for _, f := range strings.Fields(want) {
		n := int(f[1] - '0')
		total += n
		if letters[f[0]] != n {
			t.Errorf("%c: %d, want %d", f[0], letters[f[0]], n)
		}
	}
	if total != 46 || len(letters) != 21 || jokers != 2 || trash != 2 {
		t.Fatalf("letters %d (%d kinds), jokers %d, poubelles %d", total, len(letters), jokers, trash)
	}
}

func TestCW_D1_PiocheSizes(t *testing.T) {
	for _, tc := range []struct {
		players int
		expert  bool
		want    int
	}{{2, false, 40}, {3, false, 30}, {4, false, 25}, {2, true, 50}, {3, true, 50}, {4, true, 50}} {
		opts := games.Options{}
		if tc.expert {
			opts["expert"] = "on"
		}
		g := newGame(t, tc.players, 5, opts)
		checkInvariants(t, g)
		for p := 0; p < tc.players; p++ {
			inPlay := len(g.s.Pioche[p]) + len(g.s.Hand[p])
			for _, row := range g.s.Rows {
				for _, st := range row {
					if st[0].Colour() == p {
						inPlay++
					}
				}
			}
			if inPlay != tc.want {
				t.Errorf("%d players expert=%v: seat %d has %d cards in play, want %d", tc.players, tc.expert, p, inPlay, tc.want)
			}
		}
		if len(g.s.Box) != tc.players*(50-tc.want) {
			t.Errorf("box %d", len(g.s.Box))
		}
	}
}

func TestCW_D2_FirstPlayerNearestToA(t *testing.T) {
	ties := 0
	for seed := uint64(0); seed < 300; seed++ {
		players := 2 + int(seed%3)
		g := newGame(t, players, seed, nil)
		// Replay the reveals round by round.
		contenders := []int{}
		for p := 0; p < players; p++ {
			contenders = append(contenders, p)
		}
		i := 0
		first := -1
		for round := 0; first < 0; round++ {
			letters := map[int]string{}
			for _, p := range contenders {
				for {
					m := g.s.Setup[i]
					i++
					if m.Key != "crackword.ev.reveal" || m.Args[0] != i18n.Seat(p) {
						t.Fatalf("seed %d: %v, want a reveal of seat %d", seed, m, p)
					}
					if card := m.Args[1].(i18n.Msg); card.Key == i18n.Raw("").Key {
						letters[p] = card.Args[0].(string)
						break
					}
					// A JOKER or POUBELLE is revealed again.
				}
			}
			best := "["
			var tied []int
			for _, p := range contenders {
				switch l := letters[p]; {
				case l < best:
					best, tied = l, []int{p}
				case l == best:
					tied = append(tied, p)
				}
			}
			if len(tied) == 1 {
				first = tied[0]
				m := g.s.Setup[i]
				if m.Key != "crackword.ev.first" || m.Args[1] != best {
					t.Fatalf("seed %d: %v", seed, m)
				}
				break
			}
			ties++
			contenders = tied
		}
		if g.s.First != first || g.s.Turn != first {
			t.Fatalf("seed %d: first %d, want %d", seed, g.s.First, first)
		}
	}
	if ties == 0 {
		t.Fatal("no tie revealed again in 300 games")
	}
}

func TestCW_D3_StartingColumn(t *testing.T) {
	for seed := uint64(0); seed < 100; seed++ {
		players := 2 + int(seed%3)
		g := newGame(t, players, seed, nil)
		laid := make([]int, players)
		for r, row := range g.s.Rows {
			if len(row) != 1 || len(row[0]) != 1 || row[0][0].Kind() != kindLetter {
				t.Fatalf("row %d: %v", r, row)
			}
			col := row[0][0].Colour()
			if col != (g.s.First+r)%players {
				t.Fatalf("seed %d: row %d laid by %d, first %d", seed, r, col, g.s.First)
			}
			laid[col]++
		}
		for p := 0; p < players; p++ {
			if len(g.s.Hand[p]) != 8 {
				t.Fatalf("hand of %d", len(g.s.Hand[p]))
			}
			if len(g.s.Pioche[p])+8+laid[p] != piocheSize(players, false) {
				t.Fatal("pioche count")
			}
		}
		if players == 3 && laid[g.s.First] != 2 {
			t.Fatal("with 3 players the first lays two")
		}
	}
}

func TestCW_D4_JokerOnSameLetter(t *testing.T) {
	g := build(t, testDict, 2, [4]string{"Ab Rb Bb Rb", "Sb", "Rb", "Eb"}, []string{"* * A", "E"}, 10)
	gamestest.RefusedWith(t, g, 0, "joker=E sur 1 2 arbre", "crackword.err.not_same_letter")
	gamestest.MustApply(t, g, 0, "joker=R sur 1 2 arbre")
	if w := g.s.word(0); w != "ARBR" {
		t.Fatalf("row %s", w)
	}
	top := g.s.Rows[0][1][1]
	if top.Kind() != kindJoker || top.Letter() != 'R' {
		t.Fatal("the JOKER keeps its letter R")
	}
	gamestest.MustApply(t, g, 1, "passe")
	// A letter on top of a JOKER showing the same letter... and a JOKER
	// given R on the JOKER showing R.
	gamestest.MustApply(t, g, 0, "joker=R on 1 2 arbre")
	if len(g.s.Rows[0][1]) != 3 || g.s.word(0) != "ARBR" {
		t.Fatalf("stack %v", g.s.Rows[0][1])
	}
}

func TestCW_D4_LetterOnJoker(t *testing.T) {
	g := build(t, testDict, 2, [4]string{"Sr A*b Cb", "", "", ""}, []string{"A", "E"}, 10)
	gamestest.MustApply(t, g, 0, "A sur 1 2 sac")
	if st := g.s.Rows[0][1]; len(st) != 2 || st[1].Colour() != 0 {
		t.Fatal("A not on the JOKER")
	}
}

func TestCW_D5_NotAWord(t *testing.T) {
	g := build(t, testDict, 2, [4]string{"Mr Ab Ir", "", "", ""}, []string{"S E", "E"}, 10)
	evs := gamestest.MustApply(t, g, 0, "S droite 1 maisx")
	if !gamestest.HasEvent(evs, "crackword.ev.lay_failed") {
		t.Fatal("no lay_failed event")
	}
	if g.s.word(0) != "MAI" || len(g.s.Hand[0]) != 3 || len(g.s.Pioche[0]) != 9 || g.s.Turn != 1 {
		t.Fatalf("row %s, hand %d, pioche %d, turn %d", g.s.word(0), len(g.s.Hand[0]), len(g.s.Pioche[0]), g.s.Turn)
	}
	last := fr(i18n.T("crackword.line.last", g.s.Last))
	if !strings.Contains(last, "MAI → MAIS ? refusé") || !strings.Contains(last, "maisx") {
		t.Fatalf("last move: %s", last)
	}
}

func TestCW_D5_ExampleWithoutTheRow(t *testing.T) {
	g := build(t, testDict, 2, [4]string{"Mr Ab Ir", "", "", ""}, []string{"S E", "E"}, 10)
	evs := gamestest.MustApply(t, g, 0, "S droite 1 abri")
	if !gamestest.HasEvent(evs, "crackword.ev.lay_failed") || g.s.word(0) != "MAI" || len(g.s.Hand[0]) != 3 {
		t.Fatal("an example without the row must fail")
	}
	text := en(g.s.Last)
	if !strings.Contains(text, "ABRI does not contain MAIS") {
		t.Fatalf("%s", text)
	}
	// The accepted example, accents and case forgiven.
	gamestest.MustApply(t, g, 1, "passe")
	gamestest.MustApply(t, g, 0, "S droite 1 MaIsOn")
	if g.s.word(0) != "MAIS" {
		t.Fatal("not laid")
	}
}

func TestCW_D5_MissingExampleIsRefused(t *testing.T) {
	g := build(t, testDict, 2, [4]string{"Mr Ab", "", "", ""}, []string{"I E", "E"}, 10)
	r := gamestest.RefusedWith(t, g, 0, "I  droite 1", "crackword.err.no_example")
	// The refusal quotes the player's own move, to complete with a word
	// holding the new sequence; it suggests no word, so never one that does
	// not hold the sequence (MAISON would not do for another row).
	if s := fr(r.Msg); !strings.Contains(s, "« I droite 1 » suivi d'un mot qui contient MAI") || strings.Contains(strings.ToLower(s), "maison") {
		t.Fatal(s)
	}
	if s := en(r.Msg); !strings.Contains(s, `"I droite 1" followed by a word containing MAI`) {
		t.Fatal(s)
	}
	// Completed as the message says, the move is accepted.
	gamestest.MustApply(t, g, 0, "I droite 1 maison")
	if g.s.word(0) != "MAI" {
		t.Fatal(g.s.word(0))
	}
}

// CW-D5: a row that reads a word is its own example.
func TestCW_D5_RowIsItsOwnExample(t *testing.T) {
	g := build(t, testDict, 2, [4]string{"Mr Ab Ir", "", "", ""}, []string{"S E", "E"}, 10)
	evs := gamestest.MustApply(t, g, 0, "S droite 1")
	if g.s.word(0) != "MAIS" || !strings.Contains(fr(evs[0].Msg), "MAI → MAIS (exemple : MAIS)") {
		t.Fatalf("%s: %s", g.s.word(0), fr(evs[0].Msg))
	}
}

// A suggestion in a refusal is a legal move or none: the bare letter is told
// the shape of a move, with no example word that might not fit.
func TestCW_D5_WhereSuggestsNoWord(t *testing.T) {
	g := build(t, testDict, 2, [4]string{"Mr Ab Ir", "", "", ""}, []string{"S E", "E"}, 10)
	r := gamestest.RefusedWith(t, g, 0, "S", "crackword.err.where")
	for _, s := range []string{fr(r.Msg), en(r.Msg)} {
		if !strings.Contains(s, "N P") || strings.Contains(strings.ToLower(s), "maison") {
			t.Fatal(s)
		}
	}
}

func TestAssistedFindsExampleAndRefusesImpossible(t *testing.T) {
	g := build(t, testDict, 2, [4]string{"Mr Ab Ir", "", "", ""}, []string{"S X", "E"}, 10)
	g.s.Assisted = true
	gamestest.RefusedWith(t, g, 0, "X droite 1", "crackword.err.impossible")
	evs := gamestest.MustApply(t, g, 0, "S droite 1")
	if !strings.Contains(fr(evs[0].Msg), "exemple : MAIS") {
		t.Fatal(fr(evs[0].Msg))
	}
}

func TestCW_D6_Poubelle(t *testing.T) {
	g := build(t, testDict, 2, [4]string{"Ab Rr/R*b Br", "Sr", "", ""}, []string{"# E", "T"}, 10)
	gamestest.RefusedWith(t, g, 0, "poubelle 3", "crackword.err.trash_empty")
	gamestest.RefusedWith(t, g, 1, "poubelle 1", "crackword.err.not_your_turn")
	gamestest.MustApply(t, g, 0, "poubelle 1")
	if len(g.s.Rows[0]) != 0 || len(g.s.Paquet[0]) != 1 || g.s.Paquet[0][0].Kind() != kindTrash {
		t.Fatal("row not emptied or POUBELLE not in the PAQUET")
	}
	if h := handText(g, 0); h != "B E R" {
		t.Fatalf("red hand %s", h)
	}
	if h := handText(g, 1); h != "A T ★" {
		t.Fatalf("blue hand %s (the JOKER loses its letter)", h)
	}
	if g.s.Phase != phaseRestart || g.s.Turn != 0 || g.Waiting()[0].Seat != 0 {
		t.Fatal("no restart phase")
	}
	gamestest.RefusedWith(t, g, 0, "E droite 2 rose", "crackword.err.restart_card")
	gamestest.RefusedWith(t, g, 0, "Z", "crackword.err.not_in_hand")
	gamestest.MustApply(t, g, 0, "B")
	if g.s.word(0) != "B" || g.s.Turn != 1 {
		t.Fatal("restart")
	}
}

func TestCW_D6_RowStaysEmptyWithoutCard(t *testing.T) {
	g := build(t, testDict, 2, [4]string{"Ab Rb", "Sr", "", ""}, []string{"# #", "T"}, 10)
	gamestest.MustApply(t, g, 0, "poubelle 1")
	if g.s.Phase != phasePlay || g.s.Turn != 1 || len(g.s.Rows[0]) != 0 {
		t.Fatal("with only a POUBELLE left the row stays empty")
	}
	// Anyone may start an empty row; a lone letter needs no example.
	gamestest.MustApply(t, g, 1, "T gauche 1")
	if g.s.word(0) != "T" {
		t.Fatal("empty row not started")
	}
}

// CW-D6: after a POUBELLE the player must lay a card on the emptied row:
// passing is refused, no button leaves the row empty, the bot lays a card.
func TestCW_D6_RestartIsCompulsory(t *testing.T) {
	g := build(t, testDict, 2, [4]string{"Ab Rb", "Sr", "", ""}, []string{"# E Q", "T"}, 10)
	gamestest.MustApply(t, g, 0, "trash 1")
	for _, mv := range []string{"passe", "pass", "non"} {
		r := gamestest.RefusedWith(t, g, 0, mv, "crackword.err.restart_no_pass")
		if s := fr(r.Msg); !strings.Contains(s, "rangée 1") || !strings.Contains(s, "tu dois") {
			t.Fatal(s)
		}
	}
	for _, c := range g.Choices(0, "") {
		if c.Move == "passe" || c.Move == "non" {
			t.Fatalf("button %q leaves the row empty", c.Move)
		}
	}
	if hint := fr(g.Private(0).Lines[1]); strings.Contains(hint, "passe") || !strings.Contains(hint, "obligatoire") {
		t.Fatal(hint)
	}
	if m := g.Bot(0, games.Strong); m != "Q" {
		t.Fatalf("bot restarts with %q, want its rarest letter Q", m)
	}
	// A lay typed on the emptied row restarts it too (no example needed);
	// on another row, it is refused.
	gamestest.RefusedWith(t, g, 0, "E droite 2 rose", "crackword.err.restart_card")
	gamestest.MustApply(t, g, 0, "E gauche 1")
	if g.s.word(0) != "E" || g.s.Turn != 1 || g.s.Phase != phasePlay {
		t.Fatal("restart by a lay on the row")
	}
}

// CW-D6, CW-D7: a restart that times out lays the card the bot would (the
// rarest letter, a JOKER only without letters) and ends the turn.
func TestCW_D6_RestartTimeoutLaysACard(t *testing.T) {
	for _, tc := range []struct {
		hand, want string
	}{
		{"# E V A", "V"},
		{"# * #", "joker=E"},
	} {
		g := build(t, testDict, 2, [4]string{"Ab Rb", "Sr", "", ""}, []string{tc.hand, "T"}, 10)
		gamestest.MustApply(t, g, 0, "trash 1")
		w := g.Waiting()
		if len(w) != 1 || w[0].Seat != 0 || w[0].Timeout != tc.want {
			t.Fatalf("%s: %v", tc.hand, w)
		}
		gamestest.MustApply(t, g, 0, w[0].Timeout)
		if len(g.s.Rows[0]) != 1 || g.s.Turn != 1 || g.s.Phase != phasePlay {
			t.Fatalf("%s: timeout did not restart the row and end the turn", tc.hand)
		}
	}
}

// CW-D7: after a CRACK WORD the restart is compulsory too, and its timeout
// lays a card.
func TestCW_D7_RestartAfterCrackIsCompulsory(t *testing.T) {
	g := build(t, testDict, 2, [4]string{"Ar Rb Br Rr", "", "", ""}, []string{"E S J", "E"}, 10)
	gamestest.MustApply(t, g, 0, "E droite 1 arbre crack")
	if g.s.Phase != phaseRestart || len(g.s.Rows[0]) != 0 {
		t.Fatal("no restart after the crack")
	}
	gamestest.RefusedWith(t, g, 0, "passe", "crackword.err.restart_no_pass")
	w := g.Waiting()
	if w[0].Timeout != "J" {
		t.Fatal(w)
	}
	gamestest.MustApply(t, g, 0, w[0].Timeout)
	if g.s.word(0) != "J" || g.s.Turn != 1 {
		t.Fatal(g.s.word(0))
	}
}

func TestCW_D7_JokerCountsDouble(t *testing.T) {
	// R U E with red, red, JOKER(blue): blue 2 against red 2 is no majority...
	g := build(t, testDict, 2, [4]string{"Rr Ur", "", "", ""}, []string{"E", "*"}, 10)
	gamestest.MustApply(t, g, 0, "passe")
	gamestest.MustApply(t, g, 1, "joker=E droite 1 rue")
	if g.s.Phase == phaseCrack {
		t.Fatal("2 against 2 is no majority")
	}
	// ...while another player's JOKER counts 2 for its owner.
	g = build(t, testDict, 2, [4]string{"Rr U*b", "", "", ""}, []string{"E", "E"}, 10)
	ok, n := majority([][]Card{{mkCard(0, 0, 'R')}, {mkCard(1, kindJoker, 'U')}, {mkCard(0, 0, 'E')}}, 0)
	if ok || n[1] != 2 {
		t.Fatal("a blue JOKER counts 2 for blue")
	}
	gamestest.MustApply(t, g, 0, "E droite 1 rue")
	if g.s.Phase == phaseCrack {
		t.Fatal("red 2 against blue's JOKER 2: no majority")
	}
}

func TestCW_D7_OnlyTheLayerOnThatTurn(t *testing.T) {
	g := build(t, testDict, 2, [4]string{"Ar Rb Br Rr", "", "", ""}, []string{"E S", "E"}, 10)
	evs := gamestest.MustApply(t, g, 0, "E droite 1 arbre")
	if !gamestest.HasEvent(evs, "crackword.ev.crack_offer") || g.s.Phase != phaseCrack {
		t.Fatal("no crack offer")
	}
	if w := g.Waiting(); w[0].Seat != 0 || w[0].Timeout != "crack" {
		t.Fatal(w)
	}
	gamestest.RefusedWith(t, g, 1, "crack", "crackword.err.not_your_turn")
	gamestest.RefusedWith(t, g, 0, "S droite 1 arbres", "crackword.err.crack_phase")
	gamestest.MustApply(t, g, 0, "non")
	if g.s.Turn != 1 || g.s.word(0) != "ARBRE" {
		t.Fatal("declined")
	}
	// Blue may not call it on the next turn.
	gamestest.RefusedWith(t, g, 1, "crack", "crackword.err.crack_lay_first")
}

// CW-D7: "crack" at the end of a lay is the call, never the example; the
// row, a word, is its own example.
func TestCW_D7_CrackIsNeverTheExample(t *testing.T) {
	g := build(t, testDict, 2, [4]string{"Ar Rb Br Rr", "", "", ""}, []string{"E S", "E"}, 10)
	evs := gamestest.MustApply(t, g, 0, "E droite 1 crack")
	if !gamestest.HasEvent(evs, "crackword.ev.crack") || gamestest.HasEvent(evs, "crackword.ev.lay_failed") {
		t.Fatal("E droite 1 crack did not crack ARBRE")
	}
	if len(g.s.Paquet[0]) != 5 || len(g.s.Hand[0]) != 1 || g.s.Phase != phaseRestart {
		t.Fatalf("paquet %d, hand %d, phase %d", len(g.s.Paquet[0]), len(g.s.Hand[0]), g.s.Phase)
	}
	// "craque" and "crackword" are the call too; a crack that cannot be
	// called is refused with its reason, and the card stays in the hand.
	g = build(t, testDict, 2, [4]string{"Ab Rb Bb Rr", "Mr Ab", "", ""}, []string{"E I", "E"}, 10)
	gamestest.RefusedWith(t, g, 0, "E droite 1 craque", "crackword.err.crack_no_majority")
	gamestest.RefusedWith(t, g, 0, "I droite 2 crackword", "crackword.err.crack_not_word")
	if len(g.s.Hand[0]) != 2 {
		t.Fatal("a refused crack cost a card")
	}
}

func TestCW_D7_CrackFlagAndReasons(t *testing.T) {
	g := build(t, testDict, 3, [4]string{"Sr Eb", "Ab Rb", "Ar Rb Br Rg", ""}, []string{"", "", "L E A B"}, 10)
	g.s.Turn = 2
	r := gamestest.RefusedWith(t, g, 2, "L droite 1 sel crack", "crackword.err.crack_no_majority")
	if !strings.Contains(en(r.Msg), "SEL") {
		t.Fatal(en(r.Msg))
	}
	gamestest.RefusedWith(t, g, 2, "A droite 4 crack", "crackword.err.crack_short")
	gamestest.RefusedWith(t, g, 2, "B droite 2 arbre crack", "crackword.err.crack_not_word")
	gamestest.RefusedWith(t, g, 2, "E droite 3 arbre crack", "crackword.err.crack_no_majority")
}

func TestWorkedCheck_ARBRE(t *testing.T) {
	// A R B R E: red, blue, red, red, green; the B covers a green B.
	g := build(t, testDict, 3, [4]string{"Rb Bg/Br Rr Eg", "", "", ""}, []string{"A", "", ""}, 10)
	gamestest.MustApply(t, g, 0, "A gauche 1 arbre")
	if g.s.Phase != phaseCrack {
		t.Fatal("red 3, blue 1, green 1: red may call")
	}
	evs := gamestest.MustApply(t, g, 0, "crack")
	if !gamestest.HasEvent(evs, "crackword.ev.crack") || len(g.s.Paquet[0]) != 6 || len(g.s.Rows[0]) != 0 {
		t.Fatalf("paquet %d", len(g.s.Paquet[0]))
	}
	if g.Result().Scores[0] != 6 {
		t.Fatal("5 for the word plus the covered B")
	}
}

func TestWorkedCheck_RUE_BlueJoker(t *testing.T) {
	g := build(t, testDict, 2, [4]string{"Rr Ub", "", "", ""}, []string{"E", "* E"}, 10)
	g.s.Turn = 1
	gamestest.MustApply(t, g, 1, "joker=E droite 1 rue crack")
	if len(g.s.Paquet[1]) != 3 || g.s.Phase != phaseRestart {
		t.Fatal("blue 1+2 = 3 against red 1: blue cracks RUE")
	}
	gamestest.MustApply(t, g, 1, "E")
}

func TestWorkedCheck_SEL_NoMajority(t *testing.T) {
	g := build(t, testDict, 3, [4]string{"Sr Eb", "", "", ""}, []string{"", "", "L"}, 10)
	g.s.Turn = 2
	evs := gamestest.MustApply(t, g, 2, "L right 1 sel")
	if gamestest.HasEvent(evs, "crackword.ev.crack_offer") || g.s.Phase != phasePlay {
		t.Fatal("nobody may call on S E L red, blue, green")
	}
	for seat := 0; seat < 3; seat++ {
		if ok, _ := majority(g.s.Rows[0], seat); ok {
			t.Fatalf("seat %d has a majority", seat)
		}
	}
}

func TestWorkedCheck_ETE_CoveredBlueE(t *testing.T) {
	g := build(t, testDict, 2, [4]string{"Eb Tr Eb", "", "", ""}, []string{"E", "E"}, 10)
	gamestest.MustApply(t, g, 0, "E sur 1 1 ete")
	if g.s.word(0) != "ETE" || g.s.Phase != phaseCrack {
		t.Fatalf("row %s, phase %d", g.s.word(0), g.s.Phase)
	}
	gamestest.MustApply(t, g, 0, "crack")
	blue := 0
	for _, c := range g.s.Paquet[0] {
		if c.Colour() == 1 {
			blue++
		}
	}
	if len(g.s.Paquet[0]) != 4 || blue != 2 {
		t.Fatalf("paquet %d, blue %d: the covered blue E goes with the word", len(g.s.Paquet[0]), blue)
	}
}

func TestCW_D8_NewHandAfterLastCard(t *testing.T) {
	g := build(t, testDict, 2, [4]string{"Mr Ab Ir", "", "", ""}, []string{"S", "E"}, 12)
	evs := gamestest.MustApply(t, g, 0, "S droite 1 maison")
	if !gamestest.HasEvent(evs, "crackword.ev.new_hand") || len(g.s.Hand[0]) != 8 || len(g.s.Pioche[0]) != 4 {
		t.Fatalf("hand %d", len(g.s.Hand[0]))
	}
	if g.s.LastHand {
		t.Fatal("no DERNIÈRE MAIN yet")
	}
}

func TestCW_D8_NewHandBeforeRestart(t *testing.T) {
	g := build(t, testDict, 2, [4]string{"Ar Rb Br Rr", "", "", ""}, []string{"E", "E"}, 12)
	gamestest.MustApply(t, g, 0, "E droite 1 arbre crack")
	if g.s.Phase != phaseRestart || len(g.s.Hand[0]) != 8 {
		t.Fatal("the new hand comes before the restart")
	}
}

func TestCW_D9_DerniereMain(t *testing.T) {
	g := build(t, testDict, 3, [4]string{"Mr", "", "", ""}, []string{"A", "E", "E"}, 0)
	g.s.Pioche[0] = []Card{mkCard(0, 0, 'T')}
	g.s.Pioche[1] = []Card{mkCard(1, 0, 'T'), mkCard(1, 0, 'U'), mkCard(1, 0, 'O')}
	g.s.Pioche[2] = []Card{}
	evs := gamestest.MustApply(t, g, 0, "passe")
	if !gamestest.HasEvent(evs, "crackword.ev.last_hand") || !g.s.LastHand {
		t.Fatal("no DERNIÈRE MAIN")
	}
	if len(g.s.Hand[1]) != 2 || len(g.s.Hand[2]) != 1 || len(g.s.Box) != 2 {
		t.Fatalf("hands %d %d box %d", len(g.s.Hand[1]), len(g.s.Hand[2]), len(g.s.Box))
	}
	// From then on nobody draws; a pass puts the player out.
	gamestest.MustApply(t, g, 1, "pass")
	if !g.s.Out[1] || len(g.s.Hand[1]) != 2 {
		t.Fatal("out")
	}
	gamestest.MustApply(t, g, 2, "pass")
	if g.s.Turn != 0 {
		t.Fatal("out players are skipped")
	}
}

func TestCW_D9_NewHandDrawsTheLast(t *testing.T) {
	g := build(t, testDict, 2, [4]string{"Mr Ab Ir", "", "", ""}, []string{"S", "E"}, 3)
	g.s.Pioche[1] = append(g.s.Pioche[1], g.s.Pioche[1]...) // 6
	gamestest.MustApply(t, g, 0, "S droite 1 maison")
	if !g.s.LastHand || len(g.s.Hand[0]) != 3 || len(g.s.Hand[1]) != 4 || len(g.s.Box) != 3 {
		t.Fatalf("hands %d %d, box %d", len(g.s.Hand[0]), len(g.s.Hand[1]), len(g.s.Box))
	}
}

func TestCW_D9_FailedExampleDrawsTheLast(t *testing.T) {
	g := build(t, testDict, 2, [4]string{"Mr Ab Ir", "", "", ""}, []string{"S", "E"}, 1)
	gamestest.MustApply(t, g, 0, "S droite 1 zzz")
	if !g.s.LastHand || len(g.s.Hand[0]) != 2 || len(g.s.Hand[1]) != 2 {
		t.Fatal("a failed-example draw of the last card is DERNIÈRE MAIN")
	}
}

func TestCW_D10_EndCase1(t *testing.T) {
	g := build(t, testDict, 2, [4]string{"Mb Ar Ib", "Er/Eb Tr", "Sr", ""}, []string{"S", "E"}, 0)
	g.s.LastHand = true
	evs := gamestest.MustApply(t, g, 0, "S droite 1 mais")
	if !gamestest.HasEvent(evs, "crackword.ev.end1") || !g.Result().Over || g.Waiting() != nil {
		t.Fatal("no end")
	}
	// Red's cards on the table: A, S laid, covered E, T, S = 5.
	if g.Result().Scores[0] != 5 {
		t.Fatalf("score %d", g.Result().Scores[0])
	}
	gamestest.RefusedWith(t, g, 1, "passe", "crackword.err.game_over")
	checkViewsRender(t, g)
}

func TestCW_D10_EndCase1AfterCrack(t *testing.T) {
	g := build(t, testDict, 2, [4]string{"Ar Rb Br Rr", "Tr", "", ""}, []string{"E", "E"}, 0)
	g.s.LastHand = true
	gamestest.MustApply(t, g, 0, "E droite 1 arbre")
	if g.s.Phase != phaseCrack {
		t.Fatal("the last card may still crack")
	}
	gamestest.MustApply(t, g, 0, "crack")
	if !g.s.Over || g.Result().Scores[0] != 6 {
		t.Fatalf("score %d", g.Result().Scores[0])
	}
}

func TestCW_D10_EndCase2(t *testing.T) {
	g := build(t, testDict, 2, [4]string{"Mr", "", "", ""}, []string{"A B C", "E"}, 0)
	g.s.LastHand = true
	g.s.Paquet[0] = []Card{mkCard(0, kindTrash, 0), mkCard(1, 0, 'X')}
	g.s.Paquet[1] = []Card{mkCard(1, kindTrash, 0), mkCard(0, 0, 'Y'), mkCard(0, 0, 'Z')}
	gamestest.MustApply(t, g, 0, "passe")
	evs := gamestest.MustApply(t, g, 1, "passe")
	if !gamestest.HasEvent(evs, "crackword.ev.end2") || !g.s.Over {
		t.Fatal("no end")
	}
	if sc := g.Result().Scores; sc[0] != 0 || sc[1] != 2 {
		t.Fatalf("scores %v: a PAQUET never goes below 0", sc)
	}
	if w := g.Result().Winners(); len(w) != 1 || w[0] != 1 {
		t.Fatal(w)
	}
}

func checkViewsRender(t *testing.T, g *Game) {
	t.Helper()
	for _, lang := range []i18n.Lang{i18n.FR, i18n.EN} {
		r := i18n.Renderer{Lang: lang}
		v := g.Public()
		for _, l := range v.Lines {
			if s := r.Text(l); strings.Contains(s, "%!") || strings.HasPrefix(s, "crackword.") {
				t.Fatalf("bad rendering %q", s)
			}
		}
	}
}

func TestRefusals(t *testing.T) {
	g := build(t, testDict, 2, [4]string{"Mr Ab Ir", "Sr", "", ""}, []string{"S E", "E"}, 10)
	for _, tc := range []struct{ move, key, fr string }{
		{"Z droite 1 maison", "crackword.err.not_in_hand", "pas de Z"},
		{"joker=A droite 1 maison", "crackword.err.not_in_hand", "pas de JOKER"},
		{"poubelle 2", "crackword.err.not_in_hand", "POUBELLE"},
		{"S sur 1 2 maison", "crackword.err.not_same_letter", "S ne va pas sur le A"},
		{"S droite 5 maison", "crackword.err.no_row", "rangée 5"},
		{"S sur 1 9 maison", "crackword.err.no_position", "position 9"},
		{"S dedans 1 maison", "crackword.err.syntax", "E droite 2 maison"},
		{"bonjour", "crackword.err.syntax", "bonjour"},
		{"S droite 1 un mot", "crackword.err.one_word", "un mot"},
		{"joker droite 1", "crackword.err.joker_letter", "joker=A"},
		{"S", "crackword.err.where", "S droite N mot"},
		{"crack", "crackword.err.crack_lay_first", "crack"},
	} {
		r := gamestest.RefusedWith(t, g, 0, tc.move, tc.key)
		if s := fr(r.Msg); !strings.Contains(s, tc.fr) {
			t.Errorf("%q: %s", tc.move, s)
		}
		if s := en(r.Msg); strings.Contains(s, "%!") {
			t.Errorf("%q: %s", tc.move, s)
		}
	}
	gamestest.RefusedWith(t, g, 1, "E droite 2 rose", "crackword.err.not_your_turn")
	gamestest.RefusedWith(t, g, 7, "E droite 2 rose", "crackword.err.not_your_turn")
}

// CW-D10 case 2 (revised): a player removes one card per letter he holds; a
// POUBELLE is no letter, a JOKER counts one.
func TestCW_D10_EndCase2CountsLettersNotPoubelles(t *testing.T) {
	g := build(t, testDict, 2, [4]string{"Mr", "", "", ""}, []string{"A # #", "* #"}, 0)
	g.s.LastHand = true
	for p := range g.s.Paquet {
		for i := 0; i < 5; i++ {
			g.s.Paquet[p] = append(g.s.Paquet[p], mkCard(p, kindLetter, 'X'))
		}
	}
	gamestest.MustApply(t, g, 0, "passe")
	evs := gamestest.MustApply(t, g, 1, "passe")
	if !g.s.Over {
		t.Fatal("no end")
	}
	// alice holds one letter and two POUBELLEs, bob a JOKER and a POUBELLE.
	if sc := g.Result().Scores; sc[0] != 4 || sc[1] != 4 {
		t.Fatalf("scores %v, want [4 4]: only letters and jokers cost a card", sc)
	}
	for _, e := range evs {
		if e.Msg.Key == "crackword.ev.penalty" && fmt.Sprint(e.Msg.Args[1]) != "1" {
			t.Fatalf("penalty %v", e.Msg.Args)
		}
	}
}

// A card laid on the only card of a row leaves a one-letter row that was
// not empty: it is told as what happened, not as the start of an empty row.
func TestCW_D4_CoverOfALoneLetterIsNotAnEmptyRowStart(t *testing.T) {
	g := build(t, testDict, 2, [4]string{"Mr", "", "Eb", ""}, []string{"E S", "E"}, 5)
	evs := gamestest.MustApply(t, g, 0, "E sur 3 1")
	var said []string
	for _, e := range evs {
		said = append(said, fr(e.Msg))
	}
	all := strings.Join(said, "\n")
	if strings.Contains(all, "vide") || !strings.Contains(all, "pose E sur la carte 1 de la rangée 3 : E → E.") {
		t.Fatalf("told:\n%s", all)
	}
	if e := en(evs[0].Msg); strings.Contains(e, "empty") {
		t.Fatalf("told: %s", e)
	}
	// An empty row's start is still told as one.
	evs = gamestest.MustApply(t, g, 1, "E droite 2")
	if !strings.HasSuffix(fr(evs[0].Msg), "pose E dans la rangée vide 2.") {
		t.Fatalf("told: %s", fr(evs[0].Msg))
	}
}
