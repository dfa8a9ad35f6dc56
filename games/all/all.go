// Package all links every game into the binary: adding a game is its
// package plus one line here.
package all

import (
	_ "github.com/tablee/tablee/games/coquillaude"
	_ "github.com/tablee/tablee/games/crackword"
	_ "github.com/tablee/tablee/games/escogriffe"
	_ "github.com/tablee/tablee/games/motsdetete"
	_ "github.com/tablee/tablee/games/wordsout"
)
