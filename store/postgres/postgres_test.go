package postgres

import (
	"errors"
	"fmt"
	"strings"
	"testing"

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

// The password of the database's address never appears in an error.
func TestPasswordNotInErrors(t *testing.T) {
	const password = "s3cret-Pa55word"
	for _, dsn := range []string{
		"postgres://tablee:" + password + "@127.0.0.1:1/nodb?sslmode=disable&connect_timeout=2",
		"host=127.0.0.1 port=1 user=tablee password=" + password + " dbname=nodb sslmode=disable connect_timeout=2",
		"postgres://tablee:" + password + "@127.0.0.1:1/nodb?sslmode=bogus",
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
// FirstSeen prunes): an id of yesterday is new again, one of an hour ago
// is not.
func TestSeenForgottenAfterADay(t *testing.T) {
	st := open(t, cluster.Database(t))
	for _, key := range []string{"telegram:old", "telegram:recent"} {
		if ok, err := st.FirstSeen(key); !ok || err != nil {
			t.Fatalf("FirstSeen(%s) = %v, %v", key, ok, err)
		}
	}
	ctx, cancel := st.ctx()
	defer cancel()
	if _, err := st.pool.Exec(ctx, "UPDATE seen SET at = now() - CASE key WHEN 'telegram:old' THEN interval '25 hours' ELSE interval '1 hour' END"); err != nil {
		t.Fatal(err)
	}
	st.seen.Store(999) // the next call is the 1,000th
	if ok, err := st.FirstSeen("telegram:other"); !ok || err != nil {
		t.Fatalf("FirstSeen = %v, %v", ok, err)
	}
	var n int
	if err := st.pool.QueryRow(ctx, "SELECT count(*) FROM seen WHERE key = 'telegram:old'").Scan(&n); err != nil || n != 0 {
		t.Errorf("an id seen 25 hours ago is kept (%d rows, %v)", n, err)
	}
	if ok, _ := st.FirstSeen("telegram:recent"); ok {
		t.Error("an id seen an hour ago was forgotten")
	}
}
