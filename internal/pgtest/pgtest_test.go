package pgtest

import (
	"context"
	"testing"

	"github.com/jackc/pgx/v5"
)

var cluster *Cluster

func TestMain(m *testing.M) { Main(m, func(c *Cluster) { cluster = c }) }

// Two databases of the cluster are apart, and the server runs with fsync
// on, as in production.
func TestDatabasesApartAndDurable(t *testing.T) {
	ctx := context.Background()
	a, b := cluster.Database(t), cluster.Database(t)
	ca, err := pgx.Connect(ctx, a)
	if err != nil {
		t.Fatal(err)
	}
	defer ca.Close(ctx)
	if _, err := ca.Exec(ctx, "CREATE TABLE x (n int); INSERT INTO x VALUES (1)"); err != nil {
		t.Fatal(err)
	}
	cb, err := pgx.Connect(ctx, b)
	if err != nil {
		t.Fatal(err)
	}
	defer cb.Close(ctx)
	if _, err := cb.Exec(ctx, "SELECT * FROM x"); err == nil {
		t.Error("table x of one database is seen from another")
	}
	for _, setting := range []string{"fsync", "synchronous_commit"} {
		var v string
		if err := ca.QueryRow(ctx, "SHOW "+setting).Scan(&v); err != nil || v != "on" {
			t.Errorf("%s = %q (%v), want on", setting, v, err)
		}
	}
}
