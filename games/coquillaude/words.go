package coquillaude

import (
	_ "embed"
	"sort"
	"strings"
	"sync"

	"github.com/tablee/tablee/games/lexicon"
)

// The game's own name, worth its value + 20 (see mainValue). It is in no
// dictionary, so the game accepts it by name.
const gameWord = "COQUILLAUDE"

//go:embed famous.txt
var famousText string

// famous is the project's list of famous people (CQ-D5): names on it are
// accepted as famous without a vote. See famous.txt for its source.
var famous = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for _, line := range strings.Split(famousText, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' {
			continue
		}
		if f, ok := lexicon.Fold(line); ok {
			m[f] = true
		}
	}
	return m
})

// famousBySorted indexes the famous names by their sorted letters, for the
// bot's anagram claims.
var famousBySorted = sync.OnceValue(func() map[string][]string {
	m := map[string][]string{}
	for w := range famous() {
		k := sortedLetters(w)
		m[k] = append(m[k], w)
	}
	for _, v := range m {
		sort.Strings(v)
	}
	return m
})

// IsFamous tells whether a name is on the shipped list of famous people.
func IsFamous(name string) bool {
	f, ok := lexicon.Fold(name)
	return ok && famous()[f]
}

func sortedLetters(w string) string {
	b := []byte(w)
	sort.Slice(b, func(i, j int) bool { return b[i] < b[j] })
	return string(b)
}

//go:embed initialisms.txt
var initialismsText string

// initialisms are the listed letters standing for words (see the file).
var initialisms = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for _, line := range strings.Split(initialismsText, "\n") {
		line = strings.TrimSpace(line)
		if line != "" && line[0] != '#' {
			m[line] = true
		}
	}
	return m
})

// IsInitialism tells whether a folded word is letters standing for words
// rather than a name (CQ-D4, revised): an acronym, an initialism or an
// abbreviation such as TV, BD, PN, BMW, SNCF, ADN or CERN. Two letters or
// more without a vowel (A E I O U Y) are always such letters, whatever
// list they come from; the others are those listed in initialisms.txt,
// the proper nouns of the bundled dictionary written in capitals or as
// symbols. It is the one place the game tells names from initialisms:
// when the lexicon's proper nouns leave abbreviations out, it still
// guards a server's own list.
func IsInitialism(w string) bool {
	if len(w) >= 2 && !strings.ContainsAny(w, "AEIOUY") {
		return true
	}
	return initialisms()[w]
}

// words is what the engine asks of the dictionaries: the common words, the
// proper nouns ("mots de toute sorte", CQ-D4) and the famous list.
type words struct {
	dict  *lexicon.Lexicon
	names *lexicon.Lexicon
}

func defaultWords() words { return words{dict: lexicon.Default(), names: lexicon.ProperNouns()} }

// valid is CQ-D4: a word of the dictionary, a proper noun that is a name
// (not letters standing for words), a famous name, or the game's own name.
func (w words) valid(s string) bool {
	return w.dict.Has(s) || w.isName(s) || s == gameWord || famous()[s]
}

// isName tells whether s is a proper noun of the dictionary that names
// someone or something: TV and BMW are in the proper nouns, but are no
// names (CQ-D4, revised).
func (w words) isName(s string) bool {
	return w.names.Has(s) && !IsInitialism(s)
}

// lettersForWords tells, of a string that is no valid word, whether it is
// an initialism or an abbreviation the player may have taken for a word: a
// proper noun of the dictionary left out as one (TV), or one of the
// acronyms the bundled dictionary sets apart (BMW). The refusal says so.
func (w words) lettersForWords(s string) bool {
	return w.names.Has(s) || lexicon.IsAcronym(s)
}

// Prepare works out the famous names and their anagrams, the initialisms,
// the bots' keys and the familiar words the questions are drawn from
// (games.Preparer), rather than at the first move that needs them.
func (e *Engine) Prepare() {
	famous()
	famousBySorted()
	initialisms()
	famousKeys()
	familiarOf(e.words().dict)
}
