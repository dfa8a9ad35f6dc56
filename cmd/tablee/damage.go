package main

import (
	"context"
	"sync"
)

// damageStop ends a run when the data file is found damaged, or the disk
// under it failing (store.Unusable): by a move's save
// (bot.Options.OnDamaged), an automatic backup, a retention pass or a copy
// for tablee backup. The store may fault on every later write, so
// the run is cancelled (the adapters stop, the commands under way finish)
// and the error, which names the file, its newest backup and the way out,
// is what the process ends with.
type damageStop struct {
	cancel context.CancelFunc
	once   sync.Once
	mu     sync.Mutex
	err    error
}

// report records the first damage and cancels the run. It does not block.
func (d *damageStop) report(err error) {
	d.once.Do(func() {
		d.mu.Lock()
		d.err = err
		d.mu.Unlock()
		d.cancel()
	})
}

// Err is the damage reported, nil when none.
func (d *damageStop) Err() error {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.err
}
