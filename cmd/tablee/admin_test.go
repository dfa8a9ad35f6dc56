package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tablee/tablee/internal/metrics"
	"github.com/tablee/tablee/internal/redact/redacttest"
	"github.com/tablee/tablee/internal/testgame"
	"github.com/tablee/tablee/store/postgres"
)

// pollingAPI is a Bot API for polling: getUpdates hands out the updates
// queued by the test, every send or edit is answered as a message.
type pollingAPI struct {
	srv     *httptest.Server
	mu      sync.Mutex
	updates []string // update JSON, update_id = index + 1
	next    int
	sent    int
	hold    chan struct{} // while set, sends wait for it to close
	held    int           // sends waiting on hold
}

// holdSends makes every send wait until the returned function is called.
func (b *pollingAPI) holdSends() (release func()) {
	b.mu.Lock()
	defer b.mu.Unlock()
	h := make(chan struct{})
	b.hold = h
	return sync.OnceFunc(func() { close(h) })
}

func (b *pollingAPI) heldSends() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.held
}

func newPollingAPI(t *testing.T) *pollingAPI {
	b := &pollingAPI{next: 1000}
	b.srv = botAPIServer(t, func(method string, r *http.Request) (result any, answer bool) {
		result = true
		switch {
		case method == "getUpdates":
			offset, _ := strconv.Atoi(r.FormValue("offset"))
			b.mu.Lock()
			var ups []json.RawMessage
			for i := max(offset-1, 0); i < len(b.updates); i++ {
				ups = append(ups, json.RawMessage(b.updates[i]))
			}
			b.mu.Unlock()
			if len(ups) == 0 {
				time.Sleep(50 * time.Millisecond)
			}
			result = ups
		case strings.HasPrefix(method, "send") || strings.HasPrefix(method, "edit"):
			b.mu.Lock()
			if h := b.hold; h != nil {
				b.held++
				b.mu.Unlock()
				<-h
				b.mu.Lock()
			}
			b.next++
			b.sent++
			id := b.next
			b.mu.Unlock()
			c, _ := strconv.ParseInt(r.FormValue("chat_id"), 10, 64)
			kind := "supergroup"
			if c > 0 {
				kind = "private"
			}
			result = map[string]any{"message_id": id, "date": 1, "text": r.FormValue("text"), "chat": map[string]any{"id": c, "type": kind}}
		}
		return result, true
	})
	return b
}

// say queues a message of user in the group.
func (b *pollingAPI) say(user int64, name, text string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	id := len(b.updates) + 1
	b.updates = append(b.updates, fmt.Sprintf(`{"update_id":%d,"message":{"message_id":%d,"from":{"id":%d,"first_name":%q,"language_code":"en"},"chat":{"id":-1001,"type":"supergroup"},"date":1,"text":%q}}`,
		id, id, user, name, text))
}

func (b *pollingAPI) sends() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.sent
}

// scrape reads an admin path: its status and body.
func scrape(t *testing.T, url string) (int, string) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatalf("GET %s: %v", url, err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(body)
}

// metricValue is the value of one series in a scrape, or -1.
func metricValue(body, series string) float64 {
	for _, line := range strings.Split(body, "\n") {
		if v, ok := strings.CutPrefix(line, series+" "); ok {
			f, err := strconv.ParseFloat(v, 64)
			if err == nil {
				return f
			}
		}
	}
	return -1
}

// startServeAdmin runs tablee serve in this process on a Telegram at api,
// its admin listener on a free port; it returns the listener's base URL
// and a function that stops serve and returns its log.
func startServeAdmin(t *testing.T, api string) (base string, stop func() string) {
	t.Helper()
	testgame.Register()
	dir := t.TempDir()
	addr := freeAddr(t)
	cfg := fmt.Sprintf("data_dir: %q\nlanguage: en\nadmin: {listen: %q}\ntelegram:\n  enabled: true\n  token: '123:abc'\n  poll_timeout: 1s\n  api_endpoint: %q\n",
		filepath.Join(dir, "data"), addr, api)
	path := filepath.Join(dir, "tablee.yaml")
	if err := os.WriteFile(path, []byte(cfg), 0o600); err != nil {
		t.Fatal(err)
	}
	var stderr redacttest.Buffer
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- run(ctx, []string{"serve", "--config", path}, nil, io.Discard, &stderr) }()
	stopped := false
	stop = func() string {
		if !stopped {
			stopped = true
			cancel()
			awaitStop(t, "serve", done, 30*time.Second)
		}
		return stderr.String()
	}
	t.Cleanup(func() { stop() })
	for wait := time.Now().Add(20 * time.Second); !strings.Contains(stderr.String(), "admin listener"); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(wait) {
			t.Fatalf("no admin listener:\n%s", stop())
		}
	}
	return "http://" + addr, stop
}

// TestAdminListenerDuringAGame runs tablee serve with admin.listen on a
// fake Telegram, plays tic-tac-toe in a group and scrapes /metrics while
// the game is on: the moves of the game, the saves and the Bot API calls
// are counted; /healthz and /readyz answer 200 once Telegram is connected.
func TestAdminListenerDuringAGame(t *testing.T) {
	api := newPollingAPI(t)
	base, stop := startServeAdmin(t, api.srv.URL)
	const alice, bob = 101, 102
	api.say(alice, "Alice", "/play tictactoe")
	api.say(bob, "Bob", "/join")
	api.say(alice, "Alice", "/start")
	// Alice and Bob in turns: a game still on. (A few moves only: each
	// sends a hand in private, and a private chat takes five messages in
	// five seconds, which the stop waits for.)
	for i, cell := range []int{1, 2} {
		user, name := int64(alice), "Alice"
		if i%2 == 1 {
			user, name = bob, "Bob"
		}
		api.say(user, name, "/move "+strconv.Itoa(cell))
	}
	api.say(alice, "Alice", "/move 1") // a cell taken: refused by the rules

	var body string
	for wait := time.Now().Add(20 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		_, body = scrape(t, base+"/metrics")
		if metricValue(body, `tablee_moves_total{by="player",game="tictactoe"}`) >= 2 &&
			metricValue(body, `tablee_refusals_total{game="tictactoe"}`) >= 1 &&
			metricValue(body, `tablee_delivery_seconds_count{game="tictactoe"}`) >= 1 {
			break // the moves counted, and a board shown
		}
		if time.Now().After(wait) {
			t.Fatalf("the moves were not counted:\n%s\n%s", body, stop())
		}
	}
	if n := metricValue(body, `tablee_moves_total{by="player",game="tictactoe"}`); n != 2 {
		t.Errorf("moves counted: %v, want 2", n)
	}
	if n := metricValue(body, "tablee_save_seconds_count"); n < 4 { // the lobby's saves and the moves
		t.Errorf("saves counted: %v", n)
	}
	sent := max(0, metricValue(body, `tablee_platform_calls_total{code="200",method="sendMessage",platform="telegram"}`)) +
		max(0, metricValue(body, `tablee_platform_calls_total{code="200",method="sendPhoto",platform="telegram"}`))
	if sent < 1 {
		t.Errorf("no message sent counted:\n%s", body)
	}
	if n := metricValue(body, `tablee_platform_calls_total{code="200",method="getUpdates",platform="telegram"}`); n < 1 {
		t.Errorf("getUpdates calls counted: %v", n)
	}
	if api.sends() == 0 {
		t.Error("the fake Bot API saw no message sent")
	}
	for _, want := range []string{"tablee_tables_in_memory 1", "tablee_journal_pending_saves", "tablee_checkpoints_total", "tablee_journal_writes_total", "go_goroutines", "process_resident_memory_bytes"} {
		if !strings.Contains(body, want) {
			t.Errorf("no %s in /metrics", want)
		}
	}
	if code, _ := scrape(t, base+"/healthz"); code != 200 {
		t.Errorf("/healthz: %d", code)
	}
	if code, text := scrape(t, base+"/readyz"); code != 200 || !strings.Contains(text, "telegram: ok") || !strings.Contains(text, "store: ok") {
		t.Errorf("/readyz: %d %q", code, text)
	}
	if code, text := scrape(t, base+"/debug/pprof/goroutine?debug=1"); code != 200 || !strings.Contains(text, "goroutine profile") {
		t.Errorf("/debug/pprof/goroutine: %d", code)
	}
	// The games' tables were worked out from the start, in the background,
	// not at a first move; a stop waits for them.
	if log := stop(); !strings.Contains(log, "games prepared") {
		t.Errorf("the start did not prepare the games:\n%s", log)
	}
}

// A platform that cannot connect leaves the process alive (/healthz 200)
// and not ready (/readyz 503, naming it), so that a load balancer sends
// nothing to it and an orchestrator does not kill it while it retries.
func TestReadyzWhileAPlatformIsDown(t *testing.T) {
	closed := "http://" + freeAddr(t) // nothing listens there
	base, _ := startServeAdmin(t, closed)
	if code, _ := scrape(t, base+"/healthz"); code != 200 {
		t.Errorf("/healthz: %d", code)
	}
	var code int
	var text string
	for wait := time.Now().Add(20 * time.Second); time.Now().Before(wait); time.Sleep(20 * time.Millisecond) {
		if code, text = scrape(t, base+"/readyz"); strings.Contains(text, "telegram: down") {
			break
		}
	}
	if code != http.StatusServiceUnavailable || !strings.Contains(text, "telegram: down since") || !strings.Contains(text, "store: ok") {
		t.Errorf("/readyz with Telegram unreachable: %d %q", code, text)
	}
}

// As soon as the stop begins (SIGTERM), /readyz answers 503 "stopping",
// while the stop still finishes the command under way: a load balancer
// sends the webhooks to another process at once instead of to one that
// answers them 503 for its last seconds.
func TestReadyzNotReadyOnceTheStopBegins(t *testing.T) {
	api := newPollingAPI(t)
	base, stop := startServeAdmin(t, api.srv.URL)
	for wait := time.Now().Add(20 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		code, text := scrape(t, base+"/readyz")
		if code == 200 && strings.Contains(text, "serve: ok") {
			break
		}
		if time.Now().After(wait) {
			t.Fatalf("never ready: %d %q", code, text)
		}
	}
	release := api.holdSends()
	defer release()
	api.say(101, "Alice", "/help") // its answer is held: the stop waits for it
	for wait := time.Now().Add(20 * time.Second); api.heldSends() == 0; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(wait) {
			t.Fatal("the answer to /help was never sent")
		}
	}
	stopped := make(chan string, 1)
	go func() { stopped <- stop() }()
	var code int
	var text string
	for wait := time.Now().Add(2 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		select {
		case log := <-stopped:
			t.Fatalf("stopped before /readyz said so (last: %d %q):\n%s", code, text, log)
		default:
		}
		if code, text = scrape(t, base+"/readyz"); code == http.StatusServiceUnavailable {
			break
		}
		if time.Now().After(wait) {
			t.Fatalf("/readyz during the stop: %d %q", code, text)
		}
	}
	if !strings.Contains(text, "serve: stopping") {
		t.Errorf("/readyz during the stop does not say why: %q", text)
	}
	release()
	<-stopped
}

// tablee local --admin rehearses the admin listener in a terminal: the
// moves typed are counted on its /metrics.
func TestLocalAdminRehearsal(t *testing.T) {
	addr := freeAddr(t)
	out, errs, typed, done := runLocalIn(t, []string{"--admin", addr}, "/play tictactoe", "bob> /join", "alice> /start", "/move 5")
	var body string
	for wait := time.Now().Add(20 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		if resp, err := http.Get("http://" + addr + "/metrics"); err == nil {
			b, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			body = string(b)
			if metricValue(body, `tablee_moves_total{by="player",game="tictactoe"}`) == 1 {
				break
			}
		}
		if time.Now().After(wait) {
			t.Fatalf("the move was not counted:\n%s\n%s\n%s", body, out.String(), errs.String())
		}
	}
	if code, text := scrape(t, "http://"+addr+"/readyz"); code != 200 || text != "store: ok\n" {
		t.Errorf("/readyz: %d %q", code, text)
	}
	endLocal(t, typed, done)
}

// With store: postgres the metrics show the connection pool, and /readyz
// asks the database.
func TestPostgresPoolMetrics(t *testing.T) {
	st, err := postgres.Open(cluster.Database(t), postgres.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	m := metrics.New()
	watchStore(m, st)
	for range 3 {
		if _, _, err := st.NextDue(); err != nil {
			t.Fatal(err)
		}
	}
	mux := metrics.Mux(m, readiness(st, &damageStop{cancel: func() {}}, newHealth(nil)))
	srv := httptest.NewServer(mux)
	defer srv.Close()
	_, body := scrape(t, srv.URL+"/metrics")
	if n := metricValue(body, "tablee_postgres_pool_acquires_total"); n < 3 {
		t.Errorf("pool acquires: %v\n%s", n, body)
	}
	if n := metricValue(body, "tablee_postgres_pool_max_conns"); n < 1 {
		t.Errorf("pool max conns: %v", n)
	}
	if code, text := scrape(t, srv.URL+"/readyz"); code != 200 || text != "store: ok\n" {
		t.Errorf("/readyz: %d %q", code, text)
	}
	st.Close()
	if code, text := scrape(t, srv.URL+"/readyz"); code != http.StatusServiceUnavailable || !strings.HasPrefix(text, "store: ") {
		t.Errorf("/readyz with the database closed: %d %q", code, text)
	}
}
