package bolt

import (
	"github.com/google/btree"
)

// writeBack is a checkpoint's transaction (or Open's, writing the journal
// back) with its writes held back until it ends (flush), in a tree of keys
// over bbolt's transaction, read through as the view reads the overlay
// (stacked). A checkpoint writes seconds of saves, and a busy table
// rewrites its record, its log's last block and its index entries at each
// of its moves: held back, each key is written into bbolt once, in key
// order, and the record and the block a save leaves lazy (lazyRecord,
// lazyBlock) are made into bytes once, where each save would encode the
// record and copy the block anew.
type writeBack struct {
	tx      boltTx
	buckets map[string]*writeBackBucket
}

func newWriteBack(tx boltTx) *writeBack {
	return &writeBack{tx: tx, buckets: map[string]*writeBackBucket{}}
}

func (w *writeBack) Bucket(name []byte) kvBucket {
	if b, ok := w.buckets[string(name)]; ok {
		return b
	}
	b := &writeBackBucket{under: w.tx.Bucket(name), held: heldKeys{btree.NewG(32, heldLess)}}
	b.stacked = stacked{top: &b.held, under: b.under}
	w.buckets[string(name)] = b
	return b
}

// flush writes what was held back into bbolt's transaction.
func (w *writeBack) flush() error {
	for _, b := range w.buckets {
		var err error
		b.held.t.Ascend(func(it heldItem) bool {
			k := stringBytes(it.k)
			if it.w.del {
				err = b.under.Delete(k)
			} else {
				err = b.under.Put(k, it.w.value())
			}
			return err == nil
		})
		if err != nil {
			return err
		}
		b.held.t.Clear(false)
	}
	return nil
}

// writeBackBucket is a bucket of a writeBack: its writes held over bbolt's.
type writeBackBucket struct {
	stacked
	held  heldKeys
	under kvBucket
}

// appendOnly is bbolt's, which the flush writes into.
func (b *writeBackBucket) appendOnly() { b.under.appendOnly() }

// heldKeys are the writes a writeBack holds for a bucket, a top of it.
type heldKeys struct{ t *btree.BTreeG[heldItem] }

type heldItem struct {
	k string
	w kv
}

func heldLess(a, b heldItem) bool { return a.k < b.k }

func (h *heldKeys) get(k []byte) (kv, bool) {
	it, ok := h.t.Get(heldItem{k: bytesString(k)})
	return it.w, ok
}

func (h *heldKeys) after(k []byte, inclusive bool) ([]byte, kv, bool) {
	return h.near(k, inclusive, true)
}

func (h *heldKeys) before(k []byte, inclusive bool) ([]byte, kv, bool) {
	return h.near(k, inclusive, false)
}

// near is the first key from k on in the walk's direction (k itself when
// inclusive; the first or last of all when k is nil).
func (h *heldKeys) near(k []byte, inclusive, forward bool) ([]byte, kv, bool) {
	var found heldItem
	ok := false
	visit := func(it heldItem) bool {
		if !inclusive && k != nil && it.k == bytesString(k) {
			return true
		}
		found, ok = it, true
		return false
	}
	pivot := heldItem{k: bytesString(k)}
	switch {
	case forward && k == nil:
		h.t.Ascend(visit)
	case forward:
		h.t.AscendGreaterOrEqual(pivot, visit)
	case k == nil:
		h.t.Descend(visit)
	default:
		h.t.DescendLessOrEqual(pivot, visit)
	}
	return stringBytes(found.k), found.w, ok
}

func (h *heldKeys) empty() bool { return h.t.Len() == 0 }

func (h *heldKeys) put(k []byte, w kv) error {
	h.t.ReplaceOrInsert(heldItem{k: string(k), w: w})
	return nil
}
