package ratewindow

import (
	"context"
	"slices"
	"sync"
	"testing"
	"time"
)

// A request someone waits for (urgently) is admitted before requests that
// can wait, even those that waited longer.
func TestUrgentRequestGoesFirst(t *testing.T) {
	w := New(1, 20*time.Millisecond, System{})
	release, err := w.Acquire(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	order := make(chan string, 4)
	started := make(chan struct{}, 4)
	take := func(ctx context.Context, name string) {
		started <- struct{}{}
		rel, err := w.Acquire(ctx)
		if err != nil {
			t.Error(err)
			return
		}
		order <- name
		rel()
	}
	for _, name := range []string{"board 1", "board 2", "hello"} {
		go take(CanWait(Urgently(context.Background())), name)
		<-started
	}
	time.Sleep(5 * time.Millisecond) // they wait, before the answer comes
	go take(Urgently(context.Background()), "answer")
	<-started
	time.Sleep(5 * time.Millisecond)
	release()
	if first := <-order; first != "answer" {
		t.Fatalf("%q went out first, before the answer", first)
	}
	for range 3 {
		select {
		case <-order:
		case <-time.After(5 * time.Second):
			t.Fatal("the requests that can wait were not admitted after the answer")
		}
	}
}

// arrivals runs calls requests at once through a window of n per per,
// each spending transit(i) on the way before the platform counts it and as
// long again coming back, and returns when each was counted.
func arrivals(t *testing.T, n int, per time.Duration, calls int, transit func(i int) time.Duration) []time.Time {
	t.Helper()
	w := New(n, per, System{})
	counted := make([]time.Time, calls)
	var wg sync.WaitGroup
	for i := range calls {
		wg.Go(func() {
			release, err := w.Acquire(context.Background())
			if err != nil {
				t.Error(err)
				return
			}
			time.Sleep(transit(i))
			counted[i] = time.Now()
			time.Sleep(transit(i))
			release()
		})
		time.Sleep(time.Millisecond) // they come in order
	}
	wg.Wait()
	return counted
}

// mostInAWindow is the most times within any span of per.
func mostInAWindow(at []time.Time, per time.Duration) int {
	sorted := slices.SortedFunc(slices.Values(at), time.Time.Compare)
	most := 0
	for i := range sorted {
		j := i
		for j < len(sorted) && sorted[j].Sub(sorted[i]) < per {
			j++
		}
		most = max(most, j-i)
	}
	return most
}

// TestNeverMoreThanNInAWindow: however many requests come at once, no span
// of per sees the platform count more than n, even when requests that left
// in turn are held up on the way and arrive together with later ones (a
// dialled connection, a busy machine): a token bucket of the same rate let
// 6 through in this test.
func TestNeverMoreThanNInAWindow(t *testing.T) {
	t.Parallel()
	const n, per = 5, 200 * time.Millisecond
	// Every fifth request is held up on the way for most of a window.
	counted := arrivals(t, n, per, 40, func(i int) time.Duration {
		if i%5 == 0 {
			return 150 * time.Millisecond
		}
		return 0
	})
	if most := mostInAWindow(counted, per); most > n {
		t.Fatalf("%d requests counted within %v, the limit is %d", most, per, n)
	}
}

// TestGoesAtOnceWhileRoomIsLeft: the first n requests go without waiting
// (a request whose context has already ended goes only if it need not
// wait), the next waits for one to end: the limit is used, not only kept.
func TestGoesAtOnceWhileRoomIsLeft(t *testing.T) {
	t.Parallel()
	const n, per = 5, 200 * time.Millisecond
	w := New(n, per, System{})
	ended, cancel := context.WithCancel(context.Background())
	cancel()
	var releases []func()
	for i := range n {
		if room := w.Room(); room != n-i {
			t.Fatalf("room for %d with %d taken, want %d", room, i, n-i)
		}
		release, err := w.Acquire(ended)
		if err != nil {
			t.Fatalf("request %d waited with room left: %v", i, err)
		}
		releases = append(releases, release)
	}
	if _, err := w.Acquire(ended); err == nil {
		t.Fatalf("request %d went at once with no room left", n)
	}
	released := time.Now()
	releases[0]()
	if !w.Full() {
		t.Fatalf("a request counts less than %v after its answer", per)
	}
	release, err := w.Acquire(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	release()
	if after := time.Since(released); after < per {
		t.Errorf("request %d went %v after the first one's answer, within its %v", n, after, per)
	}
}

// TestAWaiterThatGivesUpLeavesNoTrace: a request whose context ends while
// it waits is not counted, and the requests after it still go.
func TestAWaiterThatGivesUpLeavesNoTrace(t *testing.T) {
	t.Parallel()
	w := New(1, 50*time.Millisecond, System{})
	release, err := w.Acquire(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Millisecond)
	defer cancel()
	if _, err := w.Acquire(ctx); err == nil {
		t.Fatal("a second request went with no room left")
	}
	release()
	done := make(chan error, 1)
	go func() {
		rel, err := w.Acquire(context.Background())
		if err == nil {
			rel()
		}
		done <- err
	}()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the request after one that gave up never went")
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	// The third went once the first's second was over: only it counts.
	if w.inflight != 0 || len(w.done) != 1 {
		t.Errorf("after: %d in flight, %d counted; want 0 and 1", w.inflight, len(w.done))
	}
}
