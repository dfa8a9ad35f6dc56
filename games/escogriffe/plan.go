package escogriffe

// The planner counts the ways a figure can still be finished at a given
// height, each card weighted (1 for a card in hand, a small probability for
// a card still to be found, 0 for a card out of reach). The engine uses it
// with 0/1 weights to tell whether a figure can still be finished at all;
// the bot uses it to value its hand.
//
// A chain is counted as a sequence of joins, so a BODY card could in theory
// be counted twice along a cycle of the join graph; the shortest cycle of
// the deck has 4 BODY cards, and the count is only used as an estimate
// (the engine's use, "can it still be finished", may only be too hopeful).

const maxHeight = 12

// edge is a BODY card leaving a join: its id and its bottom join.
type edge struct{ id, to int }

// edgesOut[j] are the BODY cards whose top join is j, for the planner's
// inner loops (made with the deck, deck.go).
var edgesOut [nJoins][]edge

type planner struct {
	w [DeckSize]float64
	// best: count only the best chain (max instead of sum), for the bot's
	// placements.
	best bool
	// up0[n][j]: ways for n cards from a HEAD down to bottom join j, the
	// last card not a STRETCH; up1: the last card(s) a STRETCH run on j.
	up0, up1 [maxHeight + 1][nJoins]float64
	// dn0[n][j]: ways for n cards from top join j down to FEET, the first
	// card not a STRETCH; dn1: starting with a STRETCH run on j.
	dn0, dn1 [maxHeight + 1][nJoins]float64
}

// stretchWeights gives the weight of a run of one and of two STRETCH cards
// on join j (both copies are the same picture: one way each).
func (p *planner) stretchWeights(j int) (w1, w2 float64) {
	s := stretchAt[j]
	switch len(s) {
	case 0:
		return 0, 0
	case 1:
		return p.w[s[0]], 0
	}
	a, b := p.w[s[0]], p.w[s[1]]
	return max(a, b), a * b
}

func (p *planner) fillUp(n int) {
	for j := range nJoins {
		p.up0[1][j] = p.w[headOf[j]]
		p.up1[1][j] = 0
	}
	for k := 2; k <= n; k++ {
		for j := range nJoins {
			p.up0[k][j] = 0
		}
		for i := range nJoins {
			v := p.add(p.up0[k-1][i], p.up1[k-1][i])
			if v == 0 {
				continue
			}
			for _, e := range edgesOut[i] {
				if w := p.w[e.id]; w != 0 {
					p.up0[k][e.to] = p.add(p.up0[k][e.to], v*w)
				}
			}
		}
		for j := range nJoins {
			w1, w2 := p.stretchWeights(j)
			v := p.up0[k-1][j] * w1
			if k >= 3 {
				v = p.add(v, p.up0[k-2][j]*w2)
			}
			p.up1[k][j] = v
		}
	}
}

func (p *planner) fillDown(n int) {
	for j := range nJoins {
		p.dn0[1][j] = p.w[feetOf[j]]
		p.dn1[1][j] = 0
	}
	for k := 2; k <= n; k++ {
		for j := range nJoins {
			v := 0.0
			for _, e := range edgesOut[j] {
				if w := p.w[e.id]; w != 0 {
					v = p.add(v, w*p.add(p.dn0[k-1][e.to], p.dn1[k-1][e.to]))
				}
			}
			p.dn0[k][j] = v
			w1, w2 := p.stretchWeights(j)
			v = p.dn0[k-1][j] * w1
			if k >= 3 {
				v = p.add(v, p.dn0[k-2][j]*w2)
			}
			p.dn1[k][j] = v
		}
	}
}

// ways counts the weighted chains of exactly height cards, HEAD to FEET,
// that contain the figure fig (top to bottom) as a block. The cards of the
// figure must carry weight 0 in p.w (they are not available twice).
func (p *planner) ways(fig []int, height int) float64 {
	h := len(fig)
	rest := height - h
	if rest < 0 || height > maxHeight {
		return 0
	}
	if h == 0 {
		if height < 2 {
			return 0
		}
		p.fillUp(height - 1)
		z := 0.0
		for j := range nJoins {
			z = p.add(z, p.add(p.up0[height-1][j], p.up1[height-1][j])*p.w[feetOf[j]])
		}
		return z
	}
	top, bottom := Deck[fig[0]], Deck[fig[h-1]]
	topClosed, bottomClosed := top.Kind == Head, bottom.Kind == Feet
	switch {
	case topClosed && bottomClosed:
		if rest == 0 {
			return 1
		}
		return 0
	case rest == 0:
		return 0
	case topClosed:
		p.fillDown(rest)
		return p.add(p.dn0[rest][bottom.Bottom], p.dn1[rest][bottom.Bottom])
	case bottomClosed:
		p.fillUp(rest)
		return p.add(p.up0[rest][top.Top], p.up1[rest][top.Top])
	}
	p.fillUp(rest - 1)
	p.fillDown(rest - 1)
	z := 0.0
	for a := 1; a < rest; a++ {
		u := p.add(p.up0[a][top.Top], p.up1[a][top.Top])
		if u == 0 {
			continue
		}
		z = p.add(z, u*p.add(p.dn0[rest-a][bottom.Bottom], p.dn1[rest-a][bottom.Bottom]))
	}
	return z
}

// add sums the ways, or keeps the best one.
func (p *planner) add(a, b float64) float64 {
	if p.best {
		return max(a, b)
	}
	return a + b
}
