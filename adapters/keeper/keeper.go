// Package keeper keeps the messages a table keeps in place on a chat
// platform: one board per table in its chat, and one hand per player and
// table in his private chat. It decides which message of a table to edit,
// which to send anew, which old one to strip of its buttons or delete, and
// keeps where each one is in a table note (read once, then cached) so that a
// restart edits the same messages.
//
// An edited message notifies no one; a message sent anew notifies and lands
// at the bottom of its chat. So a hand is sent anew only to call its player
// for a turn he was not called for yet, and a board only once it has
// scrolled out of sight (Settings). Everything else is an edit.
//
// The keeper knows no platform: each one implements Platform (send, edit,
// strip the buttons, delete), maps its own answers to the neutral outcomes
// (ErrGone, ErrUnchanged) and keeps its rendering, limits and pacing.
package keeper

import (
	"context"
	"errors"
	"time"
)

// Ref is where a kept message is, and what the keeper knows of it. Place
// and ID are the platform's (a channel and a message, a chat and a message
// number): the keeper only compares them. X is what the platform keeps
// with the message (whom the board pinged, what kind of message a hand
// is…).
type Ref[X comparable] struct {
	Place  string    // the chat or channel the message is in
	ID     string    // the message; "" when there is none
	Posted time.Time // when it was sent; zero when unknown
	Turn   uint64    // a hand: the turn it called its player for
	Extra  X

	// Not in the note: counted by this process since the message was sent
	// (a Codec may start Since above 0 for a message read after a restart,
	// not knowing how far it scrolled meanwhile).
	Since int // messages of its chat after it (Passed)
	Edits int // edits since it was sent
}

// Codec writes a Ref as a table note and reads it back. Each platform
// keeps the format its notes always had, so that notes written by an
// earlier version still read.
type Codec[X comparable] struct {
	Format func(Ref[X]) string
	Parse  func(string) (Ref[X], bool)
}

// Notes is where the notes are kept: the core's table notes (bot.Core has
// these methods). Shared says several processes share the store: another
// one may have sent a message anew, so a note is read at every use.
type Notes interface {
	Note(table uint64, key string) string
	SetNote(table uint64, key, value string) error
	Shared() bool
}

// Platform is what a front end does with one kind of kept message. M is
// its rendered message (carrying whatever the platform needs: its table,
// its chat). The keeper does not serialise the deliveries of one message:
// the platform does (Discord locks a table, Telegram sends a chat's queue
// in order).
type Platform[M any, X comparable] interface {
	// Send posts m at place and says where it is. prev is the message it
	// replaces, nil when there is none. An ID "" with no error is a message
	// the platform queued to send later: nothing is kept.
	Send(ctx context.Context, place string, m M, prev *Ref[X]) (Ref[X], error)
	// Edit replaces the message at with m and returns the Ref as it is now
	// (its Extra may have changed). ErrUnchanged: the message already said
	// that; ErrGone (wrapped): it cannot be edited any more, and is sent
	// anew; any other error is returned as it is.
	Edit(ctx context.Context, at Ref[X], m M) (Ref[X], error)
	// Strip removes the buttons of an older message, Delete deletes it;
	// errors are the platform's to log (a message already gone is fine).
	Strip(ctx context.Context, at Ref[X])
	Delete(ctx context.Context, at Ref[X])
}

// The neutral outcomes of an edit, which each platform maps its error
// codes to.
var (
	// ErrGone: the message can no longer be edited (deleted, too old, in
	// an archived thread, of another kind than the new one): send it anew.
	ErrGone = errors.New("keeper: the message cannot be edited")
	// ErrUnchanged: the message already shows that; kept, not counted as
	// an edit.
	ErrUnchanged = errors.New("keeper: the message is unchanged")
)

// Old is what becomes of a message once a newer one replaces it.
type Old int

const (
	Leave  Old = iota // left as it is
	Strip             // stripped of its buttons: only the newest can be played from
	Delete            // deleted: the newest alone stands in the chat
)

// Outcome says what Show did.
type Outcome int

const (
	Failed    Outcome = iota // nothing shown (the error says why)
	Edited                   // the message was edited in place
	Unchanged                // the message already showed it
	Sent                     // a new message was sent
	Queued                   // the platform queued it: nothing kept
)

func (o Outcome) String() string {
	return [...]string{"failed", "edited", "unchanged", "sent", "queued"}[o]
}
