package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
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

var resumedTurn = regexp.MustCompile(`Mots de Tête, turn (\d+) of 12`)

// TestKill9KeepsAnsweredChallengeTurns runs the real binary, plays the
// daily challenge by passing, kills it with SIGKILL in the middle, and
// starts it again on the same data: the challenge resumes at the turn
// after the last one answered (the same day's, from the secret kept
// beside the data).
func TestKill9KeepsAnsweredChallengeTurns(t *testing.T) {
	bin := buildBinary(t)
	data := t.TempDir()
	lc := startLocal(t, bin, data)
	// One pass at a time, the next sent as soon as an answer is read: at
	// the kill, the sixth is on its way, as a crash would find it.
	lc.send("alice> /challenge motsdetete\n")
	for turn := 1; turn <= 5; turn++ {
		lc.send("alice> /challenge pass\n")
		lc.waitFor(t, fmt.Sprintf("Turn %d of 12: you passed", turn))
	}
	lc.send("alice> /challenge pass\n")
	lc.cmd.Process.Kill() // SIGKILL: no chance to flush or close
	lc.wait(t)
	answered := 5
	again := exec.Command(bin, "local", "--data", data, "--lang", "en", "--echo")
	again.Stdin = strings.NewReader("alice> /challenge motsdetete\n")
	out, err := again.CombinedOutput()
	if err != nil {
		t.Fatalf("restart: %v\n%s", err, out)
	}
	// Every turn answered is kept; a pass saved just before the kill but
	// not yet answered may be kept too.
	m := resumedTurn.FindSubmatch(out)
	if m == nil || !bytes.Contains(out, []byte("Your total: 0 of the top's")) {
		t.Fatalf("the challenge did not resume:\n%s", out)
	}
	// Six passes were sent: at most six played.
	if turn, _ := strconv.Atoi(string(m[1])); turn <= answered || turn > answered+2 {
		t.Fatalf("%d turns answered, six sent, resumed at turn %d:\n%s", answered, turn, out)
	}
}
