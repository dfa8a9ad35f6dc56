package bot

import (
	"errors"

	"github.com/tablee/tablee/store"
)

// Games of the past, read from the store for /board after a game, a
// rematch, /history and /replay. They are read-only copies: never put in
// memory with the tables being played, never saved.

// pastReads bounds how many tables of a chat one command reads, newest
// first: lobbies that never began are skipped on the way, and a chat with
// thousands of them must not make one command read them all.
const pastReads = 200

// storedTable reads a table from the store, finished or not; nil when it
// is unknown or unreadable.
func (c *Core) storedTable(id uint64) *Table {
	rec, err := c.st.Table(id)
	if err != nil {
		if !errors.Is(err, store.ErrNotFound) {
			c.log.Error("table not read", "table", id, "err", err)
		}
		return nil
	}
	t, err := loadTable(rec)
	if err != nil {
		c.log.Error("table not loaded", "table", id, "err", err)
		return nil
	}
	t.finishedAt = rec.FinishedAt
	return t
}

// began tells whether the table's game was dealt (a lobby that never
// started has no game to show, replay or play again).
func (t *Table) began() bool { return len(t.State) > 0 }

// pastGames calls f with the chat's tables whose game began, newest first,
// until f returns false; at most pastReads tables are read.
func (c *Core) pastGames(chat string, f func(t *Table) bool) error {
	ids, err := c.st.ChatTables(chat)
	if err != nil {
		c.log.Error("tables of a chat not read", "chat", chat, "err", err)
		return err
	}
	for i := len(ids) - 1; i >= 0 && i >= len(ids)-pastReads; i-- {
		if t := c.storedTable(ids[i]); t != nil && t.began() && !f(t) {
			break
		}
	}
	return nil
}

// lastGame is the chat's most recent table whose game began; nil when
// there is none.
func (c *Core) lastGame(chat string) *Table {
	var last *Table
	c.pastGames(chat, func(t *Table) bool { last = t; return false })
	return last
}
