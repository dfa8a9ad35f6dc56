package lexicon

// The graph is one flat []uint32 in the KWG layout (as in the wolges word
// game engine): each uint32 is an arc, and the arcs leaving one node are
// stored next to each other, sorted by letter, the last one flagged. Both
// the DAWG (words read left to right) and the GADDAG (every word once per
// split point: the letters before the split reversed, a separator, the rest)
// live in the same slice and share every identical sub-graph.
//
//	bits 27-31  letter: 0 is the GADDAG separator, 1-26 are A-Z
//	bit  26     last arc of its node
//	bit  25     accepts: the letters read so far, this one included, are an entry
//	bit  24     best: the arc to follow for the preferred completion below
//	            this node (see ExampleWithInfix)
//	bits 0-23   index of the first arc of the child node, 0 when there is none
//
// arcs[0] and arcs[1] are not real arcs: their index fields point at the
// DAWG root node and the GADDAG root node.
//
// Each node is preceded by one more uint32, not an arc: the mask of its
// letters (bit 0 for the separator, bit c for letter code c). A node is
// known by the index of its first arc, so its mask sits just before it,
// and finding the arc for a letter is a popcount instead of a scan: that
// halves the time of Has for 45% more memory, still a fifth of a map's.
const (
	arcIndexMask   = 1<<24 - 1
	arcBestBit     = 1 << 24
	arcAcceptsBit  = 1 << 25
	arcLastBit     = 1 << 26
	arcLetterShift = 27

	separatorCode = 0
	maxArcs       = arcIndexMask + 1
)

type arc uint32

func (a arc) letter() byte  { return byte(a >> arcLetterShift) }
func (a arc) child() uint32 { return uint32(a) & arcIndexMask }
func (a arc) accepts() bool { return a&arcAcceptsBit != 0 }
func (a arc) last() bool    { return a&arcLastBit != 0 }
func (a arc) best() bool    { return a&arcBestBit != 0 }

func makeArc(letter byte, accepts, last, best bool, child uint32) uint32 {
	a := uint32(letter)<<arcLetterShift | child
	if accepts {
		a |= arcAcceptsBit
	}
	if last {
		a |= arcLastBit
	}
	if best {
		a |= arcBestBit
	}
	return a
}

// code turns an uppercase letter into its arc letter (1-26).
func code(c byte) byte { return c - 'A' + 1 }

// letterOf turns an arc letter back into an uppercase letter.
func letterOf(code byte) byte { return code - 1 + 'A' }
