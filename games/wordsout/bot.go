package wordsout

import (
	"github.com/tablee/tablee/games"
	"math/bits"
	"strconv"
	"strings"

	"github.com/tablee/tablee/games/cards"
)

// Bot returns the move of a bot player for seat. It only reads the state
// and uses only what that seat may know (the rows, the counts, its hand).
//
// Strategy: for each row, enumerate the card sequences the hand allows
// (one card, or a REJOUER chain of up to four cards) that keep the row the
// beginning of a word (the lexicon's ExtendPrefixRight). Each end position
// is scored: a word is worth its value times the chance nobody counters it
// (certain with an INCONTRABLE, a JOKER, the last card, or a word no letter
// extends; otherwise estimated from the unseen letters that extend it); a
// row that is no word loses what the next player could cash by adding one
// letter. Green and red letters, INCONTRABLE cards and JOKERs are kept for
// words the bot cashes itself. A POUBELLE clears a row an opponent could
// cash or a dead row. In the counter window it counters whenever it can
// (a longer word if possible, else an extension that denies the caller).
func (g *Game) Bot(seat int, level games.Strength) string {
	s := g.s
	if s.Over || seat < 0 || seat >= s.Players {
		return "passe"
	}
	b := newBotCtx(s, g.dict, seat)
	if s.Phase == phaseCounter {
		return b.counter()
	}
	if seat != s.Turn {
		return "passe"
	}
	switch s.Phase {
	case phaseCall:
		return "wordout"
	case phaseMore:
		return b.turn(true)
	case phaseRestart:
		return b.turn(true)
	}
	return b.turn(false)
}

const (
	maxChain = 4
	// budget bounds the end positions the bot scores in one search (a hand
	// of many REJOUER cards and JOKERs could otherwise branch widely).
	budget = 600
)

type botCtx struct {
	s     *state
	d     Dict
	seat  int
	hand  []Card
	salt  uint64
	n     uint64
	seen  [27]int // unseen letter cards per letter (index 26: JOKERs)
	total int     // unseen cards
	opp   int     // cards in the opponents' hands
	next  int     // cards in the next player's hand
}

func newBotCtx(s *state, d Dict, seat int) *botCtx {
	b := &botCtx{s: s, d: d, seat: seat, hand: s.Hands[seat]}
	b.salt = uint64(s.Rng) ^ uint64(s.Moves)*0x9e3779b97f4a7c15 ^ uint64(seat)
	// Unseen cards: every card of the game minus the rows, the discard and
	// the bot's own hand.
	for i := 0; i < 26; i++ {
		l := byte('A' + i)
		n := plainCounts[i]
		if isGreen(l) {
			n = 2
		} else if isRed(l) {
			n = 1
		}
		b.seen[i] = n * sets(s.Players)
	}
	b.seen[26] = 2 * sets(s.Players)
	sub := func(c Card) {
		switch {
		case c.Kind() == kindJoker:
			b.seen[26]--
		case c.Letter() != 0:
			b.seen[c.Letter()-'A']--
		}
	}
	for _, row := range s.Rows {
		for _, c := range row {
			sub(c)
		}
	}
	for _, c := range s.Discard {
		sub(c)
	}
	for _, c := range b.hand {
		sub(c)
	}
	for _, v := range b.seen {
		b.total += max(v, 0)
	}
	for p, h := range s.Hands {
		if p != seat {
			b.opp += len(h)
		}
	}
	b.next = len(s.Hands[(seat+1)%s.Players])
	return b
}

// pNone is the chance that none of k unseen opponents' cards is one of the
// letters of set (JOKERs included).
func (b *botCtx) pNone(set uint32, k int) float64 {
	if b.total == 0 || k == 0 || set == 0 {
		return 1
	}
	hit := b.seen[26]
	for m := set; m != 0; m &= m - 1 {
		hit += max(b.seen[bits.TrailingZeros32(m)], 0)
	}
	f := 1 - float64(hit)/float64(b.total)
	if f <= 0 {
		return 0
	}
	p := 1.0
	for i := 0; i < k; i++ {
		p *= f
	}
	return p
}

// cand is the best end of the bot's turn found so far.
type cand struct {
	score float64
	move  string
	tie   uint64
}

// better tells whether a candidate of that score beats best (ties are
// broken by a hash of the game's seed and move count); the caller then
// sets best.move.
func (b *botCtx) better(score float64, best *cand) bool {
	b.n++
	tie := cards.Mix(b.salt + b.n)
	if best.move == "" || score > best.score || (score == best.score && tie > best.tie) {
		best.score, best.tie = score, tie
		return true
	}
	return false
}

// cost is what laying c outside a word the bot cashes gives away.
func cost(c Card) float64 {
	switch {
	case c.Kind() == kindJoker:
		return 6
	case isRed(c.Letter()):
		return 4
	case isGreen(c.Letter()):
		return 2
	case c.Kind() == kindIncontrable:
		return 2.5
	}
	return 0
}

// endScore scores the bot's turn ending with row reading cs (ext: the
// letters that extend it), after laying laid, with left cards in hand. It
// tells whether to call WORD OUT.
func (b *botCtx) endScore(cs []Card, ext uint32, laid []Card, left int) (float64, bool) {
	s := b.s
	score := 1.2 * float64(len(laid))
	if left == 0 {
		if s.LastDeal {
			score += 2 * float64(b.opp)
		} else {
			score += 4
		}
	}
	if len(cs) >= minWord && b.d.Has(word(cs)) {
		v := float64(value(cs))
		safe := left == 0 || ext == 0
		for _, c := range cs {
			safe = safe || c.safe()
		}
		p := 1.0
		if !safe {
			p = b.pNone(ext, b.opp)
		}
		// Countered, the word usually goes to an opponent.
		return score + v*p - 0.5*v*(1-p), true
	}
	for _, c := range laid {
		score -= cost(c)
	}
	if ext == 0 {
		return score - 1, false // a dead row: only a POUBELLE clears it
	}
	// What the next player could cash with one letter.
	if len(cs)+1 >= minWord {
		if words := b.d.CompleteRight(word(cs)); words != 0 {
			v := float64(value(cs) + 1)
			score -= 0.8 * v * (1 - b.pNone(words, b.next))
			// A safe card on the row would make that word safe for them.
			for _, c := range cs {
				if c.safe() {
					score -= 2
					break
				}
			}
		}
	}
	return score, false
}

// turn chooses the bot's turn (or its continuation after a REJOUER, or the
// restart of a row when cont is true).
func (b *botCtx) turn(cont bool) string {
	s := b.s
	best := cand{}
	if !cont {
		score := -2.0
		if s.Pioche.Len() == 0 || s.LastDeal {
			score = -3
		}
		if b.better(score, &best) {
			best.move = "passe"
		}
		for r := range s.Rows {
			b.search(r, s.Rows[r], nil, &best, false)
		}
		b.poubelles(&best)
		return best.move
	}
	row := s.Rows[s.Row]
	if s.Phase == phaseMore {
		sc, call := b.endScore(row, b.d.ExtendPrefixRight(word(row)), s.Laid, len(b.hand))
		if b.better(sc, &best) {
			best.move = "fin"
			if call {
				best.move = "wordout"
			}
		}
	}
	b.search(s.Row, row, s.Laid, &best, false)
	if best.move == "" {
		return restartTimeout(b.hand)
	}
	return best.move
}

// search enumerates, depth-first, the sequences of cards from the hand
// laid on row r after laid (this turn's cards so far) that keep the row the
// beginning of a word, and keeps the best end. counter: the sequences are
// counters to the WORD OUT on the row.
func (b *botCtx) search(r int, row, laid []Card, best *cand, counter bool) {
	hand := b.hand
	used := make([]bool, len(hand))
	cur := append(make([]Card, 0, len(row)+maxChain), row...)
	all := append(make([]Card, 0, len(laid)+maxChain), laid...)
	start := len(all)
	w := append(make([]byte, 0, len(row)+maxChain), word(row)...)
	callerValue := float64(value(row))
	nodes := 0
	var rec func(depth int, ext uint32)
	rec = func(depth int, ext uint32) {
		if depth >= maxChain || ext == 0 || nodes >= budget {
			return
		}
		var tried [256]bool
		for i, c := range hand {
			if used[i] || !c.layable() || tried[c&255] || !mayFollow(all) {
				continue
			}
			tried[c&255] = true
			used[i] = true
			for m := ext; m != 0; m &= m - 1 {
				l := byte('A' + bits.TrailingZeros32(m))
				if c.Kind() != kindJoker && l != c.Letter() {
					continue
				}
				lc := c.withLetter(l)
				nodes++
				cur, all, w = append(cur, lc), append(all, lc), append(w, l)
				left := len(hand) - depth - 1
				next := b.d.ExtendPrefixRight(string(w))
				sc, call := b.endScore(cur, next, all, left)
				if counter {
					// Denying the caller his word is worth something too.
					sc += 0.5*callerValue + 1
				}
				if b.better(sc, best) {
					best.move = b.moveText(r, all[start:], call, counter, len(laid) > 0 && laid[0].Kind() == kindRejouer)
				}
				rec(depth+1, next)
				cur, all, w = cur[:len(cur)-1], all[:len(all)-1], w[:len(w)-1]
			}
			used[i] = false
		}
	}
	ext := uint32(1<<26 - 1)
	if len(w) > 0 {
		ext = b.d.ExtendPrefixRight(string(w))
	}
	rec(0, ext)
}

func (b *botCtx) moveText(r int, seq []Card, call, counter, chain bool) string {
	parts := make([]string, 0, len(seq)+3)
	if counter {
		parts = append(parts, "contrer")
	}
	for _, c := range seq {
		parts = append(parts, token(c))
	}
	if counter {
		return strings.Join(parts, " ")
	}
	parts = append(parts, strconv.Itoa(r+1))
	switch {
	case call:
		parts = append(parts, "wordout")
	case chain || seq[0].Kind() == kindRejouer:
		parts = append(parts, "fin")
	}
	return strings.Join(parts, " ")
}

// poubelles scores a POUBELLE on each row: worth it on a row the next
// player could cash, or a dead row.
func (b *botCtx) poubelles(best *cand) {
	if !hasKind(b.hand, kindPoubelle) {
		return
	}
	for r, row := range b.s.Rows {
		if len(row) == 0 {
			continue
		}
		w := word(row)
		ext := b.d.ExtendPrefixRight(w)
		score := -4.0
		if ext == 0 && !(len(w) >= minWord && b.d.Has(w)) {
			score += 3 + 0.5*float64(len(row))
		}
		// The row's threat, as seen from an empty row.
		if th, _ := b.endScore(row, ext, nil, len(b.hand)); th < 0 {
			score -= th
		}
		if len(b.hand) == 1 {
			score += 4
		}
		if b.better(score, best) {
			best.move = "poubelle " + strconv.Itoa(r+1)
		}
	}
}

// counter answers the counter window: the best counter, or "non".
func (b *botCtx) counter() string {
	s := b.s
	i := s.asked(b.seat)
	if i < 0 || s.Win.Answer[i] != ansWaiting {
		return "non"
	}
	best := cand{}
	b.better(0, &best)
	best.move = "non"
	b.search(s.Win.Row, s.Rows[s.Win.Row], nil, &best, true)
	return best.move
}
