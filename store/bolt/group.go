package bolt

import (
	"runtime/debug"
	"sync"

	"go.etcd.io/bbolt"
)

// groupCommit shares one transaction, and so one fsync, among the writes
// that arrive while another commit is on its way to the disk, without
// waiting for them on purpose.
//
// bbolt's own db.Batch waits a delay (MaxBatchDelay) for company before
// committing.
// Measured here, that wait, not the disk, was most of a move's latency when
// a few tables were busy at once (a p50 of 2.7 ms against 0.4 ms for one
// fsync'd update). Here the first writer commits at once; writers arriving
// meanwhile queue up, and when the commit is done the first of them commits
// the whole queue in one transaction. A write therefore waits at most for
// the commit in progress and its own: about two fsyncs, however busy the
// bot, while a busy bot still writes hundreds of saves per fsync.
//
// bbolt reads the file through a memory map: a damaged page can make a
// write transaction fault (SIGSEGV, SIGBUS) or panic as well as a read. The
// commit runs on the leading writer's goroutine, ours, so it turns faults
// into panics there (debug.SetPanicOnFault), recovers, and hands every
// writer of the group the damage error instead of crashing the process.
// After that the store takes no more writes: bbolt's state in memory may
// be half-way through a commit, and the process should stop.
type groupCommit struct {
	db *bbolt.DB
	// fault words the error of a transaction that panicked or faulted
	// (Store.fault: damage, or the disk's failure).
	fault func(what string, p any) error

	mu      sync.Mutex
	queue   []*writeCall
	leading bool  // a writer is committing
	broken  error // set once a write transaction panicked: every later write fails with it
	faults  bool  // broken by a panic (not by damage a Save found): reads stop too
}

type writeCall struct {
	fn   func(*bbolt.Tx) error
	done chan writeResult
}

// writeResult is either the call's outcome, or the word that the call
// must now lead and commit the queue itself.
type writeResult struct {
	err  error
	lead bool
}

// maxGroup bounds one transaction: a huge one would make every caller in it
// wait for all of it.
const maxGroup = MaxBatchSize

// run executes fn in a durable transaction shared with concurrent writes.
// fn may run more than once (after a failure of another write in its
// group the rest are committed again), so it must be idempotent.
func (g *groupCommit) run(fn func(*bbolt.Tx) error) error {
	call := &writeCall{fn: fn, done: make(chan writeResult, 1)}
	g.mu.Lock()
	if g.broken != nil {
		err := g.broken
		g.mu.Unlock()
		return err
	}
	g.queue = append(g.queue, call)
	if g.leading {
		g.mu.Unlock()
		res := <-call.done
		if !res.lead {
			return res.err
		}
	} else {
		g.leading = true
		g.mu.Unlock()
	}
	// This writer leads: it commits what has queued up, its own call
	// included, then hands the lead to the next writer in the queue.
	g.mu.Lock()
	n := min(len(g.queue), maxGroup)
	group := g.queue[:n:n]
	g.queue = g.queue[n:]
	g.mu.Unlock()

	g.commit(group)

	g.mu.Lock()
	if len(g.queue) > 0 {
		g.queue[0].done <- writeResult{lead: true}
	} else {
		g.leading = false
	}
	g.mu.Unlock()
	res := <-call.done
	return res.err
}

// commit runs a group in one transaction. A call that fails is told so and
// left out, and the others are committed again without it: one refused
// save (a move out of sequence) must not fail its neighbours.
func (g *groupCommit) commit(group []*writeCall) {
	for len(group) > 0 {
		g.mu.Lock()
		broken := g.broken
		g.mu.Unlock()
		if broken != nil {
			for _, c := range group {
				c.done <- writeResult{err: broken}
			}
			return
		}
		failed, err := g.update(group)
		if err == nil {
			for _, c := range group {
				c.done <- writeResult{}
			}
			return
		}
		if failed < 0 {
			// The commit itself failed (disk full, file closed, a damaged
			// page): every call of the group shares that fate.
			for _, c := range group {
				c.done <- writeResult{err: err}
			}
			return
		}
		group[failed].done <- writeResult{err: err}
		group = append(group[:failed:failed], group[failed+1:]...)
	}
}

// update runs the group's calls in one transaction. It returns the index of
// the call that failed, or -1 when the transaction as a whole did (its
// commit, or a panic).
func (g *groupCommit) update(group []*writeCall) (failed int, err error) {
	failed = -1
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if p := recover(); p != nil {
			// db.Update has rolled the transaction back on its way out.
			failed = -1
			err = g.fault("a write transaction failed reading it", p)
			g.mu.Lock()
			g.broken, g.faults = err, true
			g.mu.Unlock()
		}
	}()
	err = g.db.Update(func(tx *bbolt.Tx) error {
		for i, c := range group {
			if err := c.fn(tx); err != nil {
				failed = i
				return err
			}
		}
		return nil
	})
	return failed, err
}

// breakWith makes every later write fail with err: damage was found by a
// write outside a transaction of the group (a Save checked against the
// view, journal.go).
func (g *groupCommit) breakWith(err error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.broken == nil {
		g.broken = err
	}
}

// faulted is the error of a write transaction that panicked, nil when none
// did.
func (g *groupCommit) faulted() error {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.faults {
		return g.broken
	}
	return nil
}
