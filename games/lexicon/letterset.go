package lexicon

import "math/bits"

// LetterSet is a set of the letters A-Z, bit 0 for A up to bit 25 for Z.
// The bot players and the cross-checks pass these masks around instead of
// strings so that intersecting the letters allowed in a cell is one AND.
type LetterSet uint32

// AllLetters holds A to Z.
const AllLetters LetterSet = 1<<26 - 1

// LettersOf returns the set of the letters of s (A-Z or a-z; anything else
// is ignored).
func LettersOf(s string) LetterSet {
	var set LetterSet
	for i := 0; i < len(s); i++ {
		set = set.With(s[i])
	}
	return set
}

// Only returns the set holding just letter c (empty if c isn't a letter).
func Only(c byte) LetterSet { return LetterSet(0).With(c) }

// With returns the set plus letter c (A-Z or a-z).
func (set LetterSet) With(c byte) LetterSet {
	if i, ok := letterIndex(c); ok {
		return set | 1<<i
	}
	return set
}

// Has reports whether letter c (A-Z or a-z) is in the set.
func (set LetterSet) Has(c byte) bool {
	i, ok := letterIndex(c)
	return ok && set&(1<<i) != 0
}

// Count returns the number of letters in the set.
func (set LetterSet) Count() int { return bits.OnesCount32(uint32(set & AllLetters)) }

// Letters returns the letters of the set in alphabetical order, uppercase.
func (set LetterSet) Letters() string {
	out := make([]byte, 0, set.Count())
	for i := 0; i < 26; i++ {
		if set&(1<<i) != 0 {
			out = append(out, byte('A'+i))
		}
	}
	return string(out)
}

// Single returns the letter of a one-letter set: Fill treats such a cell
// as a fixed letter.
func (set LetterSet) Single() (byte, bool) {
	if set.Count() != 1 {
		return 0, false
	}
	return byte('A' + bits.TrailingZeros32(uint32(set))), true
}

func (set LetterSet) String() string { return set.Letters() }

func letterIndex(c byte) (uint, bool) {
	switch {
	case c >= 'A' && c <= 'Z':
		return uint(c - 'A'), true
	case c >= 'a' && c <= 'z':
		return uint(c - 'a'), true
	}
	return 0, false
}
