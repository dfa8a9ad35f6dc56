package coquillaude

import (
	"bytes"
	"fmt"
	"sync/atomic"
	"testing"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/games/gamestest"
)

// checkNoHidden: the public view shows no pion of a hand and nothing of the
// bag's order: it reads the same when the hidden letters are changed.
func checkNoHidden(t *testing.T, g *Game) {
	t.Helper()
	before := gamestest.ViewText(g.Public())
	c := &Game{s: g.s.clone(), w: g.w}
	for p := range c.s.Hands {
		for i := range c.s.Hands[p] {
			c.s.Hands[p][i] = 'W'
		}
	}
	for i := range c.s.Bag {
		c.s.Bag[i] = 'K'
	}
	if c.s.Props != nil {
		for p, pr := range c.s.Props {
			if pr != nil && !pr.None {
				c.s.Props[p] = &proposal{Word: "ZZ", Row: 1, Col: 1}
			}
		}
	}
	if after := gamestest.ViewText(c.Public()); after != before {
		t.Fatalf("public view depends on hidden pions:\n%s\n---\n%s", before, after)
	}
}

// playGame runs one seeded game of bots (and some timeouts), checking the
// invariants after every move, and returns the number of moves. The seats
// play at every strength, mixed (seat and seed choose it).
func playGame(t *testing.T, seed uint64, deep bool) int {
	t.Helper()
	players := 2 + int(seed%3)
	opts := games.Options{"bot_success": []string{"70", "0", "100", "50"}[seed%4]}
	e := &Engine{}
	gg, err := e.New(opts, players, seed)
	if err != nil {
		t.Fatal(err)
	}
	g := gg.(*Game)
	checkInvariants(t, g)
	for n := 0; ; n++ {
		if g.s.Over {
			if len(g.Waiting()) != 0 || !g.Result().Over {
				t.Fatalf("seed %d: over but waiting", seed)
			}
			return n
		}
		if n > 3000 {
			t.Fatalf("seed %d: no end after %d moves", seed, n)
		}
		ws := g.Waiting()
		h := mix64(seed*7919 + uint64(n))
		w := ws[int(h%uint64(len(ws)))]
		var move string
		if h>>32%10 == 0 {
			move = w.Timeout
		} else {
			var before []byte
			if deep {
				before, _ = g.Save()
			}
			level := games.Strengths[(int(seed)+w.Seat)%len(games.Strengths)]
			move = g.Bot(w.Seat, level)
			if deep {
				after, _ := g.Save()
				if !bytes.Equal(before, after) {
					t.Fatalf("seed %d: Bot changed the state", seed)
				}
				if again := g.Bot(w.Seat, level); again != move {
					t.Fatalf("seed %d: Bot not deterministic: %q then %q", seed, move, again)
				}
			}
		}
		if _, err := g.Apply(w.Seat, move); err != nil {
			t.Fatalf("seed %d move %d seat %d %q: %v", seed, n, w.Seat, move, err)
		}
		checkInvariants(t, g)
		if deep || n%25 == 0 {
			// The saved messages come back with their kinds: the views read
			// the same after a reload.
			lg, err := gamestest.RoundTrip(e, g)
			if err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			g = lg.(*Game)
			checkNoHidden(t, g)
			for p := 0; p < players; p++ {
				_ = g.Private(p)
				for _, c := range g.Choices(p, "") {
					if len(c.Move) > 40 {
						t.Fatalf("payload move %q over 40 bytes", c.Move)
					}
				}
			}
		}
	}
}

// TestSelfPlay500: 500 seeded games end, with 171 pions accounted for at
// every move. The games run in parallel groups: the race detector slows the
// bot's dictionary searches about six times, and CI runs with it.
func TestSelfPlay500(t *testing.T) {
	games := 500
	// The engine runs on one goroutine: under the race detector a sample
	// checks the test's own parallel harness, and the full count runs
	// without it (the second half of the test command, README). The
	// ladder plays bot games under the race detector too (TestLadder).
	if testing.Short() || gamestest.Race {
		games = 24
	}
	const groups = 4
	var total atomic.Int64
	t.Run("groups", func(t *testing.T) {
		for g := 0; g < groups; g++ {
			t.Run(fmt.Sprint(g), func(t *testing.T) {
				t.Parallel()
				for seed := uint64(1 + g); seed <= uint64(games); seed += groups {
					total.Add(int64(playGame(t, seed, seed <= 5)))
				}
			})
		}
	})
	t.Logf("%d games, %d moves", games, total.Load())
}

// Replaying the same seed and moves gives the same game.
func TestDeterministicReplay(t *testing.T) {
	a := newGame(t, 3, 99, nil)
	b := newGame(t, 3, 99, nil)
	for i := 0; i < 200 && !a.s.Over; i++ {
		w := a.Waiting()[0]
		m := a.Bot(w.Seat, games.Strong)
		mustApply(t, a, w.Seat, m)
		mustApply(t, b, w.Seat, m)
		da, _ := a.Save()
		db, _ := b.Save()
		if !bytes.Equal(da, db) {
			t.Fatalf("diverged at move %d", i)
		}
	}
}

func TestLoadRejectsBadStates(t *testing.T) {
	e := &Engine{}
	for _, data := range []string{"", "{}", `{"players":9}`, "not json"} {
		if _, err := e.Load([]byte(data)); err == nil {
			t.Errorf("%q loaded", data)
		}
	}
	g := newGame(t, 2, 1, nil)
	bad := g.s.clone()
	bad.Phase, bad.Q = phaseAnswer, nil
	data, _ := bad.save()
	if _, err := e.Load(data); err == nil {
		t.Error("a question phase without its question loaded")
	}
	g.s.Bag = g.s.Bag[1:] // a pion lost
	data, _ = g.Save()
	if _, err := e.Load(data); err == nil {
		t.Error("a state with 170 pions loaded")
	}
}
