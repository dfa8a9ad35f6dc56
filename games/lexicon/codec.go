package lexicon

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math/bits"
)

// The graph file (data/graph.bin, gzipped) is little-endian uint32s:
//
//	magic "TBLXKWG1" (8 bytes)
//	word count, dawgEnd, number of lengths n, n counts by length
//	number of arcs m, m arcs
const graphMagic = "TBLXKWG1"

// WriteGraph writes the lexicon's graph in the format Default and
// ReadGraph load.
func (lex *Lexicon) WriteGraph(w io.Writer) error {
	header := []uint32{lex.wordCount, lex.dawgEnd, uint32(len(lex.byLength))}
	header = append(header, lex.byLength...)
	header = append(header, uint32(len(lex.arcs)))
	buf := make([]byte, 0, len(graphMagic)+4*(len(header)+len(lex.arcs)))
	buf = append(buf, graphMagic...)
	for _, v := range header {
		buf = binary.LittleEndian.AppendUint32(buf, v)
	}
	for _, v := range lex.arcs {
		buf = binary.LittleEndian.AppendUint32(buf, v)
	}
	_, err := w.Write(buf)
	return err
}

// decodeGraph reads a graph written by WriteGraph from data.
func decodeGraph(data []byte) (*Lexicon, error) {
	r := graphReader{data: data}
	if len(data) < len(graphMagic) || string(data[:len(graphMagic)]) != graphMagic {
		return nil, errors.New("lexicon: not a graph file (bad magic)")
	}
	r.data = data[len(graphMagic):]
	wordCount, dawgEnd, lengths := r.next(), r.next(), r.next()
	byLength := r.slice(lengths)
	arcCount := r.next()
	arcs := r.slice(arcCount)
	if r.err != nil {
		return nil, r.err
	}
	if len(r.data) != 0 || arcCount < 2 || dawgEnd > arcCount || arcCount > maxArcs {
		return nil, errors.New("lexicon: corrupt graph file")
	}
	if err := checkNodes(arcs); err != nil {
		return nil, err
	}
	return newLexicon(arcs, dawgEnd, wordCount, byLength), nil
}

type graphReader struct {
	data []byte
	err  error
}

func (r *graphReader) next() uint32 {
	if len(r.data) < 4 {
		r.err = errors.New("lexicon: truncated graph file")
		return 0
	}
	v := binary.LittleEndian.Uint32(r.data)
	r.data = r.data[4:]
	return v
}

func (r *graphReader) slice(n uint32) []uint32 {
	if r.err != nil || uint64(len(r.data)) < 4*uint64(n) {
		r.err = errors.New("lexicon: truncated graph file")
		return nil
	}
	out := make([]uint32, n)
	for i := range out {
		out[i] = binary.LittleEndian.Uint32(r.data[4*i:])
	}
	r.data = r.data[4*n:]
	return out
}

// checkNodes walks the nodes (a letter mask, then arcs up to the last one)
// and checks each mask and child index, so that a damaged file fails here
// rather than as an index panic in a query.
func checkNodes(arcs []uint32) error {
	n := uint32(len(arcs))
	for _, root := range arcs[:2] {
		if c := arc(root).child(); c == 1 || c >= n {
			return errors.New("lexicon: corrupt graph file (root)")
		}
	}
	for i := uint32(2); i < n; {
		mask, count := arcs[i], 0
		for i++; ; i++ {
			if i >= n {
				return errors.New("lexicon: corrupt graph file (unterminated node)")
			}
			a := arc(arcs[i])
			if c := a.child(); c == 1 || c >= n || mask&(1<<a.letter()) == 0 {
				return fmt.Errorf("lexicon: corrupt graph file (arc %d)", i)
			}
			count++
			if a.last() {
				break
			}
		}
		if bits.OnesCount32(mask) != count {
			return fmt.Errorf("lexicon: corrupt graph file (mask before arc %d)", i)
		}
		i++
	}
	return nil
}
