package bot

import (
	"fmt"
	"slices"
	"time"

	"github.com/tablee/tablee/challenge/chat"
	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/i18n"
)

// A started game nobody plays would hold its chat for ever: a chat has
// one open table, and a game without turn time waits for its players as
// long as it takes. So a game ends when its players are gone, as a real
// table is cleared when everyone has walked away from it:
//
//   - Nobody moved for Options.IdleGame (21 days by default): the chat is
//     told once, its players called, that the game stops on a date
//     Options.IdleGrace later (a week by default) unless someone plays.
//   - At a table with a turn time (/settings turn=), a full round went by
//     on timeouts alone: the deadline of every player ran out, with no
//     move by a person between (a seat the game no longer waits for never
//     lapses, and leaves such a table to the first rule). The timeout
//     moves (a pass, a card drawn and thrown back) keep such a game going
//     for ever, one reminder at a time, without anyone at the table; the
//     chat is told the same way, and the game stops after a second such
//     round, or at the end of the grace period, whichever comes first.
//     Live play is left out: a phase's own limit running out (lapseOn) is
//     part of the game there.
//   - A table whose every player left has nobody to wait for: it closes
//     at once.
//
// Only a person's move counts as play (Table.Active): not a timeout, not
// a bot's move, not a setting or a look at the board. Any move keeps the
// game and starts its count again. The time off of a player (/away) at a
// table that waits for him is not idleness: the wait starts again when
// the last one away is back, and time off taken after the notice takes
// it back. No table setting changes this: a table's own choice would let
// it hold its chat for ever; the operator sets both lengths of time
// (Options.IdleGame, Options.IdleGrace; abandoned.after and .grace).
// A stopped game goes to history as one stopped by /quit, its scores so
// far kept. Every time here is the table's own (its record), so that its
// due time (timing.idleDue) is in the store's due index and survives
// restarts.

// Defaults of Options.IdleGame and Options.IdleGrace.
const (
	DefaultIdleGame  = 21 * 24 * time.Hour
	DefaultIdleGrace = 7 * 24 * time.Hour
)

// noteActive records that a person played at the table. The caller holds
// the lock.
func (t *Table) noteActive(now time.Time) {
	t.Active, t.Lapsed, t.Told = now.UTC(), nil, time.Time{}
}

// idleSince is when the players last showed that they play: a person's
// last move (the start of the game when none), or the return of a player
// still away at a table that waits for him. A record written before
// Table.Active was kept is due at once (its creation): checkIdle then
// counts its wait from that moment.
func (t *Table) idleSince() time.Time {
	at := t.Active
	if at.IsZero() {
		at = t.Created
	}
	for _, s := range t.Seats {
		if s.away() && t.Settings.Away == AwayPause {
			at = laterOf(at, s.AwayUntil)
		}
	}
	return at
}

// roundLapsed tells whether a full round went by on timeouts alone since
// the last move of a person, or since the chat was told.
func (t *Table) roundLapsed() bool {
	n := 0
	for i, s := range t.Seats {
		if !s.human() {
			continue
		}
		if !slices.Contains(t.Lapsed, i) {
			return false
		}
		n++
	}
	return n > 0
}

// lapseOn records that a seat's deadline ran out, at a table with a turn
// time. In live play a phase's own limit (La Coquillaude's answer minute)
// running out is part of the game, for players who are there and let a
// question or a vote go: it is not counted. The caller holds the lock.
func (t *Table) lapseOn(seat int) {
	if t.Settings.Turn > 0 && !slices.Contains(t.Lapsed, seat) {
		t.Lapsed = append(t.Lapsed, seat)
	}
}

// checkIdle tells a game nobody plays that it will stop, or stops it, if
// its time has come; the deliverer shows it, like any change.
func (c *Core) checkIdle(t *Table, now time.Time) {
	if t = c.lockTicked(t); t == nil {
		return
	}
	defer c.unlock(t)
	at, ok := c.timing(t).idleDue()
	if !ok || now.Before(at) && !t.roundLapsed() {
		return
	}
	snap := t.snapshot()
	if t.Active.IsZero() && t.humans() > 0 {
		// Saved before the wait was counted, and found through the due
		// time the upgrade of the store gave it: it waits from now, as in
		// completeIdleIndex.
		t.Active = now.UTC()
		c.keep(t, snap)
		return
	}
	if t.humans() > 0 && t.Told.IsZero() {
		reason := c.tellIdle(t, now)
		if c.keep(t, snap) {
			c.obs.IdleGame(t.Game, reason, false)
		}
		return
	}
	since := t.idleSince()
	msg := i18n.T("bot.idle_stopped", i18n.Date(since), t.Game)
	reason := IdleQuiet
	if t.roundLapsed() {
		reason = IdleRound
	}
	if t.humans() == 0 {
		msg = i18n.T("bot.idle_all_left", t.Game)
		reason = IdleAllLeft
	}
	c.abandon(t)
	t.say(msg).Scores = true
	if !c.keep(t, snap) {
		return // still due: the scheduler tries again after a pause (reschedule)
	}
	c.log.Info("idle game stopped", "table", t.ID, "chat", t.Chat, "game", t.Game, "since", since, "reason", reason)
	c.obs.IdleGame(t.Game, reason, true)
	c.forget(t)
}

// tellIdle tells the chat, and each player in private, that the game stops
// on a date unless someone plays, and returns why (IdleQuiet, IdleRound).
// The caller holds the lock.
func (c *Core) tellIdle(t *Table, now time.Time) (reason string) {
	round := t.roundLapsed()
	reason = IdleQuiet
	if round {
		reason = IdleRound
	}
	since := t.idleSince()
	t.Told, t.Lapsed = now.UTC(), nil
	stop := i18n.Date(t.Told.Add(c.opts.IdleGrace))
	var public, private i18n.Msg
	if round {
		public = i18n.T("bot.idle_round", stop)
		private = i18n.T("bot.idle_round_private", games.TitleAt(t.Game), stop, t.ID)
	} else {
		idle := i18n.Duration(now.Sub(since))
		public = i18n.T("bot.idle_notice", idle, stop)
		private = i18n.T("bot.idle_notice_private", games.TitleAt(t.Game), idle, stop, t.ID)
	}
	var humans []int
	for i, s := range t.Seats {
		if s.human() {
			humans = append(humans, i)
			t.sayTo(s.User, private)
		}
	}
	t.say(public).Ping = humans
	c.log.Info("idle game told", "table", t.ID, "chat", t.Chat, "game", t.Game, "since", since, "reason", reason)
	return reason
}

// idleIndexStore is a store whose due index may lack the wait of started
// games saved before the bot counted it (a bolt file written before): a
// game without deadlines had no due time, and nothing would ever find it.
type idleIndexStore interface {
	IdleDueComplete() (bool, error)
	SetIdleDueComplete() error
}

// completeIdleIndex saves every started game once with a due time that
// counts the wait for its players, when the store says some may lack it,
// then records that none does. A game from before Table.Active was kept
// waits from now, not from its creation: its last moves are not known
// without reading its log, and a game played yesterday must not be told
// it is abandoned. It runs in New, before the agenda is read, once per
// data file; none of the tables stays in memory.
func (c *Core) completeIdleIndex() error {
	is, ok := c.st.(idleIndexStore)
	if !ok {
		return nil
	}
	done, err := is.IdleDueComplete()
	if err != nil || done {
		return err
	}
	recs, err := c.st.OpenTables()
	if err != nil {
		return fmt.Errorf("bot: counting the wait of started games: %w", err)
	}
	now := c.clock.Now()
	for _, rec := range recs {
		if chat.Is(rec.Chat) {
			continue // a challenge's attempt: the challenge's own table, not the core's
		}
		t, err := loadTable(rec)
		if err != nil {
			c.log.Error("table not loaded", "table", rec.ID, "chat", rec.Chat, "err", err)
			continue
		}
		if t.Phase != Playing {
			continue
		}
		if t.Active.IsZero() {
			t.Active = now.UTC()
		}
		if err := c.save(t, nil); err != nil {
			return fmt.Errorf("bot: counting the wait of started games: %w", err)
		}
	}
	c.dueMu.Lock()
	c.agenda = agenda{} // readAgenda reads it whole from the index
	c.dueMu.Unlock()
	return is.SetIdleDueComplete()
}
