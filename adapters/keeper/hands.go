package keeper

import "context"

// Turn is what a hand says of its player's turn (bot.Out has these
// methods, bot/turns.go): whether it calls him for a turn the hand kept
// for him (turn, known) did not call him for yet, and the turn it calls
// him for after one that called him for prev.
type Turn interface {
	Calls(turn uint64, known bool) bool
	CalledTurn(prev uint64) uint64
}

// Hands keeps one hand message per player and table in his private chat.
// A hand that calls its player for a new turn is sent anew (which notifies
// him) and the older one is stripped of its buttons: only the newest can be
// played from. Any other hand edits the last one, which notifies no one: a
// private message per move is what makes players mute a bot.
type Hands[M any, X comparable] struct {
	p      Platform[M, X]
	prefix string
	book   *book[X]
}

// NewHands keeps the hands of a platform; c.Note is the prefix of their
// notes, followed by the player.
func NewHands[M any, X comparable](p Platform[M, X], c Config[X]) *Hands[M, X] {
	return &Hands[M, X]{p: p, prefix: c.Note, book: newBook(c.Notes, c.Codec, c.Max, c.Log)}
}

// Show shows m, the hand of player for table, sent to place (the
// platform's private chat of the player, "" when its Send finds it).
func (h *Hands[M, X]) Show(ctx context.Context, table uint64, player, place string, m M, t Turn) (Outcome, error) {
	k := Key{table, h.prefix + player}
	prev, ok := h.book.get(k, place)
	r, out, err := keep(ctx, h.p, h.book, k, place, m, prev, ok, !t.Calls(prev.Turn, ok))
	if out != Sent {
		return out, err
	}
	if ok && prev.ID != r.ID {
		h.p.Strip(ctx, prev)
	}
	r.Turn = t.CalledTurn(prev.Turn)
	h.book.set(k, r)
	return Sent, nil
}

// Hand is a player's hand for a table as kept; false when there is none.
func (h *Hands[M, X]) Hand(table uint64, player string) (Ref[X], bool) {
	return h.book.get(Key{table, h.prefix + player}, "")
}
