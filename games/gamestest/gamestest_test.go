package gamestest

import (
	"encoding/json"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/i18n"
)

// recorder is a testing.TB that notes failures instead of failing, so that
// the checks can be shown to fail.
type recorder struct {
	testing.TB
	mu     sync.Mutex
	failed []string
}

func (r *recorder) Helper() {}
func (r *recorder) Errorf(format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.failed = append(r.failed, fmt.Sprintf(format, args...))
}
func (r *recorder) Fatalf(format string, args ...any) { r.Errorf(format, args...); runtime.Goexit() }
func (r *recorder) Fatal(args ...any)                 { r.Errorf("%s", fmt.Sprint(args...)); runtime.Goexit() }

// run calls f with a recorder and returns what failed.
func run(t *testing.T, f func(tb testing.TB)) []string {
	r := &recorder{TB: t}
	done := make(chan struct{})
	go func() {
		defer close(done)
		f(r)
	}()
	<-done
	return r.failed
}

// counter is a game of one number: "+n" adds n; "x" is an error that is not
// a refusal; "leak" is refused but changes the game; anything else is
// refused. The bot adds 1 until 5.
type counter struct {
	N      int
	Shown  int // what the views show; Load forgets it when Lossy
	Lossy  bool
	Broken bool // Save writes garbage after a load
}

func (c *counter) Apply(seat int, move string) ([]games.Event, error) {
	switch {
	case move == "x":
		return nil, errors.New("not a refusal")
	case move == "leak":
		c.N += 100
		return nil, games.Refuse("t.no")
	case strings.HasPrefix(move, "+"):
		var n int
		if _, err := fmt.Sscan(move[1:], &n); err != nil {
			return nil, games.Refuse("t.no")
		}
		c.N += n
		c.Shown = c.N
		return []games.Event{{To: games.Everyone, Msg: i18n.T("t.added", n)}}, nil
	}
	return nil, games.Refuse("t.no")
}
func (c *counter) Public() games.View { return games.View{Board: []string{fmt.Sprint(c.Shown)}} }
func (c *counter) Private(seat int) games.View {
	return games.View{Lines: []i18n.Msg{i18n.Raw(fmt.Sprint(seat, c.Shown))}}
}
func (c *counter) Choices(int, string) []games.Choice { return nil }
func (c *counter) Waiting() []games.Wait              { return []games.Wait{{Seat: 0}} }
func (c *counter) Bot(int, games.Strength) string     { return "+1" }
func (c *counter) Save() ([]byte, error)              { return json.Marshal(c.N) }
func (c *counter) Result() games.Result {
	return games.Result{Over: c.N >= 5, Scores: []int{c.N, 0}}
}

type counterEngine struct{ lossy, broken bool }

func (counterEngine) Name() string                                       { return "t" }
func (counterEngine) Seats() (int, int)                                  { return 2, 2 }
func (counterEngine) Options() []games.Option                            { return nil }
func (counterEngine) Verbs() []string                                    { return nil }
func (counterEngine) New(games.Options, int, uint64) (games.Game, error) { return &counter{}, nil }
func (e counterEngine) Load(data []byte) (games.Game, error) {
	c := &counter{}
	if err := json.Unmarshal(data, &c.N); err != nil {
		return nil, err
	}
	if !e.lossy {
		c.Shown = c.N
	}
	if e.broken {
		c.N++
	}
	return c, nil
}

func TestMovesAcceptedAndRefused(t *testing.T) {
	g := &counter{}
	if evs := MustApply(t, g, 0, "+2"); !HasEvent(evs, "t.added") || HasEvent(evs, "t.other") || g.N != 2 {
		t.Fatalf("%+v %+v", evs, g)
	}
	RefusedWith(t, g, 0, "nonsense", "t.no")
	if evs, ok := TryMove(t, g, 0, "+1"); !ok || len(evs) != 1 {
		t.Fatal("accepted move")
	}
	if _, ok := TryMove(t, g, 0, "nonsense"); ok {
		t.Fatal("refused move")
	}
	Advance(t, g, 100)
	if g.N != 5 {
		t.Fatalf("advanced to %d", g.N)
	}
	// The checks fail where they must.
	for _, c := range []struct {
		name string
		f    func(tb testing.TB)
	}{
		{"MustApply refused", func(tb testing.TB) { MustApply(tb, &counter{}, 0, "no") }},
		{"Refused accepted", func(tb testing.TB) { Refused(tb, &counter{}, 0, "+1") }},
		{"Refused not a refusal", func(tb testing.TB) { Refused(tb, &counter{}, 0, "x") }},
		{"Refused leaks", func(tb testing.TB) { Refused(tb, &counter{}, 0, "leak") }},
		{"RefusedWith other key", func(tb testing.TB) { RefusedWith(tb, &counter{}, 0, "no", "t.other") }},
		{"TryMove not a refusal", func(tb testing.TB) { TryMove(tb, &counter{}, 0, "x") }},
		{"TryMove leaks", func(tb testing.TB) { TryMove(tb, &counter{}, 0, "leak") }},
	} {
		if failed := run(t, c.f); len(failed) == 0 {
			t.Errorf("%s: no failure", c.name)
		}
	}
}

func TestRoundTrip(t *testing.T) {
	g := &counter{N: 3, Shown: 3}
	if g2 := MustRoundTrip(t, counterEngine{}, g); g2.(*counter).N != 3 {
		t.Fatal(g2)
	}
	if _, err := RoundTrip(counterEngine{lossy: true}, g); err == nil || !strings.Contains(err.Error(), "public view") {
		t.Errorf("a view lost by Load: %v", err)
	}
	if _, err := RoundTrip(counterEngine{broken: true}, g); err == nil || !strings.Contains(err.Error(), "save/load/save") {
		t.Errorf("a save changed by Load: %v", err)
	}
	if failed := run(t, func(tb testing.TB) { MustRoundTrip(tb, counterEngine{lossy: true}, g) }); len(failed) == 0 {
		t.Error("MustRoundTrip: no failure")
	}
}

func TestViewText(t *testing.T) {
	i18n.Register(i18n.FR, map[string]string{"gamestest.v": "un %v"})
	i18n.Register(i18n.EN, map[string]string{"gamestest.v": "one %v"})
	v := games.View{Title: i18n.T("gamestest.v", 0), Board: []string{"A B", "C"}, Lines: []i18n.Msg{i18n.T("gamestest.v", 1)}}
	if got, want := ViewText(v), "A B\nC\nun 1\none 1"; got != want {
		t.Fatalf("%q, want %q", got, want)
	}
}

func TestArgCount(t *testing.T) {
	for s, want := range map[string]int{
		"": 0, "100 %% sûr": 0, "%v": 1, "%v et %v": 2, "%[2]v puis %[1]v": 2, "%[1]v %v": 2,
		"%d cartes, %s": 2, "%+v": 1, "%[3]v": 3, "%[2]v %[2]v": 2, "%5.1f": 1, "%[12]v": 12,
	} {
		if got := ArgCount(s); got != want {
			t.Errorf("ArgCount(%q) = %d, want %d", s, got, want)
		}
	}
}

func TestCheckCatalogue(t *testing.T) {
	i18n.Register(i18n.FR, map[string]string{"gtgood.a": "%[2]v et %[1]v", "gtgood.b": "rien"})
	i18n.Register(i18n.EN, map[string]string{"gtgood.a": "%v and %v", "gtgood.b": "nothing"})
	CheckCatalogue(t, "gtgood")
	i18n.Register(i18n.FR, map[string]string{"gtargs.a": "%v", "gtonly.a": "x", "gtempty.a": " "})
	i18n.Register(i18n.EN, map[string]string{"gtargs.a": "%v %v", "gtempty.a": "y"})
	// Two arguments against one, no English text, an empty text, no text.
	for _, name := range []string{"gtargs", "gtonly", "gtempty", "gtnothing"} {
		if failed := run(t, func(tb testing.TB) { CheckCatalogue(tb, name) }); len(failed) != 1 {
			t.Errorf("%s: %q", name, failed)
		}
	}
}

func TestCheckKeysUsed(t *testing.T) {
	// This package's code names gamestest. keys nowhere but in its tests.
	if used := KeysInCode(t, "gamestest"); len(used) != 0 {
		t.Fatalf("keys in the code: %v", used)
	}
	i18n.Register(i18n.FR, map[string]string{"gtused.a": "a", "gtused.title": "t", "gtused.b": "b"})
	i18n.Register(i18n.EN, map[string]string{"gtused.a": "a", "gtused.title": "t", "gtused.b": "b"})
	CheckKeysUsed(t, "gtused", map[string]bool{"gtused.a": true, "gtused.b": true})
	if failed := run(t, func(tb testing.TB) { CheckKeysUsed(tb, "gtused", map[string]bool{"gtused.a": true}) }); len(failed) != 1 || !strings.Contains(failed[0], "gtused.b") {
		t.Errorf("unused: %q", failed)
	}
	if failed := run(t, func(tb testing.TB) {
		CheckKeysUsed(tb, "gtused", map[string]bool{"gtused.a": true, "gtused.b": true, "gtused.c": true})
	}); len(failed) != 1 || !strings.Contains(failed[0], "gtused.c") {
		t.Errorf("missing: %q", failed)
	}
}
