package duplicate

import (
	"fmt"

	"github.com/tablee/tablee/games"
)

// dealers are the games a challenge can be dealt of, in the order they are
// offered, each with the way its deal is made from a seed with the engine
// the binary ships (registered in games).
var dealers = []struct {
	game string
	make func(seed uint64) (*Deal, error)
}{
	{"motsdetete", func(seed uint64) (*Deal, error) { return MotsDeTete(nil, seed) }},
	{"coquillaude", func(seed uint64) (*Deal, error) { return Coquillaude(nil, seed) }},
}

// Games lists the games a challenge can be dealt of, in the order they
// are offered.
func Games() []string {
	out := make([]string, len(dealers))
	for i, d := range dealers {
		out[i] = d.game
	}
	return out
}

// Make deals the challenge of a game from a seed (Seed) with the engine the
// binary ships.
func Make(game string, seed uint64) (*Deal, error) {
	for _, d := range dealers {
		if d.game == game {
			return d.make(seed)
		}
	}
	return nil, fmt.Errorf("duplicate: no challenge of %q", game)
}

// LoadGame restores a stored deal of a game with the engine the binary
// ships.
func LoadGame(game string, data []byte) (*Deal, error) {
	e, ok := games.Lookup(game)
	if !ok || e.Name() != game {
		return nil, fmt.Errorf("duplicate: no engine %q", game)
	}
	return Load(e, data)
}
