package render_test

import (
	"bytes"
	"flag"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/tablee/tablee/games"
	_ "github.com/tablee/tablee/games/all"
	"github.com/tablee/tablee/games/render"
	"github.com/tablee/tablee/i18n"
)

var update = flag.Bool("update", false, "rewrite the golden pictures")

var names = func(s int) string { return []string{"Alice", "Bob", "Chloé", "David 🤖"}[s%4] }

// position is a self-played position of every game that draws pictures.
func positions(t testing.TB) map[string]games.Game {
	out := map[string]games.Game{}
	for _, e := range games.All() {
		min, _ := e.Seats()
		g, err := e.New(games.Options{}, max(min, 3), 7)
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := g.(games.Pictured); !ok {
			continue
		}
		if _, err := games.Autoplay(g, 25); err != nil {
			t.Fatal(err)
		}
		out[e.Name()] = g
	}
	if len(out) == 0 {
		t.Fatal("no game draws pictures")
	}
	return out
}

// TestGoldenPictures draws a position of each game and compares it pixel
// by pixel with testdata/<game>.png, allowing a few anti-aliasing pixels;
// `go test ./games/render -update` rewrites them after a deliberate change.
func TestGoldenPictures(t *testing.T) {
	r := i18n.Renderer{Lang: i18n.FR, Name: names}
	for name, g := range positions(t) {
		t.Run(name, func(t *testing.T) {
			data, m, err := render.PNG(name, g.(games.Pictured).Scene(), r)
			if err != nil {
				t.Fatal(err)
			}
			checkLegible(t, m)
			golden := filepath.Join("testdata", name+".png")
			if *update {
				if err := os.WriteFile(golden, data, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if diff := pixelDiff(t, want, data); diff > 0.002 {
				t.Fatalf("%.2f%% of the pixels differ from %s", diff*100, golden)
			}
		})
	}
}

// TestHandsArePictured checks the private pictures the same way for size.
func TestHandsArePictured(t *testing.T) {
	r := i18n.Renderer{Lang: i18n.EN, Name: names}
	for name, g := range positions(t) {
		pp, ok := g.(games.PrivatePictured)
		if !ok {
			continue
		}
		_, m, err := render.PNG(name, pp.PrivateScene(0), r)
		if err != nil {
			t.Fatal(err)
		}
		checkLegible(t, m)
	}
}

// checkLegible: a picture about a phone's width with letters large enough
// to read once the chat scales it down.
func checkLegible(t *testing.T, m render.Metrics) {
	t.Helper()
	if m.Width < 800 || m.Width > 1200 {
		t.Errorf("width %d", m.Width)
	}
	if m.Height < 100 || m.Height > 3000 {
		t.Errorf("height %d", m.Height)
	}
	if m.LetterHeight < 16 {
		t.Errorf("tile letters %d px high: too small to read", m.LetterHeight)
	}
}

func pixelDiff(t *testing.T, a, b []byte) float64 {
	t.Helper()
	ia, err := png.Decode(bytes.NewReader(a))
	if err != nil {
		t.Fatal(err)
	}
	ib, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	if ia.Bounds() != ib.Bounds() {
		return 1
	}
	var differ int
	bounds := ia.Bounds()
	for y := bounds.Min.Y; y < bounds.Max.Y; y++ {
		for x := bounds.Min.X; x < bounds.Max.X; x++ {
			if !near(ia, ib, x, y) {
				differ++
			}
		}
	}
	return float64(differ) / float64(bounds.Dx()*bounds.Dy())
}

func near(a, b image.Image, x, y int) bool {
	r1, g1, b1, _ := a.At(x, y).RGBA()
	r2, g2, b2, _ := b.At(x, y).RGBA()
	d := func(p, q uint32) uint32 {
		if p > q {
			return p - q
		}
		return q - p
	}
	return d(r1, r2) < 0x1800 && d(g1, g2) < 0x1800 && d(b1, b2) < 0x1800
}

func TestMissingGlyphsAreDropped(t *testing.T) {
	s := games.Scene{Blocks: []games.Block{{Label: i18n.Raw("🤖 Robot ★"), Rows: [][]games.Tile{{{Text: "É"}, {Text: "🗑"}, {Empty: true}}}}}}
	_, m, err := render.PNG("", s, i18n.Renderer{Lang: i18n.FR})
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(m.Texts) != "[ Robot  É]" && fmt.Sprint(m.Texts) != "[Robot É]" {
		t.Fatalf("texts %q", m.Texts)
	}
}

func BenchmarkRender(b *testing.B) {
	r := i18n.Renderer{Lang: i18n.FR, Name: names}
	for name, g := range positions(b) {
		scene := g.(games.Pictured).Scene()
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if _, _, err := render.PNG(name, scene, r); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
