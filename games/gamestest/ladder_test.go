package gamestest

import (
	"testing"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/internal/testgame"
)

// The ladder on tic-tac-toe, whose Easy bot fills the grid in order and
// whose Normal bot wins or blocks: Normal must win most games, seats
// rotating, and every game must end.
func TestLadderOnTicTacToe(t *testing.T) {
	e := testgame.Engine{}
	p := NewPairing(nil, games.Normal, games.Easy)
	r := PlayLadder(t, e, p, 40, 1, 20, nil)
	if r.Games != 40 || r.Unfinished != 0 {
		t.Fatalf("%d games, %d unfinished", r.Games, r.Unfinished)
	}
	if r.WinShare(0) < 0.6 || r.WinShare(0)+r.WinShare(1) > 1.0001 {
		t.Errorf("normal won %.2f, easy %.2f", r.WinShare(0), r.WinShare(1))
	}
	if r.Mean("moves") < 5 || r.P99("moves") > 9 {
		t.Errorf("moves mean %.1f p99 %.0f", r.Mean("moves"), r.P99("moves"))
	}
	t.Log(r.Report())
}

// errorsOf records what a check reports instead of failing the test.
type errorsOf struct {
	testing.TB
	got []string
}

func (e *errorsOf) Helper()                      {}
func (e *errorsOf) Errorf(f string, args ...any) { e.got = append(e.got, f) }

// CheckStrongerWon reports a weaker bot that won, at two seats and more,
// and leaves alone a rung of equal strengths at both ends.
func TestCheckStrongerWon(t *testing.T) {
	e := testgame.Engine{}
	for _, c := range []struct {
		p    Pairing
		fail bool
	}{
		{NewPairing(nil, games.Normal, games.Easy), false},
		{NewPairing(nil, games.Easy, games.Normal), true},
		{NewPairing(nil, games.Easy, games.Easy), false},
	} {
		r := PlayLadder(t, e, c.p, 20, 1, 20, nil)
		rec := &errorsOf{TB: t}
		r.CheckStrongerWon(rec, 0.6)
		if (len(rec.got) > 0) != c.fail {
			t.Errorf("%s (wins %.2f): reported %v, want a report: %v", c.p.Name, r.WinShare(0), rec.got, c.fail)
		}
	}
	three := Pairing{Name: "three", Levels: []games.Strength{games.Strong, games.Normal, games.Easy}}
	r := LadderResult{Pairing: three, Games: 10, Wins: []float64{2, 3, 5}}
	rec := &errorsOf{TB: t}
	if r.CheckStrongerWon(rec, 0.6); len(rec.got) != 1 {
		t.Errorf("a table of three whose easy bot won more than the strong one: reported %v", rec.got)
	}
}
