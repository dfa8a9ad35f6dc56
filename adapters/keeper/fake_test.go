package keeper

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"sync"
	"testing"
)

// fake is an in-memory platform: it records every call ("send c 1 text",
// "edit c 1 text", "strip c 1", "delete c 1") and answers as told.
type fake struct {
	mu      sync.Mutex
	calls   []string
	next    int
	gone    map[string]bool // messages whose edit answers ErrGone
	same    bool            // every edit answers ErrUnchanged
	failed  error           // every edit fails so
	queued  bool            // every send is queued (no id yet)
	extraOf func(m string) string
}

func newFake() *fake { return &fake{gone: map[string]bool{}} }

func (f *fake) record(s string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.calls = append(f.calls, s)
}

func (f *fake) took() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	c := f.calls
	f.calls = nil
	return c
}

// expect checks the calls made since the last check.
func (f *fake) expect(t *testing.T, what string, want ...string) {
	t.Helper()
	if got := f.took(); !slices.Equal(got, want) {
		t.Errorf("%s: calls %q, want %q", what, got, want)
	}
}

func (f *fake) Send(_ context.Context, place, m string, _ *Ref[string]) (Ref[string], error) {
	f.record("send " + place + " " + m)
	if f.queued {
		return Ref[string]{}, nil
	}
	f.mu.Lock()
	f.next++
	id := strconv.Itoa(f.next)
	f.mu.Unlock()
	r := Ref[string]{Place: place, ID: id}
	if f.extraOf != nil {
		r.Extra = f.extraOf(m)
	}
	return r, nil
}

func (f *fake) Edit(_ context.Context, at Ref[string], m string) (Ref[string], error) {
	f.record("edit " + at.Place + " " + at.ID + " " + m)
	switch {
	case f.gone[at.ID]:
		return at, fmt.Errorf("%w: unknown message", ErrGone)
	case f.failed != nil:
		return at, f.failed
	case f.same:
		return at, ErrUnchanged
	}
	if f.extraOf != nil {
		at.Extra = f.extraOf(m)
	}
	return at, nil
}

func (f *fake) Strip(_ context.Context, at Ref[string]) { f.record("strip " + at.Place + " " + at.ID) }
func (f *fake) Delete(_ context.Context, at Ref[string]) {
	f.record("delete " + at.Place + " " + at.ID)
}

// notes is an in-memory note store counting its reads and writes.
type notes struct {
	mu            sync.Mutex
	m             map[Key]string
	reads, writes int
	shared        bool
}

func newNotes() *notes { return &notes{m: map[Key]string{}} }

func (n *notes) Note(table uint64, key string) string {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.reads++
	return n.m[Key{table, key}]
}

func (n *notes) SetNote(table uint64, key, v string) error {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.writes++
	n.m[Key{table, key}] = v
	return nil
}

func (n *notes) Shared() bool { return n.shared }

func (n *notes) counts() (reads, writes int) {
	n.mu.Lock()
	defer n.mu.Unlock()
	return n.reads, n.writes
}
