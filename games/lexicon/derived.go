package lexicon

import "sync"

// Derived keeps, for each lexicon, a value a game works out from it once:
// an index of its familiar words, a bot's vocabularies. A process has the
// bundled lexicon and the few a server gives to Use; tests build many
// small ones, so only the last few are kept (a value dropped is worked
// out again when asked for).
type Derived[T any] struct {
	make func(*Lexicon) T
	mu   sync.Mutex
	m    map[*Lexicon]T
}

// derivedKept is how many lexicons a Derived keeps values for.
const derivedKept = 8

// NewDerived is a Derived whose values make works out.
func NewDerived[T any](make func(*Lexicon) T) *Derived[T] {
	return &Derived[T]{make: make}
}

// Of is the value for lex, worked out on its first use. Callers share it:
// they must not change it.
func (d *Derived[T]) Of(lex *Lexicon) T {
	d.mu.Lock()
	defer d.mu.Unlock()
	if v, ok := d.m[lex]; ok {
		return v
	}
	if d.m == nil || len(d.m) >= derivedKept {
		d.m = make(map[*Lexicon]T, derivedKept)
	}
	v := d.make(lex)
	d.m[lex] = v
	return v
}

// Made says whether the value for lex was worked out and is kept.
func (d *Derived[T]) Made(lex *Lexicon) bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	_, ok := d.m[lex]
	return ok
}
