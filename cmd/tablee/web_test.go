package main

import (
	"context"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/tablee/tablee/internal/redact/redacttest"
	"github.com/tablee/tablee/internal/testgame"
)

// tablee local --web prints each player's link with his first hand, and
// the table's spectators' link once, and the links open the table's page;
// the server stops with the terminal.
func TestLocalWebTableLinks(t *testing.T) {
	out, errs, typed, done := runLocalIn(t, []string{"--web", "127.0.0.1:0"}, "/play tictactoe", "bob> /join", "alice> /start")
	link := regexp.MustCompile(`\(the web table of (\w+): (http://127\.0\.0\.1:\d+/t/[A-Za-z0-9_-]+)\)`)
	var found [][]string
	for wait := time.Now().Add(20 * time.Second); len(found) < 2; time.Sleep(20 * time.Millisecond) {
		found = link.FindAllStringSubmatch(out.String(), -1)
		if time.Now().After(wait) {
			t.Fatalf("no links printed:\n%s\n%s", out.String(), errs.String())
		}
	}
	if found[0][1] == found[1][1] || found[0][2] == found[1][2] {
		t.Fatalf("one link for both players: %v", found)
	}
	resp, err := http.Get(found[0][2])
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.Contains(string(page), "data-session") {
		t.Fatalf("the link's page: %d %s", resp.StatusCode, page)
	}
	// The table's spectators' link, printed once, opens its read-only page.
	watch := regexp.MustCompile(`\(table #\d+ for its spectators, read-only: (http://127\.0\.0\.1:\d+/t/[A-Za-z0-9_-]+)\)`).
		FindAllStringSubmatch(out.String(), -1)
	if len(watch) != 1 || watch[0][1] == found[0][2] || watch[0][1] == found[1][2] {
		t.Fatalf("the spectators' link: %v\n%s", watch, out.String())
	}
	if resp, err := http.Get(watch[0][1]); err != nil || resp.StatusCode != 200 {
		t.Fatalf("the spectators' page: %v %v", resp, err)
	} else {
		resp.Body.Close()
	}
	endLocal(t, typed, done) // and its web table with it
	if _, err := http.Get(found[0][2]); err == nil {
		t.Error("the web table still answers after tablee local stopped")
	}
	if n := strings.Count(out.String(), "(the web table of"); n != 2 {
		t.Errorf("%d links printed, one per player wanted", n)
	}
}

// runLocalIn runs tablee local, in this process, with flags (and a data directory of the
// test's, English, seed 1, no backups) on a game of tic-tac-toe, types the
// lines, and returns its output, its input still open, and its end.
func runLocalIn(t *testing.T, flags []string, lines ...string) (out, errs *redacttest.Buffer, typed io.WriteCloser, done <-chan error) {
	t.Helper()
	testgame.Register()
	in, w := io.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	out, errs = &redacttest.Buffer{}, &redacttest.Buffer{}
	ended := make(chan error, 1)
	args := append([]string{"--data", t.TempDir(), "--lang", "en", "--seed", "1", "--backups", "off"}, flags...)
	go func() { ended <- runLocal(ctx, args, in, out, errs) }()
	for _, line := range lines {
		if _, err := io.WriteString(w, line+"\n"); err != nil {
			t.Fatal(err)
		}
	}
	return out, errs, w, ended
}

// endLocal ends tablee local's input and waits for it to stop.
func endLocal(t *testing.T, typed io.Closer, done <-chan error) {
	t.Helper()
	typed.Close()
	if !awaitStop(t, "tablee local", done, 20*time.Second) {
		t.FailNow()
	}
}

// awaitStop waits for a run to return, at most d: its error, or that it
// did not stop, fails the test.
func awaitStop(t testing.TB, what string, done <-chan error, d time.Duration) bool {
	t.Helper()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("%s: %v", what, err)
		}
		return true
	case <-time.After(d):
		t.Errorf("%s did not stop", what)
		return false
	}
}
