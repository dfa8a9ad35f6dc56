package bolt

import (
	"bytes"
	"errors"
	"maps"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/google/btree"
	"go.etcd.io/bbolt"
)

// Every read of the store goes through one view: a read transaction of the
// data file with the writes of the saves not yet checkpointed laid over it,
// key by key (as etcd's read buffer over its batch transaction). A Save
// works out its writes against the view, as the checkpoint will make them
// (applySave into a batch), and they join the overlay once its journal
// entry is queued; the checkpoint writes the same saves into the file and
// the overlay forgets them. A read written against the view (kvTx) cannot
// miss a save that was acknowledged: there is no second path to remember.
//
// Locks: the overlay's mutex (pending.mu) is held for a lookup or a change
// of the overlay, never across a read of the file. A view holds
// pending.readers shared for its life; a checkpoint takes it alone only to
// forget what it wrote, after its commit: a view that began its transaction
// before the commit must still find those writes in the overlay.

// kv is one write of the overlay: a value, or a deletion.
type kv struct {
	op  uint64 // the op that made it; 0 in a batch not yet joined
	v   []byte
	del bool
}

// layer is the writes to one bucket, by key, oldest first, and their keys
// in order for the cursors (a B-tree: a save adds its keys in O(log n),
// where a sorted slice moved half of them).
type layer struct {
	vals  map[string][]kv
	order *btree.BTreeG[string]
}

func newLayer() *layer {
	return &layer{vals: map[string][]kv{}, order: btree.NewOrderedG[string](16)}
}

func (l *layer) put(k string, w kv) {
	vs, ok := l.vals[k]
	if !ok {
		l.order.ReplaceOrInsert(k)
	}
	l.vals[k] = append(vs, w)
}

// keepFrom drops the writes of k older than its newest one made by an op
// up to durable: a failed journal write takes back only ops after the
// last durable one, so no older value is ever needed again.
func (l *layer) keepFrom(k string, durable uint64) {
	vs := l.vals[k]
	i := len(vs) - 1
	for i >= 0 && vs[i].op > durable {
		i--
	}
	if i > 0 {
		clear(vs[:i])
		l.vals[k] = vs[i:]
	}
}

// get is the newest write of k. The reads of a layer take a nil one for
// an empty one: a bucket no write touched has none.
func (l *layer) get(k []byte) (kv, bool) {
	if l == nil {
		return kv{}, false
	}
	vs := l.vals[string(k)]
	if len(vs) == 0 {
		return kv{}, false
	}
	return vs[len(vs)-1], true
}

// newest is key k with its newest write.
func (l *layer) newest(k string) ([]byte, kv, bool) {
	vs := l.vals[k]
	return []byte(k), vs[len(vs)-1], true
}

// after is the first key after k (at k too when inclusive; the first of
// all when k is nil) and its newest write.
func (l *layer) after(k []byte, inclusive bool) ([]byte, kv, bool) { return l.near(k, inclusive, true) }

// before is the last key before k (at k too when inclusive; the last of
// all when k is nil) and its newest write.
func (l *layer) before(k []byte, inclusive bool) ([]byte, kv, bool) {
	return l.near(k, inclusive, false)
}

// near is after (forward) or before.
func (l *layer) near(k []byte, inclusive, forward bool) ([]byte, kv, bool) {
	if l == nil {
		return nil, kv{}, false
	}
	var found string
	var ok bool
	switch {
	case k == nil && forward:
		found, ok = l.order.Min()
	case k == nil:
		found, ok = l.order.Max()
	default:
		walk := l.order.AscendGreaterOrEqual
		if !forward {
			walk = l.order.DescendLessOrEqual
		}
		walk(string(k), func(x string) bool {
			if !inclusive && x == string(k) {
				return true
			}
			found, ok = x, true
			return false
		})
	}
	if !ok {
		return nil, kv{}, false
	}
	return l.newest(found)
}

// drop removes the writes gone says, and the keys left without any.
func (l *layer) drop(gone func(kv) bool) {
	for k, vs := range l.vals {
		if vs = slices.DeleteFunc(vs, gone); len(vs) == 0 {
			delete(l.vals, k)
			l.order.Delete(k)
		} else {
			l.vals[k] = vs
		}
	}
}

func (l *layer) empty() bool { return len(l.vals) == 0 }

// jop is one write waiting for a checkpoint: a save (durable once its
// journal entry is) or a Shown.
type jop struct {
	op      uint64
	save    *saveIn
	id, seq uint64 // of a Shown
}

// pending is the writes not yet in the data file.
type pending struct {
	// readers is held shared by every view, alone by a checkpoint while it
	// forgets what it wrote.
	readers sync.RWMutex

	mu      sync.RWMutex
	buckets map[string]*layer
	ops     []*jop
	nextOp  uint64
	lastLSN uint64 // the last save's journal entry
	// durable is an op up to which every op is durable: a save whose
	// journal entry is on disk (and so every entry before it), or a Shown.
	// It only grows, and is raised without mu: a save that returns does
	// not wait for the views' reads to let it in.
	durable atomic.Uint64
	applied uint64 // the last lsn the data file holds
	// written is the last op a checkpoint wrote into the file and forgot.
	written uint64
	// The last op that wrote each table's keys, each chat's open entry,
	// each event played: what a save worked out before it joins may have
	// read (changedSince).
	byTable map[uint64]uint64
	byChat  map[string]uint64
	byEvent map[string]uint64
	// broken is set when the journal could not be written, a checkpoint
	// failed or a save met damage: the store takes no more writes, and
	// keeps the journal files when closed.
	broken error
}

func newPending() *pending {
	return &pending{buckets: map[string]*layer{}, byTable: map[uint64]uint64{}, byChat: map[string]uint64{},
		byEvent: map[string]uint64{}}
}

// join adds the writes of a batch to the overlay, as those of a new op.
// The caller holds mu.
func (p *pending) join(b *batch, o *jop) {
	p.nextOp++
	o.op = p.nextOp
	p.ops = append(p.ops, o)
	if in := o.save; in != nil {
		p.byTable[in.t.ID] = o.op
		for _, c := range in.chats {
			if c != "" {
				p.byChat[c] = o.op
			}
		}
		for _, k := range in.t.Played {
			p.byEvent[k] = o.op
		}
	} else {
		p.byTable[o.id] = o.op // a Shown: the table's unshown entry
	}
	for name, bl := range b.buckets {
		l := p.buckets[name]
		if l == nil {
			l = newLayer()
			p.buckets[name] = l
		}
		for i, k := range bl.keys {
			w := bl.ws[i]
			w.op = o.op
			l.put(k, w)
			l.keepFrom(k, p.durable.Load())
		}
	}
}

// markDurable raises durable to op.
func (p *pending) markDurable(op uint64) {
	for {
		d := p.durable.Load()
		if d >= op || p.durable.CompareAndSwap(d, op) {
			return
		}
	}
}

// changedSince tells whether a save worked out against the view when op
// since was the last one may read otherwise now: an op joined since wrote
// what the save reads (its table's keys, its chats' open entries, the
// events it plays), or a checkpoint forgot ops joined since. The caller
// holds mu.
func (p *pending) changedSince(since uint64, in *saveIn) bool {
	if p.written > since || p.byTable[in.t.ID] > since {
		return true
	}
	for _, c := range in.chats {
		if p.byChat[c] > since {
			return true
		}
	}
	for _, k := range in.t.Played {
		if p.byEvent[k] > since {
			return true
		}
	}
	return false
}

// wrote notes that a checkpoint wrote the ops up to op into the file.
// The caller holds mu.
func (p *pending) wrote(op uint64) {
	p.written = op
	p.forget(func(o uint64) bool { return o <= op })
	old := func(_ uint64, o uint64) bool { return o <= op }
	maps.DeleteFunc(p.byTable, old)
	maps.DeleteFunc(p.byChat, func(_ string, o uint64) bool { return o <= op })
	maps.DeleteFunc(p.byEvent, func(_ string, o uint64) bool { return o <= op })
}

// forget drops the writes of the ops gone says. The caller holds mu.
func (p *pending) forget(gone func(op uint64) bool) {
	for name, l := range p.buckets {
		l.drop(func(w kv) bool { return gone(w.op) })
		if l.empty() {
			delete(p.buckets, name)
		}
	}
}

// takeBack drops an op that never became durable, and those after it,
// whose writes were worked out over it.
func (p *pending) takeBack(op uint64) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.ops = slices.DeleteFunc(p.ops, func(o *jop) bool { return o.op >= op })
	p.forget(func(o uint64) bool { return o >= op })
}

// read runs fn on the view: a read transaction of the file under the
// writes not yet in it. Every read of the store's data goes through it
// (the buckets no save writes read the same, the overlay holding none of
// their keys). fn must not start another read: a checkpoint waiting to
// forget would hold the second one back, and the first with it.
func (s *Store) read(what string, fn func(kvTx) error) error {
	p := s.p
	if p == nil { // a file no process journals to (tools)
		return s.view(what, func(tx *bbolt.Tx) error { return fn(boltTx{tx}) })
	}
	p.readers.RLock()
	defer p.readers.RUnlock()
	return s.view(what, func(tx *bbolt.Tx) error { return fn(&viewTx{p: p, tx: tx}) })
}

// viewTx is the view: the overlay over a read transaction.
type viewTx struct {
	p    *pending
	tx   *bbolt.Tx
	open openBuckets
}

func (t *viewTx) Bucket(name []byte) kvBucket {
	if b := t.open.find(name); b != nil {
		return b
	}
	return openStacked(&t.open, name, overlayTop{p: t.p, name: name}, boltBucket{t.tx.Bucket(name)})
}

// openStacked makes the bucket name of a view or a batch, with its top t
// over under, and keeps it in o. The bucket and its top are one
// allocation (an interface holding a struct of more than a word would be
// another).
func openStacked[T top](o *openBuckets, name []byte, t T, under kvBucket) kvBucket {
	sb := &struct {
		stacked
		t T
	}{t: t}
	sb.stacked = stacked{top: any(&sb.t).(top), under: under} // *T has T's methods

	o.add(name, &sb.stacked)
	return &sb.stacked
}

// openBuckets are the buckets a transaction of the view (or a batch) has
// opened, kept for its life: a save asks for a dozen, some twice, and
// bbolt's read transaction opens a bucket anew, with a seek and an
// allocation or two, each time it is asked.
type openBuckets struct {
	some [12]namedBucket // room for the buckets a save opens: no slice to grow
	more []namedBucket
}

type namedBucket struct {
	name []byte
	b    kvBucket
}

func (o *openBuckets) find(name []byte) kvBucket {
	for i := range o.some {
		switch nb := &o.some[i]; {
		case nb.b == nil:
			return nil
		case bytes.Equal(nb.name, name):
			return nb.b
		}
	}
	for _, nb := range o.more {
		if bytes.Equal(nb.name, name) {
			return nb.b
		}
	}
	return nil
}

func (o *openBuckets) add(name []byte, b kvBucket) {
	for i := range o.some {
		if o.some[i].b == nil {
			o.some[i] = namedBucket{name: name, b: b}
			return
		}
	}
	o.more = append(o.more, namedBucket{name: name, b: b})
}

// top is the upper layer of a stacked bucket.
type top interface {
	get(k []byte) (kv, bool)
	after(k []byte, inclusive bool) ([]byte, kv, bool)
	before(k []byte, inclusive bool) ([]byte, kv, bool)
	empty() bool
	put(k []byte, w kv) error
}

// overlayTop is the overlay's writes to a bucket, read under its lock.
type overlayTop struct {
	p    *pending
	name []byte // the bucket's name, never changed
}

func (o overlayTop) layer() *layer { return o.p.buckets[string(o.name)] }

func (o overlayTop) get(k []byte) (kv, bool) {
	o.p.mu.RLock()
	defer o.p.mu.RUnlock()
	return o.layer().get(k)
}

func (o overlayTop) after(k []byte, inclusive bool) ([]byte, kv, bool) {
	o.p.mu.RLock()
	defer o.p.mu.RUnlock()
	return o.layer().after(k, inclusive)
}

func (o overlayTop) before(k []byte, inclusive bool) ([]byte, kv, bool) {
	o.p.mu.RLock()
	defer o.p.mu.RUnlock()
	return o.layer().before(k, inclusive)
}

func (o overlayTop) empty() bool {
	o.p.mu.RLock()
	defer o.p.mu.RUnlock()
	return o.layer() == nil
}

var errReadOnly = errors.New("the view of the data file is read only: a save's writes go into a batch")

func (overlayTop) put([]byte, kv) error { return errReadOnly }

// batch is the writes of one save (or Shown) as it works them out, over
// the view; they join the overlay when its journal entry is queued.
type batch struct {
	under   kvTx
	buckets map[string]*batchLayer
	open    openBuckets
}

func newBatch(under kvTx) *batch { return &batch{under: under, buckets: map[string]*batchLayer{}} }

func (b *batch) Bucket(name []byte) kvBucket {
	if o := b.open.find(name); o != nil {
		return o
	}
	return openStacked(&b.open, name, batchTop{b: b, name: name}, b.under.Bucket(name))
}

func (b *batch) empty() bool { return len(b.buckets) == 0 }

// batchLayer is the writes of one batch to one bucket: the newest write of
// each key alone (a batch is one op), in key order. A save writes a few
// keys to a bucket: a sorted slice costs less than the overlay's map and
// B-tree to make and to search.
type batchLayer struct {
	keys []string
	ws   []kv
}

func (l *batchLayer) find(k []byte) (int, bool) {
	return slices.BinarySearchFunc(l.keys, k, compareKey)
}

// compareKey compares a key kept as a string with one asked as bytes,
// without copying either: k is only read, for the length of the call.
func compareKey(x string, k []byte) int {
	return strings.Compare(x, unsafe.String(unsafe.SliceData(k), len(k)))
}

func (l *batchLayer) get(k []byte) (kv, bool) {
	if l == nil {
		return kv{}, false
	}
	if i, ok := l.find(k); ok {
		return l.ws[i], true
	}
	return kv{}, false
}

func (l *batchLayer) near(k []byte, inclusive, forward bool) ([]byte, kv, bool) {
	if l == nil || len(l.keys) == 0 {
		return nil, kv{}, false
	}
	var i int
	switch {
	case k == nil && forward:
		i = 0
	case k == nil:
		i = len(l.keys) - 1
	default:
		j, found := l.find(k)
		switch {
		case forward && found && !inclusive:
			i = j + 1
		case forward:
			i = j
		case found && inclusive:
			i = j
		default:
			i = j - 1
		}
	}
	if i < 0 || i >= len(l.keys) {
		return nil, kv{}, false
	}
	return []byte(l.keys[i]), l.ws[i], true
}

type batchTop struct {
	b    *batch
	name []byte // the bucket's name, never changed
}

func (t batchTop) layer() *batchLayer { return t.b.buckets[string(t.name)] }

func (t batchTop) get(k []byte) (kv, bool) { return t.layer().get(k) }

func (t batchTop) after(k []byte, inclusive bool) ([]byte, kv, bool) {
	return t.layer().near(k, inclusive, true)
}

func (t batchTop) before(k []byte, inclusive bool) ([]byte, kv, bool) {
	return t.layer().near(k, inclusive, false)
}

func (t batchTop) empty() bool { return t.layer() == nil }

func (t batchTop) put(k []byte, w kv) error {
	l := t.layer()
	if l == nil {
		l = &batchLayer{}
		t.b.buckets[string(t.name)] = l
	}
	// Its values are not copied: the writes of a save (applySave) put
	// values they made, never one they read, as bbolt's Put asks too.
	i, found := l.find(k)
	if found {
		l.ws[i] = w
		return nil
	}
	l.keys = slices.Insert(l.keys, i, string(k))
	l.ws = slices.Insert(l.ws, i, w)
	return nil
}

// stacked is a bucket whose writes in top hide those of under.
type stacked struct {
	top   top
	under kvBucket
}

func (b *stacked) Get(k []byte) []byte {
	if w, ok := b.top.get(k); ok {
		if w.del {
			return nil
		}
		return w.v
	}
	return b.under.Get(k)
}

func (b *stacked) Put(k, v []byte) error {
	if v == nil {
		v = []byte{} // a value, not a deletion
	}
	return b.top.put(k, kv{v: v})
}

func (b *stacked) Delete(k []byte) error { return b.top.put(k, kv{del: true}) }

func (b *stacked) appendOnly() {}

func (b *stacked) Cursor() kvCursor {
	if b.top.empty() {
		return b.under.Cursor()
	}
	return &mergedCursor{top: b.top, under: b.under.Cursor()}
}

func (b *stacked) ForEach(fn func(k, v []byte) error) error {
	c := b.Cursor()
	for k, v := c.First(); k != nil; k, v = c.Next() {
		if err := fn(k, v); err != nil {
			return err
		}
	}
	return nil
}

// mergedCursor walks the keys of both layers in order, top's writes
// hiding under's keys. It finds its next key from the one it is on, so
// that writes joining the overlay meanwhile do not lose its place.
type mergedCursor struct {
	top   top
	under kvCursor
	at    []byte
	// uk, uv are where under is, after a move forward: the first key of
	// under at or after one up to at, so that Next moves under on only
	// when it returned uk (a Seek per key would cost more than the walk).
	uk, uv  []byte
	forward bool
}

func (c *mergedCursor) First() ([]byte, []byte) {
	c.forward = false
	return c.next(nil, true)
}

func (c *mergedCursor) Seek(k []byte) ([]byte, []byte) {
	c.forward = false
	return c.next(k, true)
}

func (c *mergedCursor) Last() ([]byte, []byte) { return c.backward(nil, true) }

func (c *mergedCursor) Next() ([]byte, []byte) {
	if c.at == nil {
		return nil, nil
	}
	return c.next(c.at, false)
}

func (c *mergedCursor) Prev() ([]byte, []byte) {
	if c.at == nil {
		return nil, nil
	}
	return c.backward(c.at, false)
}

// underAfter is under's first key after k (at k when inclusive).
func (c *mergedCursor) underAfter(k []byte, inclusive bool) ([]byte, []byte) {
	if c.forward && c.uk != nil && k != nil {
		switch cmp := bytes.Compare(c.uk, k); {
		case cmp > 0 || cmp == 0 && inclusive:
			return c.uk, c.uv
		case cmp == 0:
			c.uk, c.uv = c.under.Next()
			return c.uk, c.uv
		}
	}
	c.forward = true
	if k == nil {
		c.uk, c.uv = c.under.First()
		return c.uk, c.uv
	}
	c.uk, c.uv = c.under.Seek(k)
	if c.uk != nil && !inclusive && bytes.Equal(c.uk, k) {
		c.uk, c.uv = c.under.Next()
	}
	return c.uk, c.uv
}

// underBefore is under's last key before k (at k when inclusive).
func (c *mergedCursor) underBefore(k []byte, inclusive bool) ([]byte, []byte) {
	c.forward = false
	if k == nil {
		return c.under.Last()
	}
	uk, uv := c.under.Seek(k)
	switch {
	case uk == nil:
		return c.under.Last()
	case inclusive && bytes.Equal(uk, k):
		return uk, uv
	}
	return c.under.Prev()
}

func (c *mergedCursor) next(k []byte, inclusive bool) ([]byte, []byte) {
	for {
		uk, uv := c.underAfter(k, inclusive)
		tk, tw, ok := c.top.after(k, inclusive)
		if !ok || uk != nil && bytes.Compare(uk, tk) < 0 {
			c.at = uk
			return uk, uv
		}
		if tw.del { // hides under's key, if it has it: go on past it
			k, inclusive = tk, false
			continue
		}
		c.at = tk
		return tk, tw.v
	}
}

func (c *mergedCursor) backward(k []byte, inclusive bool) ([]byte, []byte) {
	for {
		uk, uv := c.underBefore(k, inclusive)
		tk, tw, ok := c.top.before(k, inclusive)
		if !ok || uk != nil && bytes.Compare(uk, tk) > 0 {
			c.at = uk
			return uk, uv
		}
		if tw.del {
			k, inclusive = tk, false
			continue
		}
		c.at = tk
		return tk, tw.v
	}
}
