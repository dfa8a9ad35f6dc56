package bolt

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	bbolt "go.etcd.io/bbolt"

	"github.com/tablee/tablee/store"
)

// What finished games cost on disk, measured on real games: the move logs
// and final states in testdata/games were played to the end by `tablee
// local` (a person's seat played by /auto against a bot player), one game
// of each kind. The figures are in docs/persistence.md.

type sizeGame struct {
	name  string
	state []byte // the bot's record of the table (seats, settings, engine state)
	moves []sizeMove
}

type sizeMove struct {
	seat int
	text string
}

func loadSizeGames(tb testing.TB) []sizeGame {
	tb.Helper()
	var games []sizeGame
	for _, name := range []string{"crackword", "wordsout", "escogriffe", "coquillaude", "motsdetete"} {
		g := sizeGame{name: name}
		var err error
		if g.state, err = os.ReadFile(filepath.Join("testdata", "games", name+".json")); err != nil {
			tb.Fatal(err)
		}
		f, err := os.Open(filepath.Join("testdata", "games", name+".moves"))
		if err != nil {
			tb.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			seat, text, ok := strings.Cut(sc.Text(), "\t")
			n, err := strconv.Atoi(seat)
			if !ok || err != nil {
				tb.Fatalf("%s.moves: %q", name, sc.Text())
			}
			g.moves = append(g.moves, sizeMove{seat: n, text: text})
		}
		f.Close()
		games = append(games, g)
	}
	return games
}

// sizeScenario makes the saves of `games` games of `perGame` moves each,
// `atOnce` tables playing at the same time (their moves interleaved, as
// the logs of tables playing at once are on disk), and calls save with
// each, in order. Table i plays the moves of real game i%5 (again from
// the start when its log is shorter than perGame); seat 0 is a person
// (a Discord id), seat 1 a bot player at even tables and a second person
// at odd ones; a person's move comes 5 to 90 seconds after the move
// before, a bot's 1 to 50 milliseconds after (in the same command). The
// table is saved before its first move (the lobby), then with every move,
// its last move finishing it.
func sizeScenario(real []sizeGame, games, perGame, atOnce int, newID func() (uint64, error), save func(store.Table, *store.Move) error) error {
	rng := rand.New(rand.NewPCG(7, 11))
	type playing struct {
		t   store.Table
		g   sizeGame
		seq uint64
		at  time.Time
		odd bool
	}
	started := 0
	start := func() (*playing, error) {
		id, err := newID()
		if err != nil {
			return nil, err
		}
		i := started
		started++
		g := real[i%len(real)]
		p := &playing{g: g, odd: i%2 == 1, at: time.Date(2026, 3, 1, 20, 0, 0, 0, time.UTC).Add(time.Duration(i) * 37 * time.Second),
			t: store.Table{ID: id, Chat: fmt.Sprintf("discord:13%016d", 4000000+i), Game: g.name, Data: g.state}}
		return p, save(p.t, nil)
	}
	var active []*playing
	for len(active) < atOnce && started < games {
		p, err := start()
		if err != nil {
			return err
		}
		active = append(active, p)
	}
	for len(active) > 0 {
		k := rng.IntN(len(active))
		p := active[k]
		m := p.g.moves[int(p.seq)%len(p.g.moves)]
		p.seq++
		user := ""
		switch {
		case m.seat%2 == 0:
			user = fmt.Sprintf("discord:2%017d", 1000+m.seat)
		case p.odd:
			user = fmt.Sprintf("discord:3%017d", 1000+m.seat)
		}
		if user == "" {
			// A bot player answers in the command that gave it the turn.
			p.at = p.at.Add(time.Duration(1+rng.IntN(50)) * time.Millisecond)
		} else {
			p.at = p.at.Add(time.Duration(5+rng.IntN(86)) * time.Second)
		}
		p.t.Finished = p.seq == uint64(perGame)
		if err := save(p.t, &store.Move{Seq: p.seq, At: p.at, Seat: m.seat, User: user, Text: m.text}); err != nil {
			return err
		}
		if !p.t.Finished {
			continue
		}
		if started < games {
			np, err := start()
			if err != nil {
				return err
			}
			active[k] = np
		} else {
			active = append(active[:k], active[k+1:]...)
		}
	}
	return nil
}

// diskUse is what a bbolt file holds: the bytes of its pages in use (the
// high-water mark less the free pages) and of the move log's pages.
type diskUse struct {
	used, log int64
	// logFill and tablesFill are the share of their buckets' leaf pages
	// that holds data.
	logFill, tablesFill float64
}

func measureDisk(db *bbolt.DB, logBucket []byte) (diskUse, error) {
	var d diskUse
	err := db.View(func(tx *bbolt.Tx) error {
		s := tx.Bucket(logBucket).Stats()
		d.log = int64(s.BranchAlloc + s.LeafAlloc)
		d.logFill = float64(s.LeafInuse) / float64(max(s.LeafAlloc, 1))
		ts := tx.Bucket(bTables).Stats()
		d.tablesFill = float64(ts.LeafInuse) / float64(max(ts.LeafAlloc, 1))
		d.used = tx.Size()
		return nil
	})
	st := db.Stats()
	d.used -= int64(st.FreePageN+st.PendingPageN) * int64(db.Info().PageSize)
	return d, err
}

// compacted is the disk use of a compacted copy of db (what `tablee
// compact` leaves).
func compacted(tb testing.TB, db *bbolt.DB, logBucket []byte) diskUse {
	tb.Helper()
	dst, err := bbolt.Open(filepath.Join(tb.TempDir(), "compact.db"), 0o600, &bbolt.Options{NoSync: true})
	if err != nil {
		tb.Fatal(err)
	}
	defer dst.Close()
	if err := bbolt.Compact(dst, db, 0); err != nil {
		tb.Fatal(err)
	}
	d, err := measureDisk(dst, logBucket)
	if err != nil {
		tb.Fatal(err)
	}
	return d
}

const (
	sizeGames   = 100
	sizeMoves   = 300 // moves per game, as the size goals are stated
	sizeAtOnce  = 20
	sizeTotalMv = sizeGames * sizeMoves
)

func reportDisk(b *testing.B, live, comp diskUse) {
	b.ReportMetric(float64(live.log)/sizeTotalMv, "B/move")
	b.ReportMetric(float64(live.used)/sizeGames/1024, "KB/game")
	b.ReportMetric(float64(comp.log)/sizeTotalMv, "B/move-compacted")
	b.ReportMetric(float64(comp.used)/sizeGames/1024, "KB/game-compacted")
	b.ReportMetric(100*live.logFill, "%log-fill")
	b.ReportMetric(100*live.tablesFill, "%tables-fill")
}

// BenchmarkDiskPerGame plays 100 finished games of 300 moves, 20 tables
// at a time, through Save (fsync off: it changes no byte of the file) and
// reports the disk they take: the move log's pages per move, the file's
// pages in use per finished game (table record, log, indexes), and the
// same after compaction. "current" is the layout this store writes;
// "schema1" writes the same saves in schema 1's layout (a nested bucket per
// log, a key and a full record per move) for comparison.
func BenchmarkDiskPerGame(b *testing.B) {
	real := loadSizeGames(b)
	b.Run("current", func(b *testing.B) {
		var live, comp diskUse
		for b.Loop() {
			s, err := Open(filepath.Join(b.TempDir(), "tablee.db"), Options{NoSync: true})
			if err != nil {
				b.Fatal(err)
			}
			if err := sizeScenario(real, sizeGames, sizeMoves, sizeAtOnce, s.NewTableID, s.savedAsAServer); err != nil {
				b.Fatal(err)
			}
			if live, err = measureDisk(s.db, bLog); err != nil {
				b.Fatal(err)
			}
			comp = compacted(b, s.db, bLog)
			s.Close()
		}
		reportDisk(b, live, comp)
	})
	b.Run("schema1", func(b *testing.B) {
		var live, comp diskUse
		for b.Loop() {
			db, err := bbolt.Open(filepath.Join(b.TempDir(), "v1.db"), 0o600, &bbolt.Options{NoSync: true})
			if err != nil {
				b.Fatal(err)
			}
			w := &v1Writer{db: db}
			if err := sizeScenario(real, sizeGames, sizeMoves, sizeAtOnce, w.newID, w.save); err != nil {
				b.Fatal(err)
			}
			if live, err = measureDisk(db, bMovesV1); err != nil {
				b.Fatal(err)
			}
			comp = compacted(b, db, bMovesV1)
			db.Close()
		}
		reportDisk(b, live, comp)
	})
}

// v1Writer saves as schema 1 did (migrate.go describes the layout): a
// record per move under its sequence number in the table's own nested
// bucket, the whole table record rewritten on each save, one transaction
// per save.
type v1Writer struct {
	db   *bbolt.DB
	next uint64
}

func (w *v1Writer) newID() (uint64, error) { w.next++; return w.next, nil }

func (w *v1Writer) save(t store.Table, m *store.Move) error {
	return w.db.Update(func(tx *bbolt.Tx) error {
		tables, err := tx.CreateBucketIfNotExists(bTables)
		if err != nil {
			return err
		}
		rec := []byte{recordVersionV1, 0}
		if t.Finished {
			rec[1] = flagFinished
		}
		rec = appendString(rec, t.Chat)
		rec = appendString(rec, t.Game)
		rec = appendBytes(rec, t.Data)
		if err := tables.Put(key(t.ID), seal(nil, rec)); err != nil {
			return err
		}
		chats, err := tx.CreateBucketIfNotExists(bChatsV1)
		if err != nil {
			return err
		}
		history, err := chats.CreateBucketIfNotExists([]byte(t.Chat))
		if err != nil {
			return err
		}
		history.FillPercent = appendFill
		if err := history.Put(key(t.ID), []byte{}); err != nil {
			return err
		}
		if m == nil {
			return nil
		}
		moves, err := tx.CreateBucketIfNotExists(bMovesV1)
		if err != nil {
			return err
		}
		log, err := moves.CreateBucketIfNotExists(key(t.ID))
		if err != nil {
			return err
		}
		log.FillPercent = appendFill
		mv := []byte{recordVersionV1}
		mv = binary.AppendUvarint(mv, m.Seq)
		mv = binary.AppendVarint(mv, m.At.UnixNano())
		mv = binary.AppendVarint(mv, int64(m.Seat))
		mv = appendString(mv, m.User)
		mv = appendString(mv, m.Text)
		return log.Put(key(m.Seq), seal(nil, mv))
	})
}

// TestV1WriterWritesSchema1: the schema 1 writer of the size benchmark
// writes records schema 1's reader reads back, so that the comparison is
// with the real layout.
func TestV1WriterWritesSchema1(t *testing.T) {
	db, err := bbolt.Open(filepath.Join(t.TempDir(), "v1.db"), 0o600, &bbolt.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	w := &v1Writer{db: db}
	at := time.Date(2026, 3, 1, 20, 0, 0, 0, time.UTC)
	tb := store.Table{ID: 1, Chat: "discord:5", Game: "crackword", Finished: true, Data: []byte(`{"x":1}`)}
	m := &store.Move{Seq: 1, At: at, Seat: 1, User: "discord:7", Text: "E droite 2 maison"}
	if err := w.save(tb, m); err != nil {
		t.Fatal(err)
	}
	err = db.View(func(tx *bbolt.Tx) error {
		got, err := decodeTableV1(1, tx.Bucket(bTables).Get(key(1)))
		if err != nil || got.Chat != tb.Chat || !got.Finished || string(got.Data) != string(tb.Data) {
			t.Errorf("table read back: %+v %v", got, err)
		}
		var moves []store.Move
		if err := readLogV1(tx.Bucket(bMovesV1), 1, func(m store.Move) error { moves = append(moves, m); return nil }, nil); err != nil {
			return err
		}
		if len(moves) != 1 || moves[0] != *m {
			t.Errorf("moves read back: %+v", moves)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// savedAsAServer saves as a server playing the scenario's tables does: its
// journal is written into the file about once a second (checkpoint.go),
// and at the scenario's pace (20 tables at once, a person's move every 5 to
// 90 s, under one save a second) nearly every checkpoint holds one save.
// Left to the store's own clock, the benchmark, which plays its 30,000
// saves in a fraction of a second, would write them in a few checkpoints
// of thousands, filling pages far better than a server at this pace does.
func (s *Store) savedAsAServer(t store.Table, m *store.Move) error {
	if err := s.Save(t, m); err != nil {
		return err
	}
	return s.checkpoint()
}

// TestSizeScenario: the benchmark's games are whole: every table finished
// with perGame moves, its log read back in order, with real move texts.
func TestSizeScenario(t *testing.T) {
	s := openTest(t, tempPath(t))
	defer s.Close()
	real := loadSizeGames(t)
	if err := sizeScenario(real, 12, 40, 5, s.NewTableID, s.Save); err != nil {
		t.Fatal(err)
	}
	for id := uint64(1); id <= 12; id++ {
		tb, err := s.Table(id)
		if err != nil || !tb.Finished {
			t.Fatalf("table %d: %+v %v", id, tb, err)
		}
		moves, err := s.Moves(id)
		if err != nil || len(moves) != 40 {
			t.Fatalf("table %d: %d moves, %v", id, len(moves), err)
		}
		g := real[(id-1)%uint64(len(real))]
		if moves[0].Text != g.moves[0].text || moves[39].Text != g.moves[39%len(g.moves)].text {
			t.Errorf("table %d (%s): moves %q ... %q", id, g.name, moves[0].Text, moves[39].Text)
		}
	}
}

// BenchmarkCompact is `tablee compact` on a file of 400 finished games of
// 300 moves written as BenchmarkDiskPerGame writes them, the first half
// finished 100 days ago: the time it takes (ns/op), and the file's size
// before and after, per game, with no retention ("keep") and with a
// retention of 90 days (the older half deleted first). Sizes are those of
// the files, which bbolt grows ahead of need (doubling up to 16 MB, then
// 16 MB at a time).
func BenchmarkCompact(b *testing.B) {
	const games = 400
	real := loadSizeGames(b)
	src := filepath.Join(b.TempDir(), "tablee.db")
	clock := time.Now().Add(-100 * 24 * time.Hour)
	s, err := Open(src, Options{NoSync: true, Now: func() time.Time { return clock }})
	if err != nil {
		b.Fatal(err)
	}
	finished := 0
	err = sizeScenario(real, games, sizeMoves, sizeAtOnce, s.NewTableID, func(t store.Table, m *store.Move) error {
		err := s.savedAsAServer(t, m)
		if t.Finished {
			if finished++; finished == games/2 {
				clock = time.Now() // the second half of the games finishes today
			}
		}
		return err
	})
	if err != nil {
		b.Fatal(err)
	}
	s.Close()
	data, err := os.ReadFile(src)
	if err != nil {
		b.Fatal(err)
	}
	for _, tc := range []struct {
		name      string
		retention time.Duration
		deleted   int
	}{{"keep", 0, 0}, {"retention90d", 90 * 24 * time.Hour, games / 2}} {
		b.Run(tc.name, func(b *testing.B) {
			var res Compaction
			for b.Loop() {
				b.StopTimer()
				path := filepath.Join(b.TempDir(), "tablee.db")
				if err := os.WriteFile(path, data, 0o600); err != nil {
					b.Fatal(err)
				}
				b.StartTimer()
				if res, err = Compact(path, tc.retention, Options{}); err != nil {
					b.Fatal(err)
				}
			}
			if res.Deleted != tc.deleted {
				b.Fatalf("retention deleted %d games, want %d", res.Deleted, tc.deleted)
			}
			b.ReportMetric(float64(res.Before)/(1<<20), "MB-before")
			b.ReportMetric(float64(res.After)/(1<<20), "MB-after")
		})
	}
}
