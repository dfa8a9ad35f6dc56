package postgres

import (
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/tablee/tablee/store"
)

// What `tablee migrate` writes (store.Importer). Each call replaces what the
// database holds under the same id or key, so that a copy run again writes
// the same thing.

// ImportTable writes a table as exported, with its whole log, at version
// 1: a table read at version 0 is one never saved (Save inserts it), so a
// copied table kept at 0 could never be saved again.
func (s *Store) ImportTable(t store.Table, moves []store.Move) error {
	ctx, cancel := s.ctx()
	defer cancel()
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, "DELETE FROM tables WHERE id = $1", int64(t.ID)); err != nil {
			return err
		}
		seated := t.Seated
		if seated == nil {
			seated = []string{}
		}
		_, err := tx.Exec(ctx, `
INSERT INTO tables (id, chat, game, finished, finished_at, data, due, seated, unshown, last_move, version)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 1)`,
			int64(t.ID), t.Chat, t.Game, t.Finished, nullTime(t.FinishedAt), t.Data, nullTime(t.Due), seated, int64(t.Unshown), int64(len(moves)))
		if err != nil {
			return err
		}
		rows := make([][]any, len(moves))
		for i, m := range moves {
			rows[i] = []any{int64(t.ID), int64(m.Seq), m.At.UTC(), m.Seat, m.User, m.Text}
		}
		_, err = tx.CopyFrom(ctx, pgx.Identifier{"moves"}, []string{"table_id", "seq", "at", "seat", "user_id", "text"}, pgx.CopyFromRows(rows))
		return err
	})
	return s.wrap(fmt.Sprintf("importing table %d", t.ID), err)
}

// ImportUser writes a user record.
func (s *Store) ImportUser(u store.User) error { return s.SaveUser(u) }

// ImportRatings writes rating records and marks tables rated.
func (s *Store) ImportRatings(rs []store.Rating, rated []uint64) error {
	ctx, cancel := s.ctx()
	defer cancel()
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if err := putRatings(ctx, tx, rs); err != nil {
			return err
		}
		b := &pgx.Batch{}
		for _, id := range rated {
			b.Queue("INSERT INTO rated (table_id) VALUES ($1) ON CONFLICT DO NOTHING", int64(id))
		}
		return tx.SendBatch(ctx, b).Close()
	})
	return s.wrap("importing the ratings", err)
}

// ReserveTableIDs makes NewTableID give next or a later id.
func (s *Store) ReserveTableIDs(next uint64) error {
	if next <= 1 {
		return nil
	}
	ctx, cancel := s.ctx()
	defer cancel()
	// setval(n, true): the next nextval is n+1.
	_, err := s.pool.Exec(ctx, `
SELECT setval('table_ids', $1, true)
FROM table_ids WHERE NOT is_called OR last_value < $1`, int64(next-1))
	return s.wrap("reserving the table ids", err)
}
