package discord

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tablee/tablee/bot"
	"github.com/tablee/tablee/internal/benchgame"
	"github.com/tablee/tablee/internal/openloop"
)

// BenchmarkEndToEndDiscord is the Telegram adapter's end-to-end benchmark
// (BenchmarkEndToEndTelegram) on Discord: the real adapter, discordgo,
// core and bbolt file against the fake Discord (gateway and REST) on the
// loopback, channels each playing Crack Word, a person against a bot
// player (benchgame), the person's /pass sent as a slash command's
// interaction through the gateway at the times of a Poisson process of a
// set rate, open loop (internal/openloop). For each move:
//
//   - ack: from when it was due to the interaction's initial response;
//   - shown: from when it was due to the first board of the channel,
//     posted or edited, that shows it (the board's hand button carries the
//     table's move counter);
//
// and for the run their p50/p99/p99.9, cpu-ms/move (the test process's
// CPU over the run and its drain, per move: the bot, and also the fake
// Discord and the driver), shown-% (moves shown by the end), moves/s. The
// knee (ack p99 within e2eBound, kept up) is logged. Discord's rate limits
// are off: the fake enforces none (its limits are nil) and the adapter's
// global rate is e2eGlobalRate, far above what a run makes.
//
//	go test ./adapters/discord/ -run '^$' -bench EndToEnd -benchtime 1x -timeout 30m
//
// sized as BenchmarkEndToEndTelegram is (benchgame.SizeFromEnv).
func BenchmarkEndToEndDiscord(b *testing.B) {
	size, err := benchgame.SizeFromEnv()
	if err != nil {
		b.Fatal(err)
	}
	for _, view := range []struct {
		name string
		text bool
	}{{"bolt-pictures", false}, {"bolt-text", true}} {
		b.Run(view.name, func(b *testing.B) {
			openloop.Ladder(b, view.name, size.Rates, e2eBound, func(b *testing.B, rate float64) openloop.Step {
				return runDiscordE2E(b, rate, size, view.text)
			})
		})
	}
}

// e2eBound is the ack p99 a rate must stay within to count for the knee.
const e2eBound = 100 * time.Millisecond

// e2eGlobalRate is the adapter's global rate in the benchmark: no limit
// that a run reaches (Discord's would measure Discord).
const e2eGlobalRate = 1e9

// boardShown is one board posted or edited: its channel, the move counter
// it shows, when.
type boardShown struct {
	channel string
	counter uint64
	at      time.Time
}

// handCounter finds the move counter in a board's hand button (the core's
// payload: "h<table>.<counter>.", base 36).
var handCounter = regexp.MustCompile(`^h[0-9a-z]+\.([0-9a-z]+)\.`)

func runDiscordE2E(b *testing.B, rate float64, size benchgame.Size, text bool) openloop.Step {
	e := newEnv(b, Options{GlobalRate: e2eGlobalRate}, func(e *env) { e.seeds = benchgame.Seeds })
	// An interaction is done once answered: the tests' hook also flushes
	// the core's outbox, which would hurry the boards measured here.
	e.a.done = e.f.markDone
	var mu sync.Mutex
	var boards []boardShown
	e.f.mu.Lock()
	e.f.written = func(m *fmsg) {
		if !isBoard(m) {
			return
		}
		for _, c := range m.components() {
			if p := handCounter.FindStringSubmatch(c.CustomID); p != nil {
				n, _ := strconv.ParseUint(p[1], 36, 64)
				mu.Lock()
				boards = append(boards, boardShown{channel: m.Channel, counter: n, at: time.Now()})
				mu.Unlock()
			}
		}
	}
	e.f.mu.Unlock()

	want, err := benchgame.Counters(text)
	if err != nil {
		b.Fatal(err)
	}
	n := size.ChatsFor(rate)
	channels := make([]string, n)
	users := make([]fuser, n)
	var wg sync.WaitGroup
	work := make(chan int)
	for range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				if err := benchgame.Open(e.core, "discord:"+channels[i], bot.User{ID: "discord:" + users[i].ID, Name: users[i].Name}, text); err != nil {
					b.Error(err)
				}
			}
		}()
	}
	for i := range n {
		channels[i] = fmt.Sprintf("6%017d", i+1)
		users[i] = fuser{ID: fmt.Sprintf("2%017d", i+1), Name: fmt.Sprintf("Player%d", i+1), Locale: "en-US"}
		work <- i
	}
	close(work)
	wg.Wait()
	e.core.Flush()
	quietFor(e.f, 300*time.Millisecond, time.Minute)
	mu.Lock()
	set := len(boards)
	for _, s := range boards {
		if s.counter != want[0] {
			b.Fatalf("channel %s shows move %d after the set-up, the dry run %d: not the same game", s.channel, s.counter, want[0])
		}
	}
	mu.Unlock()
	if set < n {
		b.Fatalf("%d boards for %d channels after the set-up", set, n)
	}

	schedule := openloop.Schedule(uint64(rate), rate, size.Span)
	plan := benchgame.Plan(uint64(rate), len(schedule), n)
	inters := make([]*finter, len(schedule))
	dues := make([]time.Time, len(schedule))
	pass := map[string]any{"id": "1", "name": strings.TrimPrefix(benchgame.Move, "/"), "type": 1}
	b.ResetTimer()
	cpu0 := openloop.CPU()
	start := time.Now().Add(10 * time.Millisecond)
	openloop.Fire(start, schedule, func(i int, due time.Time) {
		a := plan[i]
		dues[i] = due
		inters[i], _ = e.f.send(2, users[a.Chat], channels[a.Chat], pass, nil)
	})
	quietFor(e.f, 300*time.Millisecond, time.Minute)
	cpu := openloop.CPU() - cpu0
	b.StopTimer()

	mu.Lock()
	byChannel := map[string][]boardShown{}
	for _, s := range boards[set:] {
		byChannel[s.channel] = append(byChannel[s.channel], s)
	}
	mu.Unlock()
	var acks, shown []time.Duration
	last, refused := start, 0
	skipped := map[int]int{}
	e.f.mu.Lock()
	for i, in := range inters {
		if in == nil || in.Answered.IsZero() {
			continue
		}
		acks = append(acks, in.Answered.Sub(dues[i]))
		last = maxTime(last, in.Answered)
		a := plan[i]
		if in.Original != nil && strings.Contains(in.Original.text(), "✖") {
			refused++
			skipped[a.Chat]++
			continue
		}
		for _, s := range byChannel[channels[a.Chat]] {
			if s.counter >= want[max(a.K-skipped[a.Chat], 0)] && !s.at.Before(in.Created) {
				shown = append(shown, s.at.Sub(dues[i]))
				last = maxTime(last, s.at)
				break
			}
		}
	}
	e.f.mu.Unlock()
	run := openloop.Run{Rate: rate, Span: size.Span, Offered: len(schedule), Acks: acks, Shown: shown, Last: last, Start: start, CPU: cpu}
	run.Report(b)
	step := run.Step()
	b.Logf("%g/s: %d moves in %d channels, %d answered, %d refused, %d shown, kept up: %v",
		rate, len(schedule), n, len(acks), refused, len(shown), step.KeptUp())
	return step
}

// quietFor waits until the fake has had no request for quiet, at most d.
func quietFor(f *fake, quiet, d time.Duration) {
	end := time.Now().Add(d)
	seen, since := -1, time.Now()
	for time.Now().Before(end) {
		f.mu.Lock()
		n := len(f.requests)
		f.mu.Unlock()
		if n != seen {
			seen, since = n, time.Now()
		} else if time.Since(since) > quiet {
			return
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func maxTime(a, b time.Time) time.Time {
	if b.After(a) {
		return b
	}
	return a
}
