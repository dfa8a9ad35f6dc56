package duplicate

import (
	"strings"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/games/motsdetete"
)

// MotsDeTeteTurns is the length of a Mots de Tête challenge: a coffee's
// length, the same every day so that days compare.
const MotsDeTeteTurns = 12

// motsDeTeteOptions are the rules of a Mots de Tête challenge.
//
//   - Quarté (the sheet's variant: always 4 new letters, orange 4, yellow 8,
//     red 12). In the standard game a bonus cell is worth dice rolled once
//     the word is written (MT-D4): the top would be the luckiest placement,
//     not the best, and a player's score would depend on rolls he could not
//     see. With Quarté's fixed values every placement's score is known from
//     its cells, so the strong bot's search (every span of the grid, the
//     first in the order of exact scores that a word fills) is exhaustive:
//     it is the top.
//   - forgiving (MT-D3's house option): a word the dictionary lacks is
//     refused with the reason, not a lost turn, so a typo costs nothing and
//     the deal's position never depends on a player's mistake.
//   - a target no deal reaches: alone, the target ends the game (the page's
//     choice 7), and a challenge ends after its turns.
//   - duplicate: the game's views show the turn everyone plays, without
//     the one seat, its score, the target or the opening's recap.
var motsDeTeteOptions = games.Options{"variant": motsdetete.Quarte, "forgiving": "on", "target": "1000000", "duplicate": "on"}

// motsDeTeteOpening is the number of words on the grid before the first
// turn. In Quarté nothing is drawn for a turn (always 4 letters, fixed
// values), so a deal from the empty grid would open every day with the
// same top placement (C8 across) and follow much the same course; two
// words drawn from the seed make each day's grid its own from the first
// turn.
const motsDeTeteOpening = 2

// MotsDeTete deals a Mots de Tête challenge from a seed (Seed): the
// standard grid (MT-D1) with the opening's words, then MotsDeTeteTurns
// turns, each with the top found by the engine's strong search. e is the engine (nil: the registered one,
// with the bundled dictionary); tests give a small grid and dictionary.
func MotsDeTete(e *motsdetete.Engine, seed uint64) (*Deal, error) {
	return motsDeTeteDeal(e, seed, motsDeTeteOpening, MotsDeTeteTurns)
}

func motsDeTeteDeal(e *motsdetete.Engine, seed uint64, opening, turns int) (*Deal, error) {
	if e == nil {
		e = &motsdetete.Engine{}
	}
	return deal(e, motsDeTeteOptions, seed, opening, turns, lastWord)
}

// lastWord is the word of a Mots de Tête move as the bot writes it ("H3
// bas MAISON").
func lastWord(move string) string {
	f := strings.Fields(move)
	if len(f) == 0 {
		return ""
	}
	return f[len(f)-1]
}
