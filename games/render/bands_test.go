package render

import (
	"bytes"
	"fmt"
	stdadler "hash/adler32"
	"image"
	"image/png"
	"math/rand/v2"
	"testing"

	"github.com/tablee/tablee/games"
	_ "github.com/tablee/tablee/games/crackword"
	"github.com/tablee/tablee/i18n"
)

var bandNames = func(s int) string { return []string{"Alice", "Bob", "Chloé", "David"}[s%4] }

// encodeScene encodes a scene through a band cache, as Cache.Picture and
// PNG do through the process's.
func encodeScene(title string, s games.Scene, r i18n.Renderer, cache *bandCache) []byte {
	d := drawers.Get().(*drawer)
	defer drawers.Put(d)
	return d.encodeBands(d.layout(resolve(title, s, r)), cache)
}

// checkIsDrawn reads a PNG back with image/png and compares every pixel
// with the scene drawn whole.
func checkIsDrawn(t testing.TB, what string, data []byte, title string, s games.Scene, r i18n.Renderer) {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	drawn, _ := Draw(title, s, r)
	got, ok := img.(*image.Paletted)
	if !ok || got.Rect != drawn.Rect || !bytes.Equal(got.Pix, drawn.Pix) {
		t.Fatalf("%s: the PNG is not the picture drawn", what)
	}
}

// crackWordBoards plays a game of Crack Word with its bots and returns the
// board after each move, and the hand of the seat that moved.
func crackWordBoards(t testing.TB, players int, seed uint64, moves int) (boards, hands []games.Scene) {
	e, ok := games.Lookup("crackword")
	if !ok {
		t.Fatal("Crack Word is not registered")
	}
	g, err := e.New(games.Options{}, players, seed)
	if err != nil {
		t.Fatal(err)
	}
	pp := g.(games.PrivatePictured)
	boards = append(boards, g.(games.Pictured).Scene())
	hands = append(hands, pp.PrivateScene(0))
	for len(boards) <= moves {
		waits := g.Waiting()
		if len(waits) == 0 || g.Result().Over {
			break
		}
		seat := waits[0].Seat
		if _, err := g.Apply(seat, g.Bot(seat, games.Strong)); err != nil {
			t.Fatal(err)
		}
		boards = append(boards, g.(games.Pictured).Scene())
		hands = append(hands, pp.PrivateScene(seat))
	}
	if len(boards) < 10 {
		t.Fatalf("a game of %d moves only", len(boards)-1)
	}
	return boards, hands
}

// bandScene is a board of labelled rows of cards and a note: one card is
// changed by changing cards[i].
func bandScene(cards []string) games.Scene {
	var s games.Scene
	for i := 0; i < len(cards); i += 4 {
		var row []games.Tile
		for _, c := range cards[i:min(i+4, len(cards))] {
			row = append(row, games.Tile{Text: c, Fill: games.Blue, Mark: games.Square, Corner: "2"})
		}
		s.Blocks = append(s.Blocks, games.Block{Label: i18n.Raw(fmt.Sprintf("Rangée %d", i/4+1)), Rows: [][]games.Tile{row}})
	}
	s.Blocks = append(s.Blocks, games.Block{Note: i18n.Raw("Alice : paquet 6 · pioche 19 · main 4")})
	return s
}

// TestBands_ACardChangedReencodesItsBandOnly changes one card in the
// middle, the first and the last row of a board: the band of that row is
// encoded again, every other is taken from the cache, and the picture is
// the same bytes as one encoded with no cache at all.
func TestBands_ACardChangedReencodesItsBandOnly(t *testing.T) {
	r := i18n.Renderer{Lang: i18n.FR, Name: bandNames}
	cards := []string{"A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L", "M", "N", "O", "P"}
	for _, changed := range []int{0, 6, 15} {
		t.Run(fmt.Sprintf("card %d", changed), func(t *testing.T) {
			cache := newBandCache(bandCacheBytes)
			before := bandScene(cards)
			encodeScene("Crack Word", before, r, cache)
			first := cache.stats()
			if first.Hits != 0 || first.Misses < 6 || int64(first.Bands) != first.Misses {
				t.Fatalf("a first picture in an empty cache: %+v", first)
			}
			after := bandScene(append(append(append([]string{}, cards[:changed]...), "Z"), cards[changed+1:]...))
			data := encodeScene("Crack Word", after, r, cache)
			st := cache.stats()
			if miss := st.Misses - first.Misses; miss != 1 {
				t.Errorf("one card changed: %d bands encoded again, want 1", miss)
			}
			if hits := st.Hits - first.Hits; hits != first.Misses-1 {
				t.Errorf("one card changed: %d bands reused of %d", hits, first.Misses)
			}
			checkIsDrawn(t, "changed", data, "Crack Word", after, r)
			if fresh := encodeScene("Crack Word", after, r, newBandCache(bandCacheBytes)); !bytes.Equal(fresh, data) {
				t.Fatal("a picture made of reused bands differs from the same picture encoded afresh")
			}
		})
	}
}

// TestBands_AHeadingIsTheSameBandAtAnyHeight: a block added above moves
// the others down; their bands start below a blank row, so they are
// found again where they now are.
func TestBands_AHeadingIsTheSameBandAtAnyHeight(t *testing.T) {
	r := i18n.Renderer{Lang: i18n.FR, Name: bandNames}
	cache := newBandCache(bandCacheBytes)
	s := bandScene([]string{"A", "B", "C", "D", "E", "F", "G", "H"})
	encodeScene("", s, r, cache)
	first := cache.stats()
	moved := s
	moved.Blocks = append([]games.Block{{Label: i18n.Raw("Pioche"), Rows: [][]games.Tile{{{Text: "Q", Fill: games.Red}}}}}, s.Blocks...)
	data := encodeScene("", moved, r, cache)
	st := cache.stats()
	if st.Hits-first.Hits < first.Misses-1 {
		t.Fatalf("after a block added on top, %d of %d bands found again", st.Hits-first.Hits, first.Misses)
	}
	checkIsDrawn(t, "moved down", data, "", moved, r)
}

// TestBands_AGameOfCrackWord encodes every board and hand of a game, one
// move after the other, through one cache: each is the picture drawn and
// the bytes encoded with no cache, and a move encodes a few of the
// board's bands again.
func TestBands_AGameOfCrackWord(t *testing.T) {
	r := i18n.Renderer{Lang: i18n.FR, Name: bandNames}
	boards, hands := crackWordBoards(t, 3, 5, 60)
	cache := newBandCache(bandCacheBytes)
	var total, encoded int64
	for i, s := range boards {
		before := cache.stats()
		data := encodeScene("Crack Word", s, r, cache)
		st := cache.stats()
		if i > 0 {
			total += st.Hits + st.Misses - before.Hits - before.Misses
			encoded += st.Misses - before.Misses
		}
		checkIsDrawn(t, fmt.Sprintf("board %d", i), data, "Crack Word", s, r)
		if fresh := encodeScene("Crack Word", s, r, newBandCache(bandCacheBytes)); !bytes.Equal(fresh, data) {
			t.Fatalf("board %d differs from the same board encoded afresh", i)
		}
		hand := encodeScene("", hands[i], r, cache)
		checkIsDrawn(t, fmt.Sprintf("hand %d", i), hand, "", hands[i], r)
	}
	t.Logf("%d of %d bands encoded again after a move", encoded, total)
	if encoded*3 > total {
		t.Fatalf("%d of %d bands encoded again after a move: the others should be reused", encoded, total)
	}
}

// TestBands_TinyPictures: a scene with nothing to draw, and pictures of
// one row, one column, one pixel, and blank or full bands at the edges.
func TestBands_TinyPictures(t *testing.T) {
	r := i18n.Renderer{Lang: i18n.EN, Name: bandNames}
	cache := newBandCache(bandCacheBytes)
	for _, s := range []games.Scene{{}, {Blocks: []games.Block{{}}}, {Blocks: []games.Block{{Rows: [][]games.Tile{{{Empty: true}}}}}}} {
		data := encodeScene("", s, r, cache)
		checkIsDrawn(t, "empty scene", data, "", s, r)
	}
	cases := map[string]*image.Paletted{
		"one pixel, blank":        paletted(1, 1, func(x, y int) uint8 { return 0 }),
		"one row, blank":          paletted(9, 1, func(x, y int) uint8 { return 0 }),
		"two rows, second blank":  paletted(9, 2, func(x, y int) uint8 { return uint8(1 - y) }),
		"blank under full":        paletted(40, 300, func(x, y int) uint8 { return uint8(min(y/150, 1) * 5) }),
		"blank rows every 49":     paletted(33, 500, func(x, y int) uint8 { return uint8(min(y%49, 1) * (x + y) % 7) }),
		"blank row at 48":         paletted(20, 97, func(x, y int) uint8 { return uint8(min((y+1)%49, 1) * 3) }),
		"no blank row, 129 rows":  paletted(17, 129, func(x, y int) uint8 { return uint8(1 + y%3) }),
		"no blank row, 257 rows":  paletted(3, 257, func(x, y int) uint8 { return uint8(1 + (x*y)%5) }),
		"last row alone, blank":   paletted(5, 129, func(x, y int) uint8 { return uint8(min(128-y, 1)) }),
		"blank, one row of noise": paletted(64, 200, func(x, y int) uint8 { return uint8(min(max(y-198, 0), 1) * (x*37 + 11)) }),
	}
	for name, img := range cases {
		w, h := img.Rect.Dx(), img.Rect.Dy()
		data := encodePNG(img.Pix, w, h)
		got, err := png.Decode(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if p, ok := got.(*image.Paletted); !ok || p.Rect != img.Rect || !bytes.Equal(p.Pix, img.Pix) {
			t.Fatalf("%s: decoded picture differs", name)
		}
	}
}

// TestCutBands: bands are cut below a blank row once they are
// minBandRows high, and at maxBandRows when no row is blank; they cover
// the picture, in order.
func TestCutBands(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for n := 0; n < 200; n++ {
		free := make([]bool, 1+rng.IntN(700))
		odds := 1 + rng.IntN(40)
		for y := range free {
			free[y] = rng.IntN(odds) == 0
		}
		cuts := cutBands(free, nil)
		if cuts[0] != 0 || cuts[len(cuts)-1] != len(free) {
			t.Fatalf("cuts %v of %d rows", cuts, len(free))
		}
		for i := 1; i < len(cuts); i++ {
			s, e := cuts[i-1], cuts[i]
			switch {
			case e <= s || e-s > maxBandRows:
				t.Fatalf("band [%d, %d) of %d rows", s, e, len(free))
			case e == len(free):
			case e-s < minBandRows:
				t.Fatalf("band [%d, %d) shorter than %d rows", s, e, minBandRows)
			case e-s < maxBandRows && !free[e-1]:
				t.Fatalf("band [%d, %d) not cut below a blank row", s, e)
			}
			for y := s + minBandRows; y < e; y++ {
				if free[y-1] {
					t.Fatalf("band [%d, %d) goes past the blank row %d", s, e, y-1)
				}
			}
		}
	}
}

// TestAdlerCombine_AgreesWithTheStandardLibrary: the Adler-32 of bands put
// together is the Adler-32 of the whole, whatever their lengths (empty,
// around the modulus 65521 and its multiples, longer).
func TestAdlerCombine_AgreesWithTheStandardLibrary(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	data := make([]byte, 400_000)
	for i := range data {
		data[i] = uint8(rng.IntN(256))
		if rng.IntN(3) == 0 {
			data[i] = 0xff // large sums reach the modulus sooner
		}
	}
	lengths := []int{0, 1, 2, 65519, 65520, 65521, 65522, 2 * 65521, 2*65521 + 1, 131, 0, 1001 * 48}
	for n := 0; n < 300; n++ {
		at, sum := 0, uint32(1)
		for k := 0; at < len(data); k++ {
			l := min(len(data)-at, rng.IntN(70_000))
			if k < len(lengths) && n%2 == 0 {
				l = min(len(data)-at, lengths[(k+n)%len(lengths)])
			}
			part := data[at : at+l]
			sum = adlerCombine(sum, stdadler.Checksum(part), len(part))
			at += l
			if want := stdadler.Checksum(data[:at]); sum != want {
				t.Fatalf("combined Adler-32 of %d bytes %08x, want %08x", at, sum, want)
			}
		}
	}
}

// TestBitWriter_WriteBits puts strings of bits one after the other at
// every offset: the bits read back are the bits written.
func TestBitWriter_WriteBits(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	var want []bool
	var w bitWriter
	for k := 0; k < 400; k++ {
		n := rng.IntN(300)
		if k%3 == 0 {
			n = rng.IntN(12)
		}
		src := make([]byte, (n+7)/8+rng.IntN(2))
		for i := range src {
			src[i] = uint8(rng.IntN(256))
		}
		if rng.IntN(2) == 0 {
			v, m := uint64(rng.IntN(1<<20)), uint(rng.IntN(21))
			v &= 1<<m - 1
			w.write(v, m)
			for i := uint(0); i < m; i++ {
				want = append(want, v>>i&1 == 1)
			}
		}
		w.writeBits(src, n)
		for i := 0; i < n; i++ {
			want = append(want, src[i/8]>>(i%8)&1 == 1)
		}
		if w.len() != len(want) {
			t.Fatalf("%d bits written, len says %d", len(want), w.len())
		}
	}
	out := w.flush()
	for i, b := range want {
		if got := out[i/8]>>(i%8)&1 == 1; got != b {
			t.Fatalf("bit %d is %v, want %v", i, got, b)
		}
	}
}

// TestBandCache_StaysWithinItsBudget encodes boards through a cache too
// small for them: it never holds more than its budget, the pictures stay
// right, and a band larger than the whole budget is encoded, not kept.
func TestBandCache_StaysWithinItsBudget(t *testing.T) {
	r := i18n.Renderer{Lang: i18n.FR, Name: bandNames}
	boards, _ := crackWordBoards(t, 2, 9, 30)
	const budget = 8 << 10 // a few bands of a board
	cache := newBandCache(budget)
	for round := 0; round < 2; round++ {
		for i, s := range boards {
			data := encodeScene("Crack Word", s, r, cache)
			st := cache.stats()
			if st.Bytes > budget || st.Bands == 0 {
				t.Fatalf("board %d: %d bands, %d bytes kept for a budget of %d", i, st.Bands, st.Bytes, budget)
			}
			checkIsDrawn(t, fmt.Sprintf("board %d", i), data, "Crack Word", s, r)
		}
	}
	// The same picture asked twice in a row finds some of its bands: the
	// ones used last stay.
	before := cache.stats()
	encodeScene("Crack Word", boards[len(boards)-1], r, cache)
	if cache.stats().Hits == before.Hits {
		t.Fatal("the bands of the picture encoded last were all let go")
	}
	tiny := newBandCache(bandOverhead + 10)
	data := encodeScene("Crack Word", boards[0], r, tiny)
	checkIsDrawn(t, "tiny cache", data, "Crack Word", boards[0], r)
	if st := tiny.stats(); st.Bands != 0 || st.Bytes != 0 {
		t.Fatalf("bands larger than the budget were kept: %+v", st)
	}
}

// TestBands_EncodedAtOnce encodes the boards of a game on many goroutines
// at once through one small cache, which lets bands go while others look
// them up: every picture is the bytes encoded alone. Run with -race.
func TestBands_EncodedAtOnce(t *testing.T) {
	r := i18n.Renderer{Lang: i18n.FR, Name: bandNames}
	boards, hands := crackWordBoards(t, 4, 3, 40)
	scenes := append(boards, hands...)
	want := make([][]byte, len(scenes))
	for i, s := range scenes {
		want[i] = encodeScene("t", s, r, newBandCache(bandCacheBytes))
	}
	cache := newBandCache(64 << 10)
	AtOnce(t, 8, len(scenes), func(i int) error {
		if !bytes.Equal(encodeScene("t", scenes[i], r, cache), want[i]) {
			return fmt.Errorf("picture %d encoded at once with others differs", i)
		}
		return nil
	})
	if st := cache.stats(); st.Hits == 0 || st.Bytes > 64<<10 {
		t.Fatalf("cache shared by 8 goroutines: %+v", st)
	}
}

// TestBands_TheRowAboveIsInTheKey: where a picture has no blank row for
// maxBandRows, a band is cut under drawn pixels, and its first row is
// filtered against them. Two bands of the same tiles under different rows
// above are two bands; so are the picture's first band (under nothing)
// and a band under a tile that reaches into it.
func TestBands_TheRowAboveIsInTheKey(t *testing.T) {
	d := drawers.Get().(*drawer)
	defer drawers.Put(d)
	tile := func(fill games.Color, n, y int) tileOp {
		return tileOp{k: tileKey{text: "W", fill: fill, n: n}, x: 10, y: y}
	}
	check := func(name string, cache *bandCache, p *plan) {
		t.Helper()
		data := d.encodeBands(p, cache)
		img, err := png.Decode(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		want := d.drawPlan(p, nil)
		if got, ok := img.(*image.Paletted); !ok || got.Rect.Dy() != p.height || !bytes.Equal(got.Pix, want.pix) {
			t.Fatalf("%s: the PNG is not the picture drawn", name)
		}
	}
	// The band [128, …) is the lower tile; the row above it is the last
	// row of the upper one, whose outline changes.
	cache := newBandCache(bandCacheBytes)
	for _, highlight := range []bool{false, true, false} {
		upper := tile(games.Red, 128, 0)
		upper.k.highlight = highlight
		check(fmt.Sprintf("upper tile highlighted %v", highlight), cache, &plan{height: 300, tiles: []tileOp{upper, tile(games.Green, 100, 128)}})
	}
	// A tile reaching 10 rows above the picture: the first band under
	// nothing; then the same tile 10 rows above a band cut at 128 under
	// it, a tile above it ending before.
	cache = newBandCache(bandCacheBytes)
	check("first band", cache, &plan{height: 200, tiles: []tileOp{tile(games.Green, 60, -10)}})
	check("band cut under a tile", cache, &plan{height: 300, tiles: []tileOp{tile(games.Red, 118, 0), tile(games.Green, 60, 118)}})
}
