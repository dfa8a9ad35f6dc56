package telegram

import (
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tablee/tablee/bot"
	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/internal/openloop"
	"github.com/tablee/tablee/internal/ratewindow"
)

// The load tests: the bot against the fake Bot API enforcing Telegram's
// limits (fakeLimits), in real time. The short ones run in the suite, their
// periods scaled down so that they take a few seconds, and check the
// order things go out in; the full-size ones, with Telegram's own periods,
// run only when TABLEE_LOAD is set and check the figures
// docs/operating.md gives:
//
//	TABLEE_LOAD=1 go test ./adapters/telegram/ -run Load -v -timeout 20m

// fullLoad says whether the full-size load tests run.
func fullLoad(t *testing.T) {
	t.Helper()
	if os.Getenv("TABLEE_LOAD") == "" {
		t.Skip("full-size load test: set TABLEE_LOAD=1 to run it")
	}
}

// scaledLimits are the adapter's limits with every period divided by scale.
func scaledLimits(scale time.Duration) Limits {
	l := DefaultLimits()
	l.GlobalPer /= scale
	l.GroupPer /= scale
	l.PrivatePer /= scale
	l.MaxSyncWait /= scale
	l.RetryBackoff /= scale
	return l
}

// newLoadHarness is a harness in real time whose fake enforces Telegram's
// limits, with the adapter keeping to the same ones, both scaled.
func newLoadHarness(t *testing.T, scale time.Duration, coreOpts func(*bot.Options)) *harness {
	t.Helper()
	f := newFakeAPI(t, ratewindow.System{})
	f.enforce = telegramLimits(scale)
	h := &harness{t: t, path: filepath.Join(t.TempDir(), "tablee.db"), clock: newAutoClock(), f: f}
	h.coreOpts = func(o *bot.Options) {
		o.Clock = nil // the system's: the users' buckets fill in real time
		if coreOpts != nil {
			coreOpts(o)
		}
	}
	h.opts = Options{Token: fakeToken, APIEndpoint: f.endpoint(), PollTimeout: 2 * time.Second,
		Clock: ratewindow.System{}, Limits: scaledLimits(scale), Lang: i18n.EN, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
	if os.Getenv("TABLEE_LOAD_LOG") != "" {
		h.opts.Logger = slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelDebug}))
	}
	h.open()
	t.Cleanup(h.close)
	return h
}

// settleWithin is settle with a longer patience, for a backlog that takes
// real time to go out.
func (h *harness) settleWithin(d time.Duration) {
	h.t.Helper()
	end := time.Now().Add(d)
	for time.Now().Before(end) {
		h.core.Flush()
		if h.queued() == 0 && h.idle() {
			h.settle()
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	h.t.Fatalf("the adapter did not settle in %v", d)
}

// callCount is the number of requests the fake answered so far.
func (f *fakeAPI) callCount() int { f.mu.Lock(); defer f.mu.Unlock(); return len(f.calls) }

// waitAnswer waits until the bot has sent more than n messages to chat,
// and says how long it took.
func (h *harness) waitAnswer(chat int64, n int, since time.Time) time.Duration {
	h.t.Helper()
	for end := time.Now().Add(time.Minute); time.Now().Before(end); time.Sleep(time.Millisecond) {
		if len(h.f.botMessages(chat)) > n {
			return time.Since(since)
		}
	}
	h.t.Fatalf("chat %d: no answer in a minute", chat)
	return 0
}

// burst opens a table in each of n groups, each by its own user, while
// dora, in no group, asks for /help every gap; it returns how long each of
// her answers took, and the requests the fake answered while each was
// waited for.
func burst(t *testing.T, h *harness, n, asks int, gap time.Duration) (waits []time.Duration, between []int) {
	t.Helper()
	dora := fakeUser{ID: 4242, Name: "Dora", Lang: "en"}
	h.say(dora, dora.ID, 0, "/help") // her private chat is open, as a user's is
	for i := range n {
		u := fakeUser{ID: int64(10_000 + i), Name: "Player " + strconv.Itoa(i), Lang: "en"}
		h.f.say(u, int64(-2_000_000-i), 0, "/play tictactoe", 0)
	}
	// The burst is on once the bot has started answering it.
	for start := h.f.callCount(); h.f.callCount() < start+10; {
		time.Sleep(time.Millisecond)
	}
	for range asks {
		seen, calls, at := len(h.f.botMessages(dora.ID)), h.f.callCount(), time.Now()
		h.f.say(dora, dora.ID, 0, "/help", 0)
		waits = append(waits, h.waitAnswer(dora.ID, seen, at))
		between = append(between, h.f.callCount()-calls)
		time.Sleep(gap)
	}
	return waits, between
}

// checkBurst checks that nothing of the burst was lost and that the fake
// never had to refuse a request.
func checkBurst(t *testing.T, h *harness, n int) {
	t.Helper()
	for i := range n {
		chat := int64(-2_000_000 - i)
		if !slices.ContainsFunc(h.f.botMessages(chat), func(m fakeMsg) bool { return strings.Contains(m.Text, "— table #") }) {
			t.Fatalf("group %d has no board", i)
		}
		if len(h.f.botMessages(int64(10_000+i))) == 0 {
			t.Fatalf("player %d had no hello", i)
		}
	}
	// A /play in a group without a table opens one whoever asks: asking
	// Telegram who moderates the group would put a request per group in
	// the global limit, each ahead of the unrelated answer.
	if n := len(h.f.callsOf("getChatMember")); n > 0 {
		t.Fatalf("getChatMember asked %d times for tables opened in groups without one", n)
	}
	h.f.mu.Lock()
	refused := h.f.enforce.refused
	h.f.mu.Unlock()
	if refused > 0 {
		t.Fatalf("the fake refused %d requests past Telegram's limits", refused)
	}
}

// During a burst of new tables in many groups, an unrelated user's
// command is answered before the boards and hellos queued before it: the
// answer waits for the requests in flight at most, never for the backlog.
func TestLoadBurstAnswersFirst(t *testing.T) {
	const scale, groups = 5, 300
	h := newLoadHarness(t, scale, nil)
	// Dora asks no faster than her private chat's limit lets her be
	// answered.
	waits, between := burst(t, h, groups, 6, h.a.limits.PrivatePer/time.Duration(h.a.limits.Private))
	after := h.f.callCount()
	h.settleWithin(time.Minute)
	checkBurst(t, h, groups)
	// The answers went out ahead of the backlog: as a rule, at most a
	// window of the global limit (the requests admitted before each came)
	// between its command and it, while hundreds of requests were queued.
	// The median, not each one: an answer may also wait for the machine,
	// busy handling the burst.
	lim := h.a.limits
	if m := openloop.Percentile(between, 50); m > lim.Global+2 {
		t.Errorf("a median of %d requests went out between a command and its answer (%v); waits %v", m, between, waits)
	}
	if left := h.f.callCount() - after; left < lim.Global {
		t.Fatalf("only %d requests were left after the answers: no backlog to go before", left)
	}
	t.Logf("%d groups, limits ÷%d: unrelated answer p50 %v p99 %v (×%d: p99 %v)",
		groups, scale, openloop.Percentile(waits, 50), openloop.Percentile(waits, 99), scale, openloop.Percentile(waits, 99)*scale)
}

// The full-size burst of the figures: 1,000 groups at Telegram's limits.
func TestLoadBurstFull(t *testing.T) {
	fullLoad(t)
	const groups = 1000
	h := newLoadHarness(t, 1, nil)
	start := time.Now()
	// Dora asks once a second, her private chat's own limit.
	waits, _ := burst(t, h, groups, 60, h.a.limits.PrivatePer/time.Duration(h.a.limits.Private))
	h.settleWithin(10 * time.Minute)
	checkBurst(t, h, groups)
	p50, p99 := openloop.Percentile(waits, 50), openloop.Percentile(waits, 99)
	t.Logf("%d groups: burst shown in %v; unrelated answer p50 %v p99 %v max %v", groups, time.Since(start), p50, p99, openloop.Percentile(waits, 100))
	if p99 > 2*time.Second {
		t.Fatalf("p99 of the unrelated answer is %v, over 2 s", p99)
	}
}

// flood has mallory send n commands in a group as fast as he can, while
// alice, of the same group, asks for /help every gap; it returns how long
// each of her answers took.
func flood(t *testing.T, h *harness, n, asks int, gap time.Duration) []time.Duration {
	t.Helper()
	mallory := fakeUser{ID: 666, Name: "Mallory", Lang: "en"}
	h.say(mallory, mallory.ID, 0, "/help") // his private chat is open
	h.say(alice, alice.ID, 0, "/help")
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := range n {
			cmd := "/move 5"
			if i%2 == 1 {
				cmd = "/games"
			}
			h.f.say(mallory, group, 0, cmd, 0)
		}
	}()
	var waits []time.Duration
	for range asks {
		time.Sleep(gap)
		seen, at := len(h.f.botMessages(group)), time.Now()
		h.f.say(alice, group, 0, "/help", 0)
		waits = append(waits, h.waitAnswer(group, seen, at))
	}
	wg.Wait()
	return waits
}

// checkFlood checks what the flood cost: the flooder's refusals and his
// notice went to his private chat, once past his limit he was answered
// nothing, the group saw no more of him than his burst, and the fake
// refused nothing.
func checkFlood(t *testing.T, h *harness, limits bot.RateLimits) {
	t.Helper()
	notices := 0
	for _, m := range h.f.botMessages(666) {
		if strings.Contains(m.Text, "Slow down") {
			notices++
		}
	}
	if notices != 1 {
		t.Fatalf("mallory was told %d times to slow down, want once", notices)
	}
	toAlice, toMallory := 0, 0
	for _, m := range h.f.botMessages(group) {
		switch {
		case m.ReplyTo == 0:
		case h.f.find(group, m.ReplyTo) != nil && h.f.find(group, m.ReplyTo).From == alice.ID:
			toAlice++
		default:
			toMallory++
		}
	}
	if toMallory > limits.User.Burst {
		t.Fatalf("the group got %d answers to mallory, more than his burst of %d", toMallory, limits.User.Burst)
	}
	if toAlice == 0 {
		t.Fatal("alice was not answered in the group")
	}
	h.f.mu.Lock()
	refused := h.f.enforce.refused
	h.f.mu.Unlock()
	if refused > 0 {
		t.Fatalf("the fake refused %d requests past Telegram's limits", refused)
	}
}

// One user flooding a group with commands: told once in private, then
// ignored; his refusals spend nothing of the group's 20 messages a minute,
// and the group's other members are answered as if there were no flood.
func TestLoadFloodSparesTheGroup(t *testing.T) {
	const scale = 5
	limits := bot.DefaultRateLimits
	h := newLoadHarness(t, scale, func(o *bot.Options) { o.RateLimits = limits })
	waits := flood(t, h, 300, 3, 30*time.Millisecond)
	h.settleWithin(time.Minute)
	checkFlood(t, h, limits)
	t.Logf("flood of 300, limits ÷%d: other member answered p50 %v p99 %v %v", scale, openloop.Percentile(waits, 50), openloop.Percentile(waits, 99), waits)
}

// The full-size flood of the figures: 2,000 commands at Telegram's limits.
func TestLoadFloodFull(t *testing.T) {
	fullLoad(t)
	limits := bot.DefaultRateLimits
	h := newLoadHarness(t, 1, func(o *bot.Options) { o.RateLimits = limits })
	waits := flood(t, h, 2000, 10, 5*time.Second)
	h.settleWithin(10 * time.Minute)
	checkFlood(t, h, limits)
	p50, p99 := openloop.Percentile(waits, 50), openloop.Percentile(waits, 99)
	t.Logf("flood of 2000: other member answered p50 %v p99 %v max %v", p50, p99, openloop.Percentile(waits, 100))
	if p99 > 2*time.Second {
		t.Fatalf("p99 of the other member's answer is %v, over 2 s", p99)
	}
}

// A busy group's budget goes to the newest board only: updates of a board
// queued while the group is at its limit merge into the one waiting, even
// the first of them, so that one request shows every move since the last
// board shown.
func TestBusyGroupSendsTheNewestBoardOnly(t *testing.T) {
	const scale = 60 // a group's 20 a minute: 20 a second
	h := newLoadHarness(t, scale, nil)
	ctx := t.Context()
	chat := int64(-1_500_000)
	for i := range h.a.limits.Group {
		if err := h.a.Deliver(ctx, bot.Out{Dest: bot.ToChat, Chat: chatKey(chat, 0), Text: "chat " + strconv.Itoa(i)}); err != nil {
			t.Fatal(err)
		}
	}
	for i := range 10 {
		if err := h.a.Deliver(ctx, bot.Out{Dest: bot.ToChat, Chat: chatKey(chat, 0), Table: 88, Board: true,
			Title: "board", Text: "move " + strconv.Itoa(i)}); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Millisecond)
	}
	h.settleWithin(time.Minute)
	boards := 0
	for _, c := range h.f.allCalls() {
		if c.Chat == chat && !strings.HasPrefix(c.Params["text"], "chat ") {
			boards++
		}
	}
	b := h.f.botMessages(chat)
	if last := b[len(b)-1]; boards != 1 || !strings.Contains(last.Text, "move 9") {
		t.Fatalf("%d requests for the board (want 1), last message %q", boards, last.Text)
	}
}

// busyGroups plays a live game in each of groups groups: every gap a
// player types his move in the group (a message that scrolls the board up)
// and the board changes. It returns, for every move, how long until the
// group's board showed it (or a later move).
func busyGroups(t *testing.T, h *harness, groups, moves int, gap time.Duration) []time.Duration {
	t.Helper()
	ctx := t.Context()
	chatOf := func(g int) int64 { return int64(-3_000_000 - g) }
	at := make([][]time.Time, groups)
	start := time.Now()
	var wg sync.WaitGroup
	for g := range groups {
		wg.Add(1)
		go func() {
			defer wg.Done()
			u := fakeUser{ID: int64(20_000 + g), Name: "Player " + strconv.Itoa(g), Lang: "en"}
			// The groups' moves are spread over the gap, as players are.
			time.Sleep(gap * time.Duration(g) / time.Duration(groups))
			for k := range moves {
				h.f.say(u, chatOf(g), 0, "I play "+strconv.Itoa(k), 0)
				at[g] = append(at[g], time.Now())
				if err := h.a.Deliver(ctx, bot.Out{Dest: bot.ToChat, Chat: chatKey(chatOf(g), 0), Table: uint64(900 + g), Board: true,
					Title: "board", Text: "— table #" + strconv.Itoa(900+g) + " move " + strconv.Itoa(k)}); err != nil {
					t.Error(err)
				}
				time.Sleep(time.Until(start.Add(gap * time.Duration(k+1))))
			}
		}()
	}
	wg.Wait()
	h.settleWithin(5 * time.Minute)
	// When each group's board showed each move: the first board request
	// carrying it or a later one.
	var waits []time.Duration
	for g := range groups {
		shown := make([]time.Time, moves)
		for _, c := range h.f.allCalls() {
			text := c.Params["text"] + c.Params["caption"]
			i := strings.LastIndex(text, " move ")
			if c.Chat != chatOf(g) || i < 0 {
				continue
			}
			k, err := strconv.Atoi(strings.TrimSpace(text[i+len(" move "):]))
			if err != nil {
				continue
			}
			for j := 0; j <= k && j < moves; j++ {
				if shown[j].IsZero() {
					shown[j] = c.At
				}
			}
		}
		for k, t0 := range at[g] {
			if shown[k].IsZero() {
				t.Fatalf("group %d: move %d never shown", g, k)
			}
			waits = append(waits, shown[k].Sub(t0))
		}
	}
	methods := map[string]int{}
	for _, c := range h.f.allCalls() {
		if c.Chat < -3_000_000+1 && c.Chat > -3_000_000-int64(groups)-1 {
			methods[c.Method]++
		}
	}
	t.Logf("requests to the groups: %v", methods)
	h.f.mu.Lock()
	refused := h.f.enforce.refused
	h.f.mu.Unlock()
	if refused > 0 {
		t.Fatalf("the fake refused %d requests past Telegram's limits", refused)
	}
	return waits
}

// Four busy groups, a move every 2 s in each (÷20 here): the board keeps
// up with the moves, within the groups' 20 messages a minute.
func TestLoadBusyGroups(t *testing.T) {
	const scale = 20
	h := newLoadHarness(t, scale, nil)
	waits := busyGroups(t, h, 4, 40, 2*time.Second/scale)
	p50, p90, p99 := openloop.Percentile(waits, 50), openloop.Percentile(waits, 90), openloop.Percentile(waits, 99)
	t.Logf("4 groups, a move every %v: board shown p50 %v p90 %v p99 %v (×%d: p99 %v)", 2*time.Second/scale, p50, p90, p99, scale, p99*scale)
	// Each request shows every move since the last: a move waits for the
	// group's next free request at most, about 3 s of Telegram's time
	// (20 a minute), and a board posted again when scrolled away.
	if limit := 5 * time.Second / scale * 2; p90 > limit {
		t.Errorf("p90 of the board's delay is %v (×%d: %v), over %v", p90, scale, p90*scale, limit)
	}
}

// The full-size busy groups of the figures: four groups, a move every 2 s
// in each for three minutes, at Telegram's limits.
func TestLoadBusyGroupsFull(t *testing.T) {
	fullLoad(t)
	h := newLoadHarness(t, 1, nil)
	waits := busyGroups(t, h, 4, 90, 2*time.Second)
	p50, p90, p99 := openloop.Percentile(waits, 50), openloop.Percentile(waits, 90), openloop.Percentile(waits, 99)
	t.Logf("4 groups, a move every 2 s: board shown p50 %v p90 %v p99 %v max %v", p50, p90, p99, openloop.Percentile(waits, 100))
	if p99 > 5*time.Second {
		t.Fatalf("p99 of the board's delay is %v, over 5 s", p99)
	}
}
