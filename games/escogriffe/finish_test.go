package escogriffe

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/tablee/tablee/games"
)

// loopOfFour finds four BODY cards round a loop of joins j -> a -> b -> c -> j
// (the deck's shortest loop, docs/games/escogriffe.md).
func loopOfFour(t *testing.T) (j int, loop []int) {
	t.Helper()
	for j := range nJoins {
		for _, e1 := range bodyOut[j] {
			for _, e2 := range bodyOut[Deck[e1].Bottom] {
				for _, e3 := range bodyOut[Deck[e2].Bottom] {
					for _, e4 := range bodyOut[Deck[e3].Bottom] {
						if Deck[e4].Bottom == j && Deck[e2].Bottom != j {
							return j, []int{e1, e2, e3, e4}
						}
					}
				}
			}
		}
	}
	t.Fatal("no loop of four BODY cards")
	return 0, nil
}

// TestBlocked_AWayRoundALoopOfJoinsIsNoWay: seat 0's figure is a HEAD on
// join j; the cards outside the figures are four BODY cards round a loop
// j -> a -> b -> c -> j and the FEET of a. At objective 7 it needs six
// cards: only the loop and its first card again, then the FEET, which
// counts one card twice. The planner counts that chain of joins, so the
// blocked rule took the round as still playable, and nobody could ever end
// it. Now seat 1's placement, after which no seat can finish, ends the
// round blocked.
func TestBlocked_AWayRoundALoopOfJoinsIsNoWay(t *testing.T) {
	j, loop := loopOfFour(t)
	a := Deck[loop[0]].Bottom
	outside := append(slices.Clone(loop), feet(a))
	// Seat 1 holds one FEET card, the rest of the deck lies in seat 2's
	// figure (a position made to leave the loop alone outside the figures).
	x := feet((a + 1) % nJoins)
	var rest []int
	for id := range DeckSize {
		if id != head(j) && id != x && !slices.Contains(outside, id) {
			rest = append(rest, id)
		}
	}
	s := custom(t, 3, 7, [][]int{nil, {x}}, [][]int{{head(j)}, nil, rest}, [][]int{{}, {}})
	s.Turn = 1

	var p planner
	for id := range p.w {
		p.w[id] = 0
	}
	for _, id := range append(outside, x) {
		p.w[id] = 1
	}
	if p.ways(s.Figures[0], 7) == 0 {
		t.Fatal("the planner sees no chain of joins round the loop: the position tests nothing")
	}
	ev := play(t, s, 1, "poser 1")
	if !hasEvent(ev, "escogriffe.ev_blocked") || s.Round != 2 {
		t.Fatalf("round %d goes on, events %v: no seat can finish its figure", s.Round, ev)
	}
}

// TestBlocked_TheHeadInAnotherFigure: the HEAD a figure waits for lies in
// another figure, and no other way is left: the round ends blocked; with
// that HEAD free, it goes on.
func TestBlocked_TheHeadInAnotherFigure(t *testing.T) {
	fig := buildFigure(6)
	others := func(except ...int) (out []int) {
		for id := range DeckSize {
			if !slices.Contains(fig, id) && !slices.Contains(except, id) {
				out = append(out, id)
			}
		}
		return out
	}
	// Seat 0 has placed all but the HEAD; seat 2's figure holds it and
	// every other card but one FEET seat 1 is about to place.
	x := feet((Deck[fig[4]].Bottom + 1) % nJoins)
	s := custom(t, 3, 6, [][]int{nil, {x}}, [][]int{fig[1:], nil, append(others(x), fig[0])}, [][]int{{}, {}})
	s.Turn = 1
	if ev := play(t, s, 1, "poser 1"); !hasEvent(ev, "escogriffe.ev_blocked") {
		t.Fatalf("round goes on, events %v: seat 0 waits for a HEAD in seat 2's figure", ev)
	}
	s = custom(t, 3, 6, [][]int{{fig[0]}, {x}}, [][]int{fig[1:], nil, others(x)}, [][]int{{}, {}})
	s.Turn = 1
	if ev := play(t, s, 1, "poser 1"); hasEvent(ev, "escogriffe.ev_blocked") {
		t.Fatal("round ended blocked: seat 0 holds the HEAD its figure waits for")
	}
}

// bruteFinish is canFinish the slow way: every real figure of the given
// height, top to bottom, each card once, from the free cards and the
// figure's own; one holding the figure as a block will do.
func bruteFinish(fig []int, objective int, free *[DeckSize]bool) bool {
	if complete(fig) {
		return false
	}
	mine := func(id int) bool { return slices.Contains(fig, id) }
	used := map[int]bool{}
	var path []int
	var dfs func(join, left int) bool
	dfs = func(join, left int) bool {
		if left == 0 {
			for i := 0; i+len(fig) <= len(path); i++ {
				if slices.Equal(path[i:i+len(fig)], fig) {
					return true
				}
			}
			return false
		}
		for id, c := range Deck {
			if used[id] || !free[id] && !mine(id) || c.Kind == Head || c.Top != join {
				continue
			}
			if c.Kind == Feet && left != 1 || c.Kind != Feet && left == 1 {
				continue
			}
			used[id] = true
			path = append(path, id)
			ok := dfs(c.Bottom, left-1)
			path = path[:len(path)-1]
			used[id] = false
			if ok {
				return true
			}
		}
		return false
	}
	for j := range nJoins {
		h := headOf[j]
		if !free[h] && !mine(h) {
			continue
		}
		used[h], path = true, []int{h}
		if dfs(j, objective-1) {
			return true
		}
		used[h] = false
	}
	return false
}

// TestCanFinish_AgreesWithEveryFigureTried: on 3,000 random positions (a
// piece of a real figure, a few cards outside the figures), canFinish finds
// a way exactly when trying every figure does.
func TestCanFinish_AgreesWithEveryFigureTried(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 30))
	yes := 0
	for range 3000 {
		height := 5 + r.IntN(8)
		whole := buildRandomFigure(r, height)
		from := r.IntN(height)
		to := from + r.IntN(height-from+1)
		fig := whole[from:to]
		var free [DeckSize]bool
		share := 0.05 + 0.25*r.Float64()
		for id := range DeckSize {
			free[id] = !slices.Contains(fig, id) && r.Float64() < share
		}
		objective := max(5, len(fig)+1) + r.IntN(3)
		if objective > maxHeight {
			objective = maxHeight
		}
		got, want := canFinish(fig, objective, &free), bruteFinish(fig, objective, &free)
		if got != want {
			t.Fatalf("figure %v, objective %d: canFinish %v, every figure tried %v", codes(fig), objective, got, want)
		}
		if got {
			yes++
		}
	}
	if yes < 300 || yes > 2700 {
		t.Fatalf("%d positions of 3000 can be finished: the sample tests one answer only", yes)
	}
}

// buildRandomFigure is a real figure of the given height, its cards drawn
// at random.
func buildRandomFigure(r *rand.Rand, height int) []int {
	for {
		j := r.IntN(nJoins)
		fig := []int{headOf[j]}
		for len(fig) < height-1 {
			next := append(append([]int(nil), stretchAt[j]...), bodyOut[j]...)
			id := next[r.IntN(len(next))]
			if slices.Contains(fig, id) {
				break
			}
			fig = append(fig, id)
			j = Deck[id].Bottom
		}
		if len(fig) == height-1 {
			return append(fig, feetOf[j])
		}
	}
}

func codes(ids []int) []string {
	var out []string
	for _, id := range ids {
		out = append(out, Deck[id].Code)
	}
	return out
}

// TestBotFigureOnlyALoopCouldFinishLetsItsCardsGo: seat 0's figure is a
// HEAD on join j, at objective 7; outside the figures lie only four BODY
// cards round a loop from j, the FEET of the loop's second join, and one
// useless FEET. Its planner values the chain of joins round the loop and
// back (the loop's first card twice), so the bot kept the loop's cards and
// threw the useless FEET every time; no real figure can be made, the
// figure is dead, and its cards go at random, like any dead figure's
// (TestBotDeadFigureLetsItsCardsGo).
func TestBotFigureOnlyALoopCouldFinishLetsItsCardsGo(t *testing.T) {
	j, loop := loopOfFour(t)
	a := Deck[loop[0]].Bottom
	useless := feet((a + 1) % nJoins)
	hand := []int{loop[0], loop[1], feet(a), useless}
	var rest []int
	for id := range DeckSize {
		if id != head(j) && !slices.Contains(hand, id) && !slices.Contains(loop, id) {
			rest = append(rest, id)
		}
	}
	s := custom(t, 3, 7, [][]int{hand}, [][]int{{head(j)}, nil, rest}, [][]int{{}, {}})
	s.Phase, s.Drawn = phaseDiscard, useless
	var p planner
	for _, id := range append(slices.Clone(loop), feet(a), useless) {
		p.w[id] = 1
	}
	if p.ways(s.Figures[0], 7) == 0 {
		t.Fatal("the planner sees no chain of joins round the loop: the position tests nothing")
	}
	for _, level := range games.Strengths {
		kept := 0
		for m := range 20 {
			if discarded(t, s, level, m) == Deck[useless].Code {
				kept++
			}
		}
		if kept > 17 {
			t.Errorf("%v bot threw the useless FEET %d times in 20 and kept the loop's cards: its figure cannot be finished", level, kept)
		}
	}
}
