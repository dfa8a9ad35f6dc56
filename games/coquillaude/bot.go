package coquillaude

import (
	"sort"
	"strings"
	"sync"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/games/lexicon"
)

// Bot returns the move of a bot player of the given strength for a
// waiting seat. It only reads the state; its few random choices come from
// a hash of the game's random state, the move count and the seat.
//
// Strong is the best the engine does: it answers a question right with the
// table's success rate (option bot_success); gives the pions least useful
// to a word (rare letters, surplus copies); composes the best word it finds
// from its pions and the board (the lexicon's sub-anagram query with a
// wildcard for a letter of the board, every crossing in the four
// directions, scored exactly as the resolution scores it), and claims
// every anagram the lexicon and the famous list know, so that no challenge
// can beat it; votes yes for a name the proper nouns know; challenges when
// the lexicon knows more anagrams than were claimed.
//
// Normal and Easy play as people do (docs/games/coquillaude.md, "The bot
// player"): they compose, claim and challenge only with the words they
// know (lexicon.Familiarity through games.Strength.Plays: any familiar
// word for Normal, the most used for Easy, side words included), answer
// the harder questions less often right (botSuccess), and now and then
// propose a word that is not their best (games.Strength.Choose: Normal
// misses its best one round in four, Easy takes one of its four best).
func (g *Game) Bot(seat int, level games.Strength) string {
	s := g.s
	if s.Over || seat < 0 || seat >= s.Players {
		return "passe"
	}
	level = max(games.Easy, min(level, games.Strong))
	salt := mix64(s.Rng ^ uint64(s.Moves)*0x9e3779b97f4a7c15 ^ uint64(seat+1)<<40)
	switch s.Phase {
	case phaseAnswer:
		if s.Q == nil || s.Q.Seat != seat {
			return "passe"
		}
		if int(salt%100) < botSuccess(s.Opts.BotSuccess, level, s.Q.Stars) {
			return "reponse " + s.Q.botAnswer()
		}
		return "passe"
	case phaseGift:
		if s.Given[seat] {
			return "passe"
		}
		return "don " + string(botGift(s.Hands[seat], min(s.Gifts[0].N, len(s.Hands[seat]))))
	case phaseCompose:
		if s.Props[seat] != nil {
			return "rien"
		}
		return g.compose(seat, level, styles[level], salt)
	case phaseVote:
		it := s.Votes[s.VoteIdx]
		if g.w.isName(it.Name) {
			return "vote oui"
		}
		return "vote non"
	case phaseChallenge:
		if pl := s.Placed; pl != nil && seat != pl.Seat {
			// CQ-D7: a challenge needs more anagrams than were claimed;
			// a bot shows only those it knows.
			list := g.anagramsKnown(pl.Word, level)
			if len(list) > pl.Claimed {
				return "defi " + strings.Join(list, ",")
			}
		}
		return "passe"
	}
	return "passe"
}

// botSuccess is the percent of questions of that many stars a bot of that
// strength answers right. The table's option bot_success is the Strong
// bot's rate at every level; Normal and Easy keep a share of it that falls
// with the stars, as a person finds a short familiar word more often than
// a long rare one (the stars come from the answer's length and rarity,
// questions.go): with the default 70 %, Normal answers 63, 49 and 35 %,
// Easy 56, 35 and 17 %. bot_success 0 makes every bot pass, 100 keeps
// Strong always right.
func botSuccess(rate int, level games.Strength, stars int) int {
	stars = max(1, min(stars, 3))
	var share [4]int // percent of the table's rate, by stars
	switch level {
	case games.Strong:
		return rate
	case games.Easy:
		share = [4]int{0, 80, 50, 25}
	default:
		share = [4]int{0, 90, 70, 50}
	}
	return rate * share[stars] / 100
}

// notices tells whether a bot of that strength sees that a word is an
// anagram of the one it composes (or challenges): Strong sees them all;
// Normal and Easy the familiar words up to their style's claimRank.
func notices(level games.Strength, w string) bool {
	if level == games.Strong {
		return true
	}
	r := lexicon.Familiarity(w)
	return r > 0 && r <= styles[level].claimRank
}

// knows tells whether a bot of that strength plays a word: Strong every
// word of the dictionary, Normal and Easy the familiar ones
// (games.Strength.Plays).
func knows(level games.Strength, w string) bool {
	return level == games.Strong || level.Plays(lexicon.Familiarity(w))
}

// usefulness of a letter: how many the bag holds (CQ-D1), a fair measure of
// how often words need it.
var usefulness [26]int

func init() {
	for _, bl := range bagLetters {
		usefulness[bl.l-'A'] = bl.n
	}
}

// botGift picks the n pions least useful to the giver: rare letters first,
// then the copies beyond the third of a letter.
func botGift(hand []byte, n int) []byte {
	type pv struct {
		l byte
		v int
	}
	var seen [26]int
	vals := make([]pv, len(hand))
	for i, l := range hand {
		seen[l-'A']++
		v := usefulness[l-'A'] * 4
		if seen[l-'A'] > 3 {
			v = 2 // a fourth copy is hardly ever needed
		}
		if l == 'Q' && strings.IndexByte(string(hand), 'U') < 0 {
			v = 0
		}
		vals[i] = pv{l, v}
	}
	sort.SliceStable(vals, func(i, j int) bool {
		if vals[i].v != vals[j].v {
			return vals[i].v < vals[j].v
		}
		return vals[i].l < vals[j].l
	})
	out := make([]byte, n)
	for i := 0; i < n; i++ {
		out[i] = vals[i].l
	}
	return out
}

// anagramsKnown lists the other arrangements of w that a bot of that
// strength knows, sorted: for Strong, all that the lexicon or the famous
// list knows; for Normal and Easy, the familiar words among them.
func (g *Game) anagramsKnown(w string, level games.Strength) []string {
	var out []string
	for _, a := range g.w.dict.Anagrams(w) {
		if a != w && notices(level, a) {
			out = append(out, a)
		}
	}
	if level == games.Strong {
		for _, a := range famousBySorted()[sortedLetters(w)] {
			if a != w && !contains(out, a) {
				out = append(out, a)
			}
		}
	}
	sort.Strings(out)
	return out
}

func contains(list []string, w string) bool {
	for _, x := range list {
		if x == w {
			return true
		}
	}
	return false
}

// botStyle is how a bot of one strength composes (the "why" of each is
// in docs/games/coquillaude.md, "The bot player").
type botStyle struct {
	// letters is how many of its pions a bot combines at once: a person
	// sees words in a rack's worth of letters, not in a heap of thirty.
	letters int
	// budget is how many placements it checks at most.
	budget int
	// claimsCount: the word is chosen for its value with its anagrams
	// (Strong seeks the words rich in anagrams); else for its own value,
	// the anagrams noticed afterwards, as a person finds a word first.
	claimsCount bool
	// sidesCount: the placement of a word is chosen with its side words'
	// value; else for the word alone, the side words taken as they come.
	sidesCount bool
	// reach: the search stops at the words whose estimate, times reach
	// percent, is under the best value found.
	reach int
	// claimRank: the anagrams it notices, of familiarity 1 to claimRank
	// (0: every anagram the lexicon and the famous list know).
	claimRank int
}

var styles = map[games.Strength]botStyle{
	games.Strong: {letters: 9, budget: 1200, reach: 200, claimsCount: true, sidesCount: true},
	games.Normal: {letters: 7, budget: 1200, reach: 200, claimRank: games.Known},
	games.Easy:   {letters: 6, budget: 1200, reach: 200, claimRank: 1000},
}

// compose is the bot's proposal: the word its strength plays, its
// placement and the anagrams it claims, or "rien".
func (g *Game) compose(seat int, level games.Strength, st botStyle, salt uint64) string {
	b := botSearch{g: g, s: g.s, seat: seat, level: level, st: st, salt: salt, budget: st.budget}
	if m := b.best(); m != "" {
		return m
	}
	return "rien"
}

type botSearch struct {
	g      *Game
	s      *state
	seat   int
	level  games.Strength
	st     botStyle
	salt   uint64
	budget int // placements left to check

	have  [26]int        // the whole hand
	forms map[uint64]int // letterKey: how many forms the bot knows of them

	bestScore int // best value found
	cands     map[string]botCand
}

// pickLetters chooses n letters of a hand to combine, as a player looks
// for a word in a large hand: about as many vowels as French words hold
// (nine in twenty), each side taken one copy of each letter at a time,
// the letters words need most first (their count in the bag), so that the
// pick holds many different letters rather than the third E.
func pickLetters(hand []byte, n int) string {
	if len(hand) <= n {
		return string(hand)
	}
	var count [26]int
	for _, l := range hand {
		count[l-'A']++
	}
	byUse := func(vowels bool) []byte {
		var out []byte
		for round := 1; ; round++ {
			added := false
			for _, bl := range bagLetters { // most frequent first
				l := bl.l
				if strings.IndexByte("AEIOUY", l) >= 0 != vowels || count[l-'A'] < round {
					continue
				}
				out = append(out, l)
				added = true
			}
			if !added {
				return out
			}
		}
	}
	vs, cs := byUse(true), byUse(false)
	nv := min(len(vs), (n*9+10)/20)
	nc := min(len(cs), n-nv)
	nv = min(len(vs), n-nc)
	return string(vs[:nv]) + string(cs[:nc])
}

func (b *botSearch) best() string {
	s := b.s
	b.cands = map[string]botCand{}
	for _, l := range s.Hands[b.seat] {
		b.have[l-'A']++
	}
	hand := pickLetters(s.Hands[b.seat], b.st.letters)
	if s.boardEmpty() {
		b.scan(b.g.w.dict.SubAnagrams(hand, 3), func(w string) {
			for dir := dirRight; dir <= dirDown; dir++ {
				for line := 8; line <= 12; line++ {
					for start := 12 - len(w) + 1; start <= 8+len(w)-1 && start <= 12; start++ {
						r, c := line, start
						if dir == dirDown {
							r, c = start, line
						}
						b.try(w, r, c, dir)
					}
				}
			}
		})
		return b.choose()
	}
	var cells [26][]int
	for i := 0; i < len(s.Board); i++ {
		if l := s.Board[i]; l != '.' {
			cells[l-'A'] = append(cells[l-'A'], i)
		}
	}
	var have [26]int
	for i := 0; i < len(hand); i++ {
		have[hand[i]-'A']++
	}
	b.scan(b.g.w.dict.SubAnagrams(hand+"?", 3), func(w string) {
		// The letter w needs beyond the hand, if any, must come from the
		// board; else any of its letters on the board may be crossed.
		var need [26]int
		extra := -1
		for i := 0; i < len(w); i++ {
			l := w[i] - 'A'
			need[l]++
			if need[l] > have[l] {
				extra = int(l)
			}
		}
		for i := 0; i < len(w); i++ {
			l := int(w[i] - 'A')
			if extra >= 0 && l != extra {
				continue
			}
			for _, idx := range cells[l] {
				r, c := idx/Size, idx%Size
				for dir := dirRight; dir <= dirUpRight; dir++ {
					b.try(w, r-dirStep[dir][0]*i, c-dirStep[dir][1]*i, dir)
				}
			}
		}
	})
	return b.choose()
}

// scan tries the words the bot knows, the most promising first (the
// square of their length, times their forms when the anagrams count),
// until the budget is spent or no word left can come near the best found
// (half its value).
func (b *botSearch) scan(all []string, tryWord func(string)) {
	words := all[:0]
	for _, w := range all {
		if knows(b.level, w) {
			words = append(words, w)
		}
	}
	if b.st.claimsCount {
		// Every anagram of a word the hand can make is in the list too:
		// the list counts each word's forms, and the famous list adds its
		// names.
		b.forms = make(map[uint64]int, len(words))
		for _, w := range words {
			b.forms[letterKey(w)]++
		}
		for k, n := range famousKeys() {
			if b.forms[k] > 0 {
				b.forms[k] += n
			}
		}
	}
	// The most promising first: a counting sort by estimate, which keeps
	// the lexicon's order within an estimate (a comparison sort of
	// thousands of words would cost more than the placements).
	ests := make([]int, len(words))
	top := 0
	for i, w := range words {
		ests[i] = len(w) * len(w) * b.formsOf(w)
		top = max(top, ests[i])
	}
	start := make([]int, top+2) // start[e]: first index of estimate e, from the highest
	for _, e := range ests {
		start[e]++
	}
	for e, at := top, 0; e >= 0; e-- {
		at, start[e] = at+start[e], at
	}
	order := make([]int, len(words))
	for i, e := range ests {
		order[start[e]] = i
		start[e]++
	}
	for _, i := range order {
		if b.budget <= 0 || ests[i]*b.st.reach/100 < b.bestScore {
			return
		}
		tryWord(words[i])
	}
}

// formsOf is how many forms of w the bot values: the word and its
// anagrams when its style counts them (Strong), else the word alone.
func (b *botSearch) formsOf(w string) int {
	if !b.st.claimsCount {
		return 1
	}
	return max(1, b.forms[letterKey(w)])
}

// letterKeys give each letter a random 64-bit number: the sum over a
// word's letters identifies its letters whatever their order (a collision
// would only misorder the bot's search, never a move's validity).
var letterKeys = func() (k [26]uint64) {
	for i := range k {
		k[i] = mix64(uint64(i+1) * 0x51ed270b27a3f)
	}
	return k
}()

func letterKey(w string) uint64 {
	var k uint64
	for i := 0; i < len(w); i++ {
		k += letterKeys[w[i]-'A']
	}
	return k
}

// famousKeys counts the famous names by their letters (letterKey).
var famousKeys = sync.OnceValue(func() map[uint64]int {
	m := map[uint64]int{}
	for w := range famous() {
		m[letterKey(w)]++
	}
	return m
})

// try scores one placement as the resolution would and keeps the best.
func (b *botSearch) try(w string, r, c, dir int) {
	if r < 0 || c < 0 || r >= Size || c >= Size {
		return
	}
	s := b.s
	// A quick look before the full check: the word fits the board and the
	// hand.
	n := len(w)
	dr, dc := dirStep[dir][0], dirStep[dir][1]
	er, ec := r+dr*(n-1), c+dc*(n-1)
	if er < 0 || er >= Size || ec >= Size {
		return
	}
	var need [26]int
	for i := 0; i < n; i++ {
		switch x := s.Board[(r+dr*i)*Size+c+dc*i]; x {
		case '.':
			l := w[i] - 'A'
			need[l]++
			if need[l] > b.have[l] {
				return
			}
		case w[i]:
		default:
			return
		}
	}
	b.budget--
	lay, err := s.place(w, r, c, dir, s.Hands[b.seat])
	if err != nil {
		return
	}
	for _, sw := range lay.Side {
		if !b.g.w.valid(sw.Word) || !knows(b.level, sw.Word) {
			return
		}
	}
	cd := botCand{r: r, c: c, dir: dir, shells: lay.Shells,
		base: mainValue(len(w), lay.Shells, []form{{Word: w, Famous: famous()[w]}}), side: sideValue(lay.Side)}
	if c0, ok := b.cands[w]; ok && b.val(c0) >= b.val(cd) {
		return
	}
	b.cands[w] = cd
	// The anagrams multiply the word's own value (shells included).
	b.bestScore = max(b.bestScore, b.val(cd)+cd.base*(b.formsOf(w)-1))
}

// val is what a placement is worth to the bot, anagrams aside: the word
// and, when its style counts them, its side words.
func (b *botSearch) val(c botCand) int {
	if b.st.sidesCount {
		return c.base + c.side
	}
	return c.base
}

// botCand is the best placement found for a word.
type botCand struct {
	r, c, dir, shells, base, side int
}

// choose values the candidates with the anagrams the bot knows and
// returns the move its strength plays (games.Strength.Choose: Strong the
// best; Normal its best three times in four, else its second or third;
// Easy one of its four best).
func (b *botSearch) choose() string {
	words := make([]string, 0, len(b.cands))
	vals := make(map[string]int, len(b.cands))
	for w, cd := range b.cands {
		words = append(words, w)
		vals[w] = b.val(cd) + cd.base*(b.formsOf(w)-1)
	}
	byValue := func() {
		sort.Slice(words, func(i, j int) bool {
			if vals[words[i]] != vals[words[j]] {
				return vals[words[i]] > vals[words[j]]
			}
			return words[i] < words[j]
		})
	}
	byValue()
	// When the anagrams count, the best few are valued exactly with them
	// (the query is costlier than a placement); else only the word played
	// needs its claims.
	words = words[:min(len(words), botAnagramQueries)]
	claims := make(map[string][]string, len(words))
	for _, w := range words {
		if b.st.claimsCount {
			claims[w] = b.g.anagramsKnown(w, b.level)
			cd := b.cands[w]
			fs := []form{{Word: w, Famous: famous()[w]}}
			for _, a := range claims[w] {
				fs = append(fs, form{Word: a, Famous: famous()[a]})
			}
			vals[w] = b.val(cd) + mainValue(len(w), cd.shells, fs) - cd.base
		}
	}
	byValue()
	cands := make([]games.Candidate, len(words))
	for i, w := range words {
		// Every word here is one the bot knows (scan and try keep no
		// other): its rank is only Choose's filter.
		cands[i] = games.Candidate{Score: float64(vals[w]), Rank: 1}
	}
	k := b.level.Choose(cands, b.salt)
	if k < 0 {
		return ""
	}
	w, cd := words[k], b.cands[words[k]]
	if !b.st.claimsCount {
		claims[w] = b.g.anagramsKnown(w, b.level)
	}
	move := "mot " + w + " " + cellName(cd.r, cd.c) + " " + dirWord[cd.dir]
	if len(claims[w]) > 0 {
		move += " anagrammes=" + strings.Join(claims[w], ",")
	}
	return move
}

// botAnagramQueries is how many of the best words get their anagrams
// listed.
const botAnagramQueries = 10
