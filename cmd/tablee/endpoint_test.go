package main

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// telegram.api_endpoint sends every Bot API call to the server it names,
// as a self-hosted Bot API server or Telegram's test environment: tablee
// appends /bot<token>/<method> to the base URL, its own path included.
func TestTelegramAPIEndpoint(t *testing.T) {
	var mu sync.Mutex
	var paths []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		paths = append(paths, r.URL.Path)
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		switch {
		case strings.HasSuffix(r.URL.Path, "/getMe"):
			w.Write([]byte(`{"ok":true,"result":{"id":7,"is_bot":true,"first_name":"Tablee","username":"tablee_bot"}}`))
		case strings.HasSuffix(r.URL.Path, "/getUpdates"):
			time.Sleep(100 * time.Millisecond)
			w.Write([]byte(`{"ok":true,"result":[]}`))
		default:
			w.Write([]byte(`{"ok":true,"result":true}`))
		}
	}))
	defer srv.Close()
	dir := t.TempDir()
	path := filepath.Join(dir, "tablee.yaml")
	cfg := "data_dir: " + q(filepath.Join(dir, "data")) + "\ntelegram:\n  enabled: true\n  token: '123:abc'\n  poll_timeout: 1s\n" +
		"  api_endpoint: " + q(srv.URL+"/local-bot-api/") + "\n"
	if err := os.WriteFile(path, []byte(cfg), 0o600); err != nil {
		t.Fatal(err)
	}
	out, err := serveUntil(t, path, "telegram: connected")
	if err != nil {
		t.Fatalf("serve: %v\n%s", err, out)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(paths) == 0 || paths[0] != "/local-bot-api/bot123:abc/getMe" {
		t.Errorf("calls: %v, want /local-bot-api/bot123:abc/getMe first", paths)
	}
	if !strings.Contains(out, `api_endpoint=`+srv.URL+`/local-bot-api/`) {
		t.Errorf("the endpoint is not in the start-up log:\n%s", out)
	}
}

// TABLEE_BENCHMARK_TELEGRAM_LIMITS=off, for the end-to-end benchmark
// against a fake Bot API, turns the adapter's rate limits off and says so
// in the log; without it, nothing is said (Telegram's limits hold).
func TestBenchmarkTelegramLimits(t *testing.T) {
	srv := botAPIServer(t, func(method string, r *http.Request) (any, bool) {
		if method == "getUpdates" {
			time.Sleep(100 * time.Millisecond)
			return []any{}, true
		}
		return true, true
	})
	for _, off := range []bool{false, true} {
		if off {
			t.Setenv(envBenchmarkTelegramLimits, "off")
		}
		dir := t.TempDir()
		path := filepath.Join(dir, "tablee.yaml")
		cfg := "data_dir: " + q(filepath.Join(dir, "data")) + "\ntelegram:\n  enabled: true\n  token: '123:abc'\n  poll_timeout: 1s\n" +
			"  api_endpoint: " + q(srv.URL) + "\n"
		if err := os.WriteFile(path, []byte(cfg), 0o600); err != nil {
			t.Fatal(err)
		}
		out, err := serveUntil(t, path, "telegram: connected")
		if err != nil {
			t.Fatalf("serve: %v\n%s", err, out)
		}
		if said := strings.Contains(out, "rate limits are off"); said != off {
			t.Errorf("%s=off set: %v; the log says the limits are off: %v\n%s", envBenchmarkTelegramLimits, off, said, out)
		}
	}
}
