package bot

import (
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/tablee/tablee/challenge/chat"
	"github.com/tablee/tablee/store"
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

// incompleteIndex is a store whose due index predates its tables.
type incompleteIndex struct {
	store.Store
	saved    map[uint64]time.Time
	complete bool
}

func (s *incompleteIndex) Save(t store.Table, m *store.Move) error {
	s.saved[t.ID] = t.Due
	return s.Store.Save(t, m)
}
func (s *incompleteIndex) DueIndexComplete() (bool, error) { return s.complete, nil }
func (s *incompleteIndex) SetDueIndexComplete() error      { s.complete = true; return nil }

// A data file whose due index misses tables (written before the index)
// gets every open table saved once with its due time at start-up, then is
// marked complete, and is not saved again at the next start.
func TestAgenda_IncompleteStoreIndexIsFilledAtStartUp(t *testing.T) {
	h := newHarness(t)
	mustOK(t, h.do("alice", "/play tictactoe"))
	mustOK(t, h.doIn("local:two", "alice", "/play tictactoe"))
	// A daily challenge's attempt, an open table of the challenge's own:
	// the core neither loads nor saves it (its record would be lost).
	attempt := store.Table{Chat: chat.Of("motsdetete", "2026-03-29", "local:alice"), Game: "challenge", Data: []byte(`{"day":"2026-03-29","game":"motsdetete","player":"local:alice","started":"2026-03-29T08:00:00Z"}`)}
	attempt.ID, _ = h.st.NewTableID()
	if err := h.st.Save(attempt, nil); err != nil {
		t.Fatal(err)
	}
	var s *incompleteIndex
	h.wrap = func(st store.Store) store.Store {
		s = &incompleteIndex{Store: st, saved: map[uint64]time.Time{}}
		return s
	}
	h.restart()
	if len(s.saved) != 2 || !s.complete {
		t.Fatalf("saved %v, complete %v", s.saved, s.complete)
	}
	if got, err := h.st.Table(attempt.ID); err != nil || string(got.Data) != string(attempt.Data) {
		t.Fatalf("the challenge's attempt was changed: %s, %v", got.Data, err)
	}
	for id, due := range s.saved {
		if want := h.clock.Now().Add(DefaultLobbyExpiry); !due.Equal(want) {
			t.Fatalf("table %d saved due %v, want the lobby's expiry %v", id, due, want)
		}
	}
}
