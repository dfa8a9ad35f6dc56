package lexcli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tablee/tablee/games/lexicon"
)

func TestRunHas(t *testing.T) {
	in := strings.NewReader("maison\nÉlève\n\nxqzw\naujourd'hui\nporte-monnaie\nABOYEZ\n")
	var out bytes.Buffer
	if err := RunHas(lexicon.Default(), in, &out); err != nil {
		t.Fatal(err)
	}
	want := "MAISON yes\nELEVE yes\nXQZW no\nAUJOURDHUI yes\nporte-monnaie no\nABOYEZ yes\n"
	if out.String() != want {
		t.Fatalf("RunHas wrote\n%s\nwant\n%s", out.String(), want)
	}
}

// The graphs RunBuild writes are compared with the embedded ones in
// package lexicon (TestEmbeddedGraphEqualsFreshBuild); here, only that a
// failure to write is reported.
func TestRunBuildReportsUnwritableDir(t *testing.T) {
	file := filepath.Join(t.TempDir(), "not-a-dir")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := RunBuild(file, &bytes.Buffer{}); err == nil {
		t.Fatal("RunBuild into a file succeeded")
	}
}
