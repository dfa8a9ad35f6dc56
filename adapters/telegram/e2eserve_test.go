package telegram

import (
	"bytes"
	"fmt"
	"io"
	"net"
	"net/http"
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
	"github.com/tablee/tablee/internal/redact/redacttest"
)

// The end-to-end benchmark's configurations with serve set run the real
// binary, `tablee serve`, as an operator does: go build of cmd/tablee, a
// configuration file, webhook mode, its telegram.api_endpoint the fake Bot
// API of the test process. Its CPU is then measured apart from the fake's
// and the driver's (bot-cpu-ms/move, from /proc/<pid>/stat), which the
// test process's cpu-ms/move counts with the bot's in the other
// configurations.
//
// The tables are opened as in the others, through a core and adapter of
// the test process on the data file, which then close; the binary opens
// the file and plays on from there, with the settings of the others: the
// core's rate limits off (rate_limits: burst 0), the adapter's
// (TABLEE_BENCHMARK_TELEGRAM_LIMITS=off), no automatic backup. What it
// would meet that they do not, each table read from the file at its first
// move and the first picture of each board and hand drawn whole (the
// bands drawn at the set-up were the test process's), it meets before the
// run: the person asks for the board and his hand (/board, /hand) in every
// group, which loads the table and draws both pictures without a move.
//
// TABLEE_E2E_BOTPROFILE=<file> writes a CPU profile of the binary over the
// run, from its admin listener (/debug/pprof/profile), and its heap
// profiles before and after (profileServe). TABLEE_E2E_SERVE=<binary> runs
// a binary built before rather than building one.

// serveBinary is the binary built once for the test process.
var serveBinary struct {
	once sync.Once
	dir  string
	path string
	err  error
}

// buildServe builds the binary, or takes the one TABLEE_E2E_SERVE names
// (to measure two builds in turn).
func buildServe(b testing.TB) string {
	if path := os.Getenv("TABLEE_E2E_SERVE"); path != "" {
		return path
	}
	serveBinary.once.Do(func() {
		dir, err := os.MkdirTemp("", "tablee-e2e-bin")
		if err != nil {
			serveBinary.err = err
			return
		}
		serveBinary.dir, serveBinary.path = dir, filepath.Join(dir, "tablee")
		cmd := exec.Command("go", "build", "-o", serveBinary.path, "github.com/tablee/tablee/cmd/tablee")
		if out, err := cmd.CombinedOutput(); err != nil {
			serveBinary.err = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if serveBinary.err != nil {
		b.Fatal(serveBinary.err)
	}
	return serveBinary.path
}

// loopbackAddr is a free port on the loopback.
func loopbackAddr(b testing.TB) string {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

// toServe closes the process of the test (its tables opened and shown)
// and starts `tablee serve` on its data file in its place.
func (r *e2eRig) toServe() {
	b := r.b
	bin := buildServe(b)
	r.closeProcs()
	hook, admin := loopbackAddr(b), loopbackAddr(b)
	cfg := fmt.Sprintf(`data_dir: %q
language: en
log: {level: warn}
backups: {every: "off"}
# Machine-speed players: no rate limit of the core's, as in the other configurations.
rate_limits: {user: {burst: 0}, chat: {burst: 0}}
admin: {listen: %q}
telegram:
  enabled: true
  token: %q
  mode: webhook
  api_endpoint: %q
  webhook: {listen: %q, path: %q}
`, r.dataDir, admin, fakeToken, r.f.srv.URL, hook, e2eHookPath)
	path := filepath.Join(b.TempDir(), "tablee.yaml")
	if err := os.WriteFile(path, []byte(cfg), 0o600); err != nil {
		b.Fatal(err)
	}
	p := &e2eProc{hook: "http://" + hook + e2eHookPath, admin: "http://" + admin, log: &redacttest.Buffer{}}
	p.cmd = exec.Command(bin, "serve", "--config", path)
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "TABLEE_") { // the test's own settings are not the binary's
			p.cmd.Env = append(p.cmd.Env, kv)
		}
	}
	p.cmd.Env = append(p.cmd.Env, config.EnvTelegramSecretToken+"="+hookSecret, envBenchmarkTelegramLimits+"=off")
	p.cmd.Stderr = p.log
	if err := p.cmd.Start(); err != nil {
		b.Fatal(err)
	}
	r.procs = append(r.procs, p)
	// Ready once its webhook answers: the adapter listens once connected.
	for end := time.Now().Add(30 * time.Second); ; {
		if c, err := net.Dial("tcp", hook); err == nil {
			c.Close()
			break
		}
		if time.Now().After(end) {
			b.Fatalf("tablee serve did not listen:\n%s", p.log.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
	r.warmServe()
}

// warmServe has the person ask for the board and his hand in every group,
// so that the binary has the tables in memory and their pictures' bands
// drawn, as the process that opened them had.
func (r *e2eRig) warmServe() {
	r.eachChat(func(chat int64) {
		for _, text := range []string{"/board", "/hand"} {
			if _, failed := r.say(0, chat, text); failed {
				r.b.Errorf("%s in group %d was not answered 200", text, chat)
			}
		}
	})
	r.settle(time.Minute)
}

// envBenchmarkTelegramLimits is cmd/tablee's variable of that name.
const envBenchmarkTelegramLimits = "TABLEE_BENCHMARK_TELEGRAM_LIMITS"

// stopServe stops the binary with SIGTERM, as an operator does, and waits
// for it.
func (p *e2eProc) stopServe(b testing.TB) {
	if p.cmd.ProcessState != nil {
		return
	}
	p.cmd.Process.Signal(syscall.SIGTERM)
	done := make(chan error, 1)
	go func() { done <- p.cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			b.Errorf("tablee serve: %v\n%s", err, tailOf(p.log.String(), 3000))
		}
	case <-time.After(time.Minute):
		p.cmd.Process.Kill()
		<-done
		b.Errorf("tablee serve did not stop within a minute:\n%s", tailOf(p.log.String(), 3000))
	}
	if b.Failed() || os.Getenv("TABLEE_E2E_LOG") != "" {
		b.Logf("tablee serve:\n%s", tailOf(p.log.String(), 3000))
	}
}

func tailOf(s string, n int) string {
	if len(s) > n {
		return "…" + s[len(s)-n:]
	}
	return s
}

// serveCPU is the CPU the binaries have used so far, in user space and in
// the kernel, from the kernel's accounting (/proc/<pid>/stat, in clock
// ticks of 10 ms).
func (r *e2eRig) serveCPU() (user, system time.Duration) {
	for _, p := range r.procs {
		if p.cmd == nil {
			continue
		}
		stat, err := os.ReadFile("/proc/" + strconv.Itoa(p.cmd.Process.Pid) + "/stat")
		if err != nil {
			r.b.Fatalf("the binary's CPU: %v", err)
		}
		// After the command's name in parentheses: state(1) … utime(12) stime(13).
		f := strings.Fields(string(stat[bytes.LastIndexByte(stat, ')')+2:]))
		u, _ := strconv.ParseInt(f[11], 10, 64)
		s, _ := strconv.ParseInt(f[12], 10, 64)
		user += time.Duration(u) * (time.Second / 100)
		system += time.Duration(s) * (time.Second / 100)
	}
	return user, system
}

// serving tells whether the rig runs the binary.
func (r *e2eRig) serving() bool { return len(r.procs) > 0 && r.procs[0].cmd != nil }

// profileServe starts a CPU profile of the binary of d, written to path
// by the returned wait, and writes its heap profile before (path.heap.base)
// and after (path.heap) the run: what the run allocated is
// go tool pprof -sample_index=alloc_space -diff_base path.heap.base path.heap.
func (r *e2eRig) profileServe(path string, d time.Duration) (wait func()) {
	r.fetchServe("/debug/pprof/heap?gc=1", path+".heap.base")
	done := make(chan struct{})
	go func() {
		defer close(done)
		secs := max(1, int(d.Round(time.Second)/time.Second))
		r.fetchServe("/debug/pprof/profile?seconds="+strconv.Itoa(secs), path)
	}()
	return func() { <-done; r.fetchServe("/debug/pprof/heap?gc=1", path+".heap") }
}

// fetchServe writes what the binary's admin listener answers at path to
// the file out.
func (r *e2eRig) fetchServe(path, out string) {
	resp, err := http.Get(r.procs[0].admin + path)
	if err != nil {
		r.b.Errorf("the binary's %s: %v", path, err)
		return
	}
	defer resp.Body.Close()
	f, err := os.Create(out)
	if err != nil {
		r.b.Errorf("the binary's %s: %v", path, err)
		return
	}
	defer f.Close()
	io.Copy(f, resp.Body)
}

// serveCounts are counters of the binary's /metrics (a sum over their
// labels), to tell how many saves, journal writes and checkpoints a run
// took.
var serveCounts = []string{"tablee_moves_total", "tablee_save_seconds_count", "tablee_journal_writes_total", "tablee_checkpoints_total"}

func (r *e2eRig) serveCounters() map[string]float64 {
	out := map[string]float64{}
	if !r.serving() {
		return out
	}
	resp, err := http.Get(r.procs[0].admin + "/metrics")
	if err != nil {
		r.b.Errorf("the binary's metrics: %v", err)
		return out
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	for _, line := range strings.Split(string(body), "\n") {
		for _, name := range serveCounts {
			if rest, ok := strings.CutPrefix(line, name); ok && (strings.HasPrefix(rest, " ") || strings.HasPrefix(rest, "{")) {
				f := strings.Fields(rest[strings.LastIndexByte(rest, '}')+1:])
				if len(f) > 0 {
					v, _ := strconv.ParseFloat(f[0], 64)
					out[name] += v
				}
			}
		}
	}
	return out
}

// logServeCounts logs what the binary's counters rose by in a run, per
// move of the run.
func (r *e2eRig) logServeCounts(before map[string]float64, moves int) {
	if !r.serving() || moves == 0 {
		return
	}
	after := r.serveCounters()
	var parts []string
	for _, name := range serveCounts {
		parts = append(parts, fmt.Sprintf("%s %.2f", name, (after[name]-before[name])/float64(moves)))
	}
	r.b.Logf("the binary's counters a move: %s", strings.Join(parts, ", "))
}
