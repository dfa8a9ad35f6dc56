package motsdetete

import (
	"cmp"
	"slices"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/games/lexicon"
)

// The bot player.
//
// The score of a placement depends only on its cells, never on its letters
// (MT-D4: the values of the cells of the main word and of the side words).
// So the bot enumerates the spans: every run of exactly Die empty cells of a
// row or a column that the letters already there join into one main word
// and that connects (MT-D2; the first word next to the centre cross). Each
// span's score is known from its cells before any word is looked for, with
// a bonus cell counted at its expected value (3.5 a roll; Quarté's fixed
// values). Spans are tried best first: a span's pattern is the old letters
// as one-letter sets and, in each new cell, the letters its side word
// allows (CrossCheck); the first span Fill finds a word for is the best
// move.
//
// Strengths (games.Strength) differ in the words they know, not in the
// search (see vocab): Strong searches the whole dictionary and plays the
// best span; Normal searches the familiar words and plays by
// games.Strength.Choose among its 4 best spans (its best three times in
// four), Easy the common words, one of its 4 best at random. When the
// words a bot knows fit nowhere, it searches the next strength's words,
// down to the whole dictionary: it passes only when no word fits at all.
// Every strength writes, in the span it chose, the most familiar word that
// fits (one of the three most familiar, drawn): every word of a span
// scores the same, so Strong loses nothing by writing a word people know
// where one fits. Table option botlevel=good makes Strong draw among its
// good spans instead.

// span is one candidate placement (its side words are not listed, only
// scored).
type span struct {
	plan
	half int // expected score, in half points
}

// Hint is a suggested move.
type Hint struct {
	Move   string // "H3 bas DEPENSER"
	Word   string
	Cell   string
	Down   bool
	Points float64 // expected score (bonus cells at 3.5 a roll)
}

// Hint returns the suggestion shown to the player to move (option hints):
// the best-scoring placement in familiar words, as a Normal bot that never
// misses would play it, else the best in the whole dictionary; false when
// no placement exists (pass).
func (g *Game) Hint() (Hint, bool) {
	return g.choose(games.Normal, LevelBest, botRnd(g.s), false)
}

// best is Strong's best placement (the tests compare it with an exhaustive
// search).
func (g *Game) best() (Hint, bool) {
	return g.choose(games.Strong, LevelBest, botRnd(g.s), false)
}

// botRnd is the bot's randomness for the turn: the game's seed and the move
// count, so that Bot never changes the state and a reload answers the same.
func botRnd(s *state) uint64 { return mix(s.Seed ^ uint64(s.Moves+1)*0x9e3779b97f4a7c15) }

// Bot returns the move of a bot player of that strength for seat (see the
// top of this file), else a pass. It only reads the state; its randomness
// comes from the seed and the move count.
func (g *Game) Bot(seat int, level games.Strength) string {
	s := g.s
	if s.Over || seat != s.Turn {
		return "passe"
	}
	h, ok := g.choose(level, s.Level, botRnd(s), true)
	if !ok {
		return "passe"
	}
	return h.Move
}

// goodSpans and goodRatio bound level "good": a draw among the first good
// spans (within goodRatio of the best score).
const (
	goodSpans = 6
	goodRatio = 0.6
)

// choose is the move of a bot of that strength: the spans searched in the
// vocabularies of its chain, the first that has a placement giving the
// candidates. With miss, Normal and Easy choose among their 4 best spans
// as games.Strength.Choose says; without, they take their best (hints).
func (g *Game) choose(level games.Strength, tableLevel string, rnd uint64, miss bool) (Hint, bool) {
	s := g.s
	if s.Over {
		return Hint{}, false
	}
	v := vocabOf(g.lex)
	b := newBotCtx(s)
	spans := b.spans()
	for _, lex := range v.chain(level) {
		b.use(lex)
		k, ratio := 1, 0.0
		switch {
		case lex == v.all && level == games.Strong && tableLevel == LevelGood:
			k, ratio = goodSpans, goodRatio
		case lex != v.all && miss:
			k = 4 // Choose looks at the 4 best
		}
		found := b.search(spans, k, ratio)
		if len(found) == 0 {
			continue
		}
		words := make([]string, len(found))
		cands := make([]games.Candidate, len(found))
		for i, sp := range found {
			words[i], cands[i].Rank = b.word(sp, v, rnd>>7+uint64(i))
			cands[i].Score = float64(sp.half)
		}
		pick := 0
		switch {
		case lex == v.all && k > 1:
			pick = int(rnd % uint64(len(found)))
		case lex != v.all && miss:
			pick = level.Choose(cands, rnd)
		}
		return s.hintOf(found[pick], words[pick]), true
	}
	return Hint{}, false
}

// exampleMove is a legal move for the player to move, shown in the private
// help to teach the syntax on the real grid (MT-D2: exactly the die's count
// of new letters, connected, every word in the dictionary). It is the
// lowest-scoring placement that has a word, so that the help never gives
// the table's hint away, in the most common words that fit somewhere
// (Easy's chain: common, familiar, then any word); false when no placement
// exists.
func exampleMove(s *state, lex *lexicon.Lexicon) (Hint, bool) {
	if s.Over {
		return Hint{}, false
	}
	v := vocabOf(lex)
	b := newBotCtx(s)
	spans := b.spans()
	for _, l := range v.chain(games.Easy) {
		b.use(l)
		for i := len(spans) - 1; i >= 0; i-- {
			if b.fits(spans[i]) {
				w, _ := b.word(spans[i], v, 0)
				return s.hintOf(spans[i], w), true
			}
		}
	}
	return Hint{}, false
}

// crossInfo is what a new letter in an empty cell meets across the line.
type crossInfo struct {
	side []int // the cells of the side word, the cell included; nil if none
	at   int   // the cell's place in side
	half int   // the side word's expected score, in half points
}

// botCtx holds what one search computes once. The cross-check masks
// depend on the vocabulary searched (use); the side words do not.
type botCtx struct {
	s      *state
	lex    *lexicon.Lexicon
	cross  [2][]crossInfo // [down] per cell, for empty cells
	done   [2][]bool
	mask   [2][]lexicon.LetterSet
	masked [2][]bool
	buf    []lexicon.LetterSet
}

func newBotCtx(s *state) *botCtx {
	b := &botCtx{s: s, buf: make([]lexicon.LetterSet, 0, s.grid.W+s.grid.H)}
	for d := range b.cross {
		b.cross[d] = make([]crossInfo, len(s.cells))
		b.done[d] = make([]bool, len(s.cells))
		b.mask[d] = make([]lexicon.LetterSet, len(s.cells))
		b.masked[d] = make([]bool, len(s.cells))
	}
	return b
}

// use makes lex the vocabulary searched.
func (b *botCtx) use(lex *lexicon.Lexicon) {
	b.lex = lex
	clear(b.masked[0])
	clear(b.masked[1])
}

func dirIndex(down bool) int {
	if down {
		return 1
	}
	return 0
}

func (b *botCtx) crossOf(c int, down bool) *crossInfo {
	d := dirIndex(down)
	ci := &b.cross[d][c]
	if b.done[d][c] {
		return ci
	}
	b.done[d][c] = true
	sw := b.s.sideWord(c, down)
	if sw == nil {
		return ci
	}
	ci.side = sw
	ci.at = slices.Index(sw, c)
	for _, x := range sw {
		ci.half += b.s.halfValue(x)
	}
	return ci
}

// maskOf is the letters the vocabulary allows in the empty cell c for a
// main word along down.
func (b *botCtx) maskOf(c int, down bool) lexicon.LetterSet {
	ci := b.crossOf(c, down)
	if ci.side == nil {
		return lexicon.AllLetters
	}
	d := dirIndex(down)
	if !b.masked[d][c] {
		b.masked[d][c] = true
		b.mask[d][c] = b.lex.CrossCheck(b.s.letters(ci.side[:ci.at]), b.s.letters(ci.side[ci.at+1:]))
	}
	return b.mask[d][c]
}

// pattern is the span's Fill pattern (in b.buf); false when a new cell
// admits no letter.
func (b *botCtx) pattern(sp span) ([]lexicon.LetterSet, bool) {
	buf := b.buf[:0]
	for _, c := range sp.main {
		if l := b.s.cells[c]; l != 0 {
			buf = append(buf, lexicon.Only(l))
			continue
		}
		m := b.maskOf(c, sp.down)
		if m == 0 {
			return nil, false
		}
		buf = append(buf, m)
	}
	b.buf = buf
	return buf, true
}

// fits tells whether some word of the vocabulary fits the span.
func (b *botCtx) fits(sp span) bool {
	pat, ok := b.pattern(sp)
	if !ok || !b.infixesOK(sp) {
		return false
	}
	found := false
	b.lex.Fill(pat, func(string) bool {
		found = true
		return false
	})
	return found
}

// search returns up to k spans that have a word, best first, stopping
// below ratio times the best one's score.
func (b *botCtx) search(spans []span, k int, ratio float64) []span {
	var out []span
	for _, sp := range spans {
		if len(out) == k || len(out) > 0 && float64(sp.half) < ratio*float64(out[0].half) {
			break
		}
		if b.fits(sp) {
			out = append(out, sp)
		}
	}
	return out
}

// word is the word written on a span that has one in the vocabulary
// searched, and its familiarity rank (the least familiar of the words it
// makes, main and side; 0 when one is not familiar): one of the three
// most familiar words that fit, drawn from rnd (0: the most familiar).
// When no familiar word fits (the whole dictionary searched), any word,
// the first Fill gives from a letter drawn at random, so that the bot
// does not write only words in A.
func (b *botCtx) word(sp span, v *vocab, rnd uint64) (string, int) {
	pat, _ := b.pattern(sp)
	known := b.lex
	if known == v.all {
		known = v.familiar
	}
	if known != nil {
		if fits := b.familiarFits(sp, pat, known); len(fits) > 0 {
			f := fits[int(rnd%uint64(min(3, len(fits))))]
			return f.word, f.rank
		}
	}
	w := ""
	b.lex.Fill(pat, func(x string) bool { w = x; return false })
	from := lexicon.AllLetters &^ (1<<(rnd>>32%26) - 1) // letters from the drawn one to Z
	if first := pat[0]; first&from != 0 {
		pat[0] = first & from
		b.lex.Fill(pat, func(x string) bool { w = x; return false })
	}
	return w, 0
}

// fit is a word that fits a span: its rank (the least familiar of the
// words it makes, 0 if one is unfamiliar) and its sort key (familiar
// placements first, then those whose main word alone is familiar).
type fit struct {
	word      string
	rank, key int
}

// familiarFits lists the words of known (the familiar or common words)
// that fit pattern, most familiar first.
func (b *botCtx) familiarFits(sp span, pat []lexicon.LetterSet, known *lexicon.Lexicon) []fit {
	// The side word of each new letter: where the letter stands in the
	// main word and the letters around it; ranks memoises per letter
	// (0 not looked up, -1 unfamiliar).
	type side struct {
		at            int
		before, after string
		ranks         [26]int32
	}
	var sides []side
	for i, c := range sp.main {
		if b.s.cells[c] != 0 {
			continue
		}
		if ci := b.crossOf(c, sp.down); ci.side != nil {
			sides = append(sides, side{at: i, before: b.s.letters(ci.side[:ci.at]), after: b.s.letters(ci.side[ci.at+1:])})
		}
	}
	var fits []fit
	known.Fill(pat, func(w string) bool {
		main := lexicon.Familiarity(w)
		if main == 0 {
			return true
		}
		rank := main
		for k := range sides {
			sd := &sides[k]
			l := w[sd.at]
			if sd.ranks[l-'A'] == 0 {
				r := int32(lexicon.Familiarity(sd.before + string(l) + sd.after))
				if r == 0 {
					r = -1
				}
				sd.ranks[l-'A'] = r
			}
			if sd.ranks[l-'A'] < 0 {
				rank = 0
				break
			}
			rank = max(rank, int(sd.ranks[l-'A']))
		}
		key := rank
		if rank == 0 {
			key = 1<<24 + main
		}
		fits = append(fits, fit{word: w, rank: rank, key: key})
		return true
	})
	slices.SortStableFunc(fits, func(a, b fit) int { return cmp.Compare(a.key, b.key) })
	return fits
}

// halfValue is a cell's expected value in half points.
func (s *state) halfValue(c int) int {
	k := s.grid.kind[c]
	if n := rolls(k); n > 0 {
		if v, ok := s.fixedBonus(k); ok {
			return 2 * v
		}
		return 7 * n
	}
	return 2 * int(s.grid.value[c])
}

// spans lists the candidate placements for the die, with their expected
// score, best first (ties in reading order, across before down).
func (b *botCtx) spans() []span {
	s, g := b.s, b.s.grid
	n := s.Die
	out := make([]span, 0, 256)
	// The cells of every span share one backing array.
	arena := make([]int, 0, 4096)
	for _, down := range []bool{false, true} {
		for e := range s.cells {
			if s.cells[e] != 0 || g.kind[e] == black {
				continue
			}
			// e is the first new cell: take the next n-1 empty cells along
			// the line, over letters, never over a black cell.
			mark := len(arena)
			arena = append(arena, e)
			x, ok := e, true
			for len(arena)-mark < n {
				x, ok = g.step(x, down, false)
				if !ok || g.kind[x] == black {
					break
				}
				if s.cells[x] == 0 {
					arena = append(arena, x)
				}
			}
			if len(arena)-mark < n {
				arena = arena[:mark]
				continue
			}
			fresh := arena[mark:len(arena):len(arena)]
			// The main word: letters before e, the span, letters after.
			first := e
			for {
				p, ok := g.step(first, down, true)
				if !ok || s.cells[p] == 0 {
					break
				}
				first = p
			}
			last := fresh[n-1]
			for {
				q, ok := g.step(last, down, false)
				if !ok || s.cells[q] == 0 {
					break
				}
				last = q
			}
			mark = len(arena)
			for c := first; ; c, _ = g.step(c, down, false) {
				arena = append(arena, c)
				if c == last {
					break
				}
			}
			main := arena[mark:len(arena):len(arena)]
			if len(main) < 2 {
				continue
			}
			sp := span{plan: plan{start: first, down: down, main: main, fresh: fresh}}
			touches := false
			for _, c := range main {
				sp.half += s.halfValue(c)
			}
			for _, c := range fresh {
				if ci := b.crossOf(c, down); ci.side != nil {
					touches = true
					sp.half += ci.half
				}
			}
			if s.Written == 0 {
				if g.centre != nil && !slices.ContainsFunc(main, func(x int) bool { return g.centre[x] }) {
					continue
				}
			} else if len(main) == n && !touches {
				continue
			}
			out = append(out, sp)
		}
	}
	slices.SortStableFunc(out, func(a, b span) int { return b.half - a.half })
	return out
}

// infixesOK is a quick necessary test before Fill: each run of two old
// letters or more in the main word must occur inside some word. Fill walks
// the word graph from the first letter, so a span that starts with free
// cells and runs into impossible letters is costly to reject.
func (b *botCtx) infixesOK(sp span) bool {
	start := -1
	for i := 0; i <= len(sp.main); i++ {
		if i < len(sp.main) && b.s.cells[sp.main[i]] != 0 {
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 && i-start >= 2 && (start > 0 || i < len(sp.main)) {
			if !b.lex.HasInfix(b.s.letters(sp.main[start:i])) {
				return false
			}
		}
		start = -1
	}
	return true
}

// hintOf is the move that writes word on the span.
func (s *state) hintOf(sp span, word string) Hint {
	dir := "droite"
	if sp.down {
		dir = "bas"
	}
	cell := s.grid.Name(sp.start)
	return Hint{Move: cell + " " + dir + " " + word, Word: word, Cell: cell, Down: sp.down, Points: float64(sp.half) / 2}
}
