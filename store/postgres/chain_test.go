package postgres

import (
	"errors"
	"testing"
	"time"

	"github.com/tablee/tablee/store"
)

// A table's chained saves are one statement, sent by the first wait: a
// person's move and the bot's reply, with the event the first plays, in
// one write; the reads see nothing of them before, and every wait says
// how it went.
func TestChainedSavesOneStatement(t *testing.T) {
	url := cluster.Database(t)
	st, other := open(t, url), open(t, url)
	at := time.Date(2026, 11, 27, 1, 0, 0, 0, time.UTC)
	mv := func(seq uint64, user string) *store.Move {
		return &store.Move{Seq: seq, At: at.Add(time.Duration(seq) * time.Second), Seat: int(seq % 2), User: user, Text: "m"}
	}
	id, err := st.NewTableID()
	if err != nil {
		t.Fatal(err)
	}
	tb := store.Table{ID: id, Chat: "local:c", Game: "crackword", Data: []byte(`{"n":0}`), Seated: []string{"local:alice"}}
	if err := st.Save(tb, nil); err != nil {
		t.Fatal(err)
	}
	tb.Version = 1
	if _, err := st.Claim("telegram:1:7", time.Minute); err != nil {
		t.Fatal(err)
	}

	// The person's move, then the bot's reply.
	tb.Data, tb.Played, tb.Unshown = []byte(`{"n":1}`), []string{"telegram:1:7"}, 1
	wait1, err := st.SaveChained(tb, mv(1, "local:alice"))
	if err != nil {
		t.Fatal(err)
	}
	// (The same event again in the chain is recorded once.)
	tb.Version, tb.Data, tb.Played, tb.Unshown = 2, []byte(`{"n":2}`), []string{"telegram:1:7"}, 2
	tb.Due = at.Add(time.Hour)
	wait2, err := st.SaveChained(tb, mv(2, ""))
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := other.Table(id); got.Version != 1 {
		t.Fatalf("a chain not waited for is read at version %d, want 1", got.Version)
	}
	if err := wait2(); err != nil {
		t.Fatal(err)
	}
	if err := wait1(); err != nil {
		t.Fatal(err)
	}
	got, err := other.Table(id)
	if err != nil || got.Version != 3 || string(got.Data) != `{"n":2}` || got.Unshown != 2 || !got.Due.Equal(at.Add(time.Hour)) {
		t.Fatalf("after the chain: %+v, %v; want version 3, the reply's table", got, err)
	}
	moves, err := other.Moves(id)
	if err != nil || len(moves) != 2 || moves[0].User != "local:alice" || moves[1].User != "" || !moves[1].At.Equal(at.Add(2*time.Second)) {
		t.Fatalf("the log: %+v, %v", moves, err)
	}
	if c, _ := other.Claim("telegram:1:7", time.Minute); c != store.ClaimPlayed {
		t.Errorf("the event the chain played is claimed as %v, want played", c)
	}

	// A Save that follows a chain is sent with it; one that does not is
	// another copy's, sent on its own.
	tb.Version, tb.Data = 3, []byte(`{"n":3}`)
	wait3, err := st.SaveChained(tb, mv(3, "local:alice"))
	if err != nil {
		t.Fatal(err)
	}
	tb.Version, tb.Data = 4, []byte(`{"n":4}`)
	if err := st.Save(tb, nil); err != nil {
		t.Fatal(err)
	}
	if err := wait3(); err != nil {
		t.Fatal(err)
	}
	if got, _ := other.Table(id); got.Version != 5 || string(got.Data) != `{"n":4}` {
		t.Fatalf("a Save after a chained one: version %d, %s; want 5, the Save's", got.Version, got.Data)
	}

	// Another process saves the table while a chain waits: the whole
	// chain is stale, nothing of it written, each wait says so.
	tb.Version, tb.Data = 5, []byte(`{"n":5}`)
	wait4, err := st.SaveChained(tb, mv(4, "local:alice"))
	if err != nil {
		t.Fatal(err)
	}
	tb.Version, tb.Data = 6, []byte(`{"n":6}`)
	wait5, err := st.SaveChained(tb, mv(5, ""))
	if err != nil {
		t.Fatal(err)
	}
	theirs, _ := other.Table(id)
	theirs.Data = []byte(`{"by":"other"}`)
	if err := other.Save(theirs, nil); err != nil {
		t.Fatal(err)
	}
	if err := wait4(); !errors.Is(err, store.ErrStale) {
		t.Errorf("first wait of a stale chain: %v, want ErrStale", err)
	}
	if err := wait5(); !errors.Is(err, store.ErrStale) {
		t.Errorf("second wait of a stale chain: %v, want ErrStale", err)
	}
	got, _ = other.Table(id)
	moves, _ = other.Moves(id)
	if got.Version != 6 || string(got.Data) != `{"by":"other"}` || len(moves) != 3 {
		t.Fatalf("a stale chain wrote: version %d, %s, %d moves; want 6, the other's, 3", got.Version, got.Data, len(moves))
	}

	// A chain whose first move does not follow the log (it ends at move
	// 3) is refused whole.
	tb.Version, tb.Data = 6, []byte(`{"n":7}`)
	wait6, err := st.SaveChained(tb, mv(5, "local:alice"))
	if err != nil {
		t.Fatal(err)
	}
	tb.Version = 7
	wait7, err := st.SaveChained(tb, mv(6, ""))
	if err != nil {
		t.Fatal(err)
	}
	if err := wait6(); !errors.Is(err, store.ErrMoveSeq) {
		t.Errorf("a chain out of sequence: %v, want ErrMoveSeq", err)
	}
	if err := wait7(); !errors.Is(err, store.ErrMoveSeq) {
		t.Errorf("its second wait: %v, want ErrMoveSeq", err)
	}
	if got, _ := other.Table(id); got.Version != 6 {
		t.Errorf("a chain out of sequence wrote: version %d, want 6", got.Version)
	}
}
