package render

import (
	"errors"
	"sync"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/i18n"
)

// DefaultCacheBytes is the memory a Cache keeps pictures in when not told
// otherwise: some 2,000 boards of 30 KB.
const DefaultCacheBytes = 64 << 20

// entryOverhead is what a cached picture costs beyond its bytes and key
// (the list element, the map entry, the headers), counted against the
// budget so that many small pictures cannot exceed it.
const entryOverhead = 160

// Cache draws pictures and keeps them, keyed by Key: a board or hand that
// has not changed since it was last drawn is never drawn again. It keeps
// the pictures used most recently within a budget of bytes. Pictures of
// the same key asked for at once are drawn once, the others wait for it.
// A Cache is safe for concurrent use; drawing takes no lock, so pictures
// of different scenes are drawn in parallel on every core.
//
// The bytes returned are shared between callers: read them, never change
// them.
type Cache struct {
	mu      sync.Mutex
	kept    lru[[]byte]
	flights map[string]*flight
	stats   CacheStats
}

// flight is a picture being drawn, awaited by the callers who asked for it
// meanwhile.
type flight struct {
	done chan struct{}
	data []byte
	err  error
}

// CacheStats counts what a Cache did.
type CacheStats struct {
	Pictures int   // pictures kept
	Bytes    int64 // their cost against the budget
	Hits     int64 // pictures answered from the cache
	Shared   int64 // pictures answered by a drawing already under way
	Drawn    int64 // pictures drawn
}

// NewCache returns a cache keeping at most maxBytes of pictures;
// DefaultCacheBytes if maxBytes is 0 or less.
func NewCache(maxBytes int64) *Cache {
	if maxBytes <= 0 {
		maxBytes = DefaultCacheBytes
	}
	return &Cache{kept: newLRU(maxBytes, entryOverhead, func(b []byte) int { return len(b) }), flights: map[string]*flight{}}
}

var errPanicked = errors.New("render: drawing the picture panicked")

// Picture returns the PNG of a scene under a title in a reader's language,
// and its key (Key): from the cache, or drawn now and kept. A nil Cache
// draws every time.
func (c *Cache) Picture(title string, s games.Scene, r i18n.Renderer) (data []byte, key string, err error) {
	rs := resolve(title, s, r)
	key = rs.key()
	if c == nil {
		data, _, err = rs.png()
		return data, key, err
	}
	c.mu.Lock()
	if data, ok := c.kept.get([]byte(key)); ok {
		c.stats.Hits++
		c.mu.Unlock()
		return data, key, nil
	}
	if f, ok := c.flights[key]; ok {
		c.stats.Shared++
		c.mu.Unlock()
		<-f.done
		return f.data, key, f.err
	}
	f := &flight{done: make(chan struct{}), err: errPanicked}
	c.flights[key] = f
	c.stats.Drawn++
	c.mu.Unlock()
	// Whatever happens, the waiters are released (with errPanicked if
	// drawing panics; the panic goes on up this caller's stack).
	defer func() {
		c.mu.Lock()
		delete(c.flights, key)
		if f.err == nil {
			c.kept.add(key, f.data) // not kept if larger than the whole budget
		}
		c.mu.Unlock()
		close(f.done)
	}()
	f.data, _, f.err = rs.png()
	return f.data, key, f.err
}

// Stats tells what the cache holds and has done.
func (c *Cache) Stats() CacheStats {
	c.mu.Lock()
	defer c.mu.Unlock()
	s := c.stats
	s.Pictures, s.Bytes = c.kept.len(), c.kept.bytes
	return s
}
