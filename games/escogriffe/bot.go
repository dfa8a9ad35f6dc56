package escogriffe

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/games/cards"
)

// The bot values a hand by the weighted number of ways its figure can be
// finished at exactly the objective (planner.ways): a card in hand weighs
// 1, a card still to be found style.find, a card on top of a discard pile
// style.top, a card seen discarded and now buried style.buried, a card in
// a figure 0. Plans that use more of the hand weigh more, so the value
// grows with the cards that fit together. It sees only what the seat sees:
// its hand, the figures and the discard piles as they were built.
//
// There are no words in this game, so the strengths do not come from
// familiarity: they come from how well a bot plans its figure, what it
// draws and what it gives away (style, below).

// style is how a bot of one strength plays.
type style struct {
	find   float64 // weight of a card still to be found
	top    float64 // weight of a card on top of a discard pile
	buried float64 // weight of a card seen discarded, now under a pile top
	place  float64 // place a card when it keeps this share of the plans
	take   float64 // take a discard when it raises the value this much
	look   float64 // chance that it looks at the discard piles before drawing
	slip   float64 // chance that it discards its second least useful card
	deny   float64 // weight of what a discard gives the next player
	bury   bool    // covers the pile top it needs least (else the first pile)
	// patience: after this many table turns in a round, the bot now and
	// then discards at random (see shake).
	patience int
}

// styles are the three strengths (docs/games/escogriffe.md, "Bot players",
// for the games that chose them). Strong plans furthest (find), remembers
// the buried discards, takes a discard only when it helps clearly and
// denies the next player the cards his figure waits for; Normal and Easy
// plan shorter and now and then draw without looking at the piles (look)
// or throw a card they needed (slip); Easy covers pile 1 whatever it holds.
// Every strength places at 30%: placing early won more and shortened the
// rounds at every strength.
var styles = map[games.Strength]*style{
	games.Strong: {find: 0.20, top: 0.20, buried: 0.05, place: 0.30, take: 1.20, look: 1, deny: 0.35, bury: true, patience: 60},
	games.Normal: {find: 0.15, top: 0.20, buried: 0.10, place: 0.30, take: 1.10, look: 0.9, slip: 0.05, bury: true, patience: 60},
	games.Easy:   {find: 0.10, top: 0.20, buried: 0.10, place: 0.30, take: 1.10, look: 0.8, slip: 0.1, patience: 60},
}

func styleOf(level games.Strength) *style {
	if st, ok := styles[level]; ok {
		return st
	}
	return styles[games.Normal]
}

type botEval struct {
	s    *state
	seat int
	st   *style
	p    planner
}

func newBotEval(s *state, seat int, st *style) *botEval {
	b := &botEval{s: s, seat: seat, st: st}
	for i := range b.p.w {
		b.p.w[i] = st.find
	}
	for _, pile := range s.Piles {
		for i, id := range pile {
			if i == len(pile)-1 {
				b.p.w[id] = st.top
			} else {
				b.p.w[id] = st.buried
			}
		}
	}
	for _, f := range s.Figures {
		for _, id := range f {
			b.p.w[id] = 0
		}
	}
	for _, id := range s.handCards(seat) {
		b.p.w[id] = 1
	}
	return b
}

// value is the worth of the current weights for the seat's figure.
func (b *botEval) value(fig []int) float64 { return b.p.ways(fig, b.s.Objective) }

// best is the weight of the best single chain.
func (b *botEval) best(fig []int) float64 {
	b.p.best = true
	v := b.p.ways(fig, b.s.Objective)
	b.p.best = false
	return v
}

// without is the value of the hand if card id leaves it (for a pile top).
func (b *botEval) without(id int) float64 {
	old := b.p.w[id]
	b.p.w[id] = b.st.top
	v := b.value(b.s.Figures[b.seat])
	b.p.w[id] = old
	return v
}

// discards ranks the seat's cards by the value the hand keeps without
// them, best to throw first; ties go to the card drawn this turn, then to
// the later card.
func (b *botEval) discards(drawn int) []ranked {
	var out []ranked
	for k, id := range b.s.handCards(b.seat) {
		r := ranked{k: k, id: id, v: b.without(id)}
		at := len(out)
		for at > 0 && (r.v > out[at-1].v || r.v == out[at-1].v && id == drawn) {
			at--
		}
		out = append(out, ranked{})
		copy(out[at+1:], out[at:])
		out[at] = r
	}
	return out
}

type ranked struct {
	k, id int
	v     float64
}

// Bot returns the move of the bot for the seat waiting; it reads the state
// and changes nothing.
func (s *state) Bot(seat int, level games.Strength) string {
	if seat != s.waitingSeat() {
		return ""
	}
	st := styleOf(level)
	switch s.Phase {
	case phaseLast:
		// ES-D4: a card that completes the figure scores its height.
		if m := s.lastChanceMoves(seat); len(m) > 0 {
			return fmt.Sprintf("poser %d %s", m[0].k, sideWord(m[0].side))
		}
		return "passe"
	case phaseDiscard:
		return s.botDiscard(seat, st)
	case phaseDraw:
		return s.botDraw(seat, st)
	}
	return ""
}

func (s *state) botDiscard(seat int, st *style) string {
	b := newBotEval(s, seat, st)
	order := b.discards(s.Drawn)
	// A figure no card left can finish is dead for the round: its cards
	// are thrown at random, so that a card another seat waits for comes
	// back to the table and the round ends (keeping it would stall the
	// round for good). The planner's value may see a way round a loop of
	// joins that uses a card twice, so a real figure is looked for too.
	fig := s.Figures[seat]
	free := s.freeCards()
	dead := b.value(fig) == 0 || !canFinish(fig, s.Objective, &free)
	var riv *rival
	if st.deny > 0 && !dead {
		riv = b.rival()
	}
	if riv != nil {
		s.denyOrder(b, riv, order)
	}
	k := order[0].k
	switch {
	case dead || s.shake(b, seat):
		nums := s.handNumbers(seat)
		k = nums[s.botRand(seat, 1)%uint64(len(nums))]
	case len(order) > 1 && games.Chance(s.botRand(seat, 3), st.slip):
		k = order[1].k
	}
	if s.Forced > 0 {
		return fmt.Sprintf("jeter %d %d", k, s.Forced)
	}
	if !st.bury {
		return fmt.Sprintf("jeter %d 1", k)
	}
	// Bury the pile top that would help this seat least. (Burying the top
	// the next player needs most was tried: it changed nothing.)
	pile, low := 1, -1.0
	for p, pl := range s.Piles {
		if len(pl) == 0 {
			continue
		}
		top := pl[len(pl)-1]
		old := b.p.w[top]
		b.p.w[top] = 1
		v := b.value(fig)
		b.p.w[top] = old
		if low < 0 || v < low {
			pile, low = p+1, v
		}
	}
	return fmt.Sprintf("jeter %d %d", k, pile)
}

// rival is the next player's figure as this seat sees it: the cards of
// its own hand are out of his reach, the cards it has not seen are his to
// find. The next player is the first to see a discard.
type rival struct {
	q    planner
	fig  []int
	obj  int
	base float64
}

func (b *botEval) rival() *rival {
	opp := b.s.next(b.seat)
	r := &rival{fig: b.s.Figures[opp], obj: b.s.Objective}
	if len(r.fig) == 0 {
		return nil // nothing tells what he builds
	}
	r.q.w = b.p.w
	for _, id := range b.s.handCards(b.seat) {
		r.q.w[id] = 0
	}
	r.base = r.q.ways(r.fig, r.obj)
	return r
}

// gain is the share of the rival's ways that use card id if he can take
// it.
func (r *rival) gain(id int) float64 {
	old := r.q.w[id]
	r.q.w[id] = 1
	v := r.q.ways(r.fig, r.obj)
	r.q.w[id] = old
	if v <= 0 {
		return 0
	}
	return max(0, 1-r.base/v)
}

// denyOrder lowers in the order the cards that would help the next player
// finish his figure: the share of its own ways a card carries is weighed
// against the share of his it would give him.
func (s *state) denyOrder(b *botEval, riv *rival, order []ranked) {
	z0 := b.value(s.Figures[b.seat])
	score := make(map[int]float64, len(order))
	for _, r := range order {
		loss := 0.0
		if z0 > 0 {
			loss = 1 - r.v/z0
		}
		score[r.id] = loss + b.st.deny*riv.gain(r.id)
	}
	slices.SortStableFunc(order, func(x, y ranked) int { return cmp.Compare(score[x.id], score[y.id]) })
}

func (s *state) botDraw(seat int, st *style) string {
	b := newBotEval(s, seat, st)
	fig := s.Figures[seat]
	z0 := b.value(fig)
	// Place: a card that wins now; else a card that keeps the best chain
	// (the whole chain at once when the hand holds it, else when the card
	// also keeps enough of all the ways).
	m0 := b.best(fig)
	bestPl, bestR := placement{}, -1.0
	for _, pl := range s.legalPlacements(seat) {
		id, _ := s.cardAt(seat, pl.k)
		nf := make([]int, 0, len(fig)+1)
		if pl.side == sideTop {
			nf = append(append(nf, id), fig...)
		} else {
			nf = append(append(nf, fig...), id)
		}
		if complete(nf) && len(nf) == s.Objective {
			return fmt.Sprintf("poser %d %s", pl.k, sideWord(pl.side)) // ES-D3: the round won
		}
		if m0 == 0 {
			continue
		}
		b.p.w[id] = 0
		keeps := b.best(nf) >= m0*(1-1e-9)
		r := b.value(nf) / z0
		b.p.w[id] = 1
		if keeps && r > bestR {
			bestPl, bestR = pl, r
		}
	}
	if bestR >= 0 && (m0 >= 1-1e-9 || bestR >= st.place) {
		return fmt.Sprintf("poser %d %s", bestPl.k, sideWord(bestPl.side))
	}
	// Take a discard that raises the value of the hand enough.
	take, takeV := 0, z0*st.take
	if len(s.Pioche) == 0 {
		takeV = -1
	} else if !games.Chance(s.botRand(seat, 4), st.look) {
		return "pioche"
	}
	for p, pl := range s.Piles {
		if len(pl) == 0 {
			continue
		}
		top := pl[len(pl)-1]
		b.p.w[top] = 1
		bestV := -1.0
		for _, id := range s.handCards(seat) {
			if v := b.without(id); v > bestV {
				bestV = v
			}
		}
		b.p.w[top] = st.top
		if bestV > takeV {
			take, takeV = p+1, bestV
		}
	}
	if take > 0 {
		return fmt.Sprintf("prendre %d", take)
	}
	return "pioche"
}

// botRand is the bot's randomness: a hash of the game's seed state, the
// move count and the seat, so that Bot changes nothing and replays the
// same.
func (s *state) botRand(seat int, salt uint64) uint64 {
	return cards.Mix(uint64(s.RNG) ^ uint64(s.Moves)*0x9e3779b97f4a7c15 ^ (uint64(seat)<<8|salt)*0xbf58476d1ce4e5b9)
}

// shake tells whether the bot should throw away a card at random this
// turn instead of its least useful one. The planner may count a BODY card
// twice around a loop of joins and believe a hand complete that is not: a
// "complete" hand the bot did not start placing (it drew instead) is such
// a false plan, and a random discard breaks it. Long rounds shake too, so
// that bots waiting for each other's cards cannot stall a round.
func (s *state) shake(b *botEval, seat int) bool {
	old := b.p.w[s.Drawn]
	b.p.w[s.Drawn] = b.st.top
	m := b.best(s.Figures[seat])
	b.p.w[s.Drawn] = old
	if m >= 1-1e-9 {
		return true
	}
	return s.Turns > b.st.patience*s.Players && s.botRand(seat, 2)%4 == 0
}
