package bolt

import (
	"go.etcd.io/bbolt"
)

// kvTx is what the reads of the store and the writes of a save need of a
// transaction: bbolt's own (boltTx), or the view of the data file with the
// journal's saves laid over it (view.go). Code written against it reads the
// same whichever it is given.
type kvTx interface {
	Bucket(name []byte) kvBucket
}

// kvBucket is a bucket of a kvTx. Keys and values it returns are valid
// while the transaction is, and must not be changed.
type kvBucket interface {
	getter
	Put(k, v []byte) error
	Delete(k []byte) error
	Cursor() kvCursor
	ForEach(fn func(k, v []byte) error) error
	// appendOnly says that the bucket is written mostly at its end
	// (appendFill).
	appendOnly()
}

type getter interface {
	Get(k []byte) []byte
}

// kvCursor is a cursor of a kvBucket (*bbolt.Cursor is one).
type kvCursor interface {
	First() (k, v []byte)
	Last() (k, v []byte)
	Next() (k, v []byte)
	Prev() (k, v []byte)
	Seek(seek []byte) (k, v []byte)
}

// boltTx is a bbolt transaction as a kvTx.
type boltTx struct{ tx *bbolt.Tx }

func (t boltTx) Bucket(name []byte) kvBucket { return boltBucket{t.tx.Bucket(name)} }

type boltBucket struct{ *bbolt.Bucket }

func (b boltBucket) Cursor() kvCursor { return b.Bucket.Cursor() }

func (b boltBucket) appendOnly() { b.FillPercent = appendFill }
