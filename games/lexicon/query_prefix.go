package lexicon

// Has reports whether word is in the lexicon. word may be folded or not
// ("élève" and "ELEVE" both work). Every game validates played words with
// it; the Words Out referee and the dispute command (tablee lexicon has)
// too.
func (lex *Lexicon) Has(word string) bool {
	if !isFolded(word) {
		folded, ok := Fold(word)
		if !ok {
			return false
		}
		word = folded
	}
	i := lex.walkDAWG(word)
	return i != 0 && arc(lex.arcs[i]).accepts()
}

// HasPrefix reports whether some word begins with the folded string s
// (a word is its own prefix; "" is a prefix when the lexicon has words).
// Words Out: the row of letters on the table must begin a word.
func (lex *Lexicon) HasPrefix(s string) bool {
	if s == "" {
		return lex.wordCount > 0
	}
	if !isFolded(s) {
		return false
	}
	return lex.walkDAWG(s) != 0
}

// ExtendPrefixRight returns the letters L such that s+L begins a word.
// The card games' bot players (Words Out) use it to choose a card that
// keeps the row alive.
func (lex *Lexicon) ExtendPrefixRight(s string) LetterSet {
	node := lex.dawgRoot()
	if s != "" {
		if !isFolded(s) {
			return 0
		}
		i := lex.walkDAWG(s)
		if i == 0 {
			return 0
		}
		node = arc(lex.arcs[i]).child()
	}
	return lex.letters(node)
}

// letters returns the letters of the arcs of node (the separator excluded).
func (lex *Lexicon) letters(node uint32) LetterSet {
	var set LetterSet
	if node == 0 {
		return 0
	}
	for i := node; ; i++ {
		a := arc(lex.arcs[i])
		if c := a.letter(); c != separatorCode {
			set |= 1 << (c - 1)
		}
		if a.last() {
			return set
		}
	}
}
