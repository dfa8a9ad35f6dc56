package wordsout

import (
	"github.com/tablee/tablee/games/lexicon"
)

// A person laying a card on a row thinks of a word the row could become:
// after MA an R, for MARCHE. The bot players of Normal and Easy strength
// do the same: a row is worth building only toward a word they know. The
// familiarity of a prefix is the rank (lexicon.Familiarity: 1 for the most
// used word) of the most familiar word that begins with it, the prefix
// itself included; 0 when no familiar word begins with it.

// prefixRanks maps every prefix of a familiar word to the best rank of the
// familiar words that begin with it.
type prefixRanks map[string]int32

func newPrefixRanks(words []string, rank func(string) int) prefixRanks {
	m := prefixRanks{}
	for _, w := range words {
		r := int32(rank(w))
		if r <= 0 {
			continue
		}
		for i := 1; i <= len(w); i++ {
			if old, ok := m[w[:i]]; !ok || r < old {
				m[w[:i]] = r
			}
		}
	}
	return m
}

func (m prefixRanks) rank(prefix string) int { return int(m[prefix]) }

// prefixRanksOf builds the index of a lexicon's familiar words once per
// lexicon (the bundled one, or the one a server gave to lexicon.Use), at
// the first move of a Normal or Easy bot.
var prefixRanksOf = lexicon.NewDerived(func(l *lexicon.Lexicon) prefixRanks {
	return newPrefixRanks(l.Familiar(), lexicon.Familiarity)
})

func lexiconPrefixRanks(l *lexicon.Lexicon) prefixRanks { return prefixRanksOf.Of(l) }

// Prepare works out the ranks of the dictionary's familiar prefixes the
// bots play by (games.Preparer), rather than at the first move.
func (e *Engine) Prepare() {
	if d, ok := e.dict().(lexDict); ok {
		d.fam()
	}
}
