package motsdetete

import (
	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/games/lexicon"
)

// vocab is what the bots of each strength know of a dictionary: all of it
// (Strong), its familiar words (Normal: the words lexicon.Familiarity
// ranks) and its common words (Easy: ranked up to games.Known). The two
// smaller lists are lexicons of their own, so that the bot searches them
// exactly as it searches the whole dictionary (cross-checks, Fill): a
// Normal bot's side words are familiar too, not only its main word.
type vocab struct {
	all, familiar, common *lexicon.Lexicon // familiar and common nil when empty
}

var vocabs = lexicon.NewDerived(makeVocab)

// vocabOf gives the vocabularies of lex, built once from its familiar
// words (Lexicon.Familiar; for the bundled dictionary 21,000 familiar
// words, 9,000 common ones).
func vocabOf(lex *lexicon.Lexicon) *vocab { return vocabs.Of(lex) }

func makeVocab(lex *lexicon.Lexicon) *vocab {
	v := &vocab{all: lex}
	familiar := lex.Familiar()
	var common []string
	for _, w := range familiar {
		if lexicon.Familiarity(w) <= games.Known {
			common = append(common, w)
		}
	}
	// The words come from a lexicon, so they fold: Build cannot fail on
	// a non-empty list.
	if len(familiar) > 0 {
		v.familiar, _ = lexicon.Build(familiar)
	}
	if len(common) > 0 {
		v.common, _ = lexicon.Build(common)
	}
	return v
}

// chain is the vocabularies a bot of that strength searches, in order:
// the words it knows first, then the next strength's, so that a Normal or
// Easy bot never passes while the dictionary has a placement (a person
// short of a familiar word would look harder, not give up).
func (v *vocab) chain(level games.Strength) []*lexicon.Lexicon {
	out := make([]*lexicon.Lexicon, 0, 3)
	if level == games.Easy && v.common != nil {
		out = append(out, v.common)
	}
	if level != games.Strong && v.familiar != nil {
		out = append(out, v.familiar)
	}
	return append(out, v.all)
}

// Prepare works out the bots' vocabulary of the dictionary
// (games.Preparer), rather than at the first bot move.
func (e *Engine) Prepare() { vocabOf(e.lex()) }
