package bot

import (
	"context"
	"errors"
	"maps"
	"slices"
	"time"

	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/store"
)

// Several processes on one store (store.Shared, store/postgres): any
// process may play any table, so a table in this process's memory may be
// behind the store. Three rules keep every process right:
//
//   - Before a table is changed, its version in the store is compared with
//     the copy's (lockLive): a copy another process moved on from is
//     dropped and the table read again. A typed move skips that read (one
//     round trip a move) and reads the version only when refused (move).
//     Save checks the version inside its statement (the row locked); a
//     save refused as stale, chained saves included (settle), drops the
//     copy too, and the command is run again on the fresh one
//     (handleFresh): nothing changed, so running it again is safe.
//   - What falls due is claimed for a lease (store.Shared.ClaimDue), so
//     that the processes share the deadlines; a deadline acted on by two
//     processes at once is still acted on once, since the second save is
//     stale and the fresh copy no longer has it due.
//   - One process at a time shows a table's outbox, holding its delivery
//     lease, and what it took is saved as InFlight before it is sent and
//     cleared once it was: another process neither shows it again nor, if
//     the deliverer's process dies, loses it (it shows it again, as a
//     crash does with one process). A store.Deliverer takes the lease in
//     the save of InFlight and gives it back in the save that clears it.

const (
	// sharedPoll is how often a process looks for what other processes
	// saved for it to do: deadlines due, outboxes left unshown.
	sharedPoll = time.Second
	// unshownPoll is how often it looks for outboxes a dead process left.
	unshownPoll = 5 * time.Second
	// DefaultLease bounds how long a dead process's claims (a table due, a
	// table's delivery) keep the others from it, when Options.Lease is 0.
	DefaultLease = 30 * time.Second
	// deliveryBusyWait paces a deliverer waiting for another process to
	// finish showing the same table; deliveryBusyTries bounds the wait (the
	// unshown poll picks up what is left).
	deliveryBusyWait  = 100 * time.Millisecond
	deliveryBusyTries = 50
	// freshTries bounds how often a command, or a bot's reply, is played
	// again at once after another process moved its table.
	freshTries = 5
)

// handleFresh runs a command, and runs it again when it was refused after
// this process found its table moved by another process (a stale save, a
// dropped copy): the refusal came from an old copy.
func (c *Core) handleFresh(ctx context.Context, cmd Command) []Out {
	for try := 1; ; try++ {
		before := c.moved.Load()
		outs := c.handle(ctx, cmd)
		if c.shared == nil || try == freshTries || c.moved.Load() == before || !refused(outs) {
			return outs
		}
	}
}

func refused(outs []Out) bool {
	return len(outs) > 0 && outs[0].Refusal
}

// movedElsewhere drops a table's copy that another process moved on from:
// it leaves memory, and whoever holds it takes the copy read again
// (lockLive). The caller holds the table's lock.
func (c *Core) movedElsewhere(t *Table) {
	c.moved.Add(1)
	t.evicted = true
	c.mu.Lock()
	c.removeLocked(t)
	c.mu.Unlock()
}

// behind tells whether a locked table's copy is behind the store: another
// process saved it since it was read. A store that cannot tell (an error)
// lets the change go on: Save checks the version again.
func (c *Core) behind(t *Table) bool {
	if c.shared == nil || t.ID == 0 {
		return false
	}
	v, err := c.shared.TableVersion(t.ID)
	switch {
	case errors.Is(err, store.ErrNotFound):
		return true // deleted by another process: read again, not found
	case err != nil:
		c.log.Warn("table version not read", "table", t.ID, "err", err)
		return false
	}
	return v != t.version
}

// sharedDue adds to what the local agenda says is due the tables due that
// this process claims from the store: deadlines other processes set.
func (c *Core) sharedDue(now time.Time, ids []uint64) []uint64 {
	if c.shared == nil {
		return ids
	}
	due, err := c.shared.ClaimDue(now, 256, c.opts.Lease)
	if err != nil {
		c.log.Warn("due tables not claimed", "err", err)
		return ids
	}
	for _, d := range due {
		if !slices.Contains(ids, d.ID) {
			ids = append(ids, d.ID)
		}
	}
	return ids
}

// pickUpUnshown starts the delivery of the outboxes saved but not shown
// that no deliverer of this process runs for: another process's, dead
// before it showed them, or one whose lease this process waited for in
// vain. A live process's lease keeps the deliverer from showing anything
// twice.
func (c *Core) pickUpUnshown() {
	recs, err := c.st.Unshown()
	if err != nil {
		c.log.Warn("unshown tables not read", "err", err)
		return
	}
	for _, rec := range recs {
		if c.delivering(rec.ID) {
			continue
		}
		t := c.table(rec.ID)
		if t == nil && rec.Finished {
			if t, err = loadTable(rec); err != nil {
				continue
			}
		}
		if t == nil {
			continue
		}
		if t = c.lockToShow(t); t != nil {
			if t.Outbox.pending() || t.InFlight != nil {
				c.kick(t)
			}
			t.mu.Unlock()
		}
	}
}

// lockToShow locks the table whose outbox is shown: the copy in memory, or,
// once the game is over (a finished table leaves memory), the copy read
// from the store now, so that another process's last batch is shown too.
func (c *Core) lockToShow(t *Table) *Table {
	id := t.ID
	if t = c.lockLive(t); t != nil || c.shared == nil {
		return t
	}
	rec, err := c.st.Table(id)
	if err != nil || !rec.Finished {
		return nil
	}
	if t, err = loadTable(rec); err != nil {
		c.log.Error("finished table not loaded", "table", id, "err", err)
		return nil
	}
	t.mu.Lock()
	return t
}

// lockSaved is lockToShow for a change that only a save checks: the
// copy's version is not read from the store first, since the save compares
// it in its own statement; a stale save drops the copy (movedElsewhere),
// and the caller, trying again, locks the table read again.
func (c *Core) lockSaved(t *Table) *Table {
	t.mu.Lock()
	if !t.evicted {
		return t
	}
	t.mu.Unlock()
	return c.lockToShow(t)
}

// with is the outbox o followed by the batches of later not yet taken: what
// a deliverer shows when a dead process's deliverer left o in flight.
func (o Outbox) with(later Outbox) Outbox {
	if !later.pending() {
		return o
	}
	m := o
	m.Seq = later.Seq
	m.Says = append(slices.Clip(o.Says), later.Says...)
	m.Board = o.Board || later.Board
	m.Public = append(slices.Clip(o.Public), later.Public...)
	m.Moves = o.Moves + later.Moves
	if len(later.Private) > 0 {
		m.Private = maps.Clone(o.Private)
		if m.Private == nil {
			m.Private = map[int][]i18n.Msg{}
		}
		for s, msgs := range later.Private {
			m.Private[s] = append(slices.Clip(m.Private[s]), msgs...)
		}
	}
	if len(later.Pending) > 0 {
		m.Pending = maps.Clone(o.Pending)
		if m.Pending == nil {
			m.Pending = map[int][]PendingNote{}
		}
		for s, notes := range later.Pending {
			m.Pending[s] = append(slices.Clip(m.Pending[s]), notes...)
		}
	}
	m.Tell = slices.Clip(o.Tell)
	for _, s := range later.Tell {
		if !slices.Contains(m.Tell, s) {
			m.Tell = append(m.Tell, s)
		}
	}
	return m
}

// landed records, on a shared store, that the batches up to seq were
// shown: the table's InFlight is cleared and saved, then the store's index
// of unshown tables told. On a store.Deliverer the save does both and
// gives the delivery lease back: released says it did.
func (c *Core) landed(t *Table, seq uint64) (released bool) {
	for range freshTries {
		was := t
		if t = c.lockSaved(t); t == nil {
			return false
		}
		if t != was {
			// Read again: the notes set while showing ride this save.
			carryNotes(was, t)
		}
		t.showing = false
		if t.InFlight == nil || t.InFlight.Seq > seq {
			t.mu.Unlock()
			return false
		}
		t.InFlight = nil
		t.lazy = true
		if c.joined != nil {
			t.lease = &leaseStep{shown: seq}
		}
		err := c.save(t, nil)
		t.mu.Unlock()
		if err == nil {
			if c.joined != nil {
				return true
			}
			// A save only raises the unshown index: Shown lowers it,
			// unless a later batch was saved since.
			if err := c.st.Shown(t.ID, seq); err != nil {
				c.log.Warn("outbox shown, not recorded", "table", t.ID, "err", err)
			}
			return false
		}
		if !errors.Is(err, store.ErrStale) {
			return false // shown again after a restart: nothing lost
		}
	}
	return false
}

// carryNotes sets on a copy read again the notes its dropped copy had not
// saved. The dropped copy's lock was held since it was dropped, and
// nobody changes a dropped copy.
func carryNotes(from, to *Table) {
	for k, v := range from.notesUnsaved {
		if to.Notes == nil {
			to.Notes = map[string]string{}
		}
		if to.notesUnsaved == nil {
			to.notesUnsaved = map[string]string{}
		}
		to.Notes[k], to.notesUnsaved[k] = v, v
	}
}

// stopShowing ends a delivery that did not record its batch shown
// (landed): the notes set meanwhile are saved now, before the delivery
// lease is given back.
func (c *Core) stopShowing(t *Table) {
	t.mu.Lock()
	defer c.unlock(t)
	if t.evicted || !t.showing {
		return
	}
	t.showing = false
	if len(t.notesUnsaved) > 0 {
		t.lazy = true
		c.keep(t, t.snapshot())
	}
}

// leaseStep is the step of a table's delivery its next save takes with it
// on a store.Deliverer (Table.lease): the lease taken (claim), or the
// batches up to shown recorded shown and the lease given back.
type leaseStep struct {
	claim bool
	shown uint64
}

// errLeaseHeld is a save joined with the delivery lease's taking that
// another process's lease kept from writing anything.
var errLeaseHeld = errors.New("bot: another process shows the table")

// saveLeased writes a table's record with its delivery's step (Core.save).
func (c *Core) saveLeased(rec store.Table, l *leaseStep) error {
	if !l.claim {
		return c.joined.SaveShown(rec, l.shown)
	}
	ok, err := c.joined.SaveClaiming(rec, c.opts.Lease)
	if err == nil && !ok {
		err = errLeaseHeld
	}
	return err
}

// releaseDelivery gives a table's delivery lease back.
func (c *Core) releaseDelivery(id uint64) {
	if err := c.shared.ReleaseDelivery(id); err != nil {
		c.log.Warn("delivery lease not given back", "table", id, "err", err)
	}
}

// Seen is the store's memory of the platforms' event ids, for the
// adapters (a Telegram update played once across processes); nil when the
// store has none.
func (c *Core) Seen() store.Deduper {
	d, _ := c.opts.Store.(store.Deduper)
	return d
}

// Shared tells whether other processes share the store: then what an
// adapter remembers of a table (its board message) may be stale, and it
// reads the table's notes instead.
func (c *Core) Shared() bool { return c.shared != nil }
