package telegram

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// A stop does not wait on the backlog: the update being played when it
// begins is finished, the ones queued behind it are left unconfirmed, and
// the next run plays them, each once.
// Updates of other chats played meanwhile, past the first one left, are
// given again too and dropped as played (Options.Seen).
func TestStopLeavesQueuedUpdatesToComeAgain(t *testing.T) {
	h := newHarness(t)
	obs := &calls{seen: map[string]int{}}
	h.obs = obs
	h.restart()
	release := h.f.hold(alice.ID) // her answers wait: her chat's updates queue up
	const queued, others = 12, 4
	for i := range queued {
		h.f.say(alice, alice.ID, 0, fmt.Sprintf("/rules za%02dz", i), 0)
	}
	for i := range others {
		h.f.say(bob, bob.ID, 0, fmt.Sprintf("/rules zb%02dz", i), 0)
	}
	last := h.f.lastUpdateID()
	for i := 0; !h.fetched(last) || answers(h.f, bob.ID, "zb") < others; i++ {
		if i == 5000 {
			t.Fatalf("not fetched and played: bob's answers %d", answers(h.f, bob.ID, "zb"))
		}
		time.Sleep(time.Millisecond)
	}
	asked := time.Now()
	time.AfterFunc(time.Second, release) // Telegram takes the answer under way
	h.close()
	if took := time.Since(asked); took > answerGrace {
		t.Errorf("the stop took %v with %d updates queued", took, queued-1)
	}
	// Unconfirmed: the first update not played and every one after it,
	// bob's played ones too.
	if n := h.queuedUpdates(); n != queued-1+others {
		t.Errorf("%d updates left unconfirmed, want %d", n, queued-1+others)
	}
	// The operator sees them in the metrics: alice's left behind the one
	// under way (tablee_stop_left_updates_total).
	obs.mu.Lock()
	left := obs.left
	obs.mu.Unlock()
	if left != queued-1 {
		t.Errorf("%d updates reported left at the stop, want %d", left, queued-1)
	}
	h.open()
	h.settle()
	for _, c := range []struct {
		user   int64
		prefix string
		n      int
	}{{alice.ID, "za", queued}, {bob.ID, "zb", others}} {
		for i := range c.n {
			marker := fmt.Sprintf("%s%02dz", c.prefix, i)
			if got := answers(h.f, c.user, marker); got != 1 {
				t.Errorf("%s answered %d times across the restart, want once", marker, got)
			}
		}
	}
}

// answers counts the bot's messages to a chat that contain s.
func answers(f *fakeAPI, chat int64, s string) int {
	n := 0
	for _, m := range f.botMessages(chat) {
		if strings.Contains(m.Text, s) {
			n++
		}
	}
	return n
}

// queuedUpdates counts the updates getUpdates has not had confirmed.
func (h *harness) queuedUpdates() int {
	h.f.mu.Lock()
	defer h.f.mu.Unlock()
	return len(h.f.updates)
}
