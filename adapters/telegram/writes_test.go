package telegram

import (
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	_ "github.com/tablee/tablee/games/crackword"
	"github.com/tablee/tablee/store"
	"github.com/tablee/tablee/store/bolt"
)

// countingStore is the bbolt store, counting the writes made on an
// update's way, in the goroutine that plays it (Adapter.serveChat), which
// its answer and the chat's next update wait for: every Save and chained
// save (store.Chainer), and every Played, SaveUser and Rate. The
// deliverers' writes (the ids of the messages they sent, what was shown)
// are counted apart. The durable writes themselves are the journal's
// (bolt's Figures): the chained saves of a move and its replies share one.
type countingStore struct {
	*bolt.Store
	mu      sync.Mutex
	durable []string // what each write on an update's way was
	aside   int      // the writes made elsewhere
}

func (c *countingStore) note(what string) {
	pcs := make([]uintptr, 64)
	frames := runtime.CallersFrames(pcs[:runtime.Callers(2, pcs)])
	onUpdate := false
	for f, more := frames.Next(); more; f, more = frames.Next() {
		if strings.HasSuffix(f.Function, "telegram.(*Adapter).serveChat") {
			onUpdate = true
		}
	}
	c.mu.Lock()
	if onUpdate {
		c.durable = append(c.durable, what)
	} else {
		c.aside++
	}
	c.mu.Unlock()
}

func (c *countingStore) Save(t store.Table, mv *store.Move) error {
	switch {
	case mv != nil && mv.User == "":
		c.note("save of the bot's move")
	case mv != nil:
		c.note("save of the move, events " + strings.Join(t.Played, ","))
	default:
		c.note("save")
	}
	return c.Store.Save(t, mv)
}

func (c *countingStore) SaveChained(t store.Table, mv *store.Move) (func() error, error) {
	c.note("chained save of the move, events " + strings.Join(t.Played, ","))
	return c.Store.SaveChained(t, mv)
}

func (c *countingStore) Played(key string) error {
	c.note("played " + key)
	return c.Store.Played(key)
}

func (c *countingStore) SaveUser(u store.User) error {
	c.note("user " + u.ID)
	return c.Store.SaveUser(u)
}

func (c *countingStore) Rate(table uint64, rs []store.Rating) (bool, error) {
	c.note("rating")
	return c.Store.Rate(table, rs)
}

func (c *countingStore) take() (onUpdate []string, aside int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	d, n := c.durable, c.aside
	c.durable, c.aside = nil, 0
	return d, n
}

// An answered /pass in a Crack Word game against a bot waits on one
// durable write: the person's move, which records the update played, and
// the bot's replies, chained into one write of the journal. The update id
// was a write of its own, and each move one more. And the update is
// played once: given again, it is dropped without a write.
func TestDurableWritesPerAnsweredMove(t *testing.T) {
	h := newHarness(t)
	var cs *countingStore
	h.wrapStore = func(st *bolt.Store) store.Store { cs = &countingStore{Store: st}; return cs }
	h.restart()
	h.say(alice, group, 0, "/play crackword")
	h.say(alice, group, 0, "/settings view=text")
	h.say(alice, group, 0, "/addbot")
	h.say(alice, group, 0, "/start")
	key := chatKey(group, 0)
	for turn := 0; turn < 3; turn++ {
		cs.take()
		before, journal := h.core.Counter(key), h.st.Figures().JournalWrites
		h.say(alice, group, 0, "/pass")
		durable := h.st.Figures().JournalWrites - journal
		id := h.f.lastUpdateID()
		moves := int(h.core.Counter(key) - before)
		if moves < 2 {
			dump(t, h.f, group)
			t.Fatalf("turn %d: %d moves played: the pass and the bot's reply were not both played", turn, moves)
		}
		writes, aside := cs.take()
		t.Logf("an answered /pass played %d moves in %d saves %q and %d durable writes; the deliverers made %d writes",
			moves, len(writes), writes, durable, aside)
		if len(writes) > moves {
			t.Errorf("turn %d: an answered /pass of %d moves made %d saves, budget %d: %q",
				turn, moves, len(writes), moves, writes)
		}
		if durable != 1 {
			t.Errorf("turn %d: an answered /pass of %d moves waited on %d durable writes of the journal, want 1",
				turn, moves, durable)
		}
		if !strings.HasSuffix(writes[0], fakeUpdateKey(id)) {
			t.Errorf("turn %d: the move's save did not record update %d: %q", turn, id, writes[0])
		}
		if c, err := h.st.Claim(fakeUpdateKey(id), time.Minute); c != store.ClaimPlayed || err != nil {
			t.Errorf("turn %d: update %d after it was answered: %v, %v", turn, id, c, err)
		}
	}
	// A command that saves nothing (a refused move) is recorded played by a
	// write of its own, after its answer.
	h.say(bob, group, 0, "/pass")
	id := h.f.lastUpdateID()
	if w, _ := cs.take(); len(w) != 1 || w[0] != "played "+fakeUpdateKey(id) {
		t.Errorf("a refused /pass wrote %q", w)
	}
	// Given again after a restart (getUpdates before its offset was
	// confirmed): dropped as played, nothing written.
	counter := h.core.Counter(key)
	h.close()
	h.f.again()
	h.open()
	h.settle()
	if got := h.core.Counter(key); got != counter {
		t.Errorf("the update given again was played again: counter %d, was %d", got, counter)
	}
	if w, _ := cs.take(); len(w) != 0 {
		t.Errorf("the update given again wrote %q", w)
	}
}

// fakeUpdateKey is the Deduper key of an update of the fake Bot API.
func fakeUpdateKey(id int) string { return "telegram:999:" + strconv.Itoa(id) }
