package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/tablee/tablee/store/bolt"
)

// buildBinary builds tablee as the Dockerfile does (static, CGO_ENABLED=0),
// with the test game linked in: once for the test process, which every
// test that runs the binary shares (each link took a second or two, ten
// times a run). TestMain removes it. Under -short it skips the test, which
// would build and run the binary.
func buildBinary(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	built.once.Do(func() {
		dir, err := os.MkdirTemp("", "tablee-bin")
		if err != nil {
			built.err = err
			return
		}
		built.dir, built.path = dir, filepath.Join(dir, "tablee")
		cmd := exec.Command("go", "build", "-tags", "testgames", "-trimpath", "-ldflags", "-s -w", "-o", built.path, ".")
		cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
		if out, err := cmd.CombinedOutput(); err != nil {
			built.err = fmt.Errorf("%v\n%s", err, out)
		}
	})
	if built.err != nil {
		t.Fatalf("build: %v", built.err)
	}
	return built.path
}

// built is the binary buildBinary made for this test process.
var built struct {
	once      sync.Once
	dir, path string
	err       error
}

// removeBuilt removes the binary the tests built (TestMain).
func removeBuilt() {
	if built.dir != "" {
		os.RemoveAll(built.dir)
	}
}

var playsLine = regexp.MustCompile(`│ (alice|bob) plays (\d)\.`)

// TestKill9LosesNoAnsweredMove runs the real binary on a script, kills it
// with SIGKILL in the middle of the game, restarts it on the same data
// directory, and finds there every move it had answered, in order.
func TestKill9LosesNoAnsweredMove(t *testing.T) {
	bin := buildBinary(t)
	data := t.TempDir()

	cmd := exec.Command(bin, "local", "--data", data, "--seed", "7", "--lang", "en", "--echo")
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	io.WriteString(stdin, "alice> /play tictactoe long\nbob> /join\nalice> /start\n")
	// Keep feeding moves while reading: the kill lands while commands are
	// still arriving, as a crash would.
	go func() {
		for i := 0; i < 400; i++ {
			if _, err := fmt.Fprintf(stdin, "alice> /auto\nbob> /auto\n"); err != nil {
				return
			}
		}
	}()
	var answered []string
	sc := bufio.NewScanner(stdout)
	for sc.Scan() {
		if m := playsLine.FindStringSubmatch(sc.Text()); m != nil {
			answered = append(answered, m[2])
			if len(answered) == 25 {
				cmd.Process.Kill() // SIGKILL: no chance to flush or close
				break
			}
		}
	}
	cmd.Wait()
	if len(answered) < 25 {
		t.Fatalf("only %d moves answered before the end", len(answered))
	}

	// Restart on the same directory and play on: the table is there.
	again := exec.Command(bin, "local", "--data", data, "--lang", "en", "--echo")
	again.Stdin = strings.NewReader("alice> /board\n")
	out, err := again.CombinedOutput()
	if err != nil {
		t.Fatalf("restart: %v\n%s", err, out)
	}
	if !bytes.Contains(out, []byte("Tic-tac-toe — table #1")) {
		t.Fatalf("the table did not survive:\n%s", out)
	}

	st, err := bolt.Open(filepath.Join(data, "local.db"), bolt.Options{Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	moves, err := st.Moves(1)
	if err != nil {
		t.Fatal(err)
	}
	if len(moves) < len(answered) {
		t.Fatalf("%d moves answered, %d on disk", len(answered), len(moves))
	}
	for i, cell := range answered {
		if moves[i].Text != cell {
			t.Fatalf("move %d: answered %s, stored %q", i+1, cell, moves[i].Text)
		}
	}
}

func TestVersionAndUsage(t *testing.T) {
	var out, errOut bytes.Buffer
	if err := run(context.Background(), []string{"--version"}, nil, &out, &errOut); err != nil || !strings.HasPrefix(out.String(), "tablee ") {
		t.Fatalf("version: %v %q", err, out.String())
	}
	if err := run(context.Background(), []string{"dance"}, nil, &out, &errOut); err == nil || !strings.Contains(err.Error(), `unknown command "dance"`) {
		t.Fatalf("unknown command: %v", err)
	}
}

func TestServeFailsClearly(t *testing.T) {
	dir := t.TempDir()
	cases := []struct{ yaml, want string }{
		{"data_dir: " + dir + "\n", "no platform is enabled"},
		{"language: de\n", "language"},
		{"tokne: x\n", "tokne"},
	}
	for _, c := range cases {
		path := filepath.Join(dir, "tablee.yaml")
		os.WriteFile(path, []byte(c.yaml), 0o600)
		err := run(context.Background(), []string{"serve", "--config", path}, nil, io.Discard, io.Discard)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("config %q: error %v, want it to name %q", c.yaml, err, c.want)
		}
	}
	// A malformed booklet is refused with its line, before any platform.
	booklet := filepath.Join(dir, "booklet.txt")
	os.WriteFile(booklet, []byte("# questions\n6432 | 2 | Capitale ? | Paris\n12 | x\n"), 0o600)
	os.WriteFile(filepath.Join(dir, "b.yaml"), []byte("booklet: "+booklet+"\ntelegram:\n  enabled: true\n  token: \"1:x\"\n"), 0o600)
	if err := run(context.Background(), []string{"serve", "--config", filepath.Join(dir, "b.yaml")}, nil, io.Discard, io.Discard); err == nil || !strings.Contains(err.Error(), "line 3") {
		t.Errorf("malformed booklet: %v", err)
	}
	err := run(context.Background(), []string{"serve", "--config", filepath.Join(dir, "missing.yaml")}, nil, io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "missing.yaml") {
		t.Errorf("missing file: %v", err)
	}
}

func TestLocalRefusesALockedDataFile(t *testing.T) {
	dir := t.TempDir()
	st, err := bolt.Open(filepath.Join(dir, "local.db"), bolt.Options{Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	err = run(context.Background(), []string{"local", "--data", dir}, strings.NewReader(""), io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "local.db") {
		t.Fatalf("want an error naming the file, got %v", err)
	}
}

func TestLexiconHasTool(t *testing.T) {
	var out bytes.Buffer
	in := strings.NewReader("maison\nÉlève\nxqzw\nporte-monnaie\naujourd'hui\n")
	if err := run(context.Background(), []string{"lexicon", "has"}, in, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	for _, want := range []string{"yes", "no"} {
		if !strings.Contains(got, want) {
			t.Fatalf("output %q", got)
		}
	}
	lines := strings.Split(strings.TrimSpace(got), "\n")
	if len(lines) != 5 || !strings.HasSuffix(lines[0], "yes") || !strings.HasSuffix(lines[1], "yes") || !strings.HasSuffix(lines[2], "no") || !strings.HasSuffix(lines[3], "no") || lines[4] != "AUJOURDHUI yes" {
		t.Fatalf("lexicon has:\n%s", got)
	}
}

// TestSIGTERMStopsCleanly sends SIGTERM to the real binary in the middle of
// a game: it exits at once with status 0, and the data file opens again
// with every answered move.
func TestSIGTERMStopsCleanly(t *testing.T) {
	bin := buildBinary(t)
	data := t.TempDir()
	cmd := exec.Command(bin, "local", "--data", data, "--seed", "3", "--lang", "en", "--echo")
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	io.WriteString(stdin, "alice> /play tictactoe\nbob> /join\nalice> /start\n/move 5\nbob> /move 1\n")
	sc := bufio.NewScanner(stdout)
	answered := 0
	for answered < 2 && sc.Scan() {
		if playsLine.MatchString(sc.Text()) {
			answered++
		}
	}
	// stdin stays open: the process is waiting for a line when the signal comes.
	start := time.Now()
	cmd.Process.Signal(syscall.SIGTERM)
	go io.Copy(io.Discard, stdout)
	if err := cmd.Wait(); err != nil {
		t.Fatalf("exit after SIGTERM: %v", err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Fatalf("took %v to stop", d)
	}
	st, err := bolt.Open(filepath.Join(data, "local.db"), bolt.Options{Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if moves, err := st.Moves(1); err != nil || len(moves) != 2 {
		t.Fatalf("moves after SIGTERM: %v %d", err, len(moves))
	}
}

// TestLocalGoesOnAfterAnOverlongLine: `tablee local` refuses a 2 MB line
// in the language of --lang and reads the commands after it.
func TestLocalGoesOnAfterAnOverlongLine(t *testing.T) {
	in := "alice> /jouer crackword\n" + strings.Repeat("é", 1<<20) + "\nbob> /rejoindre\n"
	var out bytes.Buffer
	if err := run(context.Background(), []string{"local", "--data", t.TempDir(), "--lang", "fr"}, strings.NewReader(in), &out, io.Discard); err != nil {
		t.Fatalf("local stopped: %v", err)
	}
	if !strings.Contains(out.String(), "ta ligne est ignorée : elle fait 1\u202f048\u202f576 caractères") {
		t.Errorf("no note about the long line:\n%.3000s", out.String())
	}
	if !strings.Contains(out.String(), "#main bob> /rejoindre") || !strings.Contains(out.String(), "2. bob") {
		t.Errorf("the line after was not played:\n%.3000s", out.String())
	}
}
