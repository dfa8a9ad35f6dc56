package escogriffe

import (
	"iter"
	"slices"
)

// A hand keeps its numbers: moves name cards by their number in the hand
// ("poser 5 haut"), and a card keeps the number it was dealt or drawn with
// for as long as it stays in the hand. A card that leaves (placed or
// discarded) leaves a hole; a card drawn or taken fills the first hole, or
// comes last. So the number a player read on his hand is the card he plays,
// whatever he did since he read it, and the card he just drew is shown
// with its number.
const hole = -1

// cardAt is the card number k (from 1) of the seat's hand.
func (s *state) cardAt(seat, k int) (int, bool) {
	h := s.Hands[seat]
	if k < 1 || k > len(h) || h[k-1] == hole {
		return 0, false
	}
	return h[k-1], true
}

// handCards yields the seat's cards with their numbers, in order.
func (s *state) handCards(seat int) iter.Seq2[int, int] {
	return func(yield func(k, id int) bool) {
		for i, id := range s.Hands[seat] {
			if id != hole && !yield(i+1, id) {
				return
			}
		}
	}
}

// handSize is how many cards the seat holds.
func (s *state) handSize(seat int) int {
	n := 0
	for range s.handCards(seat) {
		n++
	}
	return n
}

// handNumbers lists the numbers of the seat's cards ("1, 2, 4").
func (s *state) handNumbers(seat int) []int {
	var out []int
	for k := range s.handCards(seat) {
		out = append(out, k)
	}
	return out
}

// numberOf is the number of card id in the seat's hand, or 0.
func (s *state) numberOf(seat, id int) int {
	for k, c := range s.handCards(seat) {
		if c == id {
			return k
		}
	}
	return 0
}

// addToHand puts a drawn card in the first hole of the hand, or last, and
// returns its number. Hands are copied, never written in place: a copy of
// the state made before the move keeps its own.
func (s *state) addToHand(seat, id int) int {
	h := slices.Clone(s.Hands[seat])
	k := slices.Index(h, hole)
	if k < 0 {
		h, k = append(h, id), len(h)
	}
	h[k] = id
	s.Hands[seat] = h
	return k + 1
}

// removeCard takes card number k out of the hand, leaving a hole; holes at
// the end are dropped, so the hand never grows beyond its cards' numbers.
func (s *state) removeCard(seat, k int) int {
	h := slices.Clone(s.Hands[seat])
	id := h[k-1]
	h[k-1] = hole
	for len(h) > 0 && h[len(h)-1] == hole {
		h = h[:len(h)-1]
	}
	s.Hands[seat] = h
	return id
}
