package main

import (
	"log/slog"
	"os"
	"sync"
	"time"
)

// A stop must end before docker's SIGKILL, 10 s after its SIGTERM, which
// leaves no word in the log of what was cut. Each step of the stop is
// bounded on its own (the platforms' answerGrace and stopWithin, a backup
// abandoned at its next write); stopDeadline bounds them all: past it the
// process logs the step it still waits for and exits. Nothing acknowledged
// is lost then: a move is answered only once its save is in the journal,
// which the next start writes into the data file (docs/persistence.md).

// stopDeadline and exitProcess are variables so that a test need not wait
// nine seconds nor end its own process.
var (
	stopDeadline = 9 * time.Second
	exitProcess  = os.Exit
)

// stopWatch follows the steps of a stop and ends the process when they
// outlast stopDeadline.
type stopWatch struct {
	log *slog.Logger
	// backingUp tells whether an automatic backup is being written (it
	// holds the saves back, and so the steps that save); nil: none.
	backingUp func() bool

	mu    sync.Mutex
	timer *time.Timer
	step  string
	done  bool
}

// begin starts the watch: the stop began.
func (w *stopWatch) begin(step string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.step = step
	if w.timer == nil && !w.done {
		began := time.Now()
		w.timer = time.AfterFunc(stopDeadline, func() { w.expired(began) })
	}
}

// at records the step the stop is at.
func (w *stopWatch) at(step string) {
	w.mu.Lock()
	w.step = step
	w.mu.Unlock()
}

// end stops the watch: the stop is over (or never began).
func (w *stopWatch) end() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.done = true
	if w.timer != nil {
		w.timer.Stop()
	}
}

func (w *stopWatch) expired(began time.Time) {
	w.mu.Lock()
	if w.done {
		w.mu.Unlock()
		return
	}
	step := w.step
	w.mu.Unlock()
	backingUp := w.backingUp != nil && w.backingUp()
	w.log.Error("stop past its deadline: exiting without waiting any longer; the saved moves are kept (the journal), what was under way is left",
		"after", time.Since(began).Round(time.Millisecond), "waiting_for", step, "backup_under_way", backingUp)
	exitProcess(1)
}
