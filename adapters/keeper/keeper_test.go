package keeper

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"testing"
	"time"
)

// codec writes "<place> <id> <posted> <turn> <extra>".
var codec = Codec[string]{
	Format: func(r Ref[string]) string {
		return r.Place + " " + r.ID + " " + strconv.FormatInt(r.Posted.Unix(), 10) + " " + strconv.FormatUint(r.Turn, 10) + " " + r.Extra
	},
	Parse: func(s string) (Ref[string], bool) {
		f := strings.Split(s, " ")
		if len(f) != 5 {
			return Ref[string]{}, false
		}
		sec, err1 := strconv.ParseInt(f[2], 10, 64)
		turn, err2 := strconv.ParseUint(f[3], 10, 64)
		return Ref[string]{Place: f[0], ID: f[1], Posted: time.Unix(sec, 0), Turn: turn, Extra: f[4]}, err1 == nil && err2 == nil
	},
}

var t0 = time.Date(2026, 11, 26, 20, 0, 0, 0, time.UTC)

// newBoards is a keeper of boards (note "board", at most max remembered)
// over a fake platform and notes.
func newBoards(set Settings, max int) (*fake, *notes, *Boards[string, string]) {
	f, n := newFake(), newNotes()
	return f, n, NewBoards(f, set, Config[string]{Notes: n, Note: "board", Codec: codec, Max: max})
}

// step is one thing that happens to a table's board.
type step struct {
	show    string        // a board shown with this text ("" for none)
	at      string        // its place ("c" when empty)
	force   bool          // sent anew whatever (/board)
	hold    bool          // the platform's pace has no room for sending it anew
	passed  int           // messages of place "c" after it
	later   time.Duration // time passing
	gone    string        // a message that can no longer be edited
	want    []string      // the platform's calls
	outcome Outcome
}

func TestBoards(t *testing.T) {
	for _, c := range []struct {
		name  string
		set   Settings
		steps []step
	}{
		{"edited in place", Settings{AfterMessages: 8}, []step{
			{show: "a", want: []string{"send c a"}, outcome: Sent},
			{show: "b", want: []string{"edit c 1 b"}, outcome: Edited},
			{show: "c", passed: 7, want: []string{"edit c 1 c"}, outcome: Edited},
		}},
		{"scrolled away by count, the old one deleted", Settings{AfterMessages: 3, Old: Delete}, []step{
			{show: "a", want: []string{"send c a"}, outcome: Sent},
			{show: "b", passed: 3, want: []string{"send c b", "delete c 1"}, outcome: Sent},
			{show: "c", passed: 2, want: []string{"edit c 2 c"}, outcome: Edited},
		}},
		{"scrolled away by count, the old one left", Settings{AfterMessages: 3}, []step{
			{show: "a", want: []string{"send c a"}, outcome: Sent},
			{show: "b", passed: 3, want: []string{"send c b"}, outcome: Sent},
		}},
		{"scrolled away by age", Settings{OlderThan: 30 * time.Minute}, []step{
			{show: "a", want: []string{"send c a"}, outcome: Sent},
			{show: "b", later: 29 * time.Minute, want: []string{"edit c 1 b"}, outcome: Edited},
			{show: "c", later: time.Minute, want: []string{"send c c"}, outcome: Sent},
			{show: "d", passed: 100, want: []string{"edit c 2 d"}, outcome: Edited},
		}},
		{"scrolled away by edits, once passed", Settings{AfterEdits: 2, Old: Delete}, []step{
			{show: "a", want: []string{"send c a"}, outcome: Sent},
			{show: "b", want: []string{"edit c 1 b"}, outcome: Edited},
			{show: "c", want: []string{"edit c 1 c"}, outcome: Edited},
			{show: "d", want: []string{"edit c 1 d"}, outcome: Edited}, // nothing after it: it stays
			{show: "e", passed: 1, want: []string{"send c e", "delete c 1"}, outcome: Sent},
		}},
		{"held by the pace", Settings{AfterMessages: 2}, []step{
			{show: "a", want: []string{"send c a"}, outcome: Sent},
			{show: "b", passed: 2, hold: true, want: []string{"edit c 1 b"}, outcome: Edited},
			{show: "c", want: []string{"send c c"}, outcome: Sent},
		}},
		{"sent anew when asked", Settings{AfterMessages: 8, Old: Delete}, []step{
			{show: "a", want: []string{"send c a"}, outcome: Sent},
			{show: "b", force: true, hold: true, want: []string{"send c b", "delete c 1"}, outcome: Sent},
		}},
		{"another place", Settings{AfterMessages: 8, Old: Strip}, []step{
			{show: "a", want: []string{"send c a"}, outcome: Sent},
			{show: "b", at: "d", want: []string{"send d b", "strip c 1"}, outcome: Sent},
			{show: "c", at: "d", want: []string{"edit d 2 c"}, outcome: Edited},
		}},
		{"a vanished message is sent anew", Settings{AfterMessages: 8, Old: Delete}, []step{
			{show: "a", want: []string{"send c a"}, outcome: Sent},
			{gone: "1", show: "b", want: []string{"edit c 1 b", "send c b", "delete c 1"}, outcome: Sent},
			{show: "c", want: []string{"edit c 2 c"}, outcome: Edited},
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			f, _, b := newBoards(c.set, 10)
			now := t0
			for i, s := range c.steps {
				now = now.Add(s.later)
				for range s.passed {
					b.Passed("c", 0, nil)
				}
				if s.gone != "" {
					f.gone[s.gone] = true
				}
				place := s.at
				if place == "" {
					place = "c"
				}
				out, err := b.Show(context.Background(), 7, place, s.show, Show{Now: now, Force: s.force, Hold: func() bool { return s.hold }})
				if err != nil || out != s.outcome {
					t.Errorf("step %d: %v, %v; want %v", i, out, err, s.outcome)
				}
				f.expect(t, "step "+strconv.Itoa(i), s.want...)
			}
		})
	}
}

// An edit that answers "unchanged" keeps the board and is not counted as
// an edit; any other failure is returned, and nothing is sent.
func TestBoardEditOutcomes(t *testing.T) {
	f, _, b := newBoards(Settings{AfterEdits: 1}, 10)
	ctx := context.Background()
	b.Show(ctx, 7, "c", "a", Show{Now: t0})
	f.same = true
	b.Passed("c", 0, nil)
	for range 3 {
		if out, err := b.Show(ctx, 7, "c", "a", Show{Now: t0}); out != Unchanged || err != nil {
			t.Fatalf("an unchanged board: %v, %v", out, err)
		}
	}
	f.same = false
	f.failed = errors.New("timeout")
	if out, err := b.Show(ctx, 7, "c", "b", Show{Now: t0}); out != Failed || !errors.Is(err, f.failed) {
		t.Errorf("a failed edit: %v, %v", out, err)
	}
	f.failed = nil
	b.Show(ctx, 7, "c", "b", Show{Now: t0}) // the first edit counted
	b.Show(ctx, 7, "c", "c", Show{Now: t0}) // now it has scrolled away
	want := []string{"send c a", "edit c 1 a", "edit c 1 a", "edit c 1 a", "edit c 1 b", "edit c 1 b", "send c c"}
	f.expect(t, "calls", want...)
	f.queued = true
	if out, err := b.Show(ctx, 7, "c", "d", Show{Force: true}); out != Queued || err != nil {
		t.Errorf("a queued board: %v, %v", out, err)
	}
	f.queued = false
	b.Show(ctx, 7, "c", "e", Show{Now: t0})
	f.expect(t, "after a queued board (the kept one is still edited)", "send c d", "edit c 2 e")
}

// A message counts only for the boards of its place, not for the table it
// is the board of, and only when it came after the board.
func TestPassed(t *testing.T) {
	f, _, b := newBoards(Settings{AfterMessages: 1}, 10)
	ctx := context.Background()
	b.Show(ctx, 1, "c", "one", Show{})
	b.Show(ctx, 2, "d", "two", Show{})
	b.Passed("d", 0, nil)                                             // another chat
	b.Passed("c", 1, nil)                                             // its own table's message
	b.Passed("c", 0, func(r Ref[string]) bool { return r.ID != "1" }) // before it
	b.Show(ctx, 1, "c", "one", Show{})
	b.Passed("c", 0, nil)
	b.Show(ctx, 1, "c", "one", Show{})
	want := []string{"send c one", "send d two", "edit c 1 one", "send c one"}
	f.expect(t, "calls", want...)
}

// Where a board is is kept in its table's note: read once, then cached;
// written when it changes; and read again after a restart, which edits the
// same message. On a store several processes share, the note is read at
// every use.
func TestNotes(t *testing.T) {
	ctx := context.Background()
	f, n := newFake(), newNotes()
	f.extraOf = func(m string) string { return "x" + m[:1] }
	cfg := Config[string]{Notes: n, Note: "board", Codec: codec, Max: 10}
	b := NewBoards(f, Settings{AfterMessages: 8}, cfg)
	b.Show(ctx, 7, "c", "a1", Show{Now: t0})
	b.Show(ctx, 7, "c", "a2", Show{Now: t0}) // the same extra: no write
	b.Show(ctx, 7, "c", "b", Show{Now: t0})  // a new extra: written
	if r, w := n.counts(); r != 1 || w != 2 {
		t.Errorf("%d reads, %d writes of the note; want 1 and 2", r, w)
	}
	if note := n.m[Key{7, "board"}]; note != "c 1 "+strconv.FormatInt(t0.Unix(), 10)+" 0 xb" {
		t.Errorf("note %q", note)
	}

	// A restart: the same message is edited.
	f.took()
	b = NewBoards(f, Settings{AfterMessages: 8}, cfg)
	b.Show(ctx, 7, "c", "c", Show{Now: t0})
	b.Show(ctx, 7, "c", "d", Show{Now: t0})
	f.expect(t, "after a restart", "edit c 1 c", "edit c 1 d")
	if r, _ := n.counts(); r != 2 {
		t.Errorf("%d reads of the note, want 2 (once per run)", r)
	}
	if r, ok := b.Board(7, ""); !ok || r.ID != "1" || r.Extra != "xd" {
		t.Errorf("the board kept: %+v, %v", r, ok)
	}

	// Shared: another process sent the board anew; this one edits it.
	n.shared = true
	n.m[Key{7, "board"}] = "c 9 " + strconv.FormatInt(t0.Unix(), 10) + " 0 xd"
	b.Show(ctx, 7, "c", "e", Show{Now: t0})
	f.expect(t, "on a shared store", "edit c 9 e")
	if r, _ := n.counts(); r != 3 {
		t.Errorf("%d reads of the note, want 3", r)
	}

	// A note not written yet (written later by the platform): the board
	// remembered stands.
	n.shared = false
	b.Show(ctx, 8, "c", "f", Show{Now: t0})
	delete(n.m, Key{8, "board"})
	n.shared = true
	b.Show(ctx, 8, "c", "g", Show{Now: t0})
	f.expect(t, "with its note not saved yet", "send c f", "edit c 2 g")
}

// Table 0 (a board of no table) is kept in memory only.
func TestNoTable(t *testing.T) {
	f, n, b := newBoards(Settings{AfterMessages: 8}, 10)
	b.Show(context.Background(), 0, "c", "a", Show{})
	b.Show(context.Background(), 0, "c", "b", Show{})
	f.expect(t, "calls", "send c a", "edit c 1 b")
	if r, w := n.counts(); r != 0 || w != 0 {
		t.Errorf("%d reads, %d writes", r, w)
	}
}

// The boards remembered are bounded: past Max they are let go, read again
// from their notes when needed, and still edited in place.
func TestBounded(t *testing.T) {
	f, _, b := newBoards(Settings{AfterMessages: 8}, 1)
	ctx := context.Background()
	for _, table := range []uint64{1, 2, 1, 2} {
		b.Show(ctx, table, "c"+strconv.FormatUint(table, 10), "m", Show{Now: t0})
	}
	want := []string{"send c1 m", "send c2 m", "edit c1 1 m", "edit c2 2 m"}
	f.expect(t, "calls", want...)
	if refs, places := b.Size(); refs > 1 || places > 1 {
		t.Errorf("%d boards in %d places remembered, at most 1", refs, places)
	}
}

// A chat that became another: the board stays behind and is not edited;
// the next one is sent in the new chat, and no message of the old one
// counts for it.
func TestMoved(t *testing.T) {
	f, _, b := newBoards(Settings{AfterMessages: 1, Old: Delete}, 10)
	ctx := context.Background()
	b.Show(ctx, 7, "old", "a", Show{})
	b.Moved("old", "new")
	b.Show(ctx, 7, "new", "b", Show{})
	b.Passed("old", 0, nil)
	b.Show(ctx, 7, "new", "c", Show{})
	f.expect(t, "calls", "send old a", "send new b", "edit new 2 c")
}

// turn is a hand that calls its player for a turn (0: for none).
type turn uint64

func (t turn) Calls(prev uint64, known bool) bool { return t != 0 && (!known || uint64(t) > prev) }
func (t turn) CalledTurn(prev uint64) uint64 {
	if t == 0 {
		return prev
	}
	return uint64(t)
}

func TestHands(t *testing.T) {
	ctx := context.Background()
	f, n := newFake(), newNotes()
	cfg := Config[string]{Notes: n, Note: "hand.", Codec: codec, Max: 10}
	h := NewHands(f, cfg)
	for i, s := range []struct {
		m    string
		turn turn
		gone string
		want []string
		out  Outcome
	}{
		{"a", 1, "", []string{"send p a"}, Sent},                             // the first hand
		{"b", 0, "", []string{"edit p 1 b"}, Edited},                         // a change: edited
		{"c", 1, "", []string{"edit p 1 c"}, Edited},                         // the same turn: no call again
		{"d", 2, "", []string{"send p d", "strip p 1"}, Sent},                // a new turn: sent anew, the old stripped
		{"e", 0, "2", []string{"edit p 2 e", "send p e", "strip p 2"}, Sent}, // vanished
		{"f", 0, "", []string{"edit p 3 f"}, Edited},
	} {
		if s.gone != "" {
			f.gone[s.gone] = true
		}
		out, err := h.Show(ctx, 7, "u", "p", s.m, s.turn)
		if err != nil || out != s.out {
			t.Errorf("step %d: %v, %v; want %v", i, out, err, s.out)
		}
		f.expect(t, "step "+strconv.Itoa(i), s.want...)
	}
	// The turn it called for is kept (a vanished hand keeps it).
	if r, ok := h.Hand(7, "u"); !ok || r.Turn != 2 || r.ID != "3" {
		t.Errorf("hand kept: %+v, %v", r, ok)
	}
	// After a restart, from the note: the same turn edits, a new one sends.
	h = NewHands(f, cfg)
	h.Show(ctx, 7, "u", "p", "g", turn(2))
	h.Show(ctx, 7, "u", "p", "h", turn(3))
	f.expect(t, "after a restart", "edit p 3 g", "send p h", "strip p 3")
	if note := n.m[Key{7, "hand.u"}]; !strings.HasPrefix(note, "p 4 ") || !strings.Contains(note, " 3 ") {
		t.Errorf("hand note %q", note)
	}
	// A failure other than a vanished hand is returned, nothing sent.
	f.failed = errors.New("timeout")
	if out, err := h.Show(ctx, 7, "u", "p", "i", turn(0)); out != Failed || err == nil {
		t.Errorf("a failed edit: %v, %v", out, err)
	}
	f.expect(t, "after a failed edit", "edit p 4 i")
}

// Later writes notes in the background, the latest value of each winning;
// Flush writes what is pending.
func TestLater(t *testing.T) {
	n := newNotes()
	l := NewLater(n, nil)
	defer l.Stop()
	for i := range 5 {
		l.SetNote(1, "k", strconv.Itoa(i))
	}
	l.Flush()
	if got := n.Note(1, "k"); got != "4" {
		t.Errorf("note %q, want the latest", got)
	}
	if l.Note(1, "k") != "4" || l.Shared() {
		t.Error("Later does not read through")
	}
}

// On a shared store the note is read at every use, but what it does not
// say (the counts of this process) stands while the message is the same;
// what another process wrote in it (its extra) is taken.
func TestSharedKeepsCounts(t *testing.T) {
	ctx := context.Background()
	f, n, b := newBoards(Settings{AfterMessages: 2}, 10)
	n.shared = true
	b.Show(ctx, 7, "c", "a", Show{Now: t0})
	b.Passed("c", 0, nil)
	b.Show(ctx, 7, "c", "b", Show{Now: t0})
	n.m[Key{7, "board"}] = "c 1 " + strconv.FormatInt(t0.Unix(), 10) + " 0 other"
	if r, _ := b.Board(7, ""); r.Extra != "other" || r.Since != 1 {
		t.Errorf("the board after another process wrote its note: %+v", r)
	}
	b.Passed("c", 0, nil)
	b.Show(ctx, 7, "c", "c", Show{Now: t0})
	f.expect(t, "calls", "send c a", "edit c 1 b", "send c c")
	if r, _ := n.counts(); r != 4 {
		t.Errorf("%d reads of the note, want 4 (one per use)", r)
	}
}

// quiet is a platform that does nothing, for the keeper's own cost.
type quiet struct{}

func (quiet) Send(_ context.Context, place, _ string, _ *Ref[string]) (Ref[string], error) {
	return Ref[string]{Place: place, ID: "1"}, nil
}
func (quiet) Edit(_ context.Context, at Ref[string], _ string) (Ref[string], error) { return at, nil }
func (quiet) Strip(context.Context, Ref[string])                                    {}
func (quiet) Delete(context.Context, Ref[string])                                   {}

// BenchmarkBoardEdit is what the keeper adds to a board edited in place:
// the cached note, the decision, the note left unwritten.
func BenchmarkBoardEdit(b *testing.B) {
	k := NewBoards(quiet{}, Settings{AfterMessages: 8, AfterEdits: 12, OlderThan: time.Hour},
		Config[string]{Notes: newNotes(), Note: "board", Codec: codec, Max: 10})
	ctx := context.Background()
	k.Show(ctx, 7, "c", "m", Show{Now: t0})
	b.ReportAllocs()
	for b.Loop() {
		k.Show(ctx, 7, "c", "m", Show{Now: t0})
	}
}
