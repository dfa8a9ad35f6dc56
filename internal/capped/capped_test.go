package capped

import "testing"

// A map at its cap is emptied before a new key, not before a key it holds.
func TestSet(t *testing.T) {
	m := map[int]string{}
	for i := range 3 {
		Set(m, i, "v", 3)
	}
	Set(m, 2, "again", 3) // held already: nothing goes
	if len(m) != 3 || m[2] != "again" {
		t.Fatalf("after a held key: %v", m)
	}
	Set(m, 3, "new", 3)
	if len(m) != 1 || m[3] != "new" {
		t.Fatalf("after a new key at the cap: %v", m)
	}
}
