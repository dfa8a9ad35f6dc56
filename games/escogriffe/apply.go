package escogriffe

import (
	"strconv"
	"strings"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/games/cards"
	"github.com/tablee/tablee/i18n"
)

type verb int

const (
	vNone verb = iota
	vDraw
	vTake
	vDiscard
	vPlace
	vPass
)

const (
	sideNone = iota
	sideTop
	sideBottom
)

type move struct {
	verb verb
	a, b int // card or pile numbers, from 1; 0 when absent
	side int
}

var verbWords = map[string]verb{
	"pioche": vDraw, "piocher": vDraw, "pioches": vDraw, "draw": vDraw,
	"prendre": vTake, "prends": vTake, "prend": vTake, "take": vTake,
	"jeter": vDiscard, "jette": vDiscard, "jettes": vDiscard, "discard": vDiscard,
	"poser": vPlace, "pose": vPlace, "poses": vPlace, "place": vPlace,
	"passe": vPass, "passer": vPass, "passes": vPass, "pass": vPass,
}

var sideWords = map[string]int{
	"haut": sideTop, "top": sideTop, "h": sideTop, "t": sideTop, "dessus": sideTop,
	"bas": sideBottom, "bottom": sideBottom, "b": sideBottom, "dessous": sideBottom,
}

// parseMove reads a move, French or English, any case: "pioche", "take 2",
// "jeter 5 1", "poser 3 haut", "place 3 bottom", "passe".
func parseMove(s string) (move, bool) {
	f := strings.Fields(strings.ToLower(strings.TrimPrefix(strings.TrimSpace(s), "/")))
	if len(f) == 0 || len(f) > 3 {
		return move{}, false
	}
	m := move{verb: verbWords[f[0]]}
	var ok bool
	switch m.verb {
	case vDraw, vPass:
		return m, len(f) == 1
	case vTake:
		if len(f) != 2 {
			return m, false
		}
		m.a, ok = num(f[1])
		return m, ok
	case vDiscard:
		// "jeter 5 [1]": a card, then maybe the pile.
		return m, cardThen(f, &m.a, func(w string) (ok bool) { m.b, ok = num(w); return })
	case vPlace:
		// "poser 3 [haut|bas]": a card, then maybe the side.
		return m, cardThen(f, &m.a, func(w string) (ok bool) { m.side, ok = sideWords[w]; return })
	}
	return m, false
}

func syntax() error { return games.Refuse("escogriffe.syntax") }

// waitingSeat is the seat the game waits for, or -1.
func (s *state) waitingSeat() int {
	switch s.Phase {
	case phaseOver:
		return -1
	case phaseLast:
		if len(s.Queue) == 0 {
			return -1
		}
		return s.Queue[0]
	}
	return s.Turn
}

// Apply plays a move; every check comes before the first change, so that a
// refused move leaves the game exactly as it was.
func (s *state) Apply(seat int, mv string) ([]games.Event, error) {
	if s.Phase == phaseOver {
		return nil, games.Refuse("escogriffe.over")
	}
	if w := s.waitingSeat(); seat != w {
		return nil, games.Refuse("escogriffe.not_your_turn", i18n.Seat(w))
	}
	m, ok := parseMove(mv)
	if !ok {
		return nil, syntax()
	}
	var ev []games.Event
	switch s.Phase {
	case phaseDraw:
		switch m.verb {
		case vDraw:
			if len(s.Pioche) == 0 {
				return nil, games.Refuse("escogriffe.pioche_empty")
			}
			s.draw(seat, &ev)
		case vTake:
			if err := s.checkPile(m.a); err != nil {
				return nil, err
			}
			if len(s.Piles[m.a-1]) == 0 {
				return nil, games.Refuse("escogriffe.pile_empty", m.a)
			}
			s.take(seat, m.a, &ev)
		case vPlace:
			side, err := s.checkPlace(seat, m.a, m.side, false)
			if err != nil {
				return nil, err
			}
			s.place(seat, m.a, side, &ev)
		case vDiscard:
			return nil, games.Refuse("escogriffe.draw_first")
		default:
			return nil, games.Refuse("escogriffe.cannot_pass")
		}
	case phaseDiscard:
		if m.verb != vDiscard {
			return nil, games.Refuse("escogriffe.must_discard")
		}
		hand := s.Hands[seat]
		if m.a > len(hand) {
			return nil, games.Refuse("escogriffe.no_card", m.a, len(hand))
		}
		p := m.b
		switch {
		case s.Forced > 0:
			if p != 0 && p != s.Forced {
				return nil, games.Refuse("escogriffe.must_pile", s.Forced)
			}
			p = s.Forced
		case p == 0:
			return nil, games.Refuse("escogriffe.which_pile", m.a, len(s.Piles))
		default:
			if err := s.checkPile(p); err != nil {
				return nil, err
			}
		}
		s.discard(seat, m.a, p, &ev)
	case phaseLast:
		switch m.verb {
		case vPass:
			s.Last = i18n.T("escogriffe.ev_pass", i18n.Seat(seat))
			ev = append(ev, games.Event{To: games.Everyone, Msg: s.Last})
		case vPlace:
			side, err := s.checkPlace(seat, m.a, m.side, true)
			if err != nil {
				return nil, err
			}
			s.placeLast(seat, m.a, side, &ev)
		default:
			return nil, games.Refuse("escogriffe.last_chance_only")
		}
		s.Queue = s.Queue[1:]
		if len(s.Queue) == 0 {
			s.endRound(&ev)
		}
	}
	s.Moves++
	return ev, nil
}

func (s *state) checkPile(p int) error {
	if p < 1 || p > len(s.Piles) {
		return games.Refuse("escogriffe.no_pile", p, len(s.Piles))
	}
	return nil
}

// placeError tells why card id cannot go on that side of fig, or nil.
func placeError(fig []int, id, side int) error {
	c := Deck[id]
	if len(fig) == 0 {
		return nil // ES: his first card may be any card
	}
	card := i18n.Raw(cardText(id))
	if side == sideTop {
		t := Deck[fig[0]]
		switch {
		case t.Kind == Head:
			return games.Refuse("escogriffe.above_head")
		case c.Kind == Feet:
			return games.Refuse("escogriffe.feet_bottom_only")
		case c.Bottom != t.Top:
			return games.Refuse("escogriffe.mismatch_top", card, i18n.Raw(joinText(t.Top)), i18n.Raw(joinText(c.Bottom)))
		}
		return nil
	}
	b := Deck[fig[len(fig)-1]]
	switch {
	case b.Kind == Feet:
		return games.Refuse("escogriffe.below_feet")
	case c.Kind == Head:
		return games.Refuse("escogriffe.head_top_only")
	case c.Top != b.Bottom:
		return games.Refuse("escogriffe.mismatch_bottom", card, i18n.Raw(joinText(b.Bottom)), i18n.Raw(joinText(c.Top)))
	}
	return nil
}

// closes tells whether adding card id on that side completes the figure
// (a HEAD to FEET chain).
func closes(fig []int, id, side int) bool {
	if len(fig) == 0 {
		return false
	}
	top, bottom := Deck[fig[0]], Deck[fig[len(fig)-1]]
	if side == sideTop {
		return Deck[id].Kind == Head && bottom.Kind == Feet
	}
	return Deck[id].Kind == Feet && top.Kind == Head
}

// checkPlace validates "poser k [side]" and resolves a missing side: the
// first card goes anywhere, a HEAD on top, FEET at the bottom, and a card
// that fits one end only goes there.
func (s *state) checkPlace(seat, k, side int, last bool) (int, error) {
	hand, fig := s.Hands[seat], s.Figures[seat]
	if k > len(hand) {
		return 0, games.Refuse("escogriffe.no_card", k, len(hand))
	}
	id := hand[k-1]
	if len(fig) == 0 {
		if side == sideNone {
			side = sideTop
		}
		if last {
			return 0, games.Refuse("escogriffe.not_completing")
		}
		return side, nil
	}
	if side == sideNone {
		switch Deck[id].Kind {
		case Head:
			side = sideTop
		case Feet:
			side = sideBottom
		default:
			errT, errB := placeError(fig, id, sideTop), placeError(fig, id, sideBottom)
			switch {
			case errT == nil && errB == nil:
				return 0, games.Refuse("escogriffe.which_side", k)
			case errT == nil:
				side = sideTop
			case errB == nil:
				side = sideBottom
			default:
				// Neither end: explain the end the card's joins are closest to.
				if Deck[fig[0]].Kind != Head {
					return 0, errT
				}
				return 0, errB
			}
		}
	}
	if err := placeError(fig, id, side); err != nil {
		return 0, err
	}
	done := closes(fig, id, side)
	if last && !done {
		return 0, games.Refuse("escogriffe.not_completing")
	}
	// Choice (docs): a figure may not be closed, head to feet, short of the
	// objective during the round: it could never be finished (ES-D3).
	if !last && done && len(fig)+1 != s.Objective {
		return 0, games.Refuse("escogriffe.closes_short", len(fig)+1, s.Objective)
	}
	return side, nil
}

func sideKey(side int) string {
	if side == sideTop {
		return "escogriffe.side_top"
	}
	return "escogriffe.side_bottom"
}

func (s *state) draw(seat int, ev *[]games.Event) {
	id := s.Pioche[len(s.Pioche)-1]
	s.Pioche = s.Pioche[:len(s.Pioche)-1]
	s.Hands[seat] = append(s.Hands[seat], id)
	s.Drawn, s.From, s.Forced = id, 0, 0
	s.Phase = phaseDiscard
	s.Last = i18n.T("escogriffe.ev_draw", i18n.Seat(seat))
	*ev = append(*ev,
		games.Event{To: games.Everyone, Msg: s.Last},
		games.Event{To: seat, Msg: i18n.T("escogriffe.ev_drawn", i18n.Raw(cardText(id)), len(s.Hands[seat]))})
	s.refill(ev)
}

func (s *state) take(seat, p int, ev *[]games.Event) {
	pile := s.Piles[p-1]
	id := pile[len(pile)-1]
	s.Piles[p-1] = pile[:len(pile)-1]
	s.Hands[seat] = append(s.Hands[seat], id)
	s.Drawn, s.From, s.Forced = id, p, 0
	if len(s.Piles[p-1]) == 0 {
		s.Forced = p // he took the last card: he discards on the same pile
	}
	s.Phase = phaseDiscard
	s.Last = i18n.T("escogriffe.ev_take", i18n.Seat(seat), cardMsg(id), p)
	*ev = append(*ev, games.Event{To: games.Everyone, Msg: s.Last})
}

func (s *state) discard(seat, k, p int, ev *[]games.Event) {
	hand := s.Hands[seat]
	id := hand[k-1]
	s.Hands[seat] = append(hand[:k-1:k-1], hand[k:]...)
	s.Piles[p-1] = append(s.Piles[p-1], id)
	s.Drawn, s.From, s.Forced = -1, 0, 0
	s.Last = i18n.T("escogriffe.ev_discard", i18n.Seat(seat), cardMsg(id), p)
	*ev = append(*ev, games.Event{To: games.Everyone, Msg: s.Last})
	s.endTurn()
	s.refill(ev)
}

func (s *state) endTurn() {
	s.Phase = phaseDraw
	s.Turn = s.next(s.Turn)
	s.Turns++
}

// refill: when the PIOCHE is empty, all discard piles but their top cards
// are shuffled into a new PIOCHE (escogriffe.md).
func (s *state) refill(ev *[]games.Event) {
	if len(s.Pioche) > 0 {
		return
	}
	var ids []int
	for p, pile := range s.Piles {
		if len(pile) > 1 {
			ids = append(ids, pile[:len(pile)-1]...)
			s.Piles[p] = []int{pile[len(pile)-1]}
		}
	}
	if len(ids) == 0 {
		return
	}
	cards.Shuffle(&s.RNG, ids)
	s.Pioche = ids
	*ev = append(*ev, games.Event{To: games.Everyone, Msg: i18n.T("escogriffe.ev_reshuffle", len(ids))})
}

func (s *state) putOnFigure(seat, k, side int) int {
	hand := s.Hands[seat]
	id := hand[k-1]
	s.Hands[seat] = append(hand[:k-1:k-1], hand[k:]...)
	if side == sideTop {
		s.Figures[seat] = append([]int{id}, s.Figures[seat]...)
	} else {
		s.Figures[seat] = append(s.Figures[seat], id)
	}
	return id
}

func (s *state) place(seat, k, side int, ev *[]games.Event) {
	id := s.putOnFigure(seat, k, side)
	s.Last = i18n.T("escogriffe.ev_place", i18n.Seat(seat), cardMsg(id), i18n.T(sideKey(side)))
	*ev = append(*ev, games.Event{To: games.Everyone, Msg: s.Last})
	fig := s.Figures[seat]
	if complete(fig) && len(fig) == s.Objective {
		// ES-D3: complete at exactly the objective, with all his cards.
		h := len(fig)
		s.Gained[seat] = h + 3
		s.Turns++
		s.Winner = seat
		*ev = append(*ev, games.Event{To: games.Everyone, Msg: i18n.T("escogriffe.ev_complete", i18n.Seat(seat), h, h+3)})
		// ES-D4: the others in seat order, one card each; a seat that
		// cannot complete its figure with one card is not asked.
		s.Queue = nil
		for i := 1; i < s.Players; i++ {
			o := (seat + i) % s.Players
			if len(s.lastChanceMoves(o)) > 0 {
				s.Queue = append(s.Queue, o)
			}
		}
		if len(s.Queue) == 0 {
			s.endRound(ev)
			return
		}
		s.Phase = phaseLast
		*ev = append(*ev, games.Event{To: games.Everyone, Msg: i18n.T("escogriffe.ev_last_chance")})
		return
	}
	s.endTurn()
	if s.blocked() {
		*ev = append(*ev, games.Event{To: games.Everyone, Msg: i18n.T("escogriffe.ev_blocked")})
		s.endRound(ev)
	}
}

func (s *state) placeLast(seat, k, side int, ev *[]games.Event) {
	id := s.putOnFigure(seat, k, side)
	h := len(s.Figures[seat])
	s.Gained[seat] = h // ES-D4: a complete figure of any height scores its height
	s.Last = i18n.T("escogriffe.ev_last_done", i18n.Seat(seat), cardMsg(id), h)
	*ev = append(*ev, games.Event{To: games.Everyone, Msg: s.Last})
}

func complete(fig []int) bool {
	return len(fig) >= 2 && Deck[fig[0]].Kind == Head && Deck[fig[len(fig)-1]].Kind == Feet
}

// placement is one legal "poser".
type placement struct{ k, side int }

// legalPlacements lists the cards of the seat's hand that may go on its
// figure now, with their side (both sides for a first card are one move).
func (s *state) legalPlacements(seat int) []placement {
	var out []placement
	fig := s.Figures[seat]
	last := s.Phase == phaseLast
	for k := 1; k <= len(s.Hands[seat]); k++ {
		if len(fig) == 0 {
			if !last {
				out = append(out, placement{k, sideTop})
			}
			continue
		}
		for _, side := range []int{sideTop, sideBottom} {
			if placeError(fig, s.Hands[seat][k-1], side) != nil {
				continue
			}
			done := closes(fig, s.Hands[seat][k-1], side)
			if last && !done || !last && done && len(fig)+1 != s.Objective {
				continue
			}
			out = append(out, placement{k, side})
		}
	}
	return out
}

// lastChanceMoves lists the placements that complete the seat's figure.
func (s *state) lastChanceMoves(seat int) []placement {
	var out []placement
	fig := s.Figures[seat]
	for k, id := range s.Hands[seat] {
		for _, side := range []int{sideTop, sideBottom} {
			if placeError(fig, id, side) == nil && closes(fig, id, side) {
				out = append(out, placement{k + 1, side})
			}
		}
	}
	return out
}

// blocked tells whether no seat can finish its figure at the objective any
// more, with the cards outside the figures (docs: the round then ends).
func (s *state) blocked() bool {
	var p planner
	for i := range p.w {
		p.w[i] = 1
	}
	for _, f := range s.Figures {
		for _, id := range f {
			p.w[id] = 0
		}
	}
	for _, f := range s.Figures {
		if p.ways(f, s.Objective) > 0 {
			return false
		}
	}
	return true
}

func (s *state) endRound(ev *[]games.Event) {
	for seat, g := range s.Gained {
		s.Scores[seat] += g
		*ev = append(*ev, games.Event{To: games.Everyone, Msg: i18n.T("escogriffe.ev_score", i18n.Seat(seat), g, s.Scores[seat])})
	}
	*ev = append(*ev, games.Event{To: games.Everyone, Msg: i18n.T("escogriffe.ev_round_end", s.Round)})
	best := -1
	for _, v := range s.Scores {
		best = max(best, v)
	}
	if best >= WinScore {
		// The first to 50 at the end of a round wins; if several reach it,
		// the highest total; equal totals share the win.
		s.Over, s.Phase, s.Queue = true, phaseOver, nil
		s.Champions = nil
		for seat, v := range s.Scores {
			if v == best {
				s.Champions = append(s.Champions, seat) // the board of the finished game names them
			}
		}
		return
	}
	s.First = s.next(s.First)
	s.startRound(ev)
}

// num reads a card or pile number: 1 to 99, written plainly.
func num(t string) (int, bool) {
	n, err := strconv.Atoi(t)
	return n, err == nil && n >= 1 && n <= 99 && t[0] != '+'
}

// cardThen reads "verb card [word]": the card number into card, and the
// optional third word with then.
func cardThen(f []string, card *int, then func(string) bool) bool {
	if len(f) < 2 || len(f) > 3 {
		return false
	}
	n, ok := num(f[1])
	if !ok {
		return false
	}
	*card = n
	if len(f) == 3 {
		return then(f[2])
	}
	return true
}
