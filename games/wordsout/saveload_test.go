package wordsout

import (
	"bytes"
	"testing"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/games/gamestest"
)

// TestSaveLoadRoundTrip: whole games where every position is saved, loaded
// and saved again to the same bytes, with the same views and bot moves.
func TestSaveLoadRoundTrip(t *testing.T) {
	e := realEngine()
	for i, players := range []int{2, 3, 5, 6, 8} {
		opts := games.Options{}
		if i%2 == 1 {
			opts["forgiving"] = "on"
		}
		if _, err := playOne(e, players, uint64(100+i), opts, 1); err != nil {
			t.Fatal(err)
		}
	}
}

// A move log replays to the same position: the PRNG lives in the state.
func TestReplayIsDeterministic(t *testing.T) {
	e := realEngine()
	a, _ := e.New(nil, 4, 99)
	b, _ := e.New(nil, 4, 99)
	for n := 0; n < 300 && !a.Result().Over; n++ {
		w := a.Waiting()[0].Seat
		mv := a.Bot(w, games.Strong)
		if mv != b.Bot(w, games.Strong) {
			t.Fatal("bots differ")
		}
		gamestest.MustApply(t, a.(*Game), w, mv)
		gamestest.MustApply(t, b.(*Game), w, mv)
		da, _ := a.Save()
		db, _ := b.Save()
		if !bytes.Equal(da, db) {
			t.Fatalf("move %d: the games differ", n)
		}
	}
	c, _ := e.New(nil, 4, 100)
	da, _ := a.Save()
	dc, _ := c.Save()
	if bytes.Equal(da, dc) {
		t.Fatal("two seeds, one game")
	}
}

func TestLoadRejectsNonsense(t *testing.T) {
	e := realEngine()
	for _, data := range []string{"", "{", `{"players":1}`, `{"players":3,"hands":[[],[]],"scores":[0,0,0]}`,
		`{"players":2,"hands":[[],[]],"scores":[0,0],"turn":5}`, `{"players":2,"hands":[[],[]],"scores":[0,0],"phase":4}`} {
		if _, err := e.Load([]byte(data)); err == nil {
			t.Errorf("loaded %q", data)
		}
	}
}
