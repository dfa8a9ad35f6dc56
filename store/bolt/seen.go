package bolt

import (
	"encoding/binary"
	"time"

	"go.etcd.io/bbolt"

	"github.com/tablee/tablee/store"
)

// bSeen holds the platforms' events (store.Deduper): key the event's id,
// value
//
//	first seen (Unix seconds, 8 bytes BE) | played (1 byte: 0 or 1) |
//	claim lapses (Unix ns, 8 bytes BE) | epoch of the claim (8 bytes BE)
//
// A value of 8 bytes alone was written by an earlier version, which
// recorded an event when it began to play it: it counts as played. A
// webhook posts an update again when its answer failed; a day later
// Telegram has given up, and the ids are forgotten.
var bSeen = []byte("seen")

const seenValueLen = 8 + 1 + 8 + 8

// Claim takes a platform event for the caller to play (store.Deduper). A
// claim made under another epoch was made by a process that had the file
// open before this one: that process is gone, and the event was not
// played. Every 1,000th new id, those older than a day are forgotten in
// the same transaction.
func (s *Store) Claim(key string, lease time.Duration) (store.Claim, error) {
	now := s.now()
	s.jmu.Lock()
	epoch := s.j.epoch
	s.jmu.Unlock()
	got := store.ClaimFresh
	err := s.write(func(tx *bbolt.Tx) error {
		b := tx.Bucket(bSeen)
		first := uint64(now.Unix())
		switch v := b.Get([]byte(key)); {
		case v == nil:
			got = store.ClaimFresh
			if s.seen.Add(1)%1000 == 0 {
				if err := forgetSeen(b, now); err != nil {
					return err
				}
			}
		case len(v) != seenValueLen || v[8] == 1:
			got = store.ClaimPlayed
			return nil
		case binary.BigEndian.Uint64(v[17:]) == epoch && int64(binary.BigEndian.Uint64(v[9:])) > now.UnixNano():
			got = store.ClaimHeld
			return nil
		default:
			// A claim that lapsed: taken again, first seen kept.
			got = store.ClaimFresh
			first = binary.BigEndian.Uint64(v)
		}
		return b.Put([]byte(key), seenValue(first, false, now.Add(lease).UnixNano(), epoch))
	})
	return got, s.wrap("claiming event "+key, err)
}

// Played records that a claimed event was played (store.Deduper).
func (s *Store) Played(key string) error {
	err := s.write(func(tx *bbolt.Tx) error {
		b := tx.Bucket(bSeen)
		v := b.Get([]byte(key))
		first := uint64(s.now().Unix())
		if len(v) == seenValueLen {
			first = binary.BigEndian.Uint64(v)
		}
		return b.Put([]byte(key), seenValue(first, true, 0, 0))
	})
	return s.wrap("recording event "+key+" played", err)
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
