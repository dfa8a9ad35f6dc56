package bolt

import (
	"bytes"
	"path/filepath"
	"runtime"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	bbolt "go.etcd.io/bbolt"

	"github.com/tablee/tablee/store"
)

// The size of one real save: a table record of about 2 KB (seats, settings
// and engine state) and a move of about 100 bytes.
var (
	benchData = bytes.Repeat([]byte("0123456789abcdef"), 128) // 2048 bytes
	benchText = string(bytes.Repeat([]byte("m"), 64))         // + seat, user, time: ~100 bytes encoded
)

func benchMove(seq uint64) *store.Move {
	return &store.Move{Seq: seq, At: time.Now().UTC(), Seat: 1, User: "discord:123456789012345678", Text: benchText}
}

// BenchmarkBoltUpdate is the reference: one fsync'd bbolt Update writing as
// many bytes as one Save (a 2 KB value and a 100-byte appended value), with
// none of the store's work around it.
func BenchmarkBoltUpdate(b *testing.B) {
	db, err := bbolt.Open(filepath.Join(b.TempDir(), "raw.db"), 0o600, nil)
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	move := bytes.Repeat([]byte("m"), 100)
	if err := db.Update(func(tx *bbolt.Tx) error {
		_, err := tx.CreateBucket([]byte("tables"))
		if err == nil {
			_, err = tx.CreateBucket([]byte("moves"))
		}
		return err
	}); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	seq := uint64(0)
	for b.Loop() {
		seq++
		if err := db.Update(func(tx *bbolt.Tx) error {
			if err := tx.Bucket([]byte("tables")).Put(key(1), benchData); err != nil {
				return err
			}
			return tx.Bucket([]byte("moves")).Put(key(seq), move)
		}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSave is one table saving move after move, alone: the latency of
// a move when nothing else is happening (the batch delay plus one commit).
func BenchmarkSave(b *testing.B) {
	s, err := Open(filepath.Join(b.TempDir(), "tablee.db"), Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	id, err := s.NewTableID()
	if err != nil {
		b.Fatal(err)
	}
	tb := store.Table{ID: id, Chat: "discord:123456789012345678", Game: "crackword", Data: benchData}
	b.ReportAllocs()
	seq := uint64(0)
	for b.Loop() {
		seq++
		if err := s.Save(tb, benchMove(seq)); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSaveParallel is 1,000 tables each saving as fast as it can, one
// goroutine per table: the throughput ceiling when batches share fsyncs.
func BenchmarkSaveParallel(b *testing.B) {
	const tables = 1000
	s, err := Open(filepath.Join(b.TempDir(), "tablee.db"), Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	ids := make([]uint64, tables)
	for i := range ids {
		if ids[i], err = s.NewTableID(); err != nil {
			b.Fatal(err)
		}
	}
	txid := func() int {
		var id int
		_ = s.db.View(func(tx *bbolt.Tx) error { id = tx.ID(); return nil })
		return id
	}
	var next atomic.Int64
	b.SetParallelism((tables + runtime.GOMAXPROCS(0) - 1) / runtime.GOMAXPROCS(0))
	b.ReportAllocs()
	start := txid()
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		i := next.Add(1) - 1
		if i >= tables {
			for pb.Next() {
				b.Error("more goroutines than tables")
			}
			return
		}
		tb := store.Table{ID: ids[i], Chat: "discord:" + strconv.FormatInt(i, 10), Game: "belote", Data: benchData}
		seq := uint64(0)
		for pb.Next() {
			seq++
			if err := s.Save(tb, benchMove(seq)); err != nil {
				b.Error(err)
				return
			}
		}
	})
	b.StopTimer()
	commits := txid() - start
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "saves/s")
	if commits > 0 {
		b.ReportMetric(float64(b.N)/float64(commits), "saves/commit")
	}
}
