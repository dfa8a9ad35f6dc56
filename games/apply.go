package games

import (
	"errors"

	"github.com/tablee/tablee/i18n"
)

// ApplyOnCopy is the copy-on-write Apply of the engines whose moves change
// their state in place as they go: play plays the move on next, a copy of
// *cur, and next replaces *cur only when the move is accepted, so a refused
// move leaves the game exactly as it was. An error that is not a *Refusal
// (a move the parser could not read) becomes the refusal syntaxKey with arg
// (the move as the player wrote it) as its argument.
func ApplyOnCopy[S any](cur *S, next S, play func(S) ([]Event, error), syntaxKey string, arg any) ([]Event, error) {
	evs, err := play(next)
	if err != nil {
		var r *Refusal
		if !errors.As(err, &r) {
			err = Refuse(syntaxKey, arg)
		}
		return nil, err
	}
	*cur = next
	return evs, nil
}

// ToEveryone makes one event for the whole table of each message.
func ToEveryone(ms []i18n.Msg) []Event {
	out := make([]Event, len(ms))
	for i, m := range ms {
		out[i] = Event{To: Everyone, Msg: m}
	}
	return out
}
