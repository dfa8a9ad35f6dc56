// Package testgame is a tiny game used by the tests of the core, the
// adapters and the binary, so that they exercise the engine contract without
// depending on a real game's rules. It is never registered in a shipped
// binary: tests call Register, and the binary only when built with the
// "testgames" tag.
package testgame

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/i18n"
)

func init() {
	i18n.Register(i18n.FR, map[string]string{
		"tictactoe.title":             "Morpion",
		"tictactoe.title_of":          "du Morpion",
		"tictactoe.title_at":          "au Morpion",
		"tictactoe.summary":           "Trois en ligne sur une grille de 3 × 3 (jeu de test).",
		"tictactoe.rules":             "Chacun à son tour pose sa marque dans une case libre (1 à 9). Trois en ligne gagnent.",
		"tictactoe.opt.long":          "Partie longue : la grille est vidée après chaque manche (pour les mesures).",
		"tictactoe.opt.pictures":      "Dessiner la grille en image.",
		"tictactoe.opt.timed":         "Une minute par coup en partie en direct.",
		"tictactoe.opt.ponder":        "Le robot réfléchit longtemps (pour les tests de coupure).",
		"tictactoe.opt.long.name":     "longue",
		"tictactoe.opt.pictures.name": "images",
		"tictactoe.opt.timed.name":    "minutée",
		"tictactoe.opt.ponder.name":   "réflexion",
		"tictactoe.bad_cell":          "Case invalide : %v. Choisis une case libre de 1 à 9.",
		"tictactoe.taken":             "La case %v est déjà prise.",
		"tictactoe.played":            "%v joue en %v.",
		"tictactoe.won":               "%v gagne !",
		"tictactoe.draw":              "Match nul.",
		"tictactoe.turn":              "À %v de jouer.",
		"tictactoe.you_are":           "Tu joues %v.",
		"tictactoe.over":              "La partie est finie.",
		"tictactoe.not_you":           "Ce n'est pas ton tour : on attend %v.",
	})
	i18n.Register(i18n.EN, map[string]string{
		"tictactoe.title":             "Tic-tac-toe",
		"tictactoe.title_of":          "Tic-tac-toe",
		"tictactoe.title_at":          "Tic-tac-toe",
		"tictactoe.summary":           "Three in a row on a 3 × 3 grid (test game).",
		"tictactoe.rules":             "Take turns marking a free cell (1 to 9). Three in a row wins.",
		"tictactoe.opt.long":          "Long game: the grid is cleared after each round (for benchmarks).",
		"tictactoe.opt.pictures":      "Draw the grid as a picture.",
		"tictactoe.opt.timed":         "One minute a move in live play.",
		"tictactoe.opt.ponder":        "The bot thinks for a long time (for the crash tests).",
		"tictactoe.opt.long.name":     "long",
		"tictactoe.opt.pictures.name": "pictures",
		"tictactoe.opt.timed.name":    "timed",
		"tictactoe.opt.ponder.name":   "ponder",
		"tictactoe.bad_cell":          "Invalid cell: %v. Choose a free cell from 1 to 9.",
		"tictactoe.taken":             "Cell %v is already taken.",
		"tictactoe.played":            "%v plays %v.",
		"tictactoe.won":               "%v wins!",
		"tictactoe.draw":              "Draw.",
		"tictactoe.turn":              "%v to play.",
		"tictactoe.you_are":           "You play %v.",
		"tictactoe.over":              "The game is over.",
		"tictactoe.not_you":           "It is not your turn: waiting for %v.",
	})
}

// Engine is tic-tac-toe for two seats.
type Engine struct{}

// Register adds the test game to the registry (idempotent).
func Register() {
	if _, ok := games.Lookup("tictactoe"); !ok {
		games.Register(Engine{})
	}
}

func (Engine) Name() string      { return "tictactoe" }
func (Engine) Seats() (int, int) { return 2, 2 }
func (Engine) Verbs() []string   { return []string{"mark"} }
func (Engine) Options() []games.Option {
	return []games.Option{
		{Name: "long", Values: []string{"off", "on"}, Default: "off", Help: i18n.T("tictactoe.opt.long")},
		{Name: "pictures", Values: []string{"off", "on"}, Default: "off", Help: i18n.T("tictactoe.opt.pictures")},
		{Name: "timed", Values: []string{"off", "1m", "2s"}, Default: "off", Help: i18n.T("tictactoe.opt.timed")},
		{Name: "ponder", Values: []string{"off", "on"}, Default: "off", Help: i18n.T("tictactoe.opt.ponder")},
	}
}

// state is the whole game; exported fields for JSON.
type state struct {
	Cells  [9]int // 0 empty, 1 X (seat 0), 2 O (seat 1)
	Turn   int
	Winner int // -1 none yet, 0/1 seat, 2 draw
	Long   bool
	Wins   [2]int
	Rounds int
	Seed   uint64
	// Pictures makes the game draw its grid: off by default, so that the
	// core's tests and benchmarks measure the core, not the drawing.
	Pictures bool
	// Timed gives each turn a minute in live play, as games with timed
	// phases do (games.Timed); Quick two seconds, so that a test of the
	// real binary sees deadlines fire.
	Timed bool
	Quick bool `json:",omitempty"`
	// Ponder makes the bot search as long as a word game's bot does (tens
	// of milliseconds), so that a crash test can kill the process between
	// a person's saved move and the bot's reply. The search is pure work:
	// no clock, the same answer every time.
	Ponder bool
}

func (Engine) New(opts games.Options, players int, seed uint64) (games.Game, error) {
	if players != 2 {
		return nil, fmt.Errorf("tictactoe: 2 players, not %d", players)
	}
	return wrap(&game{state{Winner: -1, Long: opts.On("long"), Seed: seed, Pictures: opts.On("pictures"), Timed: opts["timed"] == "1m", Quick: opts["timed"] == "2s", Ponder: opts.On("ponder")}}), nil
}

// wrap gives the game a picture when it was asked for one.
func wrap(g *game) games.Game {
	if g.s.Pictures {
		return pictured{g}
	}
	return g
}

func (Engine) Load(data []byte) (games.Game, error) {
	var s state
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, fmt.Errorf("tictactoe: %w", err)
	}
	return wrap(&game{s}), nil
}

type game struct{ s state }

var marks = [3]string{"⬜", "❌", "⭕"}

func (g *game) Apply(seat int, move string) ([]games.Event, error) {
	if g.s.Winner >= 0 {
		return nil, games.Refuse("tictactoe.over")
	}
	if seat != g.s.Turn {
		return nil, games.Refuse("tictactoe.not_you", i18n.Seat(g.s.Turn))
	}
	f := strings.Fields(move)
	if len(f) == 2 && f[0] == "mark" {
		f = f[1:]
	}
	if len(f) == 1 && f[0] == "pass" {
		// A pass (deadline expiry) plays the first free cell: the test game
		// has no real pass, and this keeps every game finite.
		f = []string{strconv.Itoa(g.firstFree() + 1)}
	}
	if len(f) != 1 {
		return nil, games.Refuse("tictactoe.bad_cell", move)
	}
	n, err := strconv.Atoi(f[0])
	if err != nil || n < 1 || n > 9 {
		return nil, games.Refuse("tictactoe.bad_cell", f[0])
	}
	if g.s.Cells[n-1] != 0 {
		return nil, games.Refuse("tictactoe.taken", n)
	}
	g.s.Cells[n-1] = seat + 1
	ev := []games.Event{{To: games.Everyone, Msg: i18n.T("tictactoe.played", i18n.Seat(seat), n)}}
	g.s.Turn = 1 - g.s.Turn
	if w := g.line(); w >= 0 || g.full() {
		if w >= 0 {
			g.s.Wins[w]++
		}
		if g.s.Long {
			// A round ends but the game goes on: say who won it. The view of
			// a finished game says who won it, once.
			ev = append(ev, games.Event{To: games.Everyone, Msg: result(w)})
		}
		g.s.Rounds++
		if g.s.Long {
			g.s.Cells = [9]int{}
		} else if w >= 0 {
			g.s.Winner = w
		} else {
			g.s.Winner = 2
		}
	}
	return ev, nil
}

func (g *game) firstFree() int {
	for i, c := range g.s.Cells {
		if c == 0 {
			return i
		}
	}
	return 0
}

func (g *game) full() bool {
	for _, c := range g.s.Cells {
		if c == 0 {
			return false
		}
	}
	return true
}

var lines = [8][3]int{{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}}

func (g *game) line() int {
	for _, l := range lines {
		c := g.s.Cells[l[0]]
		if c != 0 && c == g.s.Cells[l[1]] && c == g.s.Cells[l[2]] {
			return c - 1
		}
	}
	return -1
}

// Cell tells who holds cell i (0 to 8): 0 nobody, 1 X, 2 O; for tests.
func (g *game) Cell(i int) int { return g.s.Cells[i] }

func (g *game) Public() games.View {
	v := games.View{Title: i18n.T("tictactoe.title")}
	for r := 0; r < 3; r++ {
		var b strings.Builder
		for c := 0; c < 3; c++ {
			b.WriteString(marks[g.s.Cells[r*3+c]])
		}
		v.Board = append(v.Board, b.String())
	}
	if g.s.Winner < 0 {
		v.Lines = append(v.Lines, i18n.T("tictactoe.turn", i18n.Seat(g.s.Turn)))
	} else {
		v.Lines = append(v.Lines, result(g.s.Winner))
	}
	return v
}

// result says who won a round: seat w, or nobody (a full grid).
func result(w int) i18n.Msg {
	if w == 0 || w == 1 {
		return i18n.T("tictactoe.won", i18n.Seat(w))
	}
	return i18n.T("tictactoe.draw")
}

func (g *game) Private(seat int) games.View {
	return games.View{Title: i18n.T("tictactoe.title"), Lines: []i18n.Msg{i18n.T("tictactoe.you_are", marks[seat+1])}}
}

func (g *game) Choices(seat int, prefix string) []games.Choice {
	if g.s.Winner >= 0 || seat != g.s.Turn || prefix != "" {
		return nil
	}
	var out []games.Choice
	for i, c := range g.s.Cells {
		if c == 0 {
			out = append(out, games.Choice{Label: i18n.Raw(strconv.Itoa(i + 1)), Move: strconv.Itoa(i + 1), Final: true, Row: i / 3})
		}
	}
	return out
}

func (g *game) Waiting() []games.Wait {
	if g.s.Winner >= 0 {
		return nil
	}
	return []games.Wait{{Seat: g.s.Turn, Timeout: "pass"}}
}

// Bot plays a winning cell, else blocks, else the centre, else a cell chosen
// from the seed and the position (deterministic, and no state change). An
// Easy bot fills the grid in order, the lowest free cell first, so that
// tests see which strength played.
func (g *game) Bot(seat int, level games.Strength) string {
	if g.s.Ponder && g.ponder() == 0 {
		return "pass" // never: a xorshift started off zero never reaches zero
	}
	if level == games.Easy {
		for i, c := range g.s.Cells {
			if c == 0 {
				return strconv.Itoa(i + 1)
			}
		}
		return "pass"
	}
	for _, who := range []int{seat + 1, 2 - seat} {
		for i := range g.s.Cells {
			if g.s.Cells[i] != 0 {
				continue
			}
			g.s.Cells[i] = who
			w := g.line()
			g.s.Cells[i] = 0
			if w == who-1 {
				return strconv.Itoa(i + 1)
			}
		}
	}
	if g.s.Cells[4] == 0 {
		return "5"
	}
	var free []int
	for i, c := range g.s.Cells {
		if c == 0 {
			free = append(free, i)
		}
	}
	if len(free) == 0 {
		return "pass"
	}
	h := g.s.Seed ^ uint64(len(free))*0x9E3779B97F4A7C15
	return strconv.Itoa(free[h%uint64(len(free))] + 1)
}

// ponderRounds is sized for about 30 ms on a laptop core.
const ponderRounds = 20_000_000

// ponder is a long, pure computation; its result is used, so that the
// compiler cannot drop it.
func (g *game) ponder() uint64 {
	h := g.s.Seed | 1
	for i := 0; i < ponderRounds; i++ {
		h ^= h << 13
		h ^= h >> 7
		h ^= h << 17
	}
	return h
}

func (g *game) Save() ([]byte, error) { return json.Marshal(g.s) }

func (g *game) Result() games.Result {
	return games.Result{Over: g.s.Winner >= 0, Scores: []int{g.s.Wins[0], g.s.Wins[1]}}
}

// pictured is the game with a picture of its grid.
type pictured struct{ *game }

// Scene draws the grid, so that the core's pictures can be tested.
func (g pictured) Scene() games.Scene {
	var rows [][]games.Tile
	for r := 0; r < 3; r++ {
		var row []games.Tile
		for c := 0; c < 3; c++ {
			switch g.s.Cells[r*3+c] {
			case 1:
				row = append(row, games.Tile{Text: "X", Fill: games.Blue, Mark: games.Square})
			case 2:
				row = append(row, games.Tile{Text: "O", Fill: games.Orange, Mark: games.Circle})
			default:
				row = append(row, games.Tile{Empty: true})
			}
		}
		rows = append(rows, row)
	}
	return games.Scene{Blocks: []games.Block{{Rows: rows, Grid: true}}}
}

// PhaseDuration is a minute a move with the timed option (games.Timed).
func (g *game) PhaseDuration() time.Duration {
	if g.s.Timed {
		return time.Minute
	}
	if g.s.Quick {
		return 2 * time.Second
	}
	return 0
}
