package lexicon

// HasInfix reports whether some word contains the folded string s
// anywhere ("" is contained in any word). Crack Word: the row of letters
// must occur inside some word.
func (lex *Lexicon) HasInfix(s string) bool {
	if s == "" {
		return lex.wordCount > 0
	}
	return isFolded(s) && lex.walkGADDAGReversed(s) != 0
}

// ExampleWithInfix returns a word containing the folded, non-empty string
// s (false when there is none), to show
// the players of Crack Word a word they could have found. The choice is
// deterministic and favours short words: the shortest word; among those,
// the one where s starts earliest; then the smallest letters in the
// GADDAG's order (first the letters before s read from s back to the
// start of the word, then those after s). The order is precomputed in the
// graph (the "best" arc flags), so the query only walks s and then one
// flagged arc per letter of the answer.
func (lex *Lexicon) ExampleWithInfix(s string) (string, bool) {
	if !isFolded(s) {
		return "", false
	}
	i := lex.walkGADDAGReversed(s)
	if i == 0 {
		return "", false
	}
	// Collect the completion: left letters (nearest first), then right.
	var leftBuf, rightBuf [32]byte
	left, right := leftBuf[:0], rightBuf[:0]
	onLeft := true
	for a := arc(lex.arcs[i]); !a.accepts(); {
		a = arc(lex.arcs[lex.bestArc(a.child())])
		switch c := a.letter(); {
		case c == separatorCode:
			onLeft = false
		case onLeft:
			left = append(left, letterOf(c))
		default:
			right = append(right, letterOf(c))
		}
	}
	word := make([]byte, 0, len(left)+len(s)+len(right))
	for k := len(left) - 1; k >= 0; k-- {
		word = append(word, left[k])
	}
	word = append(word, s...)
	word = append(word, right...)
	return string(word), true
}

// bestArc returns the position of the flagged arc of node.
func (lex *Lexicon) bestArc(node uint32) uint32 {
	for i := node; ; i++ {
		if arc(lex.arcs[i]).best() {
			return i
		}
	}
}

// ExtendInfixLeft returns the letters L such that L+s occurs inside some
// word. The card games' bot players (Crack Word) use it to choose a card
// to lay on the left of the row.
func (lex *Lexicon) ExtendInfixLeft(s string) LetterSet {
	if s == "" {
		return lex.letters(lex.gaddagRoot())
	}
	if !isFolded(s) {
		return 0
	}
	i := lex.walkGADDAGReversed(s)
	if i == 0 {
		return 0
	}
	return lex.letters(arc(lex.arcs[i]).child())
}

// ExtendInfixRight returns the letters L such that s+L occurs inside some
// word (Crack Word's bot players, for a card on the right of the row). The
// GADDAG reads s+L backwards, L first: one short walk per candidate L.
func (lex *Lexicon) ExtendInfixRight(s string) LetterSet {
	if s == "" {
		return lex.letters(lex.gaddagRoot())
	}
	if !isFolded(s) || lex.walkGADDAGReversed(s) == 0 {
		return 0
	}
	var set LetterSet
	for c := byte(1); c <= 26; c++ {
		i := lex.gaddagRootArc[c]
		for k := len(s) - 1; k >= 0 && i != 0; k-- {
			i = lex.findArc(arc(lex.arcs[i]).child(), code(s[k]))
		}
		if i != 0 {
			set |= 1 << (c - 1)
		}
	}
	return set
}
