package lexicon

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// The committed graphs must be exactly what the committed word lists
// build to, or a regenerated list was committed without `go generate`.
func TestEmbeddedGraphEqualsFreshBuild(t *testing.T) {
	dir := t.TempDir()
	if err := WriteGraphFiles(dir); err != nil {
		t.Fatal(err)
	}
	for name, embedded := range map[string][]byte{"graph.bin": embeddedGraph, "names.bin": embeddedNamesGraph} {
		built, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(built, embedded) {
			t.Errorf("data/%s differs from a fresh build of the word lists: run go generate ./games/lexicon", name)
		}
	}
}
