package table

import (
	"fmt"
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

// The board's spectator link names no user and opens the table read-only
// for anyone: the board and no hand, a move refused. It lives thirty days,
// rounded to the day, so that a board edited within the day keeps it.
func TestSpectatorLinkOpensAReadOnlyView(t *testing.T) {
	f := newFixture(t, "crackword", nil)
	at := f.now.Truncate(24 * time.Hour).Add(time.Hour)
	l := Links{Base: f.http.URL, Secret: secret, Now: func() time.Time { return at }}
	watch := l.Spectate(f.table)
	tok, ok := strings.CutPrefix(watch, f.http.URL+"/t/")
	if !ok {
		t.Fatalf("spectator link %q", watch)
	}
	link, err := access.Verify(secret, tok, at)
	if err != nil || link.User != "" || link.Mode != access.Spectator || link.Table != f.table ||
		link.Expires.Before(at.Add(SpectatorLife)) || link.Expires.After(at.Add(SpectatorLife+24*time.Hour)) {
		t.Fatalf("the spectator link: %+v %v", link, err)
	}
	l.Now = func() time.Time { return at.Add(22 * time.Hour) }
	if again := l.Spectate(f.table); again != watch {
		t.Fatalf("the same day, two links: %q %q", watch, again)
	}
	l.Now = func() time.Time { return at.Add(24 * time.Hour) }
	if next := l.Spectate(f.table); next == watch {
		t.Fatal("a board sent the next day keeps the old link")
	}
	res, body := f.get(strings.TrimPrefix(watch, f.http.URL), "")
	if res.StatusCode != http.StatusOK {
		t.Fatalf("the spectator link's page: %d %s", res.StatusCode, body)
	}
	i := strings.Index(body, `data-session="`)
	if i < 0 {
		t.Fatalf("no session in the page: %s", body)
	}
	ses := body[i+len(`data-session="`):]
	ses = ses[:strings.IndexByte(ses, '"')]
	st := f.state(ses)
	if st.Hand != nil || st.Seat != -1 || !st.Watching {
		t.Fatalf("the spectator's view: %+v", st)
	}
	_, state := f.get("/api/state", ses)
	for _, u := range []string{"local:alice", "local:bob"} {
		if strings.Contains(state, f.handOf(u)) {
			t.Fatalf("the spectator sees %s's hand", u)
		}
	}
	mover, _ := f.mover()
	b := f.state(f.open(mover, access.Player)).Hand.Buttons[0][0]
	if res, body := f.post("/api/move", ses, fmt.Sprintf(`{"payload":%q}`, b.Data)); res.StatusCode != http.StatusForbidden {
		t.Fatalf("a spectator's move: %d %s", res.StatusCode, body)
	}
	if none := (Links{Secret: secret}).Spectate(f.table); none != "" {
		t.Fatalf("a spectator link without a public address: %q", none)
	}
}
