package coquillaude

import (
	_ "embed"
	"sort"
	"strings"
	"sync"

	"github.com/tablee/tablee/games/lexicon"
)

// The word the sheet values at 120 (see score). It is in no dictionary, so
// the game accepts it by name.
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

// words is what the engine asks of the dictionaries: the common words, the
// proper nouns ("mots de toute sorte", CQ-D4) and the famous list.
type words struct {
	dict  *lexicon.Lexicon
	names *lexicon.Lexicon
}

func defaultWords() words { return words{dict: lexicon.Default(), names: lexicon.ProperNouns()} }

// valid is CQ-D4: a word of the dictionary, a proper noun, a famous name, or
// the game's own name.
func (w words) valid(s string) bool {
	return w.dict.Has(s) || w.names.Has(s) || s == gameWord || famous()[s]
}
