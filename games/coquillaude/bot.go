package coquillaude

import (
	"github.com/tablee/tablee/games"
	"sort"
	"strings"
)

// Bot returns the move of a bot player for a waiting seat. It only reads
// the state; its few random choices come from a hash of the game's random
// state and the move count.
//
// Strategy: answer a question right with the table's success rate (option
// bot_success); give the pions least useful to a word (rare letters,
// surplus copies); compose the best word it finds from its pions and one
// letter of the board (the lexicon's sub-anagram query with a wildcard),
// trying every crossing of that letter in the four directions, scored
// exactly as the resolution scores it, and claim every anagram the lexicon
// and the famous list know (so that no challenge can beat it); vote yes
// for a name the proper nouns know; challenge when the lexicon knows more
// anagrams than were claimed.
func (g *Game) Bot(seat int, level games.Strength) string {
	s := g.s
	if s.Over || seat < 0 || seat >= s.Players {
		return "passe"
	}
	switch s.Phase {
	case phaseAnswer:
		if s.Q == nil || s.Q.Seat != seat {
			return "passe"
		}
		h := mix64(s.Rng ^ uint64(s.Moves)*0x9e3779b97f4a7c15 ^ uint64(seat+1)<<40)
		if int(h%100) < s.Opts.BotSuccess {
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
		b := botSearch{g: g, s: s, seat: seat, budget: 1200}
		if m := b.best(); m != "" {
			return m
		}
		return "rien"
	case phaseVote:
		it := s.Votes[s.VoteIdx]
		if g.w.isName(it.Name) {
			return "vote oui"
		}
		return "vote non"
	case phaseChallenge:
		if pl := s.Placed; pl != nil && seat != pl.Seat {
			list := g.knownAnagrams(pl.Word)
			if len(list) > pl.Claimed {
				return "defi " + strings.Join(list, ",")
			}
		}
		return "passe"
	}
	return "passe"
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

// knownAnagrams lists the other arrangements of w that the lexicon or the
// famous list knows, sorted.
func (g *Game) knownAnagrams(w string) []string {
	var out []string
	for _, a := range g.w.dict.Anagrams(w) {
		if a != w {
			out = append(out, a)
		}
	}
	for _, a := range famousBySorted()[sortedLetters(w)] {
		if a != w && !contains(out, a) {
			out = append(out, a)
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

// maxBotLetters caps the pions the bot combines: the sub-anagram query grows
// fast with the letters (a hand of 23 pions has 90,000 sub-words).
const maxBotLetters = 10

// botAnagramQueries is how many of the best words get their anagrams counted.
const botAnagramQueries = 10

type botSearch struct {
	g      *Game
	s      *state
	seat   int
	budget int // placements tried at most

	have [26]int // the whole hand

	bestScore int // best value found, anagrams aside
	cands     map[string]botCand
}

// letters is the hand the bot combines: all of it, or its most useful
// letters when it is large.
func (b *botSearch) letters() string {
	h := b.s.Hands[b.seat]
	if len(h) <= maxBotLetters {
		return string(h)
	}
	keep := botGift(h, len(h)) // least useful first
	return string(keep[len(keep)-maxBotLetters:])
}

func (b *botSearch) best() string {
	s := b.s
	b.cands = map[string]botCand{}
	for _, l := range s.Hands[b.seat] {
		b.have[l-'A']++
	}
	hand := b.letters()
	if s.boardEmpty() {
		words := b.g.w.dict.SubAnagrams(hand, 3)
		sortByLength(words)
		b.scan(words, func(w string) {
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
	words := b.g.w.dict.SubAnagrams(hand+"?", 3)
	sortByLength(words)
	var have [26]int
	for i := 0; i < len(hand); i++ {
		have[hand[i]-'A']++
	}
	b.scan(words, func(w string) {
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

// scan tries the words longest first and stops a length after the first
// length that gave a placement, or when the budget is spent.
func (b *botSearch) scan(words []string, tryWord func(string)) {
	stopAt := -1
	for _, w := range words {
		if b.budget <= 0 || len(w) < stopAt {
			return
		}
		tryWord(w)
		if b.bestScore > 0 && stopAt < 0 {
			stopAt = len(w) - 1
		}
	}
}

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
		if !b.g.w.valid(sw.Word) {
			return
		}
	}
	fam := famous()[w]
	base := mainValue(len(w), lay.Shells, []form{{Word: w, Famous: fam}})
	side := sideValue(lay.Side)
	if c0, ok := b.cands[w]; ok && c0.base+c0.side >= base+side {
		return
	}
	b.cands[w] = botCand{r: r, c: c, dir: dir, shells: lay.Shells, base: base, side: side}
	if base+side > b.bestScore {
		b.bestScore = base + side
	}
}

// botCand is the best placement found for a word, valued without its
// anagrams (their query is costlier than the placement's check).
type botCand struct {
	r, c, dir, shells, base, side int
}

// choose values the best candidates with every anagram known and returns
// the best move.
func (b *botSearch) choose() string {
	words := make([]string, 0, len(b.cands))
	for w := range b.cands {
		words = append(words, w)
	}
	sort.Slice(words, func(i, j int) bool {
		ci, cj := b.cands[words[i]], b.cands[words[j]]
		if ci.base+ci.side != cj.base+cj.side {
			return ci.base+ci.side > cj.base+cj.side
		}
		return words[i] < words[j]
	})
	best, move := 0, ""
	for i, w := range words {
		if i == botAnagramQueries {
			break
		}
		cd := b.cands[w]
		anas := b.g.knownAnagrams(w)
		fs := []form{{Word: w, Famous: famous()[w]}}
		for _, a := range anas {
			fs = append(fs, form{Word: a, Famous: famous()[a]})
		}
		v := mainValue(len(w), cd.shells, fs) + cd.side
		if v <= best {
			continue
		}
		best = v
		move = "mot " + w + " " + cellName(cd.r, cd.c) + " " + dirWord[cd.dir]
		if len(anas) > 0 {
			move += " anagrammes=" + strings.Join(anas, ",")
		}
	}
	return move
}

// sortByLength orders words longest first, alphabetical within a length
// (a counting sort: the lists are long).
func sortByLength(words []string) {
	var byLen [64][]string
	for _, w := range words {
		n := min(len(w), 63)
		byLen[n] = append(byLen[n], w)
	}
	k := 0
	for n := 63; n >= 0; n-- {
		k += copy(words[k:], byLen[n])
	}
}
