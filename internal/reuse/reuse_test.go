package reuse

import (
	"bytes"
	"runtime"
	"sync"
	"testing"
	"time"
)

// goroutineID reads the running goroutine's number from its stack's header.
func goroutineID() string {
	buf := make([]byte, 64)
	buf = buf[:runtime.Stack(buf, false)]
	return string(bytes.Fields(buf)[1])
}

// ran holds the goroutines that ran a task in this test process.
var ran sync.Map

func TestATaskRunsOnAGoroutineThatRanOne(t *testing.T) {
	first := make(chan struct{})
	Go(func() { ran.Store(goroutineID(), true); close(first) })
	<-first
	// The goroutine is waiting for a task once it counts itself idle and
	// has reached its select.
	deadline := time.Now().Add(5 * time.Second)
	for idle.Load() == 0 {
		if time.Now().After(deadline) {
			t.Fatal("no goroutine waits for a task after one ran")
		}
		runtime.Gosched()
	}
	time.Sleep(20 * time.Millisecond)
	second := make(chan string)
	Go(func() { second <- goroutineID() })
	if id := <-second; !loaded(id) {
		t.Errorf("the second task ran on a new goroutine (%s), not on the one waiting", id)
	}
}

func loaded(id string) bool {
	_, ok := ran.Load(id)
	return ok
}

func TestTasksNeverWaitForEachOther(t *testing.T) {
	// Every task blocks until all have started: any task left waiting
	// behind another would hang the test.
	const n = 3 * maxIdle
	var started sync.WaitGroup
	started.Add(n)
	release := make(chan struct{})
	var done sync.WaitGroup
	done.Add(n)
	for range n {
		Go(func() {
			ran.Store(goroutineID(), true)
			started.Done()
			<-release
			done.Done()
		})
	}
	waited := make(chan struct{})
	go func() { started.Wait(); close(waited) }()
	select {
	case <-waited:
	case <-time.After(10 * time.Second):
		t.Fatal("tasks waited for others to end before starting")
	}
	close(release)
	done.Wait()
	// Past maxIdle, the goroutines end rather than wait.
	time.Sleep(50 * time.Millisecond)
	if got := idle.Load(); got > maxIdle {
		t.Errorf("%d goroutines wait for a task, more than %d", got, maxIdle)
	}
}
