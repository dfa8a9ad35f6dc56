package bolt

import (
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"io"
	"os"
)

// walkPages reads the page tree of a bbolt file from the file itself, not
// through bbolt: from the newest valid meta page, every branch, leaf and
// bucket, checking that each page named exists, lies within the file, is of
// a type that belongs there, and is reached once. bbolt trusts its pages:
// a page id flipped on disk sends its cursors past the end of the memory
// map (a fault, recovered by the store) or round a loop of pages, where
// bbolt's cursors and Tx.Check would run forever or overflow the stack.
// Open refuses such a file and Check reports it before anything walks it
// with bbolt.
//
// The page format is bbolt's (go.etcd.io/bbolt/internal/common): a 16-byte
// header (id, flags, count, overflow), then 16-byte elements: branch (pos,
// ksize, child id), leaf (flags, pos, ksize, vsize), keys and values at pos
// from their element. A bucket's value is its root page id and sequence,
// followed by its page when it is inline (root 0).
func walkPages(f *os.File) (problems []string, loop bool) {
	fi, err := f.Stat()
	if err != nil {
		return []string{err.Error()}, false
	}
	w := &pageWalker{f: f, size: fi.Size(), seen: map[uint64]bool{}}
	root, freelist, err := w.meta()
	if err != nil {
		return []string{err.Error()}, false
	}
	if freelist != noFreelist && freelist >= w.hwm {
		w.problem("the free list is page %d, past the last page %d", freelist, w.hwm-1)
	}
	w.tree(root, "the root bucket")
	return w.problems, w.loop
}

const (
	pageHeaderSize = 16
	elementSize    = 16
	branchFlag     = 0x01
	leafFlag       = 0x02
	bucketLeaf     = 0x01
	noFreelist     = ^uint64(0)
	maxProblems    = 100
)

type pageWalker struct {
	f        *os.File
	size     int64
	pageSize int64
	hwm      uint64 // pages in use: ids from 0 to hwm-1
	seen     map[uint64]bool
	problems []string
	loop     bool
}

func (w *pageWalker) problem(format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	if len(w.problems) < maxProblems && (len(w.problems) == 0 || w.problems[len(w.problems)-1] != msg) {
		w.problems = append(w.problems, msg)
	}
}

// meta reads the meta page bbolt uses: the valid one of the higher
// transaction id.
func (w *pageWalker) meta() (root, freelist uint64, err error) {
	head := make([]byte, pageHeaderSize+64)
	if _, err := w.f.ReadAt(head, 0); err != nil {
		return 0, 0, fmt.Errorf("the first meta page does not read: %v", err)
	}
	pageSizes := []int64{int64(binary.LittleEndian.Uint32(head[pageHeaderSize+8:])), int64(os.Getpagesize()), 4096}
	var best []byte
	var bestTx uint64
	for _, ps := range pageSizes {
		for i := range int64(2) {
			m := make([]byte, 64)
			if ps < 512 || ps > 1<<16 {
				continue
			}
			if _, err := w.f.ReadAt(m, i*ps+pageHeaderSize); err != nil {
				continue
			}
			h := fnv.New64a()
			h.Write(m[:56])
			if binary.LittleEndian.Uint32(m) != 0xED0CDAED || h.Sum64() != binary.LittleEndian.Uint64(m[56:]) ||
				int64(binary.LittleEndian.Uint32(m[8:])) != ps {
				continue
			}
			if tx := binary.LittleEndian.Uint64(m[48:]); best == nil || tx > bestTx {
				best, bestTx, w.pageSize = m, tx, ps
			}
		}
		if best != nil {
			break
		}
	}
	if best == nil {
		return 0, 0, fmt.Errorf("no valid meta page")
	}
	w.hwm = binary.LittleEndian.Uint64(best[40:])
	if int64(w.hwm)*w.pageSize > w.size || w.hwm < 2 {
		w.problem("the meta page counts %d pages, the file holds %d", w.hwm, w.size/w.pageSize)
	}
	return binary.LittleEndian.Uint64(best[16:]), binary.LittleEndian.Uint64(best[32:]), nil
}

// page reads page id whole, overflow included; nil after a problem.
func (w *pageWalker) page(id uint64, from string) []byte {
	if id < 2 || id >= w.hwm {
		w.problem("%s points to page %d, outside the pages in use (2 to %d)", from, id, w.hwm-1)
		return nil
	}
	if w.seen[id] {
		w.problem("%s points to page %d, reached twice: a loop in the tree or a page shared by two", from, id)
		w.loop = true
		return nil
	}
	head := make([]byte, pageHeaderSize)
	if _, err := w.f.ReadAt(head, int64(id)*w.pageSize); err != nil {
		w.problem("page %d does not read: %v", id, err)
		return nil
	}
	overflow := uint64(binary.LittleEndian.Uint32(head[12:]))
	if got := binary.LittleEndian.Uint64(head); got != id {
		w.problem("page %d (from %s) says it is page %d", id, from, got)
		return nil
	}
	if id+overflow >= w.hwm {
		w.problem("page %d runs over %d pages, past the last page %d", id, overflow, w.hwm-1)
		return nil
	}
	for i := id; i <= id+overflow; i++ {
		if w.seen[i] {
			w.problem("page %d overlaps page %d, reached before", id, i)
			w.loop = true
			return nil
		}
		w.seen[i] = true
	}
	buf := make([]byte, int64(overflow+1)*w.pageSize)
	if _, err := w.f.ReadAt(buf, int64(id)*w.pageSize); err != nil && err != io.EOF {
		w.problem("page %d does not read: %v", id, err)
		return nil
	}
	return buf
}

// tree walks the pages of one bucket from its root.
func (w *pageWalker) tree(root uint64, from string) {
	stack := []uint64{root}
	froms := []string{from}
	for len(stack) > 0 && !w.loop {
		id, from := stack[len(stack)-1], froms[len(froms)-1]
		stack, froms = stack[:len(stack)-1], froms[:len(froms)-1]
		p := w.page(id, from)
		if p == nil {
			continue
		}
		flags, count := binary.LittleEndian.Uint16(p[8:]), int(binary.LittleEndian.Uint16(p[10:]))
		if pageHeaderSize+count*elementSize > len(p) {
			w.problem("page %d counts %d elements, more than it holds", id, count)
			continue
		}
		switch flags {
		case branchFlag:
			for i := range count {
				e := p[pageHeaderSize+i*elementSize:]
				stack = append(stack, binary.LittleEndian.Uint64(e[8:]))
				froms = append(froms, fmt.Sprintf("page %d", id))
			}
		case leafFlag:
			for _, child := range w.leaf(p, fmt.Sprintf("page %d", id)) {
				stack = append(stack, child)
				froms = append(froms, fmt.Sprintf("a bucket in page %d", id))
			}
		default:
			w.problem("page %d (from %s) is of type %#x, not a branch or a leaf", id, from, flags)
		}
	}
}

// leaf checks the elements of a leaf page (or an inline bucket's) and
// returns the root pages of the buckets it holds.
func (w *pageWalker) leaf(p []byte, where string) (children []uint64) {
	count := int(binary.LittleEndian.Uint16(p[10:]))
	if pageHeaderSize+count*elementSize > len(p) {
		w.problem("%s counts %d elements, more than it holds", where, count)
		return nil
	}
	for i := range count {
		at := pageHeaderSize + i*elementSize
		e := p[at:]
		flags := binary.LittleEndian.Uint32(e)
		pos, ksize, vsize := uint64(binary.LittleEndian.Uint32(e[4:])), uint64(binary.LittleEndian.Uint32(e[8:])), uint64(binary.LittleEndian.Uint32(e[12:]))
		start := uint64(at) + pos
		if start+ksize+vsize > uint64(len(p)) {
			w.problem("%s: element %d lies past the end of its page", where, i)
			continue
		}
		if flags&bucketLeaf == 0 {
			continue
		}
		v := p[start+ksize : start+ksize+vsize]
		if len(v) < 16 {
			w.problem("%s: bucket %q has a header of %d bytes", where, p[start:start+ksize], len(v))
			continue
		}
		root := binary.LittleEndian.Uint64(v)
		if root != 0 {
			children = append(children, root)
			continue
		}
		inline := v[16:]
		if len(inline) < pageHeaderSize || binary.LittleEndian.Uint16(inline[8:]) != leafFlag {
			w.problem("%s: inline bucket %q is not a leaf", where, p[start:start+ksize])
			continue
		}
		if sub := w.leaf(inline, fmt.Sprintf("%s, inline bucket %q", where, p[start:start+ksize])); len(sub) > 0 {
			children = append(children, sub...)
		}
	}
	return children
}

// pageProblems walks the page tree of the file at path (see walkPages).
func pageProblems(path string) (problems []string, loop bool) {
	f, err := os.Open(path)
	if err != nil {
		return []string{err.Error()}, false
	}
	defer f.Close()
	return walkPages(f)
}
