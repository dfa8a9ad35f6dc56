package lexicon

import (
	"sync"
	"testing"
)

var (
	sourceOnce  sync.Once
	sourceWords []string
	sourceSet   map[string]struct{}
	sourceErr   error
)

// source returns the committed word list and a map of it: the reference
// every graph query is checked against.
func source(t testing.TB) ([]string, map[string]struct{}) {
	t.Helper()
	sourceOnce.Do(func() {
		sourceWords, sourceErr = EmbeddedWords()
		sourceSet = make(map[string]struct{}, len(sourceWords))
		for _, w := range sourceWords {
			sourceSet[w] = struct{}{}
		}
	})
	if sourceErr != nil {
		t.Fatal(sourceErr)
	}
	return sourceWords, sourceSet
}
