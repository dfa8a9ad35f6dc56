package wordsout

import (
	"github.com/tablee/tablee/i18n"

	"strings"
	"testing"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/games/cards"
	"github.com/tablee/tablee/games/gamestest"
)

func cardsRand(seed uint64) cards.Rand { return cards.Rand(seed) }

// WO-D1: the 108 cards with their letters and kinds.
func TestWO_D1_TheDeck(t *testing.T) {
	d := deck()
	if len(d) != 108 {
		t.Fatalf("%d cards", len(d))
	}
	kinds := map[string]int{}
	letters := map[byte]int{}
	for _, c := range d {
		l := c.Letter()
		letters[l]++
		switch {
		case c.Kind() == kindJoker:
			kinds["joker"]++
		case c.Kind() == kindPoubelle:
			kinds["poubelle"]++
		case isGreen(l):
			kinds["bonus"]++
		case isRed(l):
			kinds["double"]++
		case c.Kind() == kindRejouer:
			kinds["rejouer"]++
		case c.Kind() == kindIncontrable:
			kinds["incontrable"]++
		default:
			kinds["simple"]++
		}
	}
	want := map[string]int{"bonus": 12, "double": 7, "rejouer": 12, "incontrable": 10, "simple": 62, "joker": 2, "poubelle": 3}
	for k, n := range want {
		if kinds[k] != n {
			t.Errorf("%s: %d, want %d", k, kinds[k], n)
		}
	}
	for l, n := range map[byte]int{'A': 9, 'D': 3, 'E': 16, 'G': 2, 'I': 8, 'L': 5, 'M': 3, 'N': 6, 'O': 6, 'R': 7, 'S': 7, 'T': 6, 'U': 6,
		'B': 2, 'C': 2, 'F': 2, 'H': 2, 'P': 2, 'V': 2, 'J': 1, 'K': 1, 'Q': 1, 'W': 1, 'X': 1, 'Y': 1, 'Z': 1} {
		if letters[l] != n {
			t.Errorf("%c: %d, want %d", l, letters[l], n)
		}
	}
	count := func(kind int, l byte) int {
		n := 0
		for _, c := range d {
			if c.Kind() == kind && c.Letter() == l {
				n++
			}
		}
		return n
	}
	for l, n := range map[byte]int{'A': 2, 'E': 3, 'I': 2, 'O': 1, 'U': 1, 'S': 1, 'R': 1, 'T': 1} {
		if got := count(kindRejouer, l); got != n {
			t.Errorf("REJOUER %c: %d, want %d", l, got, n)
		}
	}
	for l, n := range map[byte]int{'A': 1, 'E': 2, 'I': 1, 'N': 1, 'S': 1, 'R': 1, 'T': 1, 'L': 1, 'U': 1} {
		if got := count(kindIncontrable, l); got != n {
			t.Errorf("INCONTRABLE %c: %d, want %d", l, got, n)
		}
	}
}

// WO-D1: two sets of 108 from 6 players.
func TestWO_D1_TwoSetsFromSixPlayers(t *testing.T) {
	e := NewEngine(testDict)
	for players, want := range map[int]int{2: 108, 5: 108, 6: 216, 8: 216} {
		gg, err := e.New(nil, players, 3)
		if err != nil {
			t.Fatal(err)
		}
		s := gg.(*Game).s
		n := s.Pioche.Len() + len(s.Discard)
		for _, h := range s.Hands {
			n += len(h)
		}
		for _, r := range s.Rows {
			n += len(r)
		}
		if n != want {
			t.Errorf("%d players: %d cards, want %d", players, n, want)
		}
	}
	if _, err := e.New(nil, 9, 1); err == nil {
		t.Error("9 players accepted")
	}
	if _, err := e.New(nil, 1, 1); err == nil {
		t.Error("1 player accepted")
	}
}

// The sheet's own examples of the value of a word.
func TestValue_SheetExamples(t *testing.T) {
	for w, want := range map[string]int{"RUE": 3, "ROBE": 6, "OBJET": 14, "ABOYEZ": 32} {
		var cs []Card
		for i := 0; i < len(w); i++ {
			cs = append(cs, mkCard(kindPlain, w[i]))
		}
		if got := value(cs); got != want {
			t.Errorf("%s = %d, want %d", w, got, want)
		}
	}
	// A JOKER takes the colour value of its letter; REJOUER and
	// INCONTRABLE cards count 1 like any card.
	cs := []Card{mkCard(kindPlain, 'Z'), mkCard(kindIncontrable, 'O'), mkCard(kindJoker, 'O')}
	if got := value(cs); got != 6 {
		t.Errorf("ZOO with a JOKER = %d, want 6", got)
	}
	cs = []Card{mkCard(kindRejouer, 'A'), mkCard(kindJoker, 'B'), mkCard(kindPlain, 'R'), mkCard(kindPlain, 'I')}
	if got := value(cs); got != 6 {
		t.Errorf("ABRI with a green JOKER = %d, want 6", got)
	}
}

// OBJET cashed through the engine scores 14 (the sheet's example).
func TestValue_ObjetCashed(t *testing.T) {
	g := build(t, testDict, 2, [4]string{"O B J E", "M", "S", "T"}, []string{"T E", "A"}, 10)
	gamestest.MustApply(t, g, 0, "T 1 wordout")
	if g.s.Phase != phaseCounter {
		t.Fatalf("phase %d", g.s.Phase)
	}
	gamestest.MustApply(t, g, 1, "non")
	if g.s.Scores[0] != 14 {
		t.Fatalf("score %d, want 14", g.s.Scores[0])
	}
}

// WO-D2: the dealer draws the letter nearest to Z; 8 cards each; four
// letters start the rows; the player left of the dealer starts.
func TestWO_D2_DealerAndDeal(t *testing.T) {
	e := realEngine()
	for players := 2; players <= 8; players++ {
		for seed := uint64(0); seed < 20; seed++ {
			gg, _ := e.New(nil, players, seed)
			g := gg.(*Game)
			s := g.s
			for p, h := range s.Hands {
				if len(h) != handSize {
					t.Fatalf("seat %d: %d cards", p, len(h))
				}
			}
			for r, row := range s.Rows {
				if len(row) != 1 || row[0].Kind() == kindJoker || row[0].Kind() == kindPoubelle {
					t.Fatalf("row %d starts with %v", r+1, glyphs(row))
				}
			}
			if s.Turn != (s.Dealer+1)%players || s.Origin != s.Turn || s.Phase != phasePlay {
				t.Fatalf("turn %d, dealer %d", s.Turn, s.Dealer)
			}
			if want := setSize*sets(players) - handSize*players - 4; s.Pioche.Len() != want {
				t.Fatalf("pioche %d, want %d", s.Pioche.Len(), want)
			}
			checkInvariants(t, g)
		}
	}
}

// WO-D2: the letter nearest to Z deals; a JOKER or a POUBELLE draws again.
func TestWO_D2_NearestToZDeals(t *testing.T) {
	for seed := uint64(0); seed < 50; seed++ {
		s := &state{Players: 2, Rng: 0}
		s.Rng = cardsRand(seed)
		s.Pioche.Push(mkCard(kindPlain, 'A'), mkCard(kindJoker, 0), mkCard(kindPoubelle, 0), mkCard(kindPlain, 'Z'))
		s.chooseDealer()
		var zSeat = -1
		for _, m := range s.Setup {
			if m.Key == "wordsout.ev.reveal" && (i18n.Renderer{}).Text(m.Args[1].(i18n.Msg)) == "Z🟥" {
				zSeat = int(m.Args[0].(i18n.Seat))
			}
		}
		if zSeat != s.Dealer {
			t.Fatalf("seed %d: Z drawn by %d, dealer %d (%v)", seed, zSeat, s.Dealer, s.Setup)
		}
	}
}

// WO-D2: a JOKER or a POUBELLE turned up for a row goes back and is
// replaced.
func TestWO_D2_StartCardsAreLetters(t *testing.T) {
	e := NewEngine(testDict)
	back := 0
	for seed := uint64(0); seed < 300; seed++ {
		gg, _ := e.New(nil, 2, seed)
		for _, m := range gg.(*Game).s.Setup {
			if m.Key == "wordsout.ev.start_back" {
				back++
			}
		}
	}
	if back == 0 {
		t.Fatal("in 300 deals no JOKER or POUBELLE was ever turned up: the replacement is untested")
	}
}

// WO-D3: cards go to the right; a beginning no word has sends the card
// back and the turn passes, with no draw.
func TestWO_D3_RightOnlyAndPrefix(t *testing.T) {
	g := build(t, testDict, 2, [4]string{"R U", "M", "S", "T"}, []string{"E X", "A"}, 10)
	gamestest.MustApply(t, g, 0, "E 1")
	if rowsOf(g)[0] != "RUE" {
		t.Fatalf("row 1 = %s", rowsOf(g)[0])
	}
	if g.s.Phase != phaseCall || g.s.Turn != 0 {
		t.Fatalf("phase %d", g.s.Phase)
	}
	gamestest.MustApply(t, g, 0, "non")
	if g.s.Turn != 1 || rowsOf(g)[0] != "RUE" {
		t.Fatal("after no call")
	}
	gamestest.MustApply(t, g, 1, "passe")
	evs := gamestest.MustApply(t, g, 0, "X 1")
	if !gamestest.HasEvent(evs, "wordsout.ev.lay_failed") || rowsOf(g)[0] != "RUE" || handOf(g, 0) != "X" {
		t.Fatalf("failed lay: row %s, hand %s", rowsOf(g)[0], handOf(g, 0))
	}
	if g.s.Turn != 1 || g.s.Pioche.Len() != 9 || len(g.s.Hands[0]) != 1 {
		t.Fatalf("turn %d, pioche %d: the turn must pass with no draw", g.s.Turn, g.s.Pioche.Len())
	}
}

// WO-D3 house option "forgiving": the card is refused with an explanation.
func TestWO_D3_Forgiving(t *testing.T) {
	g := build(t, testDict, 2, [4]string{"R U E", "M", "S", "T"}, []string{"X S", "A"}, 10)
	g.s.Forgiving = true
	r := gamestest.RefusedWith(t, g, 0, "X 1", "wordsout.err.not_prefix")
	if !strings.Contains(fr(r.Msg), "RUEX") || !strings.Contains(en(r.Msg), "RUEX") {
		t.Fatal(fr(r.Msg))
	}
	gamestest.MustApply(t, g, 0, "S 1")
	if rowsOf(g)[0] != "RUES" {
		t.Fatal(rowsOf(g))
	}
}

// WO-D3: to pass, draw one card (none from an empty PIOCHE).
func TestWO_D3_PassDraws(t *testing.T) {
	g := build(t, testDict, 2, [4]string{"R", "M", "S", "T"}, []string{"X", "A"}, 1)
	gamestest.MustApply(t, g, 0, "passe")
	if len(g.s.Hands[0]) != 2 || g.s.Pioche.Len() != 0 || g.s.Turn != 1 {
		t.Fatal("pass did not draw")
	}
	gamestest.MustApply(t, g, 1, "pass")
	if len(g.s.Hands[1]) != 1 {
		t.Fatal("drew from an empty PIOCHE")
	}
}

// WO-D4: REJOUER + 1 card.
func TestWO_D4_RejouerPlusOne(t *testing.T) {
	g := build(t, testDict, 2, [4]string{"R", "M", "S", "T"}, []string{"U+ E S", "A"}, 10)
	gamestest.MustApply(t, g, 0, "U+ E 1")
	if rowsOf(g)[0] != "RUE" || g.s.Phase != phaseCall {
		t.Fatalf("%s, phase %d", rowsOf(g)[0], g.s.Phase)
	}
	g = build(t, testDict, 2, [4]string{"R", "M", "S", "T"}, []string{"U+ E S", "A"}, 10)
	gamestest.RefusedWith(t, g, 0, "U+ E S 1", "wordsout.err.no_more")
	gamestest.RefusedWith(t, g, 0, "E S 2", "wordsout.err.one_card")
	// Step by step: the REJOUER opens a follow-up on the same row.
	gamestest.MustApply(t, g, 0, "U+ 1")
	if g.s.Phase != phaseMore {
		t.Fatalf("phase %d after a REJOUER", g.s.Phase)
	}
	gamestest.RefusedWith(t, g, 0, "E 2", "wordsout.err.same_row")
	gamestest.MustApply(t, g, 0, "E")
	if rowsOf(g)[0] != "RUE" || g.s.Phase != phaseCall {
		t.Fatalf("%s, phase %d", rowsOf(g)[0], g.s.Phase)
	}
}

// WO-D4: REJOUER, REJOUER + 2 cards, on an empty row.
func TestWO_D4_TwoRejouerTwoCards(t *testing.T) {
	g := build(t, testDict, 2, [4]string{"", "M", "S", "T"}, []string{"E+ T+ E S A", "A"}, 10)
	gamestest.MustApply(t, g, 0, "E+ T+ E S 1")
	if rowsOf(g)[0] != "ETES" || g.s.Phase != phaseCall {
		t.Fatalf("%s, phase %d", rowsOf(g)[0], g.s.Phase)
	}
	g = build(t, testDict, 2, [4]string{"", "M", "S", "T"}, []string{"E+ T+ E S A", "A"}, 10)
	gamestest.RefusedWith(t, g, 0, "E+ T+ E S A 1", "wordsout.err.no_more")
}

// WO-D4 (revised): REJOUER, card, REJOUER, card is refused: only REJOUERs
// laid one after the other give extra cards, and REJOUER + 1 card ends the
// turn.
func TestWO_D4_RejouerCardRejouerCardIsRefused(t *testing.T) {
	g := build(t, testDict, 2, [4]string{"", "M", "S", "T"}, []string{"A+ M I+ E S", "A"}, 10)
	r := gamestest.RefusedWith(t, g, 0, "A+ M I+ E 1", "wordsout.err.no_more")
	if s := fr(r.Msg); !strings.Contains(s, "à la suite") || strings.Contains(s, "REJOUER, carte, REJOUER") {
		t.Fatal(s)
	}
	gamestest.RefusedWith(t, g, 0, "A+ M I+ 1", "wordsout.err.no_more")
	// Step by step: after REJOUER, card the turn is over, no REJOUER
	// follow-up is offered and the row may be called.
	gamestest.MustApply(t, g, 0, "A+ 1")
	gamestest.MustApply(t, g, 0, "M")
	if g.s.Phase == phaseMore || g.s.Turn != 1 || rowsOf(g)[0] != "AM" {
		t.Fatalf("phase %d turn %d row %s", g.s.Phase, g.s.Turn, rowsOf(g)[0])
	}
	for _, laid := range []string{"A+ M", "A+ A+ M E", "A+ A+ A+ M E I"} {
		if mayFollow(parseTestCards(t, laid)) {
			t.Errorf("a card may follow %s", laid)
		}
	}
	for _, laid := range []string{"", "A", "A+", "A+ A+", "A+ A+ M", "A+ A+ A+ M E"} {
		if laid == "A" {
			if mayFollow(parseTestCards(t, laid)) {
				t.Error("a card may follow a plain first card")
			}
			continue
		}
		if !mayFollow(parseTestCards(t, laid)) {
			t.Errorf("no card may follow %s", laid)
		}
	}
}

// WO-D4 (revised): a REJOUER laid after the run of REJOUERs has ended is one
// of the extra cards and gives none.
func TestWO_D4_RejouerAfterTheRunGivesNothing(t *testing.T) {
	g := build(t, testDict, 2, [4]string{"", "M", "S", "T"}, []string{"E+ T+ E S+ A", "A"}, 10)
	// E+ T+ is a run of two: two extra cards, E and S+ (which gives none).
	gamestest.RefusedWith(t, g, 0, "E+ T+ E S+ A 1", "wordsout.err.no_more")
	gamestest.MustApply(t, g, 0, "E+ T+ E S+ 1")
	if rowsOf(g)[0] != "ETES" || g.s.Phase != phaseCall {
		t.Fatalf("row %s phase %d", rowsOf(g)[0], g.s.Phase)
	}
}

// WO-D4 with "fin": the player may stop after his REJOUER.
func TestWO_D4_StopAfterRejouer(t *testing.T) {
	g := build(t, testDict, 2, [4]string{"M", "M", "S", "T"}, []string{"E+ R", "A"}, 10)
	gamestest.MustApply(t, g, 0, "E+ 1")
	gamestest.MustApply(t, g, 0, "fin")
	if g.s.Turn != 1 || rowsOf(g)[0] != "ME" {
		t.Fatal("fin")
	}
}

// POUBELLE: the row goes to the discard, then the player starts it again;
// never on an empty row, never as a counter, never after a REJOUER.
func TestPoubelle(t *testing.T) {
	g := build(t, testDict, 2, [4]string{"R U", "", "S", "T"}, []string{"# A E", "A"}, 10)
	gamestest.RefusedWith(t, g, 0, "poubelle 2", "wordsout.err.poubelle_empty")
	gamestest.MustApply(t, g, 0, "poubelle 1")
	if rowsOf(g)[0] != "" || len(g.s.Discard) != 3 || g.s.Phase != phaseRestart || g.s.Row != 0 {
		t.Fatalf("discard %d, phase %d", len(g.s.Discard), g.s.Phase)
	}
	gamestest.RefusedWith(t, g, 0, "passe", "wordsout.err.restart")
	gamestest.RefusedWith(t, g, 0, "E 3", "wordsout.err.restart_row")
	gamestest.MustApply(t, g, 0, "E")
	if rowsOf(g)[0] != "E" || g.s.Turn != 1 {
		t.Fatal(rowsOf(g))
	}
	g = build(t, testDict, 2, [4]string{"R", "", "S", "T"}, []string{"U+ # E", "A"}, 10)
	gamestest.MustApply(t, g, 0, "U+ 1")
	gamestest.RefusedWith(t, g, 0, "poubelle 3", "wordsout.err.poubelle_first")
	gamestest.RefusedWith(t, g, 1, "poubelle 3", "wordsout.err.not_your_turn")
}

// JOKER: any letter, given when laid; INCONTRABLE too.
func TestJoker(t *testing.T) {
	g := build(t, testDict, 2, [4]string{"Z O", "M", "S", "T"}, []string{"* A", "A"}, 10)
	gamestest.RefusedWith(t, g, 0, "joker 1", "wordsout.err.joker_letter")
	evs := gamestest.MustApply(t, g, 0, "joker=O 1 wordout")
	if !gamestest.HasEvent(evs, "wordsout.ev.safe") || g.s.Scores[0] != 6 {
		t.Fatalf("score %d", g.s.Scores[0])
	}
	for _, c := range g.s.Discard {
		if c.Kind() == kindJoker && c.Letter() != 0 {
			t.Fatal("a JOKER kept its letter in the discard")
		}
	}
}

// WO-D5: the call is the player's choice.
func TestWO_D5_CallIsAChoice(t *testing.T) {
	g := build(t, testDict, 2, [4]string{"R U", "M", "S", "T"}, []string{"E A", "A"}, 10)
	gamestest.MustApply(t, g, 0, "E 1")
	w := g.Waiting()
	if len(w) != 1 || w[0].Seat != 0 || w[0].Timeout != "wordout" {
		t.Fatalf("waiting %v", w)
	}
	gamestest.RefusedWith(t, g, 0, "A 2", "wordsout.err.call_phase")
	gamestest.MustApply(t, g, 0, "non")
	if g.s.Scores[0] != 0 || rowsOf(g)[0] != "RUE" || g.s.Turn != 1 {
		t.Fatal("no call")
	}
}

// WO-D5: an INCONTRABLE anywhere in the word: cashed at once, no window.
func TestWO_D5_IncontrableCashedAtOnce(t *testing.T) {
	g := build(t, testDict, 3, [4]string{"R! U", "M", "S", "T"}, []string{"E A", "S", "S"}, 10)
	evs := gamestest.MustApply(t, g, 0, "E 1 wordout")
	if !gamestest.HasEvent(evs, "wordsout.ev.safe") || gamestest.HasEvent(evs, "wordsout.ev.window") {
		t.Fatal("window opened")
	}
	if g.s.Scores[0] != 3 || g.s.Phase != phaseRestart || g.s.Turn != 0 {
		t.Fatalf("score %d, phase %d", g.s.Scores[0], g.s.Phase)
	}
}

// WO-D5: the caller's last card: cashed at once.
func TestWO_D5_LastCardCashedAtOnce(t *testing.T) {
	g := build(t, testDict, 2, [4]string{"R U", "M", "S", "T"}, []string{"E", "S A"}, 40)
	evs := gamestest.MustApply(t, g, 0, "E 1 wordout")
	if !gamestest.HasEvent(evs, "wordsout.ev.safe_last") || g.s.Scores[0] != 3 {
		t.Fatal("not cashed at once")
	}
	// WO-D7: the deal ends; he starts the freed row of the next deal.
	if !gamestest.HasEvent(evs, "wordsout.ev.new_deal") || g.s.Phase != phaseRestart || g.s.Turn != 0 || g.s.Row != 0 || len(g.s.Hands[0]) != 8 {
		t.Fatalf("phase %d turn %d hand %d", g.s.Phase, g.s.Turn, len(g.s.Hands[0]))
	}
	gamestest.MustApply(t, g, 0, restartTimeout(g.s.Hands[0])+" fin")
	if g.s.Turn != 1 {
		t.Fatalf("after the restart, turn %d, want 1", g.s.Turn)
	}
}

// WO-D5 (sheet): WORD OUT on a word the dictionary does not know: the
// player takes back his card and passes; "forgiving" refuses it.
func TestWO_D5_WrongCall(t *testing.T) {
	g := build(t, testDict, 2, [4]string{"R U E", "M", "S", "T"}, []string{"L A", "A"}, 10)
	evs := gamestest.MustApply(t, g, 0, "L 1 wordout")
	if !gamestest.HasEvent(evs, "wordsout.ev.wrong_call") || rowsOf(g)[0] != "RUE" || handOf(g, 0) != "A L" || g.s.Turn != 1 {
		t.Fatalf("row %s hand %s", rowsOf(g)[0], handOf(g, 0))
	}
	g = build(t, testDict, 2, [4]string{"R U E", "M", "S", "T"}, []string{"L A", "A"}, 10)
	g.s.Forgiving = true
	gamestest.RefusedWith(t, g, 0, "L 1 wordout", "wordsout.err.not_word")
	gamestest.RefusedWith(t, g, 0, "wordout", "wordsout.err.call_lay_first")
}

// callRue: three players, seat 0 calls WORD OUT on RUE (row 1).
func callRue(t *testing.T, players int, hands ...string) *Game {
	g := build(t, testDict, players, [4]string{"R U", "M", "S", "T"}, hands, 20)
	gamestest.MustApply(t, g, 0, "E 1 wordout")
	return g
}

// WO-D6: the window opens for all the opponents at once.
func TestWO_D6_WindowForAllAtOnce(t *testing.T) {
	g := callRue(t, 3, "E A S", "S L", "E N")
	w := g.Waiting()
	if len(w) != 2 || w[0].Seat != 1 || w[1].Seat != 2 || w[0].Timeout != "non" || w[1].Timeout != "non" {
		t.Fatalf("waiting %v", w)
	}
	pub := gamestest.ViewText(g.Public())
	if !strings.Contains(pub, "WORD OUT ! RUE, 3 points — contre possible") || !strings.Contains(pub, "WORD OUT! RUE, 3 points — counter possible") {
		t.Fatal(pub)
	}
	gamestest.RefusedWith(t, g, 0, "non", "wordsout.err.own_word")
	// Choices: "Contrer" to the asked seats only, in private.
	if len(g.Choices(0, "")) != 0 {
		t.Fatal("choices for the caller")
	}
	ch := g.Choices(1, "")
	if len(ch) != 2 || ch[0].Move != "contrer" || ch[1].Move != "non" {
		t.Fatalf("%+v", ch)
	}
	cards := g.Choices(1, "contrer")
	if len(cards) != 2 || cards[0].Move != "contrer L" || !cards[0].Final {
		t.Fatalf("%+v", cards)
	}
	gamestest.MustApply(t, g, 1, "non")
	gamestest.RefusedWith(t, g, 1, "non", "wordsout.err.answered")
	if w := waitingSeats(g); len(w) != 1 || w[0] != 2 {
		t.Fatalf("waiting %v", w)
	}
	gamestest.MustApply(t, g, 2, "no")
	if g.s.Scores[0] != 3 || g.s.Phase != phaseRestart || g.s.Turn != 0 {
		t.Fatal("nobody countered: the caller cashes and keeps the lead")
	}
	gamestest.MustApply(t, g, 0, "A")
	if g.s.Turn != 1 || rowsOf(g)[0] != "A" {
		t.Fatalf("turn %d", g.s.Turn)
	}
}

// WO-D6: seat order after the caller settles ties; the others' cards stay
// in their hands; the window closes once the outcome is known.
func TestWO_D6_SeatOrderSettlesTies(t *testing.T) {
	g := callRue(t, 4, "E A", "S L", "S N E", "L N")
	// Seat 3 answers first, but seat 1 and 2 come before him.
	gamestest.MustApply(t, g, 3, "contrer L")
	if w := waitingSeats(g); len(w) != 2 {
		t.Fatalf("waiting %v", w)
	}
	gamestest.MustApply(t, g, 2, "counter S")
	if w := waitingSeats(g); len(w) != 1 || w[0] != 1 {
		t.Fatalf("waiting %v", w)
	}
	evs := gamestest.MustApply(t, g, 1, "non")
	// Seat 2 wins: RUES is a word, his own WORD OUT. Seat 1 declined and
	// seat 3 countered in this chain: each had his chance (revised WO-D6),
	// nobody is left to counter, seat 2 cashes.
	if rowsOf(g)[0] != "" || handOf(g, 2) != "E N" || handOf(g, 3) != "L N" {
		t.Fatalf("row %s, hands %s / %s", rowsOf(g)[0], handOf(g, 2), handOf(g, 3))
	}
	if !gamestest.HasEvent(evs, "wordsout.ev.nobody_left") || g.s.Scores[2] != 4 || g.s.Scores[0] != 0 {
		t.Fatalf("scores %v", g.s.Scores)
	}
	// Play resumes left of the player whose turn it was (seat 0), after
	// seat 2 restarts the freed row.
	if g.s.Phase != phaseRestart || g.s.Turn != 2 {
		t.Fatalf("phase %d turn %d", g.s.Phase, g.s.Turn)
	}
	gamestest.MustApply(t, g, 2, "N")
	if g.s.Turn != 1 {
		t.Fatalf("turn %d, want 1", g.s.Turn)
	}
}

// WO-D6 (revised): each opponent has one chance per counter chain: a seat
// that declined is not asked again when the word grows, a seat that had
// not answered yet is.
func TestWO_D6_OneChancePerChain(t *testing.T) {
	callMer := func() *Game {
		g := build(t, testDict, 4, [4]string{"M E", "M", "S", "T"}, []string{"R A", "E A", "S A", "E A"}, 20)
		gamestest.MustApply(t, g, 0, "R 1 wordout")
		return g
	}
	// Seats 3 and 2 decline MER, seat 1 counters MERE: nobody is asked
	// again, although seat 2 holds the S of MERES; seat 1 cashes.
	g := callMer()
	gamestest.MustApply(t, g, 3, "non")
	gamestest.MustApply(t, g, 2, "non")
	evs := gamestest.MustApply(t, g, 1, "contrer E")
	if !gamestest.HasEvent(evs, "wordsout.ev.nobody_left") || g.s.Phase == phaseCounter || g.s.Scores[1] != 4 {
		t.Fatalf("phase %d scores %v", g.s.Phase, g.s.Scores)
	}
	// Seat 1 counters MERE at once (first in order): seats 2 and 3 had not
	// answered, they are asked about MERE; seat 2 counters MERES at once,
	// and only seat 3 is asked about it.
	g = callMer()
	gamestest.MustApply(t, g, 1, "contrer E")
	if w := waitingSeats(g); len(w) != 2 || w[0] != 2 || w[1] != 3 || rowsOf(g)[0] != "MERE" {
		t.Fatalf("second window asks %v on %s", w, rowsOf(g)[0])
	}
	r := gamestest.RefusedWith(t, g, 0, "contrer S", "wordsout.err.not_asked")
	if s := fr(r.Msg); !strings.Contains(s, "ta chance") {
		t.Fatal(s)
	}
	// A move of his own while the others answer is told so (not "you had
	// your chance", which is about counters).
	r = gamestest.RefusedWith(t, g, 0, "passe", "wordsout.err.window_wait")
	if s := fr(r.Msg); !strings.Contains(s, "on attend les réponses au WORD OUT de #") {
		t.Fatal(s)
	}
	gamestest.MustApply(t, g, 2, "contrer S")
	if w := waitingSeats(g); len(w) != 1 || w[0] != 3 || rowsOf(g)[0] != "MERES" {
		t.Fatalf("third window asks %v on %s", w, rowsOf(g)[0])
	}
	gamestest.MustApply(t, g, 3, "non")
	if g.s.Scores[2] != 5 || g.s.Scores[1] != 0 || g.s.Scores[0] != 0 || g.s.Turn != 2 || g.s.Phase != phaseRestart {
		t.Fatalf("scores %v turn %d phase %d", g.s.Scores, g.s.Turn, g.s.Phase)
	}
	// The chain survives a save and a reload with its spent seats.
	g = callMer()
	gamestest.MustApply(t, g, 3, "non")
	gamestest.MustApply(t, g, 1, "contrer E")
	data, err := g.Save()
	if err != nil {
		t.Fatal(err)
	}
	g2, err := NewEngine(testDict).Load(data)
	if err != nil {
		t.Fatal(err)
	}
	if w := waitingSeats(g2.(*Game)); len(w) != 1 || w[0] != 2 {
		t.Fatalf("after a reload the window asks %v", w)
	}
}

// WO-D6: the first asked seat's counter closes the window at once.
func TestWO_D6_FirstInOrderClosesAtOnce(t *testing.T) {
	g := callRue(t, 4, "E A", "L N", "S N", "L N")
	gamestest.MustApply(t, g, 1, "contrer L")
	if g.s.Phase == phaseCounter {
		t.Fatal("still waiting although seat 1 has the priority")
	}
	// RUEL is no word: nobody cashes, the row stays, turn to seat 1.
	if rowsOf(g)[0] != "RUEL" || g.s.Scores[0] != 0 || g.s.Turn != 1 || g.s.Phase != phasePlay {
		t.Fatalf("row %s turn %d", rowsOf(g)[0], g.s.Turn)
	}
}

// WO-D6: a counter with REJOUER + card; a counter that begins no word is
// no counter (its card stays in the hand).
func TestWO_D6_CounterRejouerAndFailed(t *testing.T) {
	g := build(t, testDict, 3, [4]string{"M E", "M", "S", "T"}, []string{"R A", "E+ S", "X"}, 20)
	gamestest.MustApply(t, g, 0, "R 1 wordout")
	evs := gamestest.MustApply(t, g, 2, "contrer X")
	if !gamestest.HasEvent(evs, "wordsout.ev.countered") && g.s.Win.Answer[1] != ansDeclined {
		t.Fatal("a failed counter must count as no counter")
	}
	gamestest.RefusedWith(t, g, 1, "contrer E+ S A", "wordsout.err.not_in_hand")
	gamestest.RefusedWith(t, g, 1, "poubelle 1", "wordsout.err.counter_poubelle")
	evs = gamestest.MustApply(t, g, 1, "contrer E+ S")
	if !gamestest.HasEvent(evs, "wordsout.ev.countered") || !gamestest.HasEvent(evs, "wordsout.ev.safe_last") {
		t.Fatal("no counter MERES")
	}
	// Seat 1 emptied his hand with a word: cashed at once, new deal, he
	// starts the freed row.
	if g.s.Scores[1] != 5 || rowsOf(g)[0] != "" || g.s.Phase != phaseRestart || g.s.Turn != 1 {
		t.Fatalf("scores %v phase %d", g.s.Scores, g.s.Phase)
	}
}

// WO-D6 with "forgiving": an impossible counter is refused.
func TestWO_D6_ForgivingCounter(t *testing.T) {
	g := build(t, testDict, 2, [4]string{"R U", "M", "S", "T"}, []string{"E A", "X S"}, 20)
	g.s.Forgiving = true
	gamestest.MustApply(t, g, 0, "E 1 wordout")
	gamestest.RefusedWith(t, g, 1, "contrer X", "wordsout.err.not_prefix")
	gamestest.RefusedWith(t, g, 0, "contrer S", "wordsout.err.own_word")
	evs := gamestest.MustApply(t, g, 1, "contrer S")
	if !gamestest.HasEvent(evs, "wordsout.ev.countered") {
		t.Fatal("no counter")
	}
	// Two players: nobody is left to counter RUES; seat 1 cashes.
	if g.s.Scores[1] != 4 {
		t.Fatalf("scores %v", g.s.Scores)
	}
}

// WO-D7: the last card of a hand ends the deal; the hands go back into
// the PIOCHE; 8 cards each from the player who went out, who leads.
func TestWO_D7_NewDeal(t *testing.T) {
	g := build(t, testDict, 3, [4]string{"R U", "M", "S", "T"}, []string{"E", "S L", "E N X"}, 30)
	evs := gamestest.MustApply(t, g, 0, "E 2")
	if !gamestest.HasEvent(evs, "wordsout.ev.new_deal") {
		t.Fatal("no new deal")
	}
	for p, h := range g.s.Hands {
		if len(h) != 8 {
			t.Fatalf("seat %d: %d cards", p, len(h))
		}
	}
	if g.s.Pioche.Len() != 30+5-24 || g.s.Turn != 0 || g.s.Phase != phasePlay || g.s.Deals != 2 || g.s.LastDeal {
		t.Fatalf("pioche %d turn %d", g.s.Pioche.Len(), g.s.Turn)
	}
	if rowsOf(g)[1] != "ME" {
		t.Fatal("rows stay as they are")
	}
}

// WO-D7: the last deal, then the bonus of the player who goes out.
func TestWO_D7_LastDealAndBonus(t *testing.T) {
	g := build(t, testDict, 3, [4]string{"R U", "M", "S", "T"}, []string{"E", "S L", "E N X"}, 2)
	evs := gamestest.MustApply(t, g, 0, "E 2")
	if !gamestest.HasEvent(evs, "wordsout.ev.last_deal") || !g.s.LastDeal || g.s.Pioche.Len() != 0 {
		t.Fatal("no last deal")
	}
	// 7 cards, one at a time from seat 0: 3, 2, 2.
	if len(g.s.Hands[0]) != 3 || len(g.s.Hands[1]) != 2 || len(g.s.Hands[2]) != 2 {
		t.Fatalf("hands %d %d %d", len(g.s.Hands[0]), len(g.s.Hands[1]), len(g.s.Hands[2]))
	}
	// Nobody draws any more.
	gamestest.MustApply(t, g, 0, "passe")
	if len(g.s.Hands[0]) != 3 {
		t.Fatal("drew after the last deal")
	}
	// Seat 1 goes out: +4 (the cards of the others), they lose theirs.
	g.s.Hands[1] = parseTestCards(t, "E")
	gamestest.MustApply(t, g, 1, "E 1")
	if g.s.Phase == phaseCall {
		gamestest.MustApply(t, g, 1, "non")
	}
	if !g.s.Over || g.s.Scores[1] != 5 || g.s.Scores[0] != -3 || g.s.Scores[2] != -2 {
		t.Fatalf("over %v scores %v", g.s.Over, g.s.Scores)
	}
	if len(g.Waiting()) != 0 {
		t.Fatal("waiting after the end")
	}
	gamestest.RefusedWith(t, g, 0, "passe", "wordsout.err.game_over")
	if w := g.Result().Winners(); len(w) != 1 || w[0] != 1 {
		t.Fatalf("winners %v", w)
	}
}

// WO-D7 (revised): once passes have drawn the PIOCHE dry, going out ends
// the game with the bonus: no new deal.
func TestWO_D7_PiocheDrawnDryEndsTheGame(t *testing.T) {
	g := build(t, testDict, 3, [4]string{"R U", "M", "S", "T"}, []string{"X Q", "E", "K W Y"}, 1)
	evs := gamestest.MustApply(t, g, 0, "passe")
	if !gamestest.HasEvent(evs, "wordsout.ev.pioche_dry") || !g.s.LastDeal || len(g.s.Hands[0]) != 3 {
		t.Fatal("the draw of the last card makes this deal the last")
	}
	if pub := gamestest.ViewText(g.Public()); !strings.Contains(pub, "DERNIÈRE DONNE") {
		t.Fatal(pub)
	}
	evs = gamestest.MustApply(t, g, 1, "E 2")
	if gamestest.HasEvent(evs, "wordsout.ev.new_deal") || gamestest.HasEvent(evs, "wordsout.ev.last_deal") {
		t.Fatal("hands dealt again after the PIOCHE emptied")
	}
	if !g.s.Over || g.s.Scores[1] != 6 || g.s.Scores[0] != -3 || g.s.Scores[2] != -3 {
		t.Fatalf("over %v scores %v", g.s.Over, g.s.Scores)
	}
	// A saved game whose PIOCHE emptied without the flag ends the same way.
	g = build(t, testDict, 2, [4]string{"R U", "M", "S", "T"}, []string{"E", "X Q"}, 0)
	gamestest.MustApply(t, g, 0, "E 2")
	if !g.s.Over || g.s.Scores[0] != 2 || g.s.Scores[1] != -2 {
		t.Fatalf("over %v scores %v", g.s.Over, g.s.Scores)
	}
}

// WO-D7: a PIOCHE of exactly 8 cards a player is dealt as the last deal:
// it leaves nothing to draw.
func TestWO_D7_ExactDealIsTheLast(t *testing.T) {
	g := build(t, testDict, 2, [4]string{"R U", "M", "S", "T"}, []string{"E", "X Q"}, 14)
	evs := gamestest.MustApply(t, g, 0, "E 2")
	if !gamestest.HasEvent(evs, "wordsout.ev.last_deal") || !g.s.LastDeal || g.s.Pioche.Len() != 0 {
		t.Fatal("no last deal")
	}
	if len(g.s.Hands[0]) != 8 || len(g.s.Hands[1]) != 8 {
		t.Fatalf("hands %d %d", len(g.s.Hands[0]), len(g.s.Hands[1]))
	}
}

// WO-D7: every player passes in a row with nothing to draw: each loses his
// cards in hand and the game ends.
func TestWO_D7_AllPass(t *testing.T) {
	g := build(t, testDict, 3, [4]string{"R U", "M", "S", "T"}, []string{"X X", "Q", "K W Y"}, 0)
	g.s.LastDeal = true
	gamestest.MustApply(t, g, 0, "passe")
	gamestest.MustApply(t, g, 1, "passe")
	if g.s.Over {
		t.Fatal("over too soon")
	}
	evs := gamestest.MustApply(t, g, 2, "passe")
	if !gamestest.HasEvent(evs, "wordsout.ev.all_passed") || !g.s.Over {
		t.Fatal("not over")
	}
	if g.s.Scores[0] != -2 || g.s.Scores[1] != -1 || g.s.Scores[2] != -3 {
		t.Fatalf("scores %v", g.s.Scores)
	}
	// A lay in between resets the count.
	g = build(t, testDict, 2, [4]string{"R U", "M", "S", "T"}, []string{"X E", "Q"}, 0)
	gamestest.MustApply(t, g, 0, "passe")
	gamestest.MustApply(t, g, 1, "passe")
	if !g.s.Over {
		t.Fatal("two players passed in a row")
	}
	g = build(t, testDict, 2, [4]string{"R U", "M", "S", "T"}, []string{"X E", "Q"}, 0)
	gamestest.MustApply(t, g, 0, "passe")
	g.s.Hands[1] = parseTestCards(t, "E Q")
	gamestest.MustApply(t, g, 1, "E 2")
	gamestest.MustApply(t, g, 0, "passe")
	if g.s.Over {
		t.Fatal("a lay must reset the passes")
	}
}

// Refusals: not your turn, unknown card, no row, bad syntax.
func TestRefusals(t *testing.T) {
	g := build(t, testDict, 2, [4]string{"R U", "M", "S", "T"}, []string{"E A", "S"}, 10)
	gamestest.RefusedWith(t, g, 1, "S 3", "wordsout.err.not_your_turn")
	gamestest.RefusedWith(t, g, 5, "S 3", "wordsout.err.not_seated")
	gamestest.RefusedWith(t, g, 0, "Z 1", "wordsout.err.not_in_hand")
	gamestest.RefusedWith(t, g, 0, "E+ 1", "wordsout.err.not_in_hand")
	gamestest.RefusedWith(t, g, 0, "E", "wordsout.err.which_row")
	gamestest.RefusedWith(t, g, 0, "E 5", "wordsout.err.no_row")
	gamestest.RefusedWith(t, g, 0, "E 2 x", "wordsout.err.syntax")
	gamestest.RefusedWith(t, g, 0, "contrer E", "wordsout.err.no_window")
	gamestest.RefusedWith(t, g, 0, "poubelle", "wordsout.err.poubelle_row")
	r := gamestest.RefusedWith(t, g, 0, "poubelle 1", "wordsout.err.not_in_hand")
	if got := (i18n.Renderer{Lang: i18n.FR}).Text(r.Msg); got != "Tu n'as pas de POUBELLE en main." {
		t.Errorf("no POUBELLE: %q", got)
	}
	gamestest.RefusedWith(t, g, 0, "", "wordsout.err.syntax")
	gamestest.RefusedWith(t, g, 0, strings.Repeat("E ", 150), "wordsout.err.syntax")
}

// Every move the choices offer fits a button (40 bytes) and is accepted.
func TestChoicesAreLegalMoves(t *testing.T) {
	e := realEngine()
	for seed := uint64(1); seed <= 12; seed++ {
		gg, _ := e.New(nil, 2+int(seed%4), seed)
		g := gg.(*Game)
		for n := 0; n < 400 && !g.s.Over; n++ {
			for _, w := range g.Waiting() {
				walkChoices(t, g, w.Seat, "", 0)
			}
			w := g.Waiting()[0]
			gamestest.MustApply(t, g, w.Seat, g.Bot(w.Seat, games.Strong))
		}
	}
}

func walkChoices(t *testing.T, g *Game, seat int, prefix string, depth int) {
	t.Helper()
	if depth > 10 {
		t.Fatalf("choices too deep at %q", prefix)
	}
	for _, c := range g.Choices(seat, prefix) {
		if len(c.Move) > 40 {
			t.Fatalf("move %q longer than 40 bytes", c.Move)
		}
		if c.Final {
			ng := &Game{s: g.s.clone(), dict: g.dict}
			if _, err := ng.Apply(seat, c.Move); err != nil {
				if r, ok := err.(*games.Refusal); !ok || r.Msg.Key != "wordsout.err.not_prefix" {
					t.Fatalf("choice %q refused: %v", c.Move, err)
				}
			}
			continue
		}
		if c.Move == prefix {
			t.Fatalf("choice loops on %q", prefix)
		}
		if depth < 2 || strings.HasPrefix(c.Move, "contrer") {
			walkChoices(t, g, seat, c.Move, depth+1)
		}
	}
}

// WO-D6: "Contre noté… Il compte si personne avant toi ne contre" is
// pending until the window closes; the answer that closes it does not
// carry it, since the board tells the outcome in the same move.
func TestWO_D6_CounterNoteSettledByTheAnswerThatClosesTheWindow(t *testing.T) {
	g := callRue(t, 4, "E A", "S L", "S N E", "L N")
	evs := gamestest.MustApply(t, g, 3, "contrer L")
	if !pendingFor(evs, 3, "wordsout.pv.counter_noted") {
		t.Fatalf("the note of a counter that waits for the others is not pending: %+v", evs)
	}
	g = callRue(t, 4, "E A", "S L", "S N E", "L N")
	gamestest.MustApply(t, g, 1, "non")
	gamestest.MustApply(t, g, 3, "non")
	evs = gamestest.MustApply(t, g, 2, "counter S")
	if g.s.Win != nil {
		t.Fatal("the window is still open")
	}
	for _, e := range evs {
		if e.Msg.Key == "wordsout.pv.counter_noted" {
			t.Fatalf("a note the same move made false: %+v", evs)
		}
	}
}

func pendingFor(evs []games.Event, seat int, key string) bool {
	for _, e := range evs {
		if e.To == seat && e.Msg.Key == key && e.Pending {
			return true
		}
	}
	return false
}
