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
	p := Pairing{Name: "normal-easy", Levels: []games.Strength{games.Normal, games.Easy}}
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
