package render

import "sync"

// bandCacheBytes bounds the memory of the encoded bands kept for the
// process: a Crack Word board is some twelve bands and 23 KB, so this keeps
// the latest boards and hands of a thousand tables or so, and the bands
// every picture shares (a title, a heading, the margins) once for all.
const bandCacheBytes = 32 << 20

// bandOverhead is what a kept band costs beyond its bytes and key (the
// list element, the map entry, the band's header).
const bandOverhead = 160

// bandCache keeps encoded bands by what draws them (their key, written by
// bandPlan.appendKey), the ones used most recently within a budget of
// bytes. It is safe for concurrent use; its lock is held to look bands up
// and to keep them, never while a band is drawn or encoded. Two pictures
// that miss the same band at once both encode it (the same bytes); the
// second one kept is dropped.
type bandCache struct {
	mu     sync.Mutex
	kept   lru[*encodedBand]
	hits   int64
	misses int64
}

func newBandCache(limit int64) *bandCache {
	return &bandCache{kept: newLRU(limit, bandOverhead, func(b *encodedBand) int { return len(b.data) })}
}

// bands is the process's cache of bands, shared by every picture.
var bands = newBandCache(bandCacheBytes)

// lookup sets found[i] to the band of the i-th key, keys[ends[i-1]:ends[i]]
// (from 0 for the first), or to nil when it is not kept.
func (c *bandCache) lookup(keys []byte, ends []int, found []*encodedBand) {
	c.mu.Lock()
	defer c.mu.Unlock()
	start := 0
	for i, end := range ends {
		b, ok := c.kept.get(keys[start:end])
		if ok {
			c.hits++
		} else {
			c.misses++
		}
		found[i] = b
		start = end
	}
}

// keep adds bands (a band larger than the whole budget is not kept).
func (c *bandCache) keep(keys []string, bs []*encodedBand) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for i, key := range keys {
		c.kept.add(key, bs[i])
	}
}

// BandStats tells what the process's cache of encoded bands holds and has
// done.
type BandStats struct {
	Bands  int   // bands kept
	Bytes  int64 // their cost against the budget
	Hits   int64 // bands found already encoded
	Misses int64 // bands drawn and encoded
}

// Bands tells what the process's cache of encoded bands holds and has
// done: the parts of pictures that a picture drawn again reuses.
func Bands() BandStats { return bands.stats() }

func (c *bandCache) stats() BandStats {
	c.mu.Lock()
	defer c.mu.Unlock()
	return BandStats{Bands: c.kept.len(), Bytes: c.kept.bytes, Hits: c.hits, Misses: c.misses}
}
