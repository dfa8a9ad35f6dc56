package lexicon

// bestTable computes, for each node, which arc starts its preferred
// completion, so that ExampleWithInfix only follows flagged arcs at query
// time instead of searching. A completion from a GADDAG node is the letters
// still to add on the left of the row (read outwards, right to left), then
// the separator, then the letters to add on the right. The preferred one
// has the fewest letters, then the fewest letters on the left (the row
// comes earliest in the word), then the smallest letters in arc order. The
// order only depends on the node's own completions, which is what lets a
// node shared by many paths (and by the DAWG) carry a single flag.
type bestTable struct {
	length []uint8 // letters in the node's preferred completion
	left   []uint8 // of which on the left of the row
}

func newBestTable(nodes int) *bestTable {
	return &bestTable{length: make([]uint8, nodes), left: make([]uint8, nodes)}
}

// choose returns the index of the preferred arc of node id, whose children
// must have been chosen already, and records the node's own figures.
func (t *bestTable) choose(g *graphBuilder, id int32) int {
	chosen := -1
	var bestLength, bestLeft int
	for i, e := range g.node(id) {
		var length, left int
		switch {
		case e.accepts:
			// Stopping here is one letter, shorter than anything that goes on.
			length, left = 1, 1
		case e.letter == separatorCode:
			// Everything after the separator is on the right of the row.
			length, left = int(t.length[e.child]), 0
		default:
			length, left = int(t.length[e.child])+1, int(t.left[e.child])+1
		}
		if chosen < 0 || length < bestLength || (length == bestLength && left < bestLeft) {
			chosen, bestLength, bestLeft = i, length, left
		}
	}
	t.length[id] = uint8(min(bestLength, 255))
	t.left[id] = uint8(min(bestLeft, 255))
	return chosen
}
