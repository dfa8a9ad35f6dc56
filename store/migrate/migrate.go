// Package migrate copies everything one store holds into another (`tablee
// migrate --from bolt:FILE --to postgres:URL`) and checks the copy: the
// same counts, and the same checksum for every table with its log, every
// user and the ratings, read back through the destination's own Store
// methods (what the bot will read), not through what was written.
//
// A copy can be run again: the destination replaces what it holds under
// the same id or key, so a second run after an interrupted one, or after
// more games were played on the source, ends with the same destination as
// one run would. The source must not be played on while it is copied for
// the last time: stop the bot, copy, check, start it on the destination.
package migrate

import (
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"hash"
	"slices"
	"time"

	"github.com/tablee/tablee/store"
)

// Counts is what a copy wrote, or what a check compared.
type Counts struct {
	Tables, Moves, Users, Ratings, Rated int
}

func (c Counts) String() string {
	return fmt.Sprintf("%d tables, %d moves, %d users, %d ratings, %d rated games", c.Tables, c.Moves, c.Users, c.Ratings, c.Rated)
}

// Copy writes everything the source holds into the destination, then
// checks it (Check).
// progress, when not nil, is told after every 1,000 tables.
func Copy(from store.Exporter, to store.Importer, progress func(Counts)) (Counts, error) {
	var n Counts
	err := from.ExportTables(func(t store.Table, moves []store.Move) error {
		if err := to.ImportTable(t, moves); err != nil {
			return fmt.Errorf("migrate: table %d: %w", t.ID, err)
		}
		n.Tables++
		n.Moves += len(moves)
		if progress != nil && n.Tables%1000 == 0 {
			progress(n)
		}
		return nil
	})
	if err != nil {
		return n, err
	}
	err = from.ExportUsers(func(u store.User) error {
		if err := to.ImportUser(u); err != nil {
			return fmt.Errorf("migrate: user %s: %w", u.ID, err)
		}
		n.Users++
		return nil
	})
	if err != nil {
		return n, err
	}
	ratings, err := from.Ratings("")
	if err != nil {
		return n, err
	}
	rated, err := from.ExportRated()
	if err != nil {
		return n, err
	}
	if err := to.ImportRatings(ratings, rated); err != nil {
		return n, fmt.Errorf("migrate: ratings: %w", err)
	}
	n.Ratings, n.Rated = len(ratings), len(rated)
	next, err := from.NextTableID()
	if err != nil {
		return n, err
	}
	if err := to.ReserveTableIDs(next); err != nil {
		return n, fmt.Errorf("migrate: table ids: %w", err)
	}
	if err := Check(from, to); err != nil {
		return n, err
	}
	return n, nil
}

// ErrDiffers is wrapped by every difference Check finds.
var ErrDiffers = errors.New("migrate: the copy differs from the source")

// Check compares the source with the destination: every table of the
// source, with its log, every user and the ratings read back from the
// destination must have the same checksum, and the destination must hold
// no other table of the source's chats.
func Check(from store.Exporter, to store.Store) error {
	chats := map[string][]uint64{}
	err := from.ExportTables(func(t store.Table, moves []store.Move) error {
		chats[t.Chat] = append(chats[t.Chat], t.ID)
		got, err := to.Table(t.ID)
		if err != nil {
			return fmt.Errorf("%w: table %d: %v", ErrDiffers, t.ID, err)
		}
		gotMoves, err := to.Moves(t.ID)
		if err != nil {
			return fmt.Errorf("%w: moves of table %d: %v", ErrDiffers, t.ID, err)
		}
		if tableSum(t, moves) != tableSum(got, gotMoves) {
			return fmt.Errorf("%w: table %d (%d moves here, %d there)", ErrDiffers, t.ID, len(moves), len(gotMoves))
		}
		return nil
	})
	if err != nil {
		return err
	}
	for chat, ids := range chats {
		got, err := to.ChatTables(chat)
		if err != nil {
			return fmt.Errorf("%w: tables of chat %s: %v", ErrDiffers, chat, err)
		}
		if !slices.Equal(got, ids) {
			return fmt.Errorf("%w: chat %s has tables %v, the source %v", ErrDiffers, chat, got, ids)
		}
	}
	err = from.ExportUsers(func(u store.User) error {
		got, err := to.User(u.ID)
		if err != nil || string(got.Data) != string(u.Data) {
			return fmt.Errorf("%w: user %s", ErrDiffers, u.ID)
		}
		return nil
	})
	if err != nil {
		return err
	}
	want, err := from.Ratings("")
	if err != nil {
		return err
	}
	got, err := to.Ratings("")
	if err != nil {
		return err
	}
	if ratingsSum(want) != ratingsSum(got) {
		return fmt.Errorf("%w: ratings (%d here, %d there)", ErrDiffers, len(want), len(got))
	}
	return nil
}

// tableSum is the checksum of what the bot reads of a table and its log.
// Version is left out: it counts a store's own saves.
func tableSum(t store.Table, moves []store.Move) [32]byte {
	h := sha256.New()
	str(h, t.Chat)
	str(h, t.Game)
	flag(h, t.Finished)
	str(h, string(t.Data))
	when(h, t.FinishedAt)
	when(h, t.Due)
	seated := slices.Sorted(slices.Values(t.Seated)) // a set: its order is the store's
	num(h, uint64(len(seated)))
	for _, u := range seated {
		str(h, u)
	}
	num(h, t.Unshown)
	num(h, uint64(len(moves)))
	for _, m := range moves {
		num(h, m.Seq)
		when(h, m.At)
		num(h, uint64(m.Seat))
		str(h, m.User)
		str(h, m.Text)
	}
	return [32]byte(h.Sum(nil))
}

func ratingsSum(rs []store.Rating) [32]byte {
	h := sha256.New()
	for _, r := range rs {
		str(h, r.Key)
		str(h, string(r.Data))
	}
	return [32]byte(h.Sum(nil))
}

func str(h hash.Hash, s string) {
	num(h, uint64(len(s)))
	h.Write([]byte(s))
}

func num(h hash.Hash, n uint64) { h.Write(binary.BigEndian.AppendUint64(nil, n)) }

func flag(h hash.Hash, b bool) {
	if b {
		num(h, 1)
	} else {
		num(h, 0)
	}
}

// when hashes a time to the microsecond, in UTC: what both stores keep.
func when(h hash.Hash, t time.Time) {
	if t.IsZero() {
		num(h, 0)
		return
	}
	num(h, uint64(t.UTC().UnixMicro()))
}
