package bolt

import (
	"bytes"
	"errors"
	"hash/maphash"
	"maps"
	"slices"
	"sort"
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
// Locks: the views read the overlay without any. It is published whole
// (pending.cur): a copy-on-write B-tree of every key written and not yet
// in the file, never changed once published; a change (a save joining, a
// checkpoint forgetting what it wrote, a failed journal write taking saves
// back) makes a new one under pending.mu and publishes it. A view loads
// one once, at its start, and so reads one state of the overlay
// throughout.
//
// The order of a view's start is what keeps a write from vanishing: it
// begins bbolt's read transaction, then loads the overlay, and takes that
// overlay only if the transaction is at least the one that made the
// overlay's file (overlay.txid, the commit of the checkpoint that last
// forgot writes), else it starts again. With that order:
//   - every write the overlay forgot is in the transaction's file;
//   - every write in the transaction's file joined before the overlay was
//     loaded (a checkpoint writes ops that joined before it began, and
//     committed before the transaction began), so the overlay has it, or
//     a newer write of the key, unless it forgot it;
// hence each key reads its newest write: no key vanishes or goes back to an
// older value when a checkpoint runs (TestViewRacingACheckpoint, TestReadsRacingCheckpoints). The
// other order (overlay, then transaction) could pair an old overlay with
// a newer file, and show a key the overlay holds at its older value while
// the file has a newer one; a lock held by every view for the checkpoint
// to wait on, as there was, made every save's join wait for the views.

// kv is one write of the overlay: a value, or a deletion.
type kv struct {
	op  uint64 // the op that made it; 0 in a batch not yet joined
	v   []byte
	del bool
	// lazy, when not nil, is the value: what a save wrote, made into
	// bytes when first read as bytes (lazyRecord, lazyBlock).
	lazy lazyValue
}

// lazyValue is a value a save leaves in the overlay as it is, not yet
// made into the bytes the file will hold: most are never read as bytes
// before the checkpoint writes its own.
type lazyValue interface{ bytes() []byte }

// value is the write's value.
func (w kv) value() []byte {
	if w.lazy != nil {
		return w.lazy.bytes()
	}
	return w.v
}

// item is one key of the overlay: its bucket, the key, its writes. The
// tree holds pointers: a join copies the nodes on the paths to the keys it
// writes, and a pointer is a fifth of an item to copy. A published item
// never changes (w included): a change is a new item.
type item struct {
	b, k string
	w    *version
	last version // the newest write, when the item was made (w then)
}

// version is one write of a key, with the writes before it that a failed
// journal write may have to go back to (pending.takeBack). A view reads
// its kv alone; older is read and cut under pending.mu only.
type version struct {
	kv
	older *version
}

func itemLess(a, b *item) bool {
	if a.b != b.b {
		return a.b < b.b
	}
	return a.k < b.k
}

// overlayDegree is the B-tree's degree: a join copies the nodes on the
// paths to the keys it writes; nodes of pointers are cheap to copy, and
// wider ones make the paths shorter.
const overlayDegree = 16

func newOverlayKeys() *btree.BTreeG[*item] { return btree.NewG(overlayDegree, itemLess) }

// overlay is one published state of the overlay: the tree of its keys,
// and the batches joined since they were last folded into the tree.
type overlay struct {
	keys *btree.BTreeG[*item]
	// recent are the batches joined and not yet in keys, newest first: a
	// join adds its batch in front of them, and the tree takes them
	// foldAt at a time (pending.fold), so that a save's join copies no
	// path of the tree, and a fold copies each path once for the many
	// writes of a busy table's key it gathers.
	recent *recentBatch
	// layers are recent's writes to each bucket a walk asked for, the
	// newest of each key in key order, made once for the views of the
	// overlay (recentLayer).
	layersMu sync.Mutex
	layers   map[string]*batchLayer
	// txid is the data file's transaction that holds every write the
	// overlay no longer has: a view reads it over that transaction or a
	// later one.
	txid int
	// lastOp is the last op joined.
	lastOp uint64
}

// putKey adds write w of key k of bucket b to keys (a tree not yet
// published). The writes of k older than its newest one made by an op up
// to durable are dropped: a failed journal write takes back only ops after
// the last durable one, so no older value is ever needed again.
func putKey(keys *btree.BTreeG[*item], b, k string, w kv, durable uint64) {
	it := &item{b: b, k: k, last: version{kv: w}}
	v := &it.last
	it.w = v
	if old, ok := keys.ReplaceOrInsert(it); ok {
		for x := old.w; x != nil; x = x.older {
			if x.op <= durable {
				x.older = nil
				break
			}
		}
		v.older = old.w
	}
}

// keep is the writes of v that gone does not name, newest first: gone
// names the newest writes (taken back) or the oldest (written into the
// file), ops being in order along the chain.
func keep(v *version, gone func(op uint64) bool) *version {
	for v != nil && gone(v.op) {
		v = v.older
	}
	for x := v; x != nil; x = x.older {
		if x.older != nil && gone(x.older.op) {
			x.older = nil
		}
	}
	return v
}

// recentBatch is a batch joined and not yet folded into the overlay's
// tree: its writes, each with the hash of its bucket and key, and a
// filter of those hashes, which a read of another key mostly stops at.
type recentBatch struct {
	next   *recentBatch // the batch joined before, not yet folded
	depth  int          // the batches after this one in the chain
	filter uint64
	ws     []recentWrite
}

type recentWrite struct {
	b, k string
	h    uint64
	w    kv
}

var overlaySeed = maphash.MakeSeed()

// bucketSalt is what a bucket's name adds to its keys' hashes.
func bucketSalt(name string) uint64 { return maphash.String(overlaySeed, name) }

func keyHash(salt uint64, k string) uint64 { return maphash.String(overlaySeed, k) ^ salt }

// filterBits are the two bits of a key's hash in a batch's filter.
func filterBits(h uint64) uint64 { return 1<<(h&63) | 1<<(h>>6&63) }

// newRecentBatch is b's writes as those of op; nil for none.
func newRecentBatch(b *batch, op uint64) *recentBatch {
	n := 0
	for _, bl := range b.buckets {
		n += len(bl.keys)
	}
	if n == 0 {
		return nil
	}
	r := &recentBatch{ws: make([]recentWrite, 0, n)}
	for name, bl := range b.buckets {
		salt := bucketSalt(name)
		for i, k := range bl.keys {
			w := bl.ws[i]
			w.op = op
			h := keyHash(salt, k)
			r.filter |= filterBits(h)
			r.ws = append(r.ws, recentWrite{b: name, k: k, h: h, w: w})
		}
	}
	return r
}

// find is the batch's write of key k (its hash h) of bucket b.
func (r *recentBatch) find(b string, k []byte, h uint64) (kv, bool) {
	for i := range r.ws {
		if w := &r.ws[i]; w.h == h && w.k == bytesString(k) && w.b == b {
			return w.w, true
		}
	}
	return kv{}, false
}

// jop is one write waiting for a checkpoint: a save (durable once its
// journal entry is) or a Shown.
type jop struct {
	op      uint64
	save    *saveIn
	id, seq uint64 // of a Shown
}

// pending is the writes not yet in the data file.
type pending struct {
	// cur is the overlay the views read; a new one is published under mu.
	cur atomic.Pointer[overlay]
	// The ops joined since cur was published (up to workOp; working when
	// there are any), not yet published: the saves that join together are
	// published once (Store.joinInTurn). work is the tree they folded into
	// (nil when cur's is still the tree), workRecent the batches not
	// folded, newest first (cur's, then theirs).
	work       *btree.BTreeG[*item]
	workRecent *recentBatch
	workOp     uint64
	working    bool

	// foldBuf and folded are fold's, kept for the next.
	foldBuf []recentWrite
	folded  map[uint64]recentKey

	mu      sync.RWMutex
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
	p := &pending{byTable: map[uint64]uint64{}, byChat: map[string]uint64{}, byEvent: map[string]uint64{}}
	p.cur.Store(&overlay{keys: newOverlayKeys()})
	return p
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
	if !p.working {
		p.working, p.workRecent = true, p.cur.Load().recent
	}
	p.workOp = o.op
	r := newRecentBatch(b, o.op)
	if r == nil {
		return
	}
	r.next = p.workRecent
	if r.next != nil {
		r.depth = r.next.depth + 1
	}
	p.workRecent = r
	if r.depth >= foldAt {
		p.fold()
	}
}

// foldAt is how many batches the overlay holds outside its tree at most:
// a read of a key looks at each (a 64-bit filter mostly), and a fold
// copies the tree's paths once for them all.
const foldAt = 32

// fold writes the batches not yet in the tree into work. The caller holds
// mu, working.
func (p *pending) fold() {
	if p.workRecent == nil {
		return
	}
	if p.work == nil {
		// The published tree is never written: its clone shares its nodes
		// and copies those it changes.
		p.work = p.cur.Load().keys.Clone()
	}
	// A busy table writes the same keys in many of the batches: only the
	// writes a failed journal write could go back to are kept of each
	// (those not durable, and the newest durable one), newest first here.
	durable := p.durable.Load()
	if p.folded == nil {
		p.folded = map[uint64]recentKey{}
	}
	keep := p.foldBuf[:0]
	for r := p.workRecent; r != nil; r = r.next {
		for _, w := range r.ws {
			if done, ok := p.folded[w.h]; ok && done == (recentKey{w.b, w.k}) {
				continue
			}
			keep = append(keep, w)
			if w.w.op <= durable {
				p.folded[w.h] = recentKey{w.b, w.k}
			}
		}
	}
	for i := len(keep) - 1; i >= 0; i-- { // oldest first
		putKey(p.work, keep[i].b, keep[i].k, keep[i].w, durable)
	}
	clear(keep)
	clear(p.folded)
	p.foldBuf, p.workRecent = keep[:0], nil
}

// recentKey is a key of a recent write: its bucket and key.
type recentKey struct{ b, k string }

// publish lets the views read the ops joined. The caller holds mu.
func (p *pending) publish() {
	if !p.working {
		return
	}
	cur := p.cur.Load()
	keys := p.work
	if keys == nil {
		keys = cur.keys
	}
	p.cur.Store(&overlay{keys: keys, recent: p.workRecent, txid: cur.txid, lastOp: p.workOp})
	p.work, p.workRecent, p.working = nil, nil, false
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

// wrote notes that a checkpoint wrote the ops up to op into the file, in
// its transaction txid. The caller holds mu.
func (p *pending) wrote(op uint64, txid int) {
	p.written = op
	p.forget(func(o uint64) bool { return o <= op }, txid)
	old := func(_ uint64, o uint64) bool { return o <= op }
	maps.DeleteFunc(p.byTable, old)
	maps.DeleteFunc(p.byChat, func(_ string, o uint64) bool { return o <= op })
	maps.DeleteFunc(p.byEvent, func(_ string, o uint64) bool { return o <= op })
}

// forget publishes the overlay without the writes of the ops gone says,
// over the file of transaction txid. The caller holds mu.
func (p *pending) forget(gone func(op uint64) bool, txid int) {
	p.publish()
	if cur := p.cur.Load(); cur.recent != nil {
		p.working, p.workRecent, p.workOp = true, cur.recent, cur.lastOp
		p.fold()
		p.publish()
	}
	cur := p.cur.Load()
	// A new tree of the keys left: a checkpoint forgets most of them, and
	// deleting them from a clone would copy the nodes it empties.
	keys := newOverlayKeys()
	cur.keys.Ascend(func(it *item) bool {
		switch w := keep(it.w, gone); {
		case w == it.w:
			keys.ReplaceOrInsert(it)
		case w != nil:
			keys.ReplaceOrInsert(&item{b: it.b, k: it.k, w: w})
		}
		return true
	})
	p.cur.Store(&overlay{keys: keys, txid: txid, lastOp: cur.lastOp})
}

// takeBack drops an op that never became durable, and those after it,
// whose writes were worked out over it.
func (p *pending) takeBack(op uint64) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.ops = slices.DeleteFunc(p.ops, func(o *jop) bool { return o.op >= op })
	p.forget(func(o uint64) bool { return o >= op }, p.cur.Load().txid)
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
	for {
		// The transaction first, then the overlay (see "Locks" above).
		stale := false
		err := s.view(what, func(tx *bbolt.Tx) error {
			if s.viewBegun != nil {
				s.viewBegun()
			}
			ov := p.cur.Load()
			if tx.ID() < ov.txid {
				stale = true // begun before the checkpoint that made ov committed
				return nil
			}
			if ov.recent == nil && ov.keys.Len() == 0 {
				return fn(boltTx{tx}) // nothing over the file: it is the view
			}
			v := viewTxs.Get().(*viewTx)
			v.ov, v.tx = ov, tx
			defer v.release()
			return fn(v)
		})
		if !stale {
			return err
		}
	}
}

// readForSave is read for a save worked out before it joins (Store.queue):
// the view's transaction is begun only when a read misses the overlay, as
// most of a busy table's saves never do. Begun then, it may hold ops the
// overlay loaded at the start does not (a checkpoint that committed
// meanwhile); the save cannot tell, but its join does: a save worked out
// when op since was the last joins as it is only if no op after since
// wrote what it read (pending.changedSince), and a checkpoint writes only
// ops that joined. The file's other keys read the same at either
// transaction. A read that does not join (every other read of the store)
// must not see such a mix, and goes through read.
func (s *Store) readForSave(what string, fn func(kvTx) error) error {
	v := viewTxs.Get().(*viewTx)
	v.ov, v.db = s.p.cur.Load(), s.db
	return s.guard(what, func() error {
		defer v.release()
		return fn(v)
	})
}

// viewTx is the view: an overlay over a read transaction.
type viewTx struct {
	ov *overlay
	tx *bbolt.Tx
	// db, when tx is nil, is where tx is begun at the first read of the
	// file, and rolled back by release (readForSave).
	db   *bbolt.DB
	open openBuckets
	// The buckets it opened, in place: a save asks for about ten, and one
	// allocation for them all costs less than one each.
	bufs [len(openBuckets{}.some)]viewBucket
	n    int
}

// viewTxs are the views no read uses, for the next: a view is a few
// kilobytes that every Save would otherwise allocate and clear.
var viewTxs = sync.Pool{New: func() any { return new(viewTx) }}

// release gives v back once its read is done: like the bbolt transaction
// under it, nothing it gave may be used after that.
func (t *viewTx) release() {
	if t.db != nil && t.tx != nil {
		_ = t.tx.Rollback()
	}
	// The buckets it used alone are cleared: a read opens one or two of
	// the dozen a save does.
	clear(t.bufs[:t.n])
	t.open.reset()
	t.ov, t.tx, t.db, t.n = nil, nil, nil, 0
	viewTxs.Put(t)
}

// viewBucket is a bucket of the view: the overlay's writes to it over the
// file's bucket.
type viewBucket struct {
	stacked
	top   overlayTop
	under fileBucket
}

func (t *viewTx) Bucket(name []byte) kvBucket {
	if b := t.open.find(name); b != nil {
		return b
	}
	vb := slot(t.bufs[:], &t.n)
	vb.top = overlayTop{ov: t.ov, name: bytesString(name)}
	vb.under = fileBucket{v: t, name: name}
	vb.stacked = stacked{top: &vb.top, under: &vb.under}
	t.open.add(name, &vb.stacked)
	return &vb.stacked
}

// slot is the next of bufs, n of them taken, or a new one once all are.
func slot[T any](bufs []T, n *int) *T {
	if *n < len(bufs) {
		*n++
		return &bufs[*n-1]
	}
	return new(T)
}

// fileBucket is a bucket of the view's read transaction, opened when
// first read: a save finds many of its keys in the overlay, and bbolt
// opens a bucket with a seek and an allocation or two. Its Gets go through
// one cursor kept for the transaction, where bbolt's Get makes a cursor,
// and grows its stack, at each call.
type fileBucket struct {
	v    *viewTx
	name []byte
	b    *bbolt.Bucket
	c    *bbolt.Cursor
}

func (f *fileBucket) bucket() *bbolt.Bucket {
	if f.b == nil {
		f.b = f.v.file().Bucket(f.name)
	}
	return f.b
}

// file is the view's read transaction, begun now if not yet.
func (t *viewTx) file() *bbolt.Tx {
	if t.tx == nil {
		tx, err := t.db.Begin(false)
		if err != nil {
			panic(beginError{err}) // a kvBucket's reads return no error: Store.guard returns it
		}
		t.tx = tx
	}
	return t.tx
}

// beginError is a read transaction that could not begin (the store being
// closed), carried out of a read as a panic for Store.guard to return.
type beginError struct{ err error }

// Get is bbolt's Get: the value of k, nil when it has none (a nested
// bucket's key, whose value Seek gives as nil, included).
func (f *fileBucket) Get(k []byte) []byte {
	if f.c == nil {
		f.c = f.bucket().Cursor()
	}
	ck, v := f.c.Seek(k)
	if ck == nil || !bytes.Equal(ck, k) {
		return nil
	}
	return v
}

func (f *fileBucket) Put(k, v []byte) error                    { return f.bucket().Put(k, v) }
func (f *fileBucket) Delete(k []byte) error                    { return f.bucket().Delete(k) }
func (f *fileBucket) Cursor() kvCursor                         { return f.bucket().Cursor() }
func (f *fileBucket) appendOnly()                              {}
func (f *fileBucket) ForEach(fn func(k, v []byte) error) error { return f.bucket().ForEach(fn) }

// bytesString is b as a string, without a copy: b must not change while
// the string is used (a bucket's name, a key asked for the length of a
// call).
func bytesString(b []byte) string { return unsafe.String(unsafe.SliceData(b), len(b)) }

// stringBytes is s as bytes, without a copy, for the keys a view returns,
// which their callers must not change (kvBucket).
func stringBytes(s string) []byte { return unsafe.Slice(unsafe.StringData(s), len(s)) }

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

// reset forgets the buckets opened.
func (o *openBuckets) reset() {
	for i := range o.some {
		if o.some[i].b == nil {
			break
		}
		o.some[i] = namedBucket{}
	}
	o.more = nil
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

// overlayTop is the overlay's writes to a bucket.
type overlayTop struct {
	ov    *overlay
	name  string // the bucket's name
	w     *overlayWalk
	probe item // the key a Get looks for (a new one each Get would be allocated)
	// salt is bucketSalt(name), once a read looked at the recent batches;
	// recent is their writes to the bucket, newest of each key, in key
	// order, once a walk asked for them.
	salt     uint64
	haveSalt bool
	recent   *batchLayer
	rNext    int // where recentAfter left
}

func (o *overlayTop) get(k []byte) (kv, bool) {
	if o.ov.recent != nil {
		if !o.haveSalt {
			o.salt, o.haveSalt = bucketSalt(o.name), true
		}
		h := keyHash(o.salt, bytesString(k))
		bits := filterBits(h)
		for r := o.ov.recent; r != nil; r = r.next {
			if r.filter&bits == bits {
				if w, ok := r.find(o.name, k, h); ok {
					return w, true
				}
			}
		}
	}
	o.probe = item{b: o.name, k: bytesString(k)}
	it, ok := o.ov.keys.Get(&o.probe)
	o.probe.k = ""
	if !ok {
		return kv{}, false
	}
	return it.w.kv, true
}

// walker is the state of the bucket's walks, made by the first (most
// buckets a save opens are only read key by key).
func (o *overlayTop) walker() *overlayWalk {
	if o.w == nil {
		o.w = &overlayWalk{ov: o.ov, name: o.name}
	}
	return o.w
}

func (o *overlayTop) after(k []byte, inclusive bool) ([]byte, kv, bool) {
	tk, tw, tok := o.walker().after(k, inclusive)
	return o.withRecent(k, inclusive, true, tk, tw, tok)
}

func (o *overlayTop) before(k []byte, inclusive bool) ([]byte, kv, bool) {
	tk, tw, tok := o.walker().before(k, inclusive)
	return o.withRecent(k, inclusive, false, tk, tw, tok)
}

// withRecent is the tree's key tk (its write tw, none when !tok) found
// from k in the walk's direction, or the recent batches' key found so
// when it comes first; the recent write of a key hides the tree's.
func (o *overlayTop) withRecent(k []byte, inclusive, forward bool, tk []byte, tw kv, tok bool) ([]byte, kv, bool) {
	if o.ov.recent == nil {
		return tk, tw, tok
	}
	rl := o.recentLayer()
	if len(rl.keys) == 0 {
		return tk, tw, tok
	}
	var rk []byte
	var rw kv
	var rok bool
	if forward {
		rk, rw, rok = o.recentAfter(rl, k, inclusive)
	} else {
		rk, rw, rok = rl.near(k, inclusive, false)
	}
	if !rok {
		return tk, tw, tok
	}
	if c := bytes.Compare(rk, tk); !tok || c == 0 || (c < 0) == forward {
		return rk, rw, true
	}
	return tk, tw, tok
}

// recentAfter is rl.near(k, inclusive, true), found from where the last
// one left when a cursor walks forward.
func (o *overlayTop) recentAfter(rl *batchLayer, k []byte, inclusive bool) ([]byte, kv, bool) {
	keys := rl.keys
	// at tells whether key x is at or after where the walk goes on from k.
	at := func(x string) bool {
		c := compareKey(x, k)
		return c > 0 || c == 0 && inclusive
	}
	i := o.rNext
	switch {
	case k == nil:
		i = 0
	case i <= len(keys) && (i == 0 || !at(keys[i-1])) && (i == len(keys) || at(keys[i])):
	default:
		i = sort.Search(len(keys), func(j int) bool { return at(keys[j]) })
	}
	o.rNext = i
	if i == len(keys) {
		return nil, kv{}, false
	}
	return stringBytes(keys[i]), rl.ws[i], true
}

// recentLayer is the recent batches' writes to the bucket, the newest of
// each key, in key order: what a walk merges with the tree's.
func (o *overlayTop) recentLayer() *batchLayer {
	if o.recent == nil {
		o.recent = o.ov.recentLayer(o.name)
	}
	return o.recent
}

// recentLayer is overlayTop.recentLayer for bucket name, made once.
func (ov *overlay) recentLayer(name string) *batchLayer {
	ov.layersMu.Lock()
	defer ov.layersMu.Unlock()
	if l, ok := ov.layers[name]; ok {
		return l
	}
	l := &batchLayer{}
	for r := ov.recent; r != nil; r = r.next { // newest first: an older write of a key is passed over
		for i := range r.ws {
			if w := &r.ws[i]; w.b == name {
				if j, found := slices.BinarySearch(l.keys, w.k); !found {
					l.keys = slices.Insert(l.keys, j, w.k)
					l.ws = slices.Insert(l.ws, j, w.w)
				}
			}
		}
	}
	if ov.layers == nil {
		ov.layers = map[string]*batchLayer{}
	}
	ov.layers[name] = l
	return l
}

func (o *overlayTop) empty() bool {
	if o.ov.recent == nil && o.ov.keys.Len() == 0 {
		return true // the overlay holds no key at all: no walk to set up
	}
	_, _, ok := o.after(nil, true)
	return !ok
}

var errReadOnly = errors.New("the view of the data file is read only: a save's writes go into a batch")

func (*overlayTop) put([]byte, kv) error { return errReadOnly }

// overlayWalk walks the overlay's keys of a bucket for its cursors.
type overlayWalk struct {
	ov   *overlay
	name string
	// The walk of the tree visit is on: the key it passes over, how many
	// keys it gathers into ahead (0: it stops at the first, found).
	skip   string
	skipIt bool
	want   int
	gather int // how many the next fill gathers
	found  *item
	ok     bool
	visitF func(*item) bool // visit, made once
	pivot  item             // where a walk starts
	// ahead are keys of the bucket in a row, as a forward walk gathered
	// them: every key after lo (at lo too when loIn) up to the last of
	// them, and no other after it when atEnd. The overlay a view reads
	// never changes: a cursor walking forward finds its next keys there,
	// without a walk from the tree's root for each.
	ahead     []*item
	aheadBuf  [4]*item
	next      int // the index in ahead after the key it gave last
	lo        []byte
	loBuf     [40]byte
	loIn      bool
	atEnd     bool
	haveAhead bool
}

// visit is what a walk of the tree does at each key.
func (o *overlayWalk) visit(it *item) bool {
	if it.b != o.name {
		o.atEnd = true
		return false
	}
	if o.skipIt && it.k == o.skip {
		return true
	}
	if o.want > 0 {
		o.ahead = append(o.ahead, it)
		return len(o.ahead) < o.want
	}
	o.found, o.ok = it, true
	return false
}

// walk walks the tree from k (the first key of the bucket when nil),
// passing over k itself unless inclusive.
func (o *overlayWalk) walk(k []byte, inclusive, forward bool) {
	if o.visitF == nil {
		o.visitF = o.visit
	}
	o.skip, o.skipIt, o.ok = bytesString(k), k != nil && !inclusive, false
	switch {
	case forward:
		o.pivot = item{b: o.name, k: o.skip}
		o.ov.keys.AscendGreaterOrEqual(&o.pivot, o.visitF)
	case k == nil:
		// The bucket's last key is the last one before the least bucket
		// name after its own.
		o.pivot = item{b: o.name + "\x00"}
		o.ov.keys.DescendLessOrEqual(&o.pivot, o.visitF)
	default:
		o.pivot = item{b: o.name, k: o.skip}
		o.ov.keys.DescendLessOrEqual(&o.pivot, o.visitF)
	}
	o.skip = ""
}

// after is the first key after k (at k too when inclusive; the first of
// the bucket when k is nil) and its newest write.
func (o *overlayWalk) after(k []byte, inclusive bool) ([]byte, kv, bool) {
	if k == nil {
		inclusive = true
	}
	for filled := false; ; filled = true {
		if filled || o.covers(k, inclusive) {
			var i int
			if h := o.next; !inclusive && h > 0 && h <= len(o.ahead) && o.ahead[h-1].k == bytesString(k) {
				i = h // the key after the one it gave last: a cursor's Next
			} else {
				var found bool
				i, found = slices.BinarySearchFunc(o.ahead, k, compareItemKey)
				if found && !inclusive {
					i++
				}
			}
			if i < len(o.ahead) {
				o.next = i + 1
				return stringBytes(o.ahead[i].k), o.ahead[i].w.kv, true
			}
			if o.atEnd {
				return nil, kv{}, false
			}
			if filled {
				panic("store/bolt: the overlay's keys out of order")
			}
		}
		o.fill(k, inclusive)
	}
}

// covers tells whether ahead holds every key of the bucket from k on.
func (o *overlayWalk) covers(k []byte, inclusive bool) bool {
	if !o.haveAhead {
		return false
	}
	c := bytes.Compare(k, o.lo)
	return c > 0 || c == 0 && (o.loIn || !inclusive)
}

// fill gathers into ahead the keys from k on, more each time: a cursor
// that walks far is given many at a time, a Seek a few.
func (o *overlayWalk) fill(k []byte, inclusive bool) {
	if o.ahead == nil {
		o.ahead, o.lo, o.gather = o.aheadBuf[:0], o.loBuf[:0], 1
	} else {
		o.gather = min(2*o.gather, 64)
	}
	o.ahead, o.atEnd, o.want, o.next = o.ahead[:0], false, o.gather, 0
	o.walk(k, inclusive, true)
	o.atEnd = o.atEnd || len(o.ahead) < o.want
	o.want = 0
	o.lo, o.loIn, o.haveAhead = append(o.lo[:0], k...), inclusive, true
}

// compareItemKey is compareKey on an overlay item's key.
func compareItemKey(it *item, k []byte) int { return compareKey(it.k, k) }

// before is the last key before k (at k too when inclusive; the last of
// the bucket when k is nil) and its newest write.
func (o *overlayWalk) before(k []byte, inclusive bool) ([]byte, kv, bool) {
	o.walk(k, inclusive, false)
	if !o.ok {
		return nil, kv{}, false
	}
	return stringBytes(o.found.k), o.found.w.kv, true
}

// batch is the writes of one save (or Shown) as it works them out, over
// the view; they join the overlay when its journal entry is queued.
type batch struct {
	under   kvTx
	buckets map[string]*batchLayer
	open    openBuckets
	bufs    [len(openBuckets{}.some)]batchBucket // the buckets it opened, in place (as viewTx's)
	n       int
	spare   []*batchLayer // layers of a batch before, emptied, for its writes
}

// batchBucket is a bucket of a batch: its writes over the view's bucket.
type batchBucket struct {
	stacked
	top batchTop
}

// batches are the batches joined or given up, for the next: a batch is
// a kilobyte or two that every Save would otherwise allocate.
var batches = sync.Pool{New: func() any { return &batch{buckets: map[string]*batchLayer{}} }}

func newBatch(under kvTx) *batch {
	b := batches.Get().(*batch)
	b.under = under
	return b
}

// release gives b back once its writes joined the overlay (which keeps
// their keys and values, not the batch's slices) or were given up.
func (b *batch) release() {
	if b == nil {
		return
	}
	for _, l := range b.buckets {
		clear(l.keys)
		clear(l.ws)
		b.spare = append(b.spare, l)
	}
	clear(b.buckets)
	clear(b.bufs[:b.n])
	b.open.reset()
	b.under, b.n = nil, 0
	batches.Put(b)
}

func (b *batch) Bucket(name []byte) kvBucket {
	if o := b.open.find(name); o != nil {
		return o
	}
	bb := slot(b.bufs[:], &b.n)
	bb.top = batchTop{b: b, name: name}
	bb.stacked = stacked{top: &bb.top, under: b.under.Bucket(name)}
	b.open.add(name, &bb.stacked)
	return &bb.stacked
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
	return strings.Compare(x, bytesString(k))
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
	return stringBytes(l.keys[i]), l.ws[i], true
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
		if n := len(t.b.spare); n > 0 {
			l, t.b.spare = t.b.spare[n-1], t.b.spare[:n-1]
			l.keys, l.ws = l.keys[:0], l.ws[:0]
		} else {
			l = &batchLayer{}
		}
		// The name is not copied: a bucket's name is one of the package's
		// variables, never changed, and the overlay's keys of one bucket share
		// it (a comparison of equal names ends at their pointers).
		t.b.buckets[bytesString(t.name)] = l
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
		return w.value()
	}
	return b.under.Get(k)
}

// lazyBucket is a bucket that takes and gives values as a save left them
// (lazyValue): a save's batch and the view under it.
type lazyBucket interface {
	putLazy(k []byte, v lazyValue) error
	// lazy is the value of key k, when its newest write is one put lazy;
	// nil otherwise (bytes, a deletion, or none).
	lazy(k []byte) lazyValue
}

func (b *stacked) putLazy(k []byte, v lazyValue) error { return b.top.put(k, kv{lazy: v}) }

func (b *stacked) lazy(k []byte) lazyValue {
	if w, ok := b.top.get(k); ok {
		return w.lazy
	}
	if lb, ok := b.under.(lazyBucket); ok {
		return lb.lazy(k)
	}
	return nil
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
	_, fixed := b.top.(*overlayTop) // a published overlay never changes
	return &mergedCursor{top: b.top, under: b.under.Cursor(), fixedTop: fixed}
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
	// tk, tw, tok are top's first key after where a forward walk last
	// asked (tAhead): the same for every key below tk, so that a walk
	// through a run of under's keys asks top once (the overlay's keys are
	// a few among the file's). Only for a top that never changes
	// (fixedTop): a batch's may take writes while a cursor walks it.
	fixedTop bool
	tk       []byte
	tw       kv
	tok      bool
	tAhead   bool
}

func (c *mergedCursor) First() ([]byte, []byte) {
	c.forward, c.tAhead = false, false
	return c.next(nil, true)
}

func (c *mergedCursor) Seek(k []byte) ([]byte, []byte) {
	c.forward, c.tAhead = false, false
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

// topAfter is top.after(k, inclusive) for a forward walk: k is never
// before the key it was last asked from.
func (c *mergedCursor) topAfter(k []byte, inclusive bool) ([]byte, kv, bool) {
	if !c.fixedTop {
		return c.top.after(k, inclusive)
	}
	if c.tAhead && k != nil {
		if !c.tok {
			return nil, kv{}, false
		}
		if cmp := bytes.Compare(k, c.tk); cmp < 0 || cmp == 0 && inclusive {
			return c.tk, c.tw, true
		}
	}
	c.tk, c.tw, c.tok = c.top.after(k, inclusive)
	c.tAhead = true
	return c.tk, c.tw, c.tok
}

func (c *mergedCursor) next(k []byte, inclusive bool) ([]byte, []byte) {
	for {
		uk, uv := c.underAfter(k, inclusive)
		tk, tw, ok := c.topAfter(k, inclusive)
		if !ok || uk != nil && bytes.Compare(uk, tk) < 0 {
			c.at = uk
			return uk, uv
		}
		if tw.del { // hides under's key, if it has it: go on past it
			k, inclusive = tk, false
			continue
		}
		c.at = tk
		return tk, tw.value()
	}
}

func (c *mergedCursor) backward(k []byte, inclusive bool) ([]byte, []byte) {
	c.tAhead = false
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
		return tk, tw.value()
	}
}
