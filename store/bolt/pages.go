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
	w := &pageWalker{f: f, size: fi.Size()}
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
	hwm      uint64   // pages in use: ids from 0 to hwm-1
	seen     []uint64 // a bit per page in use: reached already
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
		w.hwm = min(w.hwm, uint64(w.size/w.pageSize)) // no page past the file is read
	}
	w.seen = make([]uint64, (w.hwm+63)/64)
	return binary.LittleEndian.Uint64(best[16:]), binary.LittleEndian.Uint64(best[32:]), nil
}

// page reads page id whole, overflow included; nil after a problem.
// from says where the page was named, for a problem only.
func (w *pageWalker) page(id uint64, from func() string) []byte {
	if id < 2 || id >= w.hwm {
		w.problem("%s points to page %d, outside the pages in use (2 to %d)", from(), id, w.hwm-1)
		return nil
	}
	if w.reached(id) {
		w.problem("%s points to page %d, reached twice: a loop in the tree or a page shared by two", from(), id)
		w.loop = true
		return nil
	}
	// One read for the usual page of one page; a second for its overflow.
	head := make([]byte, w.pageSize)
	if _, err := w.f.ReadAt(head, int64(id)*w.pageSize); err != nil {
		w.problem("page %d does not read: %v", id, err)
		return nil
	}
	overflow := uint64(binary.LittleEndian.Uint32(head[12:]))
	if got := binary.LittleEndian.Uint64(head); got != id {
		w.problem("page %d (from %s) says it is page %d", id, from(), got)
		return nil
	}
	if id+overflow >= w.hwm {
		w.problem("page %d runs over %d pages, past the last page %d", id, overflow, w.hwm-1)
		return nil
	}
	for i := id; i <= id+overflow; i++ {
		if w.reached(i) {
			w.problem("page %d overlaps page %d, reached before", id, i)
			w.loop = true
			return nil
		}
		w.seen[i/64] |= 1 << (i % 64)
	}
	if overflow == 0 {
		return head
	}
	buf := make([]byte, int64(overflow+1)*w.pageSize)
	copy(buf, head)
	if _, err := w.f.ReadAt(buf[w.pageSize:], int64(id+1)*w.pageSize); err != nil && err != io.EOF {
		w.problem("page %d does not read: %v", id, err)
		return nil
	}
	return buf
}

func (w *pageWalker) reached(id uint64) bool { return w.seen[id/64]&(1<<(id%64)) != 0 }

// tree walks the pages of one bucket from its root.
func (w *pageWalker) tree(root uint64, from string) {
	// Each page to visit is kept with where it was named: its parent page
	// and whether as a bucket, written out only for a problem.
	type visit struct {
		id, parent uint64
		bucket     bool
	}
	stack := []visit{{id: root}}
	describe := func(v visit) string {
		switch {
		case v.parent == 0:
			return from
		case v.bucket:
			return fmt.Sprintf("a bucket in page %d", v.parent)
		}
		return fmt.Sprintf("page %d", v.parent)
	}
	for len(stack) > 0 && !w.loop {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		id := v.id
		p := w.page(id, func() string { return describe(v) })
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
				stack = append(stack, visit{id: binary.LittleEndian.Uint64(e[8:]), parent: id})
			}
		case leafFlag:
			for _, child := range w.leaf(p, func() string { return fmt.Sprintf("page %d", id) }) {
				stack = append(stack, visit{id: child, parent: id, bucket: true})
			}
		default:
			w.problem("page %d (from %s) is of type %#x, not a branch or a leaf", id, describe(v), flags)
		}
	}
}

// leaf checks the elements of a leaf page (or an inline bucket's) and
// returns the root pages of the buckets it holds.
func (w *pageWalker) leaf(p []byte, where func() string) (children []uint64) {
	count := int(binary.LittleEndian.Uint16(p[10:]))
	if pageHeaderSize+count*elementSize > len(p) {
		w.problem("%s counts %d elements, more than it holds", where(), count)
		return nil
	}
	for i := range count {
		at := pageHeaderSize + i*elementSize
		e := p[at:]
		flags := binary.LittleEndian.Uint32(e)
		pos, ksize, vsize := uint64(binary.LittleEndian.Uint32(e[4:])), uint64(binary.LittleEndian.Uint32(e[8:])), uint64(binary.LittleEndian.Uint32(e[12:]))
		start := uint64(at) + pos
		if start+ksize+vsize > uint64(len(p)) {
			w.problem("%s: element %d lies past the end of its page", where(), i)
			continue
		}
		if flags&bucketLeaf == 0 {
			continue
		}
		v := p[start+ksize : start+ksize+vsize]
		if len(v) < 16 {
			w.problem("%s: bucket %q has a header of %d bytes", where(), p[start:start+ksize], len(v))
			continue
		}
		root := binary.LittleEndian.Uint64(v)
		if root != 0 {
			children = append(children, root)
			continue
		}
		inline := v[16:]
		if len(inline) < pageHeaderSize || binary.LittleEndian.Uint16(inline[8:]) != leafFlag {
			w.problem("%s: inline bucket %q is not a leaf", where(), p[start:start+ksize])
			continue
		}
		if sub := w.leaf(inline, func() string { return fmt.Sprintf("%s, inline bucket %q", where(), p[start:start+ksize]) }); len(sub) > 0 {
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
