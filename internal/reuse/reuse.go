// Package reuse runs short tasks on goroutines that outlive them.
//
// A move starts a few tasks of its own (the table's deliverer, the chat's
// inbox and outbox workers), each on a goroutine that used to be started
// for it. A fresh goroutine has an 8 KB stack, which drawing a picture or
// sending it grows to 32 KB or more, copying it at each doubling; with
// the start and the end of the goroutine that was some 4 % of the bot's
// CPU at 500 moves/s. A goroutine that has run a task keeps its grown
// stack and waits a while for the next one.
package reuse

import (
	"sync/atomic"
	"time"
)

const (
	// idleFor is how long a goroutine waits for a task before it ends:
	// a quiet server keeps none.
	idleFor = 10 * time.Second
	// maxIdle bounds the goroutines waiting, and the stacks they keep:
	// after a burst, the ones past it end at once.
	maxIdle = 256
)

var (
	tasks = make(chan func()) // unbuffered: a send is taken by a waiting goroutine or not at all
	idle  atomic.Int64
)

// Go runs f on a goroutine: one waiting for a task if there is one, else
// a new one. Like the go statement, it never waits for f, and f runs
// alone on its goroutine; a panic in f ends the program as it would.
func Go(f func()) {
	select {
	case tasks <- f:
	default:
		go run(f)
	}
}

func run(f func()) {
	var timer *time.Timer
	for {
		f()
		f = nil // not kept alive while waiting
		if idle.Add(1) > maxIdle {
			idle.Add(-1)
			return
		}
		if timer == nil {
			timer = time.NewTimer(idleFor)
		} else {
			timer.Reset(idleFor)
		}
		select {
		case f = <-tasks:
			idle.Add(-1)
			timer.Stop()
		case <-timer.C:
			idle.Add(-1)
			return
		}
	}
}
