package all_test

import (
	"fmt"
	"testing"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/games/gamestest"
)

// maxGameMoves bounds a game of bot players: the longest games, Le Grand
// Escogriffe at 8 players, play up to about 10,000 moves; the others end
// within 500 at every table size, strength and option.
const maxGameMoves = 100_000

// TestEveryGameEndsWithBotsAtEveryTableSize: bots of each strength, at
// every table size a game admits, play it to its end. A game of bots that
// does not end would hold its table for ever. Under -short and the race
// detector, one strength per table size, in turn.
func TestEveryGameEndsWithBotsAtEveryTableSize(t *testing.T) {
	sample := gamestest.Race || testing.Short()
	for _, e := range games.All() {
		t.Run(e.Name(), func(t *testing.T) {
			t.Parallel() // the machine's two cores
			lo, hi := e.Seats()
			for n := lo; n <= hi; n++ {
				for li, level := range games.Strengths {
					if sample && n%len(games.Strengths) != li {
						continue
					}
					seed := uint64(100*n + li)
					g, err := e.New(games.Options{}, n, seed)
					if err != nil {
						t.Fatal(err)
					}
					moves := 0
					for ; moves < maxGameMoves && !g.Result().Over; moves++ {
						w := g.Waiting()
						if len(w) == 0 {
							t.Fatalf("%d players, %v, seed %d: the game waits for nobody and is not over", n, level, seed)
						}
						mv := g.Bot(w[0].Seat, level)
						if _, err := g.Apply(w[0].Seat, mv); err != nil {
							t.Fatalf("%d players, %v, seed %d: bot move %q of seat %d refused: %v", n, level, seed, mv, w[0].Seat, err)
						}
					}
					if !g.Result().Over {
						t.Fatalf("%d players, %v, seed %d: not over after %d moves (waiting %v)", n, level, seed, moves, g.Waiting())
					}
					t.Log(fmt.Sprintf("%d players, %v, seed %d: %d moves", n, level, seed, moves))
				}
			}
		})
	}
}
