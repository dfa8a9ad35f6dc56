package telegram

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tablee/tablee/store"
)

// Several processes of one bot in webhook mode, behind a load balancer:
// the fake Bot API posts each update to the balancer's HTTPS address, as
// Telegram does, and the balancer hands it to the processes' webhook
// servers. The processes are adapters on one core and one store here (two
// cores on one bbolt file cannot be: bbolt is one process's; the cores of
// several processes on PostgreSQL are tested in bot and cmd/tablee).

const hookSecret = "s3cret-Token"

// route is what the balancer does with one request: post it to the
// processes in to (several at once: a retry crossing the first post, the
// worst case); none: the process it chose is down, 502. lost: the answer
// is lost on the way back, 502 to Telegram whatever the process said.
type route struct {
	to   []int
	lost bool
}

// frontDoor is the load balancer: TLS ends there (docs/telegram.md), and
// it passes requests on to the webhook servers, headers and all.
type frontDoor struct {
	srv *httptest.Server

	mu       sync.Mutex
	backends []string          // each process's webhook address
	route    func(n int) route // for the nth request, retries included
	n        int
	answered func(update int) // called before a 2xx goes back to Telegram
}

func newFrontDoor(t testing.TB) *frontDoor {
	d := &frontDoor{route: func(int) route { return route{to: []int{0}} }}
	d.srv = httptest.NewTLSServer(d)
	t.Cleanup(d.srv.Close)
	return d
}

func (d *frontDoor) setRoute(r func(n int) route) { d.mu.Lock(); d.route = r; d.mu.Unlock() }

func (d *frontDoor) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	d.mu.Lock()
	rt, backends, answered := d.route(d.n), d.backends, d.answered
	d.n++
	d.mu.Unlock()
	codes := make([]int, len(rt.to))
	// What each answer carries (riders.go), passed back with it.
	bodies, types := make([][]byte, len(rt.to)), make([]string, len(rt.to))
	var wg sync.WaitGroup
	for i, b := range rt.to {
		wg.Add(1)
		go func() {
			defer wg.Done()
			req, _ := http.NewRequest(r.Method, "http://"+backends[b]+r.URL.Path, bytes.NewReader(body))
			req.Header = r.Header.Clone()
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				return
			}
			bodies[i], _ = io.ReadAll(resp.Body)
			types[i] = resp.Header.Get("Content-Type")
			resp.Body.Close()
			codes[i] = resp.StatusCode
		}()
	}
	wg.Wait()
	status, chosen := http.StatusBadGateway, -1
	for i, c := range codes {
		if c >= 200 && c < 300 || status == http.StatusBadGateway && c != 0 {
			status, chosen = c, i
		}
	}
	if rt.lost {
		status = http.StatusBadGateway
	}
	if status >= 200 && status < 300 && answered != nil {
		answered(updateID(body))
	}
	if status >= 200 && status < 300 && len(bodies[chosen]) > 0 {
		w.Header().Set("Content-Type", types[chosen])
		w.WriteHeader(status)
		w.Write(bodies[chosen])
		return
	}
	w.WriteHeader(status)
}

// newHookHarness is a harness in webhook mode behind a front door, with
// procs processes (adapters) on its core. stop[i] stops process i > 0.
func newHookHarness(t testing.TB, procs int, tweak ...func(*Options)) (h *harness, door *frontDoor, stop []func()) {
	t.Helper()
	door = newFrontDoor(t)
	hook := func(o *Options) {
		o.Mode = "webhook"
		o.Webhook = Webhook{Listen: "127.0.0.1:0", Path: "/tg", URL: door.srv.URL + "/tg", SecretToken: hookSecret}
	}
	h = newHarness(t, append([]func(*Options){hook}, tweak...)...)
	h.f.trustHook(door.srv.Client())
	backends := []string{webhookAddr(t, h.a)}
	stop = []func(){nil}
	for range procs - 1 {
		opts := h.opts
		opts.Core, opts.Seen = h.core, h.core.Seen()
		b, err := New(opts)
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan error, 1)
		go func() { done <- b.Run(ctx) }()
		var once sync.Once
		stopB := func() {
			once.Do(func() {
				cancel()
				if err := <-done; err != nil {
					t.Errorf("Run: %v", err)
				}
			})
		}
		t.Cleanup(stopB)
		stop = append(stop, stopB)
		h.others = append(h.others, b)
		backends = append(backends, webhookAddr(t, b))
	}
	door.mu.Lock()
	door.backends = backends
	door.mu.Unlock()
	// Each process registers the webhook at start.
	for i := 0; len(h.f.callsOf("setWebhook")) < procs; i++ {
		if i == 1000 {
			t.Fatalf("setWebhook: %d calls", len(h.f.callsOf("setWebhook")))
		}
		time.Sleep(time.Millisecond)
	}
	return h, door, stop
}

// webhookAddr waits for an adapter's webhook server to listen.
func webhookAddr(t testing.TB, a *Adapter) string {
	t.Helper()
	for range 1000 {
		if addr := a.WebhookAddr(); addr != "" {
			return addr
		}
		time.Sleep(time.Millisecond)
	}
	t.Fatal("the webhook server did not start")
	return ""
}

// playOneGame is a whole tic-tac-toe game in the group.
func playOneGame(h *harness) {
	h.t.Helper()
	h.openTable(group, 0)
	for i := 0; i < 9 && h.playTurn(group, 0); i++ {
	}
	if b := h.board(group, 0); !strings.Contains(b.Text, "wins") && !strings.Contains(b.Text, "Draw") {
		h.t.Fatalf("the game did not end: %s", b.Text)
	}
}

// received is what the players were shown: each chat's messages from the
// bot as they stand (edits applied, deleted ones left out), how many were
// sent there, and the answers to pressed buttons.
func received(f *fakeAPI, chats ...int64) string {
	var b strings.Builder
	calls := f.allCalls()
	for _, chat := range chats {
		sent := 0
		for _, c := range calls {
			if c.Chat == chat && (c.Method == "sendMessage" || c.Method == "sendPhoto") {
				sent++
			}
		}
		fmt.Fprintf(&b, "chat %d: %d sent\n", chat, sent)
		for _, m := range f.botMessages(chat) {
			fmt.Fprintf(&b, "  %q\n", m.Text)
		}
	}
	f.mu.Lock()
	for _, a := range f.answers {
		fmt.Fprintf(&b, "answer %q alert=%t\n", a.Text, a.Alert)
	}
	f.mu.Unlock()
	return b.String()
}

// tableState is what the store holds of the group's open table: what an
// update may have changed (its seats, phase, moves and game), not what
// delivering it changes (the outbox, the board's message id).
func tableState(h *harness) string {
	rec, err := h.st.OpenTable(chatKey(group, 0))
	if errors.Is(err, store.ErrNotFound) {
		return "none"
	}
	if err != nil {
		return "error: " + err.Error()
	}
	var t struct {
		ID    uint64            `json:"id"`
		Phase json.RawMessage   `json:"phase"`
		Seats []json.RawMessage `json:"seats"`
		Moves uint64            `json:"moves"`
		State json.RawMessage   `json:"state"`
	}
	if err := json.Unmarshal(rec.Data, &t); err != nil {
		return "unreadable: " + err.Error()
	}
	return fmt.Sprintf("table %d phase %s seats %d moves %d state %s", t.ID, t.Phase, len(t.Seats), t.Moves, t.State)
}

// A whole game through two processes behind a load balancer that posts
// some updates to both at once, loses some answers (Telegram posts the
// update again) and sends some to a process that is down: the players
// receive exactly what one process shows them when nothing goes wrong.
// Each update is answered 200 only once what it changed is in the store.
// A process that stops leaves the webhook to the other.
func TestWebhookBehindALoadBalancer(t *testing.T) {
	ref, _, _ := newHookHarness(t, 1)
	playOneGame(ref)
	want := received(ref.f, group, alice.ID, bob.ID)

	h, door, stop := newHookHarness(t, 2)
	routes := []route{{to: []int{0, 1}}, {to: []int{0}}, {to: []int{1}, lost: true}, {}, {to: []int{1}}}
	door.setRoute(func(n int) route { return routes[n%len(routes)] })
	var mu sync.Mutex
	answeredWith := map[int]string{} // update_id -> the table in the store when Telegram got 200
	door.answered = func(id int) {
		s := tableState(h)
		mu.Lock()
		answeredWith[id] = s
		mu.Unlock()
	}
	h.settled = func() {
		last := h.f.lastUpdateID()
		mu.Lock()
		at, ok := answeredWith[last]
		mu.Unlock()
		if now := tableState(h); !ok || at != now {
			t.Errorf("update %d answered 200 (%t) with the table %q in the store, then %q", last, ok, at, now)
		}
	}
	playOneGame(h)
	h.settled = nil
	if got := received(h.f, group, alice.ID, bob.ID); got != want {
		t.Errorf("the players received, through two processes:\n%s\nthrough one:\n%s", got, want)
	}
	posts, gaveUp := h.f.hookPosts()
	failed := 0
	for _, p := range posts {
		if p.Status != http.StatusOK {
			failed++
		}
	}
	if len(gaveUp) != 0 || failed == 0 || len(posts) != h.f.pushedCount()+failed {
		t.Errorf("%d updates, %d posts, %d failed, given up %v", h.f.pushedCount(), len(posts), failed, gaveUp)
	}

	// Process 1 stops (a deploy): the webhook stays, process 0 plays on.
	stop[1]()
	h.others = nil
	h.core.SetTransport("telegram", h.a) // the core stood for both processes' cores
	door.setRoute(func(int) route { return route{to: []int{0}} })
	if n := len(h.f.callsOf("deleteWebhook")); n != 0 {
		t.Errorf("deleteWebhook called %d times", n)
	}
	h.f.mu.Lock()
	url := h.f.webhook["url"]
	h.f.mu.Unlock()
	if url != door.srv.URL+"/tg" {
		t.Fatalf("the webhook after a process stopped: %q", url)
	}
	h.say(alice, group, 0, "/play tictactoe")
	if b := h.board(group, 0); !strings.Contains(b.Text, "table #2") {
		t.Errorf("the next table was not opened: %s", b.Text)
	}
}

// A request without the secret token setWebhook registered is refused
// (401) and plays nothing: here the webhook was registered with another
// secret (a process configured with a new one), so every post Telegram
// makes is refused until it gives up.
func TestWebhookWrongSecretPlaysNothing(t *testing.T) {
	h, door, _ := newHookHarness(t, 1)
	// The process registers its own webhook at start: the other secret
	// is set after it, else the process's registration would win.
	for i := 0; i < 5000; i++ {
		h.f.mu.Lock()
		registered := h.f.webhook["url"] != ""
		h.f.mu.Unlock()
		if registered {
			break
		}
		time.Sleep(time.Millisecond)
	}
	h.f.setWebhook(map[string]string{"url": door.srv.URL + "/tg", "secret_token": "n3w-Token"})
	before := received(h.f, group, alice.ID)
	id := h.f.say(alice, group, 0, "/play tictactoe", 0)
	for i := 0; ; i++ {
		if _, gaveUp := h.f.hookPosts(); len(gaveUp) == 1 {
			break
		}
		if i == 5000 {
			t.Fatal("the fake did not give up")
		}
		time.Sleep(time.Millisecond)
	}
	h.settle()
	posts, _ := h.f.hookPosts()
	if len(posts) != fakeHookAttempts {
		t.Errorf("%d posts: %+v", len(posts), posts)
	}
	for _, p := range posts {
		if p.Status != http.StatusUnauthorized {
			t.Errorf("post of update %d: status %d", p.Update, p.Status)
		}
	}
	if got := received(h.f, group, alice.ID); got != before {
		t.Errorf("a refused update was played: %s", got)
	}
	if s := tableState(h); s != "none" {
		t.Errorf("message %d made a table: %s", id, s)
	}
}

// An update not played within answerWithin (its process waits on a slow
// Bot API) is answered 503: Telegram posts it again, and the copy is
// dropped once the first is played. Played once, answered 200 in the end.
func TestWebhookAnswers503UntilPlayed(t *testing.T) {
	h, _, _ := newHookHarness(t, 1, func(o *Options) { o.answerWithin = 300 * time.Millisecond })
	release := h.f.hold(alice.ID) // the hello /play sends alice in private
	h.f.say(alice, group, 0, "/play tictactoe", 0)
	id := h.f.lastUpdateID()
	for i := 0; ; i++ {
		posts, _ := h.f.hookPosts()
		if len(posts) >= 2 {
			break
		}
		if i == 10000 {
			t.Fatal("the update was not posted twice")
		}
		time.Sleep(time.Millisecond)
	}
	release()
	h.settle()
	posts, gaveUp := h.f.hookPosts()
	if len(gaveUp) != 0 || len(posts) < 3 || posts[len(posts)-1] != (hookPost{Update: id, Status: http.StatusOK}) {
		t.Fatalf("posts %+v, given up %v", posts, gaveUp)
	}
	for _, p := range posts[:len(posts)-1] {
		if p.Status != http.StatusServiceUnavailable {
			t.Errorf("post %+v before the update was played", p)
		}
	}
	ref := newHarness(t)
	ref.say(alice, group, 0, "/play tictactoe")
	got, want := received(h.f, group, alice.ID), received(ref.f, group, alice.ID)
	if got != want || !strings.HasPrefix(tableState(h), "table 1 ") {
		t.Errorf("the players received:\n%s\nwith a quick Bot API:\n%s\n(%s)", got, want, tableState(h))
	}
}

// Polling: an update getUpdates gives again after a restart ("updates
// starting with the earliest unconfirmed update are returned", #getupdates:
// the process was killed before its next getUpdates confirmed it) is
// played once.
func TestPolledUpdateGivenAgainIsPlayedOnce(t *testing.T) {
	h := newHarness(t)
	h.say(alice, group, 0, "/play tictactoe")
	want := received(h.f, group, alice.ID)
	h.close()
	h.f.again()
	h.open()
	h.settle()
	if got := received(h.f, group, alice.ID); got != want {
		t.Errorf("after the update was given again:\n%s\nbefore:\n%s", got, want)
	}
}

// failingSeen is a store that cannot tell whether an update was played.
type failingSeen struct{}

func (failingSeen) Claim(string, time.Duration) (store.Claim, error) {
	return store.ClaimHeld, errors.New("database unreachable")
}
func (failingSeen) Played(string) error { return errors.New("database unreachable") }

// An update whose id cannot be checked is played: a move lost is worse
// than a rare one played twice (refused by its table the second time).
func TestUnverifiableUpdateIsPlayed(t *testing.T) {
	h := newHarness(t, func(o *Options) { o.Seen = failingSeen{} })
	h.say(alice, group, 0, "/play tictactoe")
	h.board(group, 0)
	if s := tableState(h); !strings.HasPrefix(s, "table 1 ") {
		t.Errorf("the table: %s", s)
	}
}

// recordingSeen is the store's Deduper, and the ids it was asked about.
type recordingSeen struct {
	store.Deduper
	mu   sync.Mutex
	keys []string
}

func (r *recordingSeen) Claim(key string, lease time.Duration) (store.Claim, error) {
	r.mu.Lock()
	r.keys = append(r.keys, key)
	r.mu.Unlock()
	return r.Deduper.Claim(key, lease)
}

func (r *recordingSeen) asked() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.keys...)
}

// An update waiting behind its chat's others is claimed only when its
// turn comes: a process killed meanwhile has not claimed it, and
// Telegram's next post of it is played by another process.
func TestQueuedUpdateRecordedWhenItsTurnComes(t *testing.T) {
	seen := &recordingSeen{}
	h := newHarness(t, func(o *Options) { o.Seen = seen })
	seen.Deduper = h.core.Seen()
	release := h.f.hold(alice.ID) // the hello /play sends alice in private
	h.f.say(alice, group, 0, "/play tictactoe", 0)
	first := h.f.lastUpdateID()
	h.f.say(bob, group, 0, "/join", 0)
	second := h.f.lastUpdateID()
	key := func(id int) string { return "telegram:999:" + strconv.Itoa(id) }
	for i := 0; len(seen.asked()) == 0 || h.f.pushedCount() != 2 || !h.fetched(second); i++ {
		if i == 5000 {
			t.Fatalf("the updates were not taken: %v", seen.asked())
		}
		time.Sleep(time.Millisecond)
	}
	time.Sleep(20 * time.Millisecond) // the second would be claimed by now if taken as it came
	if got := seen.asked(); len(got) != 1 || got[0] != key(first) {
		t.Errorf("claimed while the first was played: %v", got)
	}
	release()
	h.settle()
	if got := seen.asked(); len(got) != 2 || got[1] != key(second) {
		t.Errorf("claimed: %v", got)
	}
	for _, id := range []int{first, second} {
		if c, err := seen.Deduper.Claim(key(id), time.Minute); c != store.ClaimPlayed || err != nil {
			t.Errorf("update %d after it was played: %v, %v", id, c, err)
		}
	}
}

// A process killed while it played an update leaves the update claimed
// and not played. Telegram posts it again (the killed process never
// answered) to another process: that one waits for the claim to lapse
// (the update may still be being played) and then plays it, once, and
// answers 200. Recording the id as the update began to play, as before,
// dropped it: the player's command was lost without a word.
func TestWebhookUpdateOfAKilledProcessIsPlayed(t *testing.T) {
	h, _, _ := newHookHarness(t, 1)
	h.f.mu.Lock()
	next := h.f.nextUpd + 1
	h.f.mu.Unlock()
	key := "telegram:999:" + strconv.Itoa(next)
	const lease = 300 * time.Millisecond
	if c, err := h.core.Seen().Claim(key, lease); c != store.ClaimFresh || err != nil {
		t.Fatalf("the killed process's claim: %v, %v", c, err)
	}
	claimed := time.Now()
	h.f.say(alice, group, 0, "/play tictactoe", 0)
	for i := 0; ; i++ {
		if posts, _ := h.f.hookPosts(); len(posts) > 0 {
			break
		}
		if i == 10000 {
			t.Fatal("the update was not answered")
		}
		time.Sleep(time.Millisecond)
	}
	if waited := time.Since(claimed); waited < lease {
		t.Errorf("played %v after the claim, before it lapsed", waited)
	}
	h.settle()
	posts, gaveUp := h.f.hookPosts()
	if len(gaveUp) != 0 || len(posts) != 1 || posts[0] != (hookPost{Update: next, Status: http.StatusOK}) {
		t.Errorf("posts %+v, given up %v", posts, gaveUp)
	}
	ref := newHarness(t)
	ref.say(alice, group, 0, "/play tictactoe")
	got, want := received(h.f, group, alice.ID), received(ref.f, group, alice.ID)
	if got != want || !strings.HasPrefix(tableState(h), "table 1 ") {
		t.Errorf("the players received:\n%s\nplayed at once:\n%s\n(%s)", got, want, tableState(h))
	}
	if c, _ := h.core.Seen().Claim(key, time.Minute); c != store.ClaimPlayed {
		t.Errorf("after it was played: %v", c)
	}
}
