package gamestest

import (
	"fmt"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tablee/tablee/games"
)

// A ladder plays seeded bot games between strengths and measures what a
// player would notice: who wins, how long games last, how big hands grow.
// Tests assert bounds on a small sample; the figures in each game's docs
// page come from the same code with TABLEE_LADDER=500:
//
//	TABLEE_LADDER=500 go test -run Ladder -v ./games/wordsout
//
// and LadderGames tells how many games a test should play.

// LadderGames is the number of games per pairing: small in a normal test
// run, TABLEE_LADDER when it is set (the figures of the docs pages).
func LadderGames(small int) int {
	if v, err := strconv.Atoi(os.Getenv("TABLEE_LADDER")); err == nil && v > 0 {
		return v
	}
	if Race || testing.Short() {
		return max(small/4, 8)
	}
	return small
}

// Pairing is one rung of a ladder: the strength of each seat, seats
// rotating from game to game so that no strength always plays first.
type Pairing struct {
	Name   string           // "strong-normal"
	Levels []games.Strength // one per seat, before rotation
	Opts   games.Options
}

// Observer measures one game as it is played: Move is called after every
// accepted move, End once the game is over. It returns named figures per
// game ("words", "largest hand") that the ladder reports as mean and p99.
type Observer interface {
	Move(g games.Game, seat int, move string)
	End(g games.Game) map[string]float64
}

// LadderResult is what a pairing gave.
type LadderResult struct {
	Pairing Pairing
	Games   int
	// Wins per entry of Pairing.Levels (ties share the win); Unfinished
	// counts games that reached the move limit.
	Wins       []float64
	Unfinished int
	Figures    map[string][]float64 // one value per game
	BotTime    []time.Duration      // one per bot move
}

// WinShare is the share of games entry i of the pairing won.
func (r LadderResult) WinShare(i int) float64 {
	if r.Games == 0 {
		return 0
	}
	return r.Wins[i] / float64(r.Games)
}

// Mean, P99 and Max of a figure over the games.
func (r LadderResult) Mean(name string) float64 {
	return average(r.Figures[name], func(x float64) float64 { return x })
}
func (r LadderResult) P99(name string) float64 { return quantile(r.Figures[name], 0.99) }
func (r LadderResult) Max(name string) float64 { return quantile(r.Figures[name], 1) }

// Share is the share of games whose figure is not zero (for yes/no figures
// such as "ended with a player out").
func (r LadderResult) Share(name string) float64 {
	return average(r.Figures[name], func(x float64) float64 {
		if x != 0 {
			return 1
		}
		return 0
	})
}

func average(v []float64, f func(float64) float64) float64 {
	if len(v) == 0 {
		return 0
	}
	sum := 0.0
	for _, x := range v {
		sum += f(x)
	}
	return sum / float64(len(v))
}

// BotTimeQuantile is a quantile of the time the bots took per move.
func (r LadderResult) BotTimeQuantile(q float64) time.Duration {
	v := make([]float64, len(r.BotTime))
	for i, d := range r.BotTime {
		v[i] = float64(d)
	}
	return time.Duration(quantile(v, q))
}

func quantile(v []float64, q float64) float64 {
	if len(v) == 0 {
		return 0
	}
	s := slices.Clone(v)
	slices.Sort(s)
	i := int(math.Ceil(q*float64(len(s)))) - 1
	return s[max(0, min(i, len(s)-1))]
}

// PlayLadder plays n games of pairing p, seeds from seed on. newObserver
// gives a fresh observer per game (nil for none). maxMoves bounds a game;
// a game that reaches it counts as unfinished and wins for nobody. Every
// move a bot chooses must be accepted: a refusal fails the test.
func PlayLadder(t testing.TB, e games.Engine, p Pairing, n int, seed uint64, maxMoves int, newObserver func() Observer) LadderResult {
	t.Helper()
	seats := len(p.Levels)
	res := LadderResult{Pairing: p, Wins: make([]float64, seats), Figures: map[string][]float64{}}
	for i := 0; i < n; i++ {
		g, err := e.New(p.Opts, seats, seed+uint64(i))
		if err != nil {
			t.Fatalf("%s game %d: %v", p.Name, i, err)
		}
		// Seat k plays entry (k+i)%seats of the pairing.
		entry := func(seat int) int { return (seat + i) % seats }
		var obs Observer
		if newObserver != nil {
			obs = newObserver()
		}
		moves := 0
		for ; moves < maxMoves && !g.Result().Over; moves++ {
			waits := g.Waiting()
			if len(waits) == 0 {
				t.Fatalf("%s game %d (seed %d): not over and waiting for nobody after %d moves", p.Name, i, seed+uint64(i), moves)
			}
			seat := waits[0].Seat
			start := time.Now()
			move := g.Bot(seat, p.Levels[entry(seat)])
			res.BotTime = append(res.BotTime, time.Since(start))
			if _, err := g.Apply(seat, move); err != nil {
				t.Fatalf("%s game %d (seed %d) move %d: the %v bot's move %q of seat %d was refused: %v",
					p.Name, i, seed+uint64(i), moves, p.Levels[entry(seat)], move, seat, err)
			}
			if obs != nil {
				obs.Move(g, seat, move)
			}
		}
		res.Games++
		r := g.Result()
		if !r.Over {
			res.Unfinished++
		} else {
			winners := r.Winners()
			for _, w := range winners {
				res.Wins[entry(w)] += 1 / float64(len(winners))
			}
		}
		res.Figures["moves"] = append(res.Figures["moves"], float64(moves))
		if obs != nil {
			for k, v := range obs.End(g) {
				res.Figures[k] = append(res.Figures[k], v)
			}
		}
	}
	return res
}

// Report is the result as the lines of a docs page's table: win shares,
// then mean and p99 of every figure, then the bots' time per move.
func (r LadderResult) Report() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %d games", r.Pairing.Name, r.Games)
	if r.Unfinished > 0 {
		fmt.Fprintf(&b, " (%d unfinished)", r.Unfinished)
	}
	b.WriteString("; wins")
	for i, l := range r.Pairing.Levels {
		fmt.Fprintf(&b, " %v %.1f%%", l, 100*r.WinShare(i))
	}
	names := make([]string, 0, len(r.Figures))
	for k := range r.Figures {
		names = append(names, k)
	}
	slices.Sort(names)
	for _, k := range names {
		fmt.Fprintf(&b, "; %s mean %.1f p99 %.0f", k, r.Mean(k), r.P99(k))
	}
	fmt.Fprintf(&b, "; bot move median %v p99 %v", r.BotTimeQuantile(0.5).Round(time.Microsecond), r.BotTimeQuantile(0.99).Round(time.Microsecond))
	return b.String()
}

// NewPairing is a rung named by its strengths, seat entry by seat entry
// ("strong-normal-easy").
func NewPairing(opts games.Options, levels ...games.Strength) Pairing {
	names := make([]string, len(levels))
	for i, l := range levels {
		names[i] = l.String()
	}
	return Pairing{Name: strings.Join(names, "-"), Levels: levels, Opts: opts}
}

// HeadToHead is the three two-player rungs every game's ladder plays:
// strong against normal, normal against easy, strong against easy.
func HeadToHead(opts games.Options) []Pairing {
	return []Pairing{
		NewPairing(opts, games.Strong, games.Normal),
		NewPairing(opts, games.Normal, games.Easy),
		NewPairing(opts, games.Strong, games.Easy),
	}
}

// Mixed is the rungs of tables of three and four: strong, normal and easy,
// then with a second normal bot.
func Mixed(opts games.Options) []Pairing {
	return []Pairing{
		NewPairing(opts, games.Strong, games.Normal, games.Easy),
		NewPairing(opts, games.Strong, games.Normal, games.Normal, games.Easy),
	}
}

// CheckStrongerWon fails the test when the pairing's first entry did not
// win as the stronger bot must: at least min of the games head to head
// (the docs' 500 games must reach 60 %; a test sample asserts a little
// less), more than the last entry at a table of three or more. A rung of
// equal strengths at both ends is not judged.
func (r LadderResult) CheckStrongerWon(t testing.TB, min float64) {
	t.Helper()
	p, last := r.Pairing, len(r.Pairing.Levels)-1
	switch {
	case p.Levels[0] == p.Levels[last]:
	case last == 1 && r.WinShare(0) < min:
		t.Errorf("%s: %v wins %.0f%%, want %.0f%% or more", p.Name, p.Levels[0], 100*r.WinShare(0), 100*min)
	case last > 1 && r.WinShare(0) <= r.WinShare(last):
		t.Errorf("%s: %v wins %.0f%%, %v %.0f%%", p.Name, p.Levels[0], 100*r.WinShare(0), p.Levels[last], 100*r.WinShare(last))
	}
}
