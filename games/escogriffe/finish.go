package escogriffe

// The planner counts chains of joins, and a chain of joins may go round a
// loop of the join graph and count one BODY card twice (plan.go): it can
// see a way to finish a figure where there is none. The blocked rule must
// not be so hopeful, or a round nobody can finish would go on for ever:
// canFinish looks for a real figure, each card used once, among the cards
// outside the figures.

// searchBudget bounds the cards canFinish tries. A figure the planner can
// finish has, in practice, a real way among the first few it tries; the
// budget only keeps a pathological position from taking long, and when it
// runs out the figure is taken as finishable, as a count of chains of
// joins would say (the rule as it was).
const searchBudget = 200_000

// finder looks for one real way to finish a figure.
type finder struct {
	free [DeckSize]bool // outside every figure and not yet used by the way tried
	// up[n][j]: some chain of n free cards runs from a HEAD down to join j;
	// down[n][j]: some chain of n free cards runs from join j down to FEET.
	// Chains here may use a card twice: they only prune the search.
	up, down [maxHeight + 1][nJoins]bool
	budget   int
}

// newFinder prepares the search among the free cards (free[id]: not in
// any figure) for figures of at most height cards.
func newFinder(free *[DeckSize]bool, height int) *finder {
	f := &finder{free: *free}
	f.reach(min(height, maxHeight))
	return f
}

// canFinish tells whether figure fig can still be completed at height
// objective with the free cards, each card used once.
func canFinish(fig []int, objective int, free *[DeckSize]bool) bool {
	return newFinder(free, objective).canFinish(fig, objective)
}

// canFinish is canFinish with the finder's free cards; objective is at
// most the height the finder was made for.
func (f *finder) canFinish(fig []int, objective int) bool {
	need := objective - len(fig)
	if need <= 0 || complete(fig) {
		return false
	}
	f.budget = searchBudget
	if len(fig) == 0 {
		// Any HEAD, then a chain down to FEET.
		for j := range nJoins {
			h := headOf[j]
			if h < 0 || !f.free[h] || !f.down[need-1][j] {
				continue
			}
			f.free[h] = false
			ok := f.chain(false, j, need-1, nil)
			f.free[h] = true
			if ok {
				return true
			}
		}
		return f.budget <= 0
	}
	top, bottom := Deck[fig[0]], Deck[fig[len(fig)-1]]
	var ok bool
	switch {
	case top.Kind == Head:
		ok = f.chain(false, bottom.Bottom, need, nil)
	case bottom.Kind == Feet:
		ok = f.chain(true, top.Top, need, nil)
	default:
		// Both ends open: a cards above, need-a below.
		for a := 1; a < need && !ok; a++ {
			if !f.up[a][top.Top] || !f.down[need-a][bottom.Bottom] {
				continue
			}
			b := need - a
			ok = f.chain(true, top.Top, a, func() bool { return f.chain(false, bottom.Bottom, b, nil) })
		}
	}
	return ok || f.budget <= 0
}

// reach fills up and down for the free cards, for chains of up to height
// cards.
func (f *finder) reach(height int) {
	for j := range nJoins {
		f.up[1][j] = headOf[j] >= 0 && f.free[headOf[j]]
		f.down[1][j] = feetOf[j] >= 0 && f.free[feetOf[j]]
	}
	for n := 2; n <= height; n++ {
		for j := range nJoins {
			u, d := f.stretchFree(j) && f.up[n-1][j], f.stretchFree(j) && f.down[n-1][j]
			for _, id := range bodyIn[j] {
				u = u || f.free[id] && f.up[n-1][Deck[id].Top]
			}
			for _, id := range bodyOut[j] {
				d = d || f.free[id] && f.down[n-1][Deck[id].Bottom]
			}
			f.up[n][j], f.down[n][j] = u, d
		}
	}
}

func (f *finder) stretchFree(j int) bool {
	for _, id := range stretchAt[j] {
		if f.free[id] {
			return true
		}
	}
	return false
}

// chain tries every real chain of n free cards from join j up to a HEAD
// (up) or down to FEET, each card used once, and then (if not nil); it
// tells whether one such chain, followed by then, succeeded.
func (f *finder) chain(up bool, j, n int, then func() bool) bool {
	if f.budget--; f.budget <= 0 {
		return false
	}
	reach := &f.down
	end := feetOf[j]
	if up {
		reach, end = &f.up, headOf[j]
	}
	if !reach[n][j] {
		return false
	}
	if n == 1 {
		if end < 0 || !f.free[end] {
			return false
		}
		f.free[end] = false
		ok := then == nil || then()
		f.free[end] = true
		return ok
	}
	try := func(id, next int) bool {
		f.free[id] = false
		ok := f.chain(up, next, n-1, then)
		f.free[id] = true
		return ok
	}
	// One copy of a STRETCH is as good as the other: the first free one.
	for _, id := range stretchAt[j] {
		if f.free[id] {
			if try(id, j) {
				return true
			}
			break
		}
	}
	bodies := bodyOut[j]
	if up {
		bodies = bodyIn[j]
	}
	for _, id := range bodies {
		if !f.free[id] {
			continue
		}
		next := Deck[id].Bottom
		if up {
			next = Deck[id].Top
		}
		if try(id, next) {
			return true
		}
	}
	return false
}
