package telegram

import (
	"context"
	"testing"
	"time"
)

// A request someone waits for (urgently) is admitted before requests that
// can wait, even those that waited longer.
func TestUrgentRequestGoesFirst(t *testing.T) {
	w := newWindow(1, 20*time.Millisecond)
	clock := systemClock{}
	release, err := w.acquire(context.Background(), clock)
	if err != nil {
		t.Fatal(err)
	}
	order := make(chan string, 4)
	started := make(chan struct{}, 4)
	take := func(ctx context.Context, name string) {
		started <- struct{}{}
		rel, err := w.acquire(ctx, clock)
		if err != nil {
			t.Error(err)
			return
		}
		order <- name
		rel()
	}
	for _, name := range []string{"board 1", "board 2", "hello"} {
		go take(canWait(urgently(context.Background())), name)
		<-started
	}
	time.Sleep(5 * time.Millisecond) // they wait, before the answer comes
	go take(urgently(context.Background()), "answer")
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

// A person's own hand, delivered after his move off his command's path, is
// urgent for a while after his command or button, as the answer to it
// is; another person's hand, or his own long after, can wait.
func TestHandAfterHisMoveIsUrgent(t *testing.T) {
	clock := newAutoClock()
	a := &Adapter{clock: clock, asked: map[int64]time.Time{}}
	const alice, bob = 1, 2
	ctx := canWait(context.Background()) // the deliverer's
	if isUrgent(a.privateCtx(ctx, alice)) {
		t.Fatal("a hand nobody asked for is urgent")
	}
	a.noteAsked(alice)
	<-clock.After(time.Second)
	if !isUrgent(a.privateCtx(ctx, alice)) {
		t.Fatal("alice's hand a second after her move can wait")
	}
	if isUrgent(a.privateCtx(ctx, bob)) {
		t.Fatal("bob's hand is urgent, though he asked nothing")
	}
	<-clock.After(awaitWindow)
	if isUrgent(a.privateCtx(ctx, alice)) {
		t.Fatalf("alice's hand is still urgent %v after her move", awaitWindow+time.Second)
	}
}
