package gamestest

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/tablee/tablee/games"
)

// tally is a game where every seat moves once a round, in any order (a
// simultaneous phase): "+1" is the bot's move, "+0" the timeout's. Its
// log of moves is the whole state. The game is over after Rounds rounds;
// with BadBot the bot's fourth move is refused; with Stuck the game waits
// for nobody after its third move.
type tally struct {
	Players, Rounds int
	Log             []string // "seat:move"
	BadBot, Stuck   bool
}

func (g *tally) moved(seat int) bool {
	done := len(g.Log) % g.Players
	for _, e := range g.Log[len(g.Log)-done:] {
		if strings.HasPrefix(e, fmt.Sprint(seat, ":")) {
			return true
		}
	}
	return false
}

func (g *tally) Apply(seat int, move string) ([]games.Event, error) {
	if g.Result().Over || seat < 0 || seat >= g.Players || g.moved(seat) || (move != "+1" && move != "+0") {
		return nil, games.Refuse("t.no")
	}
	g.Log = append(g.Log, fmt.Sprint(seat, ":", move))
	return nil, nil
}
func (g *tally) Public() games.View                 { return games.View{} }
func (g *tally) Private(int) games.View             { return games.View{} }
func (g *tally) Choices(int, string) []games.Choice { return nil }
func (g *tally) Waiting() []games.Wait {
	if g.Result().Over || (g.Stuck && len(g.Log) == 3) {
		return nil
	}
	var w []games.Wait
	for s := 0; s < g.Players; s++ {
		if !g.moved(s) {
			w = append(w, games.Wait{Seat: s, Timeout: "+0"})
		}
	}
	return w
}
func (g *tally) Bot(int, games.Strength) string {
	if g.BadBot && len(g.Log) == 3 {
		return "nonsense"
	}
	return "+1"
}
func (g *tally) Save() ([]byte, error) { return json.Marshal(g) }
func (g *tally) Result() games.Result {
	return games.Result{Over: len(g.Log) >= g.Players*g.Rounds, Scores: make([]int, g.Players)}
}

type tallyEngine struct{ badBot, stuck bool }

func (tallyEngine) Name() string            { return "tally" }
func (tallyEngine) Seats() (int, int)       { return 2, 4 }
func (tallyEngine) Options() []games.Option { return nil }
func (tallyEngine) Verbs() []string         { return nil }
func (e tallyEngine) New(opts games.Options, players int, _ uint64) (games.Game, error) {
	if players < 2 || players > 4 {
		return nil, errors.New("tally: 2 to 4 players")
	}
	return &tally{Players: players, Rounds: 5, BadBot: e.badBot, Stuck: e.stuck}, nil
}
func (tallyEngine) Load(data []byte) (games.Game, error) {
	g := &tally{}
	return g, json.Unmarshal(data, g)
}

func tallyPositions(t *testing.T, e games.Engine, every int, plays ...SelfPlay) *Positions {
	t.Helper()
	p := NewPositions(e, every)
	for _, sp := range plays {
		if err := p.Play(sp); err != nil {
			t.Fatal(err)
		}
	}
	return p
}

func saves(t *testing.T, p *Positions) []string {
	t.Helper()
	var out []string
	for i := 0; i < p.Len(); i++ {
		data, _ := p.MustLoad(t, i).Save()
		out = append(out, string(data))
	}
	return out
}

// Every position of every game, from the deal to the end, loads as it was
// played, whether it is kept saved or as the moves since a saved one.
func TestPositions_EveryPositionLoadsAsPlayed(t *testing.T) {
	plays := []SelfPlay{{Players: 3, Seed: 1}, {Players: 2, Seed: 2}, {Players: 4, Seed: 3, Moves: 7}}
	all := saves(t, tallyPositions(t, tallyEngine{}, 1, plays...))
	if len(all) != 16+11+8 {
		t.Fatalf("%d positions, want 35 (16, 11 and 8: the deal, then one a move)", len(all))
	}
	var g tally
	for i, want := range map[int]int{0: 0, 15: 15, 16: 0, 26: 10, 27: 0, 34: 7} {
		if err := json.Unmarshal([]byte(all[i]), &g); err != nil || len(g.Log) != want {
			t.Errorf("position %d: %d moves (%v), want %d", i, len(g.Log), err, want)
		}
	}
	for _, every := range []int{0, 2, 5, 100} {
		p := tallyPositions(t, tallyEngine{}, every, plays...)
		if got := saves(t, p); strings.Join(got, "\n") != strings.Join(all, "\n") {
			t.Errorf("every %d: Load gives other positions", every)
		}
		var each []string
		if err := p.Each(func(i int, g games.Game) {
			data, _ := g.Save()
			each = append(each, fmt.Sprint(i, string(data)))
		}); err != nil {
			t.Fatal(err)
		}
		for i := range all {
			if each[i] != fmt.Sprint(i, all[i]) {
				t.Fatalf("every %d: Each gives %s at %d, want %s", every, each[i], i, all[i])
			}
		}
		ceil := func(n int) int { e := max(every, 1); return (n + e - 1) / e }
		if len(p.saved) != ceil(16)+ceil(11)+ceil(8) {
			t.Errorf("every %d: %d saved", every, len(p.saved))
		}
	}
	// Any number picks a position: modulo the number of positions.
	p := tallyPositions(t, tallyEngine{}, 4, plays...)
	for i, want := range map[int]int{35: 0, 36: 1, -1: 34, 35*1000 + 20: 20} {
		data, _ := p.MustLoad(t, i).Save()
		if string(data) != all[want] {
			t.Errorf("Load(%d) is not position %d", i, want)
		}
	}
}

// The same games give the same positions; when several seats wait, any
// of them may move first, and some moves are the timeout's.
func TestPositions_DeterministicWithEverySeatFirstAndTimeouts(t *testing.T) {
	var plays []SelfPlay
	for seed := uint64(1); seed <= 10; seed++ {
		plays = append(plays, SelfPlay{Players: 3, Seed: seed})
	}
	a := saves(t, tallyPositions(t, tallyEngine{}, 3, plays...))
	if b := saves(t, tallyPositions(t, tallyEngine{}, 3, plays...)); strings.Join(a, "\n") != strings.Join(b, "\n") {
		t.Fatal("the same games gave other positions")
	}
	first := map[string]bool{}
	timeouts, bots := 0, 0
	for _, s := range a {
		var g tally
		if err := json.Unmarshal([]byte(s), &g); err != nil {
			t.Fatal(err)
		}
		if len(g.Log) == 1 {
			first[g.Log[0][:1]] = true
		}
		if len(g.Log) == 15 { // a whole game
			timeouts += strings.Count(strings.Join(g.Log, " "), "+0")
			bots += strings.Count(strings.Join(g.Log, " "), "+1")
		}
	}
	if len(first) != 3 {
		t.Errorf("seats moving first: %v, want all three", first)
	}
	if timeouts == 0 || bots < 10*timeouts {
		t.Errorf("%d timeout moves, %d bot moves: want about one in ten", timeouts, bots)
	}
}

// A position set up by the test is kept, and the bots play on from it.
func TestPositions_AddAndPlayFrom(t *testing.T) {
	p := NewPositions(tallyEngine{}, 2)
	g := &tally{Players: 2, Rounds: 2, Log: []string{"1:+0"}}
	if err := p.Add(g); err != nil {
		t.Fatal(err)
	}
	if err := p.PlayFrom(g, 7, 0); err != nil {
		t.Fatal(err)
	}
	got := saves(t, p)
	if len(got) != 1+4 || !strings.Contains(got[0], `"Log":["1:+0"]`) || !strings.Contains(got[1], `"Log":["1:+0"]`) ||
		!strings.Contains(got[2], `"Log":["1:+0","0:`) {
		t.Fatalf("%q", got)
	}
}

// A game that goes wrong is reported with its table and move.
func TestPositions_ErrorsNameTheGameAndMove(t *testing.T) {
	for _, c := range []struct {
		e    tallyEngine
		sp   SelfPlay
		want string
	}{
		{tallyEngine{badBot: true}, SelfPlay{Players: 2, Seed: 4}, `tally, 2 players, seed 4: move 3: seat`},
		{tallyEngine{stuck: true}, SelfPlay{Players: 3, Seed: 5}, `tally, 3 players, seed 5: move 3: the game waits for nobody`},
		{tallyEngine{}, SelfPlay{Players: 9, Seed: 6}, `tally, 9 players, seed 6: tally: 2 to 4 players`},
	} {
		err := NewPositions(c.e, 1).Play(c.sp)
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%+v: %v, want %s…", c.sp, err, c.want)
		}
	}
	if err := NewPositions(tallyEngine{badBot: true}, 1).Play(SelfPlay{Players: 2, Seed: 4}); !strings.Contains(err.Error(), `"nonsense"`) {
		t.Errorf("the refused move is not named: %v", err)
	}
}

// PositionsOnce builds once, for every test that asks; a failed build is
// tried again.
func TestPositionsOnce(t *testing.T) {
	builds, fail := 0, true
	once := PositionsOnce{Build: func(tb testing.TB) *Positions {
		builds++
		if fail {
			tb.Fatal("no positions")
		}
		return tallyPositions(t, tallyEngine{}, 1, SelfPlay{Players: 2, Seed: 1})
	}}
	if failed := run(t, func(tb testing.TB) { once.Get(tb) }); len(failed) != 1 {
		t.Fatalf("failed build: %q", failed)
	}
	fail = false
	a, b := once.Get(t), once.Get(t)
	if a != b || builds != 2 || a.Len() != 11 {
		t.Fatalf("%d builds, %d positions", builds, a.Len())
	}
}

// The seeds try every move in the first and the last position of each
// kind, from seats in turn; a kind the positions miss is fatal.
func TestPositions_Seeds(t *testing.T) {
	p := tallyPositions(t, tallyEngine{}, 3, SelfPlay{Players: 2, Seed: 1}, SelfPlay{Players: 3, Seed: 2})
	// Kinds: 1 for a game over, 0 for the others.
	over := func(g games.Game) int {
		if g.Result().Over {
			return 1
		}
		return 0
	}
	seeds := p.Seeds(t, over, []int{1, 0}, []string{"+1", "x"})
	want := []FuzzInput{{0, 10, "+1"}, {1, 26, "+1"}, {2, 0, "+1"}, {3, 25, "+1"},
		{1, 10, "x"}, {2, 26, "x"}, {3, 0, "x"}, {4, 25, "x"}}
	if fmt.Sprint(seeds) != fmt.Sprint(want) {
		t.Fatalf("%v, want %v", seeds, want)
	}
	if failed := run(t, func(tb testing.TB) { p.Seeds(tb, over, []int{0, 2}, []string{"+1"}) }); len(failed) != 1 || !strings.Contains(failed[0], "kind 2") {
		t.Errorf("a missing kind: %q", failed)
	}
}
