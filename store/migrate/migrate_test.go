package migrate

import (
	"errors"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/tablee/tablee/internal/pgtest"
	"github.com/tablee/tablee/store"
	"github.com/tablee/tablee/store/bolt"
	"github.com/tablee/tablee/store/postgres"
)

var cluster *pgtest.Cluster

func TestMain(m *testing.M) { pgtest.Main(m, func(c *pgtest.Cluster) { cluster = c }) }

// source is a real data file with open and finished tables and their logs,
// a deleted table, users and ratings.
func source(t *testing.T) *bolt.Store {
	st, err := bolt.Open(filepath.Join(t.TempDir(), "tablee.db"), bolt.Options{Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	at := time.Date(2026, 11, 21, 20, 0, 0, 123456789, time.UTC)
	for i := range 12 {
		id, _ := st.NewTableID()
		tb := store.Table{ID: id, Chat: fmt.Sprintf("telegram:-100%d", i%5), Game: "crackword", Data: []byte(fmt.Sprintf(`{"id":%d}`, id)),
			Seated: []string{"telegram:1", fmt.Sprintf("telegram:%d", 10+i)}, Due: at.Add(time.Duration(i) * time.Hour), Unshown: uint64(i % 3)}
		for seq := uint64(1); seq <= uint64(i*3); seq++ {
			if err := st.Save(tb, &store.Move{Seq: seq, At: at.Add(time.Duration(seq) * time.Second), Seat: int(seq % 2), User: "telegram:1", Text: fmt.Sprintf("move %d", seq)}); err != nil {
				t.Fatal(err)
			}
		}
		tb.Finished = i < 7 // one open table per chat: the last of each
		if err := st.Save(tb, nil); err != nil {
			t.Fatal(err)
		}
	}
	if err := st.DeleteTable(2); err != nil {
		t.Fatal(err)
	}
	for i := range 5 {
		if err := st.SaveUser(store.User{ID: fmt.Sprintf("telegram:%d", i), Data: []byte(`{"lang":"fr"}`)}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := st.Rate(1, []store.Rating{{Key: "crackword\x00*\x00telegram:1", Data: []byte("r1")}, {Key: "crackword\x00-1005\x00telegram:10", Data: []byte("r2")}}); err != nil {
		t.Fatal(err)
	}
	return st
}

func destination(t *testing.T) *postgres.Store {
	st, err := postgres.Open(cluster.Database(t), postgres.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// Everything is copied, checked, and copied again to the same result; the
// next table id follows the source's.
func TestCopyBoltToPostgres(t *testing.T) {
	src, dst := source(t), destination(t)
	n, err := Copy(src, dst, nil)
	if err != nil {
		t.Fatal(err)
	}
	if n.Tables != 11 || n.Moves != 3*(66-1) /* 3i moves for the i-th table, less the deleted one's 3 */ || n.Users != 5 || n.Ratings != 2 || n.Rated != 1 {
		t.Errorf("copied %s", n)
	}
	again, err := Copy(src, dst, nil)
	if err != nil || again != n {
		t.Errorf("a second run: %s, %v; the first %s", again, err, n)
	}
	if id, _ := dst.NewTableID(); id != 13 {
		t.Errorf("the next table id is %d, want 13", id)
	}
	if ok, _ := dst.Rate(1, nil); ok {
		t.Error("table 1 is rated twice")
	}
	open, _ := dst.OpenTables()
	if len(open) != 5 {
		t.Errorf("%d open tables, want 5", len(open))
	}
	// A copied table plays on: its next move is saved.
	if len(open) > 0 {
		tb := open[0]
		ms, _ := dst.Moves(tb.ID)
		if err := dst.Save(tb, &store.Move{Seq: uint64(len(ms)) + 1, At: time.Now(), Text: "the next move"}); err != nil {
			t.Errorf("a move of a copied table: %v", err)
		}
	}
	// The players of finished tables too: a player's games, open or not.
	if ids, err := dst.PlayedTables("telegram:1"); err != nil || len(ids) != 11 {
		t.Errorf("telegram:1 played %d tables in the copy (%v), want 11", len(ids), err)
	}
}

// A destination that differs from the source in one move fails the check.
func TestCheckFindsADifference(t *testing.T) {
	src, dst := source(t), destination(t)
	if _, err := Copy(src, dst, nil); err != nil {
		t.Fatal(err)
	}
	tb, _ := src.Table(12)
	moves, _ := src.Moves(12)
	moves[len(moves)-1].Text = "another move"
	if err := dst.ImportTable(tb, moves); err != nil {
		t.Fatal(err)
	}
	if err := Check(src, dst); !errors.Is(err, ErrDiffers) {
		t.Errorf("Check of a changed move: %v", err)
	}
}
