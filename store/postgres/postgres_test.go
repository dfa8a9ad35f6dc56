package postgres

import (
	"context"
	"errors"
	"fmt"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/tablee/tablee/internal/pgtest"
	"github.com/tablee/tablee/store"
	"github.com/tablee/tablee/store/storetest"
)

var cluster *pgtest.Cluster

func TestMain(m *testing.M) { pgtest.Main(m, func(c *pgtest.Cluster) { cluster = c }) }

func open(t *testing.T, url string) *Store {
	t.Helper()
	st, err := Open(url, Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// The store contract's suite (store/storetest), on a real PostgreSQL.
func TestContract(t *testing.T) {
	storetest.Run(t, storetest.Opener{
		Open: func(t *testing.T) store.Store { return open(t, cluster.Database(t)) },
		Reopen: func(t *testing.T, st store.Store) store.Store {
			st.Close()
			return open(t, st.(*Store).url)
		},
	})
}

// What several processes share, with two stores on one database.
func TestShared(t *testing.T) {
	storetest.RunShared(t, func(t *testing.T) (store.Store, store.Store) {
		url := cluster.Database(t)
		return open(t, url), open(t, url)
	})
}

// BenchmarkPostgresSave is a move's save as the bot makes it (2 KB table
// record, every index rewritten, a ~100-byte move) from 1, 2 and 4
// goroutines, a table each, on the tests' PostgreSQL (fsync and
// synchronous_commit on): saves/s and the p50 and p99 of a Save
// (storetest.BenchSave; store/bolt's BenchmarkSaveGoroutines is the same
// on the data file).
//
//	go test -run '^$' -bench BenchmarkPostgresSave -benchtime 3000x ./store/postgres
func BenchmarkPostgresSave(b *testing.B) {
	storetest.BenchSave(b, func(b *testing.B) store.Store {
		st, err := Open(cluster.Database(b), Options{})
		if err != nil {
			b.Fatal(err)
		}
		b.Cleanup(func() { st.Close() })
		return st
	})
}

// A database of a later schema than this code knows is refused, with what
// to do; one at the current version opens again unchanged.
func TestSchemaVersions(t *testing.T) {
	url := cluster.Database(t)
	st := open(t, url)
	if v, err := st.Schema(); err != nil || v != SchemaVersion {
		t.Fatalf("Schema = %d, %v; want %d", v, err, SchemaVersion)
	}
	open(t, url) // already migrated: nothing to do
	ctx, cancel := st.ctx()
	defer cancel()
	if _, err := st.pool.Exec(ctx, "UPDATE schema_version SET version = version + 1"); err != nil {
		t.Fatal(err)
	}
	_, err := Open(url, Options{})
	if !errors.Is(err, ErrSchema) || !strings.Contains(err.Error(), "newer tablee") {
		t.Errorf("a later schema: %v", err)
	}
}

// Processes starting at once on a new database create the schema once:
// each Open succeeds, at the current version.
func TestConcurrentFirstStarts(t *testing.T) {
	url := cluster.Database(t)
	errs := make(chan error, 4)
	for range cap(errs) {
		go func() {
			st, err := Open(url, Options{})
			if err == nil {
				st.Close()
			}
			errs <- err
		}()
	}
	for range cap(errs) {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
	if v, err := open(t, url).Schema(); v != SchemaVersion || err != nil {
		t.Errorf("Schema = %d, %v; want %d", v, err, SchemaVersion)
	}
}

// The password of the database's address never appears in an error, in
// any of the places a driver takes it from (pgx masks it in its own
// messages; Open masks it in what it adds).
func TestPasswordNotInErrors(t *testing.T) {
	const password = "s3cret-Pa55word"
	for _, dsn := range []string{
		"postgres://tablee:" + password + "@127.0.0.1:1/nodb?sslmode=disable&connect_timeout=2",
		"host=127.0.0.1 port=1 user=tablee password=" + password + " dbname=nodb sslmode=disable connect_timeout=2",
		"postgres://tablee:" + password + "@127.0.0.1:1/nodb?sslmode=bogus",
		"postgres://tablee@127.0.0.1:1/nodb?sslmode=disable&connect_timeout=2&password=" + password,
		"host=127.0.0.1 port=1 user=tablee password='" + password + " with spaces' dbname=nodb sslmode=bogus",
	} {
		_, err := Open(dsn, Options{})
		if err == nil {
			t.Fatalf("opened %q", dsn)
		}
		if strings.Contains(err.Error(), password) || strings.Contains(fmt.Sprintf("%+v", err), password) {
			t.Errorf("the password is in the error: %v", err)
		}
	}
}

// Event ids are forgotten a day after they were seen (every 1,000th
// Claim prunes): an id of yesterday is new again, one of an hour ago
// is not.
func TestSeenForgottenAfterADay(t *testing.T) {
	st := open(t, cluster.Database(t))
	for _, key := range []string{"telegram:old", "telegram:recent"} {
		if c, err := st.Claim(key, time.Minute); c != store.ClaimFresh || err != nil {
			t.Fatalf("Claim(%s) = %v, %v", key, c, err)
		}
		if err := st.Played(key); err != nil {
			t.Fatal(err)
		}
	}
	ctx, cancel := st.ctx()
	defer cancel()
	if _, err := st.pool.Exec(ctx, "UPDATE seen SET at = now() - CASE key WHEN 'telegram:old' THEN interval '25 hours' ELSE interval '1 hour' END"); err != nil {
		t.Fatal(err)
	}
	st.seen.Store(999) // the next call is the 1,000th
	if c, err := st.Claim("telegram:other", time.Minute); c != store.ClaimFresh || err != nil {
		t.Fatalf("Claim = %v, %v", c, err)
	}
	var n int
	if err := st.pool.QueryRow(ctx, "SELECT count(*) FROM seen WHERE key = 'telegram:old'").Scan(&n); err != nil || n != 0 {
		t.Errorf("an id seen 25 hours ago is kept (%d rows, %v)", n, err)
	}
	if c, _ := st.Claim("telegram:recent", time.Minute); c != store.ClaimPlayed {
		t.Errorf("an id played an hour ago was forgotten (%v)", c)
	}
}

// The roles of docs/postgres.md: a role that owns the schema creates it at
// the first start; the bot's role, with the grants the page gives, then
// starts without changing the schema and does everything a process does,
// on tables a later migration creates too (the default privileges).
func TestRolesOfTheDocs(t *testing.T) {
	url := cluster.Database(t)
	cfg, err := pgx.ParseConfig(url)
	if err != nil {
		t.Fatal(err)
	}
	schema := cfg.RuntimeParams["search_path"]
	as := func(role string) string {
		return strings.Replace(url, "postgres://postgres@", "postgres://"+role+"@", 1)
	}
	exec := func(url string, sqls ...string) {
		t.Helper()
		ctx := context.Background()
		conn, err := pgx.Connect(ctx, url)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close(ctx)
		for _, sql := range sqls {
			if _, err := conn.Exec(ctx, strings.ReplaceAll(sql, "public", schema)); err != nil {
				t.Fatalf("%s: %v", sql, err)
			}
		}
	}
	// The owner owns the schema (docs: the database, and so its schema public).
	exec(url, "CREATE ROLE tablee LOGIN", "ALTER SCHEMA public OWNER TO tablee", "CREATE ROLE tablee_app LOGIN")
	// Roles are the cluster's: gone at the end (run last, after the stores close).
	t.Cleanup(func() {
		exec(url, "DROP OWNED BY tablee_app", "DROP OWNED BY tablee CASCADE", "DROP ROLE tablee, tablee_app")
	})
	owner := open(t, as("tablee")) // the first start, as the owner
	owner.Close()
	exec(as("tablee"),
		"GRANT CONNECT ON DATABASE tablee TO tablee_app",
		"GRANT USAGE ON SCHEMA public TO tablee_app",
		"GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO tablee_app",
		"GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO tablee_app",
		"ALTER DEFAULT PRIVILEGES FOR ROLE tablee IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO tablee_app",
		"ALTER DEFAULT PRIVILEGES FOR ROLE tablee IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO tablee_app")

	app := open(t, as("tablee_app"))
	id, err := app.NewTableID()
	if err != nil {
		t.Fatal(err)
	}
	tb := store.Table{ID: id, Chat: "local:a", Game: "tictactoe", Data: []byte("{}"), Due: time.Now().Add(-time.Second), Unshown: 1}
	for _, step := range []struct {
		what string
		do   func() error
	}{
		{"Save", func() error { return app.Save(tb, &store.Move{Seq: 1, At: time.Now(), Text: "A1"}) }},
		{"ClaimDue", func() error { _, err := app.ClaimDue(time.Now(), 0, time.Minute); return err }},
		{"ClaimDelivery", func() error { _, err := app.ClaimDelivery(id, time.Minute); return err }},
		{"Shown", func() error { return app.Shown(id, 1) }},
		{"SaveUser", func() error { return app.SaveUser(store.User{ID: "local:alice", Data: []byte("{}")}) }},
		{"Rate", func() error { _, err := app.Rate(id, []store.Rating{{Key: "k", Data: []byte("1")}}); return err }},
		{"Claim", func() error { _, err := app.Claim("telegram:1", time.Minute); return err }},
		{"Played", func() error { return app.Played("telegram:1") }},
		{"DeleteFinished", func() error { _, err := app.DeleteFinished(time.Now()); return err }},
		{"DeleteTable", func() error { return app.DeleteTable(id) }},
		{"ReserveTableIDs", func() error { return app.ReserveTableIDs(id + 10) }},
	} {
		if err := step.do(); err != nil {
			t.Errorf("%s as the bot's role: %v", step.what, err)
		}
	}
	// A table a later migration creates, as the owner, is the bot's too.
	exec(as("tablee"), "CREATE TABLE later (n int)")
	exec(as("tablee_app"), "INSERT INTO later VALUES (1)")
	// The bot's role cannot change the schema.
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, as("tablee_app"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, "CREATE TABLE mine (n int)"); err == nil {
		t.Error("the bot's role created a table")
	}
}

// Schema 4: an open table saved without a due time (a game without
// deadlines, before the bot counted the wait for its players) is due at
// once after the upgrade, so that the bot looks at it; a finished one, or
// one with its own due time, is left as it was.
func TestSchema4OpenTablesDue(t *testing.T) {
	url := cluster.Database(t)
	st := open(t, url)
	later := time.Now().Add(24 * time.Hour).UTC().Truncate(time.Microsecond)
	for _, tb := range []store.Table{
		{Chat: "local:a", Game: "tictactoe", Data: []byte(`{}`)},
		{Chat: "local:b", Game: "tictactoe", Data: []byte(`{}`), Due: later},
		{Chat: "local:c", Game: "tictactoe", Data: []byte(`{}`), Finished: true},
	} {
		id, err := st.NewTableID()
		if err != nil {
			t.Fatal(err)
		}
		tb.ID = id
		if err := st.Save(tb, nil); err != nil {
			t.Fatal(err)
		}
	}
	ctx := context.Background()
	if _, err := st.pool.Exec(ctx, "UPDATE schema_version SET version = 3"); err != nil {
		t.Fatal(err)
	}
	st.Close()
	before := time.Now()
	due, err := open(t, url).Due(before.Add(time.Hour), 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(due) != 1 || due[0].ID != 1 || due[0].At.Before(before.Add(-time.Minute)) {
		t.Fatalf("due after the upgrade: %+v, want table 1 alone, due now", due)
	}
}

// A lazy write (Shown, the leases, a save of what was shown) is one round
// trip whose commit does not wait for the disk; the other writes wait for
// it, whatever the server's default.
func TestLazyWritesOnly(t *testing.T) {
	st, err := Open(cluster.Database(t), Options{MaxConns: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	ctx := context.Background()
	if _, err := st.lazyExec(ctx, "INSERT INTO seen (key, played) SELECT current_setting('synchronous_commit'), true"); err != nil {
		t.Fatal(err)
	}
	var key string
	if err := st.pool.QueryRow(ctx, "SELECT key FROM seen").Scan(&key); err != nil || key != "off" {
		t.Fatalf("the lazy write ran with synchronous_commit %q (%v), want off", key, err)
	}
	var now string
	if err := st.pool.QueryRow(ctx, "SELECT current_setting('synchronous_commit')").Scan(&now); err != nil || now != "on" {
		t.Fatalf("a save runs with synchronous_commit %q (%v), want on", now, err)
	}
}

// BenchmarkPgbenchSimpleUpdate is the floor a move's cost on PostgreSQL is
// compared with: pgbench's simple-update transaction (pgbench -N: a row
// updated, read, a history row inserted, in one transaction that waits for
// the disk), from the installed PostgreSQL, four clients, on the tests'
// cluster (fsync and synchronous_commit on), b.N transactions in all.
// Reports tx/s and pg-cpu-ms/tx, the CPU of the server's processes
// (pgtest.Cluster.ServerCPU) per transaction.
//
//	go test -run '^$' -bench BenchmarkPgbenchSimpleUpdate -benchtime 20000x ./store/postgres
func BenchmarkPgbenchSimpleUpdate(b *testing.B) {
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, cluster.URL("postgres"))
	if err != nil {
		b.Fatal(err)
	}
	var exists bool
	if err := conn.QueryRow(ctx, "SELECT EXISTS (SELECT FROM pg_database WHERE datname = 'pgbench')").Scan(&exists); err != nil {
		b.Fatal(err)
	}
	if !exists {
		if _, err := conn.Exec(ctx, "CREATE DATABASE pgbench"); err != nil {
			b.Fatal(err)
		}
	}
	conn.Close(ctx)
	url := cluster.URL("pgbench")
	if out, err := exec.Command(cluster.Program("pgbench"), "-i", "-q", "-s", "1", url).CombinedOutput(); err != nil {
		b.Fatalf("pgbench -i: %v\n%s", err, out)
	}
	const clients = 4
	perClient := max(1, b.N/clients)
	b.ResetTimer()
	cpu0, err := cluster.ServerCPU()
	if err != nil {
		b.Fatal(err)
	}
	start := time.Now()
	out, err := exec.Command(cluster.Program("pgbench"), "-n", "-N", "-c", fmt.Sprint(clients), "-j", "2",
		"-t", fmt.Sprint(perClient), url).CombinedOutput()
	elapsed := time.Since(start)
	if err != nil {
		b.Fatalf("pgbench -N: %v\n%s", err, out)
	}
	cpu1, err := cluster.ServerCPU()
	if err != nil {
		b.Fatal(err)
	}
	b.StopTimer()
	n := float64(perClient * clients)
	b.ReportMetric(n/elapsed.Seconds(), "tx/s")
	b.ReportMetric(float64((cpu1-cpu0).Microseconds())/1000/n, "pg-cpu-ms/tx")
}

// Schema 5: the tables' row keeps half of each page for its next versions
// (HOT updates), and the open tables' seats are found through
// tables_played alone.
func TestSchema5RowRoom(t *testing.T) {
	st := open(t, cluster.Database(t))
	ctx := context.Background()
	var opts []string
	if err := st.pool.QueryRow(ctx, "SELECT reloptions FROM pg_class WHERE oid = 'tables'::regclass").Scan(&opts); err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(opts, "fillfactor=50") {
		t.Fatalf("the tables' options: %q, want fillfactor=50", opts)
	}
	var n int
	if err := st.pool.QueryRow(ctx, "SELECT count(*) FROM pg_indexes WHERE schemaname = current_schema() AND indexname = 'tables_seated'").Scan(&n); err != nil || n != 0 {
		t.Fatalf("tables_seated: %d indexes (%v), want none", n, err)
	}
}
