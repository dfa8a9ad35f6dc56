package escogriffe

import (
	"fmt"
	"reflect"
	"sort"
	"sync"
	"testing"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/games/gamestest"
)

// TestES_D2_BalanceFourBots: with 4 bot players, the median round ends
// within 40 turns and fewer than 1 round in 100 reaches 300 turns. A turn
// is a turn of the table (each player plays once: draw and discard, or
// place); see docs/games/escogriffe.md. The bots are Strong, the bot this
// test was written for; TestLadderMixed checks the median at four seats of
// every strength (four Easy bots, and mixed tables).
func TestES_D2_BalanceFourBots(t *testing.T) {
	want := 1000
	// The engine runs on one goroutine: under the race detector a sample
	// checks the test's own parallel harness, and the full count runs
	// without it (the second half of the test command, README).
	if testing.Short() || gamestest.Race {
		want = 100
	}
	// Games are played in parallel batches (the race detector makes them
	// slow, and CI runs with it), then their rounds are taken in seed
	// order, so the figures do not depend on the scheduling.
	const workers = 2
	bySeed := map[uint64][]roundLen{}
	var mu sync.Mutex
	rounds := 0
	for next := uint64(1); rounds < want; next += 4 * workers {
		t.Run(fmt.Sprintf("seeds%d", next), func(t *testing.T) {
			for w := uint64(0); w < workers; w++ {
				t.Run(fmt.Sprint(w), func(t *testing.T) {
					t.Parallel()
					for seed := next + w; seed < next+4*workers; seed += workers {
						r := playBots(t, 4, seed, 400_000, nil)
						mu.Lock()
						bySeed[seed] = r
						mu.Unlock()
					}
				})
			}
		})
		for seed := next; seed < next+4*workers; seed++ {
			rounds += len(bySeed[seed])
		}
	}
	var table, player []int
	for seed := uint64(1); len(table) < want; seed++ {
		for _, r := range bySeed[seed] {
			table = append(table, (r.turns+3)/4)
			player = append(player, r.turns)
		}
	}
	sort.Ints(table)
	sort.Ints(player)
	n := len(table)
	long := 0
	for _, x := range table {
		if x >= 300 {
			long++
		}
	}
	t.Logf("%d rounds: table turns median %d, p90 %d, p99 %d, max %d, %d reach 300; player turns median %d, p99 %d",
		n, table[n/2], table[n*9/10], table[n*99/100], table[n-1], long, player[n/2], player[n*99/100])
	if table[n/2] > 40 {
		t.Errorf("median round %d turns, want 40 or less", table[n/2])
	}
	if n >= 1000 && long*100 >= n { // a rate needs the full sample
		t.Errorf("%d rounds of %d reach 300 turns", long, n)
	}
}

// TestSelfPlayInvariants plays bot games of 2 to 8 players, the three
// strengths around the table, and checks after every move: 110 cards accounted for, no hidden card in the public view,
// Save/Load gives the same state, Bot changes nothing, the choices and the
// timeout are legal moves; and every game ends.
func TestSelfPlayInvariants(t *testing.T) {
	// Every move is checked for the cards and the views; the heavier checks
	// take a sample. Under the race detector, fewer.
	rounds, light, sample := 3, 1, 5
	if gamestest.Race || testing.Short() {
		rounds, light, sample = 1, 5, 35
	}
	for players := 2; players <= 8; players++ {
		for g := range rounds {
			seed := uint64(100*players + g)
			t.Run(fmt.Sprintf("%dp_seed%d", players, seed), func(t *testing.T) {
				checked := 0
				playMixed(t, players, seed, 400_000, func(s *state, seat int, mv string) {
					if err := s.check(); err != nil {
						t.Fatalf("after %q: %v", mv, err)
					}
					checked++
					if checked%light != 0 && !s.Over {
						return
					}
					if c := hiddenShown(s); c != "" {
						t.Fatalf("after %q: hidden card %s in public view", mv, c)
					}
					roundTrip(t, s)
					// The heavier checks on a sample of the moves.
					if checked%sample != 0 && !s.Over {
						return
					}
					if s.Over {
						return
					}
					w := s.Waiting()[0]
					before, _ := s.Save()
					for _, level := range games.Strengths {
						_ = s.Bot(w.Seat, level)
						if after, _ := s.Save(); string(after) != string(before) {
							t.Fatalf("the %v Bot changed the state", level)
						}
					}
					legalChoices(t, s, w.Seat, "")
					g2 := clone(t, s)
					if _, err := g2.Apply(w.Seat, w.Timeout); err != nil {
						t.Fatalf("timeout %q refused: %v", w.Timeout, err)
					}
				})
			})
		}
	}
}

// maxRoundTurns bounds a round of bot players, in table turns: the longest
// of 1,120 games (40 seeds at every table size, for each strength and the
// three mixed) lasted about 115 (8 players), and past 60 the bots throw cards at
// random now and then (shake) so that none keeps for ever the card another
// waits for.
const maxRoundTurns = 300

// TestSelfPlay_EveryStrengthEndsAtEveryTableSize: bots of one strength, at
// every table size from 2 to 8, play whole games to 50 points, and every
// round ends within maxRoundTurns table turns: a game of bots that does
// not end holds its table for ever. Games at 7 and 8 players are long
// (3,300 to 5,900 moves in the median, up to about 10,000), not endless.
func TestSelfPlay_EveryStrengthEndsAtEveryTableSize(t *testing.T) {
	// Two games per strength and table size; under -short and the race
	// detector one game per table size, the strengths taking turns.
	seeds, sample := 2, false
	if gamestest.Race || testing.Short() {
		seeds, sample = 1, true
	}
	for li, level := range games.Strengths {
		t.Run(level.String(), func(t *testing.T) {
			t.Parallel() // the machine's two cores
			for players := 2; players <= 8; players++ {
				if sample && players%len(games.Strengths) != li {
					continue
				}
				for g := range seeds {
					seed := uint64(1000*players + 10*(int(level)+1) + g)
					longest := 0
					// A round may take a few hundred moves; the bound on the game
					// is only a backstop, a round past maxRoundTurns fails first.
					playLevel(t, players, seed, 400_000, level, func(s *state, seat int, mv string) {
						if s.Turns > maxRoundTurns*s.Players {
							t.Fatalf("%d players, seed %d: round %d still going after %d table turns (objective %d, PIOCHE %d, last %q by seat %d)",
								players, seed, s.Round, s.Turns/s.Players, s.Objective, len(s.Pioche), mv, seat)
						}
						longest = max(longest, s.Turns)
					})
					t.Logf("%d players, seed %d: longest round %d table turns", players, seed, (longest+players-1)/players)
				}
			}
		})
	}
}

func clone(t testing.TB, s *state) *state {
	t.Helper()
	data, err := s.Save()
	if err != nil {
		t.Fatal(err)
	}
	g, err := engine{}.Load(data)
	if err != nil {
		t.Fatal(err)
	}
	return g.(*state)
}

func roundTrip(t testing.TB, s *state) {
	t.Helper()
	c := clone(t, s)
	if !reflect.DeepEqual(normalise(c), normalise(s)) {
		t.Fatalf("Save/Load changed the state:\n%+v\n%+v", c, s)
	}
	a, _ := s.Save()
	b, _ := c.Save()
	if string(a) != string(b) {
		t.Fatal("Save after Load differs")
	}
}

// normalise treats nil and empty slices alike (JSON does).
func normalise(s *state) state {
	c := *s
	if len(c.Queue) == 0 {
		c.Queue = nil
	}
	if len(c.Champions) == 0 {
		c.Champions = nil
	}
	if len(c.Pioche) == 0 {
		c.Pioche = nil
	}
	fix := func(g [][]int) [][]int {
		out := make([][]int, len(g))
		for i, x := range g {
			if len(x) > 0 {
				out[i] = x
			}
		}
		return out
	}
	c.Hands, c.Figures, c.Piles = fix(c.Hands), fix(c.Figures), fix(c.Piles)
	return c
}

// legalChoices applies every final choice on a copy, and follows the
// others one step.
func legalChoices(t testing.TB, s *state, seat int, prefix string) {
	t.Helper()
	cs := s.Choices(seat, prefix)
	if prefix == "" && len(cs) == 0 {
		t.Fatalf("no choice for the waiting seat in phase %d", s.Phase)
	}
	for _, c := range cs {
		if len(c.Move) > 30 {
			t.Fatalf("move %q longer than 30 bytes", c.Move)
		}
		if !c.Final {
			if len(s.Choices(seat, c.Move)) == 0 {
				t.Fatalf("choice %q leads nowhere", c.Move)
			}
			legalChoices(t, s, seat, c.Move)
			continue
		}
		if _, err := clone(t, s).Apply(seat, c.Move); err != nil {
			t.Fatalf("choice %q refused: %v", c.Move, err)
		}
	}
}

func TestSaveLoadEveryMove(t *testing.T) {
	n := 0
	playBots(t, 3, 11, 400_000, func(s *state, seat int, mv string) {
		n++
		roundTrip(t, s)
		// Continuing from the reloaded game gives the same game.
		if !s.Over && n%50 == 0 {
			c := clone(t, s)
			for i := 0; i < 30 && !s.Over; i++ {
				w := s.Waiting()[0].Seat
				m1, m2 := s.Bot(w, games.Strong), c.Bot(w, games.Strong)
				if m1 != m2 {
					t.Fatalf("bot moves differ after reload: %q %q", m1, m2)
				}
				if _, err := c.Apply(w, m2); err != nil {
					t.Fatal(err)
				}
				if _, err := s.Apply(w, m1); err != nil {
					t.Fatal(err)
				}
			}
			a, _ := s.Save()
			b, _ := c.Save()
			if string(a) != string(b) {
				t.Fatal("reloaded game diverged")
			}
		}
	})
	if n < 100 {
		t.Fatalf("only %d moves", n)
	}
}

func TestBotIsDeterministicAndLegal(t *testing.T) {
	for _, level := range games.Strengths {
		a := playLevel(t, 3, 99, 400_000, level, nil)
		b := playLevel(t, 3, 99, 400_000, level, nil)
		if !reflect.DeepEqual(a, b) {
			t.Fatalf("%v: same seed, different games", level)
		}
		if len(a) == 0 {
			t.Fatalf("%v: no round", level)
		}
	}
	var _ games.Game = (*state)(nil)
}
