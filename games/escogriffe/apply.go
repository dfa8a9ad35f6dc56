package escogriffe

import (
	"strconv"
	"strings"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/games/cards"
	"github.com/tablee/tablee/games/lexicon"
	"github.com/tablee/tablee/games/phrase"
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
	// face: a card named by its drawing, as the bot narrates moves ("jette
	// 🟥●R/🟦■B sur la défausse 1"), in lower case; Apply finds it in the
	// hand (or on the pile taken).
	face string
}

var verbWords = map[string]verb{
	"pioche": vDraw, "piocher": vDraw, "pioches": vDraw, "tirer": vDraw, "tire": vDraw, "draw": vDraw,
	"prendre": vTake, "prends": vTake, "prend": vTake, "take": vTake,
	"jeter": vDiscard, "jette": vDiscard, "jettes": vDiscard, "defausser": vDiscard, "discard": vDiscard,
	"poser": vPlace, "pose": vPlace, "poses": vPlace, "place": vPlace, "put": vPlace,
	"mets": vPlace, "mettre": vPlace, "met": vPlace,
	"passe": vPass, "passer": vPass, "passes": vPass, "pass": vPass,
	// The verbs of the bot's narration in English.
	"draws": vDraw, "takes": vTake, "discards": vDiscard, "places": vPlace, "puts": vPlace,
}

var sideWords = map[string]int{
	"haut": sideTop, "top": sideTop, "h": sideTop, "t": sideTop, "dessus": sideTop, "⬆": sideTop, "↑": sideTop,
	"bas": sideBottom, "bottom": sideBottom, "sous": sideBottom, "b": sideBottom, "dessous": sideBottom, "⬇": sideBottom, "↓": sideBottom,
}

// fillers are the words that natural phrasings add around the numbers and
// the side, and that change nothing: "poser 1 en haut", "prendre la
// défausse 1", "jeter 1 sur 2", "poser la carte 3 en bas de ma figure",
// "place 1 on top", "take from pile 2", "discard 1 onto pile 2".
var fillers = map[string]bool{
	"en": true, "sur": true, "la": true, "le": true, "les": true, "l": true, "de": true, "du": true,
	"des": true, "dans": true, "a": true, "au": true, "un": true, "une": true, "ma": true, "mon": true,
	"sa": true, "carte": true, "defausse": true, "pile": true, "tas": true, "figure": true, "main": true,
	"numero": true, "no": true, "n°": true, "on": true, "onto": true, "to": true, "the": true, "from": true,
	"at": true, "of": true, "my": true, "card": true, "number": true, "an": true, "discard": true,
}

// moveWords splits a move into lower-case words without accents: the
// first is the verb, the others lose their fillers. Hyphens and
// apostrophes separate words ("au-dessus", "l'autre"), and an arrow glued
// to a number is a word of its own ("3⬆").
func moveWords(s string) []string {
	s = strings.TrimPrefix(strings.TrimSpace(s), "/")
	s = strings.NewReplacer("'", " ", "’", " ", "⬆", " ⬆", "⬇", " ⬇", "↑", " ↑", "↓", " ↓").Replace(s)
	var toks []string
	for _, w := range strings.Fields(s) {
		if w[0] != '-' && w[0] != '+' && len(w) > 1 {
			toks = append(toks, strings.Split(w, "-")...) // "au-dessus"; "-1" stays a bad number
		} else {
			toks = append(toks, w)
		}
	}
	var out []string
	for i, w := range toks {
		if w == "" {
			continue
		}
		if f, ok := lexicon.Fold(w); ok {
			w = f
		}
		w = strings.ToLower(w)
		if len(out) == 0 && (w == "je" || w == "j" || w == "i") && i+1 < len(toks) {
			continue // "je pioche", "j'prends", "I draw"
		}
		// "un" after a card or a pile is its number ("la défausse un").
		number := (w == "un" || w == "une" || w == "one") && i > 0 && numbered[foldedLower(toks[i-1])]
		if len(out) > 0 && fillers[w] && !number {
			continue
		}
		out = append(out, w)
	}
	return out
}

func foldedLower(w string) string {
	if f, ok := lexicon.Fold(w); ok {
		w = f
	}
	return strings.ToLower(w)
}

// numbered are the words a number follows: "la carte un", "la défausse
// une" (the little words "carte" and "défausse" are dropped after it).
var numbered = map[string]bool{"carte": true, "defausse": true, "pile": true, "tas": true, "numero": true, "card": true, "number": true}

// parseMove reads a move, French or English, any case, with or without
// the little words of a sentence: "pioche", "piocher", "prendre 2",
// "prendre la défausse 2", "jeter 5 1", "jeter 5 sur 1", "poser 3 haut",
// "poser 3 en haut", "place 3 on top", "passe". A verb of drawing with a
// pile ("piocher dans la défausse 2") takes that pile; "prendre la
// pioche" draws.
func parseMove(s string) (move, bool) {
	f := moveWords(s)
	var face string
	for i, w := range f {
		if i > 0 && isFace(w) {
			if face != "" {
				return move{}, false
			}
			face = w
			f = append(f[:i:i], f[i+1:]...)
		}
	}
	if len(f) == 0 || len(f) > 3 {
		return move{}, false
	}
	m := move{verb: verbWords[f[0]], face: face}
	if face != "" {
		return faceMove(m, f)
	}
	var ok bool
	switch m.verb {
	case vDraw:
		if len(f) == 2 {
			m.verb = vTake
			m.a, ok = num(f[1])
			return m, ok
		}
		return m, len(f) == 1
	case vPass:
		return m, len(f) == 1
	case vTake:
		switch {
		case len(f) == 1:
			return m, true // which pile: asked by Apply
		case len(f) == 2 && (f[1] == "pioche" || f[1] == "deck" || f[1] == "stock"):
			m.verb = vDraw
			return m, true
		case len(f) != 2:
			return m, false
		}
		m.a, ok = num(f[1])
		return m, ok
	case vDiscard:
		// "jeter 5 [1]": a card, then maybe the pile.
		return m, cardThen(f, &m.a, func(w string) (ok bool) { m.b, ok = num(w); return })
	case vPlace:
		// "poser 3 [haut|bas]": a card, then maybe the side; the side may
		// come first ("poser en haut la carte 3").
		if _, isSide := sideWords[f[1%len(f)]]; isSide && len(f) == 3 {
			f[1], f[2] = f[2], f[1]
		}
		return m, cardThen(f, &m.a, func(w string) (ok bool) { m.side, ok = sideWords[w]; return })
	}
	return m, false
}

// isFace tells whether a word is a card's drawing ("🟥●r/🟦■b", "🙂/👣"):
// two joins around a slash, never a number.
func isFace(w string) bool {
	top, bottom, ok := strings.Cut(w, "/")
	return ok && top != "" && bottom != "" && strings.ContainsFunc(w, func(r rune) bool { return r > 0x2000 })
}

// faceMove reads a move whose card is named by its drawing: "prend FACE
// sur la défausse 2", "jette FACE sur la défausse 1", "pose FACE en haut
// de sa figure", "pose FACE" (a last card).
func faceMove(m move, f []string) (move, bool) {
	var ok bool
	switch {
	case m.verb == vDraw && len(f) == 2, m.verb == vTake && len(f) == 2:
		m.verb = vTake
		m.a, ok = num(f[1])
		return m, ok
	case m.verb == vDiscard && len(f) <= 2:
		if len(f) == 2 {
			m.b, ok = num(f[1])
			return m, ok
		}
		return m, true
	case m.verb == vPlace && len(f) <= 2:
		if len(f) == 2 {
			m.side, ok = sideWords[f[1]]
			return m, ok
		}
		return m, true
	}
	return m, false
}

// byFace turns a card named by its drawing into its number in the hand,
// or, for a card taken, checks it is the top of that pile.
func (s *state) byFace(seat int, m *move) error {
	if m.face == "" {
		return nil
	}
	if m.verb == vTake {
		if p := m.a; p >= 1 && p <= len(s.Piles) && len(s.Piles[p-1]) > 0 && strings.ToLower(cardText(s.Piles[p-1][len(s.Piles[p-1])-1])) == m.face {
			return nil
		}
		return games.Refuse("escogriffe.no_face_pile", i18n.Raw(m.face), m.a)
	}
	for k, id := range s.handCards(seat) {
		if strings.ToLower(cardText(id)) == m.face {
			m.a = k
			return nil
		}
	}
	return games.Refuse("escogriffe.no_face", i18n.Raw(m.face))
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
	if err := s.byFace(seat, &m); err != nil {
		return nil, err
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
			if m.a == 0 {
				return nil, games.Refuse("escogriffe.which_take", len(s.Piles))
			}
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
		if _, ok := s.cardAt(seat, m.a); !ok {
			return nil, s.noCard(seat, m.a)
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

// noCard refuses a card number the hand does not hold, with the numbers it
// does hold (they have gaps: a hand keeps its numbers).
func (s *state) noCard(seat, k int) error {
	nums := make([]string, 0, len(s.Hands[seat]))
	for _, n := range s.handNumbers(seat) {
		nums = append(nums, strconv.Itoa(n))
	}
	return games.Refuse("escogriffe.no_card", k, i18n.Raw(strings.Join(nums, ", ")))
}

func (s *state) checkPile(p int) error {
	if p < 1 || p > len(s.Piles) {
		return games.Refuse("escogriffe.no_pile", p, len(s.Piles))
	}
	return nil
}

// placeError tells why card id cannot go on that side of fig, or nil.
func placeError(fig []int, id, side int) error {
	key := placeFault(fig, id, side)
	switch key {
	case "":
		return nil
	case "escogriffe.mismatch_top":
		return games.Refuse(key, i18n.Raw(cardText(id)), i18n.Raw(joinText(Deck[fig[0]].Top)), i18n.Raw(joinText(Deck[id].Bottom)))
	case "escogriffe.mismatch_bottom":
		return games.Refuse(key, i18n.Raw(cardText(id)), i18n.Raw(joinText(Deck[fig[len(fig)-1]].Bottom)), i18n.Raw(joinText(Deck[id].Top)))
	}
	return games.Refuse(key)
}

// placeFault is the key of the refusal of placeError, or "" when the card
// fits; the bots test every placement with it, without building messages.
func placeFault(fig []int, id, side int) string {
	c := Deck[id]
	if len(fig) == 0 {
		return "" // ES: his first card may be any card
	}
	if side == sideTop {
		t := Deck[fig[0]]
		switch {
		case t.Kind == Head:
			return "escogriffe.above_head"
		case c.Kind == Feet:
			return "escogriffe.feet_bottom_only"
		case c.Bottom != t.Top:
			return "escogriffe.mismatch_top"
		}
		return ""
	}
	b := Deck[fig[len(fig)-1]]
	switch {
	case b.Kind == Feet:
		return "escogriffe.below_feet"
	case c.Kind == Head:
		return "escogriffe.head_top_only"
	case c.Top != b.Bottom:
		return "escogriffe.mismatch_bottom"
	}
	return ""
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
	fig := s.Figures[seat]
	id, ok := s.cardAt(seat, k)
	if !ok {
		return 0, s.noCard(seat, k)
	}
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
	k := s.addToHand(seat, id)
	s.Drawn, s.From, s.Forced = id, 0, 0
	s.Phase = phaseDiscard
	s.Last = i18n.T("escogriffe.ev_draw", i18n.Seat(seat))
	*ev = append(*ev,
		games.Event{To: games.Everyone, Msg: s.Last},
		games.Event{To: seat, Msg: i18n.T("escogriffe.ev_drawn", i18n.Raw(cardText(id)), k)})
	s.refill(ev)
}

func (s *state) take(seat, p int, ev *[]games.Event) {
	pile := s.Piles[p-1]
	id := pile[len(pile)-1]
	s.Piles[p-1] = pile[:len(pile)-1]
	s.addToHand(seat, id)
	s.Drawn, s.From, s.Forced = id, p, 0
	if len(s.Piles[p-1]) == 0 {
		s.Forced = p // he took the last card: he discards on the same pile
	}
	s.Phase = phaseDiscard
	s.Last = i18n.T("escogriffe.ev_take", i18n.Seat(seat), cardMsg(id), p)
	*ev = append(*ev, games.Event{To: games.Everyone, Msg: s.Last})
}

func (s *state) discard(seat, k, p int, ev *[]games.Event) {
	id := s.removeCard(seat, k)
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

// refill: when the PIOCHE is empty, every discard pile, top cards
// included, is shuffled into a new PIOCHE, and the first cards of it are
// turned to make the discard piles anew (escogriffe.md, revised: the
// sheet's "on mélange les défausses pour reconstituer une pioche puis on
// tire les premières cartes de cette pioche pour recréer les défausses").
// It waits while a pile is empty (its last card was just taken and the
// discard that refills it is due), and when the discards hold no more than
// a card a pile: the new PIOCHE would be empty again at once.
func (s *state) refill(ev *[]games.Event) {
	if len(s.Pioche) > 0 {
		return
	}
	n := 0
	for _, pile := range s.Piles {
		if len(pile) == 0 {
			return
		}
		n += len(pile)
	}
	if n <= len(s.Piles) {
		return
	}
	ids := make([]int, 0, n)
	for _, pile := range s.Piles {
		ids = append(ids, pile...)
	}
	cards.Shuffle(&s.RNG, ids)
	for p := range s.Piles {
		s.Piles[p] = []int{ids[len(ids)-1]}
		ids = ids[:len(ids)-1]
	}
	s.Pioche = ids
	*ev = append(*ev, games.Event{To: games.Everyone, Msg: i18n.T("escogriffe.ev_reshuffle", n, len(s.Piles), len(ids))})
}

func (s *state) putOnFigure(seat, k, side int) int {
	id := s.removeCard(seat, k)
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
	for k, id := range s.handCards(seat) {
		if len(fig) == 0 {
			if !last {
				out = append(out, placement{k, sideTop})
			}
			continue
		}
		for _, side := range []int{sideTop, sideBottom} {
			if placeFault(fig, id, side) != "" {
				continue
			}
			done := closes(fig, id, side)
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
	for k, id := range s.handCards(seat) {
		for _, side := range []int{sideTop, sideBottom} {
			if placeFault(fig, id, side) == "" && closes(fig, id, side) {
				out = append(out, placement{k, side})
			}
		}
	}
	return out
}

// blocked tells whether no seat can finish its figure at the objective any
// more, with the cards outside the figures, each used once (docs: the round
// then ends). The planner alone would not do: it may count a BODY card
// twice round a loop of joins, and a round nobody can finish would go on
// for ever (finish.go).
func (s *state) blocked() bool {
	free := s.freeCards()
	find := newFinder(&free, s.Objective)
	for _, f := range s.Figures {
		if find.canFinish(f, s.Objective) {
			return false
		}
	}
	return true
}

// freeCards marks the cards outside every figure: in a hand, a pile or the
// PIOCHE, all of which may still come to a figure.
func (s *state) freeCards() (free [DeckSize]bool) {
	for i := range free {
		free[i] = true
	}
	for _, f := range s.Figures {
		for _, id := range f {
			free[id] = false
		}
	}
	return free
}

func (s *state) endRound(ev *[]games.Event) {
	s.Done = &roundDone{Round: s.Round, Objective: s.Objective}
	if s.Winner >= 0 {
		for i := range s.Players {
			seat := (s.Winner + i) % s.Players
			if s.Gained[seat] > 0 {
				s.Done.Figures = append(s.Done.Figures, doneFigure{Seat: seat,
					Cards: append([]int(nil), s.Figures[seat]...), Points: s.Gained[seat]})
			}
		}
	}
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
// num reads a card or pile number, in digits or in words ("deux", "la
// deuxième").
func num(t string) (int, bool) {
	n, ok := phrase.Number(t)
	return n, ok && n >= 1 && n <= 99
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
