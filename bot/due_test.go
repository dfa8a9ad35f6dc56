package bot

import (
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

// The agenda gives tables back in the order they fall due, one entry per
// table, whatever order their times were set, moved and removed in.
func TestAgenda_OrderAndOneEntryPerTable(t *testing.T) {
	var a agenda
	base := time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC)
	rng := rand.New(rand.NewPCG(1, 2))
	want := map[uint64]time.Time{}
	for i := 0; i < 5000; i++ {
		id := uint64(rng.IntN(500) + 1)
		var at time.Time
		if rng.IntN(5) > 0 { // one in five removes
			at = base.Add(time.Duration(rng.IntN(100000)) * time.Second)
		}
		a.set(id, at)
		if at.IsZero() {
			delete(want, id)
		} else {
			want[id] = at
		}
	}
	if a.Len() != len(want) {
		t.Fatalf("%d entries, want %d", a.Len(), len(want))
	}
	c := &Core{}
	c.agenda = a
	var got []time.Time
	for _, id := range c.popDue(base.Add(100000 * time.Second)) {
		got = append(got, want[id])
	}
	if len(got) != len(want) || !slices.IsSortedFunc(got, func(x, y time.Time) int { return x.Compare(y) }) {
		t.Fatalf("popped %d of %d, sorted %v", len(got), len(want), slices.IsSortedFunc(got, func(x, y time.Time) int { return x.Compare(y) }))
	}
}

// BenchmarkAgendaMove is what the scheduler costs a move with 100,000
// tables on the agenda: one table's due time moved, the next one read.
func BenchmarkAgendaMove(b *testing.B) {
	c := &Core{wake: make(chan struct{}, 1)}
	base := time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC)
	for id := uint64(1); id <= 100_000; id++ {
		c.agenda.set(id, base.Add(time.Duration(id)*time.Second))
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		id := uint64(i%100_000) + 1
		c.dueMu.Lock()
		c.agenda.set(id, base.Add(time.Duration(100_000+i)*time.Second))
		c.dueMu.Unlock()
		if _, ok := c.nextDue(); !ok {
			b.Fatal("empty agenda")
		}
	}
}
