package games

import "github.com/tablee/tablee/i18n"

// Told collects what one move tells the table and its players, and keeps
// the move's first public message as its summary (the "last move" line
// that views show and saved states keep).
type Told struct {
	Events []Event
	// Last, when set, receives the move's first public message.
	Last *i18n.Msg
	said bool
}

// Public tells everyone.
func (t *Told) Public(key string, args ...any) {
	m := i18n.T(key, args...)
	if !t.said && t.Last != nil {
		*t.Last, t.said = m, true
	}
	t.Events = append(t.Events, Event{To: Everyone, Msg: m})
}

// Private tells one seat.
func (t *Told) Private(seat int, key string, args ...any) {
	t.Events = append(t.Events, Event{To: seat, Msg: i18n.T(key, args...)})
}

// Pending tells one seat of something the table has yet to settle (see
// Event.Pending).
func (t *Told) Pending(seat int, key string, args ...any) {
	t.Events = append(t.Events, Event{To: seat, Msg: i18n.T(key, args...), Pending: true})
}

// Settle drops the pending notes told so far: the move settles them.
func (t *Told) Settle() { t.Events = Settle(t.Events) }
