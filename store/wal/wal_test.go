package wal

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io/fs"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
)

// memFS is a file system in memory whose faults the tests set: a write
// that lands only in part, a write or a sync that fails.
type memFS struct {
	mu    sync.Mutex
	files map[string]*memFile
	syncs int
	// tornAfter, when >= 0, lets the next write land this many bytes and
	// fail (a power cut in the middle of it).
	tornAfter int
	failSync  bool
	dirSyncs  int
	// syncGate, when set, is waited on by each sync: the test decides when
	// the disk answers.
	syncGate chan struct{}
}

func newMemFS() *memFS { return &memFS{files: map[string]*memFile{}, tornAfter: -1} }

type memFile struct {
	fs   *memFS
	name string
	data []byte
}

func (m *memFS) OpenFile(name string) (File, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	f := m.files[name]
	if f == nil {
		f = &memFile{fs: m, name: name}
		m.files[name] = f
	}
	return f, nil
}

func (m *memFS) ReadFile(name string) ([]byte, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	f := m.files[name]
	if f == nil {
		return nil, fs.ErrNotExist
	}
	return bytes.Clone(f.data), nil
}

func (m *memFS) SyncDir(string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.dirSyncs++
	return nil
}

func (f *memFile) WriteAt(b []byte, off int64) (int, error) {
	m := f.fs
	m.mu.Lock()
	defer m.mu.Unlock()
	var err error
	if m.tornAfter >= 0 {
		b, err = b[:min(m.tornAfter, len(b))], errors.New("input/output error")
		m.tornAfter = -1
	}
	if end := int(off) + len(b); end > len(f.data) {
		f.data = append(f.data, make([]byte, end-len(f.data))...)
	}
	copy(f.data[off:], b)
	if err != nil {
		return len(b), err
	}
	return len(b), nil
}

func (f *memFile) Sync() error {
	m := f.fs
	if m.syncGate != nil {
		<-m.syncGate
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.syncs++
	if m.failSync {
		return errors.New("input/output error")
	}
	return nil
}

func (f *memFile) Size() (int64, error) {
	f.fs.mu.Lock()
	defer f.fs.mu.Unlock()
	return int64(len(f.data)), nil
}

func (f *memFile) Close() error { return nil }
func (f *memFile) Name() string { return f.name }

// put replaces a file's bytes.
func (m *memFS) put(name string, b []byte) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.files[name].data = b
}

func (m *memFS) get(name string) []byte {
	b, _ := m.ReadFile(name)
	return b
}

const path = "/data/tablee.db"

func openLog(t *testing.T, m *memFS, epoch, applied uint64) (*Log, []Record) {
	t.Helper()
	l, recs, err := Open(path, epoch, applied, Options{FS: m, FileSize: 1 << 12, FullAt: 1 << 11})
	if err != nil {
		t.Fatal(err)
	}
	return l, recs
}

func record(i int) []byte { return []byte(fmt.Sprintf("save %d", i)) }

func appendN(t *testing.T, l *Log, from, n int) {
	t.Helper()
	for i := from; i < from+n; i++ {
		if seq, err := l.Append(record(i)); err != nil || seq != uint64(i) {
			t.Fatalf("Append %d: seq %d, %v", i, seq, err)
		}
	}
}

func wantRecords(t *testing.T, got []Record, from, n int) {
	t.Helper()
	if len(got) != n {
		t.Fatalf("%d records, want %d (from %d)", len(got), n, from)
	}
	for i, r := range got {
		if r.Seq != uint64(from+i) || !bytes.Equal(r.Data, record(from+i)) {
			t.Fatalf("record %d: %d %q, want %d %q", i, r.Seq, r.Data, from+i, record(from+i))
		}
	}
}

// What was appended and not yet written elsewhere comes back at the next
// Open, numbered on; a new run has a new epoch, and the records of the
// run before it are not its own.
func TestOpenReturnsWhatIsPending(t *testing.T) {
	m := newMemFS()
	l, recs := openLog(t, m, 0, 0)
	if len(recs) != 0 || m.dirSyncs != 1 {
		t.Fatalf("a new log: %d records, %d directory syncs", len(recs), m.dirSyncs)
	}
	for _, p := range Paths(path) {
		if n := len(m.get(p)); n != 1<<12 {
			t.Errorf("%s is %d bytes, want the 4096 it is made", p, n)
		}
	}
	appendN(t, l, 1, 5)
	epoch := l.Epoch()

	l2, recs := openLog(t, m, epoch, 2) // the reader holds up to 2
	wantRecords(t, recs, 3, 3)
	if l2.Epoch() == epoch || l2.Epoch() == 0 {
		t.Errorf("new epoch %d, the last run's %d", l2.Epoch(), epoch)
	}
	if seq, err := l2.Append(record(6)); err != nil || seq != 6 {
		t.Errorf("next append: %d, %v; want 6", seq, err)
	}
	if got, err := Read(m, path, epoch, 0); err != nil || len(got) != 0 {
		t.Errorf("the run before after a new run wrote over its file: %v, %v", got, err)
	}
	if got, err := Read(m, path, l2.Epoch(), 5); err != nil {
		t.Error(err)
	} else {
		wantRecords(t, got, 6, 1)
	}
}

// The faults a crash or a disk leaves in a file, read back: what is not
// whole ends the file's run, a gap is an error naming it, a whole entry
// that does not decode is a ReadError.
func TestReadAfterFaults(t *testing.T) {
	m := newMemFS()
	l, _ := openLog(t, m, 0, 0)
	appendN(t, l, 1, 4)
	epoch := l.Epoch()
	file := Paths(path)[0]
	clean := m.get(file)
	sizes := make([]int, 4)
	for i := range sizes {
		sizes[i] = len(Encode(epoch, Record{Seq: uint64(i + 1), Data: record(i + 1)}))
	}
	end := sizes[0] + sizes[1] + sizes[2] + sizes[3]
	last := end - sizes[3]
	for _, tc := range []struct {
		name    string
		damage  func(b []byte) []byte
		applied uint64
		want    int    // records read, from applied+1
		err     string // or the error
	}{
		{name: "clean", damage: func(b []byte) []byte { return b }, want: 4},
		{name: "torn write: cut in the last entry", damage: func(b []byte) []byte { return b[:end-5] }, want: 3},
		{name: "torn write: cut in the last frame", damage: func(b []byte) []byte { return b[:last+3] }, want: 3},
		{name: "flipped byte in the last entry", damage: func(b []byte) []byte { b[end-3] ^= 0x40; return b }, want: 3},
		{name: "flipped byte in the second entry", damage: func(b []byte) []byte { b[sizes[0]+10] ^= 1; return b }, want: 1},
		{name: "flipped length", damage: func(b []byte) []byte { b[0] ^= 0x80; return b }, want: 0},
		{name: "entries after applied", applied: 2, damage: func(b []byte) []byte { return b }, want: 2},
		{name: "gap in the sequence", applied: 0, damage: func(b []byte) []byte {
			// The file starts at entry 2: entry 1 is missing.
			return append([]byte(nil), b[sizes[0]:end]...)
		}, err: "misses the saves 1 to 1 (the data file holds up to 0, the journal from 2)"},
		{name: "another epoch's entries", damage: func(b []byte) []byte {
			return Encode(epoch+1, Record{Seq: 1, Data: record(1)})
		}, want: 0},
		{name: "whole entry of an unknown version", damage: func(b []byte) []byte {
			e := Encode(epoch, Record{Seq: 1, Data: record(1)})
			e[frameLen] = 9
			binary.BigEndian.PutUint32(e[4:], crc32.Checksum(e[frameLen:], castagnoli))
			return e
		}, err: "unknown version 9"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m.put(file, tc.damage(bytes.Clone(clean)))
			got, err := Read(m, path, epoch, tc.applied)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("error %v, want %q", err, tc.err)
				}
				var gap *GapError
				var unread *ReadError
				if !errors.As(err, &gap) && !errors.As(err, &unread) {
					t.Errorf("error of type %T", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			wantRecords(t, got, int(tc.applied)+1, tc.want)
		})
	}
}

// A write or a sync that fails: the appends of the batch fail, no later
// append or rotation is taken, and what was acknowledged before reads back.
func TestWriteFaults(t *testing.T) {
	for _, tc := range []struct {
		name  string
		fault func(m *memFS)
	}{
		{name: "torn write", fault: func(m *memFS) { m.tornAfter = 11 }},
		{name: "failed write", fault: func(m *memFS) { m.tornAfter = 0 }},
		{name: "failed sync", fault: func(m *memFS) { m.failSync = true }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := newMemFS()
			l, _ := openLog(t, m, 0, 0)
			appendN(t, l, 1, 3)
			m.mu.Lock()
			tc.fault(m)
			m.mu.Unlock()
			if _, err := l.Append(record(4)); err == nil || !strings.Contains(err.Error(), "writing its journal") {
				t.Fatalf("append on a failing disk: %v", err)
			}
			m.mu.Lock()
			m.tornAfter, m.failSync = -1, false
			m.mu.Unlock()
			if _, err := l.Append(record(4)); err == nil {
				t.Error("an append after the failure was taken")
			}
			if _, err := l.Rotate(); err == nil {
				t.Error("a rotation after the failure was taken")
			}
			if l.Err() == nil {
				t.Error("the log does not say it is broken")
			}
			got, err := Read(m, path, l.Epoch(), 0)
			if err != nil {
				t.Fatal(err)
			}
			if tc.name == "failed sync" {
				// The bytes reached the file; whether they are on disk is
				// not known: the reader takes them or not, never part.
				if len(got) != 3 && len(got) != 4 {
					t.Fatalf("%d records after a failed sync", len(got))
				}
				got = got[:3]
			}
			wantRecords(t, got, 1, 3)
		})
	}
}

// Appends that arrive while a batch is on its way to the disk share the
// next write and its sync.
func TestGroupCommitSharesSyncs(t *testing.T) {
	m := newMemFS()
	l, _ := openLog(t, m, 0, 0)
	m.syncs = 0
	m.syncGate = make(chan struct{})
	first := make(chan error)
	go func() { _, err := l.Append(record(1)); first <- err }()
	waitWriting(l) // before the others come: else some could join its batch
	const others = 20
	var wg sync.WaitGroup
	errs := make(chan error, others)
	for range others {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := l.Append([]byte("another"))
			errs <- err
		}()
	}
	for { // the first batch is held in its sync: the others queue behind it
		l.mu.Lock()
		n := len(l.queue)
		l.mu.Unlock()
		if n == others {
			break
		}
		runtime.Gosched()
	}
	close(m.syncGate) // the disk answers
	if err := <-first; err != nil {
		t.Fatal(err)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	if m.syncs != 2 {
		t.Errorf("%d syncs for 1+%d appends, want 2: the first's and the one of those queued behind it", m.syncs, others)
	}
	got, err := Read(m, path, l.Epoch(), 0)
	if err != nil || len(got) != others+1 {
		t.Fatalf("%d records read back, %v", len(got), err)
	}
}

// Rotate turns the writes to the other file, from its start; the next
// turn writes over the first file, whose older bytes end its run.
func TestRotation(t *testing.T) {
	m := newMemFS()
	l, _ := openLog(t, m, 0, 0)
	appendN(t, l, 1, 3)
	if last, err := l.Rotate(); err != nil || last != 3 {
		t.Fatalf("Rotate: %d, %v", last, err)
	}
	appendN(t, l, 4, 2)
	p := Paths(path)
	if e, r, _, err := Decode(m.get(p[1])); err != nil || e != l.Epoch() || r.Seq != 4 {
		t.Fatalf("the second file starts with %d (%v)", r.Seq, err)
	}
	if last, err := l.Rotate(); err != nil || last != 5 {
		t.Fatalf("Rotate: %d, %v", last, err)
	}
	appendN(t, l, 6, 1)
	got, err := Read(m, path, l.Epoch(), 5)
	if err != nil {
		t.Fatal(err)
	}
	wantRecords(t, got, 6, 1)
	got, err = Read(m, path, l.Epoch(), 3)
	if err != nil {
		t.Fatal(err)
	}
	wantRecords(t, got, 4, 3) // 4 and 5 in the second file, 6 in the first
	var gap *GapError
	if _, err := Read(m, path, l.Epoch(), 0); !errors.As(err, &gap) || gap.From != 1 || gap.To != 3 {
		t.Errorf("read from 0, entries 1 to 3 written over: %v", err)
	}
}

// A log written past FullAt says so, outside its lock.
func TestOnFull(t *testing.T) {
	m := newMemFS()
	full := 0
	var l *Log
	l, _, err := Open(path, 0, 0, Options{FS: m, FileSize: 1 << 12, FullAt: 100, OnFull: func() {
		full++
		_ = l.Err() // its lock is free
	}})
	if err != nil {
		t.Fatal(err)
	}
	appendN(t, l, 1, 20)
	if full == 0 || full > 20 {
		t.Errorf("OnFull called %d times", full)
	}
}

// A deferred entry (a move whose bot reply is queued next) is written with
// the first entry after it that waits, in one sync; it never holds up the
// entries queued after it whose Wait comes first, and its own Wait, or a
// Flush, writes it when nothing else does.
func TestDeferredEntries(t *testing.T) {
	t.Run("written with the next that waits", func(t *testing.T) {
		m := newMemFS()
		l, _ := openLog(t, m, 0, 0)
		m.syncs = 0
		move := l.QueueDeferred(record(1))
		if _, err := l.Append(record(2)); err != nil {
			t.Fatal(err)
		}
		if m.syncs != 1 {
			t.Fatalf("%d syncs for the reply, want 1", m.syncs)
		}
		if err := move.Wait(); err != nil {
			t.Fatal(err)
		}
		if m.syncs != 1 {
			t.Errorf("%d syncs for a move and its reply, want 1: the reply's write took the move", m.syncs)
		}
		wantRecords(t, readBack(t, m, l), 1, 2)
	})
	t.Run("its own wait writes it", func(t *testing.T) {
		m := newMemFS()
		l, _ := openLog(t, m, 0, 0)
		m.syncs = 0
		move := l.QueueDeferred(record(1))
		if got, _ := Read(m, path, l.Epoch(), 0); len(got) != 0 {
			t.Fatalf("%d records on disk before any wait", len(got))
		}
		if err := move.Wait(); err != nil {
			t.Fatal(err)
		}
		if got, _ := Read(m, path, l.Epoch(), 0); len(got) != 1 || m.syncs != 1 {
			t.Fatalf("%d records, %d syncs after its wait, want 1 and 1", len(got), m.syncs)
		}
	})
	t.Run("flushed", func(t *testing.T) {
		m := newMemFS()
		l, _ := openLog(t, m, 0, 0)
		move := l.QueueDeferred(record(1))
		if err := l.Flush(); err != nil {
			t.Fatal(err)
		}
		if got, _ := Read(m, path, l.Epoch(), 0); len(got) != 1 {
			t.Fatalf("%d records after Flush, want 1", len(got))
		}
		if err := move.Wait(); err != nil {
			t.Fatal(err)
		}
		if err := l.Flush(); err != nil { // nothing left: returns at once
			t.Fatal(err)
		}
	})
	t.Run("the lead passes over it", func(t *testing.T) {
		m := newMemFS()
		l, _ := openLog(t, m, 0, 0)
		m.syncGate = make(chan struct{})
		first := make(chan error)
		go func() { _, err := l.Append(record(1)); first <- err }()
		waitWriting(l)
		move := l.QueueDeferred(record(2))
		other := l.Queue(record(3)) // queued behind the deferred one
		close(m.syncGate)
		if err := <-first; err != nil {
			t.Fatal(err)
		}
		// The lead went to the other entry, not to the move whose Wait is
		// still to come: the other's Wait returns.
		if err := other.Wait(); err != nil {
			t.Fatal(err)
		}
		if err := move.Wait(); err != nil {
			t.Fatal(err)
		}
		wantRecords(t, readBack(t, m, l), 1, 3)
	})
	t.Run("written alone after DeferredFor", func(t *testing.T) {
		m := newMemFS()
		l, _, err := Open(path, 0, 0, Options{FS: m, FileSize: 1 << 12, FullAt: 1 << 11, DeferredFor: time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		move := l.QueueDeferred(record(1))
		for deadline := time.Now().Add(10 * time.Second); len(readBack(t, m, l)) == 0; time.Sleep(time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatal("a deferred entry nobody waited for was never written")
			}
		}
		if err := move.Wait(); err != nil {
			t.Fatal(err)
		}
		wantRecords(t, readBack(t, m, l), 1, 1)
	})
	t.Run("a failed write fails it", func(t *testing.T) {
		m := newMemFS()
		l, _ := openLog(t, m, 0, 0)
		move := l.QueueDeferred(record(1))
		m.failSync = true
		if _, err := l.Append(record(2)); err == nil {
			t.Fatal("the reply's write did not fail")
		}
		if err := move.Wait(); err == nil {
			t.Error("the move's Wait returned no error: it was not on disk")
		}
	})
}

// waitWriting returns once a batch is being written with nothing queued
// behind it: the first Append of a test holds it in its sync (syncGate).
func waitWriting(l *Log) {
	for {
		l.mu.Lock()
		writing := l.leading && len(l.queue) == 0 && l.next > 1
		l.mu.Unlock()
		if writing {
			return
		}
		runtime.Gosched()
	}
}

// readBack is what the log's files hold of its epoch.
func readBack(t *testing.T, m *memFS, l *Log) []Record {
	t.Helper()
	got, err := Read(m, path, l.Epoch(), 0)
	if err != nil {
		t.Fatal(err)
	}
	return got
}
