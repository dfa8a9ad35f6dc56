package local_test

import (
	"bytes"
	"context"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tablee/tablee/adapters/local"
	"github.com/tablee/tablee/bot"
	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/store/bolt"
)

// The terminal cannot show a picture: it writes it to a file and says where.
func TestPicturesAreWrittenToFiles(t *testing.T) {
	dir := t.TempDir()
	st, err := bolt.Open(filepath.Join(dir, "local.db"), bolt.Options{Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	core, err := bot.New(bot.Options{Store: st, Lang: i18n.EN, Clock: fixedClock{}, Seeds: func() uint64 { return 1 }})
	if err != nil {
		t.Fatal(err)
	}
	defer core.Close()
	var out bytes.Buffer
	pics := filepath.Join(dir, "pictures")
	script := "alice> /play crackword bots=1\n/start\n"
	chat := local.New(local.Options{Core: core, In: strings.NewReader(script), Out: &out, PictureDir: pics})
	if err := chat.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"main-board.png", "alice-hand.png"} {
		path := filepath.Join(pics, name)
		if !strings.Contains(out.String(), "🖼 "+path) {
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
