package render

import "container/list"

// lru keeps values by key, the ones used most recently within a budget of
// bytes: each value costs its size (cost) and its key, plus a fixed
// overhead (the list element, the map entry, the headers) so that many
// small values cannot exceed the budget. It is not safe for concurrent
// use: its owner holds a lock.
type lru[V any] struct {
	limit    int64
	overhead int
	size     func(V) int
	order    list.List // of *lruEntry[V], most recently used first
	entries  map[string]*list.Element
	bytes    int64
}

type lruEntry[V any] struct {
	key string
	val V
}

func newLRU[V any](limit int64, overhead int, size func(V) int) lru[V] {
	return lru[V]{limit: limit, overhead: overhead, size: size, entries: map[string]*list.Element{}}
}

func (l *lru[V]) cost(key string, v V) int64 { return int64(len(key) + l.size(v) + l.overhead) }

// get returns the value of a key (written as bytes: looking it up makes no
// string) and marks it used.
func (l *lru[V]) get(key []byte) (v V, ok bool) {
	e, ok := l.entries[string(key)]
	if !ok {
		return v, false
	}
	l.order.MoveToFront(e)
	return e.Value.(*lruEntry[V]).val, true
}

// add keeps a value, unless its key is kept already or it costs more than
// the whole budget, and drops the least recently used values until the
// budget is kept.
func (l *lru[V]) add(key string, v V) {
	cost := l.cost(key, v)
	if _, ok := l.entries[key]; ok || cost > l.limit {
		return
	}
	l.entries[key] = l.order.PushFront(&lruEntry[V]{key, v})
	l.bytes += cost
	for l.bytes > l.limit {
		old := l.order.Remove(l.order.Back()).(*lruEntry[V])
		delete(l.entries, old.key)
		l.bytes -= l.cost(old.key, old.val)
	}
}

func (l *lru[V]) len() int { return l.order.Len() }
