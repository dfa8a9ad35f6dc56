package escogriffe

import (
	"fmt"
	"testing"

	"github.com/tablee/tablee/games"
)

// card is the id of the card with that code ("H15").
func card(t *testing.T, code string) int {
	t.Helper()
	for id, c := range Deck {
		if c.Code == code {
			return id
		}
	}
	t.Fatalf("no card %s", code)
	return 0
}

// discardPosition builds two seats at objective 5, seat 0 discarding after
// drawing the card drawn: its hand and figure, then the rival's.
func discardPosition(t *testing.T, hand, fig, rivalHand, rivalFig []string, drawn string) *state {
	t.Helper()
	ids := func(codes []string) []int {
		var out []int
		for _, c := range codes {
			out = append(out, card(t, c))
		}
		return out
	}
	s := custom(t, 2, 5, [][]int{ids(hand), ids(rivalHand)}, [][]int{ids(fig), ids(rivalFig)},
		[][]int{{card(t, "F02")}, {card(t, "F03")}})
	s.Phase, s.Drawn = phaseDiscard, card(t, drawn)
	return s
}

// discarded plays the bot's discard on a copy of s at move count m and
// returns the code of the card it threw.
func discarded(t *testing.T, s *state, level games.Strength, m int) string {
	t.Helper()
	s.Moves = m
	mv := s.Bot(0, level)
	var k, p int
	if _, err := fmt.Sscanf(mv, "jeter %d %d", &k, &p); err != nil {
		t.Fatalf("%v bot: %q, want a discard", level, mv)
	}
	id, ok := s.cardAt(0, k)
	if !ok {
		t.Fatalf("%v bot: %q names no card", level, mv)
	}
	if _, err := clone(t, s).Apply(0, mv); err != nil {
		t.Fatalf("%v bot: %q refused: %v", level, mv, err)
	}
	return Deck[id].Code
}

// TestBotStrongKeepsTheCardTheNextPlayerWaitsFor: the rival's figure
// (HEAD H15 down to square-yellow, one card short of the objective) waits
// for F08, the only FEET on square-yellow, which seat 0 just drew and
// cannot use (its figure has its FEET). Normal and Easy throw it, their
// least useful card (the drawn one first); Strong keeps it and throws F01,
// as useless to it and to him.
func TestBotStrongKeepsTheCardTheNextPlayerWaitsFor(t *testing.T) {
	s := discardPosition(t, []string{"S05", "S06", "B16", "F01", "F08"}, []string{"F06"},
		[]string{"B01"}, []string{"H15", "B56", "B06", "B24"}, "F08")
	given := map[games.Strength]int{}
	for m := range 20 {
		for _, level := range games.Strengths {
			if discarded(t, s, level, m) == "F08" {
				given[level]++
			}
		}
	}
	if given[games.Strong] != 0 {
		t.Errorf("Strong gave F08 to the next player %d times in 20", given[games.Strong])
	}
	for _, level := range []games.Strength{games.Normal, games.Easy} {
		if given[level] < 10 {
			t.Errorf("%v threw F08 %d times in 20, want it most of the time", level, given[level])
		}
	}
}

// TestBotDeadFigureLetsItsCardsGo: seat 0's figure waits for H15, which
// the rival's figure holds: no card can finish it this round. Its bot then
// throws its cards at random, so that F16, the FEET the rival waits for,
// comes back to the table (kept for ever, it would stall the round).
func TestBotDeadFigureLetsItsCardsGo(t *testing.T) {
	s := discardPosition(t, []string{"F16", "F01"}, []string{"B56", "B06", "B24", "F08"},
		[]string{"B01"}, []string{"H15", "B55", "S16", "S15"}, "F01")
	for _, level := range games.Strengths {
		released := 0
		for m := range 20 {
			if discarded(t, s, level, m) == "F16" {
				released++
			}
		}
		if released < 3 || released > 17 {
			t.Errorf("%v bot with a dead figure threw F16 %d times in 20, want about half", level, released)
		}
	}
}
