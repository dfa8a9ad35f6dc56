package wordsout

import (
	"strconv"
	"strings"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/i18n"
)

// boardRows draws the four rows: the row number, its cards with their kinds
// (🟩 green +2, 🟥 red x2, ↻ REJOUER, 🔒 INCONTRABLE, ★ JOKER) and what the
// row would be worth as a word.
func (s *state) boardRows() []string {
	out := make([]string, 0, nRows)
	for r, row := range s.Rows {
		label := strconv.Itoa(r + 1)
		if len(row) == 0 {
			out = append(out, label+" ⬜")
			continue
		}
		out = append(out, label+" "+glyphs(row)+" = "+strconv.Itoa(value(row)))
	}
	return out
}

// Public is what the whole table sees: rows, counts, scores, whose turn,
// the last move. No hand, no PIOCHE order and no pending counter appear.
func (g *Game) Public() games.View {
	s := g.s
	v := games.View{Title: i18n.T("wordsout.title"), Board: s.boardRows()}
	v.Lines = append(v.Lines, i18n.T("wordsout.line.legend"))
	for p := 0; p < s.Players; p++ {
		key := "wordsout.line.seat"
		if !s.Over && s.Phase != phaseCounter && p == s.Turn {
			key = "wordsout.line.seat_turn"
		}
		v.Lines = append(v.Lines, i18n.T(key, i18n.Seat(p), s.Scores[p], len(s.Hands[p])))
	}
	piles := "wordsout.line.piles"
	if s.LastDeal {
		piles = "wordsout.line.piles_last"
	}
	v.Lines = append(v.Lines, i18n.T(piles, s.Pioche.Len(), len(s.Discard), s.Deals, i18n.Seat(s.Dealer)))
	if s.Moves == 0 {
		v.Recall(0, s.Setup...)
	}
	if !s.Last.IsZero() {
		v.Recall(0, i18n.T("wordsout.line.last", s.Last))
	}
	switch {
	case s.Over:
		v.Lines = append(v.Lines, i18n.T("wordsout.line.over"))
		v.Lines = append(v.Lines, i18n.T("wordsout.line.winner", g.Result().Victory()))
	case s.Phase == phaseCounter:
		w := s.Win
		v.Lines = append(v.Lines, i18n.T("wordsout.line.window", s.word(w.Row), value(s.Rows[w.Row]), i18n.Seat(w.Caller), w.Row+1))
		for i, p := range w.Asked {
			key := "wordsout.line.asked_waiting"
			if w.Answer[i] != ansWaiting {
				key = "wordsout.line.asked_answered"
			}
			v.Lines = append(v.Lines, i18n.T(key, i18n.Seat(p)))
		}
	case s.Phase == phaseMore:
		v.Lines = append(v.Lines, i18n.T("wordsout.line.turn_more", i18n.Seat(s.Turn), s.Row+1))
	case s.Phase == phaseCall:
		v.Lines = append(v.Lines, i18n.T("wordsout.line.turn_call", i18n.Seat(s.Turn), s.word(s.Row)))
	case s.Phase == phaseRestart:
		v.Lines = append(v.Lines, i18n.T("wordsout.line.turn_restart", i18n.Seat(s.Turn), s.Row+1))
	default:
		v.Lines = append(v.Lines, i18n.T("wordsout.line.turn", i18n.Seat(s.Turn)))
	}
	return v
}

// asked returns seat's index in the counter window, or -1.
func (s *state) asked(seat int) int {
	if s.Win == nil {
		return -1
	}
	for i, p := range s.Win.Asked {
		if p == seat {
			return i
		}
	}
	return -1
}

// Private is one seat's hand and what he can do now.
func (g *Game) Private(seat int) games.View {
	s := g.s
	v := games.View{Title: i18n.T("wordsout.title")}
	if seat < 0 || seat >= s.Players {
		return v
	}
	h := sortedHand(s.Hands[seat])
	if len(h) > 0 {
		v.Board = []string{glyphs(h)}
	}
	v.Lines = append(v.Lines, i18n.T("wordsout.pv.hand", len(h)))
	switch {
	case s.Over:
	case s.Phase == phaseCounter:
		i := s.asked(seat)
		switch {
		case i < 0:
			v.Lines = append(v.Lines, i18n.T("wordsout.pv.hint_window", i18n.Seat(s.Win.Caller), s.word(s.Win.Row)))
		case s.Win.Answer[i] == ansCounter:
			v.Lines = append(v.Lines, i18n.T("wordsout.pv.hint_countered", s.word(s.Win.Row)+word(s.Win.Cards[i])))
		case s.Win.Answer[i] == ansDeclined:
			v.Lines = append(v.Lines, i18n.T("wordsout.pv.hint_declined"))
		default:
			v.Lines = append(v.Lines, i18n.T("wordsout.pv.hint_counter", i18n.Seat(s.Win.Caller), s.word(s.Win.Row), value(s.Rows[s.Win.Row])))
		}
	case seat != s.Turn:
		v.Lines = append(v.Lines, i18n.T("wordsout.pv.hint_wait", i18n.Seat(s.Turn)))
	case s.Phase == phaseMore:
		v.Lines = append(v.Lines, i18n.T("wordsout.pv.hint_more", s.Row+1, s.word(s.Row)))
	case s.Phase == phaseCall:
		v.Lines = append(v.Lines, i18n.T("wordsout.pv.hint_call", s.word(s.Row), value(s.Rows[s.Row])))
	case s.Phase == phaseRestart:
		v.Lines = append(v.Lines, i18n.T("wordsout.pv.hint_restart", s.Row+1))
	default:
		v.Lines = append(v.Lines, i18n.T("wordsout.pv.hint_play"))
	}
	return v
}

// distinct lists the different cards of a hand a player may lay now
// (layable, and allowed after laid by WO-D4), in hand order.
func distinct(h []Card, laid []Card, poubelle bool) []Card {
	var out []Card
	seen := map[Card]bool{}
	for _, c := range sortedHand(h) {
		if seen[c] || (!poubelle && !c.layable()) || (c.layable() && !mayFollow(laid)) {
			continue
		}
		seen[c] = true
		out = append(out, c)
	}
	return out
}

// Choices offers the buttons of a move step by step. A turn: the card, then
// (for a JOKER) its letter, then the row; after a REJOUER: the next card,
// "WORD OUT" when the row is a word, or "fin". The counter window offers
// "Contrer" then the cards, in private to each asked seat.
func (g *Game) Choices(seat int, prefix string) []games.Choice {
	s := g.s
	if s.Over || seat < 0 || seat >= s.Players {
		return nil
	}
	prefix = strings.ToLower(strings.TrimSpace(prefix))
	if s.Phase == phaseCounter {
		return g.counterChoices(seat, prefix)
	}
	if seat != s.Turn {
		return nil
	}
	switch s.Phase {
	case phaseCall:
		if prefix != "" {
			return nil
		}
		return []games.Choice{
			{Label: i18n.T("wordsout.choice.wordout", s.word(s.Row), value(s.Rows[s.Row])), Move: "wordout", Final: true},
			{Label: i18n.T("wordsout.choice.no_call"), Move: "non", Final: true},
		}
	case phaseMore, phaseRestart:
		base := ""
		if prefix == "joker" {
			return jokerLetters(base, s.word(s.Row), true)
		}
		if prefix != "" {
			return nil
		}
		out := cardChoices(distinct(s.Hands[seat], s.Laid, false), base, s.word(s.Row), true)
		if s.Phase == phaseMore {
			if s.isWord(g.dict, s.Row) {
				out = append(out, games.Choice{Label: i18n.T("wordsout.choice.wordout", s.word(s.Row), value(s.Rows[s.Row])), Move: "wordout", Final: true, Row: 98})
			}
			out = append(out, games.Choice{Label: i18n.T("wordsout.choice.stop"), Move: "fin", Final: true, Row: 98})
		}
		return out
	}
	switch prefix {
	case "":
		out := cardChoices(distinct(s.Hands[seat], nil, true), "", "", false)
		return append(out, games.Choice{Label: i18n.T("wordsout.choice.pass"), Move: "passe", Final: true, Row: 98})
	case "joker":
		if !hasKind(s.Hands[seat], kindJoker) {
			return nil
		}
		return jokerLetters("", "", false)
	case "poubelle":
		if !hasKind(s.Hands[seat], kindPoubelle) {
			return nil
		}
		var out []games.Choice
		for r := range s.Rows {
			if len(s.Rows[r]) > 0 {
				out = append(out, games.Choice{Label: i18n.T("wordsout.choice.poubelle_row", r+1, s.word(r)), Move: "poubelle " + strconv.Itoa(r+1), Final: true, Row: r})
			}
		}
		return out
	}
	sp, ok := parseCard(prefix)
	if !ok {
		return nil
	}
	h := append([]Card{}, s.Hands[seat]...)
	c, ok := take(&h, sp)
	if !ok {
		return nil
	}
	var out []games.Choice
	for r := range s.Rows {
		out = append(out, games.Choice{
			Label: i18n.T("wordsout.choice.row", r+1, show(s.word(r)), s.word(r)+string(c.Letter())),
			Move:  sp.String() + " " + strconv.Itoa(r+1), Final: true, Row: r,
		})
	}
	return out
}

func show(w string) string {
	if w == "" {
		return "⬜"
	}
	return w
}

func hasKind(h []Card, kind int) bool {
	for _, c := range h {
		if c.Kind() == kind {
			return true
		}
	}
	return false
}

// cardChoices makes one button per card. With a row (w not empty or
// final) the label shows what the row would read.
func cardChoices(cs []Card, base, w string, final bool) []games.Choice {
	var out []games.Choice
	for _, c := range cs {
		ch := games.Choice{Label: i18n.Raw(glyph(c)), Move: base + token(c), Final: final, Row: len(out) / 5}
		switch {
		case c.Kind() == kindJoker:
			ch.Label, ch.Final, ch.Row = i18n.T("wordsout.choice.joker"), false, 97
		case c.Kind() == kindPoubelle:
			ch.Label, ch.Final, ch.Row = i18n.T("wordsout.choice.poubelle"), false, 97
		case final:
			ch.Label = i18n.Raw(glyph(c) + " → " + w + string(c.Letter()))
		}
		out = append(out, ch)
	}
	return out
}

func jokerLetters(base, w string, final bool) []games.Choice {
	out := make([]games.Choice, 26)
	for i := range out {
		l := string(rune('A' + i))
		label := "★" + l
		if final {
			label += " → " + w + l
		}
		out[i] = games.Choice{Label: i18n.Raw(label), Move: base + "joker=" + l, Final: final, Row: i / 7}
	}
	return out
}

// counterChoices: "Contrer" / "Non", then the cards one by one. A card
// after which the counter may go on (a REJOUER) leads to a next step that
// also offers to stop there.
func (g *Game) counterChoices(seat int, prefix string) []games.Choice {
	s := g.s
	i := s.asked(seat)
	if i < 0 || s.Win.Answer[i] != ansWaiting {
		return nil
	}
	if prefix == "" {
		return []games.Choice{
			{Label: i18n.T("wordsout.choice.counter", s.word(s.Win.Row)), Move: "contrer"},
			{Label: i18n.T("wordsout.choice.no_counter"), Move: "non", Final: true},
		}
	}
	toks := strings.Fields(prefix)
	if toks[0] != "contrer" && toks[0] != "counter" {
		return nil
	}
	joker := false
	if n := len(toks); n > 1 && toks[n-1] == "joker" {
		joker, toks = true, toks[:n-1]
	}
	h := append([]Card{}, s.Hands[seat]...)
	var laid []Card
	base := "contrer "
	for _, t := range toks[1:] {
		sp, ok := parseCard(t)
		if !ok {
			return nil
		}
		c, ok := take(&h, sp)
		if !ok || !mayFollow(laid) {
			return nil
		}
		laid = append(laid, c)
		base += sp.String() + " "
	}
	w := s.word(s.Win.Row) + word(laid)
	if joker {
		if !hasKind(h, kindJoker) || !mayFollow(laid) {
			return nil
		}
		after := append(laid[:len(laid):len(laid)], mkCard(kindJoker, 'E'))
		return jokerLetters(base, w, !canGoOn(h, after, kindJoker))
	}
	var out []games.Choice
	for _, c := range distinct(h, laid, false) {
		rest := append([]Card{}, h...)
		take(&rest, spec{kind: c.Kind(), letter: c.Letter()})
		final := !canGoOn(rest, append(laid[:len(laid):len(laid)], c), -1)
		ch := games.Choice{Label: i18n.Raw(glyph(c) + " → " + w + string(c.Letter())), Move: base + token(c), Final: final, Row: len(out) / 5}
		if c.Kind() == kindJoker {
			ch = games.Choice{Label: i18n.T("wordsout.choice.joker"), Move: base + "joker", Row: 97}
		}
		out = append(out, ch)
	}
	if len(laid) > 0 {
		out = append(out, games.Choice{Label: i18n.T("wordsout.choice.counter_only", w), Move: strings.TrimSpace(base), Final: true, Row: 98})
	}
	return out
}

// canGoOn tells whether a card of h may follow laid (WO-D4). skipKind
// removes one card of that kind from h first (the JOKER being chosen).
func canGoOn(h []Card, laid []Card, skipKind int) bool {
	if !mayFollow(laid) {
		return false
	}
	skipped := skipKind < 0
	for _, c := range h {
		if !skipped && c.Kind() == skipKind {
			skipped = true
			continue
		}
		if c.layable() {
			return true
		}
	}
	return false
}
