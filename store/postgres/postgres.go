// Package postgres implements the store contract (store.Store) on
// PostgreSQL, for several tablee processes sharing one database
// (store.Shared: versions, due tables and deliveries claimed for a lease;
// store.Deduper; store.Importer for `tablee migrate`). store/bolt stays the
// embedded store of one process.
//
// A Save is one statement, one round trip and its own transaction: it
// writes the table, its move and its indexes only at the version the
// caller read (store.ErrStale otherwise), and commits with
// synchronous_commit on, so that an answered move is on the server's disk.
// What need not wait for the disk (leases, what was shown, an update's
// claim) goes through a second pool whose connections commit without
// waiting. A person's move and the bot's reply, chained (store.Chainer,
// chain.go), are one such statement; a delivery's lease rides the saves of
// what it takes and of what it showed (store.Deliverer).
// The schema is versioned in the code (schema.go) and migrated at Open.
package postgres

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tablee/tablee/internal/redact"
	"github.com/tablee/tablee/store"
)

// ErrSchema: the database holds a later schema than this tablee knows.
// A Save's refusals are the store's own (store.ErrMoveSeq, ErrChatBusy,
// ErrBadTable); nothing was written.
var ErrSchema = errors.New("store/postgres: database of a later schema version")

// Options tune a Store; the zero value is fine.
type Options struct {
	// MaxConns bounds the connection pool (default: pgxpool's, 4 or the
	// number of CPUs).
	MaxConns int32
	// Timeout bounds each call (default 30 s).
	Timeout time.Duration
	// Tracer, when set, is told of every statement and batch sent (pgx's
	// tracers: a QueryTracer that may also be a BatchTracer and a
	// PrepareTracer); the tests count the round trips of a move with it.
	Tracer pgx.QueryTracer
}

// Store is a tablee store on one PostgreSQL database.
type Store struct {
	pool *pgxpool.Pool
	// lazyPool's connections commit without waiting for the disk
	// (synchronous_commit off): the writes whose loss in a crash of the
	// database only shows a batch again or delays a claim (lazily).
	lazyPool *pgxpool.Pool
	url      string // for tests that open the same database again
	timeout  time.Duration
	// owner names this process in the leases it takes.
	owner string
	red   *redact.Redactor
	seen  atomic.Uint64 // Claim calls, to prune now and then
	// chains are the tables' chained saves not sent yet (chain.go).
	chainMu sync.Mutex
	chains  map[uint64]*chain
	// listen is the configuration of ListenShown's own connection
	// (notify.go), out of the pools.
	listen *pgx.ConnConfig
}

var (
	_ store.Store    = (*Store)(nil)
	_ store.Shared   = (*Store)(nil)
	_ store.Deduper  = (*Store)(nil)
	_ store.Importer = (*Store)(nil)
	_ store.Notifier = (*Store)(nil)
)

// Open connects to the database at dsn (a postgres:// URL or key=value
// string) and brings its schema up to date.
func Open(dsn string, opts Options) (*Store, error) {
	red := redact.New(redact.DatabasePasswords(dsn)...)
	cfg, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		return nil, fmt.Errorf("store/postgres: the database address: %s", red.String(err.Error()))
	}
	// The password the driver found elsewhere ($PGPASSWORD, .pgpass) too.
	red = red.With(cfg.ConnConfig.Password)
	if opts.MaxConns > 0 {
		cfg.MaxConns = opts.MaxConns
	}
	// What an answered move needs, whatever the server's default.
	cfg.ConnConfig.RuntimeParams["synchronous_commit"] = "on"
	cfg.ConnConfig.RuntimeParams["application_name"] = "tablee"
	cfg.ConnConfig.Tracer = opts.Tracer
	if opts.Timeout <= 0 {
		opts.Timeout = 30 * time.Second
	}
	s := &Store{url: dsn, timeout: opts.Timeout, owner: owner(), red: red, listen: cfg.ConnConfig.Copy()}
	ctx, cancel := s.ctx()
	defer cancel()
	if s.pool, err = pgxpool.NewWithConfig(ctx, cfg); err != nil {
		return nil, s.wrap("connecting", err)
	}
	if err := s.pool.Ping(ctx); err != nil {
		s.pool.Close()
		return nil, s.wrap("connecting", err)
	}
	if err := s.migrate(ctx); err != nil {
		s.pool.Close()
		return nil, err
	}
	// The lazy writes' connections: their commits never wait for the disk.
	lazy := cfg.Copy()
	lazy.ConnConfig.RuntimeParams["synchronous_commit"] = "off"
	lazy.MaxConns = cfg.MaxConns
	if s.lazyPool, err = pgxpool.NewWithConfig(ctx, lazy); err != nil {
		s.pool.Close()
		return nil, s.wrap("connecting", err)
	}
	return s, nil
}

// owner is this process's name in the leases: host, pid and a random part
// (a pid is reused across restarts and containers).
func owner() string {
	host, _ := os.Hostname()
	var b [4]byte
	rand.Read(b[:])
	return fmt.Sprintf("%s-%d-%s", host, os.Getpid(), hex.EncodeToString(b[:]))
}

func (s *Store) ctx() (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.Background(), s.timeout)
}

// pgError is an error of the database with the address's password masked.
type pgError struct {
	msg   string
	cause error
}

func (e *pgError) Error() string { return e.msg }
func (e *pgError) Unwrap() error { return e.cause }

func (s *Store) wrap(what string, err error) error {
	if err == nil {
		return nil
	}
	var known *pgError
	if errors.As(err, &known) || errors.Is(err, store.ErrNotFound) || errors.Is(err, store.ErrStale) {
		return err
	}
	return &pgError{msg: s.red.String(fmt.Sprintf("store/postgres: %s: %v", what, err)), cause: err}
}

// refusal is a refused Save: its kind and a sentence.
func refusal(kind error, format string, args ...any) error {
	return &pgError{msg: fmt.Sprintf(format, args...), cause: kind}
}

// migrate applies the missing migrations in one transaction, under a lock
// that keeps two processes starting at once from both applying them.
func (s *Store) migrate(ctx context.Context) error {
	// Up to date: nothing to write, so that a role that may only read and
	// write rows starts too (docs/postgres.md, Roles).
	var v int
	if err := s.pool.QueryRow(ctx, "SELECT version FROM schema_version").Scan(&v); err == nil && v >= len(migrations) {
		if v > len(migrations) {
			return refusal(ErrSchema, "store/postgres: the database is at schema version %d, this tablee knows up to %d: run a newer tablee", v, len(migrations))
		}
		return nil
	}
	return s.wrap("migrating the schema", pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, "SELECT pg_advisory_xact_lock(7265636)"); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, "CREATE TABLE IF NOT EXISTS schema_version (version integer NOT NULL)"); err != nil {
			return err
		}
		var v int
		err := tx.QueryRow(ctx, "SELECT version FROM schema_version").Scan(&v)
		switch {
		case errors.Is(err, pgx.ErrNoRows):
			if _, err := tx.Exec(ctx, "INSERT INTO schema_version VALUES (0)"); err != nil {
				return err
			}
		case err != nil:
			return err
		}
		if v > len(migrations) {
			return refusal(ErrSchema, "store/postgres: the database is at schema version %d, this tablee knows up to %d: run a newer tablee", v, len(migrations))
		}
		for ; v < len(migrations); v++ {
			if _, err := tx.Exec(ctx, migrations[v]); err != nil {
				return fmt.Errorf("schema version %d: %w", v+1, err)
			}
		}
		_, err = tx.Exec(ctx, "UPDATE schema_version SET version = $1", v)
		return err
	}))
}

// Schema is the database's schema version.
func (s *Store) Schema() (int, error) {
	ctx, cancel := s.ctx()
	defer cancel()
	var v int
	err := s.pool.QueryRow(ctx, "SELECT version FROM schema_version").Scan(&v)
	return v, s.wrap("reading the schema version", err)
}

// Close releases the connections.
// PoolStat is the connection pool's figures, for the operator's metrics.
func (s *Store) PoolStat() *pgxpool.Stat { return s.pool.Stat() }

func (s *Store) Close() error {
	s.pool.Close()
	s.lazyPool.Close()
	return nil
}

// NewTableID reserves a fresh table id from a sequence: never given twice.
func (s *Store) NewTableID() (uint64, error) {
	ctx, cancel := s.ctx()
	defer cancel()
	var id int64
	err := s.pool.QueryRow(ctx, "SELECT nextval('table_ids')").Scan(&id)
	return uint64(id), s.wrap("reserving a table id", err)
}

// nullTime is a zero time as NULL.
func nullTime(t time.Time) any {
	if t.IsZero() {
		return nil
	}
	return t.UTC()
}

// Save writes the table and its move in one transaction (store.Store):
// one statement, one round trip. The row's version and the log's end are
// conditions of the statement itself (the row locked by its UPDATE, or a
// new row's INSERT), so that nothing is written when either is not what
// the caller read; only then is the row read again, to say why.
func (s *Store) Save(t store.Table, mv *store.Move) error {
	if ch := s.joinChain(t, mv); ch != nil {
		return s.send(ch) // with the chained saves it follows (chain.go)
	}
	return s.save(t, mv, nil)
}

// leaseStep is what a save of store.Deliverer does with the table's delivery
// lease besides: its statement (saveKnown's, with the lease's clauses) and
// the arguments that follow the table's ($12, $13).
type leaseStep struct {
	query string
	args  []any
}

// save is Save, joined with a step of the table's delivery when l is set
// (a table saved before, without a move or events played: what a delivery
// saves).
func (s *Store) save(t store.Table, mv *store.Move, l *leaseStep) error {
	what := fmt.Sprintf("saving table %d", t.ID)
	if t.Chat == "" {
		return refusal(store.ErrBadTable, "store/postgres: %s: no chat", what)
	}
	ctx, cancel := s.ctx()
	defer cancel()
	args := tableArgs(t)
	q := saveNew
	switch {
	case l != nil:
		q = l.query
		args = append(args, l.args...)
	case t.Version > 0:
		q = saveKnown
	}
	if mv != nil {
		args[9] = int64(mv.Seq)
		args = append(args, mv.At.UTC(), mv.Seat, mv.User, mv.Text)
	}
	if mv != nil || len(t.Played) > 0 {
		// The events the save plays are recorded played by the same
		// statement (store.Table.Played): with the table, or not at all.
		with := "WITH saved AS (" + q + " RETURNING id)"
		if len(t.Played) > 0 {
			args = append(args, t.Played)
			with += fmt.Sprintf(", played AS ("+playedWithSave+")", len(args))
		}
		last := "SELECT FROM saved"
		if mv != nil {
			last = saveMove
		}
		q = with + "\n" + last
	}
	var tag pgconn.CommandTag
	var err error
	if t.Lazy && mv == nil && len(t.Played) == 0 {
		tag, err = s.lazyExec(ctx, q, args...)
	} else {
		tag, err = s.pool.Exec(ctx, q, args...)
	}
	return s.saved(ctx, what, t, mv, tag, err)
}

// tableArgs are a save's first arguments: the table's columns ($1 … $9),
// its move's number ($10, NULL here) and the version read ($11).
func tableArgs(t store.Table) []any {
	// A finished table keeps the time it first finished, to the second
	// (the statement keeps the stored one).
	var fin any
	if t.Finished {
		fin = time.Now().UTC().Truncate(time.Second)
	}
	seated := t.Seated
	if seated == nil {
		seated = []string{}
	}
	var seq any // the move's number, NULL without one
	return []any{int64(t.ID), t.Chat, t.Game, t.Finished, fin, t.Data, nullTime(t.Due), seated, int64(t.Unshown), seq, int64(t.Version)}
}

// saved is what a save's statement did: nil, or why it wrote nothing (t
// and mv as the caller read them, the first move of the save).
func (s *Store) saved(ctx context.Context, what string, t store.Table, mv *store.Move, tag pgconn.CommandTag, err error) error {
	var pe *pgconn.PgError
	switch {
	case errors.As(err, &pe) && pe.Code == "23505" && pe.ConstraintName == "tables_open_chat":
		// The chat's open table may be this one, inserted meanwhile by a
		// save of the same new table (another process's): PostgreSQL checks
		// the chat's index before the id's conflict, which would have found
		// this save stale.
		var open int64
		if qerr := s.pool.QueryRow(ctx, "SELECT id FROM tables WHERE chat = $1 AND NOT finished", t.Chat).Scan(&open); qerr == nil && uint64(open) == t.ID {
			err = s.whyNotSaved(ctx, what, t, mv)
		} else {
			err = refusal(store.ErrChatBusy, "store/postgres: %s: chat %s already has an open table", what, t.Chat)
		}
	case err == nil && tag.RowsAffected() == 0:
		err = s.whyNotSaved(ctx, what, t, mv)
	}
	return s.wrap(what, err)
}

var _ store.Deliverer = (*Store)(nil)

// SaveClaiming saves a table and takes or renews this process's delivery
// lease of it, in one statement (store.Deliverer): the lease is a
// condition of the save, which writes nothing while another process
// holds it.
func (s *Store) SaveClaiming(t store.Table, lease time.Duration) (bool, error) {
	if mv, err := s.deliverySave(t); mv {
		return false, err
	}
	err := s.save(t, nil, &leaseStep{query: saveClaiming, args: []any{lease.Microseconds(), s.owner}})
	if errors.Is(err, errSameVersion) {
		return false, nil // the table as read: the lease is another's
	}
	return err == nil, err
}

// SaveShown saves a table, lowers its unshown index up to seq and gives
// this process's delivery lease back, in one statement
// (store.Deliverer).
func (s *Store) SaveShown(t store.Table, seq uint64) error {
	if mv, err := s.deliverySave(t); mv {
		return err
	}
	err := s.save(t, nil, &leaseStep{query: saveShown, args: []any{int64(seq), s.owner}})
	if errors.Is(err, errSameVersion) {
		err = store.ErrStale // changed and saved back between the two reads
	}
	return err
}

// deliverySave refuses what a delivery never saves, and so the joined
// statements do not cover: a table never saved, events played.
func (s *Store) deliverySave(t store.Table) (bool, error) {
	if t.Version == 0 || len(t.Played) > 0 {
		return true, fmt.Errorf("store/postgres: saving table %d with its delivery: a table saved before, with no event played, only", t.ID)
	}
	return false, nil
}

// The statements of a Save. $1 … $11 are the table's columns, the move's
// number ($10, NULL without a move) and the version read ($11); $12 … $15
// the move's other fields. The unshown index is raised, never lowered, by
// a save: a save of an older batch must not hide a later one (Shown lowers
// it). A save clears the due claim: the table's next due time is a new
// thing to claim.
const (
	// saveNew writes a table never saved: an id NewTableID gave, a log
	// that starts at move 1. A row of the same id inserted meanwhile by
	// another save (its INSERT waits for that one's commit) is left as it
	// is: nothing written, stale.
	saveNew = `
INSERT INTO tables (id, chat, game, finished, finished_at, data, due, seated, unshown, last_move, version)
SELECT $1::bigint, $2::text, $3::text, $4::boolean, $5::timestamptz, $6::bytea, $7::timestamptz, $8::text[], $9::bigint, coalesce($10::bigint, 0), 1
WHERE $11::bigint = 0 AND coalesce($10::bigint, 1) = 1
	AND EXISTS (SELECT FROM table_ids WHERE is_called AND last_value >= $1::bigint AND $1::bigint > 0)
ON CONFLICT (id) DO NOTHING`
	// saveKnown rewrites a table at the version read, its log ending just
	// before the move. A finished table keeps the time it first finished.
	saveKnown    = saveKnownSet + ", unshown = greatest(unshown, $9)" + saveKnownWhere
	saveKnownSet = `
UPDATE tables SET ` + saveColumns + `,
	last_move = coalesce($10::bigint, last_move), version = version + 1`
	// saveColumns are what every save of a known table writes.
	saveColumns = `chat = $2, game = $3, finished = $4,
	finished_at = CASE WHEN finished AND finished_at IS NOT NULL THEN finished_at ELSE $5 END,
	data = $6, due = $7, seated = $8, due_claim_until = NULL, due_claim_by = NULL`
	saveKnownWhere = `
WHERE id = $1 AND version = $11::bigint AND ($10::bigint IS NULL OR last_move = $10::bigint - 1)`
	// saveClaiming is saveKnown that takes the delivery lease for $12
	// microseconds as owner $13 (ClaimDelivery), only where no other
	// process holds it.
	saveClaiming = saveKnownSet + `, unshown = greatest(unshown, $9),
	delivery_until = now() + $12 * interval '1 microsecond', delivery_by = $13` + saveKnownWhere + `
	AND (delivery_until IS NULL OR delivery_until < now() OR delivery_by = $13)`
	// saveShown is saveKnown that lowers the unshown index when nothing
	// after batch $12 was saved (Shown) and gives owner $13's delivery
	// lease back (ReleaseDelivery), leaving another's as it is.
	saveShown = saveKnownSet + `,
	unshown = CASE WHEN greatest(unshown, $9) <= $12::bigint THEN 0 ELSE greatest(unshown, $9) END,
	delivery_until = CASE WHEN delivery_by = $13 THEN NULL ELSE delivery_until END,
	delivery_by = CASE WHEN delivery_by = $13 THEN NULL ELSE delivery_by END` + saveKnownWhere
	// playedWithSave records the events a save plays once the table is
	// saved: their claims' rows, or rows of their own where no claim was
	// written (a store that could not be asked).
	playedWithSave = `INSERT INTO seen (key, played, claimed_until)
SELECT k, true, NULL FROM unnest($%d::text[]) AS k WHERE EXISTS (SELECT FROM saved)
ON CONFLICT (key) DO UPDATE SET played = true, claimed_until = NULL`
	// saveMove appends the move to the log of the table saved.
	saveMove = "INSERT INTO moves (table_id, seq, at, seat, user_id, text) SELECT id, $10::bigint, $12::timestamptz, $13::integer, $14::text, $15::text FROM saved"
)

// whyNotSaved reads what kept a Save from writing: the table changed or
// deleted since it was read (store.ErrStale), an id NewTableID never gave
// (store.ErrBadTable), a move that does not follow the log
// (store.ErrMoveSeq), in that order. When the row read now would have
// been saved, another save changed it in between: stale.
func (s *Store) whyNotSaved(ctx context.Context, what string, t store.Table, mv *store.Move) error {
	var version, last int64
	err := s.pool.QueryRow(ctx, "SELECT version, last_move FROM tables WHERE id = $1", int64(t.ID)).Scan(&version, &last)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		var lastID int64
		var called bool
		if err := s.pool.QueryRow(ctx, "SELECT last_value, is_called FROM table_ids").Scan(&lastID, &called); err != nil {
			return err
		}
		if t.ID == 0 || !called || int64(t.ID) > lastID {
			return refusal(store.ErrBadTable, "store/postgres: %s: id %d was never given by NewTableID", what, t.ID)
		}
		if t.Version != 0 {
			return store.ErrStale // deleted by another process since it was read
		}
	case err != nil:
		return err
	case uint64(version) != t.Version:
		return store.ErrStale
	}
	if mv != nil && mv.Seq != uint64(last)+1 {
		return refusal(store.ErrMoveSeq, "store/postgres: %s: move %d refused, the log ends at move %d (a move would be lost or duplicated)", what, mv.Seq, last)
	}
	return errSameVersion
}

// errSameVersion is a save that wrote nothing though the row read after it
// has the version and the log's end the caller read: another save changed
// the row and was read in between (stale), or, for SaveClaiming, the
// delivery lease is another process's.
var errSameVersion = fmt.Errorf("%w (read again at the version saved)", store.ErrStale)

const tableColumns = "id, chat, game, finished, finished_at, data, due, seated, unshown, version"

func scanTable(row pgx.Row) (store.Table, error) {
	var (
		t                 store.Table
		id, unshown, ver  int64
		finishedAt, dueAt *time.Time
	)
	if err := row.Scan(&id, &t.Chat, &t.Game, &t.Finished, &finishedAt, &t.Data, &dueAt, &t.Seated, &unshown, &ver); err != nil {
		if errors.Is(err, pgx.ErrNoRows) {
			return t, store.ErrNotFound
		}
		return t, err
	}
	t.ID, t.Unshown, t.Version = uint64(id), uint64(unshown), uint64(ver)
	if finishedAt != nil {
		t.FinishedAt = finishedAt.UTC()
	}
	if dueAt != nil {
		t.Due = dueAt.UTC()
	}
	if len(t.Seated) == 0 {
		t.Seated = nil
	}
	return t, nil
}

func (s *Store) tables(what, query string, args ...any) ([]store.Table, error) {
	return collect(s, what, query, args, func(row pgx.CollectableRow) (store.Table, error) { return scanTable(row) })
}

func (s *Store) ids(what, query string, args ...any) ([]uint64, error) {
	return collect(s, what, query, args, func(row pgx.CollectableRow) (uint64, error) {
		var id int64
		err := row.Scan(&id)
		return uint64(id), err
	})
}

// collect runs a query and reads each row with scan.
func collect[T any](s *Store, what, query string, args []any, scan pgx.RowToFunc[T]) ([]T, error) {
	ctx, cancel := s.ctx()
	defer cancel()
	rows, err := s.pool.Query(ctx, query, args...)
	if err != nil {
		return nil, s.wrap(what, err)
	}
	out, err := pgx.CollectRows(rows, scan)
	if len(out) == 0 {
		out = nil
	}
	return out, s.wrap(what, err)
}

// OpenTables returns every unfinished table, by id.
func (s *Store) OpenTables() ([]store.Table, error) {
	return s.tables("listing open tables", "SELECT "+tableColumns+" FROM tables WHERE NOT finished ORDER BY id")
}

// OpenTable reads a chat's unfinished table.
func (s *Store) OpenTable(chat string) (store.Table, error) {
	ctx, cancel := s.ctx()
	defer cancel()
	t, err := scanTable(s.pool.QueryRow(ctx, "SELECT "+tableColumns+" FROM tables WHERE chat = $1 AND NOT finished", chat))
	return t, s.wrap("reading the open table of chat "+chat, err)
}

// PlayedTables lists every table, finished or not, whose seated names
// user, by id.
func (s *Store) PlayedTables(user string) ([]uint64, error) {
	return s.ids("listing the games of user "+user, "SELECT id FROM tables WHERE seated @> ARRAY[$1] ORDER BY id", user)
}

// SeatedTables lists the unfinished tables where user sits, by id.
func (s *Store) SeatedTables(user string) ([]uint64, error) {
	return s.ids("listing the tables of user "+user, "SELECT id FROM tables WHERE NOT finished AND seated @> ARRAY[$1] ORDER BY id", user)
}

// Table reads one table, finished or not.
func (s *Store) Table(id uint64) (store.Table, error) {
	ctx, cancel := s.ctx()
	defer cancel()
	t, err := scanTable(s.pool.QueryRow(ctx, "SELECT "+tableColumns+" FROM tables WHERE id = $1", int64(id)))
	return t, s.wrap(fmt.Sprintf("reading table %d", id), err)
}

// ChatTables lists every table the chat has had, oldest first.
func (s *Store) ChatTables(chat string) ([]uint64, error) {
	return s.ids("listing the tables of chat "+chat, "SELECT id FROM tables WHERE chat = $1 ORDER BY id", chat)
}

// Moves returns a table's log in order; store.ErrNotFound for an unknown
// table.
func (s *Store) Moves(id uint64) ([]store.Move, error) {
	what := fmt.Sprintf("reading the moves of table %d", id)
	ctx, cancel := s.ctx()
	defer cancel()
	var out []store.Move
	err := pgx.BeginTxFunc(ctx, s.pool, pgx.TxOptions{AccessMode: pgx.ReadOnly, IsoLevel: pgx.RepeatableRead}, func(tx pgx.Tx) error {
		var last int64
		if err := tx.QueryRow(ctx, "SELECT last_move FROM tables WHERE id = $1", int64(id)).Scan(&last); err != nil {
			if errors.Is(err, pgx.ErrNoRows) {
				return store.ErrNotFound
			}
			return err
		}
		rows, err := tx.Query(ctx, "SELECT seq, at, seat, user_id, text FROM moves WHERE table_id = $1 ORDER BY seq", int64(id))
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var m store.Move
			var seq int64
			if err := rows.Scan(&seq, &m.At, &m.Seat, &m.User, &m.Text); err != nil {
				return err
			}
			m.Seq, m.At = uint64(seq), m.At.UTC()
			if m.Seq != uint64(len(out))+1 {
				return fmt.Errorf("%w: table %d: move %d where %d was expected", store.ErrDamaged, id, m.Seq, len(out)+1)
			}
			out = append(out, m)
		}
		if err := rows.Err(); err != nil {
			return err
		}
		if int64(len(out)) != last {
			return fmt.Errorf("%w: table %d: the log ends at move %d, the table at move %d", store.ErrDamaged, id, len(out), last)
		}
		return nil
	})
	return out, s.wrap(what, err)
}

// User reads a user record.
func (s *Store) User(id string) (store.User, error) {
	ctx, cancel := s.ctx()
	defer cancel()
	u := store.User{ID: id}
	err := s.pool.QueryRow(ctx, "SELECT data FROM users WHERE id = $1", id).Scan(&u.Data)
	if errors.Is(err, pgx.ErrNoRows) {
		return store.User{}, store.ErrNotFound
	}
	return u, s.wrap("reading user "+id, err)
}

// SaveUser writes a user record.
func (s *Store) SaveUser(u store.User) error {
	if u.ID == "" {
		return errors.New("store/postgres: saving a user without an id")
	}
	ctx, cancel := s.ctx()
	defer cancel()
	_, err := s.pool.Exec(ctx, "INSERT INTO users (id, data) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET data = $2", u.ID, u.Data)
	return s.wrap("saving user "+u.ID, err)
}

// UpdateUser changes a user record under a lock of the user's id
// (store.Shared): a transaction's advisory lock, since a row lock would not
// hold two processes back from creating a record neither found.
func (s *Store) UpdateUser(id string, change func(data []byte, found bool) ([]byte, error)) error {
	if id == "" {
		return errors.New("store/postgres: updating a user without an id")
	}
	ctx, cancel := s.ctx()
	defer cancel()
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, "SELECT pg_advisory_xact_lock($1, hashtext($2))", userLockClass, id); err != nil {
			return err
		}
		var data []byte
		found := true
		switch err := tx.QueryRow(ctx, "SELECT data FROM users WHERE id = $1", id).Scan(&data); {
		case errors.Is(err, pgx.ErrNoRows):
			found = false
		case err != nil:
			return err
		}
		next, err := change(data, found)
		if err != nil || next == nil {
			return err
		}
		_, err = tx.Exec(ctx, "INSERT INTO users (id, data) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET data = $2", id, next)
		return err
	})
	return s.wrap("updating user "+id, err)
}

// userLockClass is the first key of the users' advisory locks (the
// two-key locks are apart from the schema's one-key lock).
const userLockClass = 7265637

// farFuture stands for "no bound" in Due.
var farFuture = time.Date(9999, 1, 1, 0, 0, 0, 0, time.UTC)

// Due lists the unfinished tables due by before, earliest first.
func (s *Store) Due(before time.Time, limit int) ([]store.DueTable, error) {
	if before.After(farFuture) {
		before = farFuture
	}
	q := "SELECT id, due FROM tables WHERE NOT finished AND due <= $1 ORDER BY due, id"
	args := []any{before.UTC()}
	if limit > 0 {
		q += " LIMIT $2"
		args = append(args, limit)
	}
	return s.dueRows("listing the due tables", q, args...)
}

func (s *Store) dueRows(what, q string, args ...any) ([]store.DueTable, error) {
	return collect(s, what, q, args, func(row pgx.CollectableRow) (store.DueTable, error) {
		var id int64
		var at time.Time
		err := row.Scan(&id, &at)
		return store.DueTable{ID: uint64(id), At: at.UTC()}, err
	})
}

// NextDue is the earliest due time of the unfinished tables.
func (s *Store) NextDue() (time.Time, bool, error) {
	ctx, cancel := s.ctx()
	defer cancel()
	var at *time.Time
	err := s.pool.QueryRow(ctx, "SELECT min(due) FROM tables WHERE NOT finished").Scan(&at)
	if err != nil || at == nil {
		return time.Time{}, false, s.wrap("reading the next due time", err)
	}
	return at.UTC(), true, nil
}

// Unshown returns every table with something saved but not shown.
func (s *Store) Unshown() ([]store.Table, error) {
	return s.tables("listing the unshown tables", "SELECT "+tableColumns+" FROM tables WHERE unshown > 0 ORDER BY id")
}

// Shown records that the table's batches up to seq were shown.
func (s *Store) Shown(id, seq uint64) error {
	ctx, cancel := s.ctx()
	defer cancel()
	err := s.lazily(ctx, "UPDATE tables SET unshown = 0 WHERE id = $1 AND unshown <= $2", int64(id), int64(seq))
	return s.wrap(fmt.Sprintf("marking table %d shown up to batch %d", id, seq), err)
}

// Ratings lists the rating records whose key begins with prefix, in key
// order.
func (s *Store) Ratings(prefix string) ([]store.Rating, error) {
	// A range of the primary key, so that a leaderboard reads its own
	// records through the index, not every rating.
	var end []byte // nil: no end (an empty prefix, or one of 0xff bytes only)
	for i := len(prefix) - 1; i >= 0; i-- {
		if prefix[i] != 0xff {
			end = append([]byte(prefix[:i]), prefix[i]+1)
			break
		}
	}
	return collect(s, fmt.Sprintf("listing the ratings %q", prefix),
		"SELECT key, data FROM ratings WHERE key >= $1 AND ($2::bytea IS NULL OR key < $2) ORDER BY key", []any{[]byte(prefix), end},
		func(row pgx.CollectableRow) (store.Rating, error) {
			var key, data []byte
			err := row.Scan(&key, &data)
			return store.Rating{Key: string(key), Data: data}, err
		})
}

// Rate writes a finished table's ratings once.
func (s *Store) Rate(table uint64, rs []store.Rating) (bool, error) {
	ctx, cancel := s.ctx()
	defer cancel()
	written := false
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, "INSERT INTO rated (table_id) VALUES ($1) ON CONFLICT DO NOTHING", int64(table))
		if err != nil || tag.RowsAffected() == 0 {
			return err
		}
		if err := putRatings(ctx, tx, rs); err != nil {
			return err
		}
		written = true
		return nil
	})
	return written, s.wrap(fmt.Sprintf("rating table %d", table), err)
}

func putRatings(ctx context.Context, tx pgx.Tx, rs []store.Rating) error {
	b := &pgx.Batch{}
	for _, r := range rs {
		b.Queue("INSERT INTO ratings (key, data) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET data = $2", []byte(r.Key), r.Data)
	}
	return tx.SendBatch(ctx, b).Close()
}

// DeleteTable removes a table, its log and its place in its chat's
// history; its id is not given again (a sequence).
func (s *Store) DeleteTable(id uint64) error {
	ctx, cancel := s.ctx()
	defer cancel()
	tag, err := s.pool.Exec(ctx, "DELETE FROM tables WHERE id = $1", int64(id))
	if err == nil && tag.RowsAffected() == 0 {
		err = store.ErrNotFound
	}
	return s.wrap(fmt.Sprintf("deleting table %d", id), err)
}

// DeleteFinished deletes the tables that finished before cutoff, with
// their logs, a few hundred a transaction so that saves never wait long;
// it returns how many. Several processes may run it at once.
func (s *Store) DeleteFinished(cutoff time.Time) (int, error) {
	total := 0
	for {
		ctx, cancel := s.ctx()
		tag, err := s.pool.Exec(ctx, `
DELETE FROM tables WHERE id IN (
	SELECT id FROM tables WHERE finished AND finished_at < $1 LIMIT 256 FOR UPDATE SKIP LOCKED)`, cutoff.UTC())
		cancel()
		if err != nil {
			return total, s.wrap("deleting finished tables", err)
		}
		total += int(tag.RowsAffected())
		if tag.RowsAffected() < 256 {
			return total, nil
		}
	}
}

// lazily runs one statement whose loss in a crash of the database only
// shows a batch again or delays a claim by a lease (Shown, the leases, a
// save of what was shown): on a connection whose commits do not wait for
// the disk, so that the moves' commits do not queue behind it. One
// statement, one round trip.
func (s *Store) lazily(ctx context.Context, query string, args ...any) error {
	_, err := s.lazyExec(ctx, query, args...)
	return err
}

func (s *Store) lazyExec(ctx context.Context, query string, args ...any) (pgconn.CommandTag, error) {
	return s.lazyPool.Exec(ctx, query, args...)
}
