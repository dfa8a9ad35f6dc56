package lexicon

import (
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// Fold turns a French word into the form every game compares: accents
// dropped (é = E, ç = C), ligatures spelt out (œ = OE, æ = AE), uppercase.
// It reports false when the result would be empty or when s holds anything
// but letters: hyphens, apostrophes, spaces and digits reject the whole
// word, because the games only ever play single words of A-Z.
//
// tools/lexicon/generate.mjs folds the dictionary the same way; the tests
// check that every committed word and spelling folds to itself.
func Fold(s string) (string, bool) {
	if s == "" {
		return "", false
	}
	if folded, ok, ascii := foldASCII(s); ascii {
		return folded, ok
	}
	out := make([]byte, 0, len(s))
	var it norm.Iter
	it.InitString(norm.NFD, s)
	for !it.Done() {
		segment := it.Next()
		for len(segment) > 0 {
			r, size := utf8.DecodeRune(segment)
			segment = segment[size:]
			switch {
			case r >= 'A' && r <= 'Z':
				out = append(out, byte(r))
			case r >= 'a' && r <= 'z':
				out = append(out, byte(r-'a'+'A'))
			case r == 'œ' || r == 'Œ':
				out = append(out, 'O', 'E')
			case r == 'æ' || r == 'Æ':
				out = append(out, 'A', 'E')
			case unicode.Is(unicode.Mn, r):
				// A combining accent split off by NFD: dropped.
			default:
				return "", false
			}
		}
	}
	if len(out) == 0 {
		return "", false
	}
	return string(out), true
}

// foldASCII handles the common case without normalisation. ascii is false
// when s holds a non-ASCII byte and the slow path must run; an
// already-folded s is returned as is, without allocating.
func foldASCII(s string) (folded string, ok, ascii bool) {
	upper := true
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'A' && c <= 'Z':
		case c >= 'a' && c <= 'z':
			upper = false
		case c >= utf8.RuneSelf:
			return "", false, false
		default:
			return "", false, true
		}
	}
	if upper {
		return s, true, true
	}
	b := []byte(s)
	for i, c := range b {
		if c >= 'a' && c <= 'z' {
			b[i] = c - 'a' + 'A'
		}
	}
	return string(b), true, true
}

// isFolded reports whether s is already a non-empty string of A-Z, the
// only form the graph stores, so queries can skip Fold.
func isFolded(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < 'A' || s[i] > 'Z' {
			return false
		}
	}
	return true
}
