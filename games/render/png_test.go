package render

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"fmt"
	stdadler "hash/adler32"
	"image"
	"image/png"
	"io"
	"math/rand/v2"
	"slices"
	"testing"
)

// paletted is a w×h picture of the pixels f gives.
func paletted(w, h int, f func(x, y int) uint8) *image.Paletted {
	p := image.NewPaletted(image.Rect(0, 0, w, h), pictPalette)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			p.Pix[y*w+x] = f(x, y)
		}
	}
	return p
}

// pngCases are pictures of every shape the writer must get right: noise
// (no runs), flat colour, runs around the longest deflate match (258),
// rows repeating the one above, one pixel wide or high.
func pngCases() map[string]*image.Paletted {
	rng := rand.New(rand.NewPCG(1, 2))
	mk := paletted
	cases := map[string]*image.Paletted{
		"noise":       mk(317, 211, func(x, y int) uint8 { return uint8(rng.IntN(256)) }),
		"few colours": mk(500, 300, func(x, y int) uint8 { return uint8(rng.IntN(3)) }),
		"flat":        mk(1000, 700, func(x, y int) uint8 { return 0 }),
		"one pixel":   mk(1, 1, func(x, y int) uint8 { return 7 }),
		"one row":     mk(1000, 1, func(x, y int) uint8 { return uint8(x / 259) }),
		"one column":  mk(1, 900, func(x, y int) uint8 { return uint8(y / 300) }),
		"stripes":     mk(997, 120, func(x, y int) uint8 { return uint8((x + y/7) / 13 % 5) }),
		"same rows":   mk(640, 480, func(x, y int) uint8 { return uint8(x % 251) }),
		"steps":       mk(800, 50, func(x, y int) uint8 { return uint8(y) }),
	}
	for _, n := range []int{1, 2, 3, 4, 257, 258, 259, 260, 261, 516, 517} {
		cases[fmt.Sprintf("run of %d", n)] =
			mk(n+2, 3, func(x, y int) uint8 {
				if x == 0 || x == n+1 {
					return 1
				}
				return uint8(y * 2)
			})
	}
	return cases
}

// TestEncodePNG_DecodesToTheSamePixels reads each picture back with
// image/png and compares every pixel and the palette; the zlib stream is
// read to its end, which checks its Adler-32.
func TestEncodePNG_DecodesToTheSamePixels(t *testing.T) {
	for name, img := range pngCases() {
		data := encodePNG(img.Pix, img.Rect.Dx(), img.Rect.Dy())
		got, err := png.Decode(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		p, ok := got.(*image.Paletted)
		if !ok || p.Rect != img.Rect || !bytes.Equal(p.Pix, img.Pix) {
			t.Fatalf("%s: decoded picture differs", name)
		}
		for i, c := range img.Palette {
			if p.Palette[i] != c {
				t.Fatalf("%s: palette entry %d is %v, want %v", name, i, p.Palette[i], c)
			}
		}
		// The IDAT chunk follows the signature, IHDR and PLTE.
		at := 8 + 25 + 12 + 3*len(img.Palette)
		n := binary.BigEndian.Uint32(data[at:])
		if string(data[at+4:at+8]) != "IDAT" {
			t.Fatalf("%s: no IDAT at %d", name, at)
		}
		zr, err := zlib.NewReader(bytes.NewReader(data[at+8 : at+8+int(n)]))
		if err != nil {
			t.Fatal(err)
		}
		raw, err := io.ReadAll(zr)
		if err != nil {
			t.Fatalf("%s: zlib stream: %v", name, err)
		}
		if w, h := img.Rect.Dx(), img.Rect.Dy(); len(raw) != (w+1)*h {
			t.Fatalf("%s: %d filtered bytes, want %d", name, len(raw), (w+1)*h)
		}
	}
}

// TestEncodePNG_SmallerThanBestSpeed: on the golden scenes the runs
// compress at least as well as compress/flate's fastest level.
func TestEncodePNG_SmallerThanBestSpeed(t *testing.T) {
	for name, img := range pngCases() {
		if name == "noise" || name == "few colours" {
			continue // no runs to find: not what pictures are
		}
		ours := encodePNG(img.Pix, img.Rect.Dx(), img.Rect.Dy())
		var std bytes.Buffer
		if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&std, img); err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: %d bytes, image/png %d", name, len(ours), std.Len())
	}
}

// TestAdler32_AgreesWithTheStandardLibrary feeds bytes by runs and by
// slices of every length.
func TestAdler32_AgreesWithTheStandardLibrary(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	data := make([]byte, 5000)
	for i := range data {
		data[i] = uint8(rng.IntN(256))
		if i%7 == 0 {
			data[i] = 0xff
		}
	}
	var a adler32
	a.init()
	for i := 0; i < len(data); {
		n := min(1+rng.IntN(300), len(data)-i)
		if rng.IntN(2) == 0 {
			a.bytes(data[i : i+n])
		} else {
			for _, b := range data[i : i+n] {
				a.run(b, 1)
			}
		}
		i += n
	}
	run := bytes.Repeat([]byte{0xfe}, 100000)
	a.run(0xfe, len(run))
	if want := stdAdler(append(data, run...)); a.sum() != want {
		t.Fatalf("adler32 %08x, want %08x", a.sum(), want)
	}
}

func stdAdler(b []byte) uint32 { return stdadler.Checksum(b) }

// TestAdler32_ZerosAndRuns feeds bytes that are mostly zeros (rows like
// the row above), with a few others among them at every offset from a
// 32-byte chunk, as the bytes between a band's runs are: a.bytes takes 32
// zero bytes at once and the others eight at a time.
func TestAdler32_ZerosAndRuns(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for n := 0; n < 300; n++ {
		data := make([]byte, n)
		for i := range data {
			if rng.IntN(40) == 0 {
				data[i] = uint8(1 + rng.IntN(255))
			}
		}
		var a adler32
		a.init()
		a.run(0xff, 3) // s1 and s2 not 1 and 0
		a.bytes(data)
		if want := stdAdler(append([]byte{0xff, 0xff, 0xff}, data...)); a.sum() != want {
			t.Fatalf("%d bytes: adler32 %08x, want %08x", n, a.sum(), want)
		}
	}
	// A slice longer than bytes takes before reducing: split.
	long := make([]byte, 1<<26+1000)
	for i := range long {
		long[i] = uint8(i % 253)
	}
	var a adler32
	a.init()
	a.bytes(long)
	if want := stdAdler(long); a.sum() != want {
		t.Fatalf("%d bytes: adler32 %08x, want %08x", len(long), a.sum(), want)
	}
}

// TestRunLengthAndCommonLength compare 32 bytes at a time, then 8, then
// one: they are checked against a byte at a time for every length and a
// first differing byte at every place.
func TestRunLengthAndCommonLength(t *testing.T) {
	for n := 0; n < 100; n++ {
		for at := 0; at <= n; at++ {
			s := bytes.Repeat([]byte{7}, n)
			if at < n {
				s[at] = 8
			}
			if got := runLength(s, 7); got != at {
				t.Fatalf("runLength of %d bytes, the %dth differing: %d", n, at, got)
			}
			b := bytes.Repeat([]byte{7}, n)
			if got := commonLength(append(s, 9), b); got != at {
				t.Fatalf("commonLength of %d bytes, the %dth differing: %d", n, at, got)
			}
		}
	}
}

// TestSortKeys sorts by frequency, symbols in order among equal ones, as
// a comparison sort of the keys does, for frequencies of one to four
// bytes (radix passes).
func TestSortKeys(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	var h huffmanScratch
	for _, most := range []int64{1, 255, 256, 65535, 65536, 1 << 20, 1<<31 - 1} {
		for n := 1; n <= 286; n += 15 {
			var keys []uint64
			m := int64(0)
			for s := range n {
				v := 1 + rng.Int64N(most)
				if rng.IntN(3) == 0 {
					v = 1 + rng.Int64N(3) // ties
				}
				m = max(m, v)
				keys = append(keys, uint64(v)<<9|uint64(s))
			}
			want := slices.Sorted(slices.Values(keys))
			copy(h.keys[:], keys)
			if got := h.sortKeys(h.keys[:n], m); !slices.Equal(got, want) {
				t.Fatalf("frequencies up to %d, %d keys: not sorted as a comparison sort does", most, n)
			}
		}
	}
}
