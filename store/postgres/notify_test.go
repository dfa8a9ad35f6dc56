package postgres

import (
	"context"
	"sync"
	"testing"
	"time"
)

// A table one process notified reaches the other's listener, not its
// own: that process told its pages already.
func TestNotifyShownReachesTheOtherProcesses(t *testing.T) {
	url := cluster.Database(t)
	a, b := open(t, url), open(t, url)
	heard := make(chan uint64, 16)
	ctx, cancel := context.WithCancel(context.Background())
	var done sync.WaitGroup
	defer done.Wait() // the connection closed before the database is dropped
	defer cancel()
	done.Go(func() { a.ListenShown(ctx, func(id uint64) { heard <- id }) })
	// The listener connects in the background: b notifies until a hears.
	var got uint64
	for try := 0; try < 40 && got == 0; try++ {
		if err := b.NotifyShown(7); err != nil {
			t.Fatal(err)
		}
		select {
		case got = <-heard:
		case <-time.After(50 * time.Millisecond):
		}
	}
	if got != 7 {
		t.Fatalf("a heard table %d", got)
	}
	for len(heard) > 0 {
		<-heard // b's earlier notices
	}
	if err := a.NotifyShown(8); err != nil {
		t.Fatal(err)
	}
	if err := b.NotifyShown(9); err != nil {
		t.Fatal(err)
	}
	select {
	case id := <-heard:
		if id != 9 {
			t.Fatalf("a heard table %d, its own or another", id)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("a never heard b's table 9")
	}
}
