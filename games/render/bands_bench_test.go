package render

import (
	"testing"
	"time"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/i18n"
)

// BenchmarkAfterAMove encodes a game of Crack Word (two players, as the
// core's BenchmarkRealMove plays) move after move: the board after each
// move, and the hand of the seat that moved, with the pictures of the
// moves before in the cache of bands, as the bot draws a table after a
// move. "bands" keeps the bands; "whole" keeps none, so every picture is
// drawn and encoded whole. Beside the wall and CPU time per picture:
// B/picture, the PNG's size, and bands/picture, how many bands were
// encoded (of how many a picture has, bands-in/picture).
//
//	go test ./games/render -run '^$' -bench BenchmarkAfterAMove
func BenchmarkAfterAMove(b *testing.B) {
	r := i18n.Renderer{Lang: i18n.EN, Name: bandNames}
	boards, hands := crackWordBoards(b, 2, 11, 200)
	for _, pics := range []struct {
		name, title string
		scenes      []games.Scene
	}{{"board", "Crack Word", boards}, {"hand", "Your hand", hands}} {
		for _, mode := range []struct {
			name  string
			limit int64
		}{{"bands", bandCacheBytes}, {"whole", 0}} {
			b.Run(pics.name+"/"+mode.name, func(b *testing.B) {
				benchAfterAMove(b, pics.title, pics.scenes, r, mode.limit)
			})
		}
	}
}

func benchAfterAMove(b *testing.B, title string, scenes []games.Scene, r i18n.Renderer, limit int64) {
	b.ReportAllocs()
	var cache *bandCache
	var size, encoded, total int64
	var aside time.Duration // the CPU time of what is not measured
	start := cpuTime()
	for i := 0; i < b.N; i++ {
		k := 1 + i%(len(scenes)-1)
		if k == 1 {
			// A new game: its first picture is drawn before, not measured.
			b.StopTimer()
			t0 := cpuTime()
			cache = newBandCache(limit)
			encodeScene(title, scenes[0], r, cache)
			aside += cpuTime() - t0
			b.StartTimer()
		}
		before := cache.stats()
		size += int64(len(encodeScene(title, scenes[k], r, cache)))
		after := cache.stats()
		encoded += after.Misses - before.Misses
		total += after.Misses + after.Hits - before.Misses - before.Hits
	}
	n := float64(b.N)
	b.ReportMetric(float64(cpuTime()-start-aside)/n, "cpu-ns/op")
	b.ReportMetric(float64(size)/n, "B/picture")
	b.ReportMetric(float64(encoded)/n, "bands/picture")
	b.ReportMetric(float64(total)/n, "bands-in/picture")
}

// BenchmarkEncodePNG encodes a drawn Crack Word board, every band of it,
// and nothing else: the encoder alone (filter, tokens, Huffman codes,
// bits), which is most of the CPU of a band drawn after a move.
//
//	go test ./games/render -run '^$' -bench BenchmarkEncodePNG
func BenchmarkEncodePNG(b *testing.B) {
	r := i18n.Renderer{Lang: i18n.EN, Name: bandNames}
	boards, _ := crackWordBoards(b, 2, 11, 20)
	img, _ := Draw("Crack Word", boards[20], r)
	w, h := img.Rect.Dx(), img.Rect.Dy()
	MeasureCPU(b, func() {
		for i := 0; i < b.N; i++ {
			encodePNG(img.Pix, w, h)
		}
	})
}
