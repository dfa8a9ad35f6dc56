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
