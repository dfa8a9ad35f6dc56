package bolt

import (
	"encoding/binary"
	"fmt"

	"github.com/tablee/tablee/store"
)

// What `tablee migrate` reads to copy a data file into another store
// (store.Exporter): every table, finished or not, with its log, every
// user, the ratings and the tables already rated, and the next table id.
// Each walk reads the view (view.go), so that it sees every save, in one
// read transaction: a consistent copy of a file in use.

// ExportTables calls each with every table, by id, and its move log.
func (s *Store) ExportTables(each func(store.Table, []store.Move) error) error {
	return s.read("exporting the tables", func(tx kvTx) error {
		log := tx.Bucket(bLog)
		return tx.Bucket(bTables).ForEach(func(k, v []byte) error {
			if len(k) != 8 {
				return s.damaged(fmt.Sprintf("a table key of %d bytes", len(k)), nil)
			}
			id := binary.BigEndian.Uint64(k)
			t, err := s.decodeIndexed(tx, id, v)
			if err != nil {
				return err
			}
			moves, err := s.readMoves(log, id, v, nil)
			if err != nil {
				return err
			}
			return each(t, moves)
		})
	})
}

// ExportUsers calls each with every user record, by id.
func (s *Store) ExportUsers(each func(store.User) error) error {
	return s.read("exporting the users", func(tx kvTx) error {
		return tx.Bucket(bUsers).ForEach(func(k, v []byte) error {
			u, err := decodeUser(string(k), v)
			if err != nil {
				return s.damaged("user "+string(k), err)
			}
			return each(u)
		})
	})
}

// ExportRated lists the tables whose game was rated, by id.
func (s *Store) ExportRated() ([]uint64, error) {
	var ids []uint64
	err := s.read("exporting the rated tables", func(tx kvTx) error {
		ids = ids[:0]
		return tx.Bucket(bRated).ForEach(func(k, _ []byte) error {
			if len(k) != 8 {
				return s.damaged(fmt.Sprintf("a rated table key of %d bytes", len(k)), nil)
			}
			ids = append(ids, binary.BigEndian.Uint64(k))
			return nil
		})
	})
	return ids, err
}

// NextTableID is the id NewTableID gives next, without reserving it.
func (s *Store) NextTableID() (uint64, error) {
	var n uint64
	err := s.read("reading the next table id", func(tx kvTx) error {
		var err error
		if n, err = nextTable(tx.Bucket(bMeta)); err != nil {
			return s.damaged("meta next_table", err)
		}
		return nil
	})
	return n, err
}
