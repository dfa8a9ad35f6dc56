package i18n

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// French elides "de" and "que" before a vowel: "le contre d'alice",
// "une anagramme d'ORANGE", "plus qu'Ève". A text can only write "de %v":
// what the verb prints (a player's name, a word) is known when the text is
// rendered, so the renderer makes the elision then, for a verb printed
// right after "de " or "que ". It elides before a vowel letter alone: an
// "h" may be aspirated ("de Hugo") and a "y" is often a consonant
// ("de Yann"), so both keep "de".
var elisionRe = regexp.MustCompile(`%%|(?:(^|[^\p{L}'’])(de|De|que|Que) )?%[-+# 0]*(?:\[(\d+)\])?[-+# 0]*\d*(?:\.\d*)?([a-zA-Z])`)

// elide rewrites "de %v" as "d'%v" in format where the argument's text
// begins with a vowel. It numbers arguments as fmt does.
func elide(format string, args []any) string {
	if !strings.Contains(format, "e %") {
		return format
	}
	var b strings.Builder
	prev, next := 0, 0
	for _, m := range elisionRe.FindAllStringSubmatchIndex(format, -1) {
		if format[m[0]:m[1]] == "%%" {
			continue
		}
		if m[6] >= 0 {
			next, _ = strconv.Atoi(format[m[6]:m[7]])
		} else {
			next++
		}
		if m[4] < 0 || next < 1 || next > len(args) {
			continue
		}
		if verb := format[m[8]]; verb != 'v' && verb != 's' {
			continue
		}
		if !startsWithVowel(fmt.Sprint(args[next-1])) {
			continue
		}
		word := format[m[4]:m[5]]
		b.WriteString(format[prev:m[4]])
		b.WriteString(word[:len(word)-1] + "'")
		prev = m[5] + 1 // the space after the word
	}
	if prev == 0 {
		return format
	}
	b.WriteString(format[prev:])
	return b.String()
}

// startsWithVowel tells whether a text begins with a vowel letter, accented
// or not, in either case.
func startsWithVowel(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	if !unicode.IsLetter(r) {
		return false
	}
	switch baseLetter(unicode.ToLower(r)) {
	case 'a', 'e', 'i', 'o', 'u', 'œ', 'æ':
		return true
	}
	return false
}

// baseLetter is a lowercase letter without its accent, for the vowels French
// writes with one.
func baseLetter(r rune) rune {
	switch r {
	case 'à', 'â', 'ä', 'á':
		return 'a'
	case 'é', 'è', 'ê', 'ë':
		return 'e'
	case 'î', 'ï', 'í':
		return 'i'
	case 'ô', 'ö', 'ó':
		return 'o'
	case 'ù', 'û', 'ü', 'ú':
		return 'u'
	}
	return r
}
