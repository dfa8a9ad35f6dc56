package bot

import (
	"hash/fnv"
	"slices"
	"strings"
)

// Turns: when a player is called to play, and when he is only shown what
// changed.
//
// A hand used to be sent again to every awaited seat after every move, and
// each was a new private message: a 4-player game of La Coquillaude sent
// each player 139 of them, a third identical to the one before. Now the
// core says, with each hand, whether the player must act and since which
// turn (Out.MustAct, Out.Turn), and adapters keep one hand message per
// player and table: edited in place, and sent anew (which notifies) only
// when the player is called for a turn he was not called for yet. The
// board says its turn too, so that a turn pings its players once: in a
// phase where everyone plays at once, each submission changes the board
// but calls no one.

// noteTurns records, before a change is saved, which seats the game waits
// for: a seat it did not wait for before starts a new turn, and the seat
// remembers it (Seat.Since). The caller holds the table's lock.
func (t *Table) noteTurns() {
	var now []int
	for _, w := range t.waiting() {
		now = append(now, w.Seat)
	}
	slices.Sort(now)
	now = slices.Compact(now)
	gained := false
	for _, s := range now {
		if !slices.Contains(t.Awaited, s) {
			gained = true
		}
	}
	if gained {
		t.Turns++
		for _, s := range now {
			if !slices.Contains(t.Awaited, s) && s < len(t.Seats) {
				t.Seats[s].Since = t.Turns
			}
		}
	}
	t.Awaited = now
}

// handChanged tells whether a seat's hand differs from the last one shown
// to it, and remembers it. The caller holds the table's lock.
func (t *Table) handChanged(seat int, o Out) bool {
	h := fnv.New64a()
	for _, part := range []string{o.Title, strings.Join(o.Mono, "\n"), o.Text} {
		h.Write([]byte(part))
		h.Write([]byte{0})
	}
	for _, row := range o.Buttons {
		for _, b := range row {
			h.Write([]byte(b.Label + "\x00" + b.Data + "\x00" + b.Ask + "\x00"))
		}
		h.Write([]byte{1})
	}
	var turn [9]byte
	for i := range 8 {
		turn[i] = byte(o.Turn >> (8 * i))
	}
	if o.MustAct {
		turn[8] = 1
	}
	h.Write(turn[:])
	sum := h.Sum64()
	if t.shownHands == nil {
		t.shownHands = map[int]uint64{}
	}
	if t.shownHands[seat] == sum {
		return false
	}
	t.shownHands[seat] = sum
	return true
}
