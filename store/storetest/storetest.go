// Package storetest is the store contract's test suite (store/store.go),
// run against every store: store/bolt and store/postgres. What a store must
// do is written once, here; each store's own tests cover what only it has
// (bolt's journal and damaged files, postgres's schema and leases).
package storetest

import (
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/tablee/tablee/store"
)

// Opener opens the store under test, empty, and closes it at the test's
// end. Reopen, when not nil, closes and opens the same store again (what a
// restart reads back).
type Opener struct {
	Open   func(t *testing.T) store.Store
	Reopen func(t *testing.T, st store.Store) store.Store
}

// Run runs the contract's tests.
func Run(t *testing.T, o Opener) {
	t.Run("SaveAndRead", func(t *testing.T) { saveAndRead(t, o) })
	t.Run("OneOpenTablePerChat", func(t *testing.T) { oneOpenTable(t, o.Open(t)) })
	t.Run("MovesInSequence", func(t *testing.T) { movesInSequence(t, o.Open(t)) })
	t.Run("UnknownIDRefused", func(t *testing.T) { unknownID(t, o.Open(t)) })
	t.Run("Indexes", func(t *testing.T) { indexes(t, o.Open(t)) })
	t.Run("PlayedTables", func(t *testing.T) { played(t, o.Open(t)) })
	t.Run("Unshown", func(t *testing.T) { unshown(t, o.Open(t)) })
	t.Run("Users", func(t *testing.T) { users(t, o.Open(t)) })
	t.Run("RatingsOnce", func(t *testing.T) { ratingsOnce(t, o.Open(t)) })
	t.Run("Delete", func(t *testing.T) { deleteTable(t, o.Open(t)) })
	t.Run("DeleteOpenTable", func(t *testing.T) { deleteOpenTable(t, o.Open(t)) })
	if o.Reopen != nil {
		t.Run("SurvivesReopen", func(t *testing.T) { survivesReopen(t, o) })
	}
	t.Run("Claim", func(t *testing.T) {
		st, ok := o.Open(t).(store.Deduper)
		if !ok {
			t.Fatal("the store does not remember events (store.Deduper)")
		}
		claims(t, st, st)
	})
	t.Run("PlayedWithSave", func(t *testing.T) { playedWithSave(t, o) })
}

// playedWithSave checks Table.Played: the events a save plays are played
// once it returns, also after a restart, and a refused save records none.
func playedWithSave(t *testing.T, o Opener) {
	st := o.Open(t)
	d, ok := st.(store.Deduper)
	if !ok {
		t.Fatal("the store does not remember events (store.Deduper)")
	}
	check := func(d store.Deduper, key string, want store.Claim) {
		t.Helper()
		if got, err := d.Claim(key, time.Minute); got != want || err != nil {
			t.Errorf("Claim(%s) = %v, %v; want %v", key, got, err, want)
		}
	}
	check(d, "telegram:1:50", store.ClaimFresh)
	a := newTable(t, st, "local:a")
	a.Played = []string{"telegram:1:50"}
	a = save(t, st, a, move(1, "A1"))
	check(d, "telegram:1:50", store.ClaimPlayed)
	// A key never claimed (the claim could not be asked) is recorded too.
	a.Played = []string{"telegram:1:51"}
	a = save(t, st, a, move(2, "B2"))
	check(d, "telegram:1:51", store.ClaimPlayed)
	// Refused (a move out of sequence): nothing recorded.
	a.Played = []string{"telegram:1:52", "telegram:1:53"}
	if err := st.Save(a, move(7, "C7")); !errors.Is(err, store.ErrMoveSeq) {
		t.Fatalf("a move out of sequence: %v, want ErrMoveSeq", err)
	}
	check(d, "telegram:1:52", store.ClaimFresh)
	if err := d.Played("telegram:1:50"); err != nil { // played already: no harm
		t.Fatal(err)
	}
	if o.Reopen != nil {
		st = o.Reopen(t, st)
		d = st.(store.Deduper)
	}
	check(d, "telegram:1:50", store.ClaimPlayed)
	check(d, "telegram:1:51", store.ClaimPlayed)
	// 52 is claimed (above), 53 new: neither was played.
	for _, k := range []string{"telegram:1:52", "telegram:1:53"} {
		if c, err := d.Claim(k, time.Minute); c == store.ClaimPlayed || err != nil {
			t.Errorf("Claim(%s) after a refused save = %v, %v", k, c, err)
		}
	}
	if moves, err := st.Moves(a.ID); err != nil || len(moves) != 2 {
		t.Errorf("the log: %+v, %v", moves, err)
	}
	// A table read back carries no events.
	if got, err := st.Table(a.ID); err != nil || got.Played != nil {
		t.Errorf("read back: %v, %v", got.Played, err)
	}
}

// claims checks Deduper.Claim and Played; p and q are the same store, or
// two processes' stores of one database.
func claims(t *testing.T, p, q store.Deduper) {
	t.Helper()
	check := func(st store.Deduper, key string, lease time.Duration, want store.Claim) {
		t.Helper()
		if got, err := st.Claim(key, lease); got != want || err != nil {
			t.Errorf("Claim(%s) = %v, %v; want %v", key, got, err, want)
		}
	}
	check(p, "telegram:1:42", time.Minute, store.ClaimFresh)
	check(q, "telegram:1:42", time.Minute, store.ClaimHeld) // being played
	check(q, "telegram:1:43", time.Minute, store.ClaimFresh)
	if err := p.Played("telegram:1:42"); err != nil {
		t.Fatal(err)
	}
	check(q, "telegram:1:42", time.Minute, store.ClaimPlayed)
	check(p, "telegram:1:42", time.Minute, store.ClaimPlayed)
	// Claimed by a process that stopped before playing it: once the lease
	// passed, it is played again.
	check(p, "telegram:1:44", time.Millisecond, store.ClaimFresh)
	time.Sleep(20 * time.Millisecond)
	check(q, "telegram:1:44", time.Minute, store.ClaimFresh)
	check(p, "telegram:1:44", time.Minute, store.ClaimHeld)
}

var t0 = time.Date(2026, 11, 21, 20, 0, 0, 0, time.UTC)

func newTable(t *testing.T, st store.Store, chat string) store.Table {
	t.Helper()
	id, err := st.NewTableID()
	if err != nil {
		t.Fatal(err)
	}
	return store.Table{ID: id, Chat: chat, Game: "tictactoe", Data: []byte(`{"n":0}`)}
}

// save saves and returns the table as the caller holds it afterwards.
func save(t *testing.T, st store.Store, tb store.Table, mv *store.Move) store.Table {
	t.Helper()
	if err := st.Save(tb, mv); err != nil {
		t.Fatalf("save of table %d: %v", tb.ID, err)
	}
	if _, shared := st.(store.Shared); shared {
		tb.Version++
	}
	return tb
}

func move(seq uint64, text string) *store.Move {
	return &store.Move{Seq: seq, At: t0.Add(time.Duration(seq) * time.Second), Seat: int(seq % 2), User: "local:alice", Text: text}
}

func saveAndRead(t *testing.T, o Opener) {
	st := o.Open(t)
	a := newTable(t, st, "local:a")
	a.Seated, a.Due = []string{"local:alice", "local:bob"}, t0.Add(time.Hour)
	a = save(t, st, a, nil)
	a.Data = []byte(`{"n":1}`)
	a = save(t, st, a, move(1, "A1"))
	if o.Reopen != nil {
		st = o.Reopen(t, st)
	}
	got, err := st.Table(a.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.Chat != a.Chat || got.Game != a.Game || string(got.Data) != `{"n":1}` || got.Finished ||
		!got.Due.Equal(a.Due) || !slices.Equal(got.Seated, a.Seated) || !got.FinishedAt.IsZero() {
		t.Errorf("read back %+v, saved %+v", got, a)
	}
	open, err := st.OpenTable("local:a")
	if err != nil || open.ID != a.ID {
		t.Errorf("OpenTable = %d, %v", open.ID, err)
	}
	moves, err := st.Moves(a.ID)
	if err != nil || len(moves) != 1 || moves[0].Text != "A1" || !moves[0].At.Equal(t0.Add(time.Second)) || moves[0].User != "local:alice" {
		t.Errorf("Moves = %+v, %v", moves, err)
	}
	// Finished: out of the open index, FinishedAt set once by the store.
	a.Finished = true
	before := time.Now().Add(-time.Second)
	a = save(t, st, a, nil)
	got, _ = st.Table(a.ID)
	first := got.FinishedAt
	if first.Before(before.Truncate(time.Second)) || first.After(time.Now()) {
		t.Errorf("FinishedAt = %v", first)
	}
	a = save(t, st, a, nil)
	if got, _ = st.Table(a.ID); !got.FinishedAt.Equal(first) {
		t.Errorf("FinishedAt moved from %v to %v", first, got.FinishedAt)
	}
	if _, err := st.OpenTable("local:a"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a finished table is still open: %v", err)
	}
	if _, err := st.Table(a.ID + 100); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Table of an unknown id: %v", err)
	}
	if _, err := st.Moves(a.ID + 100); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Moves of an unknown id: %v", err)
	}
}

func oneOpenTable(t *testing.T, st store.Store) {
	a := save(t, st, newTable(t, st, "local:a"), nil)
	b := newTable(t, st, "local:a")
	if err := st.Save(b, nil); !errors.Is(err, store.ErrChatBusy) {
		t.Fatalf("a second open table in one chat: %v, want ErrChatBusy", err)
	}
	a.Finished = true
	save(t, st, a, nil)
	save(t, st, b, nil)
	ids, err := st.ChatTables("local:a")
	if err != nil || !slices.Equal(ids, []uint64{a.ID, b.ID}) {
		t.Errorf("ChatTables = %v, %v; want %d, %d", ids, err, a.ID, b.ID)
	}
}

func movesInSequence(t *testing.T, st store.Store) {
	a := save(t, st, newTable(t, st, "local:a"), nil)
	if moves, err := st.Moves(a.ID); len(moves) != 0 || err != nil {
		t.Errorf("Moves of a table without a move = %+v, %v", moves, err)
	}
	a = save(t, st, a, move(1, "A1"))
	for _, bad := range []uint64{1, 3} {
		if err := st.Save(a, move(bad, "X")); !errors.Is(err, store.ErrMoveSeq) {
			t.Errorf("move %d after move 1: %v, want ErrMoveSeq", bad, err)
		}
	}
	a = save(t, st, a, move(2, "B2"))
	moves, err := st.Moves(a.ID)
	if err != nil || len(moves) != 2 || moves[1].Seq != 2 || moves[1].Text != "B2" {
		t.Errorf("Moves = %+v, %v", moves, err)
	}
}

func unknownID(t *testing.T, st store.Store) {
	if err := st.Save(store.Table{ID: 1000, Chat: "local:a", Game: "x", Data: []byte("{}")}, nil); !errors.Is(err, store.ErrBadTable) {
		t.Errorf("a table whose id NewTableID never gave: %v, want ErrBadTable", err)
	}
	a, _ := st.NewTableID()
	b, _ := st.NewTableID()
	if b <= a {
		t.Errorf("NewTableID gave %d then %d", a, b)
	}
}

// played: a player's games are every table, finished or not, whose last
// save seated him; one who left before the end is out of it, a deleted
// table leaves every list.
func played(t *testing.T, st store.Store) {
	want := func(user string, ids ...uint64) {
		t.Helper()
		if got, err := st.PlayedTables(user); err != nil || !slices.Equal(got, ids) {
			t.Errorf("PlayedTables(%s) = %v, %v; want %v", user, got, err, ids)
		}
	}
	a := newTable(t, st, "local:a")
	a.Seated = []string{"local:alice", "local:bob"}
	a = save(t, st, a, nil)
	b := newTable(t, st, "local:b")
	b.Seated = []string{"local:alice"}
	b = save(t, st, b, nil)
	want("local:alice", a.ID, b.ID)
	want("local:bob", a.ID)
	want("local:al") // not a prefix match
	a.Seated, a.Finished = []string{"local:alice", "local:carol"}, true
	a = save(t, st, a, move(1, "a1"))
	want("local:alice", a.ID, b.ID)
	want("local:bob")
	want("local:carol", a.ID)
	if got, err := st.Table(a.ID); err != nil || !slices.Equal(got.Seated, a.Seated) {
		t.Errorf("a finished table reads back seated %v, %v; want %v", got.Seated, err, a.Seated)
	}
	if err := st.DeleteTable(a.ID); err != nil {
		t.Fatal(err)
	}
	want("local:alice", b.ID)
	want("local:carol")
}

func indexes(t *testing.T, st store.Store) {
	a := newTable(t, st, "local:a")
	a.Seated, a.Due = []string{"local:alice"}, t0.Add(2*time.Hour)
	a = save(t, st, a, nil)
	b := newTable(t, st, "local:b")
	b.Seated, b.Due = []string{"local:alice", "local:bob"}, t0.Add(time.Hour)
	b = save(t, st, b, nil)
	c := save(t, st, newTable(t, st, "local:c"), nil) // never due
	if ids, _ := st.SeatedTables("local:alice"); !slices.Equal(ids, []uint64{a.ID, b.ID}) {
		t.Errorf("alice's tables: %v", ids)
	}
	due, err := st.Due(t0.Add(90*time.Minute), 0)
	if err != nil || len(due) != 1 || due[0].ID != b.ID || !due[0].At.Equal(b.Due) {
		t.Errorf("Due = %+v, %v", due, err)
	}
	if due, _ = st.Due(t0.Add(3*time.Hour), 1); len(due) != 1 || due[0].ID != b.ID {
		t.Errorf("Due, limit 1: %+v", due)
	}
	// "Not after": a table due at the very time asked for is due.
	if due, _ = st.Due(a.Due, 0); len(due) != 2 || due[0].ID != b.ID || due[1].ID != a.ID || !due[1].At.Equal(a.Due) {
		t.Errorf("Due(a's due time) = %+v; want b then a, earliest first", due)
	}
	if due, _ = st.Due(b.Due.Add(-time.Millisecond), 0); len(due) != 0 {
		t.Errorf("Due before anything is due = %+v", due)
	}
	if next, ok, err := st.NextDue(); !ok || err != nil || !next.Equal(b.Due) {
		t.Errorf("NextDue = %v, %v, %v", next, ok, err)
	}
	open, _ := st.OpenTables()
	if len(open) != 3 || open[0].ID != a.ID || open[2].ID != c.ID {
		t.Errorf("OpenTables: %d tables", len(open))
	}
	// A finished table is no longer due nor seated anyone's.
	b.Finished = true
	b = save(t, st, b, nil)
	if ids, _ := st.SeatedTables("local:bob"); len(ids) != 0 {
		t.Errorf("bob's tables after the end: %v", ids)
	}
	if due, _ := st.Due(t0.Add(90*time.Minute), 0); len(due) != 0 {
		t.Errorf("a finished table is due: %+v", due)
	}
	if next, ok, _ := st.NextDue(); !ok || !next.Equal(a.Due) {
		t.Errorf("NextDue after the end = %v, %v", next, ok)
	}
	if open, _ := st.OpenTables(); len(open) != 2 || open[0].ID != a.ID || open[1].ID != c.ID {
		t.Errorf("OpenTables after b's end: %d tables", len(open))
	}
	// Moving a deadline moves the table in the index; no deadline, out of it.
	a.Due = t0.Add(4 * time.Hour)
	a = save(t, st, a, nil)
	if due, _ := st.Due(t0.Add(3*time.Hour), 0); len(due) != 0 {
		t.Errorf("a deadline moved later is still due at its old time: %+v", due)
	}
	a.Due = time.Time{}
	save(t, st, a, nil)
	if next, ok, err := st.NextDue(); ok || err != nil {
		t.Errorf("NextDue with nothing due = %v, %v, %v", next, ok, err)
	}
}

func unshown(t *testing.T, st store.Store) {
	a := newTable(t, st, "local:a")
	a.Unshown = 1
	a = save(t, st, a, nil)
	list, err := st.Unshown()
	if err != nil || len(list) != 1 || list[0].ID != a.ID || list[0].Unshown != 1 {
		t.Fatalf("Unshown = %+v, %v", list, err)
	}
	// A later batch saved before the first was shown stays unshown.
	a.Unshown = 2
	a = save(t, st, a, nil)
	if err := st.Shown(a.ID, 1); err != nil {
		t.Fatal(err)
	}
	if got, _ := st.Table(a.ID); got.Unshown != 2 {
		t.Errorf("after Shown(1) of batch 2: unshown %d", got.Unshown)
	}
	// A save of an older batch does not hide the later one.
	a.Unshown = 1
	a = save(t, st, a, nil)
	if got, _ := st.Table(a.ID); got.Unshown != 2 {
		t.Errorf("a save lowered the unshown batch to %d", got.Unshown)
	}
	if err := st.Shown(a.ID, 2); err != nil {
		t.Fatal(err)
	}
	if list, _ := st.Unshown(); len(list) != 0 {
		t.Errorf("after Shown(2): %+v", list)
	}
	// A finished table's last batch is still to show.
	a.Finished, a.Unshown = true, 3
	a = save(t, st, a, nil)
	if list, _ := st.Unshown(); len(list) != 1 || list[0].ID != a.ID || list[0].Unshown != 3 {
		t.Errorf("a finished table's unshown batch: %+v", list)
	}
	if err := st.Shown(a.ID, 3); err != nil {
		t.Fatal(err)
	}
	if list, _ := st.Unshown(); len(list) != 0 {
		t.Errorf("after Shown(3): %+v", list)
	}
	if got, _ := st.Table(a.ID); got.Unshown != 0 {
		t.Errorf("after Shown(3): unshown %d", got.Unshown)
	}
	// A lazy save (what a deliverer records) is a save: read back at once.
	a.Data, a.Lazy = []byte(`{"in_flight":3}`), true
	a = save(t, st, a, nil)
	if got, err := st.Table(a.ID); err != nil || string(got.Data) != `{"in_flight":3}` {
		t.Errorf("after a lazy save: %s, %v", got.Data, err)
	}
}

func users(t *testing.T, st store.Store) {
	if _, err := st.User("local:alice"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("an unknown user: %v", err)
	}
	for _, data := range []string{`{"lang":"fr"}`, `{"lang":"en"}`} {
		if err := st.SaveUser(store.User{ID: "local:alice", Data: []byte(data)}); err != nil {
			t.Fatal(err)
		}
		if u, err := st.User("local:alice"); err != nil || string(u.Data) != data {
			t.Errorf("User = %q, %v; want %s", u.Data, err, data)
		}
	}
}

func ratingsOnce(t *testing.T, st store.Store) {
	// Keys are bytes: the bot separates their parts with NUL.
	rs := []store.Rating{{Key: "cw\x00all\x00local:bob", Data: []byte("2")}, {Key: "cw\x00all\x00local:alice", Data: []byte("1")}, {Key: "cwx\x00all\x00z", Data: []byte("3")}}
	if ok, err := st.Rate(7, rs); !ok || err != nil {
		t.Fatalf("Rate = %v, %v", ok, err)
	}
	if ok, err := st.Rate(7, []store.Rating{{Key: "cw\x00all\x00local:alice", Data: []byte("9")}}); ok || err != nil {
		t.Errorf("a second Rate of table 7 = %v, %v", ok, err)
	}
	got, err := st.Ratings("cw\x00")
	if err != nil || len(got) != 2 || got[0].Key != "cw\x00all\x00local:alice" || string(got[0].Data) != "1" || got[1].Key != "cw\x00all\x00local:bob" {
		t.Errorf("Ratings(cw) = %+v, %v", got, err)
	}
	if all, _ := st.Ratings(""); len(all) != 3 {
		t.Errorf("Ratings() = %d records", len(all))
	}
	// A prefix ending in the highest byte value still bounds its range.
	if ok, err := st.Rate(8, []store.Rating{{Key: "\xff\x01a", Data: []byte("4")}, {Key: "\xff\xffb", Data: []byte("5")}}); !ok || err != nil {
		t.Fatalf("Rate = %v, %v", ok, err)
	}
	for prefix, want := range map[string]int{"\xff": 2, "\xff\xff": 1, "\xff\xff\xff": 0, "\xfe": 0} {
		if got, err := st.Ratings(prefix); len(got) != want || err != nil {
			t.Errorf("Ratings(%q) = %+v, %v; want %d records", prefix, got, err, want)
		}
	}
}

func deleteTable(t *testing.T, st store.Store) {
	a := save(t, st, newTable(t, st, "local:a"), move(1, "A1"))
	if err := st.DeleteTable(a.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := st.Table(a.ID); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a deleted table is read: %v", err)
	}
	if ids, _ := st.ChatTables("local:a"); len(ids) != 0 {
		t.Errorf("a deleted table is in its chat's history: %v", ids)
	}
	if err := st.DeleteTable(a.ID); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("deleting it again: %v", err)
	}
	if id, _ := st.NewTableID(); id <= a.ID {
		t.Errorf("the id %d was given again (%d)", a.ID, id)
	}
}

// deleteOpenTable deletes a table still being played: no index names it
// afterwards, and its chat may open another.
func deleteOpenTable(t *testing.T, st store.Store) {
	a := newTable(t, st, "local:a")
	a.Seated, a.Due, a.Unshown = []string{"local:alice"}, t0, 1
	a = save(t, st, a, move(1, "A1"))
	if err := st.DeleteTable(a.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := st.OpenTable("local:a"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("OpenTable of its chat: %v", err)
	}
	if _, err := st.Moves(a.ID); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Moves of a deleted table: %v", err)
	}
	open, _ := st.OpenTables()
	due, _ := st.Due(t0.Add(time.Hour), 0)
	seated, _ := st.SeatedTables("local:alice")
	unshown, _ := st.Unshown()
	_, next, _ := st.NextDue()
	if len(open)+len(due)+len(seated)+len(unshown) != 0 || next {
		t.Errorf("a deleted table is still listed: open %d, due %v, seated %v, unshown %d, next due %v", len(open), due, seated, len(unshown), next)
	}
	b := save(t, st, newTable(t, st, "local:a"), nil)
	if got, err := st.OpenTable("local:a"); err != nil || got.ID != b.ID {
		t.Errorf("a new table in the chat: %d, %v", got.ID, err)
	}
}

// survivesReopen closes the store and opens it again: everything written
// reads back, a rated table stays rated and no id is given again.
func survivesReopen(t *testing.T, o Opener) {
	st := o.Open(t)
	a := newTable(t, st, "local:a")
	a.Seated, a.Due, a.Unshown = []string{"local:alice"}, t0, 2
	a = save(t, st, a, move(1, "A1"))
	a = save(t, st, a, move(2, "B2"))
	if err := st.SaveUser(store.User{ID: "local:alice", Data: []byte(`{"lang":"fr"}`)}); err != nil {
		t.Fatal(err)
	}
	if ok, err := st.Rate(a.ID, []store.Rating{{Key: "ttt\x00local:alice", Data: []byte("1")}}); !ok || err != nil {
		t.Fatalf("Rate = %v, %v", ok, err)
	}
	st = o.Reopen(t, st)
	got, err := st.OpenTable("local:a")
	if err != nil || got.ID != a.ID || got.Version != a.Version || got.Unshown != 2 {
		t.Errorf("OpenTable after reopening = %+v, %v", got, err)
	}
	if moves, err := st.Moves(a.ID); err != nil || len(moves) != 2 || moves[1].Text != "B2" {
		t.Errorf("Moves after reopening = %+v, %v", moves, err)
	}
	if due, _ := st.Due(t0, 0); len(due) != 1 || due[0].ID != a.ID {
		t.Errorf("Due after reopening = %+v", due)
	}
	if ids, _ := st.SeatedTables("local:alice"); !slices.Equal(ids, []uint64{a.ID}) {
		t.Errorf("SeatedTables after reopening = %v", ids)
	}
	if list, _ := st.Unshown(); len(list) != 1 {
		t.Errorf("Unshown after reopening = %+v", list)
	}
	if u, err := st.User("local:alice"); err != nil || string(u.Data) != `{"lang":"fr"}` {
		t.Errorf("User after reopening = %s, %v", u.Data, err)
	}
	if rs, _ := st.Ratings("ttt\x00"); len(rs) != 1 || string(rs[0].Data) != "1" {
		t.Errorf("Ratings after reopening = %+v", rs)
	}
	if ok, err := st.Rate(a.ID, []store.Rating{{Key: "ttt\x00local:alice", Data: []byte("2")}}); ok || err != nil {
		t.Errorf("Rate of a table rated before reopening = %v, %v", ok, err)
	}
	if id, _ := st.NewTableID(); id <= a.ID {
		t.Errorf("NewTableID after reopening gave %d again (last %d)", id, a.ID)
	}
}

// RunShared runs the tests of what several processes share (store.Shared,
// store.Deduper): open gives two handles on one database, as two processes
// have.
func RunShared(t *testing.T, open func(t *testing.T) (store.Store, store.Store)) {
	t.Run("StaleSaveRefused", func(t *testing.T) {
		p, q := open(t)
		a := save(t, p, newTable(t, p, "local:a"), nil)
		qa, err := q.Table(a.ID)
		if err != nil || qa.Version != a.Version {
			t.Fatalf("the other process reads version %d (%v), want %d", qa.Version, err, a.Version)
		}
		qa.Data = []byte(`{"by":"q"}`)
		save(t, q, qa, move(1, "Q"))
		// The stale copy would change every index: none of it is written.
		a.Data, a.Due, a.Seated, a.Unshown, a.Finished = []byte(`{"by":"p"}`), t0, []string{"local:bob"}, 1, true
		if err := p.Save(a, move(1, "P")); !errors.Is(err, store.ErrStale) {
			t.Fatalf("a stale save: %v, want ErrStale", err)
		}
		got, _ := p.Table(a.ID)
		moves, _ := p.Moves(a.ID)
		if string(got.Data) != `{"by":"q"}` || got.Finished || len(moves) != 1 || moves[0].Text != "Q" {
			t.Errorf("the stale save wrote: %s, finished %v, %+v", got.Data, got.Finished, moves)
		}
		// Nor the event it would have played: it is played again, on
		// the fresh table.
		a.Played = []string{"telegram:1:60"}
		if err := p.Save(a, move(2, "P")); !errors.Is(err, store.ErrStale) {
			t.Fatalf("a stale save: %v, want ErrStale", err)
		}
		if c, err := q.(store.Deduper).Claim("telegram:1:60", time.Minute); c != store.ClaimFresh || err != nil {
			t.Errorf("the event of a stale save: %v, %v; want ClaimFresh", c, err)
		}
		due, _ := p.Due(t0, 0)
		seated, _ := p.SeatedTables("local:bob")
		unshown, _ := p.Unshown()
		if _, err := p.OpenTable("local:a"); err != nil || len(due)+len(seated)+len(unshown) != 0 {
			t.Errorf("the stale save changed the indexes: open %v, due %v, seated %v, unshown %d", err, due, seated, len(unshown))
		}
		if v, err := p.(store.Shared).TableVersion(a.ID); err != nil || v != got.Version {
			t.Errorf("TableVersion = %d, %v; the table says %d", v, err, got.Version)
		}
		// Every way of reading a table gives its version (the bot loads
		// tables through all of them).
		got.Unshown = 1
		got = save(t, q, got, nil)
		open, _ := p.OpenTable("local:a")
		all, _ := p.OpenTables()
		unshown, _ = p.Unshown()
		if open.Version != got.Version || len(all) != 1 || all[0].Version != got.Version || len(unshown) != 1 || unshown[0].Version != got.Version {
			t.Errorf("versions read: OpenTable %d, OpenTables %+v, Unshown %+v; want %d", open.Version, all, unshown, got.Version)
		}
		if _, err := p.(store.Shared).TableVersion(a.ID + 100); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("TableVersion of an unknown table: %v", err)
		}
	})
	t.Run("SaveOfADeletedTableRefused", func(t *testing.T) {
		p, q := open(t)
		a := save(t, p, newTable(t, p, "local:a"), nil)
		if err := q.DeleteTable(a.ID); err != nil {
			t.Fatal(err)
		}
		if err := p.Save(a, move(1, "P")); !errors.Is(err, store.ErrStale) {
			t.Errorf("a save of a table another process deleted: %v, want ErrStale", err)
		}
		if _, err := q.Table(a.ID); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("the deleted table was written again: %v", err)
		}
	})
	// Eight saves of one copy at once, through both handles: one wins, the
	// others are stale. Of a table already stored, and of a new one (no row
	// to lock yet: the id's row is inserted by the first, and the others
	// must not write over it), with a move and without.
	for _, c := range []struct {
		name          string
		stored, moved bool
	}{{"ConcurrentSavesOneWins", true, true}, {"ConcurrentSavesOfANewTableOneWins", false, true}, {"ConcurrentSavesOfANewTableWithoutAMoveOneWins", false, false}} {
		t.Run(c.name, func(t *testing.T) {
			p, q := open(t)
			a := newTable(t, p, "local:a")
			if c.stored {
				a = save(t, p, a, nil)
			}
			var wg sync.WaitGroup
			errs := make([]error, 8)
			for i := range errs {
				wg.Add(1)
				go func() {
					defer wg.Done()
					st := []store.Store{p, q}[i%2]
					mine := a
					mine.Data = []byte(fmt.Sprintf(`{"by":%d}`, i))
					var mv *store.Move
					if c.moved {
						mv = move(1, fmt.Sprint(i))
					}
					errs[i] = st.Save(mine, mv)
				}()
			}
			wg.Wait()
			won := -1
			for i, err := range errs {
				switch {
				case err == nil && won < 0:
					won = i
				case err == nil:
					t.Errorf("saves %d and %d both won", won, i)
				case !errors.Is(err, store.ErrStale):
					t.Errorf("a losing save: %v", err)
				}
			}
			got, _ := p.Table(a.ID)
			moves, _ := p.Moves(a.ID)
			if won < 0 || string(got.Data) != fmt.Sprintf(`{"by":%d}`, won) || got.Version != a.Version+1 {
				t.Errorf("save %d won; the table holds %s at version %d (want %d)", won, got.Data, got.Version, a.Version+1)
			}
			if c.moved && (len(moves) != 1 || moves[0].Text != fmt.Sprint(won)) {
				t.Errorf("save %d won; the log holds %+v", won, moves)
			}
		})
	}
	t.Run("DueClaimedOnce", func(t *testing.T) {
		p, q := open(t)
		var ids []uint64
		for _, chat := range []string{"local:a", "local:b", "local:c", "local:d"} {
			tb := newTable(t, p, chat)
			tb.Due = t0
			ids = append(ids, save(t, p, tb, nil).ID)
		}
		got := map[uint64]int{}
		var mu sync.Mutex
		var wg sync.WaitGroup
		for _, st := range []store.Store{p, q, p, q} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				due, err := st.(store.Shared).ClaimDue(t0, 0, time.Minute)
				if err != nil {
					t.Error(err)
				}
				mu.Lock()
				for _, d := range due {
					got[d.ID]++
				}
				mu.Unlock()
			}()
		}
		wg.Wait()
		for _, id := range ids {
			if got[id] != 1 {
				t.Errorf("table %d claimed %d times", id, got[id])
			}
		}
		// A lease that ran out passes on.
		due, err := q.(store.Shared).ClaimDue(t0, 0, time.Millisecond)
		if err != nil || len(due) != 0 {
			t.Errorf("claimed again within the lease: %+v, %v", due, err)
		}
		tb := newTable(t, p, "local:e")
		tb.Due = t0
		save(t, p, tb, nil)
		if due, _ := p.(store.Shared).ClaimDue(t0, 0, time.Millisecond); len(due) != 1 {
			t.Fatalf("claimed %+v", due)
		}
		time.Sleep(20 * time.Millisecond)
		if due, _ := q.(store.Shared).ClaimDue(t0, 0, time.Minute); len(due) != 1 || due[0].ID != tb.ID {
			t.Errorf("after its lease: %+v", due)
		}
	})
	t.Run("DueClaimedInOrder", func(t *testing.T) {
		p, _ := open(t)
		var ids []uint64
		for i, chat := range []string{"local:a", "local:b", "local:c", "local:d"} {
			tb := newTable(t, p, chat)
			tb.Due = t0.Add(time.Duration(3-i) * time.Minute) // d first, a last
			if i == 3 {
				tb.Due = t0.Add(time.Hour) // not due yet
			}
			ids = append(ids, save(t, p, tb, nil).ID)
		}
		fin := newTable(t, p, "local:e")
		fin.Due, fin.Finished = t0, true
		save(t, p, fin, nil)
		ps := p.(store.Shared)
		due, err := ps.ClaimDue(t0.Add(3*time.Minute), 2, time.Minute)
		if err != nil || len(due) != 2 || due[0].ID != ids[2] || due[1].ID != ids[1] || !due[0].At.Equal(t0.Add(time.Minute)) {
			t.Errorf("ClaimDue, limit 2 = %+v, %v; want tables %d and %d, earliest first", due, err, ids[2], ids[1])
		}
		if due, _ = ps.ClaimDue(t0.Add(3*time.Minute), 0, time.Minute); len(due) != 1 || due[0].ID != ids[0] {
			t.Errorf("the rest = %+v; want table %d only (not the finished one, nor one due later)", due, ids[0])
		}
	})
	t.Run("SaveEndsTheClaim", func(t *testing.T) {
		// A claimed table whose deadline was acted on and saved with its
		// next one is claimable at once, not at the end of the lease: a
		// turn may be shorter than the lease.
		p, q := open(t)
		a := newTable(t, p, "local:a")
		a.Due = t0
		a = save(t, p, a, nil)
		if due, _ := p.(store.Shared).ClaimDue(t0, 0, time.Hour); len(due) != 1 {
			t.Fatalf("claimed %+v", due)
		}
		a.Due = t0.Add(time.Second)
		save(t, p, a, move(1, "timeout"))
		if due, _ := q.(store.Shared).ClaimDue(t0.Add(time.Second), 0, time.Hour); len(due) != 1 || !due[0].At.Equal(a.Due) {
			t.Errorf("the next deadline of a table saved by its claimer: %+v", due)
		}
	})
	t.Run("DeliveryLease", func(t *testing.T) {
		p, q := open(t)
		a := save(t, p, newTable(t, p, "local:a"), nil)
		ps, qs := p.(store.Shared), q.(store.Shared)
		if ok, err := ps.ClaimDelivery(a.ID, time.Minute); !ok || err != nil {
			t.Fatalf("first claim: %v, %v", ok, err)
		}
		if ok, _ := qs.ClaimDelivery(a.ID, time.Minute); ok {
			t.Error("a second process took a lease held")
		}
		if ok, _ := ps.ClaimDelivery(a.ID, time.Minute); !ok {
			t.Error("the holder could not renew its lease")
		}
		if err := ps.ReleaseDelivery(a.ID); err != nil {
			t.Fatal(err)
		}
		if ok, _ := qs.ClaimDelivery(a.ID, time.Millisecond); !ok {
			t.Error("a released lease was not taken")
		}
		time.Sleep(20 * time.Millisecond)
		if ok, _ := ps.ClaimDelivery(a.ID, time.Minute); !ok {
			t.Error("a lease that ran out was not taken")
		}
	})
	t.Run("DeliverySaves", func(t *testing.T) {
		p, q := open(t)
		pd, ok := p.(store.Deliverer)
		if !ok {
			t.Skip("the store does not join a delivery's writes (store.Deliverer)")
		}
		qd, ps, qs := q.(store.Deliverer), p.(store.Shared), q.(store.Shared)
		a := newTable(t, p, "local:a")
		a.Unshown = 2
		a = save(t, p, a, move(1, "M"))
		// Taken by p: the lease comes with the save.
		a.Data = []byte(`{"in_flight":2}`)
		if ok, err := pd.SaveClaiming(a, time.Minute); !ok || err != nil {
			t.Fatalf("SaveClaiming: %v, %v", ok, err)
		}
		a.Version++
		if ok, _ := qs.ClaimDelivery(a.ID, time.Minute); ok {
			t.Error("another process took the lease a SaveClaiming took")
		}
		// q's copy is current, but p holds the lease: nothing written.
		qa, err := q.Table(a.ID)
		if err != nil {
			t.Fatal(err)
		}
		qa.Data = []byte(`{"by":"q"}`)
		if ok, err := qd.SaveClaiming(qa, time.Minute); ok || err != nil {
			t.Fatalf("SaveClaiming of a lease held: %v, %v; want false, nil", ok, err)
		}
		if got, _ := p.Table(a.ID); string(got.Data) != `{"in_flight":2}` || got.Version != a.Version {
			t.Fatalf("a SaveClaiming refused wrote: %s, version %d", got.Data, got.Version)
		}
		// A stale copy is refused as by Save.
		stale := a
		stale.Version--
		if _, err := pd.SaveClaiming(stale, time.Minute); !errors.Is(err, store.ErrStale) {
			t.Errorf("SaveClaiming of a stale copy: %v, want ErrStale", err)
		}
		if err := pd.SaveShown(stale, 2); !errors.Is(err, store.ErrStale) {
			t.Errorf("SaveShown of a stale copy: %v, want ErrStale", err)
		}
		if un, _ := p.Unshown(); len(un) != 1 {
			t.Fatalf("a refused SaveShown changed the unshown index: %+v", un)
		}
		// Shown up to batch 1 while batch 2 waits: still unshown, the
		// lease given back all the same.
		a.Data = []byte(`{}`)
		if err := pd.SaveShown(a, 1); err != nil {
			t.Fatal(err)
		}
		a.Version++
		if un, _ := p.Unshown(); len(un) != 1 || un[0].ID != a.ID {
			t.Errorf("unshown after batch 1 of 2 shown: %+v", un)
		}
		if ok, _ := qs.ClaimDelivery(a.ID, time.Minute); !ok {
			t.Fatal("SaveShown did not give the lease back")
		}
		// q's lease is not p's to give back, nor to save through.
		if ok, _ := pd.SaveClaiming(a, time.Minute); ok {
			t.Error("SaveClaiming took q's lease")
		}
		if err := pd.SaveShown(a, 2); err != nil {
			t.Fatal(err)
		}
		a.Version++
		if un, _ := p.Unshown(); len(un) != 0 {
			t.Errorf("unshown after every batch shown: %+v", un)
		}
		if ok, _ := ps.ClaimDelivery(a.ID, time.Minute); ok {
			t.Error("p's SaveShown gave q's lease back")
		}
		if err := qs.ReleaseDelivery(a.ID); err != nil {
			t.Fatal(err)
		}
		if got, err := q.Table(a.ID); err != nil || got.Version != a.Version || string(got.Data) != `{}` {
			t.Errorf("read back: %+v, %v; want version %d", got, err, a.Version)
		}
	})
	t.Run("Claim", func(t *testing.T) {
		p, q := open(t)
		claims(t, p.(store.Deduper), q.(store.Deduper))
	})
	t.Run("UpdateUser", func(t *testing.T) {
		p, q := open(t)
		add := func(st store.Store, part string) {
			t.Helper()
			err := st.(store.Shared).UpdateUser("local:alice", func(data []byte, found bool) ([]byte, error) {
				if found != (len(data) > 0) {
					t.Errorf("found %v with %q", found, data)
				}
				return append(data, part...), nil
			})
			if err != nil {
				t.Fatal(err)
			}
		}
		add(p, "a")
		add(q, "b")
		if err := q.(store.Shared).UpdateUser("local:alice", func([]byte, bool) ([]byte, error) { return nil, nil }); err != nil {
			t.Fatal(err)
		}
		if u, err := p.User("local:alice"); err != nil || string(u.Data) != "ab" {
			t.Errorf("User = %q, %v; want \"ab\"", u.Data, err)
		}
	})
}
