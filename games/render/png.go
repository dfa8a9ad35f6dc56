package render

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"math/bits"
	"slices"
	"sync"
)

// The PNG writer. A picture is flat colours: each row repeats the row above
// it but for a few pixels (a letter, a tile's edge), and runs of one colour
// fill the rest. So each row is filtered against the one above (PNG's
// "Up" filter: a repeated pixel becomes 0), and the filtered bytes are
// deflated mostly as runs ("repeat the previous byte n times"), which are
// found 32 bytes at a time and checksummed a run at a time; between
// runs, a small hash table finds the repeats of a row of tiles (the same
// edge every tile's width). image/png with compress/flate at BestSpeed
// spent three quarters of a board's time searching every byte for
// matches.
//
// The rows are encoded in bands (bands.go): each band is a deflate block
// of its own that refers to nothing before it, so a band that was already
// encoded for another picture is reused as it is, and a picture is the
// concatenation of its bands' blocks.

// pngEncoder is the reusable state of one encoder, a band at a time.
type pngEncoder struct {
	filtered []uint8 // the band's rows, each after its filter byte
	// tokens are a literal byte, or a match: its length's symbol (257 to
	// 285) | the length's extra bits<<9 | its distance's code<<14 | the
	// distance's extra bits<<19, worked out once when the match is counted
	// for the Huffman codes.
	tokens   []uint32
	litFreq  [286]int32
	distFreq [30]int32
	// hashes holds where 4 bytes were last seen, as position+base+1: a
	// value not above base is from an earlier band, so the table need not
	// be cleared for each band.
	hashes [1 << hashBits]int32
	base   int32
	bw     bitWriter
	huff   huffmanScratch
}

// huffmanScratch is what building a Huffman code works in. It lives with
// the pooled encoder rather than on the stack: 27 KB of locals made every
// goroutine that drew a picture grow its stack from 8 to 64 KB, copying
// it at each doubling, and the core's deliverers are goroutines started
// for a move (the copies were 5 % of the bot's CPU at 500 moves/s).
// Alphabets have at most 286 symbols.
type huffmanScratch struct {
	f     [286]int64
	nodes [2 * 286]huffmanNode
	keys  [286]uint64
	other [286]uint64 // sortKeys' second half
	depth [2 * 286]int
}

type huffmanNode struct {
	freq        int64
	left, right int // children, -1 for a leaf
	sym         int
}

const (
	hashBits = 14
	window   = 32768 // the farthest back a deflate match may look
)

var pngEncoders = sync.Pool{New: func() any { return new(pngEncoder) }}

// encodedBand is a band of rows as deflate data: one non-final block,
// which refers to no byte before the band, so bands of any pictures can
// be put one after the other.
type encodedBand struct {
	data  []byte // the block, from the low bit of the first byte
	nbits int    // the block's length in bits (the last byte is padded)
	adler uint32 // the Adler-32 of the band's filtered bytes
	size  int    // how many filtered bytes the band is
}

// encodePNG returns the PNG of a w×h picture of pictPalette's indexes, every
// band encoded afresh, cut where rows are blank (index 0) as a drawn
// picture's bands are cut where nothing is drawn.
func encodePNG(pix []uint8, w, h int) []byte {
	e := pngEncoders.Get().(*pngEncoder)
	defer pngEncoders.Put(e)
	free := make([]bool, h)
	for y := range free {
		free[y] = runLength(pix[y*w:(y+1)*w], 0) == w
	}
	cuts := cutBands(free, nil)
	bands := make([]*encodedBand, len(cuts)-1)
	for i := range bands {
		y0, y1 := cuts[i], cuts[i+1]
		var above []uint8
		if y0 > 0 {
			above = pix[(y0-1)*w : y0*w]
		}
		bands[i] = e.band(above, pix[y0*w:y1*w], w)
	}
	return writePNG(bands, w, h)
}

// band encodes rows of width w, the row above them being above (nil for
// the first row of a picture).
func (e *pngEncoder) band(above, rows []uint8, w int) *encodedBand {
	e.filter(above, rows, w)
	adler := e.tokenize()
	e.bw = bitWriter{out: e.bw.out[:0]}
	e.deflate()
	nbits := e.bw.len()
	data := e.bw.flush()
	e.bw.out = data
	return &encodedBand{data: slices.Clone(data), nbits: nbits, adler: adler, size: len(e.filtered)}
}

// writePNG puts a picture's bands together as a PNG: the chunks, and a
// zlib stream of the bands' blocks, a final empty block, and the Adler-32
// of all the bands, combined from theirs.
func writePNG(bands []*encodedBand, w, h int) []byte {
	n := 0
	for _, b := range bands {
		n += len(b.data)
	}
	// The picture's size is known to a few bytes: one allocation, which a
	// cache keeps as it is.
	out := make([]byte, 0, 8+25+len(plteChunk)+12+2+n+2+4+12)
	out = append(out, "\x89PNG\r\n\x1a\n"...)
	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:], uint32(w))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(h))
	ihdr[8], ihdr[9] = 8, 3 // 8 bits a pixel, paletted; deflate, filters by row, not interlaced
	out = chunk(out, "IHDR", ihdr[:])
	out = append(out, plteChunk...)

	// IDAT: its length is written once the data is.
	start := len(out)
	out = append(out, 0, 0, 0, 0, 'I', 'D', 'A', 'T')
	out = append(out, 0x78, 0x01) // zlib: deflate, 32 KB window, no dictionary
	bw := bitWriter{out: out}
	adler := uint32(1) // the Adler-32 of nothing
	for _, b := range bands {
		bw.writeBits(b.data, b.nbits)
		adler = adlerCombine(adler, b.adler, b.size)
	}
	// The final block: empty, with the fixed codes, whose end of block
	// is seven zero bits.
	bw.write(1, 1)
	bw.write(1, 2)
	bw.write(0, 7)
	out = bw.flush()
	out = binary.BigEndian.AppendUint32(out, adler)
	binary.BigEndian.PutUint32(out[start:], uint32(len(out)-start-8))
	out = binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(out[start+4:]))
	return chunk(out, "IEND", nil)
}

// plteChunk is the PLTE chunk of every picture: they are all drawn in
// pictPalette, so it is written once for the process rather than for each
// picture (256 colours converted, 780 bytes checksummed and allocated).
var plteChunk = func() []byte {
	plte := make([]byte, 0, 3*len(pictPalette))
	for _, c := range pictPalette {
		r, g, b, _ := c.RGBA()
		plte = append(plte, byte(r>>8), byte(g>>8), byte(b>>8))
	}
	return chunk(nil, "PLTE", plte)
}()

func chunk(out []byte, kind string, data []byte) []byte {
	out = binary.BigEndian.AppendUint32(out, uint32(len(data)))
	start := len(out)
	out = append(out, kind...)
	out = append(out, data...)
	return binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(out[start:]))
}

// filter writes each row of a band after its filter byte, Up (the
// difference with the pixel above), eight bytes at a time. The first row
// of a picture has no row above: PNG takes it as zeros, and its Up
// filter leaves it as it is.
func (e *pngEncoder) filter(above, rows []uint8, w int) {
	h := len(rows) / w
	n := (w + 1) * h
	if cap(e.filtered) < n {
		e.filtered = make([]uint8, n)
	}
	f := e.filtered[:n]
	e.filtered = f
	const hi = 0x8080808080808080
	for y := 0; y < h; y++ {
		f[y*(w+1)] = 2
		row := f[y*(w+1)+1 : (y+1)*(w+1)]
		cur := rows[y*w : (y+1)*w]
		if y > 0 {
			above = rows[(y-1)*w : y*w]
		}
		if above == nil {
			copy(row, cur)
			continue
		}
		if bytes.Equal(cur, above) { // most rows: a gap, the inside of tiles
			clear(row)
			continue
		}
		// A row of tiles differs from the row above where a letter or an
		// edge is: the rest, a chunk at a time, is compared and cleared.
		// A chunk's eight words are compared in registers, or-ed into one
		// test: calling bytes.Equal for 64 bytes cost more than comparing.
		up := above[:len(cur)]
		const chunk = 64
		for len(cur) >= chunk && len(up) >= chunk && len(row) >= chunk {
			c, u := cur[:chunk:chunk], up[:chunk:chunk]
			if (binary.LittleEndian.Uint64(c[0:])^binary.LittleEndian.Uint64(u[0:]))|
				(binary.LittleEndian.Uint64(c[8:])^binary.LittleEndian.Uint64(u[8:]))|
				(binary.LittleEndian.Uint64(c[16:])^binary.LittleEndian.Uint64(u[16:]))|
				(binary.LittleEndian.Uint64(c[24:])^binary.LittleEndian.Uint64(u[24:]))|
				(binary.LittleEndian.Uint64(c[32:])^binary.LittleEndian.Uint64(u[32:]))|
				(binary.LittleEndian.Uint64(c[40:])^binary.LittleEndian.Uint64(u[40:]))|
				(binary.LittleEndian.Uint64(c[48:])^binary.LittleEndian.Uint64(u[48:]))|
				(binary.LittleEndian.Uint64(c[56:])^binary.LittleEndian.Uint64(u[56:])) == 0 {
				clear(row[:chunk])
			} else {
				for k := 0; k < chunk; k += 8 {
					a, b := binary.LittleEndian.Uint64(cur[k:]), binary.LittleEndian.Uint64(up[k:])
					// Eight subtractions at once, no borrow crossing bytes.
					binary.LittleEndian.PutUint64(row[k:], ((a|hi)-(b&^hi))^((a^^b)&hi))
				}
			}
			cur, up, row = cur[chunk:], up[chunk:], row[chunk:]
		}
		// The rest of the row (40 bytes of a picture's 1000) eight at a
		// time too.
		for len(cur) >= 8 && len(up) >= 8 && len(row) >= 8 {
			a, b := binary.LittleEndian.Uint64(cur), binary.LittleEndian.Uint64(up)
			binary.LittleEndian.PutUint64(row, ((a|hi)-(b&^hi))^((a^^b)&hi))
			cur, up, row = cur[8:], up[8:], row[8:]
		}
		for x := range min(len(cur), len(up), len(row)) {
			row[x] = cur[x] - up[x]
		}
	}
}

// tokenize turns the filtered bytes into literals, runs (matches at
// distance 1) and matches found by hashing, counting the symbols for the
// Huffman codes, and returns the Adler-32 of the filtered bytes.
func (e *pngEncoder) tokenize() uint32 {
	f := e.filtered
	e.tokens, e.litFreq, e.distFreq = e.tokens[:0], [286]int32{}, [30]int32{}
	if int64(e.base)+int64(len(f))+1 >= 1<<31-1 {
		clear(e.hashes[:])
		e.base = 0
	}
	base := e.base
	e.base += int32(len(f)) + 1 // the next band's positions are all above this one's
	// The Adler-32 is of f[:done]: a run's bytes are added as a run,
	// without reading them (a.run), and the bytes between runs, literals
	// and hashed matches, eight at a time when a run starts (a.bytes),
	// rather than one by one as they are found.
	var a adler32
	a.init()
	done := 0
	runFrom := func(i int, b uint8, n int) {
		a.bytes(f[done:i])
		a.run(b, n)
		done = i + n
	}
	match := func(length, dist int) {
		code, extra := distCode(dist)
		lc := lengthCodes[length]
		e.tokens = append(e.tokens, uint32(lc.sym)|uint32(lc.extra)<<9|code<<14|extra<<19)
		e.litFreq[lc.sym]++
		e.distFreq[code]++
	}
	literal := func(b uint8) {
		e.tokens = append(e.tokens, uint32(b))
		e.litFreq[b]++
	}
	literal(f[0])
	for i := 1; i < len(f); {
		prev := f[i-1]
		run := 0
		if f[i] == prev { // most bytes between runs are not: no call
			run = runLength(f[i:], prev)
		}
		if run >= 32 {
			// A long run: nothing else finds more.
			runFrom(i, prev, run)
			for run > 0 {
				n := min(run, 258)
				if r := run - n; r > 0 && r < 3 {
					n = run - 3 // leave 3 to repeat rather than 1 or 2 literals
				}
				match(n, 1)
				run -= n
				i += n
			}
			continue
		}
		if i+8 <= len(f) && run < 8 && binary.LittleEndian.Uint64(f[i:]) == uint64(f[i])*0x0101010101010101 {
			// A run starts here (a row of zeros after its filter byte):
			// one literal, and the run is found from the next byte, for
			// less than a match with the row above costs to find and to
			// checksum.
			literal(f[i])
			i++
			continue
		}
		best, dist := run, 1
		if i+4 <= len(f) {
			h := hash4(f[i:])
			cand := int(e.hashes[h]) - int(base) - 1 // negative: not in this band
			e.hashes[h] = int32(i) + base + 1
			if cand >= 0 && i-cand <= window {
				n := commonLength(f[cand:], f[i:min(len(f), i+258)])
				if n > best {
					best, dist = n, i-cand
				}
			}
		}
		if best < 3 {
			literal(f[i])
			i++
			continue
		}
		if dist == 1 {
			runFrom(i, prev, best)
		}
		match(best, dist)
		i += best
	}
	a.bytes(f[done:])
	return a.sum()
}

func hash4(b []uint8) uint32 {
	return (binary.LittleEndian.Uint32(b) * 2654435761) >> (32 - hashBits)
}

// runLength is how many bytes at the start of s are b. Most of a band
// is runs hundreds of bytes long (the zeros of a row like the one above),
// so 32 bytes are compared at a time, four words whose differences are
// or-ed into one test; the word that differs then tells where.
func runLength(s []uint8, b uint8) int {
	n := 0
	pattern := uint64(b) * 0x0101010101010101
	for n+32 <= len(s) {
		q := s[n : n+32 : n+32]
		if (binary.LittleEndian.Uint64(q[0:])^pattern)|(binary.LittleEndian.Uint64(q[8:])^pattern)|
			(binary.LittleEndian.Uint64(q[16:])^pattern)|(binary.LittleEndian.Uint64(q[24:])^pattern) != 0 {
			break
		}
		n += 32
	}
	for n+8 <= len(s) {
		if x := binary.LittleEndian.Uint64(s[n:]) ^ pattern; x != 0 {
			return n + bits.TrailingZeros64(x)/8
		}
		n += 8
	}
	for n < len(s) && s[n] == b {
		n++
	}
	return n
}

// commonLength is how many bytes at the start of a and b agree (b is the
// shorter), 32 bytes at a time as runLength: a match is mostly the zeros
// of a row repeated, up to deflate's 258 bytes.
func commonLength(a, b []uint8) int {
	n := 0
	for n+32 <= len(b) {
		p, q := a[n:n+32:n+32], b[n:n+32:n+32]
		if (binary.LittleEndian.Uint64(p[0:])^binary.LittleEndian.Uint64(q[0:]))|
			(binary.LittleEndian.Uint64(p[8:])^binary.LittleEndian.Uint64(q[8:]))|
			(binary.LittleEndian.Uint64(p[16:])^binary.LittleEndian.Uint64(q[16:]))|
			(binary.LittleEndian.Uint64(p[24:])^binary.LittleEndian.Uint64(q[24:])) != 0 {
			break
		}
		n += 32
	}
	for n+8 <= len(b) {
		if x := binary.LittleEndian.Uint64(a[n:]) ^ binary.LittleEndian.Uint64(b[n:]); x != 0 {
			return n + bits.TrailingZeros64(x)/8
		}
		n += 8
	}
	for n < len(b) && a[n] == b[n] {
		n++
	}
	return n
}

// distCode is the deflate code of a match distance (RFC 1951 3.2.5) and
// the value of its extra bits (distExtraBits(code) of them).
func distCode(d int) (code, extra uint32) {
	if d <= 4 {
		return uint32(d - 1), 0
	}
	n := uint32(bits.Len32(uint32(d - 1)))
	return 2*(n-1) + uint32(d-1)>>(n-2)&1, uint32(d-1) & (1<<(n-2) - 1)
}

// distExtraBits is how many extra bits follow a distance's code.
func distExtraBits(code uint32) uint {
	return uint(max(code/2, 1) - 1)
}

// adler32 is zlib's checksum, fed by runs of one byte.
type adler32 struct{ s1, s2 uint64 }

const adlerMod = 65521

func (a *adler32) init() { a.s1, a.s2 = 1, 0 }

// run adds n copies of b: s1 grows by n·b, and s2 by the n successive
// values of s1, n·s1 + b·n(n+1)/2.
func (a *adler32) run(b uint8, n int) {
	nn, bb := uint64(n), uint64(b)
	a.s2 = (a.s2 + nn*a.s1 + bb*(nn*(nn+1)/2%adlerMod)) % adlerMod
	a.s1 = (a.s1 + nn*bb) % adlerMod
}

// bytes adds bytes, reducing once at the end: s2 stays below 2^64 for
// some 2^28 bytes, and longer slices are split (a band is at most 128
// rows). Zero bytes are most (rows like the one above them): 32 of them
// leave s1 as it is and add it to s2 32 times. Other bytes go eight at a
// time (adlerWord).
func (a *adler32) bytes(p []uint8) {
	const most = 1 << 26
	for len(p) > most {
		a.bytes(p[:most])
		p = p[most:]
	}
	s1, s2 := a.s1, a.s2
	for len(p) >= 32 {
		q := p[:32:32]
		v0, v1, v2, v3 := binary.LittleEndian.Uint64(q[0:]), binary.LittleEndian.Uint64(q[8:]),
			binary.LittleEndian.Uint64(q[16:]), binary.LittleEndian.Uint64(q[24:])
		if v0|v1|v2|v3 == 0 {
			s2 += 32 * s1
		} else {
			s1, s2 = adlerWord(s1, s2, v0)
			s1, s2 = adlerWord(s1, s2, v1)
			s1, s2 = adlerWord(s1, s2, v2)
			s1, s2 = adlerWord(s1, s2, v3)
		}
		p = p[32:]
	}
	for len(p) >= 8 {
		s1, s2 = adlerWord(s1, s2, binary.LittleEndian.Uint64(p))
		p = p[8:]
	}
	for _, b := range p {
		s1 += uint64(b)
		s2 += s1
	}
	a.s1, a.s2 = s1%adlerMod, s2%adlerMod
}

// adlerWord adds eight bytes, v's from its low byte: s1 grows by their
// sum, s2 by 8·s1 and by each byte weighted by how many sums it enters (8
// for the first, 1 for the last), both found with 16-bit lanes of one
// word.
func adlerWord(s1, s2, v uint64) (uint64, uint64) {
	const (
		lanes = 0x00ff00ff00ff00ff
		ones  = 0x0001000100010001 // times this, lane k sums lanes 0 to k
	)
	odd := v >> 8 & lanes // bytes 1, 3, 5, 7
	pairs := v&lanes + odd
	prefix := pairs * ones // lane k: pairs 0 to k; lane 3 their sum
	// Pair k is weighted 8-2k for its even byte and 7-2k for its odd
	// one: 2·(4-k) for the pair, less one for its odd byte; the
	// prefixes' lanes add up to Σ (4-k)·pair k.
	return s1 + prefix>>48, s2 + 8*s1 + 2*(prefix*ones>>48) - odd*ones>>48
}

func (a *adler32) sum() uint32 { return uint32(a.s2<<16 | a.s1) }

// adlerCombine is the Adler-32 of two byte strings put one after the
// other, from the Adler-32 of each and the length of the second (zlib's
// adler32_combine): s1 adds up, and s2 adds the first's s1 once for every
// byte of the second.
func adlerCombine(a1, a2 uint32, len2 int) uint32 {
	rem := uint64(len2 % adlerMod)
	s1 := uint64(a1 & 0xffff)
	s2 := rem * s1 % adlerMod
	s1 += uint64(a2&0xffff) + adlerMod - 1
	s2 += uint64(a1>>16) + uint64(a2>>16) + adlerMod - rem
	return uint32(s2%adlerMod<<16 | s1%adlerMod)
}

// deflate writes the tokens as one non-final deflate block, with Huffman
// codes made for them or with deflate's fixed codes, whichever is
// shorter: a band of a few runs says more in fixed codes than in the
// table of its own codes.
func (e *pngEncoder) deflate() {
	e.litFreq[256] = 1 // the end of the block
	var litLen [286]uint8
	e.huff.lengths(e.litFreq[:], 15, litLen[:])
	nLit := 286
	for nLit > 257 && litLen[nLit-1] == 0 {
		nLit--
	}
	distFreq := e.distFreq
	if distFreq == [30]int32{} {
		distFreq[0] = 1 // no match: a distance code all the same
	}
	var distLen [30]uint8
	e.huff.lengths(distFreq[:], 15, distLen[:])
	nDist := 30
	for nDist > 1 && distLen[nDist-1] == 0 {
		nDist--
	}
	var lengthsArr [286 + 30]uint8
	lengths := append(append(lengthsArr[:0], litLen[:nLit]...), distLen[:nDist]...)

	// The code lengths are themselves run-length coded (RFC 1951 3.2.7).
	type clToken struct{ sym, extra, nExtra uint8 }
	var clArr [286 + 30]clToken // at most one token a length
	cl := clArr[:0]
	var clFreq [19]int32
	for i := 0; i < len(lengths); {
		l := lengths[i]
		n := 1
		for i+n < len(lengths) && lengths[i+n] == l {
			n++
		}
		i += n
		if l == 0 {
			for n >= 11 {
				k := min(n, 138)
				cl = append(cl, clToken{18, uint8(k - 11), 7})
				n -= k
			}
			if n >= 3 {
				cl = append(cl, clToken{17, uint8(n - 3), 3})
				n = 0
			}
		} else {
			cl = append(cl, clToken{l, 0, 0})
			n--
			for n >= 3 {
				k := min(n, 6)
				cl = append(cl, clToken{16, uint8(k - 3), 2})
				n -= k
			}
		}
		for ; n > 0; n-- {
			cl = append(cl, clToken{l, 0, 0})
		}
	}
	for _, t := range cl {
		clFreq[t.sym]++
	}
	var clLen [19]uint8
	e.huff.lengths(clFreq[:], 7, clLen[:])
	order := [19]int{16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15}
	nCL := 19
	for nCL > 4 && clLen[order[nCL-1]] == 0 {
		nCL--
	}

	// The bits each code takes (the extra bits are the same in both).
	dynamic := 14 + 3*nCL
	for _, t := range cl {
		dynamic += int(clLen[t.sym]) + int(t.nExtra)
	}
	fixed := 0
	for s, f := range e.litFreq {
		dynamic += int(f) * int(litLen[s])
		fixed += int(f) * int(fixedLitLen[s])
	}
	for s, f := range e.distFreq {
		dynamic += int(f) * int(distLen[s])
		fixed += int(f) * 5
	}

	bw := &e.bw
	bw.write(0, 1) // not the final block: more bands may follow
	var litCodes, distCodes []uint16
	var litBits, distBits []uint8
	if fixed <= dynamic {
		bw.write(1, 2) // the fixed codes
		litCodes, distCodes, litBits, distBits = fixedLitCodes, fixedDistCodes, fixedLitLen[:], fixedDistLen[:]
	} else {
		bw.write(2, 2) // Huffman codes of its own
		bw.write(uint64(nLit-257), 5)
		bw.write(uint64(nDist-1), 5)
		bw.write(uint64(nCL-4), 4)
		for _, s := range order[:nCL] {
			bw.write(uint64(clLen[s]), 3)
		}
		var clCodes [19]uint16
		canonical(clLen[:], clCodes[:])
		for _, t := range cl {
			bw.write(uint64(clCodes[t.sym]), uint(clLen[t.sym]))
			if t.nExtra > 0 {
				bw.write(uint64(t.extra), uint(t.nExtra))
			}
		}
		var litArr [286]uint16
		var distArr [30]uint16
		canonical(litLen[:], litArr[:])
		canonical(distLen[:], distArr[:])
		litCodes, distCodes, litBits, distBits = litArr[:], distArr[:], litLen[:], distLen[:]
	}

	// Each token is two writes, the same for a literal and a match so
	// that no branch guesses which comes next: its symbol's code and
	// extra bits (at most 15 + 5), then its distance's (at most 15 + 13,
	// none for a literal); each fits the 32 bits the writer takes at once.
	for _, t := range e.tokens {
		sym := t & 511
		n := uint(litBits[sym])
		bw.write(uint64(litCodes[sym])|uint64(t>>9&31)<<n, n+uint(lengthExtraBits[sym]))
		dc := t >> 14 & 31
		n = uint(distBits[dc])
		v, dn := uint64(distCodes[dc])|uint64(t>>19)<<n, n+distExtraBits(dc)
		if sym <= 256 {
			v, dn = 0, 0
		}
		bw.write(v, dn)
	}
	bw.write(uint64(litCodes[256]), uint(litBits[256]))
}

// Deflate's fixed codes (RFC 1951 3.2.6): canonical codes of these
// lengths, over all 288 literal/length symbols.
var (
	fixedLitLen = func() (l [288]uint8) {
		for s := range l {
			switch {
			case s < 144:
				l[s] = 8
			case s < 256:
				l[s] = 9
			case s < 280:
				l[s] = 7
			default:
				l[s] = 8
			}
		}
		return l
	}()
	fixedDistLen   = [30]uint8{5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5}
	fixedLitCodes  = canonical(fixedLitLen[:], make([]uint16, 288))
	fixedDistCodes = canonical(fixedDistLen[:], make([]uint16, 30))
)

// lengthCode is the deflate symbol of a match length and its extra bits.
type lengthCode struct {
	sym           uint16
	extra, nExtra uint8
}

// lengthExtraBits is how many extra bits follow each literal/length
// symbol: none after a literal.
var lengthExtraBits = func() (n [286]uint8) {
	for _, c := range lengthCodes[3:] {
		n[c.sym] = c.nExtra
	}
	return n
}()

var lengthCodes = func() (t [259]lengthCode) {
	bases := []int{3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258}
	extra := []uint8{0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0}
	for i := len(bases) - 1; i >= 0; i-- {
		top := 258
		if i+1 < len(bases) {
			top = bases[i+1] - 1
		}
		if i == len(bases)-2 {
			top = 257 // 258 has a code of its own
		}
		for l := bases[i]; l <= top; l++ {
			t[l] = lengthCode{sym: uint16(257 + i), extra: uint8(l - bases[i]), nExtra: extra[i]}
		}
	}
	return t
}()

// lengths sets the code length of each symbol of non-zero frequency
// so that the code is a Huffman code of at most maxBits bits a symbol.
// When the tree is too deep, frequencies are flattened and it is built
// again (rare: it takes symbols a thousand times rarer than others).
func (h *huffmanScratch) lengths(freq []int32, maxBits int, lengths []uint8) {
	f := h.f[:len(freq)]
	for i, v := range freq {
		f[i] = int64(v)
	}
	for {
		clear(lengths)
		// The leaves in order of frequency, then of symbol: sorted as
		// numbers, frequency above the symbol's 9 bits (a frequency is
		// at most 2^31, a symbol below 2^9).
		keys := h.keys[:0]
		var most int64
		for s, v := range f {
			if v > 0 {
				keys = append(keys, uint64(v)<<9|uint64(s))
				most = max(most, v)
			}
		}
		switch len(keys) {
		case 0:
			return
		case 1:
			// One symbol still needs a code of one bit; a second symbol
			// makes the code complete.
			s := int(keys[0] & 511)
			lengths[s] = 1
			lengths[(s+1)%len(lengths)] = 1
			return
		}
		keys = h.sortKeys(keys, most)
		nodes := h.nodes[:0]
		for _, k := range keys {
			nodes = append(nodes, huffmanNode{int64(k >> 9), -1, -1, int(k & 511)})
		}
		// Two queues: the leaves in order, and the merged nodes, which
		// come out in order of frequency too.
		leaves := len(nodes)
		li, mi := 0, leaves
		pick := func() int {
			if li < leaves && (mi >= len(nodes) || nodes[li].freq <= nodes[mi].freq) {
				li++
				return li - 1
			}
			mi++
			return mi - 1
		}
		for k := 0; k < leaves-1; k++ {
			a, b := pick(), pick()
			nodes = append(nodes, huffmanNode{nodes[a].freq + nodes[b].freq, a, b, -1})
		}
		depth := h.depth[:len(nodes)]
		depth[len(nodes)-1] = 0
		deepest := 0
		for i := len(nodes) - 1; i >= leaves; i-- {
			for _, c := range []int{nodes[i].left, nodes[i].right} {
				depth[c] = depth[i] + 1
			}
		}
		for i := 0; i < leaves; i++ {
			lengths[nodes[i].sym] = uint8(depth[i])
			deepest = max(deepest, depth[i])
		}
		if deepest <= maxBits {
			return
		}
		for s := range f {
			if f[s] > 0 {
				f[s] = f[s]/2 + 1
			}
		}
	}
}

// sortKeys sorts keys, frequency<<9|symbol in the order of symbols, by
// frequency, most being the largest: a radix sort, a byte of the
// frequency at a time, each pass keeping the order of the one before (so
// that of the symbols among equal frequencies). A band's frequencies are
// below 65,536: two passes over some hundred keys, which cost less than a
// comparison sort's mispredicted branches. It returns keys or h.other,
// whichever holds the result.
func (h *huffmanScratch) sortKeys(keys []uint64, most int64) []uint64 {
	other := h.other[:len(keys)]
	for shift := uint(9); most > 0; shift, most = shift+8, most>>8 {
		var at [256]int32
		for _, k := range keys {
			at[k>>shift&255]++
		}
		n := int32(0)
		for d, c := range at {
			at[d], n = n, n+c
		}
		for _, k := range keys {
			d := k >> shift & 255
			other[at[d]] = k
			at[d]++
		}
		keys, other = other, keys
	}
	return keys
}

// canonical gives each symbol its canonical code (RFC 1951 3.2.2), bit
// reversed, since deflate sends a code's first bit first, in codes (as
// long as lengths), which it returns.
func canonical(lengths []uint8, codes []uint16) []uint16 {
	var count [16]uint16
	for _, l := range lengths {
		count[l]++
	}
	count[0] = 0
	var next [16]uint16
	code := uint16(0)
	for b := 1; b < 16; b++ {
		code = (code + count[b-1]) << 1
		next[b] = code
	}
	for s, l := range lengths {
		if l > 0 {
			codes[s] = bits.Reverse16(next[l]) >> (16 - l)
			next[l]++
		}
	}
	return codes
}

// bitWriter packs bits first to last, from the low bits of each byte.
type bitWriter struct {
	out   []byte
	acc   uint64
	nbits uint
}

func (w *bitWriter) write(v uint64, n uint) {
	w.acc |= v << w.nbits
	w.nbits += n
	if w.nbits >= 32 {
		w.out = binary.LittleEndian.AppendUint32(w.out, uint32(w.acc))
		w.acc >>= 32
		w.nbits -= 32
	}
}

// len is how many bits were written.
func (w *bitWriter) len() int { return 8*len(w.out) + int(w.nbits) }

// writeBits writes the first n bits of src (packed from the low bit of
// its first byte), eight bytes at a time: a band's block goes after the
// previous one at whatever bit it ended.
func (w *bitWriter) writeBits(src []byte, n int) {
	for w.nbits >= 8 {
		w.out = append(w.out, byte(w.acc))
		w.acc >>= 8
		w.nbits -= 8
	}
	whole, rest := n/8, uint(n%8)
	k := w.nbits // 0 to 7 bits wait in acc
	i := 0
	if k == 0 {
		w.out = append(w.out, src[:whole]...)
		i = whole
	}
	for ; i+8 <= whole; i += 8 {
		v := binary.LittleEndian.Uint64(src[i:])
		w.out = binary.LittleEndian.AppendUint64(w.out, w.acc|v<<k)
		w.acc = v >> (64 - k)
	}
	for ; i < whole; i++ {
		w.acc |= uint64(src[i]) << k
		w.out = append(w.out, byte(w.acc))
		w.acc >>= 8
	}
	if rest > 0 {
		w.acc |= uint64(src[whole]&(1<<rest-1)) << k
		w.nbits += rest
	}
}

// flush writes the last bits, padded to a byte.
func (w *bitWriter) flush() []byte {
	for w.nbits > 0 {
		w.out = append(w.out, byte(w.acc))
		w.acc >>= 8
		w.nbits -= min(w.nbits, 8)
	}
	return w.out
}
