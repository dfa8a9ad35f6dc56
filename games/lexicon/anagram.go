package lexicon

// Anagrams returns, in alphabetical order, the words that use exactly all
// the given letters (La Coquillaude: the word hidden in a shuffled draw).
// letters may be folded or not; each '?' stands for any one letter. It
// returns nil when letters holds anything else.
func (lex *Lexicon) Anagrams(letters string) []string {
	r, ok := newRack(letters)
	if !ok {
		return nil
	}
	var out []string
	lex.anagrams(lex.dawgRoot(), make([]byte, 0, r.size), &r, func(w []byte, left *rack) {
		if left.size == 0 {
			out = append(out, string(w))
		}
	})
	return out
}

// SubAnagrams returns, in alphabetical order, the words of at least minLen
// letters that can be made from some of the given letters, each used at
// most as often as it is given (La Coquillaude: every word a player could
// have made from the draw). '?' stands for any one letter.
func (lex *Lexicon) SubAnagrams(letters string, minLen int) []string {
	r, ok := newRack(letters)
	if !ok {
		return nil
	}
	var out []string
	lex.anagrams(lex.dawgRoot(), make([]byte, 0, r.size), &r, func(w []byte, _ *rack) {
		if len(w) >= minLen {
			out = append(out, string(w))
		}
	})
	return out
}

// rack is a multiset of letter codes plus blanks.
type rack struct {
	count  [27]uint8
	blanks int
	size   int
}

func newRack(letters string) (rack, bool) {
	var r rack
	plain := make([]byte, 0, len(letters))
	for i := 0; i < len(letters); i++ {
		if letters[i] == '?' {
			r.blanks++
		} else {
			plain = append(plain, letters[i])
		}
	}
	if len(plain) > 0 {
		folded, ok := Fold(string(plain))
		if !ok {
			return r, false
		}
		for i := 0; i < len(folded); i++ {
			r.count[code(folded[i])]++
		}
		r.size = len(folded)
	}
	r.size += r.blanks
	return r, r.size > 0
}

// anagrams walks the DAWG spending the rack and calls found at every word.
// A letter is taken from the rack before a blank is spent on it: any word a
// blank could make that way the real letter makes too, so each word is
// reached exactly once.
func (lex *Lexicon) anagrams(node uint32, buf []byte, r *rack, found func([]byte, *rack)) {
	if node == 0 || r.size == 0 {
		return
	}
	for i := node; ; i++ {
		a := arc(lex.arcs[i])
		c := a.letter()
		usedBlank := false
		switch {
		case r.count[c] > 0:
			r.count[c]--
		case r.blanks > 0:
			r.blanks--
			usedBlank = true
		default:
			if a.last() {
				return
			}
			continue
		}
		r.size--
		w := append(buf, letterOf(c))
		if a.accepts() {
			found(w, r)
		}
		lex.anagrams(a.child(), w, r, found)
		r.size++
		if usedBlank {
			r.blanks++
		} else {
			r.count[c]++
		}
		if a.last() {
			return
		}
	}
}
