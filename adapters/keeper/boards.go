package keeper

import (
	"context"
	"errors"
	"log/slog"
	"time"
)

// Settings say when a board has scrolled out of sight, so that it is sent
// anew at the bottom of its chat rather than edited where no one looks. A
// zero field never sends anew for its reason.
type Settings struct {
	// AfterMessages: once this many messages of its chat came after it.
	// Which messages a platform sees differs: Discord's adapter counts its
	// own messages in the channel (it receives no message content), a
	// Telegram bot every message of the group it is sent.
	AfterMessages int
	// AfterEdits: once edited this many times with at least one message
	// after it (a board edited often but never passed stays where it is).
	AfterEdits int
	// OlderThan: once sent longer ago than this.
	OlderThan time.Duration
	// Old is what becomes of a board once a newer one replaces it.
	Old Old
}

// scrolled says whether a board sent at posted, since which since
// messages came and edits were made, has scrolled out of sight at now.
func (s Settings) scrolled(posted time.Time, since, edits int, now time.Time) bool {
	return s.AfterMessages > 0 && since >= s.AfterMessages ||
		s.AfterEdits > 0 && edits >= s.AfterEdits && since > 0 ||
		s.OlderThan > 0 && !posted.IsZero() && now.Sub(posted) >= s.OlderThan
}

// Config is what a keeper of one kind of message needs.
type Config[X comparable] struct {
	Notes Notes
	// Note is the note of a board ("discord.board"), the prefix of the note
	// of a player's hand ("telegram.hand." + the player).
	Note  string
	Codec Codec[X]
	// Max bounds the messages remembered (internal/capped): past it the
	// cache is emptied and each note read again when next needed.
	Max int
	Log *slog.Logger
}

// Boards keeps one board message per table in its chat.
type Boards[M any, X comparable] struct {
	p    Platform[M, X]
	set  Settings
	note string
	book *book[X]
}

// NewBoards keeps the boards of a platform with settings s.
func NewBoards[M any, X comparable](p Platform[M, X], s Settings, c Config[X]) *Boards[M, X] {
	return &Boards[M, X]{p: p, set: s, note: c.Note, book: newBook(c.Notes, c.Codec, c.Max, c.Log)}
}

// Show says how a board is to be shown.
type Show struct {
	Now time.Time // for the board's age
	// Force sends it anew wherever the last one is (asked for with /board).
	Force bool
	// Hold, when set and true, keeps a board that scrolled away in place
	// for now: the platform's pace has no room for sending it anew
	// (asked only then).
	Hold func() bool
}

// Show edits the table's board at place in place, or sends it anew when
// there is none there, it scrolled away (Settings), s.Force is set, or the
// platform no longer lets it be edited (ErrGone); the one it replaces
// becomes what Settings.Old says.
func (b *Boards[M, X]) Show(ctx context.Context, table uint64, place string, m M, s Show) (Outcome, error) {
	k := Key{table, b.note}
	prev, ok := b.book.get(k, place)
	scrolled := b.set.scrolled(prev.Posted, prev.Since, prev.Edits, s.Now)
	inPlace := prev.Place == place && !s.Force && !(scrolled && (s.Hold == nil || !s.Hold()))
	r, out, err := keep(ctx, b.p, b.book, k, place, m, prev, ok, inPlace)
	if out != Sent {
		return out, err
	}
	if r.Posted.IsZero() {
		r.Posted = s.Now
	}
	b.book.set(k, r)
	if ok && (prev.ID != r.ID || prev.Place != r.Place) {
		switch b.set.Old {
		case Strip:
			b.p.Strip(ctx, prev)
		case Delete:
			b.p.Delete(ctx, prev)
		}
	}
	return Sent, nil
}

// keep edits the kept message prev (ok: there is one) with m when inPlace,
// else, or when the platform says it can no longer be edited, sends m
// anew at place; Sent: r is the new message, which the caller keeps.
func keep[M any, X comparable](ctx context.Context, p Platform[M, X], bk *book[X], k Key, place string, m M,
	prev Ref[X], ok, inPlace bool) (r Ref[X], out Outcome, err error) {
	if ok && inPlace {
		out, err := edit(ctx, p, bk, k, prev, m)
		if !errors.Is(err, ErrGone) {
			return prev, out, err
		}
	}
	var was *Ref[X]
	if ok {
		was = &prev
	}
	r, err = p.Send(ctx, place, m, was)
	switch {
	case err != nil:
		return r, Failed, err
	case r.ID == "":
		return r, Queued, nil
	}
	if r.Place == "" {
		r.Place = place
	}
	r.Since, r.Edits = 0, 0
	return r, Sent, nil
}

// edit edits the kept message prev with m and keeps what it became;
// ErrGone asks the caller to send it anew.
func edit[M any, X comparable](ctx context.Context, p Platform[M, X], bk *book[X], k Key, prev Ref[X], m M) (Outcome, error) {
	now, err := p.Edit(ctx, prev, m)
	out := Edited
	switch {
	case errors.Is(err, ErrUnchanged):
		out = Unchanged
	case err != nil:
		return Failed, err
	}
	// The platform says what the message is now; where it is and what the
	// keeper counted are the keeper's.
	now.Place, now.ID, now.Posted, now.Turn = prev.Place, prev.ID, prev.Posted, prev.Turn
	now.Since, now.Edits = prev.Since, prev.Edits
	if out == Edited {
		now.Edits++
	}
	bk.set(k, now)
	return out, nil
}

// Board is the table's board as kept, read from its note when not
// remembered (a link to it, say); false when there is none.
func (b *Boards[M, X]) Board(table uint64, place string) (Ref[X], bool) {
	return b.book.get(Key{table, b.note}, place)
}

// Passed counts a message of place (one the platform sent or saw): its
// boards but the one of table except drift up. later, when set, says
// whether the message came after a board (nil: every one did).
func (b *Boards[M, X]) Passed(place string, except uint64, later func(Ref[X]) bool) {
	b.book.passed(place, except, later)
}

// Moved follows the tables of a chat that became another (a Telegram
// group upgraded to a supergroup): their boards stay in the old one, where
// they can no longer be edited; the next one is sent in the new one.
func (b *Boards[M, X]) Moved(from, to string) { b.book.moved(from, to) }

// Size is how many boards and places are remembered.
func (b *Boards[M, X]) Size() (boards, places int) { return b.book.size() }
