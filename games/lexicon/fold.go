package lexicon

import (
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// Fold turns a French word into the form every game compares: accents
// dropped (é = E, ç = C), ligatures spelt out (œ = OE, æ = AE), uppercase.
// An apostrophe between two letters is dropped: French writes a few words
// with one inside (aujourd'hui, presqu'île, quelqu'un, prud'homme,
// entr'ouvrir) and the dictionary holds them without it, as the Scrabble
// list does (AUJOURDHUI), so a player may type either. It reports false
// when the result would be empty or when s holds anything else but
// letters: hyphens, spaces, digits, and apostrophes at either end or next
// to another mark, reject the whole word, because the games only ever play
// single words of A-Z. An elided form (l'arbre) folds to letters that are
// no word (LARBRE): the lexicon, not Fold, says what a word is.
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
	// afterApostrophe: the last rune was an apostrophe, so the next one
	// must be a letter.
	afterApostrophe := false
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
			case unicode.Is(unicode.Mn, r) && !afterApostrophe:
				// A combining accent split off by NFD: dropped.
				continue
			case isApostrophe(r) && !afterApostrophe && len(out) > 0:
				afterApostrophe = true
				continue
			default:
				return "", false
			}
			afterApostrophe = false
		}
	}
	if len(out) == 0 || afterApostrophe {
		return "", false
	}
	return string(out), true
}

// isApostrophe reports the apostrophes players type: the typewriter one,
// the typographic one (’, what French phones and word processors write)
// and the modifier letter (ʼ).
func isApostrophe(r rune) bool { return r == '\'' || r == '’' || r == 'ʼ' }

// foldASCII handles the common case without normalisation. ascii is false
// when s holds a non-ASCII byte and the slow path must run; an
// already-folded s is returned as is, without allocating.
func foldASCII(s string) (folded string, ok, ascii bool) {
	upper, apostrophes := true, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'A' && c <= 'Z':
		case c >= 'a' && c <= 'z':
			upper = false
		case c >= utf8.RuneSelf:
			return "", false, false
		case c == '\'' && i > 0 && i < len(s)-1 && s[i+1] >= utf8.RuneSelf:
			return "", false, false // presqu'île: the slow path decides
		case c == '\'' && i > 0 && i < len(s)-1 && isASCIILetter(s[i-1]) && isASCIILetter(s[i+1]):
			apostrophes = true
		default:
			return "", false, true
		}
	}
	if upper && !apostrophes {
		return s, true, true
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= 'a' && c <= 'z':
			b = append(b, c-'a'+'A')
		case c != '\'':
			b = append(b, c)
		}
	}
	return string(b), true, true
}

func isASCIILetter(c byte) bool { return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' }

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
