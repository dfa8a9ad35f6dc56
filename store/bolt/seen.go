package bolt

import (
	"encoding/binary"
	"time"

	"go.etcd.io/bbolt"

	"github.com/tablee/tablee/store"
)

// bSeen holds the platforms' event ids seen (store.Deduper): key the id,
// value the Unix time it was first seen (8 bytes BE). A webhook posts an
// update again when its answer failed; a day later Telegram has given up.
var bSeen = []byte("seen")

// seenFor is how long an event id is remembered.
const seenFor = 24 * time.Hour

// FirstSeen records a platform event id and says whether it is new. Every
// 1,000th new id, those older than a day are forgotten in the same
// transaction.
func (s *Store) FirstSeen(key string) (bool, error) {
	now := time.Now()
	fresh := false
	err := s.write(func(tx *bbolt.Tx) error {
		b := tx.Bucket(bSeen)
		fresh = b.Get([]byte(key)) == nil
		if !fresh {
			return nil
		}
		if s.seen.Add(1)%1000 == 0 {
			var old [][]byte
			cutoff := uint64(now.Add(-seenFor).Unix())
			b.ForEach(func(k, v []byte) error {
				if len(v) == 8 && binary.BigEndian.Uint64(v) < cutoff {
					old = append(old, k)
				}
				return nil
			})
			for _, k := range old {
				if err := b.Delete(k); err != nil {
					return err
				}
			}
		}
		return b.Put([]byte(key), binary.BigEndian.AppendUint64(nil, uint64(now.Unix())))
	})
	return fresh, s.wrap("recording event "+key, err)
}

var _ store.Deduper = (*Store)(nil)
