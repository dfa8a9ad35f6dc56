package render

import (
	"syscall"
	"testing"
	"time"
)

// cpuTime is the CPU time the process has used so far. Benchmarks report
// it per picture ("cpu-ns/op") beside the wall time: on a machine shared
// with other work the wall time grows with the load, the CPU time much
// less.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// MeasureCPU runs f as the benchmark's body and reports its CPU time per
// operation. (Exported for the benchmarks of package render_test too.)
func MeasureCPU(b *testing.B, f func()) {
	b.ReportAllocs()
	start := cpuTime()
	f()
	b.ReportMetric(float64(cpuTime()-start)/float64(b.N), "cpu-ns/op")
}

// NoBandsKept empties the process's cache of bands and keeps none until
// the function it returns is called: a benchmark of drawing and encoding
// from nothing. Not for use while pictures are drawn.
func NoBandsKept() (restore func()) {
	old := bands
	bands = newBandCache(0)
	return func() { bands = old }
}
