package table

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

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
	f := served(b, nil)
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
		a, z := fmt.Sprintf("alice%d", i), fmt.Sprintf("bob%d", i)
		tb := &table{id: f.deal(fmt.Sprintf("local:c%d", i), a, z, "crackword")}
		for s, user := range []string{"local:" + a, "local:" + z} {
			ses := f.openAt(tb.id, user, access.Player)
			req, _ := http.NewRequestWithContext(ctx, "GET", f.http.URL+"/api/events", nil)
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
				v, err := f.core.WebView(tb.id, tb.pages[0].user)
				if err != nil {
					b.Error(err)
					return
				}
				own, other := tb.pages[0], tb.pages[1]
				if !v.Seats[0].Turn {
					own, other = other, own
				}
				begun := time.Now()
				res, body := f.post("/api/move", own.session, `{"typed":"/passe"}`)
				if res.StatusCode != 200 || strings.Contains(body, `"refusal":true`) {
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
	var st pageState
	if err := json.Unmarshal([]byte(readEvent(b, r)), &st); err != nil {
		b.Fatal(err)
	}
	return st.Moves
}
