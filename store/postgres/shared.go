package postgres

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/tablee/tablee/store"
)

// What several processes share (store.Shared). Leases are times of the
// database's clock (now()), so that the processes' clocks need not agree.

// TableVersion is the table's version as stored now.
func (s *Store) TableVersion(id uint64) (uint64, error) {
	ctx, cancel := s.ctx()
	defer cancel()
	var v int64
	err := s.pool.QueryRow(ctx, "SELECT version FROM tables WHERE id = $1", int64(id)).Scan(&v)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, store.ErrNotFound
	}
	return uint64(v), s.wrap(fmt.Sprintf("reading the version of table %d", id), err)
}

// ClaimDue claims for lease the unfinished tables due by before that no
// process claimed within its lease. FOR UPDATE SKIP LOCKED passes over the
// rows another process is claiming or saving at that moment, so that two
// processes claiming at once share the tables rather than wait. A Save
// clears the claim: the table's next due time is a new thing to claim.
func (s *Store) ClaimDue(before time.Time, limit int, lease time.Duration) ([]store.DueTable, error) {
	if limit <= 0 {
		limit = 1 << 30
	}
	if before.After(farFuture) {
		before = farFuture
	}
	out, err := s.dueRows("claiming the due tables", `
UPDATE tables SET due_claim_until = now() + $3 * interval '1 microsecond', due_claim_by = $4
WHERE id IN (
	SELECT id FROM tables
	WHERE NOT finished AND due <= $1 AND (due_claim_until IS NULL OR due_claim_until < now())
	ORDER BY due, id LIMIT $2
	FOR UPDATE SKIP LOCKED)
RETURNING id, due`, before.UTC(), limit, lease.Microseconds(), s.owner)
	slices.SortFunc(out, func(a, b store.DueTable) int {
		if c := a.At.Compare(b.At); c != 0 {
			return c
		}
		return int(a.ID) - int(b.ID)
	})
	return out, err
}

// ClaimDelivery takes or renews the lease of showing a table's outbox.
func (s *Store) ClaimDelivery(id uint64, lease time.Duration) (bool, error) {
	ctx, cancel := s.ctx()
	defer cancel()
	tag, err := s.lazyExec(ctx, `
UPDATE tables SET delivery_until = now() + $2 * interval '1 microsecond', delivery_by = $3
WHERE id = $1 AND (delivery_until IS NULL OR delivery_until < now() OR delivery_by = $3)`,
		int64(id), lease.Microseconds(), s.owner)
	if err != nil {
		return false, s.wrap(fmt.Sprintf("claiming the delivery of table %d", id), err)
	}
	return tag.RowsAffected() == 1, nil
}

// ReleaseDelivery gives this process's delivery lease back.
func (s *Store) ReleaseDelivery(id uint64) error {
	ctx, cancel := s.ctx()
	defer cancel()
	err := s.lazily(ctx, "UPDATE tables SET delivery_until = NULL, delivery_by = NULL WHERE id = $1 AND delivery_by = $2", int64(id), s.owner)
	return s.wrap(fmt.Sprintf("releasing the delivery of table %d", id), err)
}

// Claim takes a platform event for the caller to play (store.Deduper), in
// one statement: a new id, or one whose claim lapsed, is claimed; one
// played or claimed until later is left as it is, and read. Every 1,000th
// call forgets the ids older than a day.
func (s *Store) Claim(key string, lease time.Duration) (store.Claim, error) {
	ctx, cancel := s.ctx()
	defer cancel()
	if s.seen.Add(1)%1000 == 0 {
		if err := s.pruneSeen(ctx); err != nil {
			return store.ClaimHeld, err
		}
	}
	var played bool
	// A claim's commit is not waited for (the lazy pool): it is seen by
	// the other processes as soon as it commits, and only a crash of the
	// database may lose it, with the unanswered update it claimed (the
	// play's save, waiting for the disk, fails with the connection; a
	// later one that succeeds flushes the claim with it), so that the
	// update comes again and is claimed again. One wait for the disk less
	// on the answer's path.
	err := s.lazyPool.QueryRow(ctx, `
INSERT INTO seen (key, played, claimed_until) VALUES ($1, false, now() + $2 * interval '1 microsecond')
ON CONFLICT (key) DO UPDATE SET claimed_until = EXCLUDED.claimed_until
	WHERE NOT seen.played AND seen.claimed_until < now()
RETURNING false`, key, lease.Microseconds()).Scan(&played)
	if err == nil {
		return store.ClaimFresh, nil
	}
	if !errors.Is(err, pgx.ErrNoRows) {
		return store.ClaimHeld, s.wrap("claiming event "+key, err)
	}
	// Not taken: played, or claimed by someone whose lease lasts.
	err = s.pool.QueryRow(ctx, "SELECT played FROM seen WHERE key = $1", key).Scan(&played)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return store.ClaimHeld, nil // forgotten meanwhile: a day old
	case err != nil:
		return store.ClaimHeld, s.wrap("reading event "+key, err)
	case played:
		return store.ClaimPlayed, nil
	}
	return store.ClaimHeld, nil
}

// Played records that a claimed event was played (store.Deduper). Its
// commit is not waited for: lost in a crash, the event's next delivery
// plays it again, and a move played twice is refused by its table.
func (s *Store) Played(key string) error {
	ctx, cancel := s.ctx()
	defer cancel()
	err := s.lazily(ctx, "UPDATE seen SET played = true, claimed_until = NULL WHERE key = $1 AND NOT played", key)
	return s.wrap("recording event "+key+" played", err)
}

func (s *Store) pruneSeen(ctx context.Context) error {
	_, err := s.pool.Exec(ctx, "DELETE FROM seen WHERE at < now() - $1 * interval '1 microsecond'", store.SeenFor.Microseconds())
	return s.wrap("forgetting old events", err)
}

// Owner is this process's name in the leases it takes.
func (s *Store) Owner() string { return s.owner }
