package table

import (
	"regexp"
	"strconv"

	"github.com/tablee/tablee/bot"
)

// target is the part of the board a button's move names: a row of cards
// (Crack Word, Words Out) or a discard pile (Le Grand Escogriffe), so that
// a tap on the board itself presses it. Block counts the board's blocks
// that hold tiles, in order (a row, the piles); Tile is the tile's index
// in it, -1 for the whole block.
type target struct {
	Block int `json:"block"`
	Tile  int `json:"tile"`
}

// targetRule reads a move that names a place of the board.
type targetRule struct {
	re *regexp.Regexp
	// block and tile are the submatches that number them from 1 (0: none,
	// the whole block); fixed is the block when no submatch names it.
	block, tile, fixed int
}

// boardTargets are the moves that name a place of the board, game by game,
// as the engines write them (the buttons' moves, the same in every
// language): "E gauche 2 " (a side of row 2), "E sur 2 3" (its 3rd card),
// "E 2" (row 2), "prendre 1" and "jeter 4 1" (discard pile 1, the tiles of
// the first block with tiles).
var boardTargets = map[string][]targetRule{
	"crackword": {
		{re: regexp.MustCompile(`^\S+ (?:gauche|droite) (\d+)\s*$`), block: 1},
		{re: regexp.MustCompile(`^\S+ sur (\d+) (\d+)$`), block: 1, tile: 2},
	},
	"wordsout": {
		{re: regexp.MustCompile(`^\S+ (\d+)$`), block: 1},
	},
	"escogriffe": {
		{re: regexp.MustCompile(`^prendre (\d+)$`), tile: 1, fixed: 1},
		{re: regexp.MustCompile(`^jeter \d+ (\d+)$`), tile: 1, fixed: 1},
	},
}

// targetsFor are the board's places the buttons name, by the buttons'
// data; nil when none does.
func targetsFor(game string, rows [][]bot.Button) map[string]target {
	rules := boardTargets[game]
	if len(rules) == 0 {
		return nil
	}
	var out map[string]target
	for _, row := range rows {
		for _, b := range row {
			if t, ok := targetOf(rules, moveOf(b.Data)); ok {
				if out == nil {
					out = map[string]target{}
				}
				out[b.Data] = t
			}
		}
	}
	return out
}

func targetOf(rules []targetRule, move string) (target, bool) {
	for _, r := range rules {
		m := r.re.FindStringSubmatch(move)
		if m == nil {
			continue
		}
		t := target{Block: r.fixed - 1, Tile: -1}
		if r.block > 0 {
			n, _ := strconv.Atoi(m[r.block])
			t.Block = n - 1
		}
		if r.tile > 0 {
			n, _ := strconv.Atoi(m[r.tile])
			t.Tile = n - 1
		}
		if t.Block >= 0 {
			return t, true
		}
	}
	return target{}, false
}

// moveOf is a button's move: its data after the table and the counter.
func moveOf(data string) string {
	dots := 0
	for i := 0; i < len(data); i++ {
		if data[i] == '.' {
			if dots++; dots == 2 {
				return data[i+1:]
			}
		}
	}
	return ""
}
