package bot

import (
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tablee/tablee/archive"
	"github.com/tablee/tablee/challenge/chat"
	"github.com/tablee/tablee/store"
)

// Games of the past, read from the store for /board after a game and a
// rematch; /history and /replay read them through the archive (package
// archive), which the core gives each table as an archive.Game. They are
// read-only copies: never put in memory with the tables being played,
// never saved.

// storedTable reads a table from the store, finished or not; nil when it
// is unknown or unreadable.
func (c *Core) storedTable(id uint64) *Table {
	rec, err := c.st.Table(id)
	if err == nil && chat.Is(rec.Chat) {
		return nil // an attempt at the daily challenge is no table
	}
	if err != nil {
		if !errors.Is(err, store.ErrNotFound) {
			c.log.Error("table not read", "table", id, "err", err)
		}
		return nil
	}
	t, err := loadTable(rec)
	if err != nil {
		c.log.Error("table not loaded", "table", id, "err", err)
		return nil
	}
	t.finishedAt = rec.FinishedAt
	return t
}

// lastGame is the chat's most recent table whose game began; nil when
// there is none.
func (c *Core) lastGame(chat string) *Table {
	// The archive finds it; the table it last opened is that one, kept
	// rather than read again.
	var last *Table
	a := archive.New(c.st, func(id uint64) (archive.Game, bool) {
		if last = c.storedTable(id); last == nil {
			return archive.Game{}, false
		}
		return last.archived(), true
	}, c.log)
	if _, ok := a.Last(chat); !ok {
		return nil
	}
	return last
}

// playedIndexStore is a store whose finished tables may name no users (a
// data file written before the store kept them): the store/bolt store.
type playedIndexStore interface {
	PlayedIndexComplete() (bool, error)
	SetPlayedIndexComplete() error
	NextTableID() (uint64, error)
}

// playedIndexWorkers save the finished tables of completePlayedIndex
// together: their saves share the store's fsyncs. BenchmarkNamePlayersOnce:
// 98 ms per thousand finished games with 32, 162 ms with 8.
const playedIndexWorkers = 32

// completePlayedIndex names, once, the users of every finished table whose
// record names none (finished before the store kept them), read from the
// table's data, so that /history in private lists a player's older games
// too; then it records that it is done. Each such table is saved once
// with its users, its data unchanged. It runs in New, before any table is
// played or shown, so no other save can meet it.
func (c *Core) completePlayedIndex() error {
	ps, ok := c.st.(playedIndexStore)
	if !ok {
		return nil
	}
	done, err := ps.PlayedIndexComplete()
	if err != nil || done {
		return err
	}
	next, err := ps.NextTableID()
	if err != nil {
		return fmt.Errorf("bot: naming the players of finished games: %w", err)
	}
	start := time.Now()
	var named atomic.Int64
	var failed atomic.Pointer[error]
	ids := make(chan uint64)
	var wg sync.WaitGroup
	for range playedIndexWorkers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for id := range ids {
				if ok, err := c.namePlayers(id); err != nil {
					failed.CompareAndSwap(nil, &err)
				} else if ok {
					named.Add(1)
				}
			}
		}()
	}
	for id := uint64(1); id < next && failed.Load() == nil; id++ {
		ids <- id
	}
	close(ids)
	wg.Wait()
	if err := failed.Load(); err != nil {
		return fmt.Errorf("bot: naming the players of finished games: %w", *err)
	}
	c.log.Info("players of finished games named, once", "tables", named.Load(), "took", time.Since(start).Round(time.Millisecond))
	return ps.SetPlayedIndexComplete()
}

// namePlayers saves a finished table that names no users with the users
// its data seats; false when there was nothing to do. A table that does
// not read is logged and left as it is (tablee check reports it).
func (c *Core) namePlayers(id uint64) (bool, error) {
	rec, err := c.st.Table(id)
	if errors.Is(err, store.ErrNotFound) {
		return false, nil
	}
	if err != nil {
		c.log.Error("table not read while naming its players", "table", id, "err", err)
		return false, nil
	}
	if !rec.Finished || len(rec.Seated) > 0 {
		return false, nil
	}
	var seats struct {
		Seats []Seat `json:"seats"`
	}
	if err := json.Unmarshal(rec.Data, &seats); err != nil {
		c.log.Error("table not read while naming its players", "table", id, "err", err)
		return false, nil
	}
	if rec.Seated = (&Table{Seats: seats.Seats}).seated(); len(rec.Seated) == 0 {
		return false, nil
	}
	return true, c.st.Save(rec, nil)
}
