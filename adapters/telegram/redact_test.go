package telegram

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tablee/tablee/bot"
	"github.com/tablee/tablee/internal/redact/redacttest"
	"github.com/tablee/tablee/store/bolt"
)

// TestTokenNeverInErrorsOrLogs gives the adapter every token shape (the
// configuration refuses most of them, the adapter must not count on it)
// against a closed port, a Bot API that echoes the request in its error,
// and one whose getUpdates hangs up after a good start: neither what New
// and Run return nor what the adapter logs holds the token in any form.
func TestTokenNeverInErrorsOrLogs(t *testing.T) {
	closed, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closedURL := "http://" + closed.Addr().String() + "/bot%s/%s"
	closed.Close()
	var echoing, pollFailing bool
	var mu sync.Mutex
	api := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r.ParseForm()
		mu.Lock()
		echo, hangUp := echoing, pollFailing
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		switch {
		case echo:
			desc := "Bad Request: " + r.URL.String() + " " + r.URL.EscapedPath() + " " + r.PostForm.Encode()
			json.NewEncoder(w).Encode(map[string]any{"ok": false, "error_code": 400, "description": desc})
		case strings.HasSuffix(r.URL.Path, "/getMe"):
			fmt.Fprint(w, `{"ok":true,"result":{"id":1,"is_bot":true,"first_name":"T","username":"t_bot"}}`)
		case strings.HasSuffix(r.URL.Path, "/getUpdates") && hangUp:
			if conn, _, err := w.(http.Hijacker).Hijack(); err == nil {
				conn.Close()
			}
		default:
			fmt.Fprint(w, `{"ok":true,"result":true}`)
		}
	}))
	defer api.Close()
	st, err := bolt.Open(filepath.Join(t.TempDir(), "t.db"), bolt.Options{Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	core, err := bot.New(bot.Options{Store: st})
	if err != nil {
		t.Fatal(err)
	}
	defer core.Close()

	limits := DefaultLimits()
	limits.Global, limits.RetryBackoff, limits.MaxPollBackoff, limits.MaxRetries = 1000, time.Millisecond, time.Millisecond, 1
	reachedPoll := false
	for _, secret := range redacttest.Shapes() {
		for _, tc := range []struct {
			name, endpoint string
			echo, poll     bool
		}{
			{"closed port", closedURL, false, false},
			{"echo", api.URL + "/bot%s/%s", true, false},
			{"poll fails", api.URL + "/bot%s/%s", false, true},
		} {
			mu.Lock()
			echoing, pollFailing = tc.echo, tc.poll
			mu.Unlock()
			var logs redacttest.Buffer
			a, err := New(Options{Core: core, Token: secret, APIEndpoint: tc.endpoint, PollTimeout: time.Second,
				Logger: slog.New(slog.NewTextHandler(&logs, nil)), Limits: limits})
			out := ""
			if err != nil {
				out = err.Error()
			} else {
				ctx, cancel := context.WithCancel(context.Background())
				done := make(chan error, 1)
				go func() { done <- a.Run(ctx) }()
				deadline := time.Now().Add(5 * time.Second)
				for !strings.Contains(logs.String(), "getUpdates failed") && time.Now().Before(deadline) {
					time.Sleep(5 * time.Millisecond)
				}
				cancel()
				if err := <-done; err != nil {
					out = err.Error()
				}
				if strings.Contains(logs.String(), "getUpdates failed") {
					reachedPoll = true
				}
			}
			out += "\n" + logs.String()
			if err == nil && !tc.poll {
				t.Errorf("%s, %.30q: New did not fail", tc.name, secret)
			}
			for _, leak := range redacttest.Leaks(out, secret) {
				t.Errorf("%s, %.30q: %q in\n%s", tc.name, secret, leak, redacttest.Excerpt(out, leak))
			}
		}
	}
	if !reachedPoll {
		t.Error("no token reached the polling loop")
	}
}
