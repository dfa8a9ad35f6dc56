package main

import (
	"context"
	"errors"
	"log/slog"
	"sync/atomic"
	"time"

	"github.com/tablee/tablee/config"
	"github.com/tablee/tablee/store"
	"github.com/tablee/tablee/store/bolt"
)

// retentionEvery is how often the retention of finished games is applied:
// it goes by days, and a pass reads every table's header.
const retentionEvery = time.Hour

// upkeep takes the automatic backups of the data file and applies the
// retention of finished games, on a goroutine of its own, off the way of
// the moves (a backup is one read transaction: saves go on meanwhile; a
// retention pass deletes in small transactions that saves share). A stop
// does not wait for a backup under way: it is abandoned (no file is left
// under a backup's name, bolt.Store.AutoBackupContext), and the next run
// takes it at start-up, its newest being older than every.
type upkeep struct {
	st        retainer
	backups   *bolt.Store   // whose file is backed up; nil for none (PostgreSQL)
	every     time.Duration // between two backups; 0: none
	keep      int           // automatic backups kept
	retention time.Duration // finished games older than this are deleted; 0: kept
	log       *slog.Logger
	// damaged is told when a backup or a retention pass finds the data
	// file damaged: then the upkeep stops, and the process should too.
	damaged func(error)

	now  func() time.Time
	wait func(ctx context.Context, d time.Duration) bool // false when ctx is done first

	// copying is set while a backup is being written: a stop that outlasts
	// its deadline says so (stopWatch), a backup holding the saves back.
	copying atomic.Bool
}

// retainer is a store that deletes finished games: store/bolt and
// store/postgres.
type retainer interface {
	DeleteFinished(cutoff time.Time) (int, error)
}

func newUpkeep(st retainer, every time.Duration, keep int, retention time.Duration, log *slog.Logger, damaged func(error)) *upkeep {
	u := &upkeep{st: st, every: every, keep: keep, retention: retention, log: log, damaged: damaged,
		now: time.Now, wait: sleep}
	if b, ok := st.(*bolt.Store); ok {
		u.backups = b
	} else {
		u.every = 0 // a database is backed up by its own tools (docs/postgres.md)
	}
	return u
}

func sleep(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return false
	case <-t.C:
		return true
	}
}

// run works until ctx is done or the file is found damaged. A backup is
// taken at once when the newest is older than every (or there is none),
// then every `every`; retention is applied at once, then every hour.
func (u *upkeep) run(ctx context.Context) {
	if u.every <= 0 && u.retention <= 0 {
		return
	}
	var nextBackup, nextRetention time.Time
	now := u.now()
	if u.every > 0 {
		nextBackup = now
		if all, err := bolt.Backups(u.backups.Path()); err == nil && len(all) > 0 {
			nextBackup = all[0].Time.Add(u.every)
			u.log.Info("automatic backups", "every", config.Duration(u.every), "keep", u.keep, "newest", all[0].Path, "next", nextBackup.UTC().Format(time.RFC3339))
		}
	}
	if u.retention > 0 {
		nextRetention = now
	}
	for {
		now = u.now()
		if !nextBackup.IsZero() && !now.Before(nextBackup) {
			if !u.backup(ctx) {
				return
			}
			nextBackup = now.Add(u.every)
		}
		if !nextRetention.IsZero() && !now.Before(nextRetention) {
			if !u.applyRetention(now) {
				return
			}
			nextRetention = now.Add(retentionEvery)
		}
		next := nextBackup
		if next.IsZero() || (!nextRetention.IsZero() && nextRetention.Before(next)) {
			next = nextRetention
		}
		if !u.wait(ctx, next.Sub(u.now())) {
			return
		}
	}
}

// backup takes one automatic backup; false when the file is damaged, or
// when ctx ended (the stop began) and the backup was abandoned.
func (u *upkeep) backup(ctx context.Context) bool {
	start := time.Now()
	u.copying.Store(true)
	b, err := u.backups.AutoBackupContext(ctx, u.keep)
	u.copying.Store(false)
	if err != nil && ctx.Err() != nil && errors.Is(err, ctx.Err()) {
		u.log.Info("automatic backup abandoned: the stop began", "after", time.Since(start).Round(time.Millisecond))
		return false
	}
	if err != nil {
		return u.failed("automatic backup failed", err)
	}
	u.log.Info("automatic backup taken", "path", b.Path, "bytes", b.Size, "took", time.Since(start).Round(time.Millisecond), "keep", u.keep)
	return true
}

// applyRetention deletes the games finished before now - retention; false
// when the file is damaged.
func (u *upkeep) applyRetention(now time.Time) bool {
	cutoff := now.Add(-u.retention)
	n, err := u.st.DeleteFinished(cutoff)
	if err != nil {
		return u.failed("retention of finished games failed", err)
	}
	if n > 0 {
		u.log.Info("finished games deleted by retention", "deleted", n, "finished_before", cutoff.UTC().Format(time.DateOnly), "retention", config.Duration(u.retention))
	}
	return true
}

// failed logs a failure; damage (or a disk that failed) also stops the
// upkeep and is handed on.
// Anything else (a full disk) is tried again at the next turn.
func (u *upkeep) failed(what string, err error) bool {
	u.log.Error(what, "err", err)
	if store.Unusable(err) {
		if u.damaged != nil {
			u.damaged(err)
		}
		return false
	}
	return true
}
