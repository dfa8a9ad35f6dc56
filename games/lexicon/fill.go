package lexicon

// Fill calls fn, in alphabetical order, with every word of len(pattern)
// letters whose i-th letter is in pattern[i], until fn returns false.
// Mots de Tête's bot player describes a slot of the grid this way: a cell
// already played is a one-letter set, a free cell the letters its
// cross-checks allow.
func (lex *Lexicon) Fill(pattern []LetterSet, fn func(word string) bool) {
	if len(pattern) == 0 {
		return
	}
	lex.fill(lex.dawgRoot(), pattern, make([]byte, 0, len(pattern)), fn)
}

func (lex *Lexicon) fill(node uint32, pattern []LetterSet, buf []byte, fn func(string) bool) bool {
	if node == 0 {
		return true
	}
	allowed := pattern[len(buf)]
	for i := node; ; i++ {
		a := arc(lex.arcs[i])
		c := a.letter()
		if allowed&(1<<(c-1)) != 0 {
			w := append(buf, letterOf(c))
			if len(w) == len(pattern) {
				if a.accepts() && !fn(string(w)) {
					return false
				}
			} else if !lex.fill(a.child(), pattern, w, fn) {
				return false
			}
		}
		if a.last() {
			return true
		}
	}
}

// CrossCheck returns the letters L such that before+L+after is a word
// (before and after folded; either may be empty). Mots de Tête's bot
// player computes with it the letters a free cell may take given the
// fragments already on the grid across it.
func (lex *Lexicon) CrossCheck(before, after string) LetterSet {
	if (before != "" && !isFolded(before)) || (after != "" && !isFolded(after)) {
		return 0
	}
	node := lex.dawgRoot()
	if before != "" {
		i := lex.walkDAWG(before)
		if i == 0 {
			return 0
		}
		node = arc(lex.arcs[i]).child()
	}
	var set LetterSet
	if node == 0 {
		return 0
	}
	for i := node; ; i++ {
		a := arc(lex.arcs[i])
		if lex.completes(a, after) {
			set |= 1 << (a.letter() - 1)
		}
		if a.last() {
			return set
		}
	}
}

// completes reports whether the word read up to arc a goes on with rest
// and ends there.
func (lex *Lexicon) completes(a arc, rest string) bool {
	for k := 0; k < len(rest); k++ {
		i := lex.findArc(a.child(), code(rest[k]))
		if i == 0 {
			return false
		}
		a = arc(lex.arcs[i])
	}
	return a.accepts()
}
