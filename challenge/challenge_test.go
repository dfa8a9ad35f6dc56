package challenge

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/games/duplicate"
	"github.com/tablee/tablee/store"
	"github.com/tablee/tablee/store/bolt"
	"github.com/tablee/tablee/store/migrate"
)

// march29 is the day the clocks spring forward in Paris.
var march29 = duplicate.Day{Year: 2026, Month: time.March, Day: 29}

// TestDealStoredOnce: the day's deal is made once and stored: a second
// Deal returns it without making another, and another Service on the same
// store (another process), whose Make would deal otherwise, gets the
// stored one. Another day or game is another deal.
func TestDealStoredOnce(t *testing.T) {
	onBoth(t, func(t *testing.T, k kind) {
		st := k.open(t)
		var made atomic.Int64
		s := newService(t, st, smallConfig(t, &made))
		d, err := s.Deal("motsdetete", march29)
		if err != nil {
			t.Fatal(err)
		}
		again, err := s.Deal("motsdetete", march29)
		if err != nil || again != d || made.Load() != 1 {
			t.Fatalf("a second Deal: %v, made %d", err, made.Load())
		}
		want, _ := d.Save()

		other := smallConfig(t, &made)
		other.Make = func(game string, seed uint64) (*duplicate.Deal, error) {
			made.Add(1)
			return duplicate.MotsDeTete(small(t), seed+1)
		}
		s2 := newService(t, k.another(t, st), other)
		d2, err := s2.Deal("motsdetete", march29)
		if err != nil {
			t.Fatal(err)
		}
		if got, _ := d2.Save(); !bytes.Equal(got, want) || made.Load() != 1 {
			t.Fatalf("another Service made %d deals; the same deal: %v", made.Load()-1, bytes.Equal(got, want))
		}
		// Its own deals of another day and another game are its own.
		next, err := s2.Deal("motsdetete", march29.Next())
		if err != nil {
			t.Fatal(err)
		}
		quarte, err := s2.Deal("quarte", march29)
		if err != nil {
			t.Fatal(err)
		}
		if made.Load() != 3 || reflect.DeepEqual(next.Turns, d.Turns) || reflect.DeepEqual(quarte.Turns, d.Turns) {
			t.Fatalf("made %d", made.Load())
		}
		if _, err := s2.Deal("crackword", march29); !errors.Is(err, ErrNoGame) {
			t.Fatalf("a game not offered: %v", err)
		}
		noSecret := smallConfig(t, nil)
		noSecret.Secret = nil
		if _, err := newService(t, st, noSecret).Deal("motsdetete", march29.Next().Next()); !errors.Is(err, ErrNoSecret) {
			t.Fatalf("no secret: %v", err)
		}
	})
}

// player is one of the tests' players: where he plays and how.
type player struct {
	p      Player
	server string
	play   strategy
	start  int // the minute after 08:00 he starts
}

// TestWholeChallenges: players on two platforms play whole challenges of
// the same deal with the tops, the easy bot's moves, passes and a mix;
// each result's total is the sum of his moves' scores, its percentage the
// ratio to a tenth, and its ranks, across the deployment and within its
// server, share places on ties (the same total), the earlier finish first
// in the standing.
func TestWholeChallenges(t *testing.T) {
	onBoth(t, func(t *testing.T, k kind) {
		st, s := k.service(t)
		players := []player{
			{Player{"discord:1", "Alice"}, "discord:100", tops, 0},
			{Player{"telegram:2", "Bruno"}, "telegram:-500", easy, 1},
			{Player{"telegram:3", "Chloé"}, "telegram:-500", passes, 2},
			{Player{"discord:4", "Denis"}, "discord:100", tops, 30}, // Alice's total, later
			{Player{"local:eve", "Eve"}, "", mixed, 3},
			{Player{"discord:6", "Fanny"}, "discord:200", easy, 4},
		}
		d, err := s.Deal("motsdetete", march29)
		if err != nil {
			t.Fatal(err)
		}
		results := map[string]Result{}
		for _, pl := range players {
			r, points := playAll(t, s, pl.p, pl.server, "motsdetete", at(march29, 8, pl.start), pl.play)
			total, top := sum(points), d.TopTotal(len(d.Turns))
			if r.Total != total || r.Top != top || r.Pct != duplicate.Percent(total, top) || len(r.Marks) != len(d.Turns) {
				t.Fatalf("%s: %+v, want %d/%d", pl.p.ID, r, total, top)
			}
			stored, err := s.Result(pl.p.ID, "motsdetete", march29)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(stored, r) {
				t.Fatalf("%s: stored %+v\nplayed %+v", pl.p.ID, stored, r)
			}
			if !strings.Contains(r.Card(), r.Pct.String()+" %") {
				t.Fatalf("card %q", r.Card())
			}
			results[pl.p.ID] = r
			t.Logf("%s: %d/%d %s %%", pl.p.Name, r.Total, r.Top, r.Pct)
		}
		if results["discord:1"].Pct != 1000 || results["telegram:3"].Total != 0 {
			t.Fatalf("the tops %s %%, the passes %d", results["discord:1"].Pct, results["telegram:3"].Total)
		}
		// The expected ranks, counted from the totals.
		for id, r := range results {
			var want, wantLocal Rank
			want.Place, wantLocal.Place = 1, 1
			for _, o := range results {
				want.Of++
				if o.Total > r.Total {
					want.Place++
				}
				if r.Server != "" && o.Server == r.Server {
					wantLocal.Of++
					if o.Total > r.Total {
						wantLocal.Place++
					}
				}
			}
			if r.Server == "" {
				wantLocal = Rank{}
			}
			g, l, err := s.Ranks(r)
			if err != nil || g != want || l != wantLocal {
				t.Fatalf("%s ranks %v %v (%v), want %v %v", id, g, l, err, want, wantLocal)
			}
		}
		if g, l, _ := s.Ranks(results["discord:4"]); g.Place != 1 || l != (Rank{1, 2}) {
			t.Fatalf("Denis, with the tops as Alice: %v %v", g, l)
		}
		all, err := s.Standing("motsdetete", march29, "", 0)
		if err != nil || len(all) != len(players) {
			t.Fatalf("%d results, %v", len(all), err)
		}
		if all[0].Player.ID != "discord:1" || all[1].Player.ID != "discord:4" || all[len(all)-1].Player.ID != "telegram:3" {
			t.Fatalf("standing %v", ids(all))
		}
		places := Places(all)
		if places[0] != 1 || places[1] != 1 || places[2] != 3 {
			t.Fatalf("places %v", places)
		}
		for i := 1; i < len(all); i++ {
			if all[i].Total > all[i-1].Total {
				t.Fatalf("standing not by total: %v", ids(all))
			}
		}
		top2, _ := s.Standing("motsdetete", march29, "", 2)
		server, _ := s.Standing("motsdetete", march29, "telegram:-500", 0)
		if len(top2) != 2 || len(server) != 2 || server[0].Player.ID != "telegram:2" {
			t.Fatalf("limited %v, the server's %v", ids(top2), ids(server))
		}
		if other, _ := s.Standing("quarte", march29, "", 0); len(other) != 0 {
			t.Fatalf("another game's standing %v", ids(other))
		}

		// Nothing of a result, a standing or the records holds a word of
		// the deal.
		rs, err := st.Ratings(Prefix)
		if err != nil {
			t.Fatal(err)
		}
		var records []byte
		for _, r := range rs {
			if !strings.HasPrefix(r.Key, Prefix+"deal\x00") {
				records = append(records, r.Key+string(r.Data)+"\n"...)
			}
		}
		js, _ := json.Marshal(all)
		for _, r := range all {
			js = append(js, r.Card()...)
		}
		for _, turn := range d.Turns {
			for what, b := range map[string][]byte{"the records": records, "the standing": js} {
				if bytes.Contains(bytes.ToUpper(b), []byte(turn.TopWord)) {
					t.Fatalf("%s hold the top %q", what, turn.TopWord)
				}
			}
		}
	})
}

func ids(rs []Result) []string {
	var out []string
	for _, r := range rs {
		out = append(out, r.Player.ID)
	}
	return out
}

// TestOneAttemptADay: a finished attempt is returned with ErrPlayed, by
// Start and Current, and a move for it is ErrTurnPlayed; the next day is
// another attempt. Started lists the games begun.
func TestOneAttemptADay(t *testing.T) {
	onBoth(t, func(t *testing.T, k kind) {
		st, s := k.service(t)
		alice := Player{"discord:1", "Alice"}
		if _, _, err := s.Current(alice.ID, "motsdetete", at(march29, 9, 0)); !errors.Is(err, ErrNotStarted) {
			t.Fatalf("Current before Start: %v", err)
		}
		if got, err := s.Started(alice.ID, at(march29, 9, 0)); err != nil || len(got) != 0 {
			t.Fatalf("Started %v, %v", got, err)
		}
		r, _ := playAll(t, s, alice, "", "motsdetete", at(march29, 9, 0), tops)
		for _, f := range []func() (*Attempt, *duplicate.Deal, error){
			func() (*Attempt, *duplicate.Deal, error) {
				return s.Start(alice, "", "motsdetete", at(march29, 20, 0))
			},
			func() (*Attempt, *duplicate.Deal, error) {
				return s.Current(alice.ID, "motsdetete", at(march29, 20, 0))
			},
		} {
			a, d, err := f()
			if !errors.Is(err, ErrPlayed) || a == nil || d == nil || !a.Finished || a.Turn() != len(d.Turns) {
				t.Fatalf("a second attempt: %v %v", a, err)
			}
			if _, err := s.Play(a, 0, d.Turns[0].Top, at(march29, 20, 0)); !errors.Is(err, ErrTurnPlayed) {
				t.Fatalf("a move of a finished attempt: %v", err)
			}
		}
		ids, _ := st.ChatTables(AttemptChat("motsdetete", march29, alice.ID))
		if len(ids) != 1 {
			t.Fatalf("%d attempts", len(ids))
		}
		if again, err := s.Result(alice.ID, "motsdetete", march29); err != nil || again.Total != r.Total {
			t.Fatal(again, err)
		}
		// Another game the same day, and the same game the next day.
		if _, _, err := s.Start(alice, "", "quarte", at(march29, 21, 0)); err != nil {
			t.Fatal(err)
		}
		started, err := s.Started(alice.ID, at(march29, 21, 0))
		if err != nil || len(started) != 2 || started[0].Game != "motsdetete" || !started[0].Finished || started[1].Game != "quarte" || started[1].Finished {
			t.Fatalf("Started %+v, %v", started, err)
		}
		a, _, err := s.Start(alice, "", "motsdetete", at(march29.Next(), 0, 0))
		if err != nil || a.Day != march29.Next() || a.Turn() != 0 {
			t.Fatalf("the next day: %+v, %v", a, err)
		}
		if _, _, err := s.Start(alice, "", "crackword", at(march29, 21, 0)); !errors.Is(err, ErrNoGame) {
			t.Fatal(err)
		}
	})
}

// TestRacedStartsMakeOneAttempt: two processes (two Services on one
// PostgreSQL) starting the same player's challenge at once give him one
// attempt, the same to both.
func TestRacedStartsMakeOneAttempt(t *testing.T) {
	st := pgKind.open(t)
	services := []*Service{newService(t, st, smallConfig(t, nil)), newService(t, pgKind.another(t, st), smallConfig(t, nil))}
	for round := range 5 {
		p := Player{ID: "telegram:" + string(rune('a'+round)), Name: "Racer"}
		var wg sync.WaitGroup
		got := make([]*Attempt, 4)
		errs := make([]error, 4)
		for i := range got {
			wg.Go(func() { got[i], _, errs[i] = services[i%2].Start(p, "", "motsdetete", at(march29, 10, 0)) })
		}
		wg.Wait()
		for i := range got {
			if errs[i] != nil || got[i].id != got[0].id {
				t.Fatalf("round %d: start %d: %v, table %d and %d", round, i, errs[i], got[i].id, got[0].id)
			}
		}
		if ids, _ := st.ChatTables(AttemptChat("motsdetete", march29, p.ID)); len(ids) != 1 {
			t.Fatalf("round %d: %d attempts", round, len(ids))
		}
	}
}

// TestRefusalsChangeNothing: a move sent twice is ErrTurnPlayed, a move
// the game refuses is its refusal, a move after midnight ErrDayOver, and
// none of them changes the attempt's table or its log.
func TestRefusalsChangeNothing(t *testing.T) {
	onBoth(t, func(t *testing.T, k kind) {
		st, s := k.service(t)
		late := at(march29, 23, 59)
		a, d, err := s.Start(Player{"discord:1", "Alice"}, "", "motsdetete", late)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.Play(a, 0, d.Turns[0].Top, late); err != nil {
			t.Fatal(err)
		}
		before := snapshot(t, st, a.id)
		copyBefore := *a
		f := strings.Fields(d.Turns[1].Top)
		if _, err := s.Play(a, 0, d.Turns[0].Top, late); !errors.Is(err, ErrTurnPlayed) {
			t.Fatalf("the move sent twice: %v", err)
		}
		var refusal *games.Refusal
		if _, err := s.Play(a, 1, f[0]+" "+f[1]+" KWXQ", late); !errors.As(err, &refusal) {
			t.Fatalf("a word the game refuses: %v", err)
		}
		// Midnight in Paris ends the day: 22:00 UTC in summer time.
		midnight := march29.Next().Start()
		if midnight.UTC().Hour() != 22 {
			t.Fatalf("midnight is %s", midnight.UTC())
		}
		if _, err := s.Play(a, 1, d.Turns[1].Top, midnight); !errors.Is(err, ErrDayOver) {
			t.Fatalf("a move at midnight: %v", err)
		}
		if _, err := s.Play(a, 1, d.Turns[1].Top, midnight.Add(-time.Second)); err != nil {
			t.Fatalf("a move a second before midnight: %v", err)
		}
		// A stale copy's move for the turn gone by is refused too.
		if _, err := s.Play(&copyBefore, 1, d.Turns[1].Top, late); !errors.Is(err, ErrTurnPlayed) {
			t.Fatalf("a stale copy's move: %v", err)
		}
		if copyBefore.Turn() != 2 {
			t.Fatalf("the stale copy was not read again: turn %d", copyBefore.Turn())
		}
		after := snapshot(t, st, a.id)
		if len(after.moves) != 2 || after.moves[0] != before.moves[0] {
			t.Fatalf("log %v, was %v", after.moves, before.moves)
		}
		// After midnight, the day's Start is the next day's attempt.
		next, _, err := s.Start(Player{"discord:1", "Alice"}, "", "motsdetete", midnight)
		if err != nil || next.Day != march29.Next() || next.id == a.id {
			t.Fatalf("Start at midnight: %+v, %v", next, err)
		}
		// The day before, left unfinished, is ended, without a result.
		if tb, err := st.Table(a.id); err != nil || !tb.Finished {
			t.Fatalf("the abandoned attempt: finished %v, %v", tb.Finished, err)
		}
		if _, err := st.OpenTable(AttemptChat("motsdetete", march29, "discord:1")); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("the abandoned attempt is still open: %v", err)
		}
		if _, err := s.Result("discord:1", "motsdetete", march29); !errors.Is(err, ErrNotStarted) {
			t.Fatalf("a result of the abandoned attempt: %v", err)
		}
		if rs, _ := s.Standing("motsdetete", march29, "", 0); len(rs) != 0 {
			t.Fatalf("the abandoned attempt in the standing: %v", ids(rs))
		}
	})
}

type tableSnapshot struct {
	data  string
	moves []string
}

func snapshot(t *testing.T, st store.Store, id uint64) tableSnapshot {
	t.Helper()
	tb, err := st.Table(id)
	if err != nil {
		t.Fatal(err)
	}
	ms, err := st.Moves(id)
	if err != nil {
		t.Fatal(err)
	}
	s := tableSnapshot{data: string(tb.Data)}
	for _, m := range ms {
		s.moves = append(s.moves, m.Text)
	}
	return s
}

// TestRestartResumes: a Service on the data file opened again (a restart)
// finds the attempt at its turn, with every move answered before, and
// plays it to the end.
func TestRestartResumes(t *testing.T) {
	onBoth(t, func(t *testing.T, k kind) {
		st, s := k.service(t)
		p := Player{"telegram:7", "Gaël"}
		start := at(march29, 12, 0)
		a, d, err := s.Start(p, "telegram:-9", "motsdetete", start)
		if err != nil {
			t.Fatal(err)
		}
		for i := range 3 {
			if _, err := s.Play(a, i, tops(t, d, i), start.Add(time.Minute)); err != nil {
				t.Fatal(err)
			}
		}
		st = k.reopen(t, st)
		s = newService(t, st, smallConfig(t, nil))
		b, d2, err := s.Current(p.ID, "motsdetete", start.Add(time.Hour))
		if err != nil {
			t.Fatal(err)
		}
		if b.Turn() != 3 || b.Server != "telegram:-9" || !reflect.DeepEqual(b.Points, a.Points) || len(d2.Turns) != len(d.Turns) {
			t.Fatalf("resumed %+v", b)
		}
		for i := 3; i < len(d2.Turns); i++ {
			if _, err := s.Play(b, i, tops(t, d2, i), start.Add(time.Hour)); err != nil {
				t.Fatal(err)
			}
		}
		if r, err := s.Result(p.ID, "motsdetete", march29); err != nil || r.Pct != 1000 {
			t.Fatalf("%+v %v", r, err)
		}
		if ms, _ := st.Moves(b.id); len(ms) != len(d.Turns) {
			t.Fatalf("%d moves in the log", len(ms))
		}
	})
}

// failingRate is a store whose Rate of an attempt fails once: a crash
// between the last turn's save and its result.
type failingRate struct {
	store.Store
	failed atomic.Bool
}

func (f *failingRate) Rate(table uint64, rs []store.Rating) (bool, error) {
	if table < firstReservedID && f.failed.CompareAndSwap(false, true) {
		return false, errors.New("killed before the result")
	}
	return f.Store.Rate(table, rs)
}

// failingShared keeps a Shared store Shared behind failingRate.
type failingShared struct {
	*failingRate
	store.Shared
}

// TestCrashBeforeResult: when the last turn is saved and its result is
// not (the process killed in between), the next Start, Current, Play or
// Result of the attempt records it, once.
func TestCrashBeforeResult(t *testing.T) {
	onBoth(t, func(t *testing.T, k kind) {
		for _, how := range []string{"Start", "Current", "Play", "Result"} {
			st := k.open(t)
			f := &failingRate{Store: st}
			var wrapped store.Store = f
			if sh, ok := st.(store.Shared); ok {
				wrapped = failingShared{f, sh}
			}
			s := newService(t, wrapped, smallConfig(t, nil))
			p := Player{"discord:9", "Hugo"}
			start := at(march29, 14, 0)
			a, d, err := s.Start(p, "discord:1", "motsdetete", start)
			if err != nil {
				t.Fatal(err)
			}
			for i := range d.Turns {
				_, err = s.Play(a, i, tops(t, d, i), start)
			}
			if err == nil || !a.Finished {
				t.Fatalf("%s: the last turn's Rate failed, and Play said %v", how, err)
			}
			if rs, _ := st.Ratings(Prefix + "day\x00"); len(rs) != 0 {
				t.Fatalf("%s: %d results", how, len(rs))
			}
			// A new process after the crash.
			s = newService(t, st, smallConfig(t, nil))
			switch how {
			case "Start":
				_, _, err = s.Start(p, "discord:1", "motsdetete", start)
			case "Current":
				_, _, err = s.Current(p.ID, "motsdetete", start)
			case "Play":
				_, err = s.Play(a, len(d.Turns)-1, tops(t, d, 0), start)
			case "Result":
				_, err = s.Result(p.ID, "motsdetete", march29)
			}
			if how == "Result" && err != nil || how == "Play" && !errors.Is(err, ErrTurnPlayed) || (how == "Start" || how == "Current") && !errors.Is(err, ErrPlayed) {
				t.Fatalf("%s after the crash: %v", how, err)
			}
			for range 2 { // and again: nothing more
				s.Current(p.ID, "motsdetete", start)
				s.Result(p.ID, "motsdetete", march29)
			}
			results, _ := st.Ratings(Prefix + "day\x00")
			days, _ := st.Ratings(playerPrefix(p.ID))
			if len(results) != 1 || len(days) != 1 {
				t.Fatalf("%s: %d results, %d days", how, len(results), len(days))
			}
			r, err := s.Result(p.ID, "motsdetete", march29)
			if err != nil || r.Pct != 1000 || r.Server != "discord:1" {
				t.Fatalf("%s: %+v %v", how, r, err)
			}
			if g, _, _ := s.Ranks(r); g != (Rank{1, 1}) {
				t.Fatalf("%s: rank %v", how, g)
			}
		}
	})
}

// TestTwoProcessesPlayOneAttempt: two Services on one PostgreSQL play the
// same attempt turn about (the player's moves reaching one process, then
// the other), each with its own copy: each reads the attempt again when
// the other moved it, a move sent to both is played once (the second
// meets a changed table, ErrStale, reads it again: ErrTurnPlayed), and the
// result is recorded once.
func TestTwoProcessesPlayOneAttempt(t *testing.T) {
	st := pgKind.open(t)
	var stale atomic.Int64
	counted := func(st store.Store) store.Store { return &staleCounter{st, st.(store.Shared), &stale} }
	s1 := newService(t, counted(st), smallConfig(t, nil))
	s2 := newService(t, counted(pgKind.another(t, st)), smallConfig(t, nil))
	p := Player{"telegram:5", "Inès"}
	now := at(march29, 15, 0)
	a1, d, err := s1.Start(p, "", "motsdetete", now)
	if err != nil {
		t.Fatal(err)
	}
	a2, _, err := s2.Current(p.ID, "motsdetete", now)
	if err != nil {
		t.Fatal(err)
	}
	copies := []*Attempt{a1, a2}
	services := []*Service{s1, s2}
	for i := range d.Turns {
		mine, other := i%2, 1-i%2
		// The other process holds a copy from before this turn.
		stale := *copies[other]
		if _, err := services[mine].Play(copies[mine], i, tops(t, d, i), now); err != nil {
			t.Fatalf("turn %d: %v", i+1, err)
		}
		if stale.Turn() == i {
			if _, err := services[other].Play(&stale, i, tops(t, d, i), now); !errors.Is(err, ErrTurnPlayed) {
				t.Fatalf("turn %d sent to both: %v", i+1, err)
			}
		}
	}
	ms, err := st.Moves(a1.id)
	if err != nil || len(ms) != len(d.Turns) {
		t.Fatalf("%d moves, %v", len(ms), err)
	}
	for _, s := range services {
		r, err := s.Result(p.ID, "motsdetete", march29)
		if err != nil || r.Pct != 1000 {
			t.Fatalf("%+v %v", r, err)
		}
	}
	if rs, _ := st.Ratings(Prefix + "day\x00"); len(rs) != 1 {
		t.Fatalf("%d results", len(rs))
	}
	// Each move sent to both met the other's save.
	if stale.Load() < int64(len(d.Turns)) {
		t.Fatalf("%d saves met ErrStale over %d turns", stale.Load(), len(d.Turns))
	}
}

// staleCounter counts the saves a Shared store refused as stale.
type staleCounter struct {
	store.Store
	store.Shared
	stale *atomic.Int64
}

func (c *staleCounter) Save(t store.Table, m *store.Move) error {
	err := c.Store.Save(t, m)
	if errors.Is(err, store.ErrStale) {
		c.stale.Add(1)
	}
	return err
}

// TestStreaks: days in a row count across both changes of summer time
// (each day's challenge played just after its midnight and just before
// its end, Paris time); the current streak counts today once played, and
// up to yesterday until then; a day missed breaks it; two games of a day
// count one day.
func TestStreaks(t *testing.T) {
	onBoth(t, func(t *testing.T, k kind) {
		_, s := k.service(t)
		p := Player{"discord:3", "Jade"}
		streak := func(now time.Time, current, best int) {
			t.Helper()
			got, err := s.Streak(p.ID, now)
			if err != nil || got != (Streak{current, best}) {
				t.Fatalf("at %s: %+v, %v; want %d, best %d", now, got, err, current, best)
			}
		}
		streak(at(march29, 12, 0), 0, 0)
		// 27 March to 31 March, across the spring change; alternately at
		// 00:01 and at 23:30 (when the day ends in 30 minutes).
		day := duplicate.Day{Year: 2026, Month: time.March, Day: 27}
		for i := range 5 {
			start := at(day, 0, 1)
			if i%2 == 1 {
				start = at(day, 23, 30)
			}
			playAll(t, s, p, "", "motsdetete", start, passes)
			if i == 2 { // and a second game that day
				playAll(t, s, p, "", "quarte", start, passes)
			}
			streak(start.Add(20*time.Minute), i+1, i+1)
			day = day.Next()
		}
		// 1 April: not yet played: the streak holds, up to yesterday.
		april1 := duplicate.Day{Year: 2026, Month: time.April, Day: 1}
		streak(at(april1, 23, 59), 5, 5)
		// 2 April: the first was missed: the streak is over.
		april2 := april1.Next()
		streak(at(april2, 0, 0), 0, 5)
		playAll(t, s, p, "", "motsdetete", at(april2, 10, 0), tops)
		streak(at(april2, 11, 0), 1, 5)
		streak(at(april2.Next(), 11, 0), 1, 5)

		// The autumn change: 24, 25 (25 hours long) and 26 October.
		day = duplicate.Day{Year: 2026, Month: time.October, Day: 24}
		for i := range 3 {
			// 02:30 on the 25th comes twice: the second.
			start := at(day, 2, 30)
			if i == 1 {
				start = day.Start().Add(3*time.Hour + 30*time.Minute)
				if start.In(day.Start().Location()).Hour() != 2 {
					t.Fatalf("%s is not the second 02:30", start)
				}
			}
			playAll(t, s, p, "", "motsdetete", start, passes)
			day = day.Next()
		}
		// The 26th ends at 23:00 UTC (midnight in winter time).
		streak(time.Date(2026, time.October, 26, 22, 59, 0, 0, time.UTC), 3, 5)
		streak(time.Date(2026, time.October, 27, 22, 59, 0, 0, time.UTC), 3, 5)
		streak(time.Date(2026, time.October, 27, 23, 0, 0, 0, time.UTC), 0, 5)
	})
}

// TestMonth: the month's standing ranks by the sum of the percentages
// (playing every day counts), then the average, then the earlier last
// finish; rows equal in both share a place; another month's and another
// server's results are not counted.
func TestMonth(t *testing.T) {
	onBoth(t, func(t *testing.T, k kind) {
		_, s := k.service(t)
		march := func(d int) duplicate.Day { return duplicate.Day{Year: 2026, Month: time.March, Day: d} }
		play := func(p Player, server string, d, minute int, how strategy) {
			playAll(t, s, p, server, "motsdetete", at(march(d), 9, minute), how)
		}
		kim, leo, mia, noe, oda := Player{"discord:11", "Kim"}, Player{"discord:12", "Léo"},
			Player{"telegram:13", "Mia"}, Player{"telegram:14", "Noé"}, Player{"local:oda", "Oda"}
		// Kim: three days at 100 % (3000). Léo: two at 100 % (2000, average
		// 1000). Mia: two at 100 % and one at 0 % (2000, average 667).
		// Noé: as Léo, finishing later. Oda: the tops on 28 February only.
		for _, d := range []int{2, 3, 4} {
			play(kim, "discord:1", d, 0, tops)
		}
		play(leo, "discord:1", 2, 5, tops)
		play(leo, "discord:1", 3, 5, tops)
		play(mia, "telegram:-2", 2, 10, tops)
		play(mia, "telegram:-2", 3, 10, passes)
		play(mia, "telegram:-2", 31, 10, tops)
		play(noe, "telegram:-2", 2, 20, tops)
		play(noe, "telegram:-2", 3, 20, tops)
		playAll(t, s, oda, "", "motsdetete", at(duplicate.Day{Year: 2026, Month: time.February, Day: 28}, 9, 0), tops)

		rows, err := s.Month("motsdetete", march(1), "", 0)
		if err != nil {
			t.Fatal(err)
		}
		want := []MonthRow{
			{kim, Rank{1, 4}, 3, 3000, 1000},
			{leo, Rank{2, 4}, 2, 2000, 1000},
			{noe, Rank{2, 4}, 2, 2000, 1000},
			{mia, Rank{4, 4}, 3, 2000, 667},
		}
		if !reflect.DeepEqual(rows, want) {
			t.Fatalf("month\n%+v\nwant\n%+v", rows, want)
		}
		if rows, _ := s.Month("motsdetete", march(17), "", 2); !reflect.DeepEqual(rows, want[:2]) {
			t.Fatalf("the first two: %+v", rows)
		}
		local, err := s.Month("motsdetete", march(1), "telegram:-2", 0)
		wantLocal := []MonthRow{{noe, Rank{1, 2}, 2, 2000, 1000}, {mia, Rank{2, 2}, 3, 2000, 667}}
		if err != nil || !reflect.DeepEqual(local, wantLocal) {
			t.Fatalf("the server's month %+v, %v", local, err)
		}
		feb, _ := s.Month("motsdetete", duplicate.Day{Year: 2026, Month: time.February, Day: 1}, "", 0)
		if len(feb) != 1 || feb[0].Player != oda || feb[0].Rank != (Rank{1, 1}) {
			t.Fatalf("February %+v", feb)
		}
	})
}

// TestRealDictionary: a challenge of the binary's own game (games/duplicate's
// Make and LoadGame, the bundled dictionary) starts, plays and is read
// back by another Service.
func TestRealDictionary(t *testing.T) {
	if testing.Short() {
		t.Skip("deals with the bundled dictionary")
	}
	st := boltKind.open(t)
	cfg := Config{Secret: []byte("a deployment")}
	s := newService(t, st, cfg)
	if !reflect.DeepEqual(s.Games(), duplicate.Games()) {
		t.Fatalf("games %v", s.Games())
	}
	now := at(march29, 8, 0)
	a, d, err := s.Start(Player{"telegram:1", "Paul"}, "", "motsdetete", now)
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Turns) != duplicate.MotsDeTeteTurns {
		t.Fatalf("%d turns", len(d.Turns))
	}
	played, err := s.Play(a, 0, easy(t, d, 0), now)
	if err != nil || played.Points <= 0 || played.Points > d.Turns[0].TopScore || played.Top.Top != d.Turns[0].Top {
		t.Fatalf("%+v %v", played, err)
	}
	if played, err := s.Play(a, 1, "passe", now); err != nil || played.Move != "" || played.Points != 0 {
		t.Fatalf("a pass: %+v %v", played, err)
	}
	b, d2, err := newService(t, st, cfg).Current("telegram:1", "motsdetete", now)
	if err != nil || b.Turn() != 2 || d2.Turns[5].Top != d.Turns[5].Top {
		t.Fatalf("%+v %v", b, err)
	}
}

// TestIsChat: attempts' chats are told from the platforms' chats.
func TestIsChat(t *testing.T) {
	if !IsChat(AttemptChat("motsdetete", march29, "telegram:42")) {
		t.Fatal("an attempt's chat")
	}
	for _, c := range []string{"telegram:42", "discord:1:2", "local:main", ""} {
		if IsChat(c) {
			t.Fatalf("%q", c)
		}
	}
}

// TestStoreTools: the store's tools take the challenge's tables and
// records as any others: `tablee check` finds nothing wrong in a data file
// holding deals, attempts (one finished, one not) and results;
// `tablee migrate` copies it to PostgreSQL, where the same deal, result and
// attempt are read; retention deletes a finished attempt's table, and its
// result stays.
func TestStoreTools(t *testing.T) {
	var made atomic.Int64
	cfg := smallConfig(t, &made)
	st := boltKind.open(t)
	path, _ := wheres.Load(st)
	s := newService(t, st, cfg)
	r, _ := playAll(t, s, Player{"discord:1", "Alice"}, "discord:100", "motsdetete", at(march29, 9, 0), easy)
	a, d, err := s.Start(Player{"telegram:2", "Bruno"}, "", "motsdetete", at(march29, 9, 0))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Play(a, 0, d.Turns[0].Top, at(march29, 9, 1)); err != nil {
		t.Fatal(err)
	}
	st.Close()
	report, err := bolt.Check(path.(string), bolt.Options{})
	if err != nil || report.Damaged() {
		t.Fatalf("check: %+v, %v", report, err)
	}

	st = boltKind.reopen(t, st)
	pg := pgKind.open(t)
	if _, err := migrate.Copy(st.(store.Exporter), pg.(store.Importer), nil); err != nil {
		t.Fatal(err)
	}
	onPG := newService(t, pg, cfg)
	if got, err := onPG.Result("discord:1", "motsdetete", march29); err != nil || !reflect.DeepEqual(got, r) {
		t.Fatalf("the result copied: %+v, %v", got, err)
	}
	b, _, err := onPG.Current("telegram:2", "motsdetete", at(march29, 10, 0))
	if err != nil || b.Turn() != 1 {
		t.Fatalf("the attempt copied: %+v, %v", b, err)
	}
	if _, err := onPG.Play(b, 1, d.Turns[1].Top, at(march29, 10, 0)); err != nil {
		t.Fatal(err)
	}
	if made.Load() != 1 {
		t.Fatalf("%d deals made", made.Load())
	}

	// Retention: the finished attempt goes (the store stamps a table's
	// finish with its own clock, the real one here).
	n, err := st.(*bolt.Store).DeleteFinished(time.Now().Add(time.Minute))
	if err != nil || n != 1 {
		t.Fatalf("retention deleted %d tables, %v", n, err)
	}
	s = newService(t, st, cfg)
	if got, err := s.Result("discord:1", "motsdetete", march29); err != nil || !reflect.DeepEqual(got, r) {
		t.Fatalf("the result after retention: %+v, %v", got, err)
	}
	if g, _, err := s.Ranks(r); err != nil || g != (Rank{1, 1}) {
		t.Fatal(g, err)
	}
}

// TestDealRacedByProcesses: processes asking for the day's deal at the same
// moment, each of which would deal it otherwise, all get one deal: the
// first stored.
func TestDealRacedByProcesses(t *testing.T) {
	st := pgKind.open(t)
	var services []*Service
	for i := range 3 {
		cfg := smallConfig(t, nil)
		cfg.Make = func(game string, seed uint64) (*duplicate.Deal, error) {
			return duplicate.MotsDeTete(small(t), seed+uint64(i))
		}
		services = append(services, newService(t, pgKind.another(t, st), cfg))
	}
	deals := make([][]byte, 6)
	var wg sync.WaitGroup
	for i := range deals {
		wg.Go(func() {
			d, err := services[i%3].Deal("motsdetete", march29)
			if err != nil {
				t.Error(err)
				return
			}
			deals[i], _ = d.Save()
		})
	}
	wg.Wait()
	for i := range deals {
		if !bytes.Equal(deals[i], deals[0]) {
			t.Fatalf("ask %d got another deal", i)
		}
	}
	stored, _ := st.Ratings(dealKey("motsdetete", march29))
	if len(stored) != 1 || !bytes.Equal(stored[0].Data, deals[0]) {
		t.Fatalf("%d deals stored", len(stored))
	}
}
