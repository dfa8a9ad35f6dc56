package telegram

import (
	"context"
	"testing"
	"time"

	"github.com/tablee/tablee/internal/ratewindow"
)

// A person's own hand, delivered after his move off his command's path, is
// urgent for a while after his command or button, as the answer to it
// is; another person's hand, or his own long after, can wait.
func TestHandAfterHisMoveIsUrgent(t *testing.T) {
	clock := newAutoClock()
	a := &Adapter{clock: clock, asked: map[int64]time.Time{}}
	const alice, bob = 1, 2
	ctx := ratewindow.CanWait(context.Background()) // the deliverer's
	if ratewindow.IsUrgent(a.privateCtx(ctx, alice)) {
		t.Fatal("a hand nobody asked for is urgent")
	}
	a.noteAsked(alice)
	<-clock.After(time.Second)
	if !ratewindow.IsUrgent(a.privateCtx(ctx, alice)) {
		t.Fatal("alice's hand a second after her move can wait")
	}
	if ratewindow.IsUrgent(a.privateCtx(ctx, bob)) {
		t.Fatal("bob's hand is urgent, though he asked nothing")
	}
	<-clock.After(awaitWindow)
	if ratewindow.IsUrgent(a.privateCtx(ctx, alice)) {
		t.Fatalf("alice's hand is still urgent %v after her move", awaitWindow+time.Second)
	}
}
