package main

import (
	"bytes"
	"os"
	"path/filepath"
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
