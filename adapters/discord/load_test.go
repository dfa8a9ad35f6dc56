package discord

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tablee/tablee/internal/openloop"
)

// The load tests: the adapter against the fake Discord enforcing the
// global limit and the channels' buckets (fakelimits_test.go), in real
// time. The short one runs in the suite and checks the order things go
// out in; the full-size one, with 1,000 channels, runs only when
// TABLEE_LOAD is set and checks the figures docs/operating.md gives:
//
//	TABLEE_LOAD=1 go test ./adapters/discord/ -run 'Load.*Full' -v -timeout 10m

// burstFigures is what a burst measured.
type burstFigures struct {
	answers   []time.Duration // the unrelated user's answers
	overtaken []int           // for each: the paced requests made while he waited
	backlog   int             // the paced requests the burst made in all
	shown     time.Duration   // until every board was posted
	free      int             // requests that answered interactions
}

// burst sends /play in n channels at once, by n users, while an unrelated
// user asks /help in his own channel every helpEvery until every board is
// shown; then checks that nothing was lost and nothing refused.
func burst(t *testing.T, n int, helpEvery time.Duration) burstFigures {
	e := newEnv(t, Options{GlobalRate: DefaultGlobalRate})
	f := e.f
	f.mu.Lock()
	f.limits = discordLimits()
	f.mu.Unlock()
	dave := fuser{ID: "100000000000000004", Name: "Dave", Locale: "en-US"}
	const daveChannel = "500000000000000009"
	chans := make([]string, n)
	plays := make([]*finter, n)
	began := time.Now()
	for i := range n {
		chans[i] = fmt.Sprintf("6%017d", i+1)
		u := fuser{ID: fmt.Sprintf("2%017d", i+1), Name: fmt.Sprintf("Player%d", i+1), Locale: "en-US"}
		plays[i], _ = f.send(2, u, chans[i], map[string]any{"id": "1", "name": "play", "type": 1,
			"options": []map[string]any{{"name": "game", "type": 3, "value": "tictactoe"}}}, nil)
	}
	// The unrelated user asks until the burst is shown.
	var helps []*finter
	deadline := time.Now().Add(time.Duration(n)*100*time.Millisecond + 30*time.Second)
	shown := func() bool { return len(boardsByChannel(f)) == n }
	next := time.Now()
	for !shown() {
		if time.Now().After(deadline) {
			t.Fatalf("the burst was not shown within %v: %d boards of %d", deadline.Sub(began), len(boardsByChannel(f)), n)
		}
		if time.Now().After(next) {
			in, _ := f.send(2, dave, daveChannel, map[string]any{"id": "1", "name": "help", "type": 1}, nil)
			helps = append(helps, in)
			next = next.Add(helpEvery)
		}
		time.Sleep(20 * time.Millisecond)
	}
	fig := burstFigures{shown: time.Since(began)}
	// The last answers come within the 3 seconds Discord gives them.
	time.Sleep(500 * time.Millisecond)
	for _, in := range helps {
		waitAnswered(t, f, in)
	}
	for _, in := range plays {
		waitAnswered(t, f, in)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.refused) > 0 {
		t.Errorf("the fake refused %d requests (%v...)", len(f.refused), f.refused[0])
	}
	f.mu.Unlock()
	boards := boardsByChannel(f)
	f.mu.Lock()
	for _, ch := range chans {
		if boards[ch] != 1 {
			t.Errorf("channel %s has %d boards, want 1", ch, boards[ch])
		}
	}
	paced := pacedTimes(f)
	fig.backlog = len(paced)
	fig.free = f.limits.free
	for _, in := range helps {
		if len(in.Types) == 0 || in.Original == nil || !strings.Contains(in.Original.text(), "/play") {
			t.Errorf("/help %s answered %v: %+v", in.ID, in.Types, in.Original)
			continue
		}
		fig.answers = append(fig.answers, in.Answered.Sub(in.Created))
		over := 0
		for _, at := range paced {
			if at.After(in.Created) && at.Before(in.Answered) {
				over++
			}
		}
		fig.overtaken = append(fig.overtaken, over)
	}
	return fig
}

// boardsByChannel counts the boards of each channel, in one pass under
// the fake's lock (which its REST handler needs too).
func boardsByChannel(f *fake) map[string]int {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := map[string]int{}
	for _, m := range f.order {
		if isBoard(m) {
			out[m.Channel]++
		}
	}
	return out
}

// isBoard: a table's board message.
func isBoard(m *fmsg) bool {
	return m.public() && len(m.Embeds) > 0 && strings.Contains(m.Embeds[0].Title, "table #")
}

// pacedTimes are the times of the requests counted against the global
// limit. The caller holds f.mu.
func pacedTimes(f *fake) []time.Time {
	var out []time.Time
	for i, r := range f.requests {
		_, path, _ := strings.Cut(r, " ")
		if !answersInteraction(path) {
			out = append(out, f.reqTimes[i])
		}
	}
	return out
}

// waitAnswered waits until an interaction has its initial response.
func waitAnswered(t *testing.T, f *fake, in *finter) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		f.mu.Lock()
		ok := !in.Answered.IsZero()
		f.mu.Unlock()
		if ok {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("interaction %s never answered", in.ID)
		}
	}
}

func (fig burstFigures) log(t *testing.T, n int) {
	t.Logf("%d channels: shown in %v; %d paced requests, %d answers to interactions; the unrelated answer (%d): p50 %v, p99 %v, max %v; paced requests overtaken: max %d",
		n, fig.shown.Round(10*time.Millisecond), fig.backlog, fig.free, len(fig.answers),
		openloop.Percentile(fig.answers, 50).Round(time.Millisecond), openloop.Percentile(fig.answers, 99).Round(time.Millisecond),
		openloop.Percentile(fig.answers, 100).Round(time.Millisecond), slices.Max(fig.overtaken))
}

// TestLoadBurstAnswersFirst: /play in 180 channels at once makes some 180
// requests that Discord's global limit spreads over four seconds; an
// unrelated user's /help meanwhile is answered without waiting behind
// them, none refused, every board shown once.
func TestLoadBurstAnswersFirst(t *testing.T) {
	fig := burst(t, 180, 250*time.Millisecond)
	fig.log(t, 180)
	if fig.backlog < 150 || len(fig.answers) < 5 {
		t.Fatalf("the burst made %d paced requests and %d answers: not a burst", fig.backlog, len(fig.answers))
	}
	// An answer that waited behind the burst would see a good part of it
	// go first; it sees no more than a second's worth of the global limit
	// (slow machines included).
	for i, over := range fig.overtaken {
		if over > DefaultGlobalRate {
			t.Errorf("the answer %d waited while %d paced requests went (of %d)", i, over, fig.backlog)
		}
	}
}

// TestLoadBurstAnswersFirstFull: the same with 1,000 channels, and the
// goal: p99 of the unrelated answer within 2 s.
func TestLoadBurstAnswersFirstFull(t *testing.T) {
	if os.Getenv("TABLEE_LOAD") == "" {
		t.Skip("full-size load test: set TABLEE_LOAD=1 to run it")
	}
	fig := burst(t, 1000, time.Second)
	fig.log(t, 1000)
	if p := openloop.Percentile(fig.answers, 99); p > 2*time.Second {
		t.Errorf("p99 of the unrelated answer %v, want ≤ 2 s", p)
	}
}
