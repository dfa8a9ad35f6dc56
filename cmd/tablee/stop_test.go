package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

// The stop of `tablee serve` does not wait on the backlog. A flood of
// commands, each answered by a slow Bot API (three seconds a message), is
// queued in fifty private chats, four commands each: twelve seconds of
// work per chat. SIGTERM then: the binary exits within docker's 10 s, and
// after a restart every command was answered exactly once across the two
// runs, with getUpdates (the offset past the commands not played was
// never confirmed) and with the webhook (they were answered 503, and
// Telegram posts them again).
func TestStopWithinTenSecondsLosesNoCommand(t *testing.T) {
	for _, mode := range []string{"polling", "webhook"} {
		t.Run(mode, func(t *testing.T) {
			t.Parallel() // mostly waits: the two modes side by side halve the test's time
			stopAfterFlood(t, mode)
		})
	}
}

const (
	floodUsers    = 50
	floodCommands = 4 // per user, in his private chat
)

func stopAfterFlood(t *testing.T, mode string) {
	bin := buildBinary(t)
	api := newSlowBotAPI(t)
	dir := t.TempDir()
	hook := freeAddr(t)
	cfg := fmt.Sprintf("data_dir: %q\nlanguage: en\nlog: {level: debug}\ntelegram:\n  enabled: true\n  token: '123456:stop-test-token'\n  mode: %s\n  poll_timeout: 1s\n  api_endpoint: %q\n  webhook: {listen: %q, path: /tg}\n",
		filepath.Join(dir, "data"), mode, api.srv.URL, hook)
	path := filepath.Join(dir, "tablee.yaml")
	if err := os.WriteFile(path, []byte(cfg), 0o600); err != nil {
		t.Fatal(err)
	}
	var markers []string
	var updates [][]byte
	for c := range floodCommands {
		for u := range floodUsers {
			marker := fmt.Sprintf("zu%02dc%dz", u, c)
			markers = append(markers, marker)
			id := len(updates) + 1
			user := 5000 + u
			updates = append(updates, fmt.Appendf(nil,
				`{"update_id":%d,"message":{"message_id":%d,"from":{"id":%d,"first_name":"Player %d","language_code":"en"},"chat":{"id":%d,"type":"private"},"date":1,"text":"/rules %s"}}`,
				id, id, user, u, user, marker))
		}
	}
	api.delay.Store(int64(3 * time.Second))
	first := startStopProcess(t, bin, path)
	var posts *webhookPoster
	if mode == "webhook" {
		posts = postUntilAnswered(t, "http://"+hook+"/tg", updates)
	} else {
		api.queue(updates)
	}
	// The flood is in hand: forty chats at least play their first command
	// (the webhook is posted forty updates at a time).
	for deadline := time.Now().Add(20 * time.Second); api.answered() < 40; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%d commands answered, want one a chat under way:\n%s", api.answered(), first.log.String())
		}
	}
	signalled := time.Now()
	first.cmd.Process.Signal(syscall.SIGTERM)
	if err := first.cmd.Wait(); err != nil {
		t.Errorf("exit after SIGTERM: %v", err)
	}
	took := time.Since(signalled)
	t.Logf("%s: exited %v after SIGTERM, %d of %d commands answered", mode, took.Round(10*time.Millisecond), api.answered(), len(markers))
	if took > 10*time.Second {
		t.Errorf("exited %v after SIGTERM, past docker's 10 s:\n%s", took, tail([]byte(first.log.String()), 3000))
	}
	if api.answered() == len(markers) {
		t.Fatal("every command was played before the exit: the flood left no backlog to test")
	}
	if mode == "polling" {
		// Two hundred updates: getUpdates gave them a hundred at a time,
		// the first hundred all in hand when the second was asked for,
		// so they were confirmed and, not played, kept for the next run.
		var kept []json.RawMessage
		data, err := os.ReadFile(filepath.Join(dir, "data", "telegram-pending.json"))
		if err != nil || json.Unmarshal(data, &kept) != nil || len(kept) == 0 {
			t.Errorf("no update kept in telegram-pending.json: %v %s", err, data)
		}
	}
	api.delay.Store(0)
	second := startStopProcess(t, bin, path)
	for deadline := time.Now().Add(20 * time.Second); api.answered() < len(markers); time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%d of %d commands answered after the restart:\nfirst run:\n%s\nsecond run:\n%s", api.answered(), len(markers),
				tail([]byte(first.log.String()), 3000), tail([]byte(second.log.String()), 3000))
		}
	}
	if posts != nil {
		posts.wait(t)
	}
	time.Sleep(500 * time.Millisecond) // a command played twice would be answered by now
	for _, m := range markers {
		if n := api.count(m); n != 1 {
			t.Errorf("%s answered %d times across the restart, want once", m, n)
		}
	}
}

// startStopProcess starts `tablee serve` and waits until it polls or
// listens.
func startStopProcess(t *testing.T, bin, path string) *serveProcess {
	p := &serveProcess{log: &procLog{}}
	p.cmd = exec.Command(bin, "serve", "--config", path)
	p.cmd.Env = binaryEnv("TABLEE_TELEGRAM_SECRET_TOKEN=stop-secret")
	p.cmd.Stderr = p.log
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if p.cmd.ProcessState == nil {
			p.cmd.Process.Kill()
			p.cmd.Wait()
		}
	})
	for deadline := time.Now().Add(30 * time.Second); !strings.Contains(p.log.String(), "telegram: connected"); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("tablee serve did not connect:\n%s", p.log.String())
		}
	}
	return p
}

// slowBotAPI is the Bot API with getUpdates as Telegram has it (updates
// given from the offset on, those before it confirmed and forgotten: "An
// update is considered confirmed as soon as getUpdates is called with an
// offset higher than its update_id", core.telegram.org/bots/api#getupdates)
// and messages answered after delay: a slow Telegram, or a bot at its
// limits.
type slowBotAPI struct {
	srv     *httptest.Server
	delay   atomic.Int64
	mu      sync.Mutex
	updates [][]byte
	texts   []string
	next    int
}

var markerRe = regexp.MustCompile(`zu\d\dc\dz`)

func newSlowBotAPI(t *testing.T) *slowBotAPI {
	b := &slowBotAPI{next: 100}
	b.srv = botAPIServer(t, func(method string, r *http.Request) (result any, answer bool) {
		result = true
		switch {
		case method == "getUpdates":
			result = b.getUpdates(r)
		case strings.HasPrefix(method, "send"):
			// Telegram has the message once it has the request: a request
			// cut while its answer is awaited still shows its message.
			chat, _ := strconv.ParseInt(r.FormValue("chat_id"), 10, 64)
			b.mu.Lock()
			b.texts = append(b.texts, r.FormValue("text")+r.FormValue("caption"))
			b.next++
			id := b.next
			b.mu.Unlock()
			select {
			case <-time.After(time.Duration(b.delay.Load())):
			case <-r.Context().Done():
				return nil, false
			}
			result = map[string]any{"message_id": id, "date": 1, "chat": map[string]any{"id": chat, "type": "private"}}
		}
		return result, true
	})
	return b
}

func (b *slowBotAPI) queue(updates [][]byte) {
	b.mu.Lock()
	b.updates = append(b.updates, updates...)
	b.mu.Unlock()
}

// getUpdates forgets the updates before offset and gives those from it
// on, up to limit (100 by default), waiting for one up to a second.
func (b *slowBotAPI) getUpdates(r *http.Request) []json.RawMessage {
	offset, _ := strconv.Atoi(r.FormValue("offset"))
	limit, err := strconv.Atoi(r.FormValue("limit"))
	if err != nil || limit < 1 || limit > 100 {
		limit = 100
	}
	for end := time.Now().Add(time.Second); ; time.Sleep(20 * time.Millisecond) {
		b.mu.Lock()
		kept := b.updates[:0]
		for _, u := range b.updates {
			if updateIDOf(u) >= offset {
				kept = append(kept, u)
			}
		}
		b.updates = kept
		var out []json.RawMessage
		for _, u := range kept[:min(limit, len(kept))] {
			out = append(out, u)
		}
		b.mu.Unlock()
		if len(out) > 0 || time.Now().After(end) || r.Context().Err() != nil {
			return append([]json.RawMessage{}, out...)
		}
	}
}

func updateIDOf(raw []byte) int {
	var u struct {
		UpdateID int `json:"update_id"`
	}
	_ = json.Unmarshal(raw, &u)
	return u.UpdateID
}

// count is how many messages carried the marker.
func (b *slowBotAPI) count(marker string) int {
	b.mu.Lock()
	defer b.mu.Unlock()
	n := 0
	for _, s := range b.texts {
		if strings.Contains(s, marker) {
			n++
		}
	}
	return n
}

// answered is how many distinct markers were answered.
func (b *slowBotAPI) answered() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	seen := map[string]bool{}
	for _, s := range b.texts {
		for _, m := range markerRe.FindAllString(s, -1) {
			seen[m] = true
		}
	}
	return len(seen)
}

// webhookPoster posts updates as Telegram does: up to 40 at once
// (setWebhook's max_connections, "Defaults to 40"), each posted again
// after a failure ("In case of an unsuccessful request (a request with
// response HTTP status code different from 2XY), we will repeat the
// request", core.telegram.org/bots/api#setwebhook) until it is answered
// 200.
type webhookPoster struct {
	wg       sync.WaitGroup
	failures atomic.Int64
}

func postUntilAnswered(t *testing.T, url string, updates [][]byte) *webhookPoster {
	p := &webhookPoster{}
	work := make(chan []byte, len(updates))
	for _, u := range updates {
		work <- u
	}
	close(work)
	stop := make(chan struct{})
	t.Cleanup(func() { close(stop) })
	client := &http.Client{Timeout: 70 * time.Second}
	for range 40 {
		p.wg.Add(1)
		go func() {
			defer p.wg.Done()
			for u := range work {
				for {
					req, _ := http.NewRequest(http.MethodPost, url, strings.NewReader(string(u)))
					req.Header.Set("X-Telegram-Bot-Api-Secret-Token", "stop-secret")
					req.Header.Set("Content-Type", "application/json")
					resp, err := client.Do(req)
					if err == nil {
						resp.Body.Close()
						if resp.StatusCode == http.StatusOK {
							break
						}
					}
					p.failures.Add(1)
					select {
					case <-stop:
						return
					case <-time.After(200 * time.Millisecond):
					}
				}
			}
		}()
	}
	return p
}

func (p *webhookPoster) wait(t *testing.T) {
	done := make(chan struct{})
	go func() { p.wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		t.Fatal("updates still posted 30 s after every command was answered")
	}
	if p.failures.Load() == 0 {
		t.Error("no post failed: the stop refused no update")
	}
}
