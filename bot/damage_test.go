package bot

import (
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/store"
)

// damagedStore passes every call to the real store until it is told the
// file is damaged; then its calls fail as store/bolt's do on a damaged
// page: an error wrapping store.ErrDamaged that names the file and the
// backup. Before that it can fail a call with a plain error (a full disk).
type damagedStore struct {
	store.Store
	mu      sync.Mutex
	damaged bool
	plain   bool
}

var errDamagedFile = fmt.Errorf("store/bolt: /data/tablee.db is damaged: a write transaction failed reading it. "+
	"The newest automatic backup is /data/backups/tablee-20261121T180000Z.db, taken 2h ago: %w", store.ErrDamaged)

func (d *damagedStore) fail() error {
	d.mu.Lock()
	defer d.mu.Unlock()
	switch {
	case d.damaged:
		return errDamagedFile
	case d.plain:
		return errors.New("store/bolt: /data/tablee.db: saving table 1: no space left on device")
	}
	return nil
}

func (d *damagedStore) set(damaged, plain bool) {
	d.mu.Lock()
	d.damaged, d.plain = damaged, plain
	d.mu.Unlock()
}

func (d *damagedStore) Save(t store.Table, m *store.Move) error {
	if err := d.fail(); err != nil {
		return err
	}
	return d.Store.Save(t, m)
}

func (d *damagedStore) NewTableID() (uint64, error) {
	if err := d.fail(); err != nil {
		return 0, err
	}
	return d.Store.NewTableID()
}

func (d *damagedStore) Due(before time.Time, limit int) ([]store.DueTable, error) {
	if err := d.fail(); err != nil {
		return nil, err
	}
	return d.Store.Due(before, limit)
}

func (d *damagedStore) OpenTable(chat string) (store.Table, error) {
	if err := d.fail(); err != nil {
		return store.Table{}, err
	}
	return d.Store.OpenTable(chat)
}

// coreOn replaces the harness's core with one on st that reports damage to
// onDamaged.
func (h *harness) coreOn(st store.Store, onDamaged func(error)) error {
	h.t.Helper()
	if h.core != nil {
		h.core.Close()
		h.core = nil
	}
	core, err := New(Options{Store: st, Clock: h.clock, Seeds: func() uint64 { h.seed++; return h.seed }, Lang: i18n.EN,
		Logger: slog.New(slog.NewTextHandler(&h.logs, nil)), OnDamaged: onDamaged})
	if err != nil {
		return err
	}
	core.SetTransport("local", h.rec)
	h.core = core
	return nil
}

// TestDamagedFile_OnDamagedOnce: a store call that fails because the data
// file is damaged is refused like any failed save (nothing changes), and
// Options.OnDamaged hears of it once, with the store's error (which names
// the file and the backup); an ordinary failure is not damage.
func TestDamagedFile_OnDamagedOnce(t *testing.T) {
	h := newHarness(t)
	st := &damagedStore{Store: h.st}
	var mu sync.Mutex
	var told []error
	if err := h.coreOn(st, func(err error) { mu.Lock(); told = append(told, err); mu.Unlock() }); err != nil {
		t.Fatal(err)
	}
	tb := h.seated()
	mustOK(t, h.do("alice", "/move 1"))

	st.set(false, true)
	mustRefuse(t, h.do("bob", "/move 5"), "could not save")
	mu.Lock()
	if len(told) != 0 {
		t.Fatalf("a full disk was reported as damage: %v", told)
	}
	mu.Unlock()

	st.set(true, false)
	before, _ := tb.game.Save()
	mustRefuse(t, h.do("bob", "/move 5"), "could not save")
	mustRefuse(t, h.do("bob", "/move 6"), "could not save")
	mustRefuse(t, h.doIn("local:other", "carol", "/play tictactoe"), "")
	after, _ := tb.game.Save()
	if string(before) != string(after) || tb.Moves != 1 {
		t.Fatalf("a move the damaged store refused was kept: %d moves", tb.Moves)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(told) != 1 {
		t.Fatalf("OnDamaged called %d times, want once: %v", len(told), told)
	}
	if !errors.Is(told[0], store.ErrDamaged) || !strings.Contains(told[0].Error(), "tablee-20261121T180000Z.db") {
		t.Fatalf("OnDamaged was given %v", told[0])
	}
}

// TestDamagedFile_AtStartIsNewsError: damage met while reading the due
// index at start-up is New's error, for the caller to print; OnDamaged is for damage met
// while running.
func TestDamagedFile_AtStartIsNewsError(t *testing.T) {
	h := newHarness(t)
	st := &damagedStore{Store: h.st, damaged: true}
	called := false
	err := h.coreOn(st, func(error) { called = true })
	if !errors.Is(err, store.ErrDamaged) || called {
		t.Fatalf("New: %v; OnDamaged called: %v", err, called)
	}
}
