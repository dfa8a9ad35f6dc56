package crackword

import (
	"github.com/tablee/tablee/games"
	"math/bits"
	"strconv"
	"strings"

	"github.com/tablee/tablee/games/cards"
)

// Bot returns the move of a bot player for seat. It only reads the state.
//
// Strategy: call CRACK WORD whenever possible (it lays and calls in one
// move); otherwise lay the letter that keeps the row a possible piece of a
// word (the dictionary's extension letters), scoring each placement by the
// control of the row it gives (majority of top cards), the crack it prepares
// for a letter still in hand, and minus the crack it would hand an opponent
// on his next move. A POUBELLE clears a row an opponent could crack next or
// a long row held by opponents. A JOKER is kept for a crack. With nothing
// sensible to lay, pass (before DERNIÈRE MAIN passing only draws a card).
func (g *Game) Bot(seat int, level games.Strength) string { return g.botWith(seat, &botWeights) }

func (g *Game) botWith(seat int, w *weights) string {
	s := g.s
	if s.Over || seat != s.Turn {
		return "passe"
	}
	switch s.Phase {
	case phaseCrack:
		return "crack"
	case phaseRestart:
		return botRestart(s.Hand[seat])
	}
	b := botCtx{s: s, d: g.dict, seat: seat, w: w}
	return b.play()
}

// weights of the bot's scores (tests compare variants).
type weights struct {
	pass, majority, control       int
	setupAny, setupHeld           int
	threatBase, threatCard        int
	trashBase, trashOpp, trashOwn int
	startRare, startPlain         int
}

var botWeights = weights{
	pass: -20, majority: 6, control: 2,
	setupAny: 3, setupHeld: 10,
	threatBase: 20, threatCard: 8,
	trashBase: -30, trashOpp: 4, trashOwn: 6,
	startRare: 3, startPlain: 1,
}

// Rare letters first: a restart needs no example, the best moment to lay
// a letter that is hard to place.
const restartOrder = "QJVHFBGPMDCLOUTRNSIAE"

func botRestart(h []Card) string {
	best, bi := -1, len(restartOrder)
	joker := false
	for _, c := range h {
		switch c.Kind() {
		case kindLetter:
			if i := strings.IndexByte(restartOrder, c.Letter()); i >= 0 && i < bi {
				bi, best = i, int(c.Letter())
			}
		case kindJoker:
			joker = true
		}
	}
	switch {
	case best >= 0:
		return string(rune(best))
	case joker:
		return "joker=E"
	}
	return "passe" // never asked: a restart needs a letter or a JOKER in hand (toRestart)
}

type botCtx struct {
	s    *state
	d    Dict
	seat int
	w    *weights
	mine uint32 // letters in hand
	nJok int
	nPb  int
	// The last extension query, shared by threat and setup.
	extW       string
	extL, extR uint32
	extOK      bool
}

func (b *botCtx) ext(w string) (uint32, uint32) {
	if !b.extOK || b.extW != w {
		b.extW, b.extL, b.extR, b.extOK = w, b.d.ExtendLeft(w), b.d.ExtendRight(w), true
	}
	return b.extL, b.extR
}

type cand struct {
	score int
	move  string // without the example
	seq   string // the row after the move, for the example
	crack bool
	tie   uint64
}

func (b *botCtx) play() string {
	s := b.s
	for _, c := range s.Hand[b.seat] {
		switch c.Kind() {
		case kindLetter:
			b.mine |= 1 << (c.Letter() - 'A')
		case kindJoker:
			b.nJok++
		case kindTrash:
			b.nPb++
		}
	}
	passScore := b.w.pass
	if s.LastHand {
		passScore = -400 // passing puts the player out
	}
	best := cand{score: passScore, move: "passe"}
	salt := uint64(s.Rng) ^ uint64(s.Moves)*0x9e3779b97f4a7c15
	n := 0
	consider := func(c cand) {
		n++
		c.tie = cards.Mix(salt + uint64(n))
		if c.score > best.score || (c.score == best.score && c.tie > best.tie) {
			best = c
		}
	}
	for r := range s.Rows {
		b.rowCands(r, consider)
	}
	if b.nPb > 0 {
		for r, row := range s.Rows {
			if len(row) == 0 {
				continue
			}
			opp, own := 0, 0
			for _, st := range row {
				for _, c := range st {
					if c.Colour() == b.seat {
						own++
					} else {
						opp++
					}
				}
			}
			score := b.w.trashBase + b.w.trashOpp*opp - b.w.trashOwn*own
			if th := b.threat(row, s.word(r)); th > 0 {
				score += th
			}
			consider(cand{score: score, move: "poubelle " + strconv.Itoa(r+1)})
		}
	}
	mv := best.move
	if best.seq != "" {
		if ex := b.example(best.seq); ex != "" {
			mv += " " + ex
		} else if len(best.seq) > 1 && !s.Assisted {
			return "passe" // cannot happen: the extension letters promise a word
		}
	}
	if best.crack {
		mv += " crack"
	}
	return mv
}

// rowCands scores every placement on row r.
func (b *botCtx) rowCands(r int, consider func(cand)) {
	s := b.s
	row := s.Rows[r]
	w := s.word(r)
	rs := strconv.Itoa(r + 1)
	me := mkCard(b.seat, kindLetter, 'A')
	if len(row) == 0 {
		for l := byte('A'); l <= 'Z'; l++ {
			if b.mine&(1<<(l-'A')) != 0 {
				consider(cand{score: b.rareBonus(l), move: string(l) + " droite " + rs})
			}
		}
		return
	}
	before := b.threat(row, w)
	tmp := make([][]Card, 0, len(row)+1)
	eval := func(nrow [][]Card, nw string, move string, joker bool) {
		if len(nw) >= 3 && b.d.Has(nw) {
			if ok, _ := majority(nrow, b.seat); ok {
				cards := 0
				for _, st := range nrow {
					cards += len(st)
				}
				consider(cand{score: 1000 + 10*cards, move: move, seq: nw, crack: true})
				return
			}
		}
		if joker && !b.s.LastHand {
			return // a JOKER is kept for a crack, until DERNIÈRE MAIN
		}
		ok, n := majority(nrow, b.seat)
		score := 0
		if ok {
			score += b.w.majority
		}
		other := 0
		for c, v := range n {
			if c != b.seat && v > other {
				other = v
			}
		}
		score += b.w.control * (n[b.seat] - other)
		score += before - b.threat(nrow, nw)
		score += b.setup(nrow, nw)
		if joker {
			score -= 3
		}
		consider(cand{score: score, move: move, seq: nw})
	}
	left, right := b.ext(w)
	for l := byte('A'); l <= 'Z'; l++ {
		bit := uint32(1) << (l - 'A')
		for _, joker := range [2]bool{false, true} {
			if (!joker && b.mine&bit == 0) || (joker && b.nJok == 0) {
				continue
			}
			card, c := string(l), me.withLetter(l)
			if joker {
				card, c = "joker="+string(l), mkCard(b.seat, kindJoker, l)
			}
			if left&bit != 0 {
				tmp = append(tmp[:0], []Card{c})
				tmp = append(tmp, row...)
				eval(tmp, string(l)+w, card+" gauche "+rs, joker)
			}
			if right&bit != 0 {
				tmp = append(append(tmp[:0], row...), []Card{c})
				eval(tmp, w+string(l), card+" droite "+rs, joker)
			}
			for p, st := range row {
				top := st[len(st)-1]
				if top.Letter() != l || top.Colour() == b.seat {
					continue
				}
				tmp = append(tmp[:0], row...)
				tmp[p] = append(st[:len(st):len(st)], c)
				eval(tmp, w, card+" sur "+rs+" "+strconv.Itoa(p+1), joker)
			}
		}
	}
}

func (b *botCtx) rareBonus(l byte) int {
	if i := strings.IndexByte(restartOrder, l); i >= 0 && i < 10 {
		return b.w.startRare
	}
	return b.w.startPlain
}

func (b *botCtx) example(nw string) string {
	if b.s.Assisted || len(nw) == 1 {
		return ""
	}
	ex, ok := b.d.Example(nw)
	if !ok {
		return ""
	}
	return ex
}

// threat is the value an opponent could crack on row (reading w) with one
// letter of his own on his next move (0 when none): the cards of the row.
func (b *botCtx) threat(row [][]Card, w string) int {
	s := b.s
	if len(w)+1 < 3 {
		return 0
	}
	_, n := majority(row, -1)
	cards := 1
	for _, st := range row {
		cards += len(st)
	}
	can := func(o int, extra int, minus int, colour int) bool {
		m := n
		m[o] += extra
		if colour >= 0 {
			m[colour] -= minus
		}
		for c, v := range m {
			if c != o && v >= m[o] {
				return false
			}
		}
		return true
	}
	// Arithmetic first: which opponents a letter of theirs would give the
	// majority; only then ask the dictionary.
	byLetter, byCover := false, false
	for o := 0; o < s.Players; o++ {
		if o == b.seat || s.Out[o] {
			continue
		}
		if can(o, 1, 0, -1) {
			byLetter = true
		}
		for _, st := range row {
			top := st[len(st)-1]
			v := 1
			if top.Kind() == kindJoker {
				v = 2
			}
			if top.Colour() != o && can(o, 1, v, top.Colour()) {
				byCover = true
			}
		}
	}
	worst := b.w.threatBase + b.w.threatCard*cards
	if byCover && len(w) >= 3 && b.d.Has(w) {
		return worst
	}
	if !byLetter {
		return 0
	}
	buf := make([]byte, len(w)+1)
	copy(buf[1:], w)
	extL, extR := b.ext(w)
	for m := extL; m != 0; m &= m - 1 {
		buf[0] = byte('A' + bits.TrailingZeros32(m))
		if b.d.Has(string(buf)) {
			return worst
		}
	}
	copy(buf, w)
	for m := extR; m != 0; m &= m - 1 {
		buf[len(w)] = byte('A' + bits.TrailingZeros32(m))
		if b.d.Has(string(buf)) {
			return worst
		}
	}
	return 0
}

// setup rewards a row that one more letter of the bot's hand turns into a
// word it could crack.
func (b *botCtx) setup(row [][]Card, w string) int {
	if len(w)+1 < 3 {
		return 0
	}
	_, n := majority(row, b.seat)
	n[b.seat]++
	for c, v := range n {
		if c != b.seat && v >= n[b.seat] {
			return 0
		}
	}
	extL, extR := b.ext(w)
	bonus := 0
	for m := extL; m != 0; m &= m - 1 {
		c := byte('A' + bits.TrailingZeros32(m))
		if b.d.Has(string(c) + w) {
			if b.mine&(1<<(c-'A')) != 0 {
				return b.w.setupHeld
			}
			bonus = b.w.setupAny
		}
	}
	for m := extR; m != 0; m &= m - 1 {
		c := byte('A' + bits.TrailingZeros32(m))
		if b.d.Has(w + string(c)) {
			if b.mine&(1<<(c-'A')) != 0 {
				return b.w.setupHeld
			}
			bonus = b.w.setupAny
		}
	}
	return bonus
}
