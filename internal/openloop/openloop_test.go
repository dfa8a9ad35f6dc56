package openloop

import (
	"bufio"
	"math"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"sync/atomic"
	"testing"
	"time"
)

// The schedule is a Poisson process: the same for a seed, its count near
// rate × duration, its gaps exponential (mean 1/rate, as many above the
// mean as e⁻¹ of them), in order.
func TestSchedule(t *testing.T) {
	const rate, d = 1000.0, 20 * time.Second
	s := Schedule(7, rate, d)
	if !slices.Equal(s, Schedule(7, rate, d)) {
		t.Fatal("two schedules of one seed differ")
	}
	if slices.Equal(s[:100], Schedule(8, rate, d)[:100]) {
		t.Fatal("two seeds gave one schedule")
	}
	want := rate * d.Seconds()
	if n := float64(len(s)); math.Abs(n-want) > 4*math.Sqrt(want) {
		t.Fatalf("%v arrivals, want about %v", n, want)
	}
	if !slices.IsSorted(s) || s[len(s)-1] >= d || s[0] < 0 {
		t.Fatal("arrivals out of order or out of the run")
	}
	above := 0
	prev := time.Duration(0)
	for _, at := range s {
		if at-prev > time.Second/rate {
			above++
		}
		prev = at
	}
	if f := float64(above) / float64(len(s)); math.Abs(f-math.Exp(-1)) > 0.02 {
		t.Fatalf("%.3f of the gaps above the mean, want e⁻¹ ≈ 0.368: not exponential", f)
	}
	if Schedule(1, 0, d) != nil || Schedule(1, rate, 0) != nil {
		t.Fatal("a schedule without rate or duration has arrivals")
	}
}

// Fire does not wait for an arrival's answer before the next: arrivals
// that each take 200 ms, 20 of them within 100 ms, run at once (a closed
// loop would run one at a time), each told when it was due.
func TestFireIsOpenLoop(t *testing.T) {
	s := make([]time.Duration, 20)
	for i := range s {
		s[i] = time.Duration(i) * 5 * time.Millisecond
	}
	var running, most, fired atomic.Int32
	start := time.Now()
	Fire(start, s, func(i int, due time.Time) {
		if due != start.Add(s[i]) {
			t.Errorf("arrival %d due %v, want %v", i, due, start.Add(s[i]))
		}
		if time.Now().Before(due) {
			t.Errorf("arrival %d fired before it was due", i)
		}
		n := running.Add(1)
		for m := most.Load(); n > m && !most.CompareAndSwap(m, n); m = most.Load() {
		}
		fired.Add(1)
		time.Sleep(200 * time.Millisecond)
		running.Add(-1)
	})
	if fired.Load() != 20 || running.Load() != 0 {
		t.Fatalf("%d arrivals fired, %d still running when Fire returned; want 20, 0", fired.Load(), running.Load())
	}
	if most.Load() < 10 {
		t.Fatalf("at most %d arrivals ran at once: they waited for each other", most.Load())
	}
}

func TestPercentile(t *testing.T) {
	ms := make([]time.Duration, 1000)
	for i := range ms {
		ms[len(ms)-1-i] = time.Duration(i+1) * time.Millisecond // 1000 ms … 1 ms
	}
	for _, c := range []struct {
		p    float64
		want time.Duration
	}{{50, 500 * time.Millisecond}, {99, 990 * time.Millisecond}, {99.9, 999 * time.Millisecond}, {100, time.Second}, {0.01, time.Millisecond}} {
		if got := Percentile(ms, c.p); got != c.want {
			t.Errorf("p%v = %v, want %v", c.p, got, c.want)
		}
	}
	if ms[0] != time.Second {
		t.Fatal("Percentile sorted its argument")
	}
	if got := Percentile([]int{3, 1, 2}, 50); got != 2 {
		t.Fatalf("median of 3 1 2 = %d", got)
	}
	if got := Percentile([]int(nil), 99); got != 0 {
		t.Fatalf("percentile of nothing = %d", got)
	}
	var r Recorder
	for _, d := range ms {
		r.Add(d)
	}
	if r.Len() != 1000 || r.Percentile(99) != 990*time.Millisecond {
		t.Fatalf("recorder: %d values, p99 %v", r.Len(), r.Percentile(99))
	}
}

// CPU counts the process's work: a busy loop makes it grow by 20 ms (on
// a shared machine it may take longer than 20 ms of wall time to get
// them), and a sleep of 100 ms does not.
func TestCPU(t *testing.T) {
	c0 := CPU()
	x := 0
	for end := time.Now().Add(10 * time.Second); CPU()-c0 < 20*time.Millisecond; x++ {
		if time.Now().After(end) {
			t.Fatalf("10 s of busy loop counted %v of CPU (%d rounds)", CPU()-c0, x)
		}
	}
	c1 := CPU()
	time.Sleep(100 * time.Millisecond)
	if d := CPU() - c1; d > 50*time.Millisecond {
		t.Fatalf("a sleep of 100 ms counted %v of CPU", d)
	}
}

// The knee is the highest rate that kept up within the bound, and no rate
// past the first that failed.
func TestKnee(t *testing.T) {
	ms := time.Millisecond
	step := func(rate float64, p99 time.Duration, done int, took time.Duration) Step {
		return Step{Rate: rate, Offered: 100, Done: done, P99: p99, Took: took, Span: 3 * time.Second}
	}
	steps := []Step{
		step(500, 30*ms, 100, 3*time.Second),   // p99 over the bound
		step(25, 5*ms, 100, 3*time.Second),     // held
		step(1000, 20*ms, 100, 3*time.Second),  // lucky, past a failure
		step(100, 8*ms, 100, 3*time.Second+ms), // held
		step(250, 10*ms, 100, 9*time.Second),   // fell behind
	}
	if k := Knee(steps, 25*ms); k != 100 {
		t.Fatalf("knee %v, want 100", k)
	}
	if k := Knee(steps[:1], 25*ms); k != 0 {
		t.Fatalf("knee %v, want 0", k)
	}
	if (Step{Rate: 1, Offered: 10, Done: 9, Span: time.Second, Took: time.Second}).KeptUp() {
		t.Fatal("a step that lost an arrival kept up")
	}
	if (Step{Rate: 1, Offered: 10, Done: 10, Span: 3 * time.Second, Took: 3400 * time.Millisecond}).KeptUp() {
		t.Fatal("a step of 3 s that answered its last 400 ms late kept up")
	}
	if !(Step{Rate: 1, Offered: 10, Done: 10, Span: 3 * time.Second, Took: 3200 * time.Millisecond}).KeptUp() {
		t.Fatal("a step of 3 s that answered its last 200 ms late did not keep up")
	}
}

// ServerCPU counts another process's CPU, found by its command line: a
// shell counting to 300,000 has spent some by the time it sleeps.
func TestServerCPU(t *testing.T) {
	marker := "openloop-test-" + strconv.Itoa(os.Getpid())
	cmd := exec.Command("sh", "-c", "i=0; while [ $i -lt 300000 ]; do i=$((i+1)); done; echo counted; sleep 10 # "+marker)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Skipf("no shell: %v", err)
	}
	defer func() { cmd.Process.Kill(); cmd.Wait() }()
	if ServerCPU(marker) > time.Second {
		t.Fatal("a process just started counted over a second")
	}
	if _, err := bufio.NewReader(out).ReadString('\n'); err != nil {
		t.Fatal(err)
	}
	if d := ServerCPU(marker); d < 20*time.Millisecond {
		t.Fatalf("a shell that counted to 300,000 counted %v of CPU", d)
	}
	if d := ServerCPU("no-such-process-" + marker + "x"); d != 0 {
		t.Fatalf("no process counted %v", d)
	}
}

func TestKneeOfAll(t *testing.T) {
	held := Step{Rate: 25, Offered: 10, Done: 10, P99: time.Millisecond, Took: time.Second, Span: time.Second}
	steps := map[float64]Step{25: held}
	if _, ok := KneeOfAll(steps, []float64{25, 100}, time.Second); ok {
		t.Fatal("a knee before every rate was played")
	}
	held.Rate = 100
	steps[100] = held
	if k, ok := KneeOfAll(steps, []float64{25, 100}, time.Second); !ok || k != 100 {
		t.Fatalf("knee %v, %v; want 100", k, ok)
	}
}

// A run's step counts its answers, their p99 and how long it took.
func TestRunStep(t *testing.T) {
	start := time.Now()
	r := Run{Rate: 10, Span: time.Second, Offered: 3, Acks: []time.Duration{time.Millisecond, 3 * time.Millisecond},
		Start: start, Last: start.Add(1500 * time.Millisecond)}
	s := r.Step()
	if s.Done != 2 || s.Offered != 3 || s.P99 != 3*time.Millisecond || s.Took != 1500*time.Millisecond || s.KeptUp() {
		t.Fatalf("step %+v (kept up %v)", s, s.KeptUp())
	}
}
