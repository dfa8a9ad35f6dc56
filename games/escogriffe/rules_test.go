package escogriffe

import (
	"slices"
	"strings"
	"testing"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/games/gamestest"
	"github.com/tablee/tablee/i18n"
)

func head(j int) int { return headOf[j] }
func feet(j int) int { return feetOf[j] }
func body(a, b int) int {
	for _, id := range bodyOut[a] {
		if Deck[id].Bottom == b {
			return id
		}
	}
	panic("no body card")
}
func stretch(j, n int) int { return stretchAt[j][n] }

// custom builds a position: the hands, figures and discard piles given, the
// other cards in the PIOCHE; seat 0 to draw.
func custom(t *testing.T, players, objective int, hands, figs, piles [][]int) *state {
	t.Helper()
	s := newState(t, players, 1)
	s.Objective, s.Die = objective, objective-4
	s.Hands, s.Figures, s.Piles = make([][]int, players), make([][]int, players), piles
	used := map[int]bool{}
	for _, g := range [][][]int{hands, figs, piles} {
		for _, cards := range g {
			for _, id := range cards {
				if used[id] {
					t.Fatalf("card %s twice", Deck[id].Code)
				}
				used[id] = true
			}
		}
	}
	for i := range players {
		s.Hands[i], s.Figures[i] = []int{}, []int{}
		if i < len(hands) {
			s.Hands[i] = append([]int{}, hands[i]...)
		}
		if i < len(figs) {
			s.Figures[i] = append([]int{}, figs[i]...)
		}
	}
	s.Pioche = nil
	for id := DeckSize - 1; id >= 0; id-- {
		if !used[id] {
			s.Pioche = append(s.Pioche, id)
		}
	}
	s.Turn, s.First, s.Phase = 0, 0, phaseDraw
	if err := s.check(); err != nil {
		t.Fatal(err)
	}
	return s
}

// refused checks that the move is refused with the key, and changes nothing;
// the key has a text in both languages.
func refused(t *testing.T, s *state, seat int, mv, key string) games.Refusal {
	t.Helper()
	r := gamestest.RefusedWith(t, s, seat, mv, key)
	if !i18n.Has(i18n.FR, key) || !i18n.Has(i18n.EN, key) {
		t.Fatalf("refusal key %s missing from a catalogue", key)
	}
	return *r
}

func play(t *testing.T, s *state, seat int, mv string) []games.Event {
	t.Helper()
	ev, err := s.Apply(seat, mv)
	if err != nil {
		t.Fatalf("%q: %v", mv, err)
	}
	if err := s.check(); err != nil {
		t.Fatalf("after %q: %v", mv, err)
	}
	return ev
}

func hasEvent(ev []games.Event, key string) bool {
	return slices.ContainsFunc(ev, func(e games.Event) bool { return e.Msg.Key == key })
}

var twoPiles = func() [][]int { return [][]int{{stretch(15, 0)}, {stretch(15, 1)}} }

func TestRoundSetup(t *testing.T) {
	for players := 2; players <= 8; players++ {
		for seed := uint64(0); seed < 20; seed++ {
			s := newState(t, players, seed)
			if s.Objective != s.Die+4 || s.Die < 1 || s.Die > 8 {
				t.Fatalf("die %d objective %d", s.Die, s.Objective)
			}
			want := 2
			if players >= 6 {
				want = 3
			}
			if len(s.Piles) != want {
				t.Fatalf("%d players: %d piles, want %d", players, len(s.Piles), want)
			}
			for _, p := range s.Piles {
				if len(p) != 1 {
					t.Fatalf("pile of %d cards at the start", len(p))
				}
			}
			for _, h := range s.Hands {
				if len(h) != s.Objective {
					t.Fatalf("hand of %d cards, objective %d", len(h), s.Objective)
				}
			}
			if err := s.check(); err != nil {
				t.Fatal(err)
			}
		}
	}
	// The die is fair enough: every objective from 5 to 12 turns up.
	seen := map[int]bool{}
	for seed := uint64(0); seed < 200; seed++ {
		seen[newState(t, 4, seed).Objective] = true
	}
	if len(seen) != 8 {
		t.Fatalf("objectives seen: %v", seen)
	}
}

func TestPlaceJoinMustMatch(t *testing.T) {
	s := custom(t, 2, 6,
		[][]int{{body(1, 2), body(3, 4), body(9, 0), feet(5), head(7)}, {feet(0)}},
		[][]int{{body(0, 1)}}, twoPiles())
	r := refused(t, s, 0, "poser 2 bas", "escogriffe.mismatch_bottom")
	want := cardText(body(3, 4)) + " does not fit at the bottom: the figure needs " + joinText(1) + ", the card offers " + joinText(3) + "."
	if got := (i18n.Renderer{Lang: i18n.EN}).Text(r.Msg); got != want {
		t.Fatalf("%q, want %q", got, want)
	}
	refused(t, s, 0, "poser 2 haut", "escogriffe.mismatch_top")
	refused(t, s, 0, "poser 2", "escogriffe.mismatch_top")
	refused(t, s, 0, "poser 4 bas", "escogriffe.mismatch_bottom")
	refused(t, s, 0, "poser 4 haut", "escogriffe.feet_bottom_only")
	refused(t, s, 0, "poser 5 bas", "escogriffe.head_top_only")
	play(t, s, 0, "poser 1 bas") // 1->2 under 0->1
	if !slices.Equal(s.Figures[0], []int{body(0, 1), body(1, 2)}) {
		t.Fatalf("figure %v", s.Figures[0])
	}
	play(t, s, 1, "poser 1") // first card: anything
	// Card 1 left the hand; the others keep their numbers: 9->0 is still 3.
	play(t, s, 0, "place 3 TOP")
	if s.Figures[0][0] != body(9, 0) {
		t.Fatal("9->0 not on top")
	}
}

func TestNothingAboveHeadOrBelowFeet(t *testing.T) {
	s := custom(t, 2, 6,
		[][]int{{body(9, 0), body(1, 2), stretch(0, 0)}, {body(3, 4)}},
		[][]int{{head(0), body(0, 1)}, {body(2, 3), feet(3)}}, twoPiles())
	refused(t, s, 0, "poser 1 haut", "escogriffe.above_head")
	refused(t, s, 0, "poser 3 haut", "escogriffe.above_head")
	play(t, s, 0, "poser 2")
	s.Turn = 1
	refused(t, s, 1, "poser 1 bas", "escogriffe.below_feet")
}

func TestPlaceNeedsASideWhenBothFit(t *testing.T) {
	s := custom(t, 2, 6, [][]int{{stretch(0, 1), body(1, 2)}}, [][]int{{stretch(0, 0)}}, twoPiles())
	// the figure is a stretch on join 0: the other copy fits both ends.
	refused(t, s, 0, "poser 1", "escogriffe.which_side")
	play(t, s, 0, "poser 1 bas")
	if len(s.Figures[0]) != 2 {
		t.Fatal("the second copy of a STRETCH card must be allowed in one figure")
	}
}

func TestES_D3_CompleteAtObjectiveScoresPlus3(t *testing.T) {
	s := custom(t, 3, 5,
		[][]int{{feet(3)}, {body(5, 6), body(6, 7), body(9, 10)}, {feet(13)}},
		[][]int{{head(0), body(0, 1), body(1, 2), body(2, 3)}, {head(5)}, {head(8), body(8, 9), body(9, 12), body(12, 13)}},
		twoPiles())
	ev := play(t, s, 0, "poser 1 bas")
	if !hasEvent(ev, "escogriffe.ev_complete") || s.Gained[0] != 8 {
		t.Fatalf("complete at 5: gained %d, events %v", s.Gained[0], ev)
	}
	// ES-D4: seat 1 cannot complete with one card: only seat 2 is asked.
	if s.Phase != phaseLast || !slices.Equal(s.Queue, []int{2}) {
		t.Fatalf("last chance queue %v", s.Queue)
	}
	if w := s.Waiting(); len(w) != 1 || w[0].Seat != 2 || w[0].Timeout != "passe" {
		t.Fatalf("waiting %v", w)
	}
}

func TestES_D3_FigureCannotCloseShortOfObjective(t *testing.T) {
	s := custom(t, 2, 7, [][]int{{feet(1), body(1, 2), body(2, 3), body(3, 4), feet(4)}, {feet(0)}},
		[][]int{{head(0), body(0, 1)}}, twoPiles())
	refused(t, s, 0, "poser 1 bas", "escogriffe.closes_short")
	refused(t, s, 0, "poser 1", "escogriffe.closes_short")
	for _, pl := range s.legalPlacements(0) {
		if pl.k == 1 {
			t.Fatal("closing card listed as legal")
		}
	}
}

func TestES_D4_LastChanceInSeatOrderScoresHeight(t *testing.T) {
	// Seat 2 wins; seats 3, 0, 1 follow in that order; seat 0 cannot
	// complete and is skipped.
	s := custom(t, 4, 5,
		[][]int{{body(5, 6), body(6, 7), body(9, 10)}, {feet(14)}, {feet(3)}, {head(9), body(8, 9)}},
		[][]int{{head(5), body(5, 8)}, {head(13), body(13, 14)}, {head(0), body(0, 1), body(1, 2), body(2, 3)}, {body(9, 12), feet(12)}},
		twoPiles())
	s.Turn = 2
	play(t, s, 2, "poser 1 bas")
	if !slices.Equal(s.Queue, []int{3, 1}) {
		t.Fatalf("queue %v, want [3 1]", s.Queue)
	}
	refused(t, s, 1, "passe", "escogriffe.not_your_turn")
	refused(t, s, 3, "pioche", "escogriffe.last_chance_only")
	refused(t, s, 3, "poser 2 haut", "escogriffe.not_completing") // 8->9 fits but does not complete
	play(t, s, 3, "passe")
	if s.Over || s.Round != 1 {
		t.Fatal("round ended before the last chance was over")
	}
	ev := play(t, s, 1, "poser 1 bas")
	if !hasEvent(ev, "escogriffe.ev_last_done") || !hasEvent(ev, "escogriffe.ev_round_end") {
		t.Fatalf("events %v", ev)
	}
	if want := []int{0, 3, 8, 0}; !slices.Equal(s.Scores, want) {
		t.Fatalf("scores %v, want %v", s.Scores, want)
	}
}

func TestFirstPlayerRotatesEachRound(t *testing.T) {
	s := custom(t, 3, 5, [][]int{{feet(3)}, {feet(9)}, {feet(10)}},
		[][]int{{head(0), body(0, 1), body(1, 2), body(2, 3)}}, twoPiles())
	for round := 1; round <= 4; round++ {
		if s.First != (round-1)%3 || s.Turn != s.First || s.Round != round {
			t.Fatalf("round %d: first %d turn %d (round %d)", round, s.First, s.Turn, s.Round)
		}
		// end the round by hand: give the first player a winning position.
		f := s.First
		s2 := custom(t, 3, 5, [][]int{{feet(3)}, {feet(9)}, {feet(10)}}, nil, twoPiles())
		s2.Hands, s2.Figures = make([][]int, 3), make([][]int, 3)
		for i := range 3 {
			s2.Hands[i], s2.Figures[i] = []int{}, []int{}
		}
		s2.Hands[f] = []int{feet(3)}
		s2.Figures[f] = []int{head(0), body(0, 1), body(1, 2), body(2, 3)}
		s2.Hands[(f+1)%3] = []int{feet(9)}
		s2.Hands[(f+2)%3] = []int{feet(10)}
		s2.Pioche = nil
		used := map[int]bool{}
		for _, g := range [][][]int{s2.Hands, s2.Figures, s2.Piles} {
			for _, c := range g {
				for _, id := range c {
					used[id] = true
				}
			}
		}
		for id := range DeckSize {
			if !used[id] {
				s2.Pioche = append(s2.Pioche, id)
			}
		}
		s2.First, s2.Turn, s2.Round, s2.Scores, s2.RNG = f, f, s.Round, s.Scores, s.RNG
		play(t, s2, f, "poser 1 bas")
		s = s2
	}
}

func TestEndAt50HighestTotalWins(t *testing.T) {
	s := custom(t, 3, 5,
		[][]int{{feet(3)}, {feet(14)}, {body(9, 10)}},
		[][]int{{head(0), body(0, 1), body(1, 2), body(2, 3)}, {head(13), body(13, 14)}},
		twoPiles())
	s.Scores = []int{45, 48, 49}
	play(t, s, 0, "poser 1 bas") // 45+8 = 53
	if s.Over {
		t.Fatal("over before the last chance")
	}
	play(t, s, 1, "poser 1") // 48+3 = 51
	if !s.Over || !slices.Equal(s.Champions, []int{0}) || !slices.Equal(s.Result().Winners(), []int{0}) {
		t.Fatalf("over %v champions %v scores %v", s.Over, s.Champions, s.Scores)
	}
	refused(t, s, 0, "pioche", "escogriffe.over")
	if len(s.Waiting()) != 0 {
		t.Fatal("waiting after the end")
	}
}

func TestEndAt50EqualTotalsShare(t *testing.T) {
	s := custom(t, 2, 5, [][]int{{feet(3)}, {feet(14)}},
		[][]int{{head(0), body(0, 1), body(1, 2), body(2, 3)}, {head(13), body(13, 14)}}, twoPiles())
	s.Scores = []int{45, 50}
	play(t, s, 0, "poser 1 bas") // 53
	play(t, s, 1, "poser 1 bas") // 53
	if !s.Over || !slices.Equal(s.Champions, []int{0, 1}) || !slices.Equal(s.Result().Winners(), []int{0, 1}) {
		t.Fatalf("champions %v scores %v", s.Champions, s.Scores)
	}
}

func TestNoWinnerBelow50(t *testing.T) {
	s := custom(t, 2, 5, [][]int{{feet(3)}, {feet(14)}},
		[][]int{{head(0), body(0, 1), body(1, 2), body(2, 3)}}, twoPiles())
	s.Scores = []int{30, 49}
	play(t, s, 0, "poser 1 bas")
	if s.Over || s.Round != 2 || s.Scores[0] != 38 {
		t.Fatalf("over %v round %d scores %v", s.Over, s.Round, s.Scores)
	}
}

func TestTakingLastCardOfPileForcesDiscardThere(t *testing.T) {
	s := custom(t, 2, 5, [][]int{{body(0, 1), body(1, 2)}, {body(3, 4)}}, nil,
		[][]int{{stretch(15, 0), body(9, 10)}, {stretch(15, 1)}})
	play(t, s, 0, "prendre 2")
	if s.Forced != 2 {
		t.Fatal("pile 2 emptied without a forced discard")
	}
	refused(t, s, 0, "jeter 1 1", "escogriffe.must_pile")
	if w := s.Waiting()[0].Timeout; w != "jeter 3 2" {
		t.Fatalf("timeout %q", w)
	}
	for _, c := range s.Choices(0, "") {
		if !c.Final || c.Move[len(c.Move)-1] != '2' {
			t.Fatalf("choice %q: the discard must go on pile 2", c.Move)
		}
	}
	play(t, s, 0, "jeter 1")
	if len(s.Piles[1]) != 1 || s.Piles[1][0] != body(0, 1) {
		t.Fatalf("pile 2: %v", s.Piles[1])
	}
	// Not the last card: any pile, which must be said.
	play(t, s, 1, "take 1")
	refused(t, s, 1, "discard 1", "escogriffe.which_pile")
	play(t, s, 1, "discard 2 2")
}

// The reshuffle (revised): when the PIOCHE runs out, every discard, top
// cards included, is shuffled into a new PIOCHE, and new piles are turned
// from it, one card each.
func TestReshuffle_TakesEveryDiscardAndTurnsNewPiles(t *testing.T) {
	piles := [][]int{{stretch(15, 0), body(9, 10), body(10, 11)}, {stretch(15, 1), body(12, 13)}}
	var discards []int
	for _, p := range piles {
		discards = append(discards, p...)
	}
	s := custom(t, 2, 5, [][]int{{body(0, 1)}, {body(3, 4)}}, nil, piles)
	// Empty the PIOCHE but one card.
	rest := append([]int(nil), s.Pioche...)
	s.Hands[1] = append(s.Hands[1], rest[1:]...)
	s.Pioche = rest[:1]
	ev := play(t, s, 0, "pioche")
	if !hasEvent(ev, "escogriffe.ev_reshuffle") {
		t.Fatal("no reshuffle when the PIOCHE ran out")
	}
	if len(s.Piles[0]) != 1 || len(s.Piles[1]) != 1 || len(s.Pioche) != 3 {
		t.Fatalf("piles %v, PIOCHE %v: want two turned cards and a PIOCHE of 3", s.Piles, s.Pioche)
	}
	got := append([]int{s.Piles[0][0], s.Piles[1][0]}, s.Pioche...)
	slices.Sort(got)
	slices.Sort(discards)
	if !slices.Equal(got, discards) {
		t.Fatalf("piles and PIOCHE hold %v, want every discard %v", got, discards)
	}
	txt := (i18n.Renderer{Lang: i18n.FR}).Text(ev[len(ev)-1].Msg)
	if txt != "La pioche est vide : les défausses sont mélangées (5 cartes) et 2 nouvelles défausses retournées ; la pioche en compte 3." {
		t.Fatalf("%q", txt)
	}
	// The player discards as usual on the new piles.
	play(t, s, 0, "jeter 1 sur 2")
	if len(s.Piles[1]) != 2 {
		t.Fatalf("piles %v", s.Piles)
	}

	// Discards of one card a pile only: no reshuffle, the PIOCHE stays
	// empty and a discard can still be taken.
	s = custom(t, 2, 5, [][]int{{body(0, 1)}, {body(3, 4)}}, nil, twoPiles())
	rest = append([]int(nil), s.Pioche...)
	s.Hands[1] = append(s.Hands[1], rest[1:]...)
	s.Pioche = rest[:1]
	if ev := play(t, s, 0, "pioche"); hasEvent(ev, "escogriffe.ev_reshuffle") || len(s.Pioche) != 0 {
		t.Fatal("reshuffled two lone top cards")
	}
}

func TestRefusals(t *testing.T) {
	s := custom(t, 3, 6, [][]int{{body(0, 1), body(1, 2), body(2, 3)}, {body(3, 4)}, {body(5, 6)}}, nil, twoPiles())
	refused(t, s, 1, "pioche", "escogriffe.not_your_turn")
	refused(t, s, 0, "jeter 1 1", "escogriffe.draw_first")
	refused(t, s, 0, "passe", "escogriffe.cannot_pass")
	refused(t, s, 0, "poser 9 haut", "escogriffe.no_card")
	refused(t, s, 0, "prendre 3", "escogriffe.no_pile")
	refused(t, s, 0, "prendre", "escogriffe.which_take")
	refused(t, s, 0, "prendre la défausse", "escogriffe.which_take")
	for _, mv := range []string{"", "bonjour", "poser", "poser x", "prendre 1 2", "jeter", "jeter 0 1",
		"poser 1 gauche", "pioche 2 3", "jeter -1 1", "poser 1 haut bas", "jeter 1 +1", "poser en haut"} {
		refused(t, s, 0, mv, "escogriffe.syntax")
	}
	s.Piles[1] = nil
	s.Pioche = append(s.Pioche, stretch(15, 1))
	refused(t, s, 0, "prendre 2", "escogriffe.pile_empty")
	s.Piles[1] = []int{stretch(15, 1)}
	s.Pioche = s.Pioche[:len(s.Pioche)-1]
	play(t, s, 0, "PIOCHE")
	refused(t, s, 0, "pioche", "escogriffe.must_discard")
	refused(t, s, 0, "poser 1 haut", "escogriffe.must_discard")
	refused(t, s, 0, "jeter 7 1", "escogriffe.no_card")
	refused(t, s, 0, "jeter 1 5", "escogriffe.no_pile")
	refused(t, s, 1, "jeter 1 1", "escogriffe.not_your_turn")
	play(t, s, 0, "Jeter 4 1")
	s = custom(t, 3, 6, [][]int{{body(0, 1), body(1, 2), body(2, 3)}, {body(3, 4)}, {body(5, 6)}}, nil, twoPiles())
	s.Hands[2] = append(s.Hands[2], s.Pioche...)
	s.Pioche = nil
	refused(t, s, 0, "draw", "escogriffe.pioche_empty")
	if w := s.Waiting()[0].Timeout; w != "prendre 1" {
		t.Fatalf("timeout with an empty PIOCHE: %q", w)
	}
}

func TestParseMoveFrenchAndEnglish(t *testing.T) {
	cases := map[string]move{
		"pioche":         {verb: vDraw},
		"DRAW":           {verb: vDraw},
		"/prendre 2":     {verb: vTake, a: 2},
		"take 1":         {verb: vTake, a: 1},
		"jeter 5 1":      {verb: vDiscard, a: 5, b: 1},
		"discard 5":      {verb: vDiscard, a: 5},
		"poser 3 haut":   {verb: vPlace, a: 3, side: sideTop},
		"Place 3 Bottom": {verb: vPlace, a: 3, side: sideBottom},
		"poser 3 bas":    {verb: vPlace, a: 3, side: sideBottom},
		"place 12 top":   {verb: vPlace, a: 12, side: sideTop},
		"poser 4":        {verb: vPlace, a: 4},
		"  passe ":       {verb: vPass},
		"pass":           {verb: vPass},
		// Natural phrasings (the little words are dropped).
		"poser 1 en haut":                      {verb: vPlace, a: 1, side: sideTop},
		"poser la carte 3 en bas de ma figure": {verb: vPlace, a: 3, side: sideBottom},
		"pose 2 au-dessus":                     {verb: vPlace, a: 2, side: sideTop},
		"poser en bas la carte 4":              {verb: vPlace, a: 4, side: sideBottom},
		"poser 5⬆":                             {verb: vPlace, a: 5, side: sideTop},
		"place card 1 at the bottom":           {verb: vPlace, a: 1, side: sideBottom},
		"place 1 on top":                       {verb: vPlace, a: 1, side: sideTop},
		"prendre défausse 1":                   {verb: vTake, a: 1},
		"prendre la défausse 2":                {verb: vTake, a: 2},
		"take from pile 2":                     {verb: vTake, a: 2},
		"piocher dans la défausse 2":           {verb: vTake, a: 2},
		"prendre la pioche":                    {verb: vDraw},
		"/piocher":                             {verb: vDraw},
		"piocher une carte":                    {verb: vDraw},
		"tirer":                                {verb: vDraw},
		"jeter 1 sur 2":                        {verb: vDiscard, a: 1, b: 2},
		"jeter la carte 1 sur la défausse 2":   {verb: vDiscard, a: 1, b: 2},
		"discard 1 onto pile 2":                {verb: vDiscard, a: 1, b: 2},
		"Défausser 4 sur 1":                    {verb: vDiscard, a: 4, b: 1},
		"jeter 1 sur la défausse n° 2":         {verb: vDiscard, a: 1, b: 2},
	}
	for in, want := range cases {
		got, ok := parseMove(in)
		if !ok || got != want {
			t.Errorf("%q: %+v %v, want %+v", in, got, ok, want)
		}
	}
}

func TestTimeoutDiscardsTheDrawnCard(t *testing.T) {
	s := custom(t, 2, 5, [][]int{{body(0, 1), body(1, 2)}, {body(3, 4)}}, nil,
		[][]int{{stretch(15, 0), body(9, 10)}, {stretch(15, 1)}})
	if w := s.Waiting(); w[0].Seat != 0 || w[0].Timeout != "pioche" {
		t.Fatalf("%v", w)
	}
	play(t, s, 0, "prendre 1")
	drawn := s.Drawn
	if w := s.Waiting()[0].Timeout; w != "jeter 3 1" {
		t.Fatalf("timeout %q", w)
	}
	play(t, s, 0, s.Waiting()[0].Timeout)
	if s.Piles[0][len(s.Piles[0])-1] != drawn || len(s.Hands[0]) != 2 {
		t.Fatal("timeout did not give the drawn card back")
	}
	play(t, s, 1, "pioche")
	play(t, s, 1, s.Waiting()[0].Timeout)
}

func TestVerbsAndRegistration(t *testing.T) {
	e, ok := games.Lookup("Escogriffe")
	if !ok {
		t.Fatal("not registered")
	}
	if lo, hi := e.Seats(); lo != 2 || hi != 8 {
		t.Fatalf("seats %d-%d", lo, hi)
	}
	want := []string{"pioche", "piocher", "prendre", "jeter", "poser", "draw", "take", "discard", "place"}
	if !slices.Equal(e.Verbs(), want) {
		t.Fatalf("verbs %v", e.Verbs())
	}
	for _, v := range e.Verbs() {
		if _, ok := verbWords[v]; !ok {
			t.Errorf("verb %q not understood as a move", v)
		}
	}
	if _, err := e.New(nil, 1, 0); err == nil {
		t.Fatal("1 player accepted")
	}
	if _, err := e.New(nil, 9, 0); err == nil {
		t.Fatal("9 players accepted")
	}
	if _, err := e.Load([]byte(`{"players":2}`)); err == nil {
		t.Fatal("broken save loaded")
	}
}

// TestES_HandNumbersStayWithTheirCards: a card keeps its number as long as
// it is in the hand, so "poser 5 haut" plays the card the player read as 5
// whatever left the hand since; a drawn card fills the first free number,
// and a number no card holds is refused with the numbers that are held.
func TestES_HandNumbersStayWithTheirCards(t *testing.T) {
	hand := []int{body(0, 1), body(1, 2), body(2, 3), body(3, 4), body(9, 0)}
	s := custom(t, 2, 6, [][]int{hand, {feet(0)}}, nil, twoPiles())
	play(t, s, 0, "poser 2 haut") // 1->2 starts the figure
	play(t, s, 1, "pioche")
	play(t, s, 1, "jeter 2 1")
	// Card 5 is still 9->0, card 1 still 0->1.
	if id, _ := s.cardAt(0, 5); id != body(9, 0) {
		t.Fatalf("card 5 is %s", Deck[id].Code)
	}
	play(t, s, 0, "poser 1 haut") // 0->1 above 1->2
	play(t, s, 1, "pioche")
	play(t, s, 1, "jeter 1 1")
	play(t, s, 0, "poser 5 haut") // the card read as 5: 9->0
	if !slices.Equal(s.Figures[0], []int{body(9, 0), body(0, 1), body(1, 2)}) {
		t.Fatalf("figure %v", s.Figures[0])
	}
	if got := s.handNumbers(0); !slices.Equal(got, []int{3, 4}) {
		t.Fatalf("numbers %v, want 3 and 4", got)
	}
	play(t, s, 1, "pioche")
	play(t, s, 1, "jeter 1 1")
	// The drawn card fills number 1, the first free one, and is told so.
	ev := play(t, s, 0, "pioche")
	drawn := s.Drawn
	if s.numberOf(0, drawn) != 1 {
		t.Fatalf("drawn card numbered %d, want 1", s.numberOf(0, drawn))
	}
	if txt := (i18n.Renderer{Lang: i18n.FR}).Text(ev[1].Msg); txt != "Tu as pioché "+cardText(drawn)+" (carte 1 de ta main)." {
		t.Fatalf("%q", txt)
	}
	priv := strings.Join(s.Private(0).Board, "\n")
	if !strings.HasPrefix(priv, "1. "+cardText(drawn)+" 🆕\n3. ") || strings.Contains(priv, "\n2. ") {
		t.Fatalf("private hand:\n%s", priv)
	}
	nc := refused(t, s, 0, "jeter 2 1", "escogriffe.no_card")
	if txt := (i18n.Renderer{Lang: i18n.FR}).Text(nc.Msg); !strings.Contains(txt, "tes cartes portent les numéros 1, 3, 4") {
		t.Fatalf("%q", txt)
	}
	// A reload keeps the numbers.
	c := clone(t, s)
	if !slices.Equal(c.handNumbers(0), []int{1, 3, 4}) {
		t.Fatalf("reloaded numbers %v", c.handNumbers(0))
	}
}

// TestES_NaturalPhrasesArePlayed: the little words of a sentence change
// nothing ("poser 1 en haut", "prendre défausse 1", "jeter 1 sur 2"), and
// "piocher", the word of the button, draws.
func TestES_NaturalPhrasesArePlayed(t *testing.T) {
	s := custom(t, 2, 6, [][]int{{body(0, 1), body(1, 2)}, {body(3, 4), body(4, 5)}}, nil,
		[][]int{{stretch(15, 0), body(9, 10)}, {stretch(15, 1), body(12, 13)}})
	play(t, s, 0, "poser 1 en haut")
	play(t, s, 1, "prendre défausse 1")
	play(t, s, 1, "jeter 1 sur 2")
	play(t, s, 0, "/piocher")
	play(t, s, 0, "jeter la carte 2 sur la défausse 1")
	play(t, s, 1, "take discard 2")
	play(t, s, 1, "discard 2 onto pile 1")
	if len(s.Figures[0]) != 1 || s.handSize(0) != 1 || s.handSize(1) != 2 || s.Moves != 7 {
		t.Fatalf("figure %v, hands %v, %d moves", s.Figures[0], s.Hands, s.Moves)
	}
	if !slices.Contains(engine{}.Verbs(), "piocher") {
		t.Fatal("/piocher is no verb: the bot would not forward it")
	}
}

// TestES_D1_LyingCardsShown (revised): a lying card is marked in text
// (🛌, explained by the legend) and drawn lying in pictures; a standing
// card is neither.
func TestES_D1_LyingCardsShown(t *testing.T) {
	lying, standing := -1, -1
	for id, c := range Deck {
		if c.Standing && standing < 0 {
			standing = id
		}
		if !c.Standing && lying < 0 {
			lying = id
		}
	}
	if lying < 0 || standing < 0 {
		t.Fatal("the deck has no lying or no standing card")
	}
	if !strings.HasSuffix(cardText(lying), "🛌") || strings.Contains(cardText(standing), "🛌") {
		t.Fatalf("lying %q, standing %q", cardText(lying), cardText(standing))
	}
	if !cardTile(lying).Lying || cardTile(standing).Lying {
		t.Fatal("the picture does not lay the lying card down")
	}
	for _, l := range i18n.Langs {
		if txt := (i18n.Renderer{Lang: l}).Text(i18n.T("escogriffe.line_legend")); !strings.Contains(txt, "🛌") {
			t.Errorf("%s legend: %q", l, txt)
		}
	}
	// In a figure, as the table sees it.
	s := custom(t, 2, 6, [][]int{{}, {}}, [][]int{{lying}}, twoPiles())
	if pub := strings.Join(s.Public().Board, "\n"); !strings.Contains(pub, " "+cardText(lying)) {
		t.Fatalf("public board:\n%s", pub)
	}
	for _, b := range s.Scene().Blocks[2:3] { // the status, the piles, then the first seat's figure
		if !b.Rows[0][0].Lying {
			t.Fatal("the figure's lying card stands in the picture")
		}
	}
}
