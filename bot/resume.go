package bot

import (
	"context"
	"errors"
	"time"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/store"
)

// A seat played by the bot (a bot player, a player who left, a seat whose
// time ran out with expiry=bot) is played at once, in the same lock as the
// move that handed it the turn. But the process may die between that move's
// save and the bot's, and a bot's save may fail: then nothing would ever
// play the seat again and the table would wait on nobody. So the scheduler
// treats "the game waits for a bot" like a deadline that is already due:
// at start-up (Run), whenever it wakes, and, after a failure, again after a
// pause that doubles with each failure (timing.resumeDue).

const (
	retryFirst = 2 * time.Second
	retryMax   = 5 * time.Minute
)

// botWaiting tells whether the game waits for a seat that the bot plays.
func (t *Table) botWaiting() bool {
	for _, w := range t.waiting() {
		if t.botPlays(w.Seat) {
			return true
		}
	}
	return false
}

// retryLater asks the scheduler to play the table's bot seats again after a
// pause. The caller holds the table's lock.
func (c *Core) retryLater(t *Table) {
	c.timing(t).retryLater(c.clock.Now())
	c.setDue(t)
}

// resume plays the bot seats a table waits for, if they are due.
func (c *Core) resume(ctx context.Context, t *Table, now time.Time) {
	if t = c.lockTicked(t); t == nil {
		return
	}
	defer c.unlock(t)
	at, ok := c.timing(t).resumeDue()
	if !ok || (!at.IsZero() && now.Before(at)) {
		return
	}
	c.log.Info("resuming bot seats", "table", t.ID, "game", t.Game, "retries", t.retries)
	// A failed try shows nothing: the table is as its players last saw it.
	c.runBots(t)
}

// botStep plays one bot move for a seat: the bot's choice, or the seat's
// timeout move when the engine refuses its own bot's choice or the bot
// panics. It reports false when nothing could be saved; the table is then
// as the store last committed it and a retry is scheduled.
func (c *Core) botStep(t *Table, seat int) (ok bool) {
	defer func() {
		if p := recover(); p != nil {
			c.recovered(p, "bot move", "table", t.ID, "game", t.Game, "seat", seat)
			c.reload(t) // schedules the retry
			ok = false
		}
	}()
	began := time.Now()
	move, choseOK := c.botChoice(t, seat)
	t.botThought = time.Since(began)
	var err error
	if choseOK {
		_, err = c.apply(t, seat, "", move)
	}
	var refused *games.Refusal
	if !choseOK || errors.As(err, &refused) {
		// A bot's illegal move is a bug in its engine: the seat plays its
		// timeout move, so the table is never stuck.
		c.log.Error("bot move refused", "table", t.ID, "game", t.Game, "seat", seat, "move", move, "err", err)
		w, _ := t.waitFor(seat)
		if w.Timeout == "" {
			c.retryLater(t)
			return false
		}
		_, err = c.apply(t, seat, "", w.Timeout)
	}
	if errors.Is(err, store.ErrStale) {
		// Another process saved the table: its bots play again at once on
		// the table read again (replayBots), not after a pause.
		return false
	}
	if err != nil {
		c.log.Error("bot move not played", "table", t.ID, "game", t.Game, "seat", seat, "err", err)
		c.retryLater(t)
		return false
	}
	c.timing(t).retried()
	return true
}

// botChoice asks the engine for its bot's move; a panic there is the
// engine's bug, and the seat falls back to its timeout move.
func (c *Core) botChoice(t *Table, seat int) (move string, ok bool) {
	defer func() {
		if p := recover(); p != nil {
			c.recovered(p, "bot choice", "table", t.ID, "game", t.Game, "seat", seat)
			move, ok = "", false
		}
	}()
	return t.game.Bot(seat, t.botLevel(seat)), true
}
