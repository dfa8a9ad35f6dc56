package lexicon

import "math/rand/v2"

// RandomWord returns a word of the given length drawn uniformly among the
// CountByLength(length) words of that length, the same one for the same
// seed and lexicon: question making (e.g. the word of a round) must be
// reproducible from the seed a game stored. It returns false when no word
// has that length. The source is a PCG seeded from seed; nothing global.
func (lex *Lexicon) RandomWord(length int, seed uint64) (string, bool) {
	n := lex.CountByLength(length)
	if n == 0 {
		return "", false
	}
	rng := rand.New(rand.NewPCG(seed, 0x5461626c6565)) // "Tablee"
	lex.rankOnce.Do(lex.countArcWords)
	// Drawing any word and keeping it if its length is right is uniform
	// and fast for the usual lengths; for rare ones (2 letters, 20+) the
	// expected number of draws would explode, so count them out instead.
	if n*64 >= lex.Len() {
		buf := make([]byte, 0, lex.MaxLength())
		for {
			w := lex.wordAt(rng.Uint32N(lex.wordCount), buf[:0])
			if len(w) == length {
				return string(w), true
			}
		}
	}
	k := rng.IntN(n)
	var found string
	lex.wordsOfLength(lex.dawgRoot(), make([]byte, 0, length), length, func(w []byte) bool {
		if k == 0 {
			found = string(w)
			return false
		}
		k--
		return true
	})
	return found, true
}

// countArcWords fills arcWords. The DAWG part of the layout puts children
// before parents, so one pass in index order sees every child first.
func (lex *Lexicon) countArcWords() {
	counts := make([]uint32, lex.dawgEnd)
	for i := uint32(3); i < lex.dawgEnd; i++ {
		a := arc(lex.arcs[i])
		n := uint32(0)
		if a.accepts() {
			n = 1
		}
		if child := a.child(); child != 0 {
			for j := child; ; j++ {
				n += counts[j]
				if arc(lex.arcs[j]).last() {
					break
				}
			}
		}
		counts[i] = n
		if a.last() {
			i++ // skip the next node's letter mask
		}
	}
	lex.arcWords = counts
}

// wordAt appends to buf the word of rank r in alphabetical order.
func (lex *Lexicon) wordAt(r uint32, buf []byte) []byte {
	node := lex.dawgRoot()
	for {
		for i := node; ; i++ {
			a := arc(lex.arcs[i])
			if r >= lex.arcWords[i] {
				r -= lex.arcWords[i]
				continue
			}
			buf = append(buf, letterOf(a.letter()))
			if a.accepts() {
				if r == 0 {
					return buf
				}
				r--
			}
			node = a.child()
			break
		}
	}
}

// wordsOfLength calls fn with each word of exactly length letters below
// node, in alphabetical order, until fn returns false.
func (lex *Lexicon) wordsOfLength(node uint32, buf []byte, length int, fn func([]byte) bool) bool {
	if node == 0 {
		return true
	}
	for i := node; ; i++ {
		a := arc(lex.arcs[i])
		w := append(buf, letterOf(a.letter()))
		if len(w) == length {
			if a.accepts() && !fn(w) {
				return false
			}
		} else if !lex.wordsOfLength(a.child(), w, length, fn) {
			return false
		}
		if a.last() {
			return true
		}
	}
}
