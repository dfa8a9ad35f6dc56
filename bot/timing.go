package bot

import (
	"time"

	"github.com/tablee/tablee/games"
)

// A table's timing is everything that brings the scheduler back to it:
// the deadlines of the seats the game waits for and their reminders
// (deadline.go), moved out of their players' quiet hours (quiet.go); the
// end of a player's time off (timeoff.go); a game nobody plays (idle.go);
// a lobby, or a rematch, left unanswered (expiry.go, rematch.go); a bot
// seat to play, or a failed try to make again (resume.go). Each is worked
// out from the table's own record and the operator's lengths of time, in
// one type, so that a save and the agenda (due.go) ask one question: when
// is this table next due? What is done when that time comes stays with
// each idea's file.

// timing is a table's clock: the table with the lengths of time the
// operator set. The caller holds the table's lock.
type timing struct {
	t *Table
	// lobby is how long an unchanged lobby stays open (expiry.go); idle
	// and grace how long a game nobody plays goes before the chat is
	// told, then before it stops (idle.go).
	lobby, idle, grace time.Duration
}

// timing is the clock of a table of this core.
func (c *Core) timing(t *Table) timing {
	return timing{t: t, lobby: c.opts.LobbyExpiry, idle: c.opts.IdleGame, grace: c.opts.IdleGrace}
}

// NextDue is the earliest time the scheduler must look at the table, zero
// for none (a table that is over is never due). A time already past means
// at once.
func (tm timing) NextDue(now time.Time) time.Time {
	t := tm.t
	if t.over() {
		return time.Time{}
	}
	var best time.Time
	consider := func(at time.Time) {
		if !at.IsZero() && (best.IsZero() || at.Before(best)) {
			best = at
		}
	}
	for _, d := range t.Deadlines {
		consider(tm.remindAt(d, now))
		consider(tm.expiresAt(d, now))
	}
	if t.Phase == Playing {
		for _, s := range t.Seats {
			if s.away() {
				consider(s.AwayUntil) // the player is back (timeoff.go)
			}
		}
	}
	if at, ok := tm.idleDue(); ok {
		consider(at) // a game nobody plays (idle.go)
	}
	if at, ok := tm.lobbyCloses(); ok {
		consider(at)
	}
	if at, ok := tm.resumeDue(); ok {
		if at.IsZero() {
			at = now // a bot waits: at once
		}
		consider(at)
	}
	return best
}

// phaseLimit is how long a waiting seat has: the table's turn time on an
// asynchronous table (one limit for every phase, in hours or days), else,
// in live play, the game's own limit for its phase (La Coquillaude's
// answer minute), else none.
func (tm timing) phaseLimit() time.Duration {
	t := tm.t
	if t.Settings.Turn > 0 {
		return t.Settings.Turn
	}
	if tg, ok := t.game.(games.Timed); ok {
		return tg.PhaseDuration()
	}
	return 0
}

// rearm sets the deadlines of the seats the game now waits for. A seat that
// was already waiting keeps its deadline (a simultaneous phase does not
// restart the clock of the others); the seat that just moved, or a newly
// waiting one, gets a fresh one. Bots need none: they move at once.
func (tm timing) rearm(mover int, now time.Time) {
	t := tm.t
	var next []Deadline
	if limit := tm.phaseLimit(); limit > 0 {
		for _, w := range t.waiting() {
			if t.botPlays(w.Seat) {
				continue
			}
			if w.Timeout == "" && t.Settings.OnExpiry != "bot" {
				continue
			}
			if d, ok := t.deadline(w.Seat); ok && w.Seat != mover {
				next = append(next, d)
				continue
			}
			// A player away at a table that waits for him: his clock
			// starts when he is back (timeoff.go).
			next = append(next, Deadline{Seat: w.Seat, At: laterOf(now.UTC(), t.Seats[w.Seat].AwayUntil).Add(limit)})
		}
	}
	t.Deadlines = next
}

// expiresAt is when a deadline runs out: its time, or the end of the
// player's quiet hours when it falls in them. A deadline found passed
// during quiet hours (the bot was down when it fell) waits for their end
// too.
func (tm timing) expiresAt(d Deadline, now time.Time) time.Time {
	q, ok := tm.t.quietOf(d.Seat)
	if !ok {
		return d.At
	}
	at := d.At
	if _, end, in := q.period(at); in {
		at = end
	}
	if !now.Before(at) {
		if _, end, in := q.period(now); in {
			at = end
		}
	}
	return at
}

// remindAt is when a deadline's reminder is due, or the zero time: the
// table's reminder time before the deadline; when that falls in the
// player's quiet hours, at their end if the deadline is later, else just
// before they begin.
func (tm timing) remindAt(d Deadline, now time.Time) time.Time {
	t := tm.t
	if t.Settings.Reminder <= 0 || d.Reminded || t.Settings.Reminder >= tm.phaseLimit() {
		return time.Time{}
	}
	at := tm.expiresAt(d, now)
	r := at.Add(-t.Settings.Reminder)
	q, ok := t.quietOf(d.Seat)
	if !ok {
		return r
	}
	start, end, in := q.period(r)
	switch {
	case !in:
		return r
	case end.Before(at):
		return end
	default:
		return start.Add(-time.Minute)
	}
}

// idleDue is when the scheduler must look at a started game for want of
// players: at once when they all left or a round lapsed, else the end of
// the quiet wait, or of the grace period once told. False outside play.
func (tm timing) idleDue() (time.Time, bool) {
	t := tm.t
	if t.Phase != Playing {
		return time.Time{}, false
	}
	if t.humans() == 0 || t.roundLapsed() {
		// Already due: a time in the past, never the clock's present,
		// which would be later than the tick's (see resumeDue).
		return t.idleSince(), true
	}
	if t.Told.IsZero() {
		return t.idleSince().Add(tm.idle), true
	}
	return t.Told.Add(tm.grace), true
}

// lobbyCloses is when the table's lobby closes, or a rematch stops
// waiting for its players; false when the game was dealt.
func (tm timing) lobbyCloses() (time.Time, bool) {
	t := tm.t
	if !t.Phase.undealt() {
		return time.Time{}, false
	}
	if !t.retryAt.IsZero() {
		return t.retryAt, true // a failed delete or save waits before trying again
	}
	if t.Phase == Rematching {
		return t.Rematch.Until, true // rematch.go
	}
	return laterOf(t.Created, t.Touched).Add(tm.lobby), true
}

// resumeDue is when the table's bot seats must be played: the zero time,
// meaning at once, when the game waits for a bot and no failure asked for a
// pause; the end of the pause otherwise; never when no bot is awaited. "At
// once" is not the clock's present: a time read here would be later than
// the tick's, and the tick would find the table not yet due, again and
// again.
func (tm timing) resumeDue() (time.Time, bool) {
	if !tm.t.botWaiting() {
		return time.Time{}, false
	}
	return tm.t.retryAt, true
}

// retryLater paces the next try after a failure (a bot's move or a
// deletion not saved): a pause that doubles with each failure in a row,
// up to retryMax.
func (tm timing) retryLater(now time.Time) {
	t := tm.t
	pause := retryFirst << min(t.retries, 10)
	if pause > retryMax || pause <= 0 {
		pause = retryMax
	}
	t.retries++
	t.retryAt = now.Add(pause)
}

// retried clears the pause once a try succeeded.
func (tm timing) retried() { tm.t.retries, tm.t.retryAt = 0, time.Time{} }
