package wordsout

import (
	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/games/cards"
	"github.com/tablee/tablee/i18n"
)

// turn is one move being played: the state it changes, the dictionary,
// and what it tells.
type turn struct {
	s *state
	d Dict
	games.Told
}

func (s *state) apply(d Dict, seat int, text string) ([]games.Event, error) {
	if s.Over {
		return nil, games.Refuse("wordsout.err.game_over")
	}
	if seat < 0 || seat >= s.Players {
		return nil, games.Refuse("wordsout.err.not_seated")
	}
	if len(text) > maxMove {
		return nil, games.Refuse("wordsout.err.syntax", string([]rune(text)[:40])+"…")
	}
	t := &turn{s: s, d: d, Told: games.Told{Last: &s.Last}}
	if s.Phase == phaseCounter {
		if err := s.answer(t, seat, text); err != nil {
			return nil, err
		}
		s.Moves++
		return t.Events, nil
	}
	if seat != s.Turn {
		return nil, games.Refuse("wordsout.err.not_your_turn", i18n.Seat(s.Turn))
	}
	m, err := parseMove(text)
	if err != nil {
		return nil, err
	}
	switch s.Phase {
	case phasePlay:
		err = s.play(t, seat, m)
	case phaseMore:
		err = s.more(t, seat, m)
	case phaseCall:
		switch m.kind {
		case mvWordOut, mvYes:
			s.callWordOut(t, seat, s.Row, nil, nil)
		case mvNo, mvPass:
			t.Public("wordsout.ev.no_call", i18n.Seat(seat), s.word(s.Row))
			s.endTurn(t, seat)
		default:
			err = games.Refuse("wordsout.err.call_phase", s.word(s.Row))
		}
	case phaseRestart:
		err = s.restart(t, seat, m)
	}
	if err != nil {
		return nil, err
	}
	s.Moves++
	return t.Events, nil
}

func (s *state) play(t *turn, seat int, m move) error {
	switch m.kind {
	case mvLay:
		if m.row < 0 {
			return games.Refuse("wordsout.err.which_row", m.cards[0].String())
		}
		s.Row, s.Laid = m.row, nil
		return s.layTurn(t, seat, m)
	case mvPoubelle:
		return s.poubelle(t, seat, m.row)
	case mvPass:
		s.pass(t, seat)
		return nil
	case mvCounter:
		return games.Refuse("wordsout.err.no_window")
	case mvWordOut, mvYes:
		return games.Refuse("wordsout.err.call_lay_first")
	}
	return games.Refuse("wordsout.err.play_phase")
}

func (s *state) more(t *turn, seat int, m move) error {
	switch m.kind {
	case mvLay:
		if m.row >= 0 && m.row != s.Row {
			return games.Refuse("wordsout.err.same_row", s.Row+1)
		}
		return s.layTurn(t, seat, m)
	case mvWordOut, mvYes:
		return s.tryCall(t, seat)
	case mvNo, mvPass:
		s.finishLaying(t, seat)
		return nil
	case mvPoubelle:
		return games.Refuse("wordsout.err.poubelle_first")
	}
	return games.Refuse("wordsout.err.more_phase", s.Row+1)
}

func (s *state) restart(t *turn, seat int, m move) error {
	switch m.kind {
	case mvLay:
		if m.row >= 0 && m.row != s.Row {
			return games.Refuse("wordsout.err.restart_row", s.Row+1)
		}
		return s.layTurn(t, seat, m)
	case mvPoubelle:
		return games.Refuse("wordsout.err.poubelle_empty", s.Row+1)
	}
	return games.Refuse("wordsout.err.restart", s.Row+1)
}

// layTurn lays the move's cards on s.Row in a turn (or a restart), then
// calls, stops or goes on as the move says.
func (s *state) layTurn(t *turn, seat int, m move) error {
	before := len(s.Laid)
	failed, err := s.lay(t, seat, s.Row, m.cards)
	if err != nil {
		return err
	}
	if failed {
		// WO-D3: the card went back to the hand; the turn passes, no draw
		// and no WORD OUT.
		if len(s.Laid) > before || before > 0 {
			s.Passes = 0
		} else if s.countPass(t) {
			return nil
		}
		s.nextTurn()
		return nil
	}
	s.Passes = 0
	switch {
	case m.call:
		return s.tryCall(t, seat)
	case m.stop:
		s.finishLaying(t, seat)
	default:
		s.afterLay(t, seat)
	}
	return nil
}

// take removes from seat's hand the card a spec names (a bare letter takes
// the plain card first, then a REJOUER, then an INCONTRABLE) and returns
// it, a JOKER with its letter.
func take(h *[]Card, sp spec) (Card, bool) {
	want := []Card{mkCard(sp.kind, sp.letter)}
	switch {
	case sp.kind == kindJoker:
		want = []Card{mkCard(kindJoker, 0)}
	case sp.any:
		want = []Card{mkCard(kindPlain, sp.letter), mkCard(kindRejouer, sp.letter), mkCard(kindIncontrable, sp.letter)}
	}
	for _, c := range want {
		if cards.Remove(h, c) {
			if c.Kind() == kindJoker {
				c = c.withLetter(sp.letter)
			}
			return c, true
		}
	}
	return 0, false
}

// mayFollow is WO-D4 (revised): whether a card may follow laid, this turn's
// cards so far. The first card is free; only the REJOUER cards laid one
// after the other at the start of the turn give extra cards, one each:
// REJOUER + 1 card; REJOUER, REJOUER + 2 cards ("2 cartes REJOUER qui se
// suivent"). While the run lasts any card may follow (another REJOUER makes
// it longer); once a card ends it, the turn holds at most twice the run. A
// REJOUER laid after the run is one of the extra cards and gives none:
// REJOUER, card, REJOUER, card is refused.
func mayFollow(laid []Card) bool {
	run := 0
	for run < len(laid) && laid[run].Kind() == kindRejouer {
		run++
	}
	return run == len(laid) || len(laid) < 2*run
}

// lay puts cards one by one on the right of row r (WO-D3) for seat,
// following the REJOUER rule (WO-D4) from s.Laid. A card that makes a
// beginning no word has goes back to the hand and failed is true (with
// "forgiving" the move is refused instead).
func (s *state) lay(t *turn, seat, r int, specs []spec) (failed bool, err error) {
	h := &s.Hands[seat]
	var laid []Card
	for _, sp := range specs {
		c, ok := take(h, sp)
		if !ok {
			return false, games.Refuse("wordsout.err.not_in_hand", sp.String())
		}
		if !mayFollow(s.Laid) {
			if len(s.Laid) > 0 && s.Laid[0].Kind() != kindRejouer {
				return false, games.Refuse("wordsout.err.one_card")
			}
			return false, games.Refuse("wordsout.err.no_more")
		}
		nw := s.word(r) + string(c.Letter())
		if !t.d.HasPrefix(nw) {
			if s.Forgiving {
				return false, games.Refuse("wordsout.err.not_prefix", nw)
			}
			*h = append(*h, c.Bare())
			if len(laid) > 0 {
				t.Public("wordsout.ev.lay", i18n.Seat(seat), glyphs(laid), r+1, s.word(r))
			}
			t.Public("wordsout.ev.lay_failed", i18n.Seat(seat), cardName(c), r+1, nw)
			return true, nil
		}
		s.Rows[r] = append(s.Rows[r], c)
		s.Laid = append(s.Laid, c)
		laid = append(laid, c)
	}
	t.Public("wordsout.ev.lay", i18n.Seat(seat), glyphs(laid), r+1, s.word(r))
	return false, nil
}

// canContinue tells whether seat may and can add a card to his turn's row.
func (s *state) canContinue(seat int) bool {
	return len(s.Laid) > 0 && mayFollow(s.Laid) && s.hasLayable(seat)
}

func (s *state) afterLay(t *turn, seat int) {
	if s.canContinue(seat) {
		s.Phase = phaseMore
		return
	}
	s.finishLaying(t, seat)
}

// finishLaying ends the laying part of a turn: WO-D5, the player may call
// WORD OUT when his row reads a word of at least 3 letters.
func (s *state) finishLaying(t *turn, seat int) {
	if s.isWord(t.d, s.Row) {
		s.Phase = phaseCall
		return
	}
	s.endTurn(t, seat)
}

func (s *state) isWord(d Dict, r int) bool {
	w := s.word(r)
	return len(w) >= minWord && d.Has(w)
}

// tryCall is a WORD OUT typed by the turn's player. On a row that is no
// word, the sheet: he takes back his cards and passes his turn ("forgiving":
// refused).
func (s *state) tryCall(t *turn, seat int) error {
	if s.isWord(t.d, s.Row) {
		s.callWordOut(t, seat, s.Row, nil, nil)
		return nil
	}
	w := s.word(s.Row)
	if s.Forgiving {
		if len(w) < minWord {
			return games.Refuse("wordsout.err.too_short", w)
		}
		return games.Refuse("wordsout.err.not_word", w)
	}
	row := s.Rows[s.Row]
	n := min(len(s.Laid), len(row))
	back := row[len(row)-n:]
	for _, c := range back {
		s.Hands[seat] = append(s.Hands[seat], c.Bare())
	}
	s.Rows[s.Row] = row[:len(row)-n]
	t.Public("wordsout.ev.wrong_call", i18n.Seat(seat), w, glyphs(back))
	s.Laid = nil
	if !s.countPass(t) {
		s.nextTurn()
	}
	return nil
}

// callWordOut is WO-D5 and WO-D6: seat calls WORD OUT on row r. chain
// lists the earlier callers of a counter chain, spent the seats that have
// countered or declined in it: neither is asked again (revised WO-D6, "tour
// de table": one chance per opponent and chain).
func (s *state) callWordOut(t *turn, seat, r int, chain, spent []int) {
	cs := s.Rows[r]
	w, v := word(cs), value(cs)
	chain = append(chain, seat)
	t.Public("wordsout.ev.wordout", i18n.Seat(seat), w, v, r+1)
	safe := false
	for _, c := range cs {
		if c.safe() {
			safe = true
		}
	}
	switch {
	case safe:
		t.Public("wordsout.ev.safe")
		s.cash(t, seat, r)
		return
	case len(s.Hands[seat]) == 0:
		t.Public("wordsout.ev.safe_last")
		s.cash(t, seat, r)
		return
	}
	win := &window{Row: r, Caller: seat, Chain: chain, Spent: spent}
	for i := 1; i < s.Players; i++ {
		p := (seat + i) % s.Players
		if len(s.Hands[p]) == 0 || contains(chain, p) || contains(spent, p) {
			continue
		}
		win.Asked = append(win.Asked, p)
		win.Answer = append(win.Answer, ansWaiting)
		win.Cards = append(win.Cards, nil)
	}
	if len(win.Asked) == 0 {
		t.Public("wordsout.ev.nobody_left")
		s.cash(t, seat, r)
		return
	}
	s.Win, s.Phase = win, phaseCounter
	t.Public("wordsout.ev.window", w, v)
}

func contains(s []int, x int) bool {
	for _, y := range s {
		if y == x {
			return true
		}
	}
	return false
}

// answer is one seat's answer in the counter window (WO-D6).
func (s *state) answer(t *turn, seat int, text string) error {
	w := s.Win
	i := -1
	for k, p := range w.Asked {
		if p == seat {
			i = k
		}
	}
	switch {
	case i < 0 && seat == w.Caller:
		return games.Refuse("wordsout.err.own_word")
	case i < 0:
		// A counter he may no longer make, or a move of his own while the
		// others answer: each is told its reason.
		if m, err := parseMove(text); err == nil && m.kind != mvCounter {
			return games.Refuse("wordsout.err.window_wait", i18n.Seat(w.Caller))
		}
		return games.Refuse("wordsout.err.not_asked")
	case w.Answer[i] != ansWaiting:
		return games.Refuse("wordsout.err.answered")
	}
	m, err := parseMove(text)
	if err != nil {
		return err
	}
	switch m.kind {
	case mvNo, mvPass:
		w.Answer[i] = ansDeclined
		t.Pending(seat, "wordsout.pv.declined")
	case mvCounter, mvLay:
		if m.row >= 0 && m.row != w.Row {
			return games.Refuse("wordsout.err.counter_row", w.Row+1)
		}
		if m.call || m.stop {
			return games.Refuse("wordsout.err.counter_syntax")
		}
		cs, err := s.checkCounter(t, seat, m.cards)
		if err != nil {
			return err
		}
		if len(cs) == 0 {
			w.Answer[i] = ansDeclined
		} else {
			w.Answer[i], w.Cards[i] = ansCounter, cs
			t.Pending(seat, "wordsout.pv.counter_noted", s.word(w.Row)+word(cs))
		}
	case mvPoubelle:
		return games.Refuse("wordsout.err.counter_poubelle")
	default:
		return games.Refuse("wordsout.err.counter_phase", s.word(w.Row))
	}
	s.resolve(t)
	return nil
}

// checkCounter validates a counter against the normal rules (WO-D6): the
// cards are in the hand, follow the REJOUER rule, and keep the row the
// beginning of a word. Without "forgiving" a card that breaks the last
// rule goes back to the hand and the counter stops before it (it may be
// empty: no counter).
func (s *state) checkCounter(t *turn, seat int, specs []spec) ([]Card, error) {
	h := append([]Card{}, s.Hands[seat]...)
	row := s.word(s.Win.Row)
	var laid []Card
	for _, sp := range specs {
		c, ok := take(&h, sp)
		if !ok {
			return nil, games.Refuse("wordsout.err.not_in_hand", sp.String())
		}
		if !mayFollow(laid) {
			if laid[0].Kind() != kindRejouer {
				return nil, games.Refuse("wordsout.err.one_card")
			}
			return nil, games.Refuse("wordsout.err.no_more")
		}
		nw := row + word(laid) + string(c.Letter())
		if !t.d.HasPrefix(nw) {
			if s.Forgiving {
				return nil, games.Refuse("wordsout.err.not_prefix", nw)
			}
			if len(laid) == 0 {
				t.Private(seat, "wordsout.pv.counter_failed", nw)
			} else {
				t.Private(seat, "wordsout.pv.counter_cut", nw, row+word(laid))
			}
			return laid, nil
		}
		laid = append(laid, c)
	}
	return laid, nil
}

// resolve closes the counter window once its outcome is known: the first
// asked seat (in seat order after the caller) who counters wins as soon
// as every seat before him has declined; nobody countering, the caller
// cashes.
func (s *state) resolve(t *turn) {
	w := s.Win
	winner := -1
	for i := range w.Asked {
		if w.Answer[i] == ansWaiting {
			return
		}
		if w.Answer[i] == ansCounter {
			winner = i
			break
		}
	}
	s.Win = nil
	// The answers noted in this move are settled by it: the board tells
	// the outcome.
	t.Settle()
	if winner < 0 {
		t.Public("wordsout.ev.no_counter", i18n.Seat(w.Caller), word(s.Rows[w.Row]))
		s.cash(t, w.Caller, w.Row)
		return
	}
	k := w.Asked[winner]
	old := s.word(w.Row)
	for _, c := range w.Cards[winner] {
		cards.Remove(&s.Hands[k], c.Bare())
		s.Rows[w.Row] = append(s.Rows[w.Row], c)
	}
	s.Passes = 0
	t.Public("wordsout.ev.countered", i18n.Seat(k), glyphs(w.Cards[winner]), old, s.word(w.Row))
	for i := winner + 1; i < len(w.Asked); i++ {
		if w.Answer[i] == ansCounter {
			t.Private(w.Asked[i], "wordsout.pv.counter_beaten", i18n.Seat(k))
		}
	}
	if s.isWord(t.d, w.Row) {
		// The seats that answered this window have had their chance; those
		// still waiting when the outcome was known have not.
		spent := w.Spent
		for i, p := range w.Asked {
			if w.Answer[i] != ansWaiting && p != k {
				spent = append(spent, p)
			}
		}
		s.callWordOut(t, k, w.Row, w.Chain, spent)
		return
	}
	t.Public("wordsout.ev.extended", i18n.Seat(k), s.word(w.Row))
	if len(s.Hands[k]) == 0 {
		s.goneOut(t, k, -1)
		return
	}
	s.nextTurn()
}

// cash scores row r for seat, discards it, and seat keeps the lead: he
// starts the freed row (WO-D6). An empty hand ends the deal (WO-D7).
func (s *state) cash(t *turn, seat, r int) {
	cs := s.Rows[r]
	v := value(cs)
	s.Scores[seat] += v
	for _, c := range cs {
		s.Discard = append(s.Discard, c.Bare())
	}
	s.Rows[r] = []Card{}
	s.Win, s.Passes = nil, 0
	t.Public("wordsout.ev.cash", i18n.Seat(seat), word(cs), v, s.Scores[seat])
	switch {
	case len(s.Hands[seat]) == 0:
		s.goneOut(t, seat, r)
	case s.hasLayable(seat):
		s.toRestart(seat, r)
	default:
		t.Public("wordsout.ev.no_restart", i18n.Seat(seat), r+1)
		s.nextTurn()
	}
}

func (s *state) toRestart(seat, r int) {
	s.Turn, s.Phase, s.Row, s.Laid = seat, phaseRestart, r, nil
}

func (s *state) hasLayable(seat int) bool {
	for _, c := range s.Hands[seat] {
		if c.layable() {
			return true
		}
	}
	return false
}

// poubelle: the row's cards and the POUBELLE go to the discard, then the
// player starts the emptied row.
func (s *state) poubelle(t *turn, seat, r int) error {
	if len(s.Rows[r]) == 0 {
		return games.Refuse("wordsout.err.poubelle_empty", r+1)
	}
	if !cards.Remove(&s.Hands[seat], mkCard(kindPoubelle, 0)) {
		// The card's printed name, as a letter's: "pas de POUBELLE", not
		// "pas de une POUBELLE".
		return games.Refuse("wordsout.err.not_in_hand", i18n.Raw("POUBELLE"))
	}
	w := s.word(r)
	for _, c := range s.Rows[r] {
		s.Discard = append(s.Discard, c.Bare())
	}
	s.Discard = append(s.Discard, mkCard(kindPoubelle, 0))
	s.Rows[r] = []Card{}
	s.Passes = 0
	t.Public("wordsout.ev.poubelle", i18n.Seat(seat), r+1, w)
	switch {
	case len(s.Hands[seat]) == 0:
		s.goneOut(t, seat, -1)
	case s.hasLayable(seat):
		s.toRestart(seat, r)
	default:
		t.Public("wordsout.ev.no_restart", i18n.Seat(seat), r+1)
		s.nextTurn()
	}
	return nil
}

// pass draws one card (none after the last deal or from an empty PIOCHE).
// The draw that empties the PIOCHE makes this deal the last (revised WO-D7:
// the end comes "quand la PIOCHE est épuisée", however it emptied).
func (s *state) pass(t *turn, seat int) {
	if !s.LastDeal && s.Pioche.Len() > 0 {
		c := s.Pioche.Draw(1)
		s.Hands[seat] = append(s.Hands[seat], c...)
		s.Passes = 0
		t.Public("wordsout.ev.pass_draw", i18n.Seat(seat), s.Pioche.Len())
		t.Private(seat, "wordsout.pv.drew", glyph(c[0]))
		if s.Pioche.Len() == 0 {
			s.LastDeal = true
			t.Public("wordsout.ev.pioche_dry")
		}
	} else {
		t.Public("wordsout.ev.pass", i18n.Seat(seat))
		if s.countPass(t) {
			return
		}
	}
	s.nextTurn()
}

// countPass counts a turn that laid no card while the PIOCHE is empty, and
// ends the game when every player has passed in a row (WO-D7). It tells
// whether the game ended.
func (s *state) countPass(t *turn) bool {
	if s.Pioche.Len() > 0 {
		s.Passes = 0
		return false
	}
	s.Passes++
	if s.Passes < s.Players {
		return false
	}
	t.Public("wordsout.ev.all_passed")
	for p := range s.Hands {
		if n := len(s.Hands[p]); n > 0 {
			s.Scores[p] -= n
			t.Public("wordsout.ev.penalty", i18n.Seat(p), n)
		}
	}
	s.finish(t)
	return true
}

// endTurn ends seat's turn (or restart) with no WORD OUT pending.
func (s *state) endTurn(t *turn, seat int) {
	s.Laid = nil
	if len(s.Hands[seat]) == 0 {
		s.goneOut(t, seat, -1)
		return
	}
	s.nextTurn()
}

// nextTurn gives the turn to the left of the player whose turn it was
// (WO-D6: after a counter chain, the left of the first caller's turn).
func (s *state) nextTurn() {
	s.Turn = (s.Origin + 1) % s.Players
	s.Origin = s.Turn
	s.Phase, s.Row, s.Laid, s.Win = phasePlay, 0, nil, nil
}

// goneOut is WO-D7: seat laid the last card of his hand. Once the PIOCHE
// is empty (after the last deal, or drawn dry by passes: revised WO-D7) the
// game ends with the bonus and penalties; otherwise a new deal starts with
// him and he leads it, by restarting row restart (a row freed by his WORD
// OUT) or by a normal turn.
func (s *state) goneOut(t *turn, seat, restart int) {
	if s.LastDeal || s.Pioche.Len() == 0 {
		bonus := 0
		for p := range s.Hands {
			if n := len(s.Hands[p]); p != seat && n > 0 {
				bonus += n
				s.Scores[p] -= n
				t.Public("wordsout.ev.penalty", i18n.Seat(p), n)
			}
		}
		s.Scores[seat] += bonus
		t.Public("wordsout.ev.bonus", i18n.Seat(seat), bonus)
		s.finish(t)
		return
	}
	for p := range s.Hands {
		s.Pioche.Push(s.Hands[p]...)
		s.Hands[p] = []Card{}
	}
	s.Pioche.Shuffle(&s.Rng)
	s.Deals++
	// A PIOCHE of exactly 8 cards a player is the last deal too: it leaves
	// nothing to draw.
	if s.Pioche.Len() > handSize*s.Players {
		cards.Deal(&s.Pioche, s.Hands, seat, handSize)
		t.Public("wordsout.ev.new_deal", i18n.Seat(seat), handSize, s.Pioche.Len())
	} else {
		n := s.Pioche.Len()
		cards.Deal(&s.Pioche, s.Hands, seat, n)
		s.LastDeal = true
		t.Public("wordsout.ev.last_deal", i18n.Seat(seat), n)
	}
	for p := range s.Hands {
		t.Private(p, "wordsout.pv.new_hand", glyphs(sortedHand(s.Hands[p])))
	}
	s.Origin, s.Turn, s.Laid, s.Win, s.Passes = seat, seat, nil, nil, 0
	if restart >= 0 && s.hasLayable(seat) {
		s.Phase, s.Row = phaseRestart, restart
		return
	}
	s.Phase, s.Row = phasePlay, 0
}

func (s *state) finish(t *turn) {
	s.Over = true
	s.Phase, s.Row, s.Laid, s.Win = phasePlay, 0, nil, nil
	// The scores, not the winner: the board of a finished game names the
	// winner, and it is shown with these events.
	for p, v := range s.Scores {
		t.Public("wordsout.ev.score", i18n.Seat(p), v)
	}
}

// word is row r read left to right.
func (s *state) word(r int) string { return word(s.Rows[r]) }
