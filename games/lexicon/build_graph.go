package lexicon

import "fmt"

// graphBuilder hash-conses nodes: a node is the list of its arcs, and two
// nodes with the same arcs (same letters, accept flags and children) are
// one node. Feeding it sorted entries and freezing each node as soon as no
// later entry can change it (Daciuk et al.'s incremental algorithm) yields a
// minimal graph without ever holding the whole trie. The DAWG and the
// GADDAG go through the same builder so they share sub-graphs.
type graphBuilder struct {
	// Node n (n >= 1) owns edges[nodeStart[n]:nodeStart[n+1]]; node 0 is
	// the empty node (no arcs).
	edges     []buildEdge
	nodeStart []int32
	byHash    map[uint64]int32
	nextSame  []int32 // next node with the same hash, 0 at the end
}

type buildEdge struct {
	letter  byte
	accepts bool
	child   int32
}

func newGraphBuilder() *graphBuilder {
	return &graphBuilder{
		nodeStart: []int32{0, 0},
		byHash:    make(map[uint64]int32),
		nextSame:  []int32{0},
	}
}

// addSorted adds sorted, unique entries of letter codes and returns the
// root node.
func (g *graphBuilder) addSorted(entries [][]byte, maxLen int) int32 {
	path := make([][]buildEdge, maxLen+1)
	var prev []byte
	for _, e := range entries {
		common := 0
		for common < len(prev) && common < len(e) && prev[common] == e[common] {
			common++
		}
		g.freeze(path, len(prev), common)
		for i := common; i < len(e); i++ {
			path[i] = append(path[i], buildEdge{letter: e[i], child: -1})
		}
		path[len(e)-1][len(path[len(e)-1])-1].accepts = true
		prev = e
	}
	g.freeze(path, len(prev), 0)
	return g.intern(path[0])
}

// addGADDAG adds the sorted reversed prefixes (see gaddagPrefixes) and
// returns the GADDAG's root node. Each prefix's node gets a separator arc
// to the prefix's DAWG node, first of its arcs since the separator sorts
// before the letters.
func (g *graphBuilder) addGADDAG(prefixes []gaddagPrefix, maxLen int) int32 {
	path := make([][]buildEdge, maxLen+1)
	var prev []byte
	for _, p := range prefixes {
		e := p.reversed
		common := 0
		for common < len(prev) && common < len(e) && prev[common] == e[common] {
			common++
		}
		g.freeze(path, len(prev), common)
		for i := common; i < len(e); i++ {
			path[i] = append(path[i], buildEdge{letter: e[i], child: -1})
		}
		path[len(e)-1][len(path[len(e)-1])-1].accepts = p.word
		if p.rest != 0 {
			path[len(e)] = append(path[len(e)], buildEdge{letter: separatorCode, child: p.rest})
		}
		prev = e
	}
	g.freeze(path, len(prev), 0)
	return g.intern(path[0])
}

// edge returns the arc of node id for letter code c, which must exist.
func (g *graphBuilder) edge(id int32, c byte) buildEdge {
	for _, e := range g.node(id) {
		if e.letter == c {
			return e
		}
	}
	panic("lexicon: missing DAWG arc while listing prefixes")
}

// freeze interns the nodes of the current path below depth keep, deepest
// first, and links each to its parent's last arc.
func (g *graphBuilder) freeze(path [][]buildEdge, depth, keep int) {
	for d := depth; d > keep; d-- {
		id := g.intern(path[d])
		path[d] = path[d][:0]
		last := len(path[d-1]) - 1
		path[d-1][last].child = id
	}
}

func (g *graphBuilder) intern(edges []buildEdge) int32 {
	if len(edges) == 0 {
		return 0
	}
	h := g.hash(edges)
	for id := g.byHash[h]; id != 0; id = g.nextSame[id] {
		if g.sameEdges(id, edges) {
			return id
		}
	}
	id := int32(len(g.nodeStart) - 1)
	g.edges = append(g.edges, edges...)
	g.nodeStart = append(g.nodeStart, int32(len(g.edges)))
	g.nextSame = append(g.nextSame, g.byHash[h])
	g.byHash[h] = id
	return id
}

func (g *graphBuilder) node(id int32) []buildEdge {
	return g.edges[g.nodeStart[id]:g.nodeStart[id+1]]
}

func (g *graphBuilder) sameEdges(id int32, edges []buildEdge) bool {
	have := g.node(id)
	if len(have) != len(edges) {
		return false
	}
	for i := range have {
		if have[i] != edges[i] {
			return false
		}
	}
	return true
}

// hash mixes the arcs of a node; collisions only cost a comparison.
func (g *graphBuilder) hash(edges []buildEdge) uint64 {
	h := uint64(len(edges))
	for _, e := range edges {
		v := uint64(e.letter) | uint64(uint32(e.child))<<8
		if e.accepts {
			v |= 1 << 40
		}
		h = (h ^ v) * 0x9E3779B97F4A7C15
		h ^= h >> 29
	}
	return h
}

// layout writes the nodes into the flat arc slice: first every node the
// DAWG reaches (so that arcs[2:dawgEnd] is the DAWG and the per-arc word
// counts used by RandomWord only cover it), then the GADDAG's own nodes.
// Children come before their parents in each part; the order only depends
// on the graph, so a rebuild gives identical bytes.
func (g *graphBuilder) layout(dawgRoot, gaddagRoot int32) (arcs []uint32, dawgEnd uint32, err error) {
	nodes := len(g.nodeStart) - 1
	position := make([]uint32, nodes)
	best := newBestTable(nodes)
	arcs = make([]uint32, 2, len(g.edges)+nodes+2)
	var place func(id int32)
	place = func(id int32) {
		if id == 0 || position[id] != 0 {
			return
		}
		edges := g.node(id)
		for _, e := range edges {
			place(e.child)
		}
		chosen := best.choose(g, id)
		var mask uint32
		for _, e := range edges {
			mask |= 1 << e.letter
		}
		arcs = append(arcs, mask)
		position[id] = uint32(len(arcs))
		for i, e := range edges {
			arcs = append(arcs, makeArc(e.letter, e.accepts, i == len(edges)-1, i == chosen, position[e.child]))
		}
	}
	place(dawgRoot)
	dawgEnd = uint32(len(arcs))
	place(gaddagRoot)
	if len(arcs) > maxArcs {
		return nil, 0, fmt.Errorf("lexicon: graph of %d arcs exceeds the %d the layout can index", len(arcs), maxArcs)
	}
	arcs[0] = makeArc(0, false, true, false, position[dawgRoot])
	arcs[1] = makeArc(0, false, true, false, position[gaddagRoot])
	return arcs, dawgEnd, nil
}
