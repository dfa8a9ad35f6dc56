package crackword

import (
	"testing"

	"github.com/tablee/tablee/games/gamestest"
)

// TestCataloguesHaveTheSameKeys: French and English hold the same keys,
// with the same number of arguments.
func TestCataloguesHaveTheSameKeys(t *testing.T) {
	gamestest.CheckCatalogue(t, "crackword")
}

// TestEveryKeyInTheCode: every "crackword.x" literal of the engine's code
// has a text, and every text is used.
func TestEveryKeyInTheCode(t *testing.T) {
	gamestest.CheckKeysUsed(t, "crackword", gamestest.KeysInCode(t, "crackword"))
}
