package escogriffe

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/games/gamestest"
)

// esObserver measures one game of Le Grand Escogriffe as a player at the
// table would notice it: how many rounds, how many figures were completed
// (the round's and the ES-D4 last chances), how long a round lasted, how
// long the table drew without anybody placing a card, how many cards the
// others still held when a round ended. It checks the invariants after
// every move: the 110 cards where they belong, and every hand and figure
// together the objective (one card more for the seat discarding).
type esObserver struct {
	t testing.TB

	round  int
	hands  []int // hand sizes after the previous move
	scores []int
	turns  int // s.Turns after the previous move
	phase  int // s.Phase after the previous move

	rounds, figures, lastChance, blocked int
	turnsMoves, handSum                  int // turns ended, and the hand then
	leftSum, leftN                       int // cards the others held at a round's end
	streak, streakMax                    int // draws in a row at the table, no placement
	draws                                int
	roundMax                             int    // longest round, table turns
	lens                                 *[]int // every round's table turns, when wanted
}

func (o *esObserver) Move(g games.Game, seat int, move string) {
	s := g.(*state)
	if err := s.check(); err != nil {
		o.t.Fatalf("after %q: %v", move, err)
	}
	for p := range s.Players {
		want := s.Objective
		if s.Phase == phaseDiscard && p == s.Turn {
			want++
		}
		if got := s.handSize(p) + len(s.Figures[p]); got != want {
			o.t.Fatalf("after %q: seat %d holds %d cards and has %d in his figure, want %d in all",
				move, p, s.handSize(p), len(s.Figures[p]), want)
		}
	}
	if o.hands == nil {
		o.round, o.scores, o.hands = 1, make([]int, s.Players), make([]int, s.Players)
	}
	verb, _, _ := strings.Cut(move, " ")
	switch verb {
	case "pioche", "prendre":
		o.draws++
		o.streak++
		o.streakMax = max(o.streakMax, o.streak)
	case "poser":
		o.streak = 0
	}
	if verb == "jeter" || verb == "poser" && s.Round == o.round && s.Phase != phaseLast && !s.Over {
		o.turnsMoves++
		o.handSum += s.handSize(seat)
	}
	if s.Round != o.round || s.Over {
		o.endRound(s)
	}
	for p := range s.Players {
		o.hands[p] = s.handSize(p)
	}
	o.turns, o.phase = s.Turns, s.Phase
}

// endRound counts the round just ended: the seats whose score rose
// completed a figure; the others' cards were left in their hands.
func (o *esObserver) endRound(s *state) {
	o.rounds++
	done := 0
	for p, v := range s.Scores {
		if v < o.scores[p] {
			o.t.Fatalf("seat %d's score went down from %d to %d", p, o.scores[p], v)
		}
		if v > o.scores[p] {
			done++
		} else {
			o.leftSum += o.hands[p]
			o.leftN++
		}
	}
	copy(o.scores, s.Scores)
	o.figures += done
	if done == 0 {
		o.blocked++
	} else {
		o.lastChance += done - 1
	}
	turns := o.turns
	if o.phase != phaseLast {
		turns++ // the placement that completed the figure
	}
	table := (turns + s.Players - 1) / s.Players
	o.roundMax = max(o.roundMax, table)
	if o.lens != nil {
		*o.lens = append(*o.lens, table)
	}
	o.round = s.Round
	o.streak = 0
	if s.Over {
		o.round = -1 // counted once
	}
}

func (o *esObserver) End(g games.Game) map[string]float64 {
	per := func(a, b int) float64 { return float64(a) / float64(max(b, 1)) }
	return map[string]float64{
		"rounds":              float64(o.rounds),
		"figures":             float64(o.figures),
		"last-chance figures": float64(o.lastChance),
		"blocked rounds":      float64(o.blocked),
		"hand":                per(o.handSum, o.turnsMoves),
		"cards left":          per(o.leftSum, o.leftN),
		"longest draw streak": float64(o.streakMax),
		"draws per round":     per(o.draws, o.rounds),
		"longest round":       float64(o.roundMax),
	}
}

// ladderObserver makes the observers of a rung; lens, when not nil,
// collects the length of every round.
func ladderObserver(t testing.TB, lens *[]int) func() gamestest.Observer {
	return func() gamestest.Observer { return &esObserver{t: t, lens: lens} }
}

// ladderMoves bounds a ladder game: the longest of 500 two-player games
// took about 3,000 moves.
const ladderMoves = 20_000

// TestLadder plays the strengths against each other in two-player games,
// seats rotating, and checks what players would notice: the stronger bot
// wins (Strong plans with the cards still to come, places as soon as a
// card surely belongs to its figure and keeps from the next player the
// cards his figure needs; Normal and Easy miss more); every game ends,
// every round ends with a figure completed, and no round drags. The
// figures of docs/games/escogriffe.md come from
//
//	TABLEE_LADDER=500 go test -count=1 -run Ladder -v ./games/escogriffe
func TestLadder(t *testing.T) {
	n := gamestest.LadderGames(60)
	if gamestest.Race {
		n = 4 // the engine is single-goroutine: the plain run plays them all
	}
	for _, p := range gamestest.HeadToHead(nil) {
		r := gamestest.PlayLadder(t, engine{}, p, n, 1000, ladderMoves, ladderObserver(t, nil))
		t.Log(r.Report())
		checkLadder(t, r)
		if d := r.BotTimeQuantile(0.99); d > 5*time.Millisecond && !gamestest.Race {
			t.Errorf("%s: bot move p99 %v, want 5 ms or less", p.Name, d)
		}
		// At least 60% over the docs' 500 games; 55% on the small sample
		// (a race-detector or -short run plays too few games to tell).
		if n >= 40 {
			r.CheckStrongerWon(t, 0.55)
		}
	}
}

// TestLadderMixed plays three and four bots of mixed strengths, and four
// Easy bots: the games end as well, the rounds keep the ES-D2 pace, and
// the stronger bot wins more often.
func TestLadderMixed(t *testing.T) {
	n := gamestest.LadderGames(24)
	if gamestest.Race {
		n = 2 // the engine is single-goroutine: the plain run plays them all
	}
	for _, p := range append(gamestest.Mixed(nil), gamestest.NewPairing(nil, games.Easy, games.Easy, games.Easy, games.Easy)) {
		var lens []int
		r := gamestest.PlayLadder(t, engine{}, p, n, 5000, ladderMoves, ladderObserver(t, &lens))
		t.Log(r.Report())
		checkLadder(t, r)
		// ES-D2 at four seats, whatever the strengths: the median round
		// ends within 40 table turns.
		slices.Sort(lens)
		m := lens[len(lens)/2]
		t.Logf("%s: %d rounds, median %d table turns, p99 %d, longest %d", p.Name, len(lens), m, lens[len(lens)*99/100], lens[len(lens)-1])
		if len(p.Levels) == 4 && m > 40 {
			t.Errorf("%s: median round %d table turns, want 40 or less (ES-D2)", p.Name, m)
		}
		if n >= 20 {
			r.CheckStrongerWon(t, 0.55)
		}
	}
}

// checkLadder asserts the bounds every rung keeps.
func checkLadder(t *testing.T, r gamestest.LadderResult) {
	t.Helper()
	name := r.Pairing.Name
	if r.Unfinished > 0 {
		t.Errorf("%s: %d games did not end", name, r.Unfinished)
	}
	// Every round ends with the figure of its winner (ES-D3); a blocked
	// round would end with none.
	if b := r.Mean("blocked rounds"); b > 0 {
		t.Errorf("%s: %.2f blocked rounds a game", name, b)
	}
	if f, rounds := r.Mean("figures"), r.Mean("rounds"); f < rounds {
		t.Errorf("%s: %.1f figures completed in %.1f rounds", name, f, rounds)
	}
	for _, b := range []struct {
		figure string
		p99    bool
		// the bounds with two seats, then with three or four
		least, most, least4, most4 float64
	}{
		// 50 points at 8.5+3 a round won: 5 rounds or so between two.
		{"rounds", false, 4, 9, 5, 13},
		// A hand and its figure are the objective, 8.5 on average.
		{"hand", false, 3, 8, 3, 8},
		{"cards left", false, 1.5, 7, 1.5, 7},
		{"draws per round", false, 20, 100, 40, 160},
		{"longest draw streak", true, 0, 200, 0, 250},
		{"longest round", true, 0, 200, 0, 150},
		{"moves", true, 0, 2500, 0, 5000},
	} {
		least, most := b.least, b.most
		if len(r.Pairing.Levels) > 2 {
			least, most = b.least4, b.most4
		}
		got := r.Mean(b.figure)
		if b.p99 {
			got = r.P99(b.figure)
		}
		if got < least || got > most {
			t.Errorf("%s: %s %.1f (p99: %v), want %.1f to %.0f", name, b.figure, got, b.p99, least, most)
		}
	}
}
