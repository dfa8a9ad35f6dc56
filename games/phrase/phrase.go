// Package phrase reads moves as people type them in a chat: the words of a
// sentence, numbers written in words ("deux", "la deuxième"), and the
// little words of French and English that the games' parsers skip where
// they cannot change a move's meaning. Each game keeps its own grammar;
// this package only holds what they share.
package phrase

import (
	"strconv"
	"strings"

	"github.com/tablee/tablee/games"
)

// Word is one word of a typed move: as typed (its case and accents kept,
// for a word played), and folded (lower case, no accents), for the
// comparisons with the words of the grammar.
type Word struct {
	Typed string
	Fold  string
	// Elided: the word was written with an apostrophe after it ("l'E",
	// "j'annonce"): an article or a pronoun, never a letter played.
	Elided bool
}

// Words splits a typed move into words. Besides spaces, an elided article
// or pronoun is a word of its own ("l'autre", "j'annonce", "d’abord"),
// while an apostrophe inside a word stays (aujourd'hui); the quotes and
// brackets of a sentence, commas and a colon at a word's end go
// ("(exemple : maison)", "rangée 2, à droite"). keep lists characters that
// mean something to the game and must not be taken for punctuation.
func Words(text string) []Word {
	var out []Word
	for _, f := range strings.Fields(text) {
		parts := elide(f)
		for i, part := range parts {
			part = strings.Trim(part, "()[]«»\"“”,;")
			part = strings.TrimRight(part, ":")
			if part == "" {
				continue
			}
			out = append(out, Word{Typed: part, Fold: games.FoldWord(part), Elided: i == 0 && len(parts) == 2})
		}
	}
	return out
}

// elided are the words French writes with an apostrophe before a vowel.
var elided = map[string]bool{"l": true, "d": true, "j": true, "n": true, "s": true, "c": true, "m": true, "t": true, "qu": true}

// elide splits "l'arbre" into "l" and "arbre".
func elide(f string) []string {
	for _, ap := range []string{"'", "’"} {
		if before, after, ok := strings.Cut(f, ap); ok && after != "" && elided[games.FoldWord(strings.TrimLeft(before, "(«\""))] {
			return []string{before, after}
		}
	}
	return []string{f}
}

// Number reads a number as people write one in a move: digits ("2"),
// words ("deux", "two"), ordinals ("deuxième", "2e", "2ème", "second",
// "1er", "1re", "2nd", "third") up to 21, the size of the largest board.
// w is folded (Word.Fold).
func Number(w string) (int, bool) {
	if n, ok := numberWords[w]; ok {
		return n, true
	}
	digits := strings.TrimLeft(w, "0123456789")
	digits = w[:len(w)-len(digits)]
	if digits == "" || len(digits) > 3 {
		return 0, false
	}
	n, _ := strconv.Atoi(digits)
	switch w[len(digits):] {
	case "", "e", "eme", "ieme", "er", "re", "ere", "nd", "nde", "st", "rd", "th", "°":
		return n, true
	}
	return 0, false
}

// Ordinal reads an ordinal only ("deuxième", "2e", "second", "1re",
// "fourth"): the number of "la deuxième rangée", where a bare "2" before
// "ligne" would rather be a row followed by the word LIGNE.
func Ordinal(w string) (int, bool) {
	n, ok := Number(w)
	if !ok || cardinals[w] {
		return 0, false
	}
	if strings.TrimLeft(w, "0123456789") == "" {
		return 0, false
	}
	return n, true
}

// cardinals are the numbers of numberWords that are no ordinals.
var cardinals = Set("un deux trois quatre cinq six sept huit neuf dix onze douze treize quatorze quinze seize dix-sept dix-huit dix-neuf vingt vingt-et-un one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty twenty-one")

// Set is the set of the words of s, split at spaces: the games' grammars
// list their words so ("pose poser lay lays"), folded.
func Set(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}

// At is the folded word i of ws, "" before the first and past the last,
// so that a grammar may look around a word without counting.
func At(ws []Word, i int) string {
	if i < 0 || i >= len(ws) {
		return ""
	}
	return ws[i].Fold
}

// AllIn tells whether every word of ws, folded, is in set.
func AllIn(ws []Word, set map[string]bool) bool {
	for _, w := range ws {
		if !set[w.Fold] {
			return false
		}
	}
	return true
}

// numberWords are the numbers written in letters, folded, up to 21.
var numberWords = func() map[string]int {
	m := map[string]int{"premier": 1, "premiere": 1, "first": 1, "second": 2, "seconde": 2, "vingt et un": 21}
	for _, list := range [][]string{
		{"un", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix", "onze", "douze", "treize",
			"quatorze", "quinze", "seize", "dix-sept", "dix-huit", "dix-neuf", "vingt", "vingt-et-un"},
		{"unieme", "deuxieme", "troisieme", "quatrieme", "cinquieme", "sixieme", "septieme", "huitieme", "neuvieme",
			"dixieme", "onzieme", "douzieme", "treizieme", "quatorzieme", "quinzieme", "seizieme", "dix-septieme",
			"dix-huitieme", "dix-neuvieme", "vingtieme", "vingt-et-unieme"},
		{"one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "thirteen",
			"fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty", "twenty-one"},
		{"", "", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth", "eleventh", "twelfth",
			"thirteenth", "fourteenth", "fifteenth", "sixteenth", "seventeenth", "eighteenth", "nineteenth", "twentieth",
			"twenty-first"},
	} {
		for n, w := range list {
			if w != "" {
				m[w] = n + 1
			}
		}
	}
	return m
}()

// Filler tells whether a folded word is one of the little words a sentence
// puts around the parts of a move (articles, prepositions): "à droite de
// la rangée 2", "vers le bas", "on the right of row 2". A parser skips
// them only where the next words make a part of the move, never in the
// place of a word played.
func Filler(w string) bool { return fillers[w] }

var fillers = map[string]bool{
	"a": true, "au": true, "aux": true, "de": true, "du": true, "des": true, "d": true, "la": true,
	"le": true, "les": true, "l": true, "un": true, "une": true, "en": true, "sur": true, "dans": true,
	"vers": true, "par": true, "ma": true, "mon": true, "mes": true, "sa": true, "son": true, "ta": true, "ton": true,
	"the": true, "of": true, "on": true, "at": true, "to": true, "in": true, "into": true, "onto": true,
	"towards": true, "toward": true, "from": true, "an": true, "my": true, "its": true,
}
