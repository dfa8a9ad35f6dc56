package escogriffe

import (
	"fmt"
	"github.com/tablee/tablee/games"

	"github.com/tablee/tablee/games/cards"
)

// The bot values a hand by the weighted number of ways its figure can be
// finished at exactly the objective (planner.ways): a card in hand weighs
// 1, a card still to be found botFind, a card on top of a discard pile
// botTop, a card in a figure 0. Plans that use more of the hand weigh more,
// so the value grows with the cards that fit together. It sees only what
// the seat sees: its hand, the figures and the tops of the piles.
var (
	botFind  = 0.10 // weight of a card still to be found
	botTop   = 0.20 // weight of a card on top of a discard pile
	botPlace = 0.60 // place a card when it keeps this share of the plans
	botTake  = 1.10 // take a discard when it raises the value this much
	// botPatience: after this many table turns in a round, the bot now and
	// then discards at random (see botShake).
	botPatience = 60
)

type botEval struct {
	s    *state
	seat int
	p    planner
}

func newBotEval(s *state, seat int) *botEval {
	b := &botEval{s: s, seat: seat}
	for i := range b.p.w {
		b.p.w[i] = botFind
	}
	for _, pile := range s.Piles {
		if len(pile) > 0 {
			b.p.w[pile[len(pile)-1]] = botTop
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

// without is the value of the hand if card id leaves it.
func (b *botEval) without(id int) float64 {
	old := b.p.w[id]
	b.p.w[id] = botTop
	v := b.value(b.s.Figures[b.seat])
	b.p.w[id] = old
	return v
}

// bestDiscard picks the number of the seat's card whose loss costs least;
// ties go to the card drawn this turn, then to the later card.
func (b *botEval) bestDiscard(drawn int) (int, float64) {
	best, bestV := 0, -1.0
	for k, id := range b.s.handCards(b.seat) {
		v := b.without(id)
		if v > bestV || v == bestV && id == drawn {
			best, bestV = k, v
		}
	}
	return best, bestV
}

// Bot returns the move of the bot for the seat waiting; it reads the state
// and changes nothing.
func (s *state) Bot(seat int, level games.Strength) string {
	if seat != s.waitingSeat() {
		return ""
	}
	switch s.Phase {
	case phaseLast:
		if m := s.lastChanceMoves(seat); len(m) > 0 {
			return fmt.Sprintf("poser %d %s", m[0].k, sideWord(m[0].side))
		}
		return "passe"
	case phaseDiscard:
		return s.botDiscard(seat)
	case phaseDraw:
		return s.botDraw(seat)
	}
	return ""
}

func (s *state) botDiscard(seat int) string {
	b := newBotEval(s, seat)
	k, _ := b.bestDiscard(s.Drawn)
	if s.botShake(b, seat) {
		nums := s.handNumbers(seat)
		k = nums[s.botRand(1)%uint64(len(nums))]
	}
	if s.Forced > 0 {
		return fmt.Sprintf("jeter %d %d", k, s.Forced)
	}
	// Bury the pile top that would help this seat least.
	pile, low := 1, -1.0
	fig := s.Figures[seat]
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

func (s *state) botDraw(seat int) string {
	b := newBotEval(s, seat)
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
			return fmt.Sprintf("poser %d %s", pl.k, sideWord(pl.side))
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
	if bestR >= 0 && (m0 >= 1-1e-9 || bestR >= botPlace) {
		return fmt.Sprintf("poser %d %s", bestPl.k, sideWord(bestPl.side))
	}
	// Take a discard that raises the value of the hand enough.
	take, takeV := 0, z0*botTake
	if len(s.Pioche) == 0 {
		takeV = -1
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
		b.p.w[top] = botTop
		if bestV > takeV {
			take, takeV = p+1, bestV
		}
	}
	if take > 0 {
		return fmt.Sprintf("prendre %d", take)
	}
	return "pioche"
}

// botRand is the bot's randomness: a hash of the game's seed state and the
// move count, so that Bot changes nothing and replays the same.
func (s *state) botRand(salt uint64) uint64 {
	return cards.Mix(uint64(s.RNG) ^ uint64(s.Moves)*0x9e3779b97f4a7c15 ^ salt*0xbf58476d1ce4e5b9)
}

// botShake tells whether the bot should throw away a card at random this
// turn instead of its least useful one. The planner may count a BODY card
// twice around a loop of joins and believe a hand complete that is not: a
// "complete" hand the bot did not start placing (it drew instead) is such
// a false plan, and a random discard breaks it. Long rounds shake too, so
// that bots waiting for each other's cards cannot stall a round.
func (s *state) botShake(b *botEval, seat int) bool {
	old := b.p.w[s.Drawn]
	b.p.w[s.Drawn] = botTop
	m := b.best(s.Figures[seat])
	b.p.w[s.Drawn] = old
	if m >= 1-1e-9 {
		return true
	}
	return s.Turns > botPatience*s.Players && s.botRand(2)%4 == 0
}
