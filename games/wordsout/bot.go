package wordsout

import (
	"math"
	"math/bits"
	"strconv"
	"strings"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/games/cards"
	"github.com/tablee/tablee/games/lexicon"
)

// Bot returns the move of a bot player of strength level for seat. It
// only reads the state and uses only what that seat may know (the rows,
// the counts, its hand).
//
// Strategy: for each row, enumerate the card sequences the hand allows
// (one card, or a REJOUER chain of up to four cards) that keep the row the
// beginning of a word (the lexicon's ExtendPrefixRight), and score each
// end of the turn (endScore) against a pass and the POUBELLEs. A word is
// worth its value times the chance nobody counters it. Every card laid is
// a card less at the end (WO-D7: the game ends when a player lays his last
// card once the PIOCHE is empty), more so for the letters that stick in
// hands (consonants, red letters); a card no row would take costs; a row
// left reading no word loses what the next player could cash with one
// letter (a risk taken, as people do) and more when it is far from any
// word or few cards extend it (rows that stall the table). A pass draws a
// card and keeps the stuck ones. In the counter window the bot counters
// when it can (a longer word, else an extension that denies the caller).
//
// Strong plays the best end it finds. Normal and Easy play as people who
// know the familiar words (lexicon.Familiarity; Easy the most common
// ones): they aim only at words they know, lay toward them (a row heading
// to no word they know is a hunch), do not always see a WORD OUT or a
// counter, and Easy looks less at what the next player could cash and
// misses half the counters (see levels and choice).
func (g *Game) Bot(seat int, level games.Strength) string {
	return g.botWith(seat, level, &botWeights)
}

func (g *Game) botWith(seat int, level games.Strength, w *weights) string {
	s := g.s
	if s.Over || seat < 0 || seat >= s.Players {
		return "passe"
	}
	level = max(games.Easy, min(level, games.Strong))
	b := newBotCtx(s, g.dict, seat, level, levelWeights(level, w))
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

// weights are the bot's valuation, in points of score.
type weights struct {
	lay       float64 // a card laid while the PIOCHE holds cards: one card less in hand
	layLate   float64 // the same once the PIOCHE is empty: the end counts the hands
	draw      float64 // a pass that draws a card
	stall     float64 // a pass that draws nothing, a step toward the end by passes
	threat    float64 // share of the word the next player could cash with one letter
	countered float64 // share of a countered word counted as lost
	special   float64 // factor of cost(): green, red and safe cards laid outside a word
	out       float64 // going out before the last deal
	dead      float64 // leaving a row that no letter extends
	deny      float64 // a counter: share of the caller's word denied
	narrow    float64 // leaving a row that few of the cards to come extend
	setup     float64 // share of a word the bot could finish at its next turn
	far       float64 // per letter beyond the next one that the nearest word needs
	hard      float64 // a hard letter laid (few rows take it): a card less that could stick
	stuck     float64 // per card left in hand that no row would take
	stuckLate float64 // the same once the PIOCHE is empty
	trash     float64 // a POUBELLE played while the PIOCHE holds cards (kept, it has a use later)
	trashLate float64 // the same once the PIOCHE is empty
	cons      float64 // a consonant laid: the vowels kept are what rows need at the end
}

var botWeights = weights{
	lay: 2, layLate: 6, draw: 2.5, stall: 5, threat: 0.5, countered: 0.5,
	special: 0.25, out: 4, dead: 1, deny: 0.5, narrow: 10, setup: 0.5, far: 6, hard: 6,
	stuck: 0.5, stuckLate: 2, trash: 14, trashLate: 4, cons: 2,
}

// level is what a strength changes in the bot's play.
type level struct {
	sees   float64 // chance of looking for a counter in a counter window
	threat float64 // factor of the weight of what the next player could cash
	setup  float64 // factor of the weight of a word prepared for the next turn
	hunch  float64 // what a lay toward a word the bot does not know is worth less
	sight  float64 // the chance that the bot sees a move
}

// levels of Easy, Normal and Strong (index: Strength + 1). Easy is the
// beginner who watches his own cards more than the table.
var levels = [3]level{
	{sees: 0.5, threat: 0.5, setup: 0, hunch: 6, sight: 0.5},
	{sees: 1, threat: 1, setup: 1, hunch: 5, sight: 0.75},
	{sees: 1, threat: 1, setup: 1, sight: 1},
}

// levelWeights are the weights a bot of strength l plays with.
func levelWeights(l games.Strength, w *weights) *weights {
	lv := levels[l+1]
	if lv.threat == 1 && lv.setup == 1 {
		return w
	}
	c := *w
	c.threat *= lv.threat
	c.setup *= lv.setup
	return &c
}

type botCtx struct {
	s     *state
	d     Dict
	w     *weights
	level games.Strength
	seat  int
	hand  []Card
	salt  uint64
	n     uint64
	seen  [27]int // unseen letter cards per letter (index 26: JOKERs)
	total int     // unseen cards
	opp   int     // cards in the opponents' hands
	next  int     // cards in the next player's hand
	late  bool    // the PIOCHE is empty: nothing to draw, no further deal
	// rowExt are the letters each row takes (an empty row: all).
	rowExt [nRows]uint32

	// Strong keeps the best end found; Normal and Easy keep every end
	// with the familiarity of the word it plays, for choice.
	best    cand
	cands   []games.Candidate
	moves   []string
	pending games.Candidate
}

func newBotCtx(s *state, d Dict, seat int, level games.Strength, w *weights) *botCtx {
	b := &botCtx{s: s, d: d, w: w, level: level, seat: seat, hand: s.Hands[seat]}
	b.salt = uint64(s.Rng) ^ uint64(s.Moves)*0x9e3779b97f4a7c15 ^ uint64(seat)
	b.late = s.LastDeal || s.Pioche.Len() == 0
	for r, row := range s.Rows {
		b.rowExt[r] = 1<<26 - 1
		if len(row) > 0 {
			b.rowExt[r] = d.ExtendPrefixRight(word(row))
		}
	}
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

// live is the share of the unseen cards (JOKERs included) whose letter is
// one of set: how likely a card to come extends a row.
func (b *botCtx) live(set uint32) float64 {
	if b.total == 0 {
		return 0
	}
	hit := b.seen[26]
	for m := set; m != 0; m &= m - 1 {
		hit += max(b.seen[bits.TrailingZeros32(m)], 0)
	}
	return float64(hit) / float64(b.total)
}

// reach is how many letters the row w (extended by the letters of ext)
// needs at least to read a word: 1, 2, or 3 for more.
func (b *botCtx) reach(w string, ext uint32) int {
	if len(w)+1 >= minWord && b.d.CompleteRight(w) != 0 {
		return 1
	}
	if len(w)+2 < minWord {
		return 3 // an empty row: any card starts it
	}
	buf := make([]byte, len(w)+1)
	copy(buf, w)
	// Common letters first: most rows find a word with one of them.
	for _, l := range []byte("ESARTINULOCDMPGBFHVJQXYZKW") {
		if ext&(1<<(l-'A')) != 0 {
			buf[len(w)] = l
			if b.d.CompleteRight(string(buf)) != 0 {
				return 2
			}
		}
	}
	return 3
}

// cand is the best end of the bot's turn found so far.
type cand struct {
	score float64
	move  string
	tie   uint64
}

// offer weighs an end of the bot's turn of that score, playing toward a
// word of that familiarity rank; it tells whether to take its move (the
// caller then builds the move's text and calls take). Strong keeps the
// best (ties broken by a hash of the game's seed and move count); Normal
// and Easy keep them all.
func (b *botCtx) offer(score float64, rank int) bool {
	b.n++
	tie := cards.Mix(b.salt + b.n)
	if b.level != games.Strong {
		b.pending = games.Candidate{Score: score, Rank: rank}
		return true
	}
	best := &b.best
	if best.move == "" || score > best.score || (score == best.score && tie > best.tie) {
		best.score, best.tie = score, tie
		return true
	}
	return false
}

func (b *botCtx) take(move string) {
	if b.level != games.Strong {
		b.cands = append(b.cands, b.pending)
		b.moves = append(b.moves, move)
		return
	}
	b.best.move = move
}

// choice is the move chosen among the offers ("" when none).
//
// Normal and Easy do not use games.Strength.Choose, for two reasons seen
// in their games. Its pools count a pass (a move with no word) as always
// known, so that a bot that knows no word the rows head to passes turn
// after turn and draws its hand up to thirty cards, the stall people never
// play. And its misses (a second or third best, or one of four at random)
// often lay the card that blocks a row or keep the card that then sticks
// in the hand: the ends of such games were passes all round, not a player
// going out. Here a person's two weaknesses are played instead:
//   - a move toward a word the bot does not know (Strength.Plays of the
//     familiarity of the word it cashes, or of the most familiar word the
//     row it leaves begins) is worth less, a hunch; but a lay that makes
//     no word and is worth more than a pass stays so (the game refuses a
//     card that begins no word and the turn passes without a draw: trying
//     is never worse);
//   - the bot does not see every move: each is seen with the chance
//     lv.sight, and it plays the best it sees (a pass is always seen; seeing
//     only a pass, it looks again, up to three times), so that a miss is
//     the best move it saw, close to the best or not.
func (b *botCtx) choice() string {
	if b.level == games.Strong {
		return b.best.move
	}
	if len(b.cands) == 0 {
		return ""
	}
	lv := levels[b.level+1]
	sight := lv.sight
	if b.late {
		sight = 1 // nothing to draw: anybody looks hard at his last cards
	}
	pass := math.Inf(1)
	for i, m := range b.moves {
		if m == "passe" {
			pass = b.cands[i].Score
		}
	}
	adj := make([]float64, len(b.cands))
	for i, c := range b.cands {
		adj[i] = c.Score
		if b.level.Plays(c.Rank) {
			continue
		}
		adj[i] -= lv.hunch
		if c.Score > pass {
			// A lay on a hunch: never worse than the pass it beats.
			adj[i] = max(adj[i], pass+0.01)
		}
	}
	// Up to three looks: a bot that sees only a pass looks again, as a
	// person does before giving up his turn.
	best := -1
	for look := uint64(0); look < 3; look++ {
		best = -1
		for i, sc := range adj {
			salt := b.salt + (uint64(i)*3+look)*0x9e3779b97f4a7c15
			seen := !playsWord(b.moves[i]) || games.Chance(salt, sight)
			if seen && (best < 0 || sc > adj[best]) {
				best = i
			}
		}
		if best >= 0 && b.moves[best] != "passe" {
			break
		}
	}
	if best < 0 {
		// Nothing seen and no pass to fall back on (a restart, a
		// REJOUER's card, a counter): the bot takes its best.
		for i, sc := range adj {
			if best < 0 || sc > adj[best] {
				best = i
			}
		}
	}
	return b.moves[best]
}

// playsWord tells whether a move calls WORD OUT or counters one: the moves
// a bot of Normal or Easy strength may not see.
func playsWord(move string) bool {
	return strings.HasSuffix(move, "wordout") || strings.HasPrefix(move, "contrer")
}

// rank is the familiarity of the move that leaves a row reading w: of
// the word when the bot calls WORD OUT on it (a word it cashes, it must
// know), else of the most familiar word that w begins (the word the row
// heads to). Only Normal and Easy ask: Strong plays any word.
func (b *botCtx) rank(w []byte, call bool) int {
	if b.level == games.Strong {
		return 1
	}
	if call {
		return lexicon.Familiarity(string(w))
	}
	return b.d.Familiar(string(w))
}

// hardness is how hard a letter is to lay: 1 for the letters few
// beginnings of words take, less for the rarer letters of the deck.
var hardness = [26]float64{
	'B' - 'A': 0.2, 'F' - 'A': 0.2, 'G' - 'A': 0.2, 'H' - 'A': 0.4, 'V' - 'A': 0.4,
	'J' - 'A': 0.8, 'Y' - 'A': 0.8, 'K' - 'A': 1, 'Q' - 'A': 1, 'W' - 'A': 1, 'X' - 'A': 1, 'Z' - 'A': 1,
}

// isVowel: the letters that follow most beginnings of words.
func isVowel(l byte) bool { return strings.IndexByte("AEIOUY", l) >= 0 }

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

// end is how the bot's turn would end: row r reading cs (ext: the letters
// that extend it) after laying laid, with the hand's cards not used left
// in hand.
type end struct {
	r    int
	cs   []Card
	ext  uint32
	laid []Card
	used []bool // nil: the whole hand is left
	// blind: the bot does not know the word the row reads (Normal and
	// Easy), it scores the end as a row that reads no word.
	blind bool
}

// left counts the cards left in hand, keep is their letters (a JOKER is
// every letter), and stuck counts those that no row would take, open
// being the letters the rows take.
func (b *botCtx) left(e end, open uint32) (left int, keep uint32, stuck int) {
	for i, c := range b.hand {
		if e.used != nil && e.used[i] {
			continue
		}
		left++
		switch {
		case c.Kind() == kindJoker:
			keep = 1<<26 - 1
		case c.Letter() != 0:
			bit := uint32(1) << (c.Letter() - 'A')
			keep |= bit
			if open&bit == 0 {
				stuck++
			}
		}
	}
	return left, keep, stuck
}

// endScore scores an end of the bot's turn and tells whether to call WORD
// OUT.
func (b *botCtx) endScore(e end) (float64, bool) {
	w := b.w
	cs, ext, laid := e.cs, e.ext, e.laid
	isWord := !e.blind && len(cs) >= minWord && b.d.Has(word(cs))
	open := ext
	if isWord {
		open = 1<<26 - 1 // cashed, the row is free again
	}
	for r, x := range b.rowExt {
		if r != e.r {
			open |= x
		}
	}
	left, keep, stuck := b.left(e, open)
	perCard, stuckCost := w.lay, w.stuck
	if b.late {
		perCard, stuckCost = w.layLate, w.stuckLate
	}
	score := perCard*float64(len(laid)) - stuckCost*float64(stuck)
	for _, c := range laid {
		if c.Kind() != kindJoker {
			score += w.hard * hardness[c.Letter()-'A']
			if !isVowel(c.Letter()) {
				score += w.cons
			}
		}
	}
	if left == 0 {
		if b.late {
			score += 2 * float64(b.opp)
		} else {
			score += w.out
		}
	}
	if isWord {
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
		return score + v*p - w.countered*v*(1-p), true
	}
	for _, c := range laid {
		score -= w.special * cost(c)
	}
	return score + b.rowScore(cs, ext, keep), false
}

// rowScore is what a row that reads no word is worth to the bot that
// leaves it so, keep being the letters it keeps in hand.
func (b *botCtx) rowScore(cs []Card, ext, keep uint32) float64 {
	w := b.w
	if ext == 0 {
		return -w.dead // a dead row: only a POUBELLE clears it
	}
	// A row few cards extend stalls the table (the bot included), and so
	// does a row far from any word.
	score := -w.narrow * max(0, 0.4-b.live(ext))
	if w.far != 0 {
		score -= w.far * float64(b.reach(word(cs), ext)-1)
	}
	// What the next player could cash with one letter.
	if len(cs)+1 >= minWord {
		if words := b.d.CompleteRight(word(cs)); words != 0 {
			v := float64(value(cs) + 1)
			none := b.pNone(words, b.next)
			score -= w.threat * v * (1 - none)
			if words&keep != 0 {
				// The bot could cash it next turn if the next player cannot.
				score += w.setup * v * none
			}
			// A safe card on the row would make that word safe for them.
			for _, c := range cs {
				if c.safe() {
					score -= 2
					break
				}
			}
		}
	}
	return score
}

// turn chooses the bot's turn (or its continuation after a REJOUER, or the
// restart of a row when cont is true).
func (b *botCtx) turn(cont bool) string {
	s := b.s
	if !cont {
		// A pass keeps every card, the stuck ones too (and draws one while
		// the PIOCHE holds cards).
		open := uint32(0)
		for _, x := range b.rowExt {
			open |= x
		}
		_, _, stuck := b.left(end{}, open)
		score := -b.w.draw - b.w.stuck*float64(stuck)
		if b.late {
			score = -b.w.stall - b.w.stuckLate*float64(stuck)
		}
		if b.offer(score, 1) {
			b.take("passe")
		}
		for r := range s.Rows {
			b.search(r, s.Rows[r], nil, false)
		}
		b.poubelles()
		return b.choice()
	}
	row := s.Rows[s.Row]
	if s.Phase == phaseMore {
		sc, call := b.endScore(end{r: s.Row, cs: row, ext: b.rowExt[s.Row], laid: s.Laid})
		if b.offer(sc, 1) {
			if call {
				b.take("wordout")
			} else {
				b.take("fin")
			}
		}
	}
	b.search(s.Row, row, s.Laid, false)
	if m := b.choice(); m != "" {
		return m
	}
	return restartTimeout(b.hand)
}

// search enumerates, depth-first, the sequences of cards from the hand
// laid on row r after laid (this turn's cards so far) that keep the row the
// beginning of a word, and offers each end. counter: the sequences are
// counters to the WORD OUT on the row.
func (b *botCtx) search(r int, row, laid []Card, counter bool) {
	hand := b.hand
	used := make([]bool, len(hand))
	cur := append(make([]Card, 0, len(row)+maxChain), row...)
	all := append(make([]Card, 0, len(laid)+maxChain), laid...)
	start := len(all)
	w := append(make([]byte, 0, len(row)+maxChain), word(row)...)
	callerValue := float64(value(row))
	chain := len(laid) > 0 && laid[0].Kind() == kindRejouer
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
				next := b.d.ExtendPrefixRight(string(w))
				e := end{r: r, cs: cur, ext: next, laid: all, used: used}
				sc, call := b.endScore(e)
				rank := b.rank(w, call)
				if call && !b.level.Plays(rank) {
					// Normal and Easy do not see a word they do not know:
					// they lay toward the familiar words the row begins
					// (a WORD OUT the game then offers comes as a surprise).
					e.blind = true
					sc, call = b.endScore(e)
					rank = b.d.Familiar(string(w))
				}
				if counter {
					// Denying the caller his word is worth something too.
					sc += b.w.deny*callerValue + 1
				}
				if b.offer(sc, rank) {
					b.take(b.moveText(r, all[start:], call, counter, chain))
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

// poubelles scores a POUBELLE on each row: it is a card less in hand,
// and the restart of the emptied row another; worth it on a row the next
// player could cash, a dead row or one far from any word. Before the
// PIOCHE is empty a POUBELLE kept has a use later (w.trash).
func (b *botCtx) poubelles() {
	if !hasKind(b.hand, kindPoubelle) {
		return
	}
	w := b.w
	perCard, keep := w.lay, w.trash
	if b.late {
		perCard, keep = w.layLate, w.trashLate
	}
	restart := 0.0
	for _, c := range b.hand {
		if c.layable() {
			restart = perCard
			break
		}
	}
	// The emptied row takes any card: no card sticks in the hand then,
	// where a pass or a lay leaves the stuck ones (see endScore).
	open := uint32(0)
	for _, x := range b.rowExt {
		open |= x
	}
	_, _, stuck := b.left(end{}, open)
	if b.late {
		restart += w.stuckLate * float64(stuck)
	} else {
		restart += w.stuck * float64(stuck)
	}
	for r, row := range b.s.Rows {
		if len(row) == 0 {
			continue
		}
		score := perCard + restart - keep
		if len(b.hand) == 1 {
			score += w.out
			if b.late {
				score += 2*float64(b.opp) - w.out
			}
		}
		// What the row costs as it stands (a threat, a dead end).
		if th := b.rowScore(row, b.rowExt[r], 0); th < 0 {
			score -= th
		}
		if b.offer(score, 1) {
			b.take("poubelle " + strconv.Itoa(r+1))
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
	if b.offer(0, 1) {
		b.take("non")
	}
	if lv := levels[b.level+1]; !games.Chance(b.salt^0x5eed, lv.sees) {
		return "non" // the word went by without the bot seeing a counter
	}
	b.search(s.Win.Row, s.Rows[s.Win.Row], nil, true)
	return b.choice()
}
