package telegram

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/tablee/tablee/bot"
	"github.com/tablee/tablee/config"
	"github.com/tablee/tablee/games/render"
	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/internal/benchgame"
	"github.com/tablee/tablee/internal/metrics"
	"github.com/tablee/tablee/internal/openloop"
	"github.com/tablee/tablee/internal/pgtest"
	"github.com/tablee/tablee/internal/ratewindow"
	"github.com/tablee/tablee/internal/redact/redacttest"
	"github.com/tablee/tablee/store"
	"github.com/tablee/tablee/store/bolt"
	"github.com/tablee/tablee/store/postgres"
)

// BenchmarkEndToEndTelegram measures what a move costs from the platform's
// side: the real adapter, core and store, the real telegram-bot-api
// library, against the fake Bot API on the loopback. Group chats each play
// Crack Word, a person against a bot player: the person types /pass in the
// group (the bot answers at once with its own move), at the times of a
// Poisson process of a set rate, open loop: a move is posted when it is
// due, whatever the moves before it became (internal/openloop). For each
// move:
//
//   - ack: from when it was due to the first call the bot makes for the
//     person after it (to the group or to his private chat): his answer;
//   - shown: from when it was due to the first board call in the group
//     that shows it (the board's hand button carries the table's move
//     counter);
//
// A call a webhook's answer carries (riders.go) is performed by the fake
// when the answer arrives, as Telegram performs it, and counts from then
// like any call of the bot's;
//
// and for the run: their p50/p99/p99.9 (ms), cpu-ms/move (the test
// process's CPU, user and system, over the run and its drain, per move:
// the bot, and also the fake Bot API and the driver, which the echo bot's
// row pays alike), pg-cpu-ms/move (the PostgreSQL server's own), shown-%
// (moves shown by the end; the rest were never shown), moves/s (moves
// answered per second of the run). The knee of each configuration, the
// highest rate whose ack p99 stays within e2eBound and that kept up
// (openloop.Knee), is logged.
//
// Telegram's rate limits are off on both sides, as they would measure
// Telegram rather than the bot: the fake enforces none (its enforce is
// nil, fake_test.go) and the adapter's own limits are e2eLimits.
//
// The configurations: the echo bot (one sendMessage per update, the same
// library, the same harness and arrivals: the floor); the webhook on bbolt
// with pictures (the defaults) and with text boards; getUpdates on bbolt;
// the webhook on PostgreSQL, one process and two (two cores and adapters
// in this process with their own connection pools on one database, the
// posts spread between them); and the real binary, `tablee serve`, on
// bbolt with pictures, whose own CPU is reported apart, bot-cpu-ms/move
// (e2eserve_test.go).
//
//	go test ./adapters/telegram/ -run '^$' -bench EndToEnd -benchtime 1x -timeout 60m
//
// TABLEE_E2E_RATES (moves/s, "25,100,250,500,1000"), TABLEE_E2E_SECONDS
// (of arrivals at each rate, 3) and TABLEE_E2E_CHATS (at least, 200; a
// rate gets more when it needs them: benchgame.MaxPasses a chat) size it;
// TABLEE_E2E_CHATS=1000 TABLEE_E2E_SECONDS=10 is the full size.
// TABLEE_E2E_CPUPROFILE=<file> writes a CPU profile of the runs alone,
// set-up left out (of the last rate run: choose one with -bench), and
// TABLEE_E2E_MEMPROFILE=<file> a profile of what the runs allocated;
// TABLEE_E2E_LOG=1 shows the bot's warnings and the messages it sent.
func BenchmarkEndToEndTelegram(b *testing.B) {
	env, err := benchgame.SizeFromEnv()
	if err != nil {
		b.Fatal(err)
	}
	var cluster *pgtest.Cluster
	defer func() { cluster.Stop() }()
	defer func() {
		if serveBinary.dir != "" {
			os.RemoveAll(serveBinary.dir)
		}
	}()
	pgURL := func(b *testing.B) string {
		if cluster == nil {
			c, err := pgtest.Start()
			if err != nil {
				b.Fatal(err)
			}
			cluster = c
		}
		return cluster.Database(b)
	}
	for _, s := range e2eSetups {
		b.Run(s.name, func(b *testing.B) {
			openloop.Ladder(b, s.name, env.Rates, e2eBound, func(b *testing.B, rate float64) openloop.Step {
				url := ""
				if strings.HasPrefix(s.store, "postgres") {
					url = pgURL(b)
				}
				return runE2E(b, s, rate, env, url)
			})
		})
	}
}

// e2eBound is the ack p99 a rate must stay within to count for the knee.
const e2eBound = 100 * time.Millisecond

type e2eSetup struct {
	name  string
	mode  string // "webhook", "polling", or "echo": the echo bot
	store string // "bolt", "postgres", "postgres2": two processes
	text  bool   // text boards rather than pictures
	serve bool   // the real binary, `tablee serve` (e2eserve_test.go)
}

var e2eSetups = []e2eSetup{
	{name: "echo", mode: "echo"},
	{name: "webhook-bolt-pictures", mode: "webhook", store: "bolt"},
	{name: "serve-webhook-bolt-pictures", mode: "webhook", store: "bolt", serve: true},
	{name: "webhook-bolt-text", mode: "webhook", store: "bolt", text: true},
	{name: "polling-bolt-pictures", mode: "polling", store: "bolt"},
	{name: "webhook-postgres-pictures", mode: "webhook", store: "postgres"},
	{name: "webhook-postgres2proc-pictures", mode: "webhook", store: "postgres2"},
}

// e2eLimits are the adapter's limits in the benchmark: none that a run
// reaches (Telegram's would measure Telegram).
func e2eLimits() Limits { return BenchmarkLimits() }

// e2eProc is one process of the bot: a store, a core and an adapter.
type e2eProc struct {
	st     store.Store
	core   *bot.Core
	a      *Adapter
	hook   string // the webhook's URL
	cancel context.CancelFunc
	done   chan error
	// The binary's (e2eserve_test.go), where st, core and a are nil.
	cmd   *exec.Cmd
	admin string // its admin listener's URL
	log   *redacttest.Buffer
}

// e2eRig is the bot (one process or two) or the echo bot, the fake Bot
// API they call, and the groups played.
type e2eRig struct {
	b      testing.TB
	setup  e2eSetup
	f      *fakeAPI
	procs  []*e2eProc
	echo   *httptest.Server
	client *http.Client // Telegram's side of the webhook
	chats  []int64
	url    string // the PostgreSQL database, "" for bbolt
	// dataDir holds the bbolt data file, config.DBFile, as serve's data_dir.
	dataDir string
	// calls is the fake's count of calls at settle's last look, which
	// tells it the binary is idle.
	calls int
}

const e2eHookPath = "/telegram"

func newE2ERig(b testing.TB, s e2eSetup, chats int, url string) *e2eRig {
	r := &e2eRig{b: b, setup: s, f: newFakeAPI(b, ratewindow.System{}), url: url, dataDir: b.TempDir(),
		client: &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 4096}}}
	b.Cleanup(r.close)
	for i := range chats {
		r.chats = append(r.chats, int64(-1_000_000_000-i))
	}
	if s.mode == "echo" {
		r.startEcho()
		return r
	}
	n := 1
	if s.store == "postgres2" {
		n = 2
	}
	for range n {
		r.procs = append(r.procs, r.startProc())
	}
	r.openTables()
	if s.serve {
		r.toServe()
	}
	return r
}

func (r *e2eRig) startProc() *e2eProc {
	b := r.b
	p := &e2eProc{}
	var err error
	if r.url != "" {
		p.st, err = postgres.Open(r.url, postgres.Options{})
	} else {
		p.st, err = bolt.Open(filepath.Join(r.dataDir, config.DBFile), bolt.Options{Timeout: 2 * time.Second})
	}
	if err != nil {
		b.Fatal(err)
	}
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	if os.Getenv("TABLEE_E2E_LOG") != "" {
		quiet = slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	}
	// Every table is dealt from one seed (benchgame). No rate limit of
	// the core's: a person's bucket would refuse the faster chats' moves.
	p.core, err = bot.New(bot.Options{Store: p.st, Lang: i18n.EN, Logger: quiet, Observer: metrics.New(),
		Seeds: benchgame.Seeds})
	if err != nil {
		b.Fatal(err)
	}
	opts := Options{Core: p.core, Token: fakeToken, APIEndpoint: r.f.endpoint(), Mode: r.setup.mode,
		PollTimeout: 30 * time.Second, Lang: i18n.EN, Logger: quiet, Limits: e2eLimits(), Seen: p.core.Seen(),
		Webhook: Webhook{Listen: "127.0.0.1:0", Path: e2eHookPath, SecretToken: hookSecret}}
	p.a, err = New(opts)
	if err != nil {
		b.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	p.cancel, p.done = cancel, make(chan error, 2)
	go func() { p.done <- p.a.Run(ctx) }()
	go func() { p.core.Run(ctx); p.done <- nil }() // the scheduler, as serve runs it
	if r.setup.mode == "webhook" {
		for p.a.WebhookAddr() == "" {
			time.Sleep(time.Millisecond)
		}
		p.hook = "http://" + p.a.WebhookAddr() + e2eHookPath
	}
	return p
}

// startEcho starts the echo bot: the same library, one sendMessage per
// update, answered 200 once sent, behind a webhook as the bot's.
func (r *e2eRig) startEcho() {
	api, err := tgbotapi.NewBotAPIWithClient(fakeToken, r.f.endpoint(), &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 4096}})
	if err != nil {
		r.b.Fatal(err)
	}
	r.echo = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		var u tgbotapi.Update
		if err := json.NewDecoder(req.Body).Decode(&u); err != nil || u.Message == nil {
			http.Error(w, "bad update", http.StatusBadRequest)
			return
		}
		if _, err := api.Send(tgbotapi.NewMessage(u.Message.Chat.ID, u.Message.Text)); err != nil {
			http.Error(w, err.Error(), http.StatusServiceUnavailable)
			return
		}
		w.WriteHeader(http.StatusOK)
	}))
}

func (r *e2eRig) close() {
	r.closeProcs()
	if r.echo != nil {
		r.echo.Close()
	}
}

// closeProcs stops the bot's processes.
func (r *e2eRig) closeProcs() {
	for _, p := range r.procs {
		if p.cmd != nil {
			p.stopServe(r.b)
			continue
		}
		p.cancel()
		<-p.done
		<-p.done
		p.core.Close()
		p.st.Close()
	}
	r.procs = nil
}

// person is the one who plays in a group.
func (r *e2eRig) person(chat int64) fakeUser {
	id := -chat - 1_000_000_000 + 500_000
	return fakeUser{ID: id, Name: "Player " + strconv.FormatInt(id, 10), Lang: "en"}
}

// openTables opens a Crack Word table in every group, the person against a
// bot player, started, through the core (set-up, not measured), and waits
// for every board to be posted.
func (r *e2eRig) openTables() {
	core := r.procs[0].core
	r.eachChat(func(chat int64) {
		u := r.person(chat)
		core.SetPrivateReachable(userKey(u.ID), true)
		if err := benchgame.Open(core, chatKey(chat, 0), bot.User{ID: userKey(u.ID), Name: u.Name}, r.setup.text); err != nil {
			r.b.Error(err)
		}
	})
	for _, p := range r.procs {
		p.core.Flush()
	}
	r.settle(time.Minute)
	boards := r.boardCounters()
	for _, chat := range r.chats {
		if _, ok := boards[chat]; !ok {
			r.b.Fatalf("group %d has no board after the set-up", chat)
		}
	}
}

// eachChat calls f for every group, 16 groups at a time (set-up, not
// measured).
func (r *e2eRig) eachChat(f func(chat int64)) {
	var wg sync.WaitGroup
	work := make(chan int64)
	for range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for chat := range work {
				f(chat)
			}
		}()
	}
	for _, chat := range r.chats {
		work <- chat
	}
	close(work)
	wg.Wait()
}

// settle waits until the processes have been idle (nothing queued to
// play or to send) for a while, at most d.
func (r *e2eRig) settle(d time.Duration) {
	end, quiet := time.Now().Add(d), time.Time{}
	for time.Now().Before(end) {
		idle := r.f.queuedCount() == 0
		for _, p := range r.procs {
			if p.a != nil {
				idle = idle && p.a.idle()
			}
		}
		if r.serving() {
			// The binary is idle once it calls the fake no more.
			n := r.f.callCount()
			idle = idle && n == r.calls
			r.calls = n
		}
		switch {
		case !idle:
			quiet = time.Time{}
		case quiet.IsZero():
			quiet = time.Now()
		case time.Since(quiet) > 300*time.Millisecond:
			return
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func (f *fakeAPI) queuedCount() int { f.mu.Lock(); defer f.mu.Unlock(); return len(f.updates) }

// boardCounter finds the table's move counter in a board's hand button
// (bot's payload: "h<table>.<counter>.", base 36).
var boardCounter = regexp.MustCompile(`"callback_data":"h[0-9a-z]+\.([0-9a-z]+)\.`)

// counterOf is the move counter a call shows, -1 for a call that is no
// board.
func counterOf(c fakeCall) int64 {
	m := boardCounter.FindStringSubmatch(c.Params["reply_markup"])
	if m == nil {
		return -1
	}
	n, _ := strconv.ParseInt(m[1], 36, 64)
	return n
}

// boardCounters is, for each group, the highest move counter its boards
// showed so far.
func (r *e2eRig) boardCounters() map[int64]int64 {
	out := map[int64]int64{}
	for _, c := range r.f.allCalls() {
		if n := counterOf(c); n >= 0 && n >= out[c.Chat] {
			out[c.Chat] = n
		}
	}
	return out
}

// e2eMove is one move of a run.
type e2eMove struct {
	chat   int64
	k      int // the chat's kth move of the run, from 1
	due    time.Time
	posted time.Time
	msg    int  // the person's message's id in the group
	failed bool // the webhook's POST was not answered 200
}

// send posts the person's /pass as Telegram would: to the webhook (to
// either process, in turn), or queued for getUpdates.
func (r *e2eRig) send(i int, m *e2eMove) {
	m.posted = time.Now()
	m.msg, m.failed = r.say(i, m.chat, benchgame.Move)
}

// say posts what the person types in a group, as Telegram would; failed:
// the webhook's POST was not answered 200.
func (r *e2eRig) say(i int, chat int64, text string) (msgID int, failed bool) {
	u := r.person(chat)
	msg, id := r.f.write(u, chat, 0, text, 0)
	update := map[string]any{"message": msg}
	if r.setup.mode == "polling" {
		r.f.push(update)
		return id, false
	}
	raw := r.f.numbered(update)
	url := r.echoURL()
	if url == "" {
		url = r.procs[i%len(r.procs)].hook
	}
	req, _ := http.NewRequest(http.MethodPost, url, bytes.NewReader(raw))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Telegram-Bot-Api-Secret-Token", hookSecret)
	resp, err := r.client.Do(req)
	if err != nil {
		return id, true
	}
	if r.echo != nil {
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	} else {
		// The call the answer carries is made now, as Telegram makes it
		// (riders.go): timed as a call of the bot's when it arrives.
		r.f.hookAnswered(resp)
	}
	return id, resp.StatusCode != http.StatusOK
}

func (r *e2eRig) echoURL() string {
	if r.echo == nil {
		return ""
	}
	return r.echo.URL
}

// runE2E plays one rate on a fresh rig and reports its figures.
func runE2E(b *testing.B, s e2eSetup, rate float64, env benchgame.Size, url string) openloop.Step {
	r := newE2ERig(b, s, env.ChatsFor(rate), url)
	var want []uint64
	if s.mode != "echo" {
		var err error
		if want, err = benchgame.Counters(s.text); err != nil {
			b.Fatal(err)
		}
		for chat, n := range r.boardCounters() {
			if uint64(n) != want[0] {
				b.Fatalf("group %d shows move %d after the set-up, the dry run %d: not the same game", chat, n, want[0])
			}
		}
	}
	calls0, uploads0, polls0, conns0, unchanged0 := len(r.f.allCalls()), r.f.uploaded(), r.f.polled(), r.f.conns.Load(), r.f.unchanged.Load()
	schedule := openloop.Schedule(uint64(rate), rate, env.Span)
	moves := make([]*e2eMove, len(schedule))
	for i, a := range benchgame.Plan(uint64(rate), len(schedule), len(r.chats)) {
		moves[i] = &e2eMove{chat: r.chats[a.Chat], k: a.K}
	}

	b.ResetTimer()
	if path := os.Getenv("TABLEE_E2E_CPUPROFILE"); path != "" {
		// The run alone, without the set-up that -cpuprofile would count.
		out, err := os.Create(path)
		if err != nil {
			b.Fatal(err)
		}
		if err := pprof.StartCPUProfile(out); err != nil {
			b.Fatal(err)
		}
		defer func() { pprof.StopCPUProfile(); out.Close() }()
	}
	if path := os.Getenv("TABLEE_E2E_MEMPROFILE"); path != "" {
		// What the run allocated, set-up left out: the profile's totals
		// are since the start of the process, so they are taken again
		// at the end of the run, and go tool pprof -diff_base tells the run's.
		runtime.MemProfileRate = 64 << 10
		writeHeapProfile(b, path+".base")
		defer writeHeapProfile(b, path)
	}
	if path := os.Getenv("TABLEE_E2E_BOTPROFILE"); path != "" && r.serving() {
		defer r.profileServe(path, env.Span)()
	}
	pg0 := postgresCPU(url)
	counts0 := r.serveCounters()
	user0, sys0 := r.serveCPU()
	cpu0 := openloop.CPU()
	bands0, pics0 := render.Bands(), bot.PictureStats()
	start := time.Now().Add(10 * time.Millisecond)
	openloop.Fire(start, schedule, func(i int, due time.Time) {
		moves[i].due = due
		r.send(i, moves[i])
	})
	r.settle(time.Minute)
	res := r.measure(moves, want, calls0, start)
	// A move not shown yet may still be: a bot's reply that lost a race
	// with another process is played again later. The run ends once every
	// move is shown, or nothing was sent for 5 s.
	for quiet := time.Now(); len(res.shown) < len(moves) && time.Since(quiet) < 5*time.Second; {
		time.Sleep(250 * time.Millisecond)
		r.settle(time.Minute)
		if n := len(r.f.allCalls()) - calls0; n != res.calls {
			quiet = time.Now()
			res = r.measure(moves, want, calls0, start)
		}
	}
	cpu := openloop.CPU() - cpu0
	pg := postgresCPU(url) - pg0
	user, sys := r.serveCPU()
	user, sys = user-user0, sys-sys0
	b.StopTimer()
	acks, shown, last := res.acks, res.shown, res.last
	failed := 0
	for _, m := range moves {
		if m.failed {
			failed++
		}
	}
	if os.Getenv("TABLEE_E2E_LOG") != "" {
		for _, c := range r.f.allCalls()[calls0:] {
			if c.Method == "sendMessage" {
				b.Logf("sendMessage to %d: %v", c.Chat, c.Params)
			}
		}
	}
	run := openloop.Run{Rate: rate, Span: env.Span, Offered: len(moves), Acks: acks, Shown: shown, Last: last, Start: start, CPU: cpu}
	run.Report(b)
	if url != "" && len(moves) > 0 {
		b.ReportMetric(pg.Seconds()*1000/float64(len(moves)), "pg-cpu-ms/move")
	}
	if r.serving() && len(moves) > 0 {
		b.ReportMetric((user+sys).Seconds()*1000/float64(len(moves)), "bot-cpu-ms/move")
		b.Logf("the binary's CPU a move: %.2f ms in user space, %.2f ms in the kernel",
			user.Seconds()*1000/float64(len(moves)), sys.Seconds()*1000/float64(len(moves)))
		r.logServeCounts(counts0, len(moves))
	}
	step := run.Step()
	if bands := render.Bands(); bands.Hits+bands.Misses > bands0.Hits+bands0.Misses {
		b.Logf("bands of pictures: %d found kept, %d drawn and encoded", bands.Hits-bands0.Hits, bands.Misses-bands0.Misses)
	}
	if pics := bot.PictureStats(); pics.Drawn > pics0.Drawn && len(moves) > 0 {
		n := float64(len(moves))
		b.Logf("pictures a move: %.2f drawn, %.2f found kept, %.2f shared with a drawing under way",
			float64(pics.Drawn-pics0.Drawn)/n, float64(pics.Hits-pics0.Hits)/n, float64(pics.Shared-pics0.Shared)/n)
	}
	b.Logf("%s at %g/s: %d moves in %d groups, %d answered, %d refused, %d shown, %d posts failed, kept up: %v; calls %v (%d carried by webhook answers, %d edits that changed nothing), %d pictures uploaded, %d getUpdates, %d connections opened to the Bot API",
		s.name, rate, len(moves), len(r.chats), len(acks), res.refused, len(shown), failed, step.KeptUp(), res.methods, res.answers, r.f.unchanged.Load()-unchanged0, r.f.uploaded()-uploads0, r.f.polled()-polls0, r.f.conns.Load()-conns0)
	if n := float64(len(moves)); n > 0 {
		var parts []string
		for _, m := range slices.Sorted(maps.Keys(res.methods)) {
			parts = append(parts, fmt.Sprintf("%s %.2f (%.0f bytes)", m, float64(res.methods[m])/n, float64(res.bytes[m])/n))
		}
		b.Logf("calls a move: %s", strings.Join(parts, ", "))
	}
	return step
}

// writeHeapProfile writes the heap profile to path, after a collection
// (so that it counts every allocation of the run).
func writeHeapProfile(b *testing.B, path string) {
	runtime.GC()
	out, err := os.Create(path)
	if err != nil {
		b.Fatal(err)
	}
	defer out.Close()
	if err := pprof.WriteHeapProfile(out); err != nil {
		b.Fatal(err)
	}
}

// e2eResult is what the calls to the fake say of a run's moves.
type e2eResult struct {
	acks, shown []time.Duration  // from each move's due time
	last        time.Time        // of the last answer or board counted
	calls       int              // the calls seen
	answers     int              // of them, carried by a webhook's answer
	refused     int              // moves answered with a refusal
	methods     map[string]int   // how many of each method
	bytes       map[string]int64 // their requests' bodies, by method
}

// measure finds each move's answer and board among the calls made since
// the calls0th (want: the counter that shows each pass, counters).
func (r *e2eRig) measure(moves []*e2eMove, want []uint64, calls0 int, start time.Time) e2eResult {
	calls := r.f.allCalls()[calls0:]
	res := e2eResult{last: start, calls: len(calls), methods: map[string]int{}, bytes: map[string]int64{}}
	byChat := map[int64][]fakeCall{}
	for _, c := range calls {
		byChat[c.Chat] = append(byChat[c.Chat], c)
		res.methods[c.Method]++
		res.bytes[c.Method] += c.Bytes
		if c.Answer {
			res.answers++
		}
	}
	// The answer: the first call for the person after his update, in the
	// group or in his private chat.
	acks := make([]*fakeCall, len(moves))
	for i, m := range moves {
		person := r.person(m.chat).ID
		if r.setup.mode == "echo" {
			person = m.chat
		}
		for _, chat := range []int64{m.chat, person} {
			for j, c := range byChat[chat] {
				if !c.At.Before(m.posted) {
					if acks[i] == nil || c.At.Before(acks[i].At) {
						acks[i] = &byChat[chat][j]
					}
					break
				}
			}
		}
	}
	// A move answered with a refusal (a warning, in private) is never
	// shown, and the group's later passes are shown by a lower counter.
	skipped, warned := map[int64]int{}, map[*fakeCall]bool{}
	for i, m := range moves {
		ack := acks[i]
		if ack == nil {
			continue
		}
		res.acks = append(res.acks, ack.At.Sub(m.due))
		res.last = maxTime(res.last, ack.At)
		if r.setup.mode == "echo" {
			res.shown = append(res.shown, ack.At.Sub(m.due))
			continue
		}
		if ack.Method == "sendMessage" && strings.HasPrefix(ack.Params["text"], "⚠️") && !warned[ack] {
			// One warning answers one move: the first posted of the
			// moves it is the first call after.
			warned[ack] = true
			res.refused++
			skipped[m.chat]++
			continue
		}
		// Shown: the first board of the group whose counter counts the
		// person's kth pass, less the group's passes refused before it.
		for _, c := range byChat[m.chat] {
			if counterOf(c) >= int64(want[max(m.k-skipped[m.chat], 0)]) && !c.At.Before(m.posted) {
				res.shown = append(res.shown, c.At.Sub(m.due))
				res.last = maxTime(res.last, c.At)
				break
			}
		}
	}
	return res
}

func maxTime(a, b time.Time) time.Time {
	if b.After(a) {
		return b
	}
	return a
}

// postgresCPU is the CPU the PostgreSQL server of url has used so far, 0
// without one: its postmaster is started with "-c port=<port>" (pgtest).
func postgresCPU(url string) time.Duration {
	if url == "" {
		return 0
	}
	m := regexp.MustCompile(`:(\d+)/`).FindStringSubmatch(url)
	if m == nil {
		return 0
	}
	return openloop.ServerCPU("port=" + m[1] + "\x00")
}
