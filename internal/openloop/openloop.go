// Package openloop drives a load test the way users load a server: the
// arrivals come on their own schedule (a Poisson process from a seed),
// never waiting for the answer to the one before, and every latency is
// timed from when its arrival was due. A server that stalls then shows the
// stall as latency, where a closed loop (send, wait, send again) would
// only have sent less and looked as fast.
//
// It holds what the end-to-end benchmarks of every adapter share: the
// schedule, the firing of arrivals on time, percentiles, the process's CPU
// time, and the knee (the highest rate a configuration holds).
package openloop

import (
	"bytes"
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// Schedule is the due times of a Poisson process of rate arrivals a
// second over d, as offsets from its start: the gaps between arrivals are
// drawn from the exponential distribution, from seed, so that a run is the
// same schedule every time and two configurations meet the same arrivals.
func Schedule(seed uint64, rate float64, d time.Duration) []time.Duration {
	if rate <= 0 || d <= 0 {
		return nil
	}
	r := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	var due []time.Duration
	at := 0.0
	for {
		at += r.ExpFloat64() / rate
		off := time.Duration(at * float64(time.Second))
		if off >= d {
			return due
		}
		due = append(due, off)
	}
}

// Fire calls fire(i, due) for each arrival of the schedule at its due time
// (from start), each in its own goroutine, without waiting for the ones
// before to return; it returns once every call has returned. An arrival
// the process is late for (a busy machine) is fired at once, still with
// its due time: its latency counts the lateness.
func Fire(start time.Time, schedule []time.Duration, fire func(i int, due time.Time)) {
	var wg sync.WaitGroup
	for i, off := range schedule {
		due := start.Add(off)
		if wait := time.Until(due); wait > 0 {
			time.Sleep(wait)
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			fire(i, due)
		}()
	}
	wg.Wait()
}

// Percentile is the p-th percentile (0 < p ≤ 100) of xs by the nearest
// rank: the smallest value at least p % of xs are at or under. Zero for
// no values.
func Percentile[T cmp.Ordered](xs []T, p float64) T {
	var zero T
	if len(xs) == 0 {
		return zero
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	// The rank is rounded up; the small margin keeps 99.9 % of 1,000
	// values at the 999th, not the 1,000th, despite floating point.
	rank := int(math.Ceil(float64(len(s))*p/100 - 1e-9))
	return s[min(max(rank-1, 0), len(s)-1)]
}

// Millis is d in milliseconds, for a benchmark's metrics.
func Millis(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// CPU is the CPU time the process has used so far, user and system, every
// thread: what a load costs the machine, whatever goroutine spent it.
func CPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// Recorder collects latencies from many goroutines at once.
type Recorder struct {
	mu sync.Mutex
	ds []time.Duration
}

// Add records one latency.
func (r *Recorder) Add(d time.Duration) {
	r.mu.Lock()
	r.ds = append(r.ds, d)
	r.mu.Unlock()
}

// Len is how many latencies were recorded.
func (r *Recorder) Len() int { r.mu.Lock(); defer r.mu.Unlock(); return len(r.ds) }

// Percentile is the p-th percentile of the latencies recorded.
func (r *Recorder) Percentile(p float64) time.Duration {
	r.mu.Lock()
	defer r.mu.Unlock()
	return Percentile(r.ds, p)
}

// Step is what one rate of a run gave.
type Step struct {
	Rate    float64       // arrivals a second offered
	Offered int           // arrivals fired
	Done    int           // arrivals answered
	P99     time.Duration // of the answers
	// Took is from the first due time to the last answer: a server that
	// keeps up answers the last arrival soon after it was due.
	Took time.Duration
	Span time.Duration // of the schedule: its duration
}

// KeptUp tells whether the step answered every arrival and, in all, at
// the rate they came: its last answer within a tenth of the schedule's
// span (a quarter of a second at least) of the schedule's end, so at 90 %
// of the rate at the least. A server that falls behind ends the run with
// a backlog, however good its percentiles.
func (s Step) KeptUp() bool {
	slack := max(250*time.Millisecond, s.Span/10)
	return s.Offered > 0 && s.Done == s.Offered && s.Took <= s.Span+slack
}

// Knee is the highest rate of the steps that kept up with a p99 within
// bound, 0 when none did. Rates above a step that failed do not count: a
// lucky run past the knee is not the knee.
func Knee(steps []Step, bound time.Duration) float64 {
	s := slices.Clone(steps)
	slices.SortFunc(s, func(a, b Step) int { return cmp.Compare(a.Rate, b.Rate) })
	knee := 0.0
	for _, st := range s {
		if !st.KeptUp() || st.P99 > bound {
			break
		}
		knee = st.Rate
	}
	return knee
}

// ServerCPU is the CPU time used so far by the processes whose command
// line contains match and by their children, the ones gone included (a
// server's, such as PostgreSQL's postmaster and its backends): what the
// load costs beside the process measuring it. Linux only (/proc); 0
// elsewhere.
func ServerCPU(match string) time.Duration {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return 0
	}
	type proc struct {
		ppid  int
		ticks int64 // utime+stime, and cutime+cstime of its children gone
	}
	procs := map[int]proc{}
	roots := map[int]bool{}
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		stat, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		if err != nil {
			continue
		}
		// The fields after the command's name, which may hold spaces,
		// in parentheses: state ppid … utime(14) stime cutime cstime.
		rest := string(stat[bytes.LastIndexByte(stat, ')')+2:])
		f := strings.Fields(rest)
		if len(f) < 15 {
			continue
		}
		ppid, _ := strconv.Atoi(f[1])
		var ticks int64
		for _, s := range f[11:15] {
			n, _ := strconv.ParseInt(s, 10, 64)
			ticks += n
		}
		procs[pid] = proc{ppid: ppid, ticks: ticks}
		if cmd, err := os.ReadFile("/proc/" + e.Name() + "/cmdline"); err == nil && strings.Contains(string(cmd), match) {
			roots[pid] = true
		}
	}
	var ticks int64
	for pid, p := range procs {
		if roots[pid] || roots[p.ppid] {
			ticks += p.ticks
		}
	}
	// The kernel counts in clock ticks, USER_HZ: 100 a second on Linux.
	return time.Duration(ticks) * (time.Second / 100)
}

// KneeOfAll is Knee of steps once each of rates has its step (a
// configuration played rate after rate); ok is false until then.
func KneeOfAll(steps map[float64]Step, rates []float64, bound time.Duration) (knee float64, ok bool) {
	var all []Step
	for _, r := range rates {
		s, ok := steps[r]
		if !ok {
			return 0, false
		}
		all = append(all, s)
	}
	return Knee(all, bound), true
}

// Run is what one rate of a benchmark measured.
type Run struct {
	Rate    float64
	Span    time.Duration   // of the schedule
	Offered int             // arrivals fired
	Acks    []time.Duration // from each answered arrival's due time to its answer
	Shown   []time.Duration // from each shown arrival's due time to the board showing it
	Last    time.Time       // the last answer or board counted
	Start   time.Time       // of the schedule
	CPU     time.Duration   // the process's, over the run and its drain
}

// Step is the run as the knee sees it.
func (r Run) Step() Step {
	return Step{Rate: r.Rate, Offered: r.Offered, Done: len(r.Acks), P99: Percentile(r.Acks, 99),
		Took: r.Last.Sub(r.Start), Span: r.Span}
}

// Report gives a benchmark the run's metrics: ack and shown p50, p99 and
// p99.9 (ms), cpu-ms/move and shown-% over the arrivals offered, and
// moves/s (answered, over the run or its schedule, whichever is longer).
func (r Run) Report(b *testing.B) {
	for _, p := range []float64{50, 99, 99.9} {
		name := strings.ReplaceAll(fmt.Sprintf("p%g", p), ".", "")
		b.ReportMetric(Millis(Percentile(r.Acks, p)), "ack-"+name+"-ms")
		b.ReportMetric(Millis(Percentile(r.Shown, p)), "shown-"+name+"-ms")
	}
	if r.Offered > 0 {
		b.ReportMetric(r.CPU.Seconds()*1000/float64(r.Offered), "cpu-ms/move")
		b.ReportMetric(100*float64(len(r.Shown))/float64(r.Offered), "shown-%")
	}
	b.ReportMetric(float64(len(r.Acks))/max(r.Last.Sub(r.Start), r.Span).Seconds(), "moves/s")
}

// Ladder runs a configuration rate after rate, each in its own
// sub-benchmark "rate=<r>", and logs its knee (ack p99 within bound, kept
// up) in the last one's output: a benchmark with sub-benchmarks shows no
// log of its own.
func Ladder(b *testing.B, name string, rates []float64, bound time.Duration, run func(b *testing.B, rate float64) Step) {
	steps := map[float64]Step{}
	for _, rate := range rates {
		b.Run(fmt.Sprintf("rate=%g", rate), func(b *testing.B) {
			steps[rate] = run(b, rate)
			if knee, ok := KneeOfAll(steps, rates, bound); ok {
				b.Logf("%s: knee %g moves/s (ack p99 ≤ %v and kept up)", name, knee, bound)
			}
		})
	}
}
