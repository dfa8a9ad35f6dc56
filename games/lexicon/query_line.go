package lexicon

// Line is one line of a board (a row, a column, a diagonal) for LineWords.
// The three slices have one entry per cell, in reading order.
type Line struct {
	// Letters is the letter already on each cell (A-Z), 0 for an empty one.
	Letters []byte
	// Allowed is the letters an empty cell may take: its cross-checks, the
	// letters that make valid words across the line.
	Allowed []LetterSet
	// Anchor marks the cells a word must cover one of: the cells where a
	// word connects to what the board holds.
	Anchor []bool
}

// LineWords calls fn with every word of the lexicon that can lie on the
// line: a run of cells with no letter just before or just after it, that
// keeps the letters already on its cells, lays at least one letter of the
// rack (folded A-Z, a letter used at most as often as it is given) on each
// of its empty cells, each one of the cell's Allowed letters, and covers
// at least one anchor. fn gets the first cell of the word and its letters,
// valid only during the call.
//
// It is a Scrabble move generator's search (Gordon's GADDAG walk): from
// each anchor, the letters before it read backwards, then the separator,
// then the letters after it; the part before an anchor never reaches back
// to the previous anchor, so every word at every place is found exactly
// once, from its first anchor. La Coquillaude's duplicate finds every
// placement of a round with it.
func (lex *Lexicon) LineWords(l Line, rack string, fn func(start int, word []byte)) {
	n := len(l.Letters)
	if n == 0 || len(l.Allowed) != n || len(l.Anchor) != n || lex.gaddagRoot() == 0 {
		return
	}
	g := lineSearch{lex: lex, l: l, fn: fn, buf: make([]byte, 0, 2*n), word: make([]byte, 0, n)}
	for i := 0; i < len(rack); i++ {
		if c := rack[i]; c >= 'A' && c <= 'Z' {
			g.rack[code(c)]++
		}
	}
	g.limit = -1
	for a := 0; a < n; a++ {
		if !l.Anchor[a] {
			continue
		}
		g.anchor = a
		g.left(lex.gaddagRoot(), a, 0)
		g.limit = a
	}
}

// lineSearch is one LineWords walk: the rack left, the letters read so far
// (the part before the anchor reversed, then the rest) and where the walk
// may go.
type lineSearch struct {
	lex    *Lexicon
	l      Line
	fn     func(int, []byte)
	rack   [27]uint8
	anchor int // the anchor walked from
	limit  int // the previous anchor: the word starts after it
	buf    []byte
	split  int // len(buf) when the separator was crossed
	word   []byte
}

// next calls step with each arc of node that may fill cell pos: the letter
// already there, else a rack letter the cell allows (taken from the rack
// during the call).
func (g *lineSearch) next(node uint32, pos int, placed int, step func(i uint32, letter byte, placed int)) {
	if node == 0 {
		return
	}
	if c := g.l.Letters[pos]; c != 0 {
		if i := g.lex.findArc(node, code(c)); i != 0 {
			step(i, c, placed)
		}
		return
	}
	allowed := g.l.Allowed[pos]
	for i := node; ; i++ {
		a := arc(g.lex.arcs[i])
		if c := a.letter(); c != separatorCode && g.rack[c] > 0 && allowed&(1<<(c-1)) != 0 {
			g.rack[c]--
			step(i, letterOf(c), placed+1)
			g.rack[c]++
		}
		if a.last() {
			return
		}
	}
}

func (g *lineSearch) free(pos int) bool {
	return pos < 0 || pos >= len(g.l.Letters) || g.l.Letters[pos] == 0
}

// left fills cell pos, at or before the anchor, reading the GADDAG
// backwards from node.
func (g *lineSearch) left(node uint32, pos, placed int) {
	g.next(node, pos, placed, func(i uint32, letter byte, placed int) {
		a := arc(g.lex.arcs[i])
		g.buf = append(g.buf, letter)
		if g.free(pos - 1) {
			// The word may begin here: it ends at the anchor, or goes on
			// after it past the separator.
			if a.accepts() && placed > 0 && g.free(g.anchor+1) {
				g.split = len(g.buf)
				g.emit(pos)
			}
			if g.anchor+1 < len(g.l.Letters) {
				if s := g.lex.findArc(a.child(), separatorCode); s != 0 {
					g.split = len(g.buf)
					g.right(arc(g.lex.arcs[s]).child(), pos, g.anchor+1, placed)
				}
			}
		}
		if pos-1 > g.limit {
			g.left(a.child(), pos-1, placed)
		}
		g.buf = g.buf[:len(g.buf)-1]
	})
}

// right fills cell pos, after the anchor, reading the DAWG from node.
func (g *lineSearch) right(node uint32, start, pos, placed int) {
	g.next(node, pos, placed, func(i uint32, letter byte, placed int) {
		a := arc(g.lex.arcs[i])
		g.buf = append(g.buf, letter)
		if a.accepts() && placed > 0 && g.free(pos+1) {
			g.emit(start)
		}
		if pos+1 < len(g.l.Letters) {
			g.right(a.child(), start, pos+1, placed)
		}
		g.buf = g.buf[:len(g.buf)-1]
	})
}

// emit gives fn the word: the part before the separator read back, then
// the rest.
func (g *lineSearch) emit(start int) {
	w := g.word[:0]
	for k := g.split - 1; k >= 0; k-- {
		w = append(w, g.buf[k])
	}
	w = append(w, g.buf[g.split:]...)
	g.word = w
	g.fn(start, w)
}
