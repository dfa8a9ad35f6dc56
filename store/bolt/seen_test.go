package bolt

import (
	"encoding/binary"
	"path/filepath"
	"testing"
	"time"

	"go.etcd.io/bbolt"

	"github.com/tablee/tablee/store"
)

// A process killed while it played an event leaves its claim in the file;
// the next process to open the file plays the event when it comes again
// (getUpdates gives it again after a restart), however long the lease: one
// process has the file open at a time, so the claim's owner is gone. An
// event played before the restart stays played.
func TestClaimOfAnEarlierRunLapses(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tablee.db")
	s := openTest(t, path)
	for _, key := range []string{"telegram:1:7", "telegram:1:8"} {
		if c, err := s.Claim(key, time.Hour); c != store.ClaimFresh || err != nil {
			t.Fatalf("Claim(%s) = %v, %v", key, c, err)
		}
	}
	if err := s.Played("telegram:1:8"); err != nil {
		t.Fatal(err)
	}
	if c, _ := s.Claim("telegram:1:7", time.Hour); c != store.ClaimHeld {
		t.Fatalf("a claim of this run = %v, want held", c)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s = openTest(t, path)
	if c, err := s.Claim("telegram:1:7", time.Hour); c != store.ClaimFresh || err != nil {
		t.Errorf("a claim of the earlier run = %v, %v; want fresh", c, err)
	}
	if c, err := s.Claim("telegram:1:8", time.Hour); c != store.ClaimPlayed || err != nil {
		t.Errorf("an event played in the earlier run = %v, %v; want played", c, err)
	}
}

// An id recorded by an earlier version (8 bytes: when it began to play)
// counts as played.
func TestSeenOfAnEarlierVersionIsPlayed(t *testing.T) {
	s := openTest(t, filepath.Join(t.TempDir(), "tablee.db"))
	err := s.write(func(tx *bbolt.Tx) error {
		return tx.Bucket(bSeen).Put([]byte("telegram:1:9"), binary.BigEndian.AppendUint64(nil, uint64(time.Now().Unix())))
	})
	if err != nil {
		t.Fatal(err)
	}
	if c, err := s.Claim("telegram:1:9", time.Minute); c != store.ClaimPlayed || err != nil {
		t.Errorf("Claim = %v, %v; want played", c, err)
	}
}

// A claim is kept in memory, not in the file: an update costs one commit,
// when it is played. A claim an earlier version wrote into the file (played
// 0, a lapse to come) was made by a process that is gone: fresh.
func TestClaimWritesNothing(t *testing.T) {
	s := openTest(t, filepath.Join(t.TempDir(), "tablee.db"))
	if c, err := s.Claim("telegram:1:10", time.Hour); c != store.ClaimFresh || err != nil {
		t.Fatalf("Claim = %v, %v", c, err)
	}
	if n := bucketLen(t, s, bSeen); n != 0 {
		t.Fatalf("a claim wrote %d entries into the file", n)
	}
	if err := s.Played("telegram:1:10"); err != nil {
		t.Fatal(err)
	}
	if n := bucketLen(t, s, bSeen); n != 1 {
		t.Fatalf("an event played left %d entries in the file, want 1", n)
	}
	err := s.write(func(tx *bbolt.Tx) error {
		return tx.Bucket(bSeen).Put([]byte("telegram:1:11"), seenValue(uint64(time.Now().Unix()), false,
			time.Now().Add(time.Hour).UnixNano(), 42))
	})
	if err != nil {
		t.Fatal(err)
	}
	if c, err := s.Claim("telegram:1:11", time.Hour); c != store.ClaimFresh || err != nil {
		t.Errorf("a claim an earlier version wrote = %v, %v; want fresh", c, err)
	}
	if c, _ := s.Claim("telegram:1:11", time.Hour); c != store.ClaimHeld {
		t.Errorf("claimed again while this claim holds = %v, want held", c)
	}
}
