package lexicon

import "sync/atomic"

// override is the dictionary a server chose in its configuration
// (`dictionary:`), which Default returns instead of the bundled one.
var override atomic.Pointer[Lexicon]

// Use makes Default return lex from now on: `tablee serve` calls it at
// start-up, before any game asks for a word, when the configuration names
// a word list of its own. Use(nil) goes back to the bundled dictionary.
func Use(lex *Lexicon) { override.Store(lex) }
