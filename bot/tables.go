package bot

import (
	"container/list"
	"errors"
	"fmt"
	"time"

	"github.com/tablee/tablee/challenge/chat"
	"github.com/tablee/tablee/store"
)

// The tables in memory. A table is loaded from the store on its first
// command (or deadline, or delivery) and leaves memory again when it has
// been idle a while or when the tables in memory pass their budget, the
// least recently used first. Start-up reads the store's indexes (what is
// due, what is unshown), never every table: it takes the same time with
// 100 tables as with 100,000, and memory follows the tables being played,
// not the tables open.
//
// An evicted table is only ever one that is saved as it is in memory:
// nobody holds its lock, nothing is waiting to be shown, no deliverer runs
// for it, no pause of the scheduler is remembered on it. Whoever found the
// table before it was evicted and locks it afterwards finds it marked
// evicted and takes the copy loaded since (lockLive): two copies of a
// table are never both changed.

const (
	// DefaultTableMemory is the budget of the tables in memory when
	// Options.TableMemory is zero.
	DefaultTableMemory = 256 << 20
	// DefaultIdleTable is how long a table stays in memory unused when
	// Options.IdleTable is zero.
	DefaultIdleTable = 30 * time.Minute
	// DefaultUsers is how many user records stay in memory when
	// Options.Users is zero.
	DefaultUsers = 50_000

	// memoryFactor turns the size of a table's record into an estimate of
	// what the loaded table takes in memory: the record itself (kept to
	// undo a failed change), the decoded fields and the engine's state.
	// BenchmarkStartup measures it: a Crack Word table in play takes 6.3 KB
	// of heap, for a record of 1.7 KB (estimated 6.7 KB).
	memoryFactor = 4
)

// loadedTable is the bookkeeping of a table in memory.
type loadedTable struct {
	elem *list.Element // in Core.lru, most recently used first
	used time.Time     // last found, by the core's clock
	size int64         // estimated bytes (memoryFactor × record)
}

// table returns the open table of that id, loading it when it is not in
// memory; nil when it is unknown, finished or unreadable.
func (c *Core) table(id uint64) *Table {
	if t := c.inMemory(id); t != nil {
		return t
	}
	rec, err := c.st.Table(id)
	return c.loadRead(rec, err, "table", id)
}

// chatTable returns a chat's open table, loading it when needed; nil when
// the chat has none.
func (c *Core) chatTable(chat string) *Table {
	c.mu.Lock()
	t := c.byChat[chat]
	if t != nil {
		c.touchLocked(t)
	}
	c.mu.Unlock()
	if t != nil {
		return t
	}
	rec, err := c.st.OpenTable(chat)
	return c.loadRead(rec, err, "chat", chat)
}

// loadRead puts in memory a table just read from the store, when it is
// there and open; a failed read is logged with what was looked for.
func (c *Core) loadRead(rec store.Table, err error, by string, key any) *Table {
	switch {
	case errors.Is(err, store.ErrNotFound):
		return nil
	case err != nil:
		c.log.Error("table not read", by, key, "err", err)
		return nil
	case rec.Finished, chat.Is(rec.Chat):
		return nil
	}
	return c.loaded(rec)
}

// inMemory returns a table that is in memory, and marks it used.
func (c *Core) inMemory(id uint64) *Table {
	c.mu.Lock()
	defer c.mu.Unlock()
	t := c.byID[id]
	if t != nil {
		c.touchLocked(t)
	}
	return t
}

// loaded builds a table from its record and puts it in memory, unless a
// racing load put it there first: then that copy is the table.
func (c *Core) loaded(rec store.Table) *Table {
	t, err := loadTable(rec)
	if err != nil {
		// One unreadable table must not keep every other chat from
		// playing: it is logged and left on disk for inspection.
		c.log.Error("table not loaded", "table", rec.ID, "chat", rec.Chat, "err", err)
		return nil
	}
	c.mu.Lock()
	if old := c.byID[t.ID]; old != nil {
		c.touchLocked(old)
		c.mu.Unlock()
		return old
	}
	c.addLocked(t)
	over := c.tableBytes > c.opts.TableMemory
	c.mu.Unlock()
	if over {
		c.evict(0)
	}
	return t
}

// addLocked puts a table in memory; the caller holds c.mu.
func (c *Core) addLocked(t *Table) {
	t.mem.size = memoryFactor * int64(len(t.committed))
	t.mem.used = c.clock.Now()
	t.mem.elem = c.lru.PushFront(t)
	c.tableBytes += t.mem.size
	c.byID[t.ID] = t
	c.byChat[t.Chat] = t
}

// removeLocked takes a table out of memory; the caller holds c.mu.
func (c *Core) removeLocked(t *Table) {
	if c.byChat[t.Chat] == t {
		delete(c.byChat, t.Chat)
	}
	if c.byID[t.ID] == t {
		delete(c.byID, t.ID)
	}
	if c.notesUnsaved[t.ID] == t {
		delete(c.notesUnsaved, t.ID)
	}
	if t.mem.elem != nil {
		c.lru.Remove(t.mem.elem)
		t.mem.elem = nil
		c.tableBytes -= t.mem.size
	}
}

func (c *Core) touchLocked(t *Table) {
	t.mem.used = c.clock.Now()
	if t.mem.elem != nil {
		c.lru.MoveToFront(t.mem.elem)
	}
}

// resized notes the new size of a table's record after a save. The caller
// holds the table's lock.
func (c *Core) resized(t *Table) {
	size := memoryFactor * int64(len(t.committed))
	c.mu.Lock()
	over := false
	if t.mem.elem != nil {
		c.tableBytes += size - t.mem.size
		t.mem.size = size
		over = c.tableBytes > c.opts.TableMemory
	}
	c.mu.Unlock()
	if over {
		// The table itself is locked, hence kept: the others go.
		c.evict(0)
	}
}

// evict takes tables out of memory, least recently used first: down to
// nine tenths of the budget (so that the next load does not evict again),
// and every table unused for idle when idle is not zero.
func (c *Core) evict(idle time.Duration) {
	now := c.clock.Now()
	c.mu.Lock()
	defer c.mu.Unlock()
	target := c.opts.TableMemory / 10 * 9
	// The most recently used table stays: it is the one being loaded or
	// played, and a budget smaller than one table must not evict it the
	// moment it is loaded.
	for e := c.lru.Back(); e != nil && e != c.lru.Front(); {
		t := e.Value.(*Table)
		prev := e.Prev()
		stale := idle > 0 && now.Sub(t.mem.used) >= idle
		if c.tableBytes <= target && !stale {
			break // the rest were used more recently
		}
		c.tryEvictLocked(t)
		e = prev
	}
}

// tryEvictLocked takes a table out of memory if nothing but the store
// needs it; the caller holds c.mu (and a table's lock is only tried, never
// waited for: the order of locks is a table's, then c.mu).
func (c *Core) tryEvictLocked(t *Table) bool {
	if c.opening[t.Chat] || !t.mu.TryLock() {
		return false
	}
	defer t.mu.Unlock()
	if t.Outbox.pending() || !t.retryAt.IsZero() || t.batchOpen || len(t.notesUnsaved) > 0 || c.delivering(t.ID) {
		return false
	}
	t.evicted = true
	c.removeLocked(t)
	return true
}

// delivering tells whether a deliverer runs for the table.
func (c *Core) delivering(id uint64) bool {
	c.outMu.Lock()
	defer c.outMu.Unlock()
	return c.outRunning[id] != nil
}

// lockLive locks a table found earlier. When it was evicted in between,
// it locks the copy in memory now (loading it again); nil when the table
// is no longer open. A table forgotten because it ended is returned
// locked as it is: its last state is what its holder must see.
func (c *Core) lockLive(t *Table) *Table { return c.lockCopy(t, true) }

// lockCopy is lockLive; behind says whether the copy's version is compared
// with the store's first (a round trip on a shared store), which a change
// that only a save checks does without (SetNote).
func (c *Core) lockCopy(t *Table, behind bool) *Table {
	for t != nil {
		t.mu.Lock()
		if behind && !t.evicted && c.behind(t) {
			c.movedElsewhere(t) // another process moved it: read it again
		}
		if !t.evicted {
			return t
		}
		t.mu.Unlock()
		t = c.table(t.ID)
	}
	return nil
}

// userTables lists the open tables where a user sits, from the store's
// index: the tables in memory are only some of them.
func (c *Core) userTables(user string) []uint64 {
	ids, err := c.st.SeatedTables(user)
	if err != nil {
		c.log.Error("tables of a user not read", "user", user, "err", err)
		return nil
	}
	return ids
}

// TablesInMemory tells how many tables are in memory and their estimated
// bytes: for the operator's log and for tests.
func (c *Core) TablesInMemory() (tables int, bytes int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.byID), c.tableBytes
}

// MoveChat moves a chat's open table to another chat key, as when a
// Telegram group becomes a supergroup under a new id: the store moves its
// indexes with the save, and the table is found under its new chat from
// then on, after a restart too. It tells whether there was a table to
// move; a table already open in the new chat is not replaced.
func (c *Core) MoveChat(from, to string) (bool, error) {
	t := c.lockLive(c.chatTable(from))
	if t == nil {
		return false, nil
	}
	defer c.unlock(t)
	if other := c.chatTable(to); other != nil && other != t {
		return false, fmt.Errorf("bot: chat %s already has table %d", to, other.ID)
	}
	snap := t.snapshot()
	t.Chat = to
	if t.Server == from {
		t.Server = to // a Telegram group that became a supergroup
	}
	if !c.keep(t, snap) {
		return false, errNotSaved
	}
	c.mu.Lock()
	if c.byChat[from] == t {
		delete(c.byChat, from)
	}
	c.byChat[to] = t
	c.mu.Unlock()
	return true, nil
}
