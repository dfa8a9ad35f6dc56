package duplicate

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/tablee/tablee/games"
)

// Turn is one turn of a duplicate deal: the shared position everyone plays
// on, what everyone gets (the same for all), and the top, which the next
// turn starts from.
type Turn struct {
	// Position is the game saved at the start of the turn (the engine's
	// own save): the grid or board, and the die everyone must write or the
	// pions everyone gets.
	Position []byte
	// Die is the number of new letters every player must write (Mots de
	// Tête).
	Die int
	// Letters are the letters every player gets for the turn (La
	// Coquillaude's pions), to show with the position; none in a game
	// without (Mots de Tête's saved deals have none).
	Letters string `json:",omitempty"`
	// Top is the turn's best move by the rules' scoring, as the game's
	// move ("H3 bas MAISON", "mot MAISON H11 droite"); TopWord its word;
	// TopScore its points.
	Top      string
	TopWord  string
	TopScore int
}

// Deal is one day's duplicate challenge of a game: its turns, each with
// its top. It never changes once made: players' moves are scored on copies
// of a turn's position.
type Deal struct {
	Game  string // the engine's name
	Seed  uint64
	Turns []Turn

	engine games.Engine
}

// dieOf is what a game whose turns are sized by a die tells (Mots de
// Tête's Die).
type dieOf interface{ Die() int }

// deal plays a one-seat game of the engine from the seed: first opening
// moves of the easy bot (drawn from the seed among its best, in words
// everyone knows), so that the first turn's position differs from day to
// day; then the strong bot's move at every turn (the engine's exact
// search: the top), keeping each turn's position (dealTurns). word tells
// the word of a top.
func deal(e games.Engine, opts games.Options, seed uint64, opening, turns int, word func(move string) string) (*Deal, error) {
	g, err := e.New(opts, 1, seed)
	if err != nil {
		return nil, err
	}
	for range opening {
		if _, err := g.Apply(0, g.Bot(0, games.Easy)); err != nil {
			return nil, fmt.Errorf("duplicate: the opening: %w", err)
		}
	}
	strong := func(g games.Game) string { return g.Bot(0, games.Strong) }
	return dealTurns(e, g, seed, turns, strong, word)
}

// pionsOf is what a game whose players get letters each turn tells (La
// Coquillaude's Pions).
type pionsOf interface{ Pions(seat int) string }

// dealTurns plays the one-seat game g from its first turn: at every turn
// it keeps the position and what everyone gets, plays the top (top tells
// it) and keeps its points; the next turn starts from the top. It stops
// after turns turns, or earlier where there is no top or it scores
// nothing (no word fits: the game's own end) or the game ends.
func dealTurns(e games.Engine, g games.Game, seed uint64, turns int, top func(games.Game) string, word func(move string) string) (*Deal, error) {
	d := &Deal{Game: e.Name(), Seed: seed, engine: e}
	for len(d.Turns) < turns && !g.Result().Over {
		pos, err := g.Save()
		if err != nil {
			return nil, err
		}
		t := Turn{Position: pos}
		if dg, ok := g.(dieOf); ok {
			t.Die = dg.Die()
		}
		if pg, ok := g.(pionsOf); ok {
			t.Letters = pg.Pions(0)
		}
		if t.Top = top(g); t.Top == "" {
			break // nothing fits: the deal ends here
		}
		before := g.Result().Scores[0]
		if _, err := g.Apply(0, t.Top); err != nil {
			return nil, fmt.Errorf("duplicate: the top %q of turn %d is refused: %w", t.Top, len(d.Turns)+1, err)
		}
		t.TopScore = g.Result().Scores[0] - before
		if t.TopScore <= 0 {
			break // nothing scores: the deal ends here
		}
		t.TopWord = word(t.Top)
		d.Turns = append(d.Turns, t)
	}
	if len(d.Turns) == 0 {
		return nil, errors.New("duplicate: no turn could be dealt")
	}
	return d, nil
}

// Save encodes the deal, so that the day's tops are computed once and
// stored: a deal depends on the engine and its dictionary as well as on
// the seed, and a release or a dictionary changed during the day must not
// give the day's later players another deal.
func (d *Deal) Save() ([]byte, error) { return json.Marshal(d) }

// Load restores a saved deal of the engine's game.
func Load(e games.Engine, data []byte) (*Deal, error) {
	d := &Deal{engine: e}
	if err := json.Unmarshal(data, d); err != nil {
		return nil, fmt.Errorf("duplicate: load: %w", err)
	}
	if d.Game != e.Name() || len(d.Turns) == 0 {
		return nil, fmt.Errorf("duplicate: load: a deal of %q with %d turns for %q", d.Game, len(d.Turns), e.Name())
	}
	return d, nil
}

// Position is a fresh copy of the game at the start of turn i (0-based),
// to show it or to play on it; the deal does not change whatever is done
// with it.
func (d *Deal) Position(i int) (games.Game, error) {
	if i < 0 || i >= len(d.Turns) {
		return nil, fmt.Errorf("duplicate: turn %d of a deal of %d", i+1, len(d.Turns))
	}
	return d.engine.Load(d.Turns[i].Position)
}

// Score plays a player's move of turn i (typed as in the game) on a copy of
// the turn's position, checked by the game's own rules and dictionary, and
// returns its points. A move the game refuses returns the game's error (a
// *games.Refusal that says why) and no points; a pass scores 0. The deal
// never changes.
func (d *Deal) Score(i int, move string) (int, error) {
	g, err := d.Position(i)
	if err != nil {
		return 0, err
	}
	before := g.Result().Scores[0]
	if _, err := g.Apply(0, move); err != nil {
		return 0, err
	}
	return g.Result().Scores[0] - before, nil
}

// TopTotal is the tops' total over the first n turns.
func (d *Deal) TopTotal(n int) int {
	total := 0
	for _, t := range d.Turns[:min(n, len(d.Turns))] {
		total += t.TopScore
	}
	return total
}

// Running is a player's result after the turns he played (points, one per
// turn from the first): his total, the tops' total over the same turns, and
// his percentage of it.
func (d *Deal) Running(points []int) (total, top int, pct Tenths) {
	for _, p := range points {
		total += p
	}
	top = d.TopTotal(len(points))
	return total, top, Percent(total, top)
}

// Tenths is a percentage to a tenth: 873 is 87.3 %.
type Tenths int

// Percent is points against top as a percentage to a tenth, rounded half
// up; 100 % when the top scored nothing (nor could the player).
func Percent(points, top int) Tenths {
	if top <= 0 {
		return 1000
	}
	return Tenths((2000*points + top) / (2 * top))
}

// String is the percentage with its tenth ("87.3"), no unit: the
// catalogues write it their way.
func (p Tenths) String() string { return fmt.Sprintf("%d.%d", p/10, p%10) }
