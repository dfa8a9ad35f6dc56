package telegram

import (
	"bytes"
	"context"
	"image"
	"image/png"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/tablee/tablee/internal/openloop"
)

// BenchmarkPictureUpload posts a picture of a board's size (24 KB) to the
// fake Bot API with sendPhoto, by upload (no file_id): what an upload costs
// the adapter and the fake, in CPU of the whole process per picture
// (cpu-µs/op; ns/op is the time of one, the two sides taking turns).
func BenchmarkPictureUpload(b *testing.B) {
	r := newE2ERig(b, e2eSetup{name: "upload", mode: "webhook", store: "bolt"}, 1, "")
	a := r.procs[0].a
	img := image.NewGray(image.Rect(0, 0, 200, 120))
	rnd := rand.New(rand.NewPCG(1, 2))
	for i := range img.Pix {
		img.Pix[i] = uint8(rnd.IntN(256))
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		b.Fatal(err)
	}
	pic := buf.Bytes()
	b.ReportAllocs()
	cpu0 := openloop.CPU()
	for b.Loop() {
		if _, e := a.sendPicture(context.Background(), r.chats[0], 0, pic, "", "caption", nil, 0, false, time.Second); e != nil {
			b.Fatal(e)
		}
	}
	b.ReportMetric(float64((openloop.CPU()-cpu0).Microseconds())/float64(b.N), "cpu-µs/op")
	b.ReportMetric(float64(len(pic)), "bytes")
}
