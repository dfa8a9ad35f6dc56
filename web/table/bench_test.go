package table

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tablee/tablee/bot"
	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/store/bolt"
	"github.com/tablee/tablee/web/access"
)

// BenchmarkWebMoveShownInTheOtherPage is the time from a move posted by
// one player's page to the other player's page receiving the view that
// shows it, with 50 tables of one core played at once, each with both
// pages open: the page's request, the core's command (saved with an fsync
// of the bbolt file, shared by the tables' moves under way), the outbox
// delivered, the watchers told, the views built and streamed. The
// players of each table pass in turn (a pass is a move every game takes:
// the figure is the web's and the store's, not a game's). Reported: p50
// and p99 in ms.
func BenchmarkWebMoveShownInTheOtherPage(b *testing.B) {
	const tables = 50
	st, err := bolt.Open(filepath.Join(b.TempDir(), "tablee.db"), bolt.Options{Timeout: time.Second})
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	core, err := bot.New(bot.Options{Store: st, Lang: i18n.FR, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		b.Fatal(err)
	}
	defer core.Close()
	srv, err := New(Options{Core: core, Secret: secret, Keepalive: time.Hour})
	if err != nil {
		b.Fatal(err)
	}
	hs := httptest.NewServer(srv)
	defer hs.Close()
	defer srv.Close()
	http.DefaultTransport.(*http.Transport).MaxIdleConnsPerHost = 4 * tables

	type page struct {
		user, session string
		events        *bufio.Reader
		seen          uint64 // the move counter of the last view received
	}
	type table struct {
		id    uint64
		pages [2]*page
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	all := make([]*table, tables)
	for i := range all {
		chat := fmt.Sprintf("local:c%d", i)
		say := func(user, line string) []bot.Out {
			name, args, _ := bot.ParseText(line)
			return core.Handle(ctx, bot.Command{Chat: chat, User: bot.User{ID: "local:" + user, Name: user}, Name: name, Args: args})
		}
		a, z := fmt.Sprintf("alice%d", i), fmt.Sprintf("bob%d", i)
		say(a, "/play crackword")
		say(z, "/join")
		var id uint64
		for _, o := range say(a, "/start") {
			if o.Table != 0 {
				id = o.Table
			}
		}
		if id == 0 {
			for _, o := range say(a, "/board") {
				id = max(id, o.Table)
			}
		}
		tb := &table{id: id}
		for s, user := range []string{"local:" + a, "local:" + z} {
			tok, err := access.Sign(secret, access.Link{User: user, Table: id, Mode: access.Player, Expires: time.Now().Add(time.Hour)})
			if err != nil {
				b.Fatal(err)
			}
			res, err := http.Get(hs.URL + Link(tok))
			if err != nil {
				b.Fatal(err)
			}
			body, _ := io.ReadAll(res.Body)
			res.Body.Close()
			rest := string(body)[strings.Index(string(body), `data-session="`)+len(`data-session="`):]
			ses := rest[:strings.IndexByte(rest, '"')]
			req, _ := http.NewRequestWithContext(ctx, "GET", hs.URL+"/api/events", nil)
			req.Header.Set(SessionHeader, ses)
			ev, err := http.DefaultClient.Do(req)
			if err != nil {
				b.Fatal(err)
			}
			defer ev.Body.Close()
			p := &page{user: user, session: ses, events: bufio.NewReader(ev.Body)}
			p.seen = nextMoves(b, p.events)
			tb.pages[s] = p
		}
		all[i] = tb
	}
	work := make(chan struct{}, b.N)
	for n := 0; n < b.N; n++ {
		work <- struct{}{}
	}
	close(work)
	var mu sync.Mutex
	var took []time.Duration
	b.ResetTimer()
	var wg sync.WaitGroup
	for _, tb := range all {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range work {
				v, err := core.WebView(tb.id, tb.pages[0].user)
				if err != nil {
					b.Error(err)
					return
				}
				own, other := tb.pages[0], tb.pages[1]
				if !v.Seats[0].Turn {
					own, other = other, own
				}
				begun := time.Now()
				req, _ := http.NewRequest("POST", hs.URL+"/api/move", strings.NewReader(`{"typed":"/passe"}`))
				req.Header.Set(SessionHeader, own.session)
				res, err := http.DefaultClient.Do(req)
				if err != nil {
					b.Error(err)
					return
				}
				body, _ := io.ReadAll(res.Body)
				res.Body.Close()
				if res.StatusCode != 200 || strings.Contains(string(body), `"refusal":true`) {
					b.Errorf("move refused: %d %s", res.StatusCode, body)
					return
				}
				other.seen = movesAfter(b, other.events, other.seen)
				d := time.Since(begun)
				own.seen = movesAfter(b, own.events, own.seen) // the mover's page sees it too
				mu.Lock()
				took = append(took, d)
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	b.StopTimer()
	slices.Sort(took)
	if len(took) > 0 {
		b.ReportMetric(float64(took[len(took)/2].Microseconds())/1000, "p50-ms")
		b.ReportMetric(float64(took[len(took)*99/100].Microseconds())/1000, "p99-ms")
	}
}

// movesAfter reads the stream's views until one shows a move after seen.
func movesAfter(b *testing.B, r *bufio.Reader, seen uint64) uint64 {
	for {
		if m := nextMoves(b, r); m > seen {
			return m
		}
	}
}

// nextMoves reads the stream's next view and returns its move counter.
func nextMoves(b *testing.B, r *bufio.Reader) uint64 {
	var data string
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			b.Fatalf("stream ended: %v", err)
		}
		line = strings.TrimRight(line, "\n")
		switch {
		case strings.HasPrefix(line, "data: "):
			data = line[len("data: "):]
		case line == "" && data != "":
			var st pageState
			if err := json.Unmarshal([]byte(data), &st); err != nil {
				b.Fatal(err)
			}
			return st.Moves
		}
	}
}
