package crackword

import (
	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/games/lexicon"
)

func init() { games.Register(&Engine{dict: defaultDict}) }

// defaultDict is the French lexicon, loaded on first use (lexicon.Default
// decodes it once, behind its own sync.Once) or the one the server gave to
// lexicon.Use; each game takes it when it is made or loaded.
func defaultDict() Dict { return lexDict{lexicon.Default()} }

// lexDict adapts *lexicon.Lexicon to Dict. Its index of familiar words is
// built on the first question that needs it (see familiarIndexOf).
type lexDict struct{ l *lexicon.Lexicon }

func (d lexDict) Has(w string) bool               { return d.l.Has(w) }
func (d lexDict) HasInfix(s string) bool          { return d.l.HasInfix(s) }
func (d lexDict) ExtendLeft(s string) uint32      { return uint32(d.l.ExtendInfixLeft(s)) }
func (d lexDict) ExtendRight(s string) uint32     { return uint32(d.l.ExtendInfixRight(s)) }
func (d lexDict) Fold(s string) (string, bool)    { return lexicon.Fold(s) }
func (d lexDict) Rank(w string) int               { return lexicon.Familiarity(w) }
func (d lexDict) Example(s string) (string, bool) { return d.l.ExampleWithInfix(s) }

func (d lexDict) Familiar(s string) (string, int) {
	return familiarIndexOf(d.l).best(s)
}

// Prepare works out the index of the dictionary's familiar words, which
// the bots and the assisted mode name their examples from
// (games.Preparer), rather than at the first move that asks for one.
func (e *Engine) Prepare() {
	if d, ok := e.dict().(lexDict); ok {
		familiarIndexOf(d.l)
	}
}
