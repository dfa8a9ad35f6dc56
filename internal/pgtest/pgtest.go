// Package pgtest starts a throwaway PostgreSQL cluster for tests: initdb
// and the server from the installed PostgreSQL (Debian's postgresql-15 puts
// them in /usr/lib/postgresql/15/bin), on a temporary directory and a free
// loopback port, with fsync on, so that `go test ./...` needs nothing
// started by hand. PostgreSQL refuses to run as root: under root (as on the
// project's machines) the cluster runs as the `postgres` user, on a
// directory given to it.
//
// One cluster per test package (Main, from TestMain: about 1.2 s, initdb's
// 0.9 s the most of it); a fresh schema per test (Cluster.Database, alone on
// its address's search_path), so that tests never see each other's rows.
// pg_ctl leaves the server running on its own: a test binary that times
// out or is killed never stops it, so each Start stops and removes the
// clusters whose test process is gone.
package pgtest

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
)

// Cluster is a running throwaway cluster.
type Cluster struct {
	dir  string
	port int
	bin  string
	cred *syscall.Credential
	n    atomic.Int64
}

// binDirs are where the PostgreSQL server programs are looked for, newest
// first, after $TABLEE_PG_BIN.
var binDirs = []string{"/usr/lib/postgresql/17/bin", "/usr/lib/postgresql/16/bin", "/usr/lib/postgresql/15/bin"}

func findBin() (string, error) {
	dirs := binDirs
	if d := os.Getenv("TABLEE_PG_BIN"); d != "" {
		dirs = append([]string{d}, dirs...)
	}
	for _, d := range dirs {
		if _, err := os.Stat(filepath.Join(d, "initdb")); err == nil {
			return d, nil
		}
	}
	if p, err := exec.LookPath("initdb"); err == nil {
		return filepath.Dir(p), nil
	}
	return "", errors.New("pgtest: PostgreSQL's initdb not found (install postgresql-15, or set TABLEE_PG_BIN)")
}

// Start initialises and starts a cluster; Stop removes it.
func Start() (*Cluster, error) {
	bin, err := findBin()
	if err != nil {
		return nil, err
	}
	cred, err := serverUser()
	if err != nil {
		return nil, err
	}
	reapOrphans(bin, cred)
	dir, err := os.MkdirTemp("", dirPrefix)
	if err != nil {
		return nil, err
	}
	c := &Cluster{dir: dir, bin: bin, cred: cred}
	if err := os.WriteFile(filepath.Join(dir, ownerFile), []byte(strconv.Itoa(os.Getpid())), 0o644); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	if cred != nil {
		if err := os.Chown(dir, int(cred.Uid), int(cred.Gid)); err != nil {
			os.RemoveAll(dir)
			return nil, err
		}
	}
	data := filepath.Join(dir, "data")
	// --no-sync: the cluster's creation need not survive a power cut; the
	// server itself runs with fsync on, as in production.
	if out, err := c.run("initdb", "-D", data, "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8", "--locale=C"); err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("pgtest: initdb: %v\n%s", err, out)
	}
	for try := 0; ; try++ {
		c.port, err = freePort()
		if err != nil {
			c.Stop()
			return nil, err
		}
		opts := fmt.Sprintf("-c port=%d -c listen_addresses=127.0.0.1 -c unix_socket_directories=%s -c fsync=on -c synchronous_commit=on -c max_connections=200 -c shared_buffers=32MB", c.port, dir)
		if statementsReport() {
			opts += " -c shared_preload_libraries=pg_stat_statements -c pg_stat_statements.track=all"
		}
		out, err := c.run("pg_ctl", "-D", data, "-o", opts, "-l", filepath.Join(dir, "log"), "-w", "-t", "60", "start")
		if err == nil {
			break
		}
		if try == 3 {
			log, _ := os.ReadFile(filepath.Join(dir, "log"))
			c.Stop()
			return nil, fmt.Errorf("pgtest: pg_ctl start: %v\n%s\n%s", err, out, log)
		}
	}
	if err := c.createTestsDB(); err != nil {
		c.Stop()
		return nil, fmt.Errorf("pgtest: %w", err)
	}
	return c, nil
}

// statementsReport says whether $TABLEE_PG_STATEMENTS asks for the report
// of the statements the server ran (Cluster.ReportStatements): to find
// where a benchmark's server time goes, by statement.
func statementsReport() bool { return os.Getenv("TABLEE_PG_STATEMENTS") != "" }

// ReportStatements writes to w, when $TABLEE_PG_STATEMENTS is set, the
// statements the server ran since it started (pg_stat_statements, loaded
// at start then): calls, total time, rows and WAL bytes, the costliest
// first. Stop calls it before it stops the server.
func (c *Cluster) ReportStatements(w io.Writer) error {
	if !statementsReport() {
		return nil
	}
	return c.onAdmin(func(ctx context.Context, conn *pgx.Conn) error {
		return reportStatements(ctx, conn, w)
	})
}

func reportStatements(ctx context.Context, conn *pgx.Conn, w io.Writer) error {
	if _, err := conn.Exec(ctx, "CREATE EXTENSION IF NOT EXISTS pg_stat_statements"); err != nil {
		return err
	}
	rows, err := conn.Query(ctx, `
SELECT calls, total_exec_time, rows, wal_bytes, regexp_replace(query, '\s+', ' ', 'g')
FROM pg_stat_statements ORDER BY total_exec_time DESC LIMIT 40`)
	if err != nil {
		return err
	}
	defer rows.Close()
	fmt.Fprintf(w, "%10s %12s %9s %12s  %s\n", "calls", "total ms", "rows", "WAL bytes", "statement")
	for rows.Next() {
		var calls, nrows int64
		var total float64
		var wal pgtype.Numeric
		var q string
		if err := rows.Scan(&calls, &total, &nrows, &wal, &q); err != nil {
			return err
		}
		walBytes, _ := wal.Int64Value()
		if len(q) > 160 {
			q = q[:160] + "…"
		}
		fmt.Fprintf(w, "%10d %12.1f %9d %12d  %s\n", calls, total, nrows, walBytes.Int64, q)
	}
	return rows.Err()
}

func (c *Cluster) createTestsDB() error {
	return c.onAdmin(func(ctx context.Context, conn *pgx.Conn) error {
		_, err := conn.Exec(ctx, "CREATE DATABASE "+testsDB)
		return err
	})
}

// onAdmin runs f on a connection to the cluster's postgres database.
func (c *Cluster) onAdmin(f func(context.Context, *pgx.Conn) error) error {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, c.URL("postgres"))
	if err != nil {
		return err
	}
	defer conn.Close(ctx)
	return f(ctx, conn)
}

// serverUser is whom the server runs as: under root, the postgres user
// (PostgreSQL refuses to run as root); nil for the current user.
func serverUser() (*syscall.Credential, error) {
	if os.Geteuid() != 0 {
		return nil, nil
	}
	u, err := user.Lookup("postgres")
	if err != nil {
		return nil, fmt.Errorf("pgtest: running as root and no postgres user to run the cluster as: %w", err)
	}
	uid, _ := strconv.Atoi(u.Uid)
	gid, _ := strconv.Atoi(u.Gid)
	return &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}, nil
}

const (
	dirPrefix = "tablee-pg-"
	// ownerFile holds the pid of the test process that started the
	// cluster: pg_ctl leaves the server running on its own, and a test
	// binary that times out or is killed never stops it.
	ownerFile = "owner.pid"
)

// reapOrphans stops and removes the clusters whose test process is gone
// (a timeout, a kill, an interrupt), so that they do not pile up on a
// machine that runs the tests all day.
func reapOrphans(bin string, cred *syscall.Credential) {
	dirs, _ := filepath.Glob(filepath.Join(os.TempDir(), dirPrefix+"*"))
	for _, dir := range dirs {
		b, err := os.ReadFile(filepath.Join(dir, ownerFile))
		pid, perr := strconv.Atoi(strings.TrimSpace(string(b)))
		if err != nil || perr != nil || alive(pid) {
			continue // another run's, still going (or not pgtest's)
		}
		(&Cluster{dir: dir, bin: bin, cred: cred}).Stop()
	}
}

// alive says whether a process runs under pid.
func alive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}

func (c *Cluster) run(prog string, args ...string) ([]byte, error) {
	cmd := exec.Command(filepath.Join(c.bin, prog), args...)
	cmd.Dir = c.dir
	if c.cred != nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: c.cred}
	}
	return cmd.CombinedOutput()
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

// URL is the address of one database of the cluster.
func (c *Cluster) URL(db string) string {
	return fmt.Sprintf("postgres://postgres@127.0.0.1:%d/%s?sslmode=disable", c.port, db)
}

// testsDB is the database that holds the tests' schemas.
const testsDB = "tablee"

// NewDatabase makes an empty schema in the tests' database and returns an
// address whose search_path is that schema alone: to what connects there,
// an empty database of its own. A schema takes 0.3 ms to make where a
// CREATE DATABASE takes 110 ms (it copies and fsyncs template1), and a
// test package makes dozens.
func (c *Cluster) NewDatabase() (string, error) {
	name := fmt.Sprintf("t%d", c.n.Add(1))
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, c.URL(testsDB))
	if err != nil {
		return "", err
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, "CREATE SCHEMA "+name); err != nil {
		return "", err
	}
	return c.URL(testsDB) + "&search_path=" + name, nil
}

// Database is NewDatabase for a test: it fails the test on error.
func (c *Cluster) Database(t testing.TB) string {
	t.Helper()
	url, err := c.NewDatabase()
	if err != nil {
		t.Fatalf("pgtest: %v", err)
	}
	return url
}

// Stop stops the server and removes the cluster's directory.
func (c *Cluster) Stop() {
	if c == nil {
		return
	}
	if _, err := os.Stat(filepath.Join(c.dir, "data", "postmaster.pid")); err == nil {
		if c.port != 0 { // started here, not an orphan reaped
			if err := c.ReportStatements(os.Stderr); err != nil {
				fmt.Fprintln(os.Stderr, "pgtest: the statements' report:", err)
			}
		}
		c.run("pg_ctl", "-D", filepath.Join(c.dir, "data"), "-m", "immediate", "-w", "stop")
	}
	os.RemoveAll(c.dir)
}

// Main runs a test package's tests with one cluster, given to setup, and
// stops it afterwards: call it from TestMain. A cluster that does not start
// fails the package: no test skips for want of PostgreSQL. The after
// functions run once the tests are done, before the process exits (which
// skips deferred calls): for what the package's tests made to share.
func Main(m *testing.M, setup func(*Cluster), after ...func()) {
	c, err := Start()
	if err != nil {
		fmt.Fprintln(os.Stderr, strings.TrimSpace(err.Error()))
		os.Exit(1)
	}
	setup(c)
	code := m.Run()
	for _, f := range after {
		f()
	}
	c.Stop()
	os.Exit(code)
}

// Program is the path of one of the installed PostgreSQL's programs, as
// pgbench, for a benchmark to run against the cluster.
func (c *Cluster) Program(name string) string { return filepath.Join(c.bin, name) }

// ServerCPU is the CPU time the cluster's server has used so far: its
// postmaster's and every server process's (the connections' backends, the
// WAL writer, the checkpointer…), those that ended included, as Linux
// counts it in /proc (to the clock tick, 10 ms). A benchmark reads it
// before and after to tell what PostgreSQL itself spent.
func (c *Cluster) ServerCPU() (time.Duration, error) {
	pidFile, err := os.ReadFile(filepath.Join(c.dir, "data", "postmaster.pid"))
	if err != nil {
		return 0, err
	}
	first, _, _ := strings.Cut(string(pidFile), "\n")
	postmaster, err := strconv.Atoi(strings.TrimSpace(first))
	if err != nil {
		return 0, fmt.Errorf("pgtest: postmaster.pid: %v", err)
	}
	// The postmaster's own time and its ended children's (cutime, cstime).
	ticks, _, err := procTicks(postmaster, true)
	if err != nil {
		return 0, err
	}
	procs, err := os.ReadDir("/proc")
	if err != nil {
		return 0, err
	}
	for _, p := range procs {
		pid, err := strconv.Atoi(p.Name())
		if err != nil || pid == postmaster {
			continue
		}
		n, parent, err := procTicks(pid, false)
		if err == nil && parent == postmaster {
			ticks += n
		}
	}
	return time.Duration(ticks) * time.Second / clockTicks, nil
}

// clockTicks is Linux's USER_HZ, the unit of /proc/<pid>/stat's times.
const clockTicks = 100

// procTicks reads a process's user and system time from /proc/<pid>/stat,
// with its ended children's when children is set, and its parent's pid.
func procTicks(pid int, children bool) (ticks int64, parent int, err error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, 0, err
	}
	// The command name, in parentheses, may hold spaces: the fields
	// counted from after its closing one (state, ppid, …, utime is the
	// 12th, then stime, cutime, cstime).
	i := strings.LastIndexByte(string(b), ')')
	f := strings.Fields(string(b[i+1:]))
	if len(f) < 15 {
		return 0, 0, fmt.Errorf("pgtest: /proc/%d/stat: %d fields", pid, len(f))
	}
	parent, _ = strconv.Atoi(f[1])
	last := 12
	if children {
		last = 14
	}
	for _, s := range f[11 : last+1] {
		n, _ := strconv.ParseInt(s, 10, 64)
		ticks += n
	}
	return ticks, parent, nil
}
