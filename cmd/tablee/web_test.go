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
// the link opens his table's page; the server stops with the terminal.
func TestLocalWebTableLinks(t *testing.T) {
	testgame.Register()
	in, typed := io.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var out, errs redacttest.Buffer
	done := make(chan error, 1)
	go func() {
		done <- runLocal(ctx, []string{"--data", t.TempDir(), "--lang", "en", "--seed", "1", "--web", "127.0.0.1:0", "--backups", "off"}, in, &out, &errs)
	}()
	for _, line := range []string{"/play tictactoe", "bob> /join", "alice> /start"} {
		if _, err := io.WriteString(typed, line+"\n"); err != nil {
			t.Fatal(err)
		}
	}
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
	typed.Close() // end of input: tablee local stops, and its web table
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("tablee local: %v", err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("tablee local did not stop at the end of its input")
	}
	if _, err := http.Get(found[0][2]); err == nil {
		t.Error("the web table still answers after tablee local stopped")
	}
	if n := strings.Count(out.String(), "(the web table of"); n != 2 {
		t.Errorf("%d links printed, one per player wanted", n)
	}
}
