package motsdetete

import (
	"github.com/tablee/tablee/games"
	"slices"

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
// allows (lexicon.CrossCheck); the first span lexicon.Fill finds a word for
// is the best move. Level "good" draws among the good spans found instead.

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

// Hint returns the best-scoring placement for the player to move (the base
// of Bot and of a table's hints); false when no placement exists (pass).
func (g *Game) Hint() (Hint, bool) {
	if g.s.Over {
		return Hint{}, false
	}
	return bestMove(g.s, g.lex, LevelBest, botRnd(g.s))
}

// botRnd is the bot's randomness for the turn: the game's seed and the move
// count, so that Bot never changes the state and a reload answers the same.
func botRnd(s *state) uint64 { return mix(s.Seed ^ uint64(s.Moves+1)*0x9e3779b97f4a7c15) }

// Bot returns the move of a bot player for seat: the best-scoring placement
// (level "best") or a random good one (level "good"), else a pass. It only
// reads the state; its randomness comes from the seed and the move count.
func (g *Game) Bot(seat int, level games.Strength) string {
	s := g.s
	if s.Over || seat != s.Turn {
		return "passe"
	}
	h, ok := bestMove(s, g.lex, s.Level, botRnd(s))
	if !ok {
		return "passe"
	}
	return h.Move
}

// crossInfo is what a new letter in an empty cell meets across the line.
type crossInfo struct {
	mask lexicon.LetterSet
	side []int // the cells of the side word, the cell included; nil if none
	half int   // the side word's expected score, in half points
}

// botCtx holds what one search computes once.
type botCtx struct {
	s     *state
	lex   *lexicon.Lexicon
	cross [2][]crossInfo // [down] per cell, for empty cells
	done  [2][]bool
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

func (b *botCtx) crossOf(c int, down bool) *crossInfo {
	d := 0
	if down {
		d = 1
	}
	ci := &b.cross[d][c]
	if b.done[d][c] {
		return ci
	}
	b.done[d][c] = true
	ci.mask = lexicon.AllLetters
	sw := b.s.sideWord(c, down)
	if sw == nil {
		return ci
	}
	ci.side = sw
	i := slices.Index(sw, c)
	before := b.s.letters(sw[:i])
	after := b.s.letters(sw[i+1:])
	ci.mask = b.lex.CrossCheck(before, after)
	for _, x := range sw {
		ci.half += b.s.halfValue(x)
	}
	return ci
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

// pattern is the span's Fill pattern; false when a new cell admits no
// letter.
func (b *botCtx) pattern(sp span, buf []lexicon.LetterSet) ([]lexicon.LetterSet, bool) {
	buf = buf[:0]
	for _, c := range sp.main {
		if l := b.s.cells[c]; l != 0 {
			buf = append(buf, lexicon.Only(l))
			continue
		}
		m := b.crossOf(c, sp.down).mask
		if m == 0 {
			return nil, false
		}
		buf = append(buf, m)
	}
	return buf, true
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

// goodSpans and goodRatio bound level "good": a draw among the first good
// spans (within goodRatio of the best score).
const (
	goodSpans = 6
	goodRatio = 0.6
)

func newBotCtx(s *state, lex *lexicon.Lexicon) *botCtx {
	b := &botCtx{s: s, lex: lex}
	for d := range b.cross {
		b.cross[d] = make([]crossInfo, len(s.cells))
		b.done[d] = make([]bool, len(s.cells))
	}
	return b
}

// fill returns the first word (alphabetical) that fits the span, or "".
func (b *botCtx) fill(sp span, buf []lexicon.LetterSet) string {
	pat, ok := b.pattern(sp, buf)
	if !ok || !b.infixesOK(sp) {
		return ""
	}
	word := ""
	b.lex.Fill(pat, func(w string) bool {
		word = w
		return false
	})
	return word
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

// exampleMove is a legal move for the player to move, shown in the private
// help to teach the syntax on the real grid (MT-D2: exactly the die's count
// of new letters, connected, every word in the dictionary). It is the
// lowest-scoring placement that has a word, so that the help never gives
// the table's hint away; false when no placement exists.
func exampleMove(s *state, lex *lexicon.Lexicon) (Hint, bool) {
	if s.Over {
		return Hint{}, false
	}
	b := newBotCtx(s, lex)
	spans := b.spans()
	buf := make([]lexicon.LetterSet, 0, s.grid.W)
	for i := len(spans) - 1; i >= 0; i-- {
		if w := b.fill(spans[i], buf); w != "" {
			return s.hintOf(spans[i], w), true
		}
	}
	return Hint{}, false
}

func bestMove(s *state, lex *lexicon.Lexicon, level string, rnd uint64) (Hint, bool) {
	b := newBotCtx(s, lex)
	spans := b.spans()
	buf := make([]lexicon.LetterSet, 0, s.grid.W)
	type found struct {
		sp   span
		word string
	}
	var good []found
	for _, sp := range spans {
		if len(good) > 0 && (level != LevelGood || len(good) == goodSpans ||
			float64(sp.half) < goodRatio*float64(good[0].sp.half)) {
			break
		}
		if word := b.fill(sp, buf); word != "" {
			good = append(good, found{sp, word})
		}
	}
	if len(good) == 0 {
		return Hint{}, false
	}
	pick := good[0]
	if level == LevelGood {
		pick = good[int(rnd%uint64(len(good)))]
	}
	// Every word of a span scores the same: draw one, the first from a
	// random letter on (Fill answers in alphabetical order), so that the
	// bot does not write only words in A.
	pat, _ := b.pattern(pick.sp, buf)
	w := pick.word
	from := lexicon.AllLetters &^ (1<<(rnd>>32%26) - 1) // letters from the drawn one to Z
	if first := pat[0]; first&from != 0 {
		pat[0] = first & from
		lex.Fill(pat, func(x string) bool { w = x; return false })
	}
	return s.hintOf(pick.sp, w), true
}
