package bolt

import (
	"bytes"
	"fmt"

	bbolt "go.etcd.io/bbolt"

	"github.com/tablee/tablee/store"
)

// The ratings: two buckets beside the tables.
//
//	ratings  key (the bot's)  -> rating record: 1 | len data | data | CRC-32C(key, all before)
//	rated    table id         -> empty: the finished tables whose ratings were written
//
// Rate writes a table's records and its entry in rated in one
// transaction, after checking the entry is not there: the bot may try a
// table's ratings again after a crash (it does so until the table's last
// batch is recorded as shown), and the game still counts once. Ratings are
// not journaled: a Rate is one durable bbolt transaction, as SaveUser is,
// shared with the writes that overlap it. They came after schema 4 without
// changing anything else, so the schema stays 4: Open adds the two
// buckets to a file without them, and a tablee from before them reads the
// file as it did, ignoring them.
var (
	bRatings = []byte("ratings")
	bRated   = []byte("rated")

	// laterBuckets came after the first files of schema 4: a file without
	// them gets them at open (the platforms' event ids, seen.go, too).
	laterBuckets = [][]byte{bRatings, bRated, bSeen}
)

const ratingVersion = 1

// addLaterBuckets gives a file the buckets it lacks (one written before
// them); a file that has them is not written to.
func (s *Store) addLaterBuckets() error {
	missing := false
	err := s.view("reading the buckets", func(tx *bbolt.Tx) error {
		for _, name := range laterBuckets {
			missing = missing || tx.Bucket(name) == nil
		}
		return nil
	})
	if err != nil || !missing {
		return err
	}
	return s.wrap("adding the buckets", s.write(createLaterBuckets))
}

func createLaterBuckets(tx *bbolt.Tx) error {
	for _, name := range laterBuckets {
		if _, err := tx.CreateBucketIfNotExists(name); err != nil {
			return err
		}
	}
	return nil
}

func encodeRating(r store.Rating) []byte {
	b := make([]byte, 0, 1+5+len(r.Data)+4)
	b = append(b, ratingVersion)
	b = appendBytes(b, r.Data)
	return seal([]byte(r.Key), b)
}

func decodeRating(k, v []byte) (store.Rating, error) {
	r := unseal(k, v, ratingVersion)
	out := store.Rating{Key: string(k), Data: r.bytes()}
	return out, r.done()
}

// Ratings lists the rating records whose key begins with prefix, in key
// order. A damaged record is an error naming it.
func (s *Store) Ratings(prefix string) ([]store.Rating, error) {
	var out []store.Rating
	p := []byte(prefix)
	err := s.read("listing the ratings "+prefix, func(tx kvTx) error {
		out = out[:0]
		c := tx.Bucket(bRatings).Cursor()
		for k, v := c.Seek(p); k != nil && bytes.HasPrefix(k, p); k, v = c.Next() {
			r, err := decodeRating(k, v)
			if err != nil {
				return s.damaged(fmt.Sprintf("rating %q", k), err)
			}
			out = append(out, r)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// Rate writes the rating records of a finished table and marks the table
// rated, in one durable transaction; false, with nothing written, when the
// table was rated already.
func (s *Store) Rate(table uint64, rs []store.Rating) (bool, error) {
	what := fmt.Sprintf("rating table %d", table)
	keys, recs := make([][]byte, len(rs)), make([][]byte, len(rs))
	for i, r := range rs {
		if r.Key == "" || len(r.Key) > bbolt.MaxKeySize {
			return false, fmt.Errorf("store/bolt: %s: %s: a rating key of %d bytes", s.path, what, len(r.Key))
		}
		keys[i], recs[i] = []byte(r.Key), encodeRating(r)
	}
	written := false
	err := s.write(func(tx *bbolt.Tx) error {
		written = false // the group may run this again
		done := tx.Bucket(bRated)
		if done.Get(key(table)) != nil {
			return nil
		}
		b := tx.Bucket(bRatings)
		for i := range keys {
			if err := b.Put(keys[i], recs[i]); err != nil {
				return err
			}
		}
		written = true
		return done.Put(key(table), []byte{})
	})
	if err != nil {
		return false, s.wrap(what, err)
	}
	return written, nil
}

// readRatings reads every rating record and entry of rated, for Check.
func (c *checker) readRatings(tx *bbolt.Tx) {
	if b := tx.Bucket(bRatings); b != nil {
		_ = b.ForEach(func(k, v []byte) error {
			if _, err := decodeRating(k, v); err != nil {
				c.problem(0, 0, "", fmt.Sprintf("rating %q: %v", k, err))
			}
			c.r.Ratings++
			return nil
		})
	}
	if b := tx.Bucket(bRated); b != nil {
		_ = b.ForEach(func(k, v []byte) error {
			if len(k) != 8 || len(v) != 0 {
				c.problem(0, 0, "", fmt.Sprintf("rated index holds a key of %d bytes and a value of %d", len(k), len(v)))
			}
			return nil
		})
	}
}
