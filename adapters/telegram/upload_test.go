package telegram

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/png"
	"io"
	"math/rand/v2"
	"net/http"
	"strings"
	"sync"
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
	pic := testPicture()
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

// resending is a transport that, for each upload, reads and closes the
// body it was given, then sends the request with the body GetBody gives,
// as net/http does when the connection it took was closed by the server
// meanwhile; it tells whether both bodies held the same bytes.
type resending struct {
	base   http.RoundTripper
	mu     sync.Mutex
	resent int
	differ int
}

func (t *resending) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.Body == nil || !strings.HasPrefix(req.Header.Get("Content-Type"), "multipart/") {
		return t.base.RoundTrip(req)
	}
	first, _ := io.ReadAll(req.Body)
	req.Body.Close()
	if req.GetBody == nil {
		return nil, errors.New("an upload without GetBody cannot be sent again")
	}
	body, err := req.GetBody()
	if err != nil {
		return nil, err
	}
	again := req.Clone(req.Context())
	again.Body = body
	second, _ := io.ReadAll(body)
	again.Body = io.NopCloser(bytes.NewReader(second))
	body.Close()
	t.mu.Lock()
	t.resent++
	if !bytes.Equal(first, second) {
		t.differ++
	}
	t.mu.Unlock()
	return t.base.RoundTrip(again)
}

// An upload can be sent again on a new connection (GetBody), its body the
// same bytes after the first was closed, and the picture arrives.
func TestUploadSentAgain(t *testing.T) {
	r := newE2ERig(t, e2eSetup{name: "upload", mode: "webhook", store: "bolt"}, 1, "")
	a := r.procs[0].a
	tr := &resending{base: a.client.Transport}
	a.client.Transport = tr
	pic := testPicture()
	uploads0 := r.f.uploaded()
	for i := range 3 {
		if _, e := a.sendPicture(context.Background(), r.chats[0], 0, pic, "", fmt.Sprintf("caption %d", i), nil, 0, false, time.Second); e != nil {
			t.Fatal(e)
		}
	}
	if tr.resent != 3 || tr.differ != 0 {
		t.Fatalf("%d uploads sent again, %d of them with other bytes; want 3 and 0", tr.resent, tr.differ)
	}
	if got := r.f.uploaded() - uploads0; got != 3 {
		t.Fatalf("the fake received %d uploads, want 3", got)
	}
}

// testPicture is a PNG of a board's size (24 KB), of noise.
func testPicture() []byte {
	img := image.NewGray(image.Rect(0, 0, 200, 120))
	rnd := rand.New(rand.NewPCG(1, 2))
	for i := range img.Pix {
		img.Pix[i] = uint8(rnd.IntN(256))
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		panic(err)
	}
	return buf.Bytes()
}
