// Package lexicon is the French dictionary shared by Tablée's word games:
// one read-only graph (a minimal DAWG and a GADDAG in a single flat
// []uint32, see arc.go) answering the question each game asks of it.
//
// Words are folded (Fold): accents dropped, ligatures spelt out, uppercase
// A-Z. Every query accepts folded input; Has and the other whole-word
// queries also fold their argument when it isn't folded already.
//
// A *Lexicon is immutable once built and safe for concurrent use. No query
// does I/O; queries allocate only their result, except the first
// Spellings and RandomWord calls, which build a table once.
package lexicon

import (
	"math/bits"
	"sync"
)

// Lexicon is a word list compiled into a graph. Get the bundled French
// dictionary with Default, a server's own list with LoadWordList, or build
// one from a slice with Build.
type Lexicon struct {
	arcs      []uint32
	dawgEnd   uint32 // arcs[2:dawgEnd] are the nodes the DAWG reaches
	wordCount uint32
	byLength  []uint32 // byLength[n] = number of words of n letters

	// rootArc[c] is the position of the root arc for letter code c, or 0:
	// the roots have ~26 arcs, so a table saves a scan on every query.
	dawgRootArc   [27]uint32
	gaddagRootArc [27]uint32

	// arcWords[i] is the number of words whose DAWG path goes through arc
	// i (i < dawgEnd): what RandomWord needs to pick the k-th word. It is
	// computed on first use, as only question making needs it.
	rankOnce sync.Once
	arcWords []uint32

	spellings *spellingTable // nil when no word has an accented form

	// familiar is the lexicon's words Familiarity ranks, worked out on
	// first use (Familiar).
	familiarOnce sync.Once
	familiar     []string
}

func newLexicon(arcs []uint32, dawgEnd, wordCount uint32, byLength []uint32) *Lexicon {
	lex := &Lexicon{arcs: arcs, dawgEnd: dawgEnd, wordCount: wordCount, byLength: byLength}
	lex.indexRoot(&lex.dawgRootArc, lex.dawgRoot())
	lex.indexRoot(&lex.gaddagRootArc, lex.gaddagRoot())
	return lex
}

func (lex *Lexicon) indexRoot(table *[27]uint32, node uint32) {
	if node == 0 {
		return
	}
	for i := node; ; i++ {
		a := arc(lex.arcs[i])
		table[a.letter()] = i
		if a.last() {
			return
		}
	}
}

func (lex *Lexicon) dawgRoot() uint32   { return arc(lex.arcs[0]).child() }
func (lex *Lexicon) gaddagRoot() uint32 { return arc(lex.arcs[1]).child() }

// Len returns the number of words.
func (lex *Lexicon) Len() int { return int(lex.wordCount) }

// CountByLength returns the number of words of n letters (0 when there is
// none): RandomWord draws uniformly among them.
func (lex *Lexicon) CountByLength(n int) int {
	if n < 0 || n >= len(lex.byLength) {
		return 0
	}
	return int(lex.byLength[n])
}

// MaxLength returns the length of the longest word.
func (lex *Lexicon) MaxLength() int { return len(lex.byLength) - 1 }

// findArc returns the position of the arc for letter code c among the arcs
// of node, or 0, from the letter mask stored just before the node.
func (lex *Lexicon) findArc(node uint32, c byte) uint32 {
	if node == 0 {
		return 0
	}
	mask := lex.arcs[node-1]
	bit := uint32(1) << c
	if mask&bit == 0 {
		return 0
	}
	return node + uint32(bits.OnesCount32(mask&(bit-1)))
}

// walkDAWG follows the folded string s from the DAWG root and returns the
// position of the arc of its last letter, or 0 if no word starts with s.
// s must be non-empty A-Z.
func (lex *Lexicon) walkDAWG(s string) uint32 {
	i := lex.dawgRootArc[code(s[0])]
	for k := 1; k < len(s) && i != 0; k++ {
		i = lex.findArc(arc(lex.arcs[i]).child(), code(s[k]))
	}
	return i
}

// walkGADDAGReversed follows s backwards from the GADDAG root, which is
// how the GADDAG spells the left part of every word: the arc returned (0 if
// none) sits where s is a factor of some word. s must be non-empty A-Z.
func (lex *Lexicon) walkGADDAGReversed(s string) uint32 {
	i := lex.gaddagRootArc[code(s[len(s)-1])]
	for k := len(s) - 2; k >= 0 && i != 0; k-- {
		i = lex.findArc(arc(lex.arcs[i]).child(), code(s[k]))
	}
	return i
}
