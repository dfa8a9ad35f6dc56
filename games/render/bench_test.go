package render_test

import (
	"sort"
	"testing"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/games/render"
	"github.com/tablee/tablee/i18n"
)

// benchScene is one picture the bot draws: a game's board or a seat's hand.
type benchScene struct {
	name  string // "crackword/board"
	title string
	scene games.Scene
}

func benchScenes(b *testing.B) []benchScene {
	var out []benchScene
	for name, g := range positions(b) {
		out = append(out, benchScene{name + "/board", name, g.(games.Pictured).Scene()})
		if pp, ok := g.(games.PrivatePictured); ok {
			out = append(out, benchScene{name + "/hand", name, pp.PrivateScene(0)})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].name < out[j].name })
	return out
}

// BenchmarkPicture draws and encodes each game's board and a hand with no
// cache, every band of it (none kept from the picture before): "serial"
// on one goroutine, "parallel" on GOMAXPROCS goroutines at once (ns/op is
// then the wall time per picture of all cores together); "cached" asks a
// Cache that already holds the picture. (BenchmarkAfterAMove measures a
// picture drawn again after a move, most of its bands kept.)
func BenchmarkPicture(b *testing.B) {
	r := i18n.Renderer{Lang: i18n.FR, Name: names}
	defer render.NoBandsKept()()
	for _, s := range benchScenes(b) {
		b.Run(s.name+"/serial", func(b *testing.B) {
			render.MeasureCPU(b, func() {
				for i := 0; i < b.N; i++ {
					if _, _, err := render.PNG(s.title, s.scene, r); err != nil {
						b.Fatal(err)
					}
				}
			})
		})
		b.Run(s.name+"/cached", func(b *testing.B) {
			// What an unchanged board or hand costs: resolving its texts,
			// hashing the scene, finding the picture.
			c := render.NewCache(0)
			if _, _, err := c.Picture(s.title, s.scene, r); err != nil {
				b.Fatal(err)
			}
			render.MeasureCPU(b, func() {
				for i := 0; i < b.N; i++ {
					if _, _, err := c.Picture(s.title, s.scene, r); err != nil {
						b.Fatal(err)
					}
				}
			})
		})
		b.Run(s.name+"/parallel", func(b *testing.B) {
			render.MeasureCPU(b, func() {
				b.RunParallel(func(pb *testing.PB) {
					for pb.Next() {
						if _, _, err := render.PNG(s.title, s.scene, r); err != nil {
							b.Error(err)
							return
						}
					}
				})
			})
		})
	}
}
