package bot

import (
	"container/heap"
	"fmt"
	"time"

	"github.com/tablee/tablee/challenge/chat"
)

// The scheduler's agenda: when each table next needs it (a reminder, a
// deadline, a lobby's expiry, a bot seat to play, a game nobody plays: its
// timing's NextDue, timing.go), one entry per table in a min-heap. Every
// change of a table updates its entry, so the next thing due is found
// without looking at every table: the scheduler used to read all of them
// after every move. The store keeps the same time with each
// table (its due index, Table.Due), for a start-up that reads the index
// rather than the tables. Every started game has a due time (idle.go), so
// the agenda holds an entry for each (about 53 bytes an entry: 5.3 MB for
// 100,000 started games).

// setDue puts the table on the agenda at its due time, or takes it off. The
// caller holds the table's lock.
func (c *Core) setDue(t *Table) {
	at := c.timing(t).NextDue(c.clock.Now())
	c.dueMu.Lock()
	earlier := c.agenda.set(t.ID, at)
	c.dueMu.Unlock()
	if earlier {
		c.wakeUp()
	}
}

// dropDue takes a table off the agenda.
func (c *Core) dropDue(id uint64) {
	c.dueMu.Lock()
	c.agenda.set(id, time.Time{})
	c.dueMu.Unlock()
}

// nextDue is the earliest time on the agenda.
func (c *Core) nextDue() (time.Time, bool) {
	c.dueMu.Lock()
	defer c.dueMu.Unlock()
	if len(c.agenda.items) == 0 {
		return time.Time{}, false
	}
	return c.agenda.items[0].at, true
}

// popDue takes off the agenda the tables due at now or before.
func (c *Core) popDue(now time.Time) []uint64 {
	c.dueMu.Lock()
	defer c.dueMu.Unlock()
	var ids []uint64
	for len(c.agenda.items) > 0 && !c.agenda.items[0].at.After(now) {
		it := heap.Pop(&c.agenda).(dueItem)
		ids = append(ids, it.id)
	}
	return ids
}

type dueItem struct {
	id uint64
	at time.Time
}

// agenda is a min-heap of due times with one entry per open table, in
// memory or not.
type agenda struct {
	items []dueItem
	pos   map[uint64]int
}

// set moves, adds or (for the zero time) removes a table's entry; it says
// whether the entry became the earliest.
func (a *agenda) set(id uint64, at time.Time) (earliest bool) {
	if a.pos == nil {
		a.pos = map[uint64]int{}
	}
	i, ok := a.pos[id]
	switch {
	case at.IsZero() && ok:
		heap.Remove(a, i)
		return false
	case at.IsZero():
		return false
	case ok:
		a.items[i].at = at
		heap.Fix(a, i)
	default:
		heap.Push(a, dueItem{id: id, at: at})
	}
	return a.items[0].id == id
}

func (a *agenda) Len() int           { return len(a.items) }
func (a *agenda) Less(i, j int) bool { return a.items[i].at.Before(a.items[j].at) }
func (a *agenda) Swap(i, j int) {
	a.items[i], a.items[j] = a.items[j], a.items[i]
	a.pos[a.items[i].id] = i
	a.pos[a.items[j].id] = j
}
func (a *agenda) Push(x any) {
	it := x.(dueItem)
	a.pos[it.id] = len(a.items)
	a.items = append(a.items, it)
}
func (a *agenda) Pop() any {
	it := a.items[len(a.items)-1]
	a.items = a.items[:len(a.items)-1]
	delete(a.pos, it.id)
	return it
}

// dueIndexStore is a store whose due index may predate some tables' due
// times (a file written before the index existed): the store/bolt store.
type dueIndexStore interface {
	DueIndexComplete() (bool, error)
	SetDueIndexComplete() error
}

// completeDueIndex saves every open table once with its due time and its
// seated users when the store says its indexes may miss some (a file
// written before them), then records that they do not. It is the one time
// the core reads every open table; none stays in memory.
func (c *Core) completeDueIndex() error {
	ds, ok := c.st.(dueIndexStore)
	if !ok {
		return nil
	}
	done, err := ds.DueIndexComplete()
	if err != nil || done {
		return err
	}
	recs, err := c.st.OpenTables()
	if err != nil {
		return fmt.Errorf("bot: filling the indexes: %w", err)
	}
	for _, rec := range recs {
		if chat.Is(rec.Chat) {
			continue // a challenge's attempt: the challenge's own table, not the core's
		}
		t, err := loadTable(rec)
		if err != nil {
			c.log.Error("table not loaded", "table", rec.ID, "chat", rec.Chat, "err", err)
			continue
		}
		if err := c.save(t, nil); err != nil {
			return fmt.Errorf("bot: filling the indexes: %w", err)
		}
	}
	c.dueMu.Lock()
	c.agenda = agenda{} // readAgenda reads it whole from the index
	c.dueMu.Unlock()
	return ds.SetDueIndexComplete()
}

// farFuture is after every due time the store can keep.
var farFuture = time.Unix(1<<62, 0)

// readAgenda fills the agenda from the store's due index.
func (c *Core) readAgenda() error {
	due, err := c.st.Due(farFuture, 0)
	if err != nil {
		return fmt.Errorf("bot: reading the due index: %w", err)
	}
	c.dueMu.Lock()
	defer c.dueMu.Unlock()
	c.agenda.items = make([]dueItem, 0, len(due))
	c.agenda.pos = make(map[uint64]int, len(due))
	for _, d := range due {
		c.agenda.pos[d.ID] = len(c.agenda.items)
		c.agenda.items = append(c.agenda.items, dueItem{id: d.ID, at: d.At})
	}
	heap.Init(&c.agenda) // already in order: Init checks it in linear time
	return nil
}
