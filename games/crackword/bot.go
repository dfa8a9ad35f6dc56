package crackword

import (
	"cmp"
	"math/bits"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/games/cards"
)

// Bot returns the move of a bot player for seat at the given strength. It
// only reads the state, and sees only what the player would: the table,
// the PAQUETs, his own hand and the size of the others'.
//
// It plays for CRACK WORD, as people do: every placement of every card is
// valued in points, as the cards it is likely to bring (a row it can crack
// on its next turn with a letter it holds, a row whose majority it holds
// and that a few letters turn into a word) minus the cards it is likely to
// hand an opponent (a row he cracks with one letter, weighed by the chance
// that he holds it, from the cards of his colour not yet seen). A row that
// only a long word can still complete is a dead end where cards pile up
// and nobody cracks: the bot builds rows toward short words, stacks a
// letter on the same letter only when that wins or protects a row, and
// spends a POUBELLE on a row an opponent is about to crack.
//
// Strengths (games.Strength): Strong knows the whole dictionary and plays
// its best move. Normal sees only the words people know (lexicon
// Familiarity): it cracks them, builds toward them, names them as
// examples, fears only the cracks it can see, now and then overlooks a
// crack and takes its second or third move. Easy knows only common words
// (games.Known) and misses more. See botPolicy.
func (g *Game) Bot(seat int, level games.Strength) string {
	return g.botWith(seat, level, &botWeights)
}

func (g *Game) botWith(seat int, level games.Strength, w *weights) string {
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
	g.memo.mu.Lock()
	defer g.memo.mu.Unlock()
	b := newBotCtx(s, g.dict, seat, level, w)
	b.infos = g.memo.infos(level)
	return b.play()
}

// botMemo keeps what the bot learnt of the rows' sequences from one move
// to the next: a sequence's rowInfo depends only on the dictionary and
// the strength, and a move changes a row or two, so most of a turn's
// questions were asked at the turns before.
type botMemo struct {
	mu    sync.Mutex // Bot only reads the game: two may run at once
	known map[games.Strength]map[string]*rowInfo
}

// memoLimit bounds what a game in memory remembers, some 100 bytes a
// sequence: past it, the bot starts again from nothing. A whole game of
// bots asks a few hundred (370 in a game of 113 turns).
const memoLimit = 1 << 10

func (m *botMemo) infos(level games.Strength) map[string]*rowInfo {
	if m.known == nil {
		m.known = map[games.Strength]map[string]*rowInfo{}
	}
	in := m.known[level]
	if in == nil || len(in) > memoLimit {
		in = map[string]*rowInfo{}
		m.known[level] = in
	}
	return in
}

// weights of the bot's valuation, in points (cards); tests compare
// variants (TestBotVariants).
type weights struct {
	survive  float64 // chance a row the bot can crack next turn is left for it
	later    float64 // weight of the threat of the opponents after the next one
	control  float64 // value of a card of a row the bot holds by a margin of 2
	lay      float64 // a card out of the hand (a pass draws one)
	lastLay  float64 // the same during DERNIÈRE MAIN (the race to go out)
	stack    float64 // cost of a letter laid on the same letter
	dead     float64 // cost per letter beyond 2 that the row's word still needs
	joker    float64 // a JOKER kept in hand for a crack
	trash    float64 // a POUBELLE kept in hand
	pass     float64 // cost of a pass before DERNIÈRE MAIN
	passBig  float64 // and per card beyond 10 in hand (people lay from a big hand)
	lookback float64 // cards back in hand after a POUBELLE, per card
	fear     float64 // weight of the cards an opponent may crack
	aimless  float64 // cost of a stack that neither blocks nor prepares a crack
	takeRow  float64 // 1: taking the majority of a live row is a purpose too
}

var botWeights = weights{
	survive: 0.4, later: 0.5, control: 0.1,
	lay: 1, lastLay: 2, stack: 1.5, dead: 1.5,
	joker: 8, trash: 5, pass: 4, passBig: 1, lookback: 0.5, fear: 1.5, aimless: 100, takeRow: 1,
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

const jokerIdx = 26

type botCtx struct {
	s     *state
	d     Dict
	seat  int
	level games.Strength
	w     *weights
	mine  [27]int // letters in hand (jokerIdx: JOKERs)
	nPb   int
	// hold[o][x]: the chance that opponent o holds at least one letter x
	// (jokerIdx: a JOKER), from the cards of his colour not yet seen.
	hold [4][27]float64
	// opps: the opponents still in, in the order they play after the bot.
	opps  []int
	infos map[string]*rowInfo
	salt  uint64
}

// rowInfo is what the bot knows of a sequence of letters.
type rowInfo struct {
	extL, extR  uint32 // letters that keep it a piece of some word
	left, right uint32 // letters that make it a word the bot knows (3+)
	word        bool   // it is a word the bot knows (3+ letters)
	example     string // the word the bot would name ("" if none it knows)
	extra       int    // letters its example has beyond the sequence
}

func newBotCtx(s *state, d Dict, seat int, level games.Strength, w *weights) *botCtx {
	b := &botCtx{s: s, d: d, seat: seat, level: level, w: w, infos: map[string]*rowInfo{}}
	b.salt = cards.Mix(uint64(s.Rng) ^ uint64(s.Moves)*0x9e3779b97f4a7c15 ^ uint64(seat+1)<<56)
	for _, c := range s.Hand[seat] {
		switch c.Kind() {
		case kindLetter:
			b.mine[c.Letter()-'A']++
		case kindJoker:
			b.mine[jokerIdx]++
		case kindTrash:
			b.nPb++
		}
	}
	// Cards of each colour seen: on the table and in the PAQUETs.
	var seen [4][27]int
	var seenAll [4]int
	count := func(c Card) {
		col := c.Colour()
		switch c.Kind() {
		case kindLetter:
			seen[col][c.Letter()-'A']++
		case kindJoker:
			seen[col][jokerIdx]++
		}
		seenAll[col]++
	}
	for _, row := range s.Rows {
		for _, st := range row {
			for _, c := range st {
				count(c)
			}
		}
	}
	for _, pq := range s.Paquet {
		for _, c := range pq {
			count(c)
		}
	}
	for i := 1; i < s.Players; i++ {
		o := (seat + i) % s.Players
		if s.Out[o] {
			continue
		}
		b.opps = append(b.opps, o)
		pool := deckSize - seenAll[o]
		h := len(s.Hand[o])
		for x := 0; x < 27; x++ {
			b.hold[o][x] = holdChance(pool, deckCount[x]-seen[o][x], h)
		}
	}
	return b
}

// deckCount is the number of each letter (and JOKERs) in a colour's deck.
var deckCount = func() (n [27]int) {
	for _, dl := range deckLetters {
		n[dl.l-'A'] = dl.n
	}
	n[jokerIdx] = 2
	return n
}()

// holdChance is the chance that a hand of h cards drawn from a pool of
// pool cards holds at least one of k given cards.
func holdChance(pool, k, h int) float64 {
	if k <= 0 || h <= 0 {
		return 0
	}
	if pool-k < h {
		return 1
	}
	none := 1.0
	for i := 0; i < h; i++ {
		none *= float64(pool-k-i) / float64(pool-i)
	}
	return 1 - none
}

// knows tells whether the bot knows the word (Normal and Easy: the words
// of the familiarity list their strength plays).
func (b *botCtx) knows(w string) bool {
	return b.level == games.Strong || b.level.Plays(b.d.Rank(w))
}

func (b *botCtx) info(w string) *rowInfo {
	if in := b.infos[w]; in != nil {
		return in
	}
	in := &rowInfo{}
	b.infos[w] = in
	if w == "" {
		return in
	}
	in.extL, in.extR = b.d.ExtendLeft(w), b.d.ExtendRight(w)
	if len(w) >= 3 && b.d.Has(w) && b.knows(w) {
		in.word = true
	}
	if len(w)+1 >= 3 {
		buf := make([]byte, len(w)+1)
		copy(buf[1:], w)
		for m := in.extL; m != 0; m &= m - 1 {
			x := bits.TrailingZeros32(m)
			buf[0] = byte('A' + x)
			if b.d.Has(string(buf)) && b.knows(string(buf)) {
				in.left |= 1 << x
			}
		}
		copy(buf, w)
		for m := in.extR; m != 0; m &= m - 1 {
			x := bits.TrailingZeros32(m)
			buf[len(w)] = byte('A' + x)
			if b.d.Has(string(buf)) && b.knows(string(buf)) {
				in.right |= 1 << x
			}
		}
	}
	// The example: Normal and Easy name the most familiar word holding
	// w and lay only where they know one; Strong knows the shortest word.
	// The row's distance to a word is the letters the example still
	// needs, a letter that no deck holds (K W X Y Z: only a JOKER)
	// counting as several.
	in.extra = 99
	if in.word {
		in.example, in.extra = w, 0 // the row is its own example
		return in
	}
	if b.level == games.Strong {
		// The example named is chosen at the end (shownExample): the
		// shortest word measures the distance.
		if ex, ok := plainExample(b.d, w); ok {
			in.example, in.extra = ex, missing(ex, w)
		}
	} else if ex, rank := b.d.Familiar(w); rank > 0 && b.level.Plays(rank) {
		in.example, in.extra = ex, missing(ex, w)
	}
	return in
}

// missing is how far the sequence w is from the word ex that holds it:
// one per letter still to lay, 4 for a letter no deck holds.
func missing(ex, w string) int {
	n := 0
	for i := 0; i < len(ex); i++ {
		n++
		if deckCount[ex[i]-'A'] == 0 {
			n += 3
		}
	}
	for i := 0; i < len(w); i++ {
		n--
		if deckCount[w[i]-'A'] == 0 {
			n -= 3
		}
	}
	return n
}

type cand struct {
	score float64
	move  string // without the example
	seq   string // the row after the move, for the example
	crack bool
	tie   uint64
}

// value is what row (reading w) is worth to the bot after its move, in
// points: the cards it may crack there on its next turn, minus those the
// opponents may crack there before, plus the longer hold of a row it
// controls and that a short word can complete. laid is the card the bot
// is laying now (it no longer holds it).
func (b *botCtx) value(row [][]Card, w string, laid int) float64 {
	return b.eval(row, w, laid).v
}

// rowEval is a row's value and its parts.
type rowEval struct {
	v      float64
	threat float64 // chance an opponent cracks it before the bot's turn
	next   bool    // the bot holds a card that cracks it on its next turn
	cards  int     // cards of the row, and one to crack it
	margin int     // the bot's top cards minus the strongest other colour's
	extra  int     // letters the row's example still needs (see info)
}

func (b *botCtx) eval(row [][]Card, w string, laid int) rowEval {
	if len(row) == 0 {
		return rowEval{}
	}
	in := b.info(w)
	_, n := majority(row, -1)
	cards := 1
	for _, st := range row {
		cards += len(st)
	}
	// The opponents: the next one first, the others later.
	none, weight := 1.0, 1.0
	for _, o := range b.opps {
		none *= 1 - weight*b.crackChance(o, row, in, n)
		weight *= b.w.later
	}
	threat := 1 - none
	v := -b.w.fear * threat * float64(cards)
	next := b.canCrackNext(row, in, n, laid)
	if next {
		v += (1 - threat) * b.w.survive * float64(cards)
	}
	// Control: the margin of the bot's colour over the strongest other,
	// worth more on a row close to a word.
	other := 0
	for c, k := range n {
		if c != b.seat && k > other {
			other = k
		}
	}
	margin := max(-2, min(2, n[b.seat]-other))
	alive := 1.0
	switch {
	case in.extra >= 4:
		alive = 0.2
	case in.extra == 3:
		alive = 0.5
	}
	v += b.w.control * float64(margin) / 2 * float64(cards) * alive * (1 - threat)
	return rowEval{v: v, threat: threat, next: next, cards: cards, margin: n[b.seat] - other, extra: in.extra}
}

// crackers is how player who cracks row (counts n) on his turn if nobody
// touches it first: the letters that do it (at either end, making a word
// with his majority, or laid on one of the others' cards of a row that
// reads a word), and whether a JOKER does (it counts 2, any letter).
func crackers(row [][]Card, in *rowInfo, n [4]int, who int) (set uint32, joker bool) {
	beats := func(m [4]int) bool {
		for c, k := range m {
			if c != who && k >= m[who] {
				return false
			}
		}
		return true
	}
	if ends := in.left | in.right; ends != 0 {
		m := n
		m[who]++
		if beats(m) {
			set = ends
		}
		m[who]++
		joker = beats(m)
	}
	if in.word {
		for _, st := range row {
			top := st[len(st)-1]
			if top.Colour() == who {
				continue
			}
			m := n
			if top.Kind() == kindJoker {
				m[top.Colour()] -= 2
			} else {
				m[top.Colour()]--
			}
			m[who]++
			if beats(m) {
				set |= 1 << (top.Letter() - 'A')
			}
			m[who]++
			joker = joker || beats(m)
		}
	}
	return set, joker
}

// crackChance is the chance that opponent o can crack row on his turn,
// from the chance that he holds a card that does it.
func (b *botCtx) crackChance(o int, row [][]Card, in *rowInfo, n [4]int) float64 {
	set, joker := crackers(row, in, n, o)
	none := 1.0
	for ; set != 0; set &= set - 1 {
		none *= 1 - b.hold[o][bits.TrailingZeros32(set)]
	}
	if joker {
		none *= 1 - b.hold[o][jokerIdx]
	}
	return 1 - none
}

// canCrackNext tells whether the bot holds a card (other than the one it
// lays now) that cracks row on its next turn if nobody touches it.
func (b *botCtx) canCrackNext(row [][]Card, in *rowInfo, n [4]int, laid int) bool {
	held := func(x int) bool {
		k := b.mine[x]
		if x == laid {
			k--
		}
		return k > 0
	}
	set, joker := crackers(row, in, n, b.seat)
	for ; set != 0; set &= set - 1 {
		if held(bits.TrailingZeros32(set)) {
			return true
		}
	}
	return joker && held(jokerIdx)
}

func (b *botCtx) play() string {
	s := b.s
	var cands []cand
	consider := func(c cand) {
		c.tie = cards.Mix(b.salt + uint64(len(cands)))
		cands = append(cands, c)
	}
	var base [4]rowEval
	for r := range s.Rows {
		base[r] = b.eval(s.Rows[r], s.word(r), -1)
	}
	for r := range s.Rows {
		b.rowCands(r, base[r], consider)
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
			score := 1 - base[r].v - b.w.trash - b.w.lookback*float64(own) + b.w.lookback/2*float64(opp)
			consider(cand{score: score, move: "poubelle " + strconv.Itoa(r+1)})
		}
	}
	pass := -b.w.pass - b.w.passBig*float64(max(0, len(s.Hand[b.seat])-10))
	if s.LastHand {
		pass = -400 // passing puts the player out
	}
	consider(cand{score: pass, move: "passe"})
	best := cands[b.policy(cands)]
	mv := best.move
	if best.crack {
		return mv + " crack" // the row reads the word: its own example
	}
	if len(best.seq) > 1 && !s.Assisted {
		ex := b.info(best.seq).example
		if b.level == games.Strong && ex != best.seq {
			ex, _ = shownExample(b.d, best.seq)
		}
		switch {
		case ex == best.seq:
			// The row reads a word: its own example, and so never typed
			// (CRAQUE typed last would be the call).
		case ex == "":
			return "passe" // cannot happen: candidates have an example
		default:
			mv += " " + ex
		}
	}
	return mv
}

// rowCands lists every placement on row r (base: the row's value now).
func (b *botCtx) rowCands(r int, base rowEval, consider func(cand)) {
	s := b.s
	row := s.Rows[r]
	w := s.word(r)
	rs := strconv.Itoa(r + 1)
	lay := b.w.lay
	if s.LastHand {
		lay = b.w.lastLay
	}
	if len(row) == 0 {
		for l := byte('A'); l <= 'Z'; l++ {
			if b.mine[l-'A'] > 0 {
				nrow := [][]Card{{mkCard(b.seat, kindLetter, l)}}
				consider(cand{score: lay + b.value(nrow, string(l), int(l-'A')) + b.rareBonus(l), move: string(l) + " droite " + rs})
			}
		}
		return
	}
	in := b.info(w)
	tmp := make([][]Card, 0, len(row)+1)
	eval := func(nrow [][]Card, nw string, move string, x int, stack bool) {
		joker := x == jokerIdx
		if len(nw) >= 3 && b.d.Has(nw) && b.knows(nw) {
			if ok, _ := majority(nrow, b.seat); ok {
				cards := 0
				for _, st := range nrow {
					cards += len(st)
				}
				score := float64(cards) - base.v + lay
				if joker {
					score -= b.w.joker
				}
				consider(cand{score: score, move: move, seq: nw, crack: true})
				return
			}
		}
		if joker && !s.LastHand {
			return // a JOKER is kept for a crack, until DERNIÈRE MAIN
		}
		nin := b.info(nw)
		if nin.example == "" {
			return // no word the bot knows holds the sequence
		}
		after := b.eval(nrow, nw, x)
		score := lay + after.v - base.v
		if stack {
			score -= b.w.stack
			// People stack a letter on the same letter to take a row: to
			// crack it next turn, or so that an opponent cannot. Not to be
			// rid of a card, until DERNIÈRE MAIN.
			takes := b.w.takeRow > 0 && b.level == games.Strong && base.margin <= 0 && after.margin > 0 && after.extra <= 2
			if !s.LastHand && !(after.next && !base.next) && (base.threat-after.threat)*float64(after.cards) < 1 && !takes {
				score -= b.w.aimless
			}
		}
		if nin.extra > 2 {
			score -= b.w.dead * float64(nin.extra-2)
		}
		if joker {
			score -= b.w.joker / 2
		}
		consider(cand{score: score, move: move, seq: nw})
	}
	me := mkCard(b.seat, kindLetter, 'A')
	for l := byte('A'); l <= 'Z'; l++ {
		x := int(l - 'A')
		bit := uint32(1) << x
		for _, joker := range [2]bool{false, true} {
			if (!joker && b.mine[x] == 0) || (joker && b.mine[jokerIdx] == 0) {
				continue
			}
			card, c, k := string(l), me.withLetter(l), x
			if joker {
				card, c, k = "joker="+string(l), mkCard(b.seat, kindJoker, l), jokerIdx
			}
			if in.extL&bit != 0 {
				tmp = append(tmp[:0], []Card{c})
				tmp = append(tmp, row...)
				eval(tmp, string(l)+w, card+" gauche "+rs, k, false)
			}
			if in.extR&bit != 0 {
				tmp = append(append(tmp[:0], row...), []Card{c})
				eval(tmp, w+string(l), card+" droite "+rs, k, false)
			}
			for p, st := range row {
				top := st[len(st)-1]
				// Covering one's own card changes nothing but the hand,
				// until DERNIÈRE MAIN (the race to go out).
				if top.Letter() != l || (top.Colour() == b.seat && !s.LastHand) {
					continue
				}
				tmp = append(tmp[:0], row...)
				tmp[p] = append(st[:len(st):len(st)], c)
				eval(tmp, w, card+" sur "+rs+" "+strconv.Itoa(p+1), k, true)
			}
		}
	}
}

// rareBonus: an empty row is the best place for a letter hard to place.
func (b *botCtx) rareBonus(l byte) float64 {
	if i := strings.IndexByte(restartOrder, l); i >= 0 && i < 10 {
		return 0.5
	}
	return 0
}

// policy picks the candidate the bot plays. Strong plays the best one.
// Normal and Easy play as a person who knows fewer words (their
// candidates only hold words they know) and has less attention: a crack
// they could make is seen most of the time (Normal 9 times in 10, Easy 3
// in 4); otherwise Normal plays its best other move three times in four
// and else its second or third, Easy one of its three best, as long as
// they are within missSlack of the best. This is
// games.Strength.Choose's idea, but a crack is worth far more than the
// other moves here and a person who sees one calls it: the misses are in
// seeing the word, not in choosing among cracks.
// missSlack is how much worse (in points) a move Normal or Easy plays by
// mistake may be than its best.
const missSlack = 3

func (b *botCtx) policy(cands []cand) int {
	var cracks, others []int
	for i := range cands {
		if cands[i].crack {
			cracks = append(cracks, i)
		} else {
			others = append(others, i)
		}
	}
	best := func(i, j int) int { // best first, ties by the seeded hash
		switch a, b := cands[i], cands[j]; {
		case a.score != b.score:
			return cmp.Compare(b.score, a.score)
		default:
			return cmp.Compare(b.tie, a.tie)
		}
	}
	slices.SortFunc(cracks, best)
	slices.SortFunc(others, best) // never empty: the pass is a candidate
	if b.level == games.Strong {
		if len(cracks) > 0 && best(cracks[0], others[0]) < 0 {
			return cracks[0]
		}
		return others[0]
	}
	see, second := 0.9, 0.25
	if b.level == games.Easy {
		see, second = 0.75, 0.67
	}
	if len(cracks) > 0 && games.Chance(b.salt, see) && best(cracks[0], others[0]) < 0 {
		return cracks[0]
	}
	// A miss is a move nearly as good, never a blunder the bot sees.
	k := 1
	for k < min(3, len(others)) && cands[others[k]].score >= cands[others[0]].score-missSlack {
		k++
	}
	others = others[:k]
	if len(others) == 1 || !games.Chance(b.salt^0x5bd1e995, second) {
		return others[0]
	}
	return others[1+int(cards.Mix(b.salt+7)%uint64(len(others)-1))]
}
