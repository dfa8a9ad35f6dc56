package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tablee/tablee/internal/redact/redacttest"
	"github.com/tablee/tablee/store"
	"github.com/tablee/tablee/store/bolt"
)

// upkeepClock is the time of an upkeep test: the store's clock (when a
// table finished, when a backup was taken) and the upkeep's, moved by the
// upkeep's waits.
type upkeepClock struct {
	mu    sync.Mutex
	now   time.Time
	waits []time.Duration
	limit int // waits allowed before the run is told to stop
}

func (c *upkeepClock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }

func (c *upkeepClock) set(t time.Time) { c.mu.Lock(); c.now = t; c.mu.Unlock() }

func (c *upkeepClock) wait(_ context.Context, d time.Duration) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.waits) == c.limit {
		return false
	}
	c.waits = append(c.waits, d)
	c.now = c.now.Add(d)
	return true
}

func newTestUpkeep(st *bolt.Store, clock *upkeepClock, every time.Duration, keep int, retention time.Duration, log *bytes.Buffer, damaged func(error)) *upkeep {
	u := newUpkeep(st, every, keep, retention, slog.New(slog.NewTextHandler(log, nil)), damaged)
	u.now, u.wait = clock.Now, clock.wait
	return u
}

// finishTable saves a table of one move, finished at the clock's time.
func finishTable(t *testing.T, st *bolt.Store, chat string, finished bool) uint64 {
	t.Helper()
	id, err := st.NewTableID()
	if err != nil {
		t.Fatal(err)
	}
	m := &store.Move{Seq: 1, At: time.Now().UTC(), Seat: 0, User: "discord:1", Text: "pass"}
	if err := st.Save(store.Table{ID: id, Chat: chat, Game: "tictactoe", Finished: finished}, m); err != nil {
		t.Fatal(err)
	}
	return id
}

// TestUpkeepBackupsAndRetention: over 30 hours of a running server, a
// backup every 6 hours (the first at start-up), the 3 newest kept; the
// games finished more than 90 days ago deleted at start-up and within the
// hour once they pass the line; games being played and recent ones kept.
func TestUpkeepBackupsAndRetention(t *testing.T) {
	t0 := time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)
	clock := &upkeepClock{now: t0.Add(-100 * 24 * time.Hour), limit: 30}
	path := filepath.Join(t.TempDir(), "tablee.db")
	st, err := bolt.Open(path, bolt.Options{NoSync: true, Now: clock.Now})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	old := finishTable(t, st, "discord:1", true)
	stillPlaying := finishTable(t, st, "discord:2", false)
	clock.set(t0.Add(-89*24*time.Hour - 12*time.Hour))
	nearly := finishTable(t, st, "discord:3", true)
	clock.set(t0)
	recent := finishTable(t, st, "discord:4", true)

	var log bytes.Buffer
	newTestUpkeep(st, clock, 6*time.Hour, 3, 90*24*time.Hour, &log, func(err error) { t.Errorf("damaged: %v", err) }).run(context.Background())

	all, err := bolt.Backups(path)
	if err != nil || len(all) != 3 {
		t.Fatalf("backups: %v %v", all, err)
	}
	for i, b := range all {
		if want := t0.Add(time.Duration(30-6*i) * time.Hour); !b.Time.Equal(want) {
			t.Errorf("backup %d taken at %v, want %v", i, b.Time, want)
		}
		if r, err := bolt.Check(b.Path, bolt.Options{}); err != nil || r.Damaged() {
			t.Errorf("backup %s: %v %v", b.Path, r, err)
		}
	}
	for _, d := range clock.waits {
		if d <= 0 || d > time.Hour {
			t.Errorf("a wait of %v: retention runs every hour", d)
		}
	}
	for id, want := range map[uint64]bool{old: false, nearly: false, stillPlaying: true, recent: true} {
		_, err := st.Table(id)
		if kept := err == nil; kept != want || (!kept && !errors.Is(err, store.ErrNotFound)) {
			t.Errorf("table %d: kept %v, want %v (%v)", id, kept, want, err)
		}
	}
	for _, want := range []string{`msg="automatic backup taken"`, "keep=3", `msg="finished games deleted by retention" deleted=1 finished_before=2026-03-03 retention=90d`} {
		if !strings.Contains(log.String(), want) {
			t.Errorf("the log does not say %q:\n%s", want, log.String())
		}
	}
}

// TestUpkeepWaitsForTheNextBackup: at start-up a backup younger than
// `every` is enough; the next comes when it is `every` old. No backup and
// no retention: nothing runs.
func TestUpkeepWaitsForTheNextBackup(t *testing.T) {
	t0 := time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)
	clock := &upkeepClock{now: t0.Add(-time.Hour), limit: 1}
	path := filepath.Join(t.TempDir(), "tablee.db")
	st, err := bolt.Open(path, bolt.Options{NoSync: true, Now: clock.Now})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if _, err := st.AutoBackup(8); err != nil {
		t.Fatal(err)
	}
	clock.set(t0)
	var log bytes.Buffer
	newTestUpkeep(st, clock, 6*time.Hour, 8, 0, &log, nil).run(context.Background())
	// No backup at start-up, a wait of 5h, then the next backup.
	if len(clock.waits) != 1 || clock.waits[0] != 5*time.Hour {
		t.Errorf("waits %v, want one of 5h", clock.waits)
	}
	all, _ := bolt.Backups(path)
	if len(all) != 2 || !all[0].Time.Equal(t0.Add(5*time.Hour)) || !all[1].Time.Equal(t0.Add(-time.Hour)) {
		t.Errorf("backups %v, want the one of 11:00 and one at 17:00", all)
	}

	clock.waits, clock.limit = nil, 5
	newTestUpkeep(st, clock, 0, 8, 0, &log, nil).run(context.Background())
	if len(clock.waits) != 0 {
		t.Errorf("upkeep with nothing to do waited %v", clock.waits)
	}
}

// TestUpkeepStopsOnDamage: a backup that finds the file damaged (a move's
// checksum fails) is not kept, the older backups stay, the damage is
// handed on, and the upkeep stops.
func TestUpkeepStopsOnDamage(t *testing.T) {
	clock := &upkeepClock{now: time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC), limit: 10}
	path := filepath.Join(t.TempDir(), "data", "tablee.db")
	ids := fillDataFile(t, path, 5, 10, 100, clock.Now)
	st, err := bolt.Open(path, bolt.Options{NoSync: true, Now: clock.Now})
	if err != nil {
		t.Fatal(err)
	}
	first, err := st.AutoBackup(8)
	if err != nil {
		t.Fatal(err)
	}
	st.Close()
	flipInFile(t, path, fmt.Sprintf("move 4 of table %d", ids[2]))
	clock.set(clock.Now().Add(7 * time.Hour))
	st, err = bolt.Open(path, bolt.Options{NoSync: true, Now: clock.Now})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	var told []error
	var log bytes.Buffer
	newTestUpkeep(st, clock, 6*time.Hour, 8, 0, &log, func(err error) { told = append(told, err) }).run(context.Background())
	if len(told) != 1 || !errors.Is(told[0], store.ErrDamaged) || !strings.Contains(told[0].Error(), first.Path) {
		t.Fatalf("damage told: %v", told)
	}
	if len(clock.waits) != 0 {
		t.Errorf("the upkeep went on after the damage: waits %v", clock.waits)
	}
	if all, _ := bolt.Backups(path); len(all) != 1 || all[0].Path != first.Path {
		t.Errorf("backups after a damaged copy: %v", all)
	}
	if !strings.Contains(log.String(), `msg="automatic backup failed"`) {
		t.Errorf("log:\n%s", log.String())
	}
}

// TestStopAbandonsABackupUnderWay: tablee serve stopped while its
// automatic backup is being written on a slow disk (600 ms a write) ends
// within seconds, not when the copy is done: the backup is abandoned, no
// file is left under a backup's name nor a temporary one, and the next
// start takes it again.
func TestStopAbandonsABackupUnderWay(t *testing.T) {
	api := newPollingAPI(t)
	dir := t.TempDir()
	data := filepath.Join(dir, "data")
	cfg := fmt.Sprintf("data_dir: %q\nlanguage: en\nbackups: {every: 1h}\ntelegram:\n  enabled: true\n  token: '123:abc'\n  poll_timeout: 1s\n  api_endpoint: %q\n",
		data, api.srv.URL)
	path := filepath.Join(dir, "tablee.yaml")
	if err := os.WriteFile(path, []byte(cfg), 0o600); err != nil {
		t.Fatal(err)
	}
	// A data file of a few hundred pages: its copy takes a few dozen
	// writes of 32 KiB.
	dbPath := filepath.Join(data, "tablee.db")
	if err := os.MkdirAll(data, 0o700); err != nil {
		t.Fatal(err)
	}
	fillDataFile(t, dbPath, 200, 3, 1000, time.Now)
	fi, err := os.Stat(dbPath)
	if err != nil {
		t.Fatal(err)
	}
	const pace = 600 * time.Millisecond
	if whole := time.Duration(fi.Size()/(32<<10)) * pace; whole < 8*time.Second {
		t.Fatalf("the data file (%d bytes) is copied in %v: too small to tell", fi.Size(), whole)
	}
	var writes atomic.Int32
	copying := make(chan struct{})
	restore := bolt.SetCopyPace(func() {
		if writes.Add(1) == 1 {
			close(copying)
		}
		time.Sleep(pace)
	})
	defer restore()
	cancel, done, stderr := serveUntilABackupBegins(t, path, copying)
	defer cancel()
	asked := time.Now()
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("serve: %v", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatalf("serve did not stop:\n%s", stderr.String())
	}
	took := time.Since(asked)
	// The copy goes on no further than the write under way; the stop's
	// other steps take a moment. Finished, the copy would have taken 8 s
	// at least.
	if took > 5*time.Second {
		t.Errorf("the stop took %v with a backup under way (%d writes)", took, writes.Load())
	}
	log := stderr.String()
	if !strings.Contains(log, `msg="automatic backup abandoned: the stop began"`) || strings.Contains(log, "automatic backup taken") {
		t.Errorf("the log does not say the backup was abandoned:\n%s", log)
	}
	if all, err := bolt.Backups(dbPath); err != nil || len(all) != 0 {
		t.Errorf("backups after an abandoned one: %v %v", all, err)
	}
	entries, _ := os.ReadDir(bolt.BackupDir(dbPath))
	for _, e := range entries {
		t.Errorf("file left in the backups directory: %s", e.Name())
	}
}

// TestStopPastItsDeadlineExitsSaying: when a step of the stop outlasts
// stopDeadline (here a write of the backup that never ends: a disk that
// hangs), the process does not wait for docker's SIGKILL: it logs the
// step it still waits for and exits.
func TestStopPastItsDeadlineExitsSaying(t *testing.T) {
	defer func(d time.Duration, exit func(int)) { stopDeadline, exitProcess = d, exit }(stopDeadline, exitProcess)
	stopDeadline = time.Second
	exited := make(chan int, 1)
	exitProcess = func(code int) { exited <- code }
	api := newPollingAPI(t)
	dir := t.TempDir()
	cfg := fmt.Sprintf("data_dir: %q\nlanguage: en\nbackups: {every: 1h}\ntelegram:\n  enabled: true\n  token: '123:abc'\n  poll_timeout: 1s\n  api_endpoint: %q\n",
		filepath.Join(dir, "data"), api.srv.URL)
	path := filepath.Join(dir, "tablee.yaml")
	if err := os.WriteFile(path, []byte(cfg), 0o600); err != nil {
		t.Fatal(err)
	}
	copying, hang := make(chan struct{}), make(chan struct{})
	var once sync.Once
	restore := bolt.SetCopyPace(func() {
		once.Do(func() { close(copying) })
		<-hang
	})
	defer restore()
	cancel, done, stderr := serveUntilABackupBegins(t, path, copying)
	defer cancel()
	cancel()
	select {
	case code := <-exited:
		if code == 0 {
			t.Error("exited with 0 past the deadline")
		}
	case <-time.After(10 * time.Second):
		t.Errorf("no exit past the deadline:\n%s", stderr.String())
	}
	log := stderr.String()
	if !strings.Contains(log, `msg="stop past its deadline: exiting`) || !strings.Contains(log, `backup_under_way=true`) {
		t.Errorf("the log does not say what the stop left:\n%s", log)
	}
	close(hang) // the disk answers: serve ends as usual
	if err := <-done; err != nil {
		t.Errorf("serve: %v", err)
	}
	select {
	case <-exited:
		t.Error("exited twice")
	default:
	}
}

// serveUntilABackupBegins runs tablee serve with the configuration at path
// until copying is closed (the automatic backup's first write); it returns
// what stops serve, its result and its log.
func serveUntilABackupBegins(t *testing.T, path string, copying <-chan struct{}) (context.CancelFunc, <-chan error, *redacttest.Buffer) {
	t.Helper()
	stderr := &redacttest.Buffer{}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- run(ctx, []string{"serve", "--config", path}, nil, io.Discard, stderr) }()
	select {
	case <-copying:
	case <-time.After(20 * time.Second):
		cancel()
		t.Fatalf("no backup began:\n%s", stderr.String())
	}
	return cancel, done, stderr
}
