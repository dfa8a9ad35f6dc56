package main

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tablee/tablee/store"
	"github.com/tablee/tablee/store/bolt"
	"go.etcd.io/bbolt"
)

// fillDataFile writes tables into a data file through the store, as the
// bot would: finished ones (their record data does not compress, as a real
// game state barely does), finished at the time now gives, with moves
// moves each. It returns the ids.
func fillDataFile(t *testing.T, path string, tables, moves, dataSize int, now func() time.Time) []uint64 {
	t.Helper()
	st, err := bolt.Open(path, bolt.Options{NoSync: true, Now: now})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	rng := rand.New(rand.NewPCG(uint64(tables), uint64(moves)))
	var ids []uint64
	for i := range tables {
		id, err := st.NewTableID()
		if err != nil {
			t.Fatal(err)
		}
		data := make([]byte, dataSize)
		for j := range data {
			data[j] = byte(rng.Uint32())
		}
		tb := store.Table{ID: id, Chat: fmt.Sprintf("discord:%d", 1000+i), Game: "tictactoe", Data: data}
		for seq := uint64(1); seq <= uint64(moves); seq++ {
			tb.Finished = seq == uint64(moves)
			m := &store.Move{Seq: seq, At: now().UTC(), Seat: int(seq % 2), User: fmt.Sprintf("discord:%d", seq%2+1),
				Text: fmt.Sprintf("move %d of table %d", seq, id)}
			if err := st.Save(tb, m); err != nil {
				t.Fatal(err)
			}
		}
		ids = append(ids, id)
	}
	return ids
}

// tablee runs the binary and returns its stdout, stderr and exit status.
func tablee(t *testing.T, bin string, dir string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	cmd.Env = binaryEnv()
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	var ee *exec.ExitError
	switch {
	case errors.As(err, &ee):
		code = ee.ExitCode()
	case err != nil:
		t.Fatalf("tablee %v: %v", args, err)
	}
	return out.String(), errb.String(), code
}

// flipInFile flips one byte inside the first occurrence of what in the
// file, as a bad sector would.
func flipInFile(t *testing.T, path, what string) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	i := bytes.Index(b, []byte(what))
	if i < 0 {
		t.Fatalf("%q is not in %s", what, path)
	}
	b[i+len(what)/2] ^= 0x20
	if err := os.WriteFile(path, b, 0o600); err != nil {
		t.Fatal(err)
	}
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, b, 0o600); err != nil {
		t.Fatal(err)
	}
}

func wantIn(t *testing.T, what, text string, wants ...string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(text, w) {
			t.Errorf("%s does not say %q:\n%s", what, w, text)
		}
	}
}

// TestDataFileTools runs tablee check, backup and compact as an operator
// would, on real data files: a clean file, a damaged one (exit status 1,
// what is damaged, the way out naming the newest backup), a backup
// restored and checked, a backup taken while tablee local plays on, a
// compaction with retention, and the refusals (usage, a file in use).
func TestDataFileTools(t *testing.T) {
	bin := buildBinary(t)
	dir := t.TempDir()
	data := filepath.Join(dir, "data")
	path := filepath.Join(data, "tablee.db")
	ids := fillDataFile(t, path, 30, 12, 300, time.Now)

	t.Run("check a clean file", func(t *testing.T) {
		out, errOut, code := tablee(t, bin, dir, "check", path)
		if code != 0 {
			t.Fatalf("exit %d\n%s%s", code, out, errOut)
		}
		wantIn(t, "check", out, "tables  30 (30 finished)", "moves   360 read back whole",
			"every checksum matches", "bbolt's consistency check found nothing", "\nclean\n")
		// The same file named by --data and through a configuration.
		if _, _, code := tablee(t, bin, dir, "check", "--data", data); code != 0 {
			t.Errorf("check --data: exit %d", code)
		}
		if err := os.WriteFile(filepath.Join(dir, "tablee.yaml"), []byte("data_dir: "+data+"\n"), 0o600); err != nil {
			t.Fatal(err)
		}
		out, _, code = tablee(t, bin, dir, "check")
		if code != 0 || !strings.Contains(out, path) {
			t.Errorf("check with tablee.yaml: exit %d\n%s", code, out)
		}
		if err := os.Remove(filepath.Join(dir, "tablee.yaml")); err != nil {
			t.Fatal(err)
		}
	})

	t.Run("usage", func(t *testing.T) {
		for _, args := range [][]string{
			{"check"}, // no tablee.yaml here
			{"check", filepath.Join(dir, "missing.db")},
			{"check", data},
			{"check", path, "--data", data},
			{"check", path, path},
			{"check", "--nonsense"},
			{"backup", "--db", path},
			{"backup", "--db", path, path},
			{"backup", "--db", path, filepath.Join(dir, "no-such-dir") + "/"},
			{"compact", path, "--retention", "12h"},
			{"compact", path, "--retention", "soon"},
		} {
			out, errOut, code := tablee(t, bin, dir, args...)
			if code != 2 || !strings.HasPrefix(errOut, "tablee: ") && !strings.Contains(errOut, "Usage") {
				t.Errorf("tablee %v: exit %d, want 2\n%s%s", args, code, out, errOut)
			}
		}
		_, errOut, _ := tablee(t, bin, dir, "check")
		wantIn(t, "check without a file", errOut, "which data file?", "--data DIR")
		_, errOut, _ = tablee(t, bin, dir, "backup", "--db", path, path)
		wantIn(t, "backup over the data file", errOut, "is the data file itself")
		_, errOut, _ = tablee(t, bin, dir, "compact", path, "--retention", "12h")
		wantIn(t, "compact --retention 12h", errOut, "--retention must be keep or at least 1d (such as 90d), not 12h")
	})

	t.Run("store: postgres", func(t *testing.T) {
		// The configuration's database is not a data file: each tool says
		// so and names PostgreSQL's tools, without the address's password.
		pgdir := t.TempDir()
		const password = "pg-Secret-77"
		yaml := "store: postgres\npostgres:\n  url: postgres://tablee:" + password + "@127.0.0.1:1/tablee\ndata_dir: " + data + "\n"
		if err := os.WriteFile(filepath.Join(pgdir, "tablee.yaml"), []byte(yaml), 0o600); err != nil {
			t.Fatal(err)
		}
		for _, args := range [][]string{{"check"}, {"backup", filepath.Join(pgdir, "copy.db")}, {"compact"}} {
			out, errOut, code := tablee(t, bin, pgdir, args...)
			if code != 2 {
				t.Errorf("tablee %v: exit %d, want 2\n%s%s", args, code, out, errOut)
			}
			wantIn(t, "tablee "+args[0], errOut, "tablee "+args[0]+" is for a bbolt data file", "store: postgres", "pg_dump", "docs/postgres.md")
			if strings.Contains(out+errOut, password) {
				t.Errorf("tablee %v printed the password: %s%s", args, out, errOut)
			}
		}
		// A data file named on the command line is still checked.
		if out, errOut, code := tablee(t, bin, pgdir, "check", path); code != 0 {
			t.Errorf("check FILE beside a postgres configuration: exit %d\n%s%s", code, out, errOut)
		}
	})

	backup := filepath.Join(dir, "copies", "tablee-manual.db")
	t.Run("backup restored and checked", func(t *testing.T) {
		if err := os.MkdirAll(filepath.Dir(backup), 0o700); err != nil {
			t.Fatal(err)
		}
		out, errOut, code := tablee(t, bin, dir, "backup", "--data", data, backup)
		if code != 0 {
			t.Fatalf("backup: exit %d\n%s%s", code, out, errOut)
		}
		wantIn(t, "backup", out, backup, "a checked copy of "+path, "the file is not in use")
		if _, errOut, code := tablee(t, bin, dir, "backup", "--data", data, backup); code != 2 || !strings.Contains(errOut, "exists") {
			t.Errorf("a backup over an existing file: exit %d %s", code, errOut)
		}
		// A directory as the destination: a file named with the time in it.
		out, _, code = tablee(t, bin, dir, "backup", "--data", data, filepath.Dir(backup))
		if code != 0 || !regexp.MustCompile(`copies/tablee-\d{8}T\d{6}Z\.db: a checked copy`).MatchString(out) {
			t.Errorf("backup into a directory: exit %d\n%s", code, out)
		}
		if out, _, code := tablee(t, bin, dir, "check", backup); code != 0 {
			t.Fatalf("check of the backup: exit %d\n%s", code, out)
		}
		// Restored in place of a lost data file, it holds every game.
		restored := filepath.Join(dir, "restored", "tablee.db")
		if err := os.MkdirAll(filepath.Dir(restored), 0o700); err != nil {
			t.Fatal(err)
		}
		copyFile(t, backup, restored)
		st, err := bolt.Open(restored, bolt.Options{Timeout: time.Second})
		if err != nil {
			t.Fatal(err)
		}
		defer st.Close()
		for _, id := range ids {
			moves, err := st.Moves(id)
			if err != nil || len(moves) != 12 || moves[11].Text != fmt.Sprintf("move 12 of table %d", id) {
				t.Fatalf("table %d restored: %v, %d moves", id, err, len(moves))
			}
		}
	})

	t.Run("check a damaged file", func(t *testing.T) {
		damaged := filepath.Join(dir, "damaged", "tablee.db")
		if err := os.MkdirAll(filepath.Join(filepath.Dir(damaged), "backups"), 0o700); err != nil {
			t.Fatal(err)
		}
		copyFile(t, path, damaged)
		auto := bolt.BackupPath(damaged, time.Now().Add(-2*time.Hour))
		copyFile(t, backup, auto)
		flipInFile(t, damaged, fmt.Sprintf("move 7 of table %d", ids[4]))
		out, errOut, code := tablee(t, bin, dir, "check", damaged)
		if code != 1 {
			t.Fatalf("check of a damaged file: exit %d, want 1\n%s%s", code, out, errOut)
		}
		wantIn(t, "check of a damaged file", out,
			fmt.Sprintf("table %d, move 7: checksum mismatch", ids[4]), "records 1 problem:", "\nDAMAGED\n",
			"The newest automatic backup is "+auto, "tablee check "+auto, "move the damaged file aside")
		wantIn(t, "the error", errOut, damaged+" is damaged")
		// The way out works: the backup is clean, and in place of the
		// damaged file it is clean too.
		if _, _, code := tablee(t, bin, dir, "check", auto); code != 0 {
			t.Errorf("check of the backup: exit %d", code)
		}
		if err := os.Rename(damaged, damaged+".damaged"); err != nil {
			t.Fatal(err)
		}
		copyFile(t, auto, damaged)
		if out, _, code := tablee(t, bin, dir, "check", damaged); code != 0 {
			t.Errorf("check after restoring: exit %d\n%s", code, out)
		}
	})

	t.Run("compact with retention", func(t *testing.T) {
		file := filepath.Join(dir, "compact", "tablee.db")
		old := time.Now().Add(-100 * 24 * time.Hour)
		oldIDs := fillDataFile(t, file, 60, 40, 500, func() time.Time { return old })
		st, err := bolt.Open(file, bolt.Options{NoSync: true})
		if err != nil {
			t.Fatal(err)
		}
		// A recent game, and one still being played (retention never
		// touches it, however old).
		recent, _ := st.NewTableID()
		playing, _ := st.NewTableID()
		for seq := uint64(1); seq <= 5; seq++ {
			m := &store.Move{Seq: seq, At: old, Seat: 0, User: "discord:1", Text: "pass"}
			if err := st.Save(store.Table{ID: recent, Chat: "discord:1", Game: "tictactoe", Finished: seq == 5}, m); err != nil {
				t.Fatal(err)
			}
			if err := st.Save(store.Table{ID: playing, Chat: "discord:2", Game: "tictactoe"}, m); err != nil {
				t.Fatal(err)
			}
		}
		st.Close()
		cfg := filepath.Join(dir, "compact", "tablee.yaml")
		if err := os.WriteFile(cfg, []byte("data_dir: "+filepath.Dir(file)+"\nretention: 90d\n"), 0o600); err != nil {
			t.Fatal(err)
		}
		before, _ := os.Stat(file)
		out, errOut, code := tablee(t, bin, dir, "compact", "--config", cfg)
		if code != 0 {
			t.Fatalf("compact: exit %d\n%s%s", code, out, errOut)
		}
		after, _ := os.Stat(file)
		wantIn(t, "compact", out, file+": "+humanBytes(before.Size())+" before, "+humanBytes(after.Size())+" after",
			"retention 90d: 60 finished games deleted first")
		if after.Size() >= before.Size()/4 {
			t.Errorf("compacted from %d to %d bytes only", before.Size(), after.Size())
		}
		if out, _, code := tablee(t, bin, dir, "check", file); code != 0 || !strings.Contains(out, "tables  2 (1 finished)") {
			t.Errorf("check after compact: exit %d\n%s", code, out)
		}
		st, err = bolt.Open(file, bolt.Options{})
		if err != nil {
			t.Fatal(err)
		}
		defer st.Close()
		if _, err := st.Table(oldIDs[0]); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("a game finished 100 days ago is still there: %v", err)
		}
		for _, id := range []uint64{recent, playing} {
			if moves, err := st.Moves(id); err != nil || len(moves) != 5 {
				t.Errorf("table %d after compact: %v, %d moves", id, err, len(moves))
			}
		}
	})

	t.Run("while tablee local runs", func(t *testing.T) {
		ldata := filepath.Join(dir, "local")
		lc := startLocal(t, bin, ldata)
		lc.send("alice> /play tictactoe\nbob> /join\nalice> /start\nalice> /move 5\nbob> /move 1\n")
		lc.waitFor(t, "bob plays 1.")
		file := filepath.Join(ldata, "local.db")
		hotCopy := filepath.Join(dir, "hot.db")
		out, errOut, code := tablee(t, bin, dir, "backup", "--db", file, hotCopy)
		if code != 0 {
			t.Fatalf("backup while local runs: exit %d\n%s%s", code, out, errOut)
		}
		wantIn(t, "backup while local runs", out, "made by the running tablee")
		// Check and compact need the file to themselves, and say so.
		out, errOut, code = tablee(t, bin, dir, "check", file)
		if code != 2 {
			t.Errorf("check while local runs: exit %d\n%s", code, out)
		}
		wantIn(t, "check while local runs", errOut, "is locked by another tablee process", "tablee backup COPY")
		_, errOut, code = tablee(t, bin, dir, "compact", file)
		if code != 1 {
			t.Errorf("compact while local runs: exit %d", code)
		}
		wantIn(t, "compact while local runs", errOut, "is locked by another tablee process", "stop tablee serve")
		// The game went on meanwhile, and the copy holds its moves.
		lc.send("alice> /move 9\n")
		lc.waitFor(t, "alice plays 9.")
		if code := lc.stop(t); code != 0 {
			t.Fatalf("local: exit %d\n%s", code, lc.stderr())
		}
		st, err := bolt.Open(hotCopy, bolt.Options{Timeout: time.Second})
		if err != nil {
			t.Fatal(err)
		}
		defer st.Close()
		if moves, err := st.Moves(1); err != nil || len(moves) != 2 {
			t.Errorf("the hot copy: %v, %d moves", err, len(moves))
		}
		// local took an automatic backup at start-up.
		if all, _ := bolt.Backups(file); len(all) != 1 {
			t.Errorf("automatic backups of local.db: %v", all)
		}
	})
}

// localChat is `tablee local` running, fed line by line.
type localChat struct {
	cmd   *exec.Cmd
	in    io.WriteCloser
	mu    sync.Mutex
	out   strings.Builder
	errb  bytes.Buffer
	lines chan string
}

func startLocal(t *testing.T, bin, data string, args ...string) *localChat {
	t.Helper()
	lc := &localChat{cmd: exec.Command(bin, append([]string{"local", "--data", data, "--lang", "en", "--echo", "--seed", "1"}, args...)...),
		lines: make(chan string, 1000)}
	lc.cmd.Env = binaryEnv()
	lc.in, _ = lc.cmd.StdinPipe()
	stdout, _ := lc.cmd.StdoutPipe()
	lc.cmd.Stderr = &lockedWriter{mu: &lc.mu, w: &lc.errb}
	if err := lc.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			lc.mu.Lock()
			lc.out.WriteString(sc.Text() + "\n")
			lc.mu.Unlock()
			select {
			case lc.lines <- sc.Text():
			default:
			}
		}
		close(lc.lines)
	}()
	t.Cleanup(func() { _ = lc.cmd.Process.Kill() })
	return lc
}

type lockedWriter struct {
	mu *sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

func (lc *localChat) send(s string) { _, _ = io.WriteString(lc.in, s) }

func (lc *localChat) stderr() string {
	lc.mu.Lock()
	defer lc.mu.Unlock()
	return lc.errb.String()
}

// waitFor waits until a line of the chat holds want.
func (lc *localChat) waitFor(t *testing.T, want string) {
	t.Helper()
	limit := time.After(20 * time.Second)
	for {
		select {
		case l, ok := <-lc.lines:
			if !ok {
				t.Fatalf("local ended before %q:\n%s", want, lc.stderr())
			}
			if strings.Contains(l, want) {
				return
			}
		case <-limit:
			t.Fatalf("no %q after 20 s", want)
		}
	}
}

// stop closes its input and returns its exit status.
func (lc *localChat) stop(t *testing.T) int {
	t.Helper()
	lc.in.Close()
	return lc.wait(t)
}

func (lc *localChat) wait(t *testing.T) int {
	t.Helper()
	done := make(chan error, 1)
	go func() {
		for range lc.lines {
		}
		done <- lc.cmd.Wait()
	}()
	select {
	case err := <-done:
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			return ee.ExitCode()
		}
		if err != nil {
			t.Fatal(err)
		}
		return 0
	case <-time.After(20 * time.Second):
		t.Fatalf("still running 20 s later:\n%s", lc.stderr())
		return -1
	}
}

// breakPages damages the data file under the process that has it open, as
// a failing disk would: every branch page is pointed at the last page of
// the file, which is then cut off, so that the process's next read of its
// trees faults (SIGBUS) in bbolt's memory map of the file.
func breakPages(t *testing.T, path string) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	le := binary.LittleEndian
	// The newer meta page (0 or 1) holds the high-water mark.
	meta := 16
	if le.Uint64(b[4096+16+48:]) > le.Uint64(b[16+48:]) {
		meta += 4096
	}
	if size := le.Uint32(b[meta+8:]); size != 4096 {
		t.Fatalf("page size %d", size)
	}
	hwm := int(le.Uint64(b[meta+40:]))
	last := len(b)/4096 - 1
	if last < hwm+16 {
		t.Fatalf("the file (%d bytes) leaves no room past its %d pages", len(b), hwm)
	}
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	branches := 0
	for i := 2; i < hwm; i++ {
		p := b[i*4096 : (i+1)*4096]
		flags, count, overflow := le.Uint16(p[8:]), int(le.Uint16(p[10:])), int(le.Uint32(p[12:]))
		if flags == 0x01 && 16+16*count <= 4096 {
			for j := range count {
				le.PutUint64(p[16+16*j+8:], uint64(last))
			}
			if _, err := f.WriteAt(p, int64(i)*4096); err != nil {
				t.Fatal(err)
			}
			branches++
		}
		i += overflow
	}
	if branches == 0 {
		t.Fatal("no branch page in the file")
	}
	if err := f.Truncate(int64(hwm) * 4096); err != nil {
		t.Fatal(err)
	}
}

// fillForDamage fills a data file with enough tables for their bucket to
// have branch pages, and doubles its size (bbolt grows its files the same
// way), so that the memory map of the process that opens it goes on past
// the pages in use, where breakPages points them.
func fillForDamage(t *testing.T, path string) {
	t.Helper()
	fillDataFile(t, path, 200, 3, 1000, time.Now)
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(path, 2*fi.Size()); err != nil {
		t.Fatal(err)
	}
}

// waitForBackup waits until the automatic backup taken at start-up is in
// place.
func waitForBackup(t *testing.T, path string) bolt.Backup {
	t.Helper()
	for range 200 {
		if all, _ := bolt.Backups(path); len(all) > 0 {
			return all[0]
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("no automatic backup of %s", path)
	return bolt.Backup{}
}

// checkStoppedOnDamage checks what a process said when it stopped on a
// damaged file: the file, its newest backup and the way out, and no crash.
func checkStoppedOnDamage(t *testing.T, what, output, path string, b bolt.Backup) {
	t.Helper()
	t.Logf("%s said:\n%s", what, output)
	wantIn(t, what, output, "tablee: store/bolt: "+path+" is damaged",
		"The newest automatic backup is "+b.Path, "tablee check "+path)
	for _, crash := range []string{"panic:", "goroutine ", "SIGBUS", "SIGSEGV", "fatal error"} {
		if strings.Contains(output, crash) {
			t.Errorf("%s crashed (%q):\n%s", what, crash, output)
		}
	}
}

// TestDamagedFileStopsLocal: the data file of a running tablee local is
// damaged under it; the next move's save faults, and instead of crashing
// (or playing on with a file that refuses every write) it stops at once,
// exit status 1, naming the file, its newest automatic backup and the way
// out. The way out, followed, works.
func TestDamagedFileStopsLocal(t *testing.T) {
	bin := buildBinary(t)
	data := t.TempDir()
	path := filepath.Join(data, "local.db")
	fillForDamage(t, path)
	lc := startLocal(t, bin, data)
	b := waitForBackup(t, path)
	lc.send("alice> /games\n")
	lc.waitFor(t, "tictactoe")
	breakPages(t, path)
	lc.send("alice> /play tictactoe\nbob> /join\nalice> /start\n")
	if code := lc.wait(t); code != 1 {
		t.Fatalf("exit %d, want 1\n%s", code, lc.stderr())
	}
	checkStoppedOnDamage(t, "tablee local", lc.stderr(), path, b)

	// The way out: check says what is damaged, the backup is clean, and in
	// place of the damaged file it plays again.
	out, _, code := tablee(t, bin, data, "check", path)
	if code != 1 || !strings.Contains(out, "DAMAGED") {
		t.Errorf("check of the damaged file: exit %d\n%s", code, out)
	}
	if out, _, code := tablee(t, bin, data, "check", b.Path); code != 0 {
		t.Fatalf("check of the backup: exit %d\n%s", code, out)
	}
	if err := os.Rename(path, path+".damaged"); err != nil {
		t.Fatal(err)
	}
	copyFile(t, b.Path, path)
	again := startLocal(t, bin, data)
	again.send("alice> /play tictactoe\nbob> /join\nalice> /start\nalice> /move 5\n")
	again.waitFor(t, "alice plays 5.")
	if code := again.stop(t); code != 0 {
		t.Fatalf("after restoring: exit %d\n%s", code, again.stderr())
	}
}

// TestDamagedFileStopsServe: the same for tablee serve, a Telegram group
// playing through the webhook; on the way, tablee backup takes a copy
// from the running server.
func TestDamagedFileStopsServe(t *testing.T) {
	bin := buildBinary(t)
	c := newCloud(t)
	c.setMode("answer")
	dir := t.TempDir()
	data := filepath.Join(dir, "data")
	path := filepath.Join(data, "tablee.db")
	fillForDamage(t, path)
	cfg := filepath.Join(dir, "tablee.yaml")
	if err := os.WriteFile(cfg, []byte("data_dir: "+data+"\nlanguage: en\ntelegram:\n  enabled: true\n  token: \"123:abc\"\n"+
		"  mode: webhook\n  webhook:\n    listen: 127.0.0.1:0\n    path: /telegram\n    secret_token: s3cret\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "serve", "--config", cfg)
	cmd.Env = binaryEnv("HTTPS_PROXY="+c.proxyURL(), "SSL_CERT_FILE="+c.caFile)
	var mu sync.Mutex
	var stderr bytes.Buffer
	cmd.Stderr = &lockedWriter{mu: &mu, w: &stderr}
	output := func() string { mu.Lock(); defer mu.Unlock(); return stderr.String() }
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill() })
	listening := regexp.MustCompile(`msg="webhook listening".* addr=(\S+)`)
	var addr string
	for i := 0; addr == ""; i++ {
		if i == 400 {
			t.Fatalf("the webhook does not listen:\n%s", output())
		}
		if m := listening.FindStringSubmatch(output()); m != nil {
			addr = m[1]
		}
		time.Sleep(50 * time.Millisecond)
	}
	b := waitForBackup(t, path)
	wantIn(t, "serve's log", output(), "automatic backup taken")

	hot := filepath.Join(dir, "hot.db")
	out, errOut, code := tablee(t, bin, dir, "backup", "--config", cfg, hot)
	if code != 0 || !strings.Contains(out, "made by the running tablee") {
		t.Fatalf("backup while serve runs: exit %d\n%s%s", code, out, errOut)
	}

	breakPages(t, path)
	post := func(id int, text string) {
		body := fmt.Sprintf(`{"update_id":%d,"message":{"message_id":%d,"date":1,"chat":{"id":-100,"type":"group","title":"Café"},`+
			`"from":{"id":1,"is_bot":false,"first_name":"Alice"},"text":%q,"entities":[{"type":"bot_command","offset":0,"length":5}]}}`, id, id, text)
		req, _ := http.NewRequest(http.MethodPost, "http://"+addr+"/telegram", strings.NewReader(body))
		req.Header.Set("X-Telegram-Bot-Api-Secret-Token", "s3cret")
		if resp, err := http.DefaultClient.Do(req); err == nil {
			resp.Body.Close()
		}
	}
	post(1, "/play tictactoe")
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.ExitCode() != 1 {
			t.Fatalf("serve ended with %v, want exit status 1\n%s", err, output())
		}
	case <-time.After(20 * time.Second):
		t.Fatalf("serve still running 20 s after the damage:\n%s", output())
	}
	checkStoppedOnDamage(t, "tablee serve", output(), path, b)
	wantIn(t, "serve's log", output(), "stopping: the data file is damaged", "msg=stopped")
	if _, err := os.Stat(copySocket(path)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the backup socket is left behind: %v", err)
	}
}

// A data file of the previous tablee (bot/testdata/schema4.db: a finished
// game and one in progress, schema 4) is not migrated to PostgreSQL before
// a tablee started on it has named the players of its finished games;
// once `tablee local` has run on it, migrate goes past that (and here
// fails to reach a database that is not there).
func TestMigrateWantsThePlayersNamed(t *testing.T) {
	bin := buildBinary(t)
	dir := t.TempDir()
	old, err := os.ReadFile(filepath.Join("..", "..", "bot", "testdata", "schema4.db"))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "local.db")
	if err := os.WriteFile(path, old, 0o600); err != nil {
		t.Fatal(err)
	}
	if out, _, code := tablee(t, bin, dir, "check", path); code != 0 ||
		!strings.Contains(out, "players 1 finished game without its players named: tablee names them, once, when it next starts") {
		t.Fatalf("check before the naming: exit %d\n%s", code, out)
	}
	nowhere := "--to=postgres:postgres://tablee@127.0.0.1:1/tablee?connect_timeout=2"
	_, errOut, code := tablee(t, bin, dir, "migrate", "--from=bolt:"+path, nowhere)
	if code == 0 || !strings.Contains(errOut, "do not name their players yet") || !strings.Contains(errOut, "start this tablee once on it") {
		t.Fatalf("migrate of a file whose players are not named: exit %d\n%s", code, errOut)
	}
	if out, errOut, code := tablee(t, bin, dir, "local", "--data", dir, "--lang", "en"); code != 0 {
		t.Fatalf("tablee local: exit %d\n%s%s", code, out, errOut)
	}
	_, errOut, code = tablee(t, bin, dir, "migrate", "--from=bolt:"+path, nowhere)
	if code == 0 || strings.Contains(errOut, "do not name their players yet") || !strings.Contains(errOut, "connecting") {
		t.Fatalf("migrate once the players are named: exit %d\n%s", code, errOut)
	}
	if out, _, code := tablee(t, bin, dir, "check", path); code != 0 || !strings.Contains(out, "\nclean\n") || strings.Contains(out, "players ") {
		t.Fatalf("check after the naming: exit %d\n%s", code, out)
	}

	// The same for the wait of its started games (meta "idle_complete"
	// of store/bolt's layout, missing in a file of an earlier tablee).
	db, err := bbolt.Open(path, 0o600, &bbolt.Options{Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Update(func(tx *bbolt.Tx) error { return tx.Bucket([]byte("meta")).Delete([]byte("idle_complete")) }); err != nil {
		t.Fatal(err)
	}
	db.Close()
	_, errOut, code = tablee(t, bin, dir, "migrate", "--from=bolt:"+path, nowhere)
	if code == 0 || !strings.Contains(errOut, "do not count the wait for their players yet") || !strings.Contains(errOut, "start this tablee once on it") {
		t.Fatalf("migrate of a file whose started games do not count their wait: exit %d\n%s", code, errOut)
	}
	if out, errOut, code := tablee(t, bin, dir, "local", "--data", dir, "--lang", "en"); code != 0 {
		t.Fatalf("tablee local: exit %d\n%s%s", code, out, errOut)
	}
	_, errOut, code = tablee(t, bin, dir, "migrate", "--from=bolt:"+path, nowhere)
	if code == 0 || strings.Contains(errOut, "do not count the wait") || !strings.Contains(errOut, "connecting") {
		t.Fatalf("migrate once the wait is counted: exit %d\n%s", code, errOut)
	}
}
