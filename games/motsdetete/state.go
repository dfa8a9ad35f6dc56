package motsdetete

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
)

// Variants of the sheet.
const (
	Standard = "standard"
	Marathon = "marathon"
	Quarte   = "quarte"
	Solo     = "solo"
)

// Bot levels.
const (
	LevelBest = "best" // the best-scoring placement
	LevelGood = "good" // a random one among the good ones
)

// Kinds of a turn's outcome.
const (
	kindPlay = "play" // a word written and scored
	kindLost = "lost" // MT-D3: a word the dictionary lacks, the turn is lost
	kindPass = "pass" // no word written
)

// scored is one word of a turn and its points.
type scored struct {
	Word   string `json:"w"`
	Points int    `json:"p"`
}

// roll is the value given to one bonus cell for one turn (MT-D4).
type roll struct {
	Cell  string `json:"c"`
	Kind  uint8  `json:"k"`
	Dice  []int  `json:"d,omitempty"` // none in Quarté (fixed values)
	Value int    `json:"v"`
}

// turnRecord is what a turn did, kept for the view.
type turnRecord struct {
	Seat  int      `json:"seat"`
	Kind  string   `json:"kind"`
	Die   int      `json:"die"`
	Cell  string   `json:"cell,omitempty"`
	Down  bool     `json:"down,omitempty"`
	Word  string   `json:"word,omitempty"`
	New   string   `json:"new,omitempty"` // the new letters, in order
	Words []scored `json:"words,omitempty"`
	Rolls []roll   `json:"rolls,omitempty"`
	Total int      `json:"total,omitempty"`
	Bad   []string `json:"bad,omitempty"` // the words refused (kindLost)
}

// state is the whole game. It is saved as JSON with the grid's layout and
// the letters as text rows, so that a save is readable and exact.
type state struct {
	Variant   string `json:"variant"`
	Players   int    `json:"players"`
	Target    int    `json:"target,omitempty"` // 0: no target (Marathon, Solitaire)
	Forgiving bool   `json:"forgiving,omitempty"`
	Hints     bool   `json:"hints,omitempty"`
	Level     string `json:"level,omitempty"`
	// Duplicate is set in a position of the daily challenge (the
	// "duplicate" option of games/duplicate's deal): one player on a grid
	// everyone shares, so the views leave out what only a table has (the
	// seat, its score, the target, whose turn, the rolls' recap).
	Duplicate bool   `json:"duplicate,omitempty"`
	Seed      uint64 `json:"seed"`
	Rng       uint64 `json:"rng"`
	Die       int    `json:"die"` // the die of the player to move (4 in Quarté)
	Turn      int    `json:"turn"`
	Scores    []int  `json:"scores"`
	Fails     []int  `json:"fails"` // turns in a row without a word, per seat
	Out       []bool `json:"out"`   // Marathon: out of the game
	Idle      int    `json:"idle"`  // turns in a row without a word, all seats
	LastRoll  bool   `json:"last_roll,omitempty"`
	Over      bool   `json:"over,omitempty"`
	Moves     int    `json:"moves"`
	Written   int    `json:"written"` // letters on the grid

	Last *turnRecord `json:"last,omitempty"` // the last turn, for the view

	grid  *Grid
	cells []byte // 0 empty, 'A'-'Z'
}

// saved adds the grid and the letters to the JSON form.
type saved struct {
	state
	Grid    []string `json:"grid,omitempty"` // omitted for the standard grid
	Letters []string `json:"letters"`
}

// next is splitmix64: the die and the bonus rolls.
func (s *state) next() uint64 {
	s.Rng += 0x9e3779b97f4a7c15
	return mix(s.Rng)
}

func mix(z uint64) uint64 {
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// roll6 rolls the die.
func (s *state) roll6() int { return 1 + int(s.next()%6) }

func newState(g *Grid, variant string, players, target int, forgiving, hints bool, level string, seed uint64) *state {
	s := &state{
		Variant: variant, Players: players, Target: target, Forgiving: forgiving, Hints: hints,
		Level: level, Seed: seed, Rng: seed,
		Scores: make([]int, players), Fails: make([]int, players), Out: make([]bool, players),
		grid: g, cells: make([]byte, g.W*g.H),
	}
	s.rollDie()
	return s
}

// rollDie is the start of a turn: the die says how many new letters to
// write; Quarté always asks for 4.
func (s *state) rollDie() {
	if s.Variant == Quarte {
		s.Die = 4
		return
	}
	s.Die = s.roll6()
}

func (s *state) clone() *state {
	c := *s
	c.Scores = slices.Clone(s.Scores)
	c.Fails = slices.Clone(s.Fails)
	c.Out = slices.Clone(s.Out)
	c.cells = slices.Clone(s.cells)
	// Last is never modified in place, only replaced.
	return &c
}

func (s *state) save() ([]byte, error) {
	sv := saved{state: *s}
	if s.grid != standardGrid {
		sv.Grid = s.grid.layout
	}
	w := s.grid.W
	for r := 0; r < s.grid.H; r++ {
		var b strings.Builder
		for _, l := range s.cells[r*w : (r+1)*w] {
			if l == 0 {
				l = '.'
			}
			b.WriteByte(l)
		}
		sv.Letters = append(sv.Letters, b.String())
	}
	return json.Marshal(sv)
}

func loadState(data []byte) (*state, error) {
	var sv saved
	if err := json.Unmarshal(data, &sv); err != nil {
		return nil, fmt.Errorf("motsdetete: load: %w", err)
	}
	s := &sv.state
	s.grid = standardGrid
	if len(sv.Grid) > 0 {
		g, err := ParseGrid(sv.Grid)
		if err != nil {
			return nil, fmt.Errorf("motsdetete: load: %w", err)
		}
		s.grid = g
	}
	n := s.Players
	bad := n < 1 || n > 4 || len(s.Scores) != n || len(s.Fails) != n || len(s.Out) != n ||
		s.Turn < 0 || s.Turn >= n || s.Die < 1 || s.Die > 6 || len(sv.Letters) != s.grid.H
	switch s.Variant {
	case Standard, Marathon, Quarte, Solo:
	default:
		bad = true
	}
	if bad {
		return nil, errors.New("motsdetete: load: inconsistent state")
	}
	s.cells = make([]byte, 0, s.grid.W*s.grid.H)
	written := 0
	for r, row := range sv.Letters {
		if len(row) != s.grid.W {
			return nil, errors.New("motsdetete: load: inconsistent letters")
		}
		for i := 0; i < len(row); i++ {
			l := row[i]
			switch {
			case l == '.':
				l = 0
			case l >= 'A' && l <= 'Z' && s.grid.kind[r*s.grid.W+i] != black:
				written++
			default:
				return nil, errors.New("motsdetete: load: inconsistent letters")
			}
			s.cells = append(s.cells, l)
		}
	}
	if written != s.Written {
		return nil, errors.New("motsdetete: load: inconsistent letters")
	}
	return s, nil
}
