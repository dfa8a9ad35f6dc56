package bolt

import (
	"encoding/binary"
	"errors"
	"fmt"
	"time"

	"go.etcd.io/bbolt"

	"github.com/tablee/tablee/store"
)

// retentionBatch bounds the tables one retention transaction deletes: the
// saves of the moment share its commit and wait for it.
const retentionBatch = 64

// DeleteFinished deletes every table that finished before cutoff, with
// its log and its index entries, and returns how many it deleted. Tables
// still playing are never touched, whatever their age, and neither are
// damaged records (`tablee check` reports them). The pages freed are
// reused by later writes; `tablee compact` gives them back to the file
// system.
func (s *Store) DeleteFinished(cutoff time.Time) (int, error) {
	release, err := s.exclusive()
	if err != nil {
		return 0, err
	}
	defer release()
	var ids []uint64
	err = s.view("listing finished tables", func(tx *bbolt.Tx) error {
		ids = ids[:0]
		return tx.Bucket(bTables).ForEach(func(k, v []byte) error {
			if len(k) != 8 {
				return nil
			}
			id := binary.BigEndian.Uint64(k)
			if h, err := decodeTableHeader(id, v); err == nil && expired(h, cutoff) {
				ids = append(ids, id)
			}
			return nil
		})
	})
	if err != nil {
		return 0, err
	}
	deleted := 0
	for len(ids) > 0 {
		batch := ids[:min(len(ids), retentionBatch)]
		ids = ids[len(batch):]
		n := 0
		err := s.write(func(tx *bbolt.Tx) error {
			n = 0
			for _, id := range batch {
				v := tx.Bucket(bTables).Get(key(id))
				if v == nil {
					continue
				}
				if h, err := decodeTableHeader(id, v); err != nil || !expired(h, cutoff) {
					continue
				}
				if err := s.deleteTable(tx, id); err != nil && !errors.Is(err, store.ErrNotFound) {
					return err
				}
				n++
			}
			return nil
		})
		if err != nil {
			return deleted, s.wrap(fmt.Sprintf("deleting tables finished before %s", cutoff.UTC().Format(time.DateOnly)), err)
		}
		deleted += n
	}
	return deleted, nil
}

func expired(h tableHeader, cutoff time.Time) bool {
	return h.finished && h.finishedAt.Before(cutoff)
}
