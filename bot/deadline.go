package bot

import (
	"context"
	"slices"
	"time"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/i18n"
)

// rearm sets the deadlines of the seats the game now waits for
// (timing.rearm) and wakes the scheduler up to them.
func (c *Core) rearm(t *Table, mover int) {
	c.timing(t).rearm(mover, c.clock.Now())
	c.wakeUp()
}

func (c *Core) wakeUp() {
	select {
	case c.wake <- struct{}{}:
	default:
	}
}

// sweepEvery is how often Run looks for idle tables to take out of memory.
const sweepEvery = time.Minute

// next returns the earliest time something is due on any table.
func (c *Core) next() (time.Time, bool) { return c.nextDue() }

// Tick does what is due at the clock's present time: reminders, then
// expired turns, applied as the engine's timeout move (or a bot's move when
// the table chose so) exactly as if the player had sent it; bot seats that
// a restart or a failed save left waiting (resume.go); games nobody plays
// (idle.go); lobbies left unchanged too long (expiry.go); players back from
// time off (timeoff.go).
func (c *Core) Tick(ctx context.Context) {
	if c.closing.Load() {
		return
	}
	c.inflight.Add(1)
	defer c.inflight.Done()
	now := c.clock.Now()
	for _, id := range c.sharedDue(now, c.popDue(now)) {
		t := c.table(id)
		if t == nil {
			continue
		}
		// One table's panic is logged and stays with that table.
		c.safely("deadline", func() { c.tickTable(ctx, t, now) }, "table", t.ID, "game", t.Game)
		// Before the bot seats: a table nobody plays any more is not
		// played on by its bots alone.
		c.safely("idle game", func() { c.checkIdle(t, now) }, "table", t.ID, "game", t.Game)
		c.safely("resume", func() { c.resume(ctx, t, now) }, "table", t.ID, "game", t.Game)
		c.safely("lobby expiry", func() { c.expireLobby(ctx, t, now) }, "table", t.ID, "game", t.Game)
		c.safely("time off", func() { c.endAway(t, now) }, "table", t.ID, "game", t.Game)
		c.safely("agenda", func() { c.reschedule(t, now) }, "table", t.ID, "game", t.Game)
	}
}

// reschedule puts a table back on the agenda after a tick. What is still
// due then could not be done (a save failed): it is tried again after a
// pause rather than at once, again and again.
func (c *Core) reschedule(t *Table, now time.Time) {
	if t = c.lockTicked(t); t == nil {
		return
	}
	defer c.unlock(t)
	if c.table(t.ID) != t {
		return // forgotten: finished, expired
	}
	at := c.timing(t).NextDue(now)
	if at.IsZero() {
		return
	}
	if !at.After(now) {
		at = now.Add(retryFirst)
	}
	c.dueMu.Lock()
	c.agenda.set(t.ID, at)
	c.dueMu.Unlock()
}

// lockTicked locks a table for a later step of its tick (Tick): the
// first step, tickTable, compared the copy's version with the store's a
// moment before (lockLive), so the others do not read it again (a round
// trip each on a shared store). What they change is still checked by its
// save, and a stale save drops the copy.
func (c *Core) lockTicked(t *Table) *Table { return c.lockCopy(t, false) }

func (c *Core) tickTable(ctx context.Context, t *Table, now time.Time) {
	if t = c.lockLive(t); t == nil {
		return
	}
	defer c.unlock(t)
	if t.Phase != Playing {
		return
	}
	tm := c.timing(t)
	// Reminders first: they are cheap and never change the game.
	for i, d := range t.Deadlines {
		at, end := tm.remindAt(d, now), tm.expiresAt(d, now)
		if at.IsZero() || now.Before(at) || !now.Before(end) {
			continue
		}
		snap := t.snapshot()
		t.Deadlines[i].Reminded = true
		if t.quietNow(d.Seat, now) {
			// Come too late for before the player's quiet hours (the
			// deadline was set in them, or the bot was down): none.
			if !c.keep(t, snap) {
				return
			}
			continue
		}
		left := i18n.Duration(end.Sub(now))
		t.say(i18n.T("bot.reminder", t.name(d.Seat), left)).Ping = []int{d.Seat}
		t.sayTo(t.Seats[d.Seat].User, i18n.T("bot.reminder_private", left, games.TitleAt(t.Game), t.ID))
		if !c.keep(t, snap) {
			return
		}
	}
	for {
		expired, late := -1, time.Duration(0)
		for _, d := range t.Deadlines {
			if at := tm.expiresAt(d, now); !now.Before(at) {
				expired, late = d.Seat, now.Sub(at)
				break
			}
		}
		if expired < 0 || t.Phase != Playing {
			break
		}
		c.obs.DeadlineLate(t.Game, late)
		w, ok := t.waitFor(expired)
		if !ok {
			c.rearm(t, -1)
			continue
		}
		move := w.Timeout
		if t.Settings.OnExpiry == "bot" {
			move = t.game.Bot(expired, games.Normal)
		}
		note := games.Event{To: games.Everyone, Msg: i18n.T("bot.expired", t.name(expired))}
		// Saved with the timeout move: nobody played this turn (idle.go).
		// A failed save puts the table back as committed, count included.
		lapsed := slices.Clone(t.Lapsed)
		t.lapseOn(expired)
		_, err := c.apply(t, expired, "", move, note)
		if err != nil && move != w.Timeout && w.Timeout != "" {
			t.Lapsed = lapsed
			t.lapseOn(expired)
			_, err = c.apply(t, expired, "", w.Timeout, note)
		}
		if err != nil {
			t.Lapsed = lapsed
			c.log.Error("timeout move refused", "table", t.ID, "seat", expired, "err", err)
			// Drop this deadline so that the table is not retried in a loop.
			snap := t.snapshot()
			t.Deadlines = removeDeadline(t.Deadlines, expired)
			c.keep(t, snap)
			break
		}
		c.runBots(t)
	}
}

func removeDeadline(ds []Deadline, seat int) []Deadline {
	out := ds[:0:0]
	for _, d := range ds {
		if d.Seat != seat {
			out = append(out, d)
		}
	}
	return out
}

// Run arms a timer on the next deadline and ticks when it passes, until
// ctx ends. Deadlines are read from the tables each time, so one loaded at
// start-up or changed by /settings is picked up without a restart.
func (c *Core) Run(ctx context.Context) {
	// What a crash left saved but not shown is shown; what fell due while
	// the bot was down, and the bot seats that a crash left waiting, are
	// played first.
	c.resumeOutboxes()
	c.Tick(ctx)
	sweep := time.NewTicker(sweepEvery)
	defer sweep.Stop()
	var unshown <-chan time.Time
	if c.shared != nil {
		// Other processes save deadlines and outboxes this one must see
		// (shared.go).
		t := time.NewTicker(unshownPoll)
		defer t.Stop()
		unshown = t.C
	}
	for {
		wait := time.Hour
		if at, ok := c.next(); ok {
			wait = time.Until(at)
			if wait < 0 {
				wait = 0
			}
		}
		if c.shared != nil && wait > sharedPoll {
			wait = sharedPoll
		}
		timer := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			timer.Stop()
			return
		case <-c.wake:
			timer.Stop()
		case <-unshown:
			timer.Stop()
			c.safely("unshown", c.pickUpUnshown)
		case <-sweep.C:
			timer.Stop()
			// Notes that waited for a save are saved, and tables nobody
			// played for a while leave memory.
			c.safely("notes", c.saveNotes)
			c.safely("eviction", func() { c.evict(c.opts.IdleTable) })
		case <-timer.C:
			c.Tick(ctx)
		}
	}
}
