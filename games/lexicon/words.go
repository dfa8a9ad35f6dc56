package lexicon

// Words calls fn with every word in alphabetical order until fn returns
// false. Games use it for statistics and to build their own tables; the
// tests use it to compare the graph with its source list.
func (lex *Lexicon) Words(fn func(word string) bool) {
	buf := make([]byte, 0, lex.MaxLength())
	lex.walkWords(lex.dawgRoot(), buf, fn)
}

func (lex *Lexicon) walkWords(node uint32, buf []byte, fn func(string) bool) bool {
	if node == 0 {
		return true
	}
	for i := node; ; i++ {
		a := arc(lex.arcs[i])
		word := append(buf, letterOf(a.letter()))
		if a.accepts() && !fn(string(word)) {
			return false
		}
		if !lex.walkWords(a.child(), word, fn) {
			return false
		}
		if a.last() {
			return true
		}
	}
}
