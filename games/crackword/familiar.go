package crackword

import (
	"math/bits"
	"slices"
	"strings"

	"github.com/tablee/tablee/games/lexicon"
)

// familiarIndex finds, for a sequence of letters, the most familiar word
// that contains it (lexicon.Familiarity: 1 for the most used word). It is
// what a person would name as the example of a lay, what the bot players
// of Normal and Easy strength build rows toward, and the word the engine
// shows in the assisted mode.
//
// The familiar words (about 25,000 with their forms) are kept in rank
// order, joined by newlines, once per pair of letters they contain: the
// first match of the sequence in its first pair's text is the most
// familiar word holding it, found by one strings.Index on a few dozen
// kilobytes.
type familiarIndex struct {
	byPair   map[[2]byte]string
	byLetter [26]rankedWord // most familiar word holding each letter
	rank     map[string]int32
}

type rankedWord struct {
	word string
	rank int
}

// newFamiliarIndex indexes words (folded, any order) by their rank; a
// word whose rank is 0 is left out.
func newFamiliarIndex(words []string, rank func(string) int) *familiarIndex {
	var ranked []rankedWord
	for _, w := range words {
		// "crack" is never an example: at the end of a lay it is the call.
		if r := rank(w); r > 0 && !isCrackWord(strings.ToLower(w)) {
			ranked = append(ranked, rankedWord{w, r})
		}
	}
	// Most familiar first; among forms of one entry (same rank), the
	// shortest, then alphabetical: the order is the index's only choice.
	slices.SortFunc(ranked, func(a, b rankedWord) int {
		if a.rank != b.rank {
			return a.rank - b.rank
		}
		if len(a.word) != len(b.word) {
			return len(a.word) - len(b.word)
		}
		return strings.Compare(a.word, b.word)
	})
	ix := &familiarIndex{rank: make(map[string]int32, len(ranked))}
	pairs := map[[2]byte]*strings.Builder{}
	for _, rw := range ranked {
		ix.rank[rw.word] = int32(rw.rank)
		seen := map[[2]byte]bool{}
		for i := 0; i < len(rw.word); i++ {
			if l := rw.word[i] - 'A'; l < 26 && ix.byLetter[l].rank == 0 {
				ix.byLetter[l] = rw
			}
			if i+1 == len(rw.word) {
				break
			}
			p := [2]byte{rw.word[i], rw.word[i+1]}
			if seen[p] {
				continue
			}
			seen[p] = true
			b := pairs[p]
			if b == nil {
				b = &strings.Builder{}
				pairs[p] = b
			}
			b.WriteString(rw.word)
			b.WriteByte('\n')
		}
	}
	ix.byPair = make(map[[2]byte]string, len(pairs))
	for p, b := range pairs {
		ix.byPair[p] = "\n" + b.String()
	}
	return ix
}

// best is the most familiar word containing s and its rank ("", 0 when
// no familiar word contains s).
func (ix *familiarIndex) best(s string) (string, int) {
	switch len(s) {
	case 0:
		return "", 0
	case 1:
		if l := s[0] - 'A'; l < 26 {
			rw := ix.byLetter[l]
			return rw.word, rw.rank
		}
		return "", 0
	}
	// The pair of s held by the fewest familiar words: the shortest text.
	text := ix.byPair[[2]byte{s[0], s[1]}]
	for k := 1; k+1 < len(s) && len(text) > 0; k++ {
		if t := ix.byPair[[2]byte{s[k], s[k+1]}]; len(t) < len(text) {
			text = t
		}
	}
	i := strings.Index(text, s)
	if i < 0 {
		return "", 0
	}
	start := strings.LastIndexByte(text[:i], '\n') + 1
	end := i + strings.IndexByte(text[i:], '\n')
	w := text[start:end]
	return w, int(ix.rank[w])
}

// familiarOf builds the index of a lexicon's familiar words once per
// lexicon (the bundled one, or the one a server gave to lexicon.Use), from
// its familiar words (Lexicon.Familiar), at the first move of a bot or the
// first example shown.
var familiarOf = lexicon.NewDerived(func(l *lexicon.Lexicon) *familiarIndex {
	return newFamiliarIndex(l.Familiar(), lexicon.Familiarity)
})

func familiarIndexOf(l *lexicon.Lexicon) *familiarIndex { return familiarOf.Of(l) }

// shownExample is the word shown to players as an example of a sequence
// (the assisted mode, the bot players' lays and so the hints): the most
// familiar word that contains it, else the dictionary's shortest one.
func shownExample(d Dict, s string) (string, bool) {
	if w, r := d.Familiar(s); r > 0 {
		return w, true
	}
	return plainExample(d, s)
}

// plainExample is the dictionary's shortest word holding s, but never
// CRACK or CRAQUE: typed last in a lay, that word is the call, not the
// example (see parseMove). A longer word holding s stands in for it.
func plainExample(d Dict, s string) (string, bool) {
	ex, ok := d.Example(s)
	if !ok || !isCrackWord(strings.ToLower(ex)) {
		return ex, ok
	}
	for m := d.ExtendRight(s); m != 0; m &= m - 1 {
		if ex, ok := d.Example(s + string(rune('A'+bits.TrailingZeros32(m)))); ok && !isCrackWord(strings.ToLower(ex)) {
			return ex, true
		}
	}
	for m := d.ExtendLeft(s); m != 0; m &= m - 1 {
		if ex, ok := d.Example(string(rune('A'+bits.TrailingZeros32(m))) + s); ok && !isCrackWord(strings.ToLower(ex)) {
			return ex, true
		}
	}
	return "", false
}
