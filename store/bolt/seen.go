package bolt

import (
	"encoding/binary"
	"fmt"
	"sync"
	"time"

	"go.etcd.io/bbolt"

	"github.com/tablee/tablee/store"
)

// bSeen holds the platforms' events played (store.Deduper): key the
// event's id, value
//
//	first seen (Unix seconds, 8 bytes BE) | played (1 byte: 0 or 1) |
//	claim lapses (Unix ns, 8 bytes BE) | epoch of the claim (8 bytes BE)
//
// Only played events are written now (played 1, no claim): by Played, or
// by a Save which recorded them (Table.Played, in the Save's journal
// entry; the view has them before the checkpoint writes them). A value with
// played 0 is a claim an earlier version wrote into the file; one of 8
// bytes alone was written by a version before, which recorded an event
// when it began to play it: it counts as played. A webhook posts an update
// again when its answer failed; a day later Telegram has given up, and the
// ids are forgotten.
var bSeen = []byte("seen")

const seenValueLen = 8 + 1 + 8 + 8

// claimed are the events being played, and until when their claims hold
// (Unix ns). Claims are kept in memory, not in the file: one process has
// the data file open at a time (its lock), so a claim never outlives its
// process, and a claim an earlier version wrote into the file was made by
// a process that is gone. An update thus costs one commit, when it was
// played, not two.
type claimed struct {
	mu    sync.Mutex
	until map[string]int64
	added int // claims made, to let the lapsed ones go now and then
}

// Claim takes a platform event for the caller to play (store.Deduper): played
// when the file says so, held while another caller's claim holds, fresh
// otherwise.
func (s *Store) Claim(key string, lease time.Duration) (store.Claim, error) {
	played, err := s.playedEvent(key)
	switch {
	case err != nil:
		return store.ClaimFresh, err
	case played && s.playedDurably(key):
		return store.ClaimPlayed, nil
	case played:
		// Its save is joined, not yet on disk: a crash now would lose
		// it, so it is not yet played for a delivery of the event again.
		return store.ClaimHeld, nil
	}
	now := s.now().UnixNano()
	c := &s.claims
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.until[key] > now {
		return store.ClaimHeld, nil
	}
	if c.until == nil {
		c.until = map[string]int64{}
	}
	if c.added++; c.added%1000 == 0 {
		for k, until := range c.until {
			if until <= now {
				delete(c.until, k)
			}
		}
	}
	c.until[key] = now + int64(lease)
	return store.ClaimFresh, nil
}

// playedDurably tells whether the save that recorded an event played
// (Table.Played) is on disk: a chained save's may still wait for the
// save after it (SaveChained).
func (s *Store) playedDurably(key string) bool {
	p := s.p
	if p == nil {
		return true
	}
	p.mu.RLock()
	op := p.byEvent[key]
	p.mu.RUnlock()
	return op <= p.durable.Load()
}

// playedEvent tells whether an event is recorded played, through the
// view: by Played, or by a Save (Table.Played) whose writes the view holds
// whether or not a checkpoint has written them into the file yet.
func (s *Store) playedEvent(key string) (bool, error) {
	played := false
	err := s.read("claiming event "+key, func(tx kvTx) error {
		v := tx.Bucket(bSeen).Get([]byte(key))
		played = v != nil && (len(v) != seenValueLen || v[8] == 1)
		return nil
	})
	return played, s.wrap("claiming event "+key, err)
}

// Played records that a claimed event was played (store.Deduper). One a
// Save recorded (Table.Played) is not written again: no commit. Every
// 1,000th event played, the ids older than a day are forgotten in the same
// transaction.
func (s *Store) Played(key string) error {
	played, err := s.playedEvent(key)
	if err == nil && !played {
		err = s.write(func(tx *bbolt.Tx) error {
			if err := s.forgetSeenEvery(tx, 1); err != nil {
				return err
			}
			return putSeen(boltTx{tx}, key, s.now())
		})
	}
	if err == nil {
		s.unclaim(key)
	}
	return s.wrap("recording event "+key+" played", err)
}

// putSeen writes an event played into the seen bucket: in Played's
// transaction, or in a Save's writes (Table.Played, applySave), worked out
// against the view and again by the checkpoint.
func putSeen(tx kvTx, key string, now time.Time) error {
	b := tx.Bucket(bSeen)
	v := b.Get([]byte(key))
	first := uint64(now.Unix())
	if len(v) == seenValueLen {
		first = binary.BigEndian.Uint64(v)
	}
	return b.Put([]byte(key), seenValue(first, true, 0, 0))
}

// forgetSeenEvery counts n events played and, each time the count passes
// a thousand, forgets the ids older than a day (forgetSeen). It runs in
// the data file's own transactions (Played's, the checkpoint's), never in
// a Save's writes: those are worked out twice, and the view must read as
// the file will be.
func (s *Store) forgetSeenEvery(tx *bbolt.Tx, n uint64) error {
	if n == 0 {
		return nil
	}
	if after := s.seen.Add(n); after/1000 == (after-n)/1000 {
		return nil
	}
	return forgetSeen(tx.Bucket(bSeen), s.now())
}

// unclaim forgets the claims of events now played.
func (s *Store) unclaim(keys ...string) {
	s.claims.mu.Lock()
	for _, k := range keys {
		delete(s.claims.until, k)
	}
	s.claims.mu.Unlock()
}

// maxPlayedKeys bounds the events one Save records played.
const maxPlayedKeys = 64

// checkPlayed refuses event keys a bbolt key cannot be.
func checkPlayed(keys []string) error {
	if len(keys) > maxPlayedKeys {
		return fmt.Errorf("%d events played, at most %d", len(keys), maxPlayedKeys)
	}
	for _, k := range keys {
		if k == "" || len(k) > bbolt.MaxKeySize {
			return fmt.Errorf("an event key of %d bytes, 1 to %d", len(k), bbolt.MaxKeySize)
		}
	}
	return nil
}

func seenValue(first uint64, played bool, lapses int64, epoch uint64) []byte {
	v := make([]byte, 0, seenValueLen)
	v = binary.BigEndian.AppendUint64(v, first)
	if played {
		v = append(v, 1)
	} else {
		v = append(v, 0)
	}
	v = binary.BigEndian.AppendUint64(v, uint64(lapses))
	return binary.BigEndian.AppendUint64(v, epoch)
}

// forgetSeen deletes the ids first seen more than a day ago.
func forgetSeen(b *bbolt.Bucket, now time.Time) error {
	var old [][]byte
	cutoff := uint64(now.Add(-store.SeenFor).Unix())
	b.ForEach(func(k, v []byte) error {
		if len(v) >= 8 && binary.BigEndian.Uint64(v) < cutoff {
			old = append(old, k)
		}
		return nil
	})
	for _, k := range old {
		if err := b.Delete(k); err != nil {
			return err
		}
	}
	return nil
}

var _ store.Deduper = (*Store)(nil)
