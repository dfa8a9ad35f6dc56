package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
)

// tablee local keeps one secret beside its data: made once, readable by
// its owner alone, the same at every start, so that its challenge stays
// the day's.
func TestLocalChallengeSecretKeptBesideTheData(t *testing.T) {
	dir := t.TempDir()
	first, err := localSecret(dir)
	if err != nil || len(first) < 32 {
		t.Fatalf("%v %d", err, len(first))
	}
	fi, err := os.Stat(filepath.Join(dir, localChallengeSecret))
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("the secret's file: %v %v", err, fi.Mode())
	}
	again, err := localSecret(dir)
	if err != nil || !bytes.Equal(first, again) {
		t.Fatalf("another secret at the second start: %v", err)
	}
	// Another data directory, another secret.
	other, err := localSecret(t.TempDir())
	if err != nil || bytes.Equal(first, other) {
		t.Fatalf("two data directories share a secret: %v", err)
	}
	// Two starts at once keep one secret.
	dir = t.TempDir()
	var wg sync.WaitGroup
	got := make([][]byte, 8)
	for i := range got {
		wg.Add(1)
		go func() { defer wg.Done(); got[i], _ = localSecret(dir) }()
	}
	wg.Wait()
	for i := range got {
		if len(got[i]) == 0 || !bytes.Equal(got[i], got[0]) {
			t.Fatalf("start %d got another secret", i)
		}
	}
	// An emptied file is an error, not a new secret in silence.
	os.WriteFile(filepath.Join(dir, localChallengeSecret), nil, 0o600)
	if _, err := localSecret(dir); err == nil {
		t.Fatal("an empty secret file is taken")
	}
}

var challengeTurn = regexp.MustCompile(`Turn (\d+) of (\d+): you passed`)

// TestKill9KeepsAnsweredChallengeTurns runs the real binary, plays the
// daily challenge by passing, kills it with SIGKILL in the middle, and
// starts it again on the same data: the challenge resumes at the turn
// after the last one answered (the same day's, from the secret kept
// beside the data).
func TestKill9KeepsAnsweredChallengeTurns(t *testing.T) {
	bin := buildBinary(t)
	data := t.TempDir()
	cmd := exec.Command(bin, "local", "--data", data, "--lang", "en", "--echo")
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		io.WriteString(stdin, "alice> /challenge motsdetete\n")
		for range 40 {
			if _, err := io.WriteString(stdin, "alice> /challenge pass\n"); err != nil {
				return
			}
		}
	}()
	answered := 0
	sc := bufio.NewScanner(stdout)
	var seen []string
	for sc.Scan() {
		seen = append(seen, sc.Text())
		if m := challengeTurn.FindStringSubmatch(sc.Text()); m != nil {
			answered++
			if m[1] != fmt.Sprint(answered) {
				t.Fatalf("turn %s answered as the %dth", m[1], answered)
			}
			if answered == 5 {
				cmd.Process.Kill() // SIGKILL: no chance to flush or close
				break
			}
		}
	}
	cmd.Wait()
	if answered < 5 {
		t.Fatalf("only %d turns answered:\n%s", answered, strings.Join(seen, "\n"))
	}
	again := exec.Command(bin, "local", "--data", data, "--lang", "en", "--echo")
	again.Stdin = strings.NewReader("alice> /challenge\n")
	out, err := again.CombinedOutput()
	if err != nil {
		t.Fatalf("restart: %v\n%s", err, out)
	}
	if !bytes.Contains(out, []byte("turn 6 of")) || !bytes.Contains(out, []byte("Your total: 0 of the top's")) {
		t.Fatalf("the challenge did not resume at turn 6:\n%s", out)
	}
}
