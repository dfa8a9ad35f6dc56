package keeper

import (
	"log/slog"
	"math"
	"sync"

	"github.com/tablee/tablee/internal/capped"
)

// Key is one kept message: a table and the note that holds where it is.
type Key struct {
	Table uint64
	Note  string
}

// book is the note cache: the Ref of each kept message, read from its note
// once and then remembered, written back when it changes; and the kept
// messages of each place, for Passed and Moved.
type book[X comparable] struct {
	notes Notes
	codec Codec[X]
	max   int
	log   *slog.Logger

	mu     sync.Mutex
	refs   map[Key]Ref[X]
	places map[string]map[Key]struct{}
}

func newBook[X comparable](notes Notes, codec Codec[X], max int, log *slog.Logger) *book[X] {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	if max <= 0 {
		max = math.MaxInt // no cap
	}
	return &book[X]{notes: notes, codec: codec, max: max, log: log,
		refs: map[Key]Ref[X]{}, places: map[string]map[Key]struct{}{}}
}

// get is the kept message of k: remembered, or read from its note (after a
// restart, or once the cache let it go). On a shared store the note is read
// every time, another process may have sent the message anew or changed
// what its note says; what the note does not say (the counts, what a
// platform keeps in memory only) stands while the note is the same, and
// the counts while the message is. A note that does
// not say its place (a platform whose table never changes chat) reads as
// at place.
func (b *book[X]) get(k Key, place string) (Ref[X], bool) {
	shared := b.notes != nil && b.notes.Shared()
	b.mu.Lock()
	known, cached := b.refs[k]
	b.mu.Unlock()
	if cached && !shared || k.Table == 0 || b.notes == nil {
		return known, known.ID != ""
	}
	r, ok := b.codec.Parse(b.notes.Note(k.Table, k.Note))
	if !ok || r.ID == "" {
		return known, known.ID != "" // the note may not be saved yet
	}
	if r.Place == "" {
		r.Place = place
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if cur, ok := b.refs[k]; ok {
		if !shared {
			return cur, cur.ID != "" // kept meanwhile
		}
		if b.codec.Format(cur) == b.codec.Format(r) {
			return cur, cur.ID != "" // what is kept in memory only stands
		}
		if cur.ID == r.ID && cur.Place == r.Place {
			r.Since, r.Edits = cur.Since, cur.Edits
		}
	}
	b.put(k, r)
	return r, true
}

// set keeps r for k and writes its note when it says something new.
func (b *book[X]) set(k Key, r Ref[X]) {
	b.mu.Lock()
	old, had := b.refs[k]
	b.put(k, r)
	b.mu.Unlock()
	if k.Table == 0 || b.notes == nil {
		return
	}
	note := b.codec.Format(r)
	if had && b.codec.Format(old) == note {
		return
	}
	if err := b.notes.SetNote(k.Table, k.Note, note); err != nil {
		b.log.Debug("note not saved", "table", k.Table, "note", k.Note, "err", err)
	}
}

// put remembers r under k, the cache emptied at its cap by
// internal/capped: a message is read again from its note when next needed.
// The caller holds mu.
func (b *book[X]) put(k Key, r Ref[X]) {
	old, had := b.refs[k]
	if had {
		b.unindex(k, old.Place)
	}
	n := len(b.refs)
	capped.Set(b.refs, k, r, b.max)
	if !had && len(b.refs) <= n {
		clear(b.places) // capped emptied the cache: the places index with it
	}
	in := b.places[r.Place]
	if in == nil {
		in = map[Key]struct{}{}
		b.places[r.Place] = in
	}
	in[k] = struct{}{}
}

func (b *book[X]) unindex(k Key, place string) {
	if in := b.places[place]; in != nil {
		delete(in, k)
		if len(in) == 0 {
			delete(b.places, place)
		}
	}
}

// passed counts a message of place: its kept messages drift up, but for
// the table except's own and those later says are not before it (nil:
// every message counts).
func (b *book[X]) passed(place string, except uint64, later func(Ref[X]) bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	for k := range b.places[place] {
		r := b.refs[k]
		if k.Table != except && r.ID != "" && (later == nil || later(r)) {
			r.Since++
			b.refs[k] = r
		}
	}
}

// moved follows the tables of place from to place to: their messages stay
// behind, where they can no longer be edited, so none is kept for them.
func (b *book[X]) moved(from, to string) {
	if from == to {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	for k := range b.places[from] {
		b.put(k, Ref[X]{Place: to})
	}
}

// size is how many messages and places are remembered (tests).
func (b *book[X]) size() (refs, places int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return len(b.refs), len(b.places)
}
