package duplicate

import (
	"strings"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/games/coquillaude"
)

// CoquillaudeRounds is the length of a La Coquillaude challenge: a
// coffee's length, the same every day so that days compare. A deal is
// shorter only where no proposal of the round's pions would reach 25, which
// ends the game (CQ-D8).
const CoquillaudeRounds = 12

// CoquillaudePions is the size of a challenge's hand each round: the pions
// left from the round before, refilled from the bag (CQ-D1). At a table a
// hand grows with the questions answered (CQ-D2) and the gifts (CQ-D3),
// 20 to 26 pions on average; ten is what a player sees at a glance on a
// phone and still makes words of seven or eight letters.
const CoquillaudePions = 10

// Coquillaude deals a La Coquillaude challenge from a seed (Seed): the
// empty board and the bag shuffled by the seed (coquillaude's
// NewDuplicate), then CoquillaudeRounds rounds, each with the hand everyone
// gets and the top, the best proposal of that hand found by an exhaustive
// search (coquillaude's BestProposal), which the next round starts from. e
// is the engine (nil: the registered one, with the bundled dictionary);
// tests give small dictionaries.
func Coquillaude(e *coquillaude.Engine, seed uint64) (*Deal, error) {
	return coquillaudeDeal(e, seed, CoquillaudeRounds)
}

func coquillaudeDeal(e *coquillaude.Engine, seed uint64, rounds int) (*Deal, error) {
	if e == nil {
		e = &coquillaude.Engine{}
	}
	g, err := e.NewDuplicate(seed, CoquillaudePions)
	if err != nil {
		return nil, err
	}
	return dealTurns(e, g, seed, rounds, bestProposal, proposedWord)
}

// bestProposal is the top of a La Coquillaude round.
func bestProposal(g games.Game) string {
	move, _ := g.(*coquillaude.Game).BestProposal(0)
	return move
}

// proposedWord is the word of a La Coquillaude proposal as BestProposal
// writes it ("mot MAISON H11 droite anagrammes=…").
func proposedWord(move string) string {
	if f := strings.Fields(move); len(f) > 1 {
		return f[1]
	}
	return ""
}
