package local_test

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tablee/tablee/adapters/local"
	"github.com/tablee/tablee/bot"
	_ "github.com/tablee/tablee/games/all"
	"github.com/tablee/tablee/i18n"
	"github.com/tablee/tablee/internal/testgame"
	"github.com/tablee/tablee/store/bolt"
)

var update = flag.Bool("update", false, "rewrite the golden transcripts")

func init() { testgame.Register() }

// TestTranscripts plays every testdata/*.script through the terminal chat
// with seed 1 and compares what it printed with the .golden file beside it.
// `go test ./adapters/local -update` refreshes them after a deliberate
// change; the diff of the goldens is then the review of that change.
func TestTranscripts(t *testing.T) {
	scripts, _ := filepath.Glob("testdata/*.script")
	if len(scripts) == 0 {
		t.Fatal("no scripts")
	}
	for _, script := range scripts {
		name := strings.TrimSuffix(filepath.Base(script), ".script")
		t.Run(name, func(t *testing.T) {
			in, err := os.ReadFile(script)
			if err != nil {
				t.Fatal(err)
			}
			got := play(t, in)
			checkWinnerOnce(t, string(got))
			golden := strings.TrimSuffix(script, ".script") + ".golden"
			if *update {
				if err := os.WriteFile(golden, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("transcript differs from %s (run with -update after checking):\n%s", golden, firstDiff(string(want), string(got)))
			}
		})
	}
}

func play(t *testing.T, script []byte) []byte {
	t.Helper()
	st, err := bolt.Open(filepath.Join(t.TempDir(), "local.db"), bolt.Options{Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	seed := uint64(1)
	core, err := bot.New(bot.Options{Store: st, Lang: i18n.FR, Clock: fixedClock{},
		Seeds: func() uint64 { s := seed; seed++; return s }})
	if err != nil {
		t.Fatal(err)
	}
	defer core.Close()
	var out bytes.Buffer
	// "mod" moderates every chat (moderators.script).
	chat := local.New(local.Options{Core: core, In: bytes.NewReader(script), Out: &out, Echo: true, Moderators: []string{"mod"}})
	if err := chat.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

func firstDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(w) || i < len(g); i++ {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl {
			return "line " + itoa(i+1) + ":\n  want: " + wl + "\n  got:  " + gl
		}
	}
	return ""
}

func itoa(n int) string {
	var b []byte
	for n > 0 || len(b) == 0 {
		b = append([]byte{byte('0' + n%10)}, b...)
		n /= 10
	}
	return string(b)
}

// fixedClock keeps deadlines printed in transcripts the same on every run.
type fixedClock struct{}

func (fixedClock) Now() time.Time { return time.Date(2026, 11, 21, 20, 0, 0, 0, time.UTC) }
