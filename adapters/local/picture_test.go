package local_test

import (
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tablee/tablee/adapters/local"
	"github.com/tablee/tablee/i18n"
)

// The terminal cannot show a picture: it writes it to a file and says where.
func TestPicturesAreWrittenToFiles(t *testing.T) {
	dir := t.TempDir()
	pics := filepath.Join(dir, "pictures")
	script := "alice> /play crackword bots=1\n/start\n"
	out := runChat(t, i18n.EN, local.Options{In: strings.NewReader(script), PictureDir: pics})
	for _, name := range []string{"main-board.png", "alice-hand.png"} {
		path := filepath.Join(pics, name)
		if !strings.Contains(out, "🖼 "+path) {
			t.Errorf("the transcript does not name %s", path)
		}
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := png.Decode(f); err != nil {
			t.Errorf("%s: %v", name, err)
		}
		f.Close()
	}
}
