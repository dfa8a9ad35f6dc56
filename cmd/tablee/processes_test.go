package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/tablee/tablee/config"
	"github.com/tablee/tablee/internal/pgtest"
	"github.com/tablee/tablee/store"
	"github.com/tablee/tablee/store/postgres"
)

var cluster *pgtest.Cluster

func TestMain(m *testing.M) { pgtest.Main(m, func(c *pgtest.Cluster) { cluster = c }, removeBuilt) }

// botAPI is the Telegram Bot API as several tablee processes meet it: every
// call answered (a message for a send or an edit, true otherwise), each
// chat's texts kept in the order sent or edited.
type botAPI struct {
	srv   *httptest.Server
	mu    sync.Mutex
	next  int
	texts map[string][]string // chat id -> texts sent or edited
}

func newBotAPI(t *testing.T) *botAPI {
	b := &botAPI{texts: map[string][]string{}, next: 1000}
	b.srv = botAPIServer(t, func(method string, r *http.Request) (result any, answer bool) {
		result = true
		chat := r.FormValue("chat_id")
		switch {
		case strings.HasPrefix(method, "send") || strings.HasPrefix(method, "edit"):
			b.mu.Lock()
			b.next++
			id := b.next
			if m := r.FormValue("message_id"); m != "" {
				id, _ = strconv.Atoi(m)
			}
			text := r.FormValue("text") + r.FormValue("caption")
			b.texts[chat] = append(b.texts[chat], text)
			b.mu.Unlock()
			c, _ := strconv.ParseInt(chat, 10, 64)
			kind := "supergroup"
			if c > 0 {
				kind = "private"
			}
			result = map[string]any{"message_id": id, "date": 1, "text": text, "chat": map[string]any{"id": c, "type": kind}}
		}
		return result, true
	})
	return b
}

func (b *botAPI) chatTexts(chat int64) []string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return append([]string(nil), b.texts[strconv.FormatInt(chat, 10)]...)
}

// serveProcess is one `tablee serve` of the real binary.
type serveProcess struct {
	cmd  *exec.Cmd
	hook string // its webhook's URL
	log  *procLog
}

func freeAddr(t *testing.T) string {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

func startServe(t *testing.T, bin, db, api string) *serveProcess {
	dir := t.TempDir()
	addr := freeAddr(t)
	cfg := fmt.Sprintf(`data_dir: %q
language: en
store: postgres
postgres: {lease: 2s}
log: {level: debug}
# Two players at machine speed in four groups: no rate limit.
rate_limits: {user: {burst: 0}, chat: {burst: 0}}
telegram:
  enabled: true
  token: '123456:processes-test-token'
  mode: webhook
  api_endpoint: %q
  webhook: {listen: %q, path: /tg}
`, filepath.Join(dir, "data"), api, addr)
	path := filepath.Join(dir, "tablee.yaml")
	if err := os.WriteFile(path, []byte(cfg), 0o600); err != nil {
		t.Fatal(err)
	}
	p := &serveProcess{hook: "http://" + addr + "/tg", log: &procLog{}}
	p.cmd = exec.Command(bin, "serve", "--config", path)
	p.cmd.Env = binaryEnv(config.EnvPostgresURL+"="+db, "TABLEE_TELEGRAM_SECRET_TOKEN=processes-secret")
	p.cmd.Stderr = p.log
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if p.cmd.ProcessState == nil {
			p.cmd.Process.Signal(syscall.SIGTERM)
			p.cmd.Wait()
		}
		if t.Failed() {
			t.Logf("process %s:\n%s", addr, tail([]byte(p.log.String()), 3000))
		}
	})
	for i := 0; i < 300; i++ {
		if c, err := net.Dial("tcp", addr); err == nil {
			c.Close()
			return p
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("tablee serve did not listen:\n%s", p.log.String())
	return nil
}

// procLog is a process's stderr, read while it is written.
type procLog struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *procLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *procLog) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// post sends an update as Telegram does; true when it was answered 200.
func (p *serveProcess) post(update string) bool {
	req, _ := http.NewRequest(http.MethodPost, p.hook, strings.NewReader(update))
	req.Header.Set("X-Telegram-Bot-Api-Secret-Token", "processes-secret")
	req.Header.Set("Content-Type", "application/json")
	resp, err := (&http.Client{Timeout: 20 * time.Second}).Do(req)
	if err != nil {
		return false
	}
	resp.Body.Close()
	return resp.StatusCode == http.StatusOK
}

// TestProcessesShareOneDatabase runs three `tablee serve` processes of the
// real binary on one PostgreSQL database behind a fake Bot API, in webhook
// mode, and plays tic-tac-toe in several groups: every update goes to a
// random process, some to two at once (a load balancer's retry); one
// process is killed with SIGKILL mid-game. Then: every answered move is in
// the log once, in order; no move is played twice; the deadlines of a group
// where nobody plays fire once each; every group's last board shows its
// last move.
func TestProcessesShareOneDatabase(t *testing.T) {
	bin := buildBinary(t)
	db := cluster.Database(t)
	api := newBotAPI(t)
	var procs []*serveProcess
	for range 3 {
		procs = append(procs, startServe(t, bin, db, api.srv.URL))
	}
	st, err := postgres.Open(db, postgres.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()

	rng := rand.New(rand.NewPCG(1, 2))
	updateID := 0
	alive := []int{0, 1, 2}
	// send posts an update to a random live process (and, one time in
	// four, to a second one at once); true when one of them answered 200.
	send := func(chat int64, user int64, name, text string) bool {
		updateID++
		body := fmt.Sprintf(`{"update_id":%d,"message":{"message_id":%d,"from":{"id":%d,"first_name":%q,"language_code":"en"},"chat":{"id":%d,"type":"supergroup"},"date":1,"text":%q}}`,
			updateID, updateID, user, name, chat, text)
		targets := []int{alive[rng.IntN(len(alive))]}
		if rng.IntN(4) == 0 {
			targets = append(targets, alive[rng.IntN(len(alive))])
		}
		var wg sync.WaitGroup
		var mu sync.Mutex
		answered := false
		for _, i := range targets {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if procs[i].post(body) {
					mu.Lock()
					answered = true
					mu.Unlock()
				}
			}()
		}
		wg.Wait()
		return answered
	}
	const alice, bob = 101, 102
	groups := []int64{-1001, -1002, -1003, -1004}
	idle := int64(-1009) // nobody plays: its deadlines fire
	for _, g := range append(groups, idle) {
		opts := "tictactoe long"
		if g == idle {
			opts += " timed=2s"
		}
		for _, cmd := range []struct {
			user int64
			name string
			text string
		}{{alice, "Alice", "/play " + opts}, {bob, "Bob", "/join"}, {alice, "Alice", "/start"}} {
			if !send(g, cmd.user, cmd.name, cmd.text) {
				t.Fatalf("%s in %d not answered", cmd.text, g)
			}
		}
	}
	tableOf := func(g int64) store.Table {
		rec, err := st.OpenTable("telegram:" + strconv.FormatInt(g, 10))
		if err != nil {
			t.Fatalf("group %d: %v", g, err)
		}
		return rec
	}
	type answered struct {
		seq  uint64
		text string
	}
	want := map[int64][]answered{}
	killed := false
	for round := 0; round < 12; round++ {
		if round == 6 && !killed {
			// Mid-game, a process dies without a word.
			procs[2].cmd.Process.Kill()
			procs[2].cmd.Wait()
			alive, killed = []int{0, 1}, true
		}
		for _, g := range groups {
			rec := tableOf(g)
			var s struct {
				State struct {
					Cells []int
					Turn  int
				} `json:"state"`
			}
			if err := json.Unmarshal(rec.Data, &s); err != nil {
				t.Fatal(err)
			}
			moves, _ := st.Moves(rec.ID)
			var free []int
			for i, c := range s.State.Cells {
				if c == 0 {
					free = append(free, i+1)
				}
			}
			user, name := int64(alice), "Alice"
			if s.State.Turn == 1 {
				user, name = bob, "Bob"
			}
			cell := free[rng.IntN(len(free))]
			if send(g, user, name, "/move "+strconv.Itoa(cell)) {
				want[g] = append(want[g], answered{seq: uint64(len(moves)) + 1, text: strconv.Itoa(cell)})
			}
		}
	}
	// Every answered move is in the log, once, where it was answered.
	for _, g := range groups {
		rec := tableOf(g)
		moves, err := st.Moves(rec.ID)
		if err != nil {
			t.Fatal(err)
		}
		if len(want[g]) < 10 {
			t.Errorf("group %d: only %d moves answered", g, len(want[g]))
		}
		for _, w := range want[g] {
			if w.seq > uint64(len(moves)) || moves[w.seq-1].Text != w.text {
				t.Errorf("group %d: answered move %d (%s) is not in the log: %+v", g, w.seq, w.text, moves)
			}
		}
		if len(moves) != len(want[g]) {
			t.Errorf("group %d: %d moves logged, %d answered (a move played twice, or one played and not answered)", g, len(moves), len(want[g]))
		}
	}
	// Every board shown, the dead process's leases passed on: each group's
	// last board names its last move.
	deadline := time.Now().Add(20 * time.Second)
	for _, g := range groups {
		moves, _ := st.Moves(tableOf(g).ID)
		last := moves[len(moves)-1]
		for {
			texts := api.chatTexts(g)
			lastBoard := ""
			for _, tx := range texts {
				if strings.Contains(tx, "plays") {
					lastBoard = tx
				}
			}
			if strings.Contains(lastBoard, "plays "+last.Text+".") {
				break
			}
			if time.Now().After(deadline) {
				t.Errorf("group %d: the last board does not show move %s:\n%s", g, last.Text, lastBoard)
				break
			}
			time.Sleep(100 * time.Millisecond)
		}
	}
	// The idle group's deadlines fired, each once: two seconds apart.
	var idleMoves []store.Move
	for wait := time.Now().Add(10 * time.Second); len(idleMoves) < 4 && time.Now().Before(wait); time.Sleep(200 * time.Millisecond) {
		idleMoves, _ = st.Moves(tableOf(idle).ID)
	}
	if len(idleMoves) < 4 {
		t.Fatalf("idle group: %d deadline moves", len(idleMoves))
	}
	for i, m := range idleMoves {
		if m.User != "" {
			t.Errorf("idle group: move %d by %s", m.Seq, m.User)
		}
		if i > 0 && m.At.Sub(idleMoves[i-1].At) < 1500*time.Millisecond {
			t.Errorf("idle group: moves %d and %d %v apart: a deadline fired twice", m.Seq-1, m.Seq, m.At.Sub(idleMoves[i-1].At))
		}
	}
	t.Logf("%d updates posted; moves answered per group: %d %d %d %d; idle group: %d deadline moves",
		updateID, len(want[groups[0]]), len(want[groups[1]]), len(want[groups[2]]), len(want[groups[3]]), len(idleMoves))
}

// botAPIServer is a Bot API on the loopback for the tests of tablee serve:
// it reads each request's form, answers getMe as the test bot, and every
// other method with what answer returns (answer false: nothing is written,
// the request was cut meanwhile).
func botAPIServer(t *testing.T, answer func(method string, r *http.Request) (result any, answer bool)) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r.ParseMultipartForm(1 << 20)
		method := r.URL.Path[strings.LastIndex(r.URL.Path, "/")+1:]
		w.Header().Set("Content-Type", "application/json")
		result := any(map[string]any{"id": 42, "is_bot": true, "first_name": "Tablée", "username": "tablee_test_bot"})
		if method != "getMe" {
			var ok bool
			if result, ok = answer(method, r); !ok {
				return
			}
		}
		json.NewEncoder(w).Encode(map[string]any{"ok": true, "result": result})
	}))
	t.Cleanup(srv.Close)
	return srv
}
