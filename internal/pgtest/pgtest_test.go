package pgtest

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"

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

// A cluster whose test process is gone (a timeout or a kill skips Stop)
// is stopped and removed by the next Start; the running one is not.
func TestOrphanReaped(t *testing.T) {
	orphan, err := Start()
	if err != nil {
		t.Fatal(err)
	}
	defer orphan.Stop()
	dead := exec.Command("true")
	if err := dead.Run(); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(orphan.dir, ownerFile), []byte(strconv.Itoa(dead.Process.Pid)), 0o644); err != nil {
		t.Fatal(err)
	}
	reapOrphans(cluster.bin, cluster.cred)
	if _, err := os.Stat(orphan.dir); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the orphan's directory is still there: %v", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if conn, err := pgx.Connect(ctx, orphan.URL("postgres")); err == nil {
		conn.Close(ctx)
		t.Error("the orphan's server still answers")
	}
	if _, err := os.Stat(cluster.dir); err != nil {
		t.Errorf("the running cluster was reaped: %v", err)
	}
}
