package bot

import (
	"context"
	"errors"
)

// Dest says where an Out goes.
type Dest int

const (
	// ToReply answers the command's author: ephemeral on Discord, a reply
	// in the same chat elsewhere.
	ToReply Dest = iota
	// ToChat is public, in the table's chat.
	ToChat
	// ToUser is private, for one user only (a DM).
	ToUser
)

// Out is one message for an adapter to draw. It is already rendered in its
// reader's language: adapters only lay it out.
type Out struct {
	Dest  Dest
	Chat  string // the chat of a ToChat message
	User  string // the user of a ToUser message
	Table uint64 // the table it is about, 0 for none
	// Board marks the table's board message: adapters edit the previous one
	// in place instead of adding a message each move.
	Board bool
	// Ack marks a reply that only confirms what the chat already shows
	// (an accepted move): an adapter may drop it where a reply is optional.
	Ack bool
	// Refusal marks a refused command: show it discreetly, to its author.
	Refusal bool
	// Private marks a reply that only its author may see (a hand, the
	// next step of a move): ephemeral on Discord, sent to the private chat
	// on Telegram, never shown in a group.
	Private bool
	// Replace asks to replace the message whose button was pressed (the
	// next step of a multi-step choice) rather than to add one.
	Replace bool
	Title   string
	Mono    []string // drawn in monospace (boards, hands)
	// Picture is the board or hand as a PNG, when the game draws one and the
	// table wants it; Mono and Text still say everything the picture shows,
	// for adapters (or moments) without pictures. PictureKey identifies its
	// content, so that an adapter can reuse an upload of the same picture.
	Picture    []byte
	PictureKey string
	Text       string
	Buttons    [][]Button
	// Mentions lists users whose attention is wanted (whose turn it is).
	Mentions []Mention
	// Hand marks a seat's private view (a ToUser message about Table):
	// adapters keep one message of it per table and user, edited in place.
	Hand bool
	// Turn is the turn the message is about (turns.go): for a board, the
	// table's turn count, which changes when the game starts waiting for
	// someone new (ping those mentioned once per turn); for a hand, the
	// turn its seat was last called for. MustAct says a hand's seat must
	// play now: a hand that must act in a turn not yet notified is sent as
	// a new message, which notifies; any other replaces the last one.
	Turn    uint64
	MustAct bool
	// Silent asks for a message that notifies no one: a hand that calls
	// its player during his quiet hours (/quiet). It still arrives; his
	// phone stays dark (Discord's SUPPRESS_NOTIFICATIONS; Telegram's
	// disable_notification, a notification with no sound).
	Silent bool
	// Alt is the text alternative of Picture, for those who cannot see it
	// (a screen reader reads it): what the picture shows, said as the
	// board says it in text, in the reader's language, at most MaxAlt
	// characters (alt.go). The core sets it with Picture; an adapter gives
	// it to the platform where a picture carries one (Discord's attachment
	// description).
	Alt string

	// draw is the picture still to draw, off the table's lock.
	draw *drawing
}

// Calls tells whether a hand calls its player anew: he must act in a turn
// the last hand message (which called him for lastTurn; known false when
// there is none) did not call him for. Such a hand is a new message, which
// notifies; any other replaces the last one.
func (o Out) Calls(lastTurn uint64, known bool) bool {
	return o.MustAct && (!known || o.Turn != lastTurn)
}

// CalledTurn is the turn a hand message showing o stands for: o's when its
// player must act, else the last message's.
func (o Out) CalledTurn(lastTurn uint64) uint64 {
	if o.MustAct {
		return o.Turn
	}
	return lastTurn
}

// Mention is a user to notify, with the name to show. ByDM says his hand
// reaches him in private, where a new hand calls him to play: an adapter
// that pings the channel need not ping him too.
type Mention struct {
	User string
	Name string
	ByDM bool
	// Quiet says the user is in his quiet hours (/quiet): his name is
	// shown, but the mention notifies him not.
	Quiet bool
}

// Button is one choice on a message. Data goes back to the bot as
// Command.Payload. When Ask is set the adapter must ask the user for a free
// text (a modal, a forced reply) and send it as Command.Text with the payload.
type Button struct {
	Label string
	Data  string
	Ask   string
}

// AsksText tells an adapter that a button's data asks the user for a free
// text before it is sent back (a modal, a forced reply): a word (payload
// kind a) or several (kind w). The data says it, so that a button still
// asks after a restart.
func AsksText(data string) bool {
	return data != "" && (data[0] == 'a' || data[0] == 'w')
}

// ErrNoPrivate is what a transport returns when a user cannot be reached in
// private (Discord DMs closed, a Telegram user who never opened the bot).
var ErrNoPrivate = errors.New("bot: user cannot receive private messages")

// ErrStopping is what a transport returns for a message it did not send
// because it is stopping (SIGTERM): the outbox it came from is not
// recorded as shown, and is shown at the next start (the store's unshown
// index), so that a move saved just before a stop is still shown.
var ErrStopping = errors.New("bot: the platform is stopping")

// Transport delivers the messages the bot sends on its own: boards, events,
// hands, reminders. One per platform.
//
// Deliver is called while the core holds the table's lock (so that a
// table's messages leave in the order of its moves): it must not call back
// into the core for that table (Note, SetNote, Handle) before returning, or
// it waits for itself. Adapters queue such work, or keep notes in memory.
type Transport interface {
	Deliver(ctx context.Context, out Out) error
}

// PrivateFallback is implemented by transports that can still show a
// private view to a user whose DMs are closed (Discord's ephemeral replies):
// for them a closed DM does not keep a game from starting.
type PrivateFallback interface {
	HasPrivateFallback() bool
}
