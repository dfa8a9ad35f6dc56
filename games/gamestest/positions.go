package gamestest

import (
	"fmt"
	"sync"
	"testing"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/games/cards"
)

// Positions are the positions of games played by bots, for fuzz targets:
// each execution loads one by its number instead of replaying from the
// deal the bot moves that reach it, which cost every execution
// milliseconds of bot searches. A position is kept as Save gives it (Load
// makes a real copy, and a cheap one), or, to keep memory low for long
// games, as the saved position a few moves before it and the moves played
// since, which Load applies again.
type Positions struct {
	engine games.Engine
	every  int
	saved  [][]byte // one saved position every `every` moves of a game
	starts []int    // starts[i]: the index in saved of position i's checkpoint
	moves  []step   // moves[i]: the move that led to position i (none for a checkpoint)
}

type step struct {
	seat int
	move string
}

// SelfPlay is one game the bots play for Positions: its options, players
// and seed, and the moves to play at most (0: to the end of the game).
type SelfPlay struct {
	Options games.Options
	Players int
	Seed    uint64
	Moves   int
}

// maxMoves stops a game that would not end (a bug of the engine, which its
// own self-play tests report): Positions keeps what was reached.
const maxMoves = 5000

// NewPositions makes an empty set of positions of the engine's games,
// which keeps one saved position in every (1: each of them, the fastest to
// load; more: less memory, Load then applies again the moves since the
// last saved one).
func NewPositions(e games.Engine, every int) *Positions {
	return &Positions{engine: e, every: max(every, 1)}
}

// Play plays a game with bot players and keeps every position met, from
// the deal to the end (or to sp.Moves).
func (p *Positions) Play(sp SelfPlay) error {
	g, err := p.engine.New(sp.Options, sp.Players, sp.Seed)
	if err == nil {
		err = p.PlayFrom(g, sp.Seed, sp.Moves)
	}
	if err != nil {
		return fmt.Errorf("%s, %d players, seed %d: %w", p.engine.Name(), sp.Players, sp.Seed, err)
	}
	return nil
}

// PlayFrom keeps the position of a game the test has set up (one the bots
// do not reach by themselves: a vote on a name that only a human would
// claim) and every position the bots reach from it, up to moves (0: to the
// end). When several seats are waiting (a simultaneous phase), the seat
// that moves is drawn from seed, so that any of them may move first; one
// move in ten is the seat's timeout move instead of the bot's, as a table
// that waits too long plays it. All of it is deterministic: the same games
// and seeds give the same positions.
func (p *Positions) PlayFrom(g games.Game, seed uint64, moves int) error {
	pick := cards.Rand(cards.Mix(seed ^ 0x5eed))
	if moves <= 0 {
		moves = maxMoves
	}
	var last step
	for n := 0; ; n++ {
		if n%p.every == 0 {
			data, err := g.Save()
			if err != nil {
				return fmt.Errorf("move %d: save: %w", n, err)
			}
			p.saved = append(p.saved, data)
			last = step{}
		}
		p.starts = append(p.starts, len(p.saved)-1)
		p.moves = append(p.moves, last)
		if n == moves || g.Result().Over {
			return nil
		}
		ws := g.Waiting()
		if len(ws) == 0 {
			return fmt.Errorf("move %d: the game waits for nobody", n)
		}
		w := ws[pick.Intn(len(ws))]
		move := w.Timeout
		if move == "" || pick.Intn(10) != 0 {
			move = g.Bot(w.Seat, games.Strong)
		}
		if _, err := g.Apply(w.Seat, move); err != nil {
			return fmt.Errorf("move %d: seat %d %q: %w", n, w.Seat, move, err)
		}
		last = step{w.Seat, move}
	}
}

// Add keeps the position of a game as it is, and no other.
func (p *Positions) Add(g games.Game) error {
	data, err := g.Save()
	if err != nil {
		return fmt.Errorf("save: %w", err)
	}
	p.saved = append(p.saved, data)
	p.starts = append(p.starts, len(p.saved)-1)
	p.moves = append(p.moves, step{})
	return nil
}

// Len is the number of positions.
func (p *Positions) Len() int { return len(p.starts) }

// Load loads position i modulo Len, so that any number a fuzzer draws picks
// one: its checkpoint, then the moves played since.
func (p *Positions) Load(i int) (games.Game, error) {
	i %= len(p.starts)
	if i < 0 {
		i += len(p.starts)
	}
	g, err := p.engine.Load(p.saved[p.starts[i]])
	if err != nil {
		return nil, err
	}
	first := i
	for first > 0 && p.starts[first-1] == p.starts[i] {
		first--
	}
	for _, s := range p.moves[first+1 : i+1] {
		if _, err := g.Apply(s.seat, s.move); err != nil {
			return nil, fmt.Errorf("position %d: seat %d %q: %w", i, s.seat, s.move, err)
		}
	}
	return g, nil
}

// Each calls f with every position in turn, faster than Load for each:
// the game f is given is played on from one position to the next, so f
// must neither keep nor change it.
func (p *Positions) Each(f func(i int, g games.Game)) error {
	var g games.Game
	for i, s := range p.moves {
		var err error
		if i == 0 || p.starts[i] != p.starts[i-1] {
			g, err = p.engine.Load(p.saved[p.starts[i]])
		} else {
			_, err = g.Apply(s.seat, s.move)
		}
		if err != nil {
			return fmt.Errorf("position %d: %w", i, err)
		}
		f(i, g)
	}
	return nil
}

// MustLoad is Load where an error is fatal.
func (p *Positions) MustLoad(t testing.TB, i int) games.Game {
	t.Helper()
	g, err := p.Load(i)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// PositionsOnce builds a set of positions once in a process, when a test
// first needs it, with that test's testing.TB (a fuzz target and the
// benchmark of its body share it). A build that fails is tried again by
// the next test, which fails the same way.
type PositionsOnce struct {
	Build func(t testing.TB) *Positions
	mu    sync.Mutex
	p     *Positions
}

// Get returns the positions, built on the first call.
func (o *PositionsOnce) Get(t testing.TB) *Positions {
	t.Helper()
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.p == nil {
		o.p = o.Build(t)
	}
	return o.p
}

// FuzzInput is one input of a fuzz target that plays a move in one of the
// Positions: the seat (a byte the target maps to a seat number), the
// position's number, and the move.
type FuzzInput struct {
	Seat uint8
	Pos  uint16
	Move string
}

// Seeds is a seed corpus for such a target: every move in the first and
// the last position of each kind in kinds (a phase, as kind tells it of a
// game), from seats taken in turn. A kind that no position has is fatal:
// the positions no longer reach what the seeds are meant to try.
func (p *Positions) Seeds(t testing.TB, kind func(games.Game) int, kinds []int, moves []string) []FuzzInput {
	t.Helper()
	first, last := map[int]int{}, map[int]int{}
	err := p.Each(func(i int, g games.Game) {
		k := kind(g)
		if _, ok := first[k]; !ok {
			first[k] = i
		}
		last[k] = i
	})
	if err != nil {
		t.Fatal(err)
	}
	var picks []int
	for _, k := range kinds {
		if _, ok := first[k]; !ok {
			t.Fatalf("the positions hold none of kind %d", k)
		}
		picks = append(picks, first[k], last[k])
	}
	var out []FuzzInput
	for i, m := range moves {
		for j, pos := range picks {
			out = append(out, FuzzInput{uint8(i + j), uint16(pos), m})
		}
	}
	return out
}

// BenchmarkFuzz measures one execution of a fuzz target's body: the seats
// and moves of its seeds, each in a position whose number runs over all
// 65,536 values in turn, as the fuzzer picks any and not only the seeds'
// own. Whatever the body builds once (the positions) is built before the
// clock starts.
func BenchmarkFuzz(b *testing.B, seeds []FuzzInput, body func(t testing.TB, seat uint8, pos uint16, move string)) {
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		in := seeds[i%len(seeds)]
		body(b, in.Seat, uint16(i*7919), in.Move)
	}
}
