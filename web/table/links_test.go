package table

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/tablee/tablee/web/access"
)

// The links the chats give open the table for their player, until they
// expire; none is made without a public address.
func TestLinksOpenTheTable(t *testing.T) {
	f := newFixture(t, "crackword", nil)
	now := time.Now()
	l := Links{Base: f.http.URL + "/", Secret: secret, Life: time.Hour, MiniApp: "TableeBot/table", Now: func() time.Time { return now }}
	page := l.Page("local:alice", f.table)
	if !strings.HasPrefix(page, f.http.URL+"/t/") {
		t.Fatalf("page %q", page)
	}
	res, body := f.get(strings.TrimPrefix(page, f.http.URL), "")
	if res.StatusCode != http.StatusOK || !strings.Contains(body, "data-session") {
		t.Fatalf("the page's link: %d", res.StatusCode)
	}
	app, err := url.Parse(l.MiniAppPage("telegram:42", f.table))
	if err != nil || app.Path != "/app" {
		t.Fatalf("mini app page %v %v", app, err)
	}
	link, err := access.Verify(secret, app.Query().Get("link"), now)
	if err != nil || link.User != "telegram:42" || link.Table != f.table || link.Mode != access.Player ||
		link.Expires.Before(now.Add(time.Hour)) || link.Expires.After(now.Add(2*time.Hour)) {
		t.Fatalf("the Mini App's link: %+v %v", link, err)
	}
	if _, err := access.Verify(secret, app.Query().Get("link"), now.Add(2*time.Hour)); err == nil {
		t.Fatal("a link past its life opens")
	}
	// Drawn again within the hour, a hand carries the same link.
	at := now.Truncate(time.Hour)
	l.Now = func() time.Time { return at.Add(time.Minute) }
	first := l.Page("local:alice", f.table)
	l.Now = func() time.Time { return at.Add(59 * time.Minute) }
	if again := l.Page("local:alice", f.table); again != first {
		t.Fatalf("the same hour, two links: %q %q", first, again)
	}
	if got := l.StartApp(71); got != "https://t.me/TableeBot/table?startapp=1z" {
		t.Fatalf("startapp %q", got)
	}
	for _, none := range []Links{{Secret: secret}, {Base: "https://x.example"}} {
		if none.Page("local:alice", 1) != "" || none.MiniAppPage("telegram:1", 1) != "" || none.StartApp(1) != "" {
			t.Fatalf("a link without a public address or a secret: %+v", none)
		}
	}
}
