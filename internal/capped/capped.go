// Package capped keeps the adapters' caches bounded. A process runs for
// weeks: a map that gains a key for every table shown, every user met or
// every picture uploaded would grow without end. Set empties a map that
// holds its cap of keys before a new key goes in. What the adapters cache
// can be had again (from a table's notes, from the platform), so emptying
// costs a few reads or requests, never a wrong answer; a cap is set well
// above what one process meets at once.
package capped

// Set puts v under k in m, first emptying m when it holds max keys and k
// is not one of them.
func Set[K comparable, V any](m map[K]V, k K, v V, max int) {
	if _, ok := m[k]; !ok && len(m) >= max {
		clear(m)
	}
	m[k] = v
}
