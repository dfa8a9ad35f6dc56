package keeper

import (
	"errors"
	"log/slog"
	"sync"

	"github.com/tablee/tablee/store"
)

// Later writes notes outside of the delivery that set them, for a
// platform that delivers while the core may hold the table's lock that
// SetNote takes. The latest value of each note wins; Flush writes what is
// pending (before a shutdown), Stop ends the writer.
type Later struct {
	notes Notes
	log   *slog.Logger

	mu      sync.Mutex
	pending map[Key]string
	writeMu sync.Mutex
	kick    chan struct{}
	quit    chan struct{}
	once    sync.Once
	wg      sync.WaitGroup
}

// NewLater starts writing to notes in the background.
func NewLater(notes Notes, log *slog.Logger) *Later {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	n := &Later{notes: notes, log: log, pending: map[Key]string{}, kick: make(chan struct{}, 1), quit: make(chan struct{})}
	n.wg.Add(1)
	go n.loop()
	return n
}

func (n *Later) Note(table uint64, key string) string { return n.notes.Note(table, key) }
func (n *Later) Shared() bool                         { return n.notes.Shared() }

// SetNote queues the note; a failure is logged when it is written.
func (n *Later) SetNote(table uint64, key, v string) error {
	n.mu.Lock()
	n.pending[Key{table, key}] = v
	n.mu.Unlock()
	select {
	case n.kick <- struct{}{}:
	default:
	}
	return nil
}

func (n *Later) loop() {
	defer n.wg.Done()
	for {
		select {
		case <-n.kick:
			n.Flush()
		case <-n.quit:
			return
		}
	}
}

// Flush writes every pending note; writers take turns, so a later value is
// never overwritten by an earlier one.
func (n *Later) Flush() {
	n.writeMu.Lock()
	defer n.writeMu.Unlock()
	n.mu.Lock()
	batch := n.pending
	n.pending = map[Key]string{}
	n.mu.Unlock()
	for at, v := range batch {
		if err := n.notes.SetNote(at.Table, at.Note, v); err != nil && !errors.Is(err, store.ErrNotFound) {
			n.log.Warn("saving a note", "table", at.Table, "note", at.Note, "err", err)
		}
	}
}

// Stop ends the writer (after a Flush, nothing is lost).
func (n *Later) Stop() {
	n.once.Do(func() { close(n.quit) })
	n.wg.Wait()
}
