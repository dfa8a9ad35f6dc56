// Package cards holds what card games share: a seeded random source whose
// whole state is one number saved with the game, shuffles, draw piles and
// deals. Nothing here knows a game's cards: piles and hands are generic.
//
// Engines are pure (see package games): every random event comes from a Rand
// kept in the saved state, so that a reloaded game draws the same cards and a
// move log replays to the same position.
package cards

// Rand is a splitmix64 generator. Its whole state is the value itself: keep
// a Rand as a field of the saved state (it encodes as a JSON number) and it
// goes on where it stopped after a Save/Load. The zero value is usable;
// seed it with Rand(seed).
//
// The sequence is the one Crack Word and L'Escogriffe compute by hand
// (s.Rng += 0x9e3779b97f4a7c15, then the splitmix64 finaliser), so those
// engines can switch to it without changing a saved game.
type Rand uint64

const golden = 0x9e3779b97f4a7c15

// Uint64 returns the next number and advances the state.
func (r *Rand) Uint64() uint64 {
	*r += golden
	return Mix(uint64(*r))
}

// Intn returns a number in [0, n); n must be positive. The modulo bias on
// 64 bits is negligible for the small n of card games.
func (r *Rand) Intn(n int) int {
	if n <= 0 {
		panic("cards: Intn of a non-positive number")
	}
	return int(r.Uint64() % uint64(n))
}

// Mix is the splitmix64 finaliser: a stateless hash of z. Bot players use it
// to break ties from the game's seed and move count without touching the
// state's Rand (a bot's move must not change the game).
func Mix(z uint64) uint64 {
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// Shuffle puts s in a random order (Fisher-Yates, from the end).
func Shuffle[T any](r *Rand, s []T) {
	for i := len(s) - 1; i > 0; i-- {
		j := r.Intn(i + 1)
		s[i], s[j] = s[j], s[i]
	}
}

// Pile is a stack of cards, bottom first: the top card is the last. A draw
// pile, a discard pile or a hand are all Piles; it encodes as a JSON array.
type Pile[T any] []T

// Len is the number of cards.
func (p Pile[T]) Len() int { return len(p) }

// Top returns the top card without taking it; ok is false on an empty pile.
func (p Pile[T]) Top() (c T, ok bool) {
	if len(p) == 0 {
		return c, false
	}
	return p[len(p)-1], true
}

// Push puts cards on top, in order (the last given ends on top).
func (p *Pile[T]) Push(cs ...T) { *p = append(*p, cs...) }

// Draw takes up to n cards from the top, the top card first, and returns
// them in a new slice (fewer when the pile runs out).
func (p *Pile[T]) Draw(n int) []T {
	s := *p
	if n > len(s) {
		n = len(s)
	}
	if n <= 0 {
		return nil
	}
	out := make([]T, n)
	for i := 0; i < n; i++ {
		out[i] = s[len(s)-1-i]
	}
	*p = s[:len(s)-n]
	return out
}

// Insert puts c at a random depth of the pile, never on top when the pile
// has cards (a card "put back into the deck" is not drawn again at once).
func (p *Pile[T]) Insert(r *Rand, c T) {
	s := *p
	i := 0
	if len(s) > 0 {
		i = r.Intn(len(s))
	}
	s = append(s, c)
	copy(s[i+1:], s[i:])
	s[i] = c
	*p = s
}

// Shuffle puts the pile in a random order.
func (p Pile[T]) Shuffle(r *Rand) { Shuffle(r, []T(p)) }

// Deal gives cards from the top of the pile one at a time around the
// table, starting with seat first and going up in seat order, until every
// hand has received n cards or the pile is empty. It returns how many cards
// each seat received. A short pile deals its last cards the same way, so
// the first seats of the round may get one card more than the others.
func Deal[T any](p *Pile[T], hands [][]T, first, n int) []int {
	got := make([]int, len(hands))
	if len(hands) == 0 {
		return got
	}
	for round := 0; round < n; round++ {
		for i := 0; i < len(hands); i++ {
			seat := (first + i) % len(hands)
			c := p.Draw(1)
			if len(c) == 0 {
				return got
			}
			hands[seat] = append(hands[seat], c[0])
			got[seat]++
		}
	}
	return got
}

// Remove takes the first element of s equal to c out of s (keeping the
// order of the others) and tells whether there was one.
func Remove[T comparable](s *[]T, c T) bool {
	for i, x := range *s {
		if x == c {
			*s = append((*s)[:i], (*s)[i+1:]...)
			return true
		}
	}
	return false
}
