package coquillaude

import (
	"github.com/tablee/tablee/games"
)

// layout is a word laid on the board: its cells, which of them are new
// pions, and the side words the new pions make (CQ-D4).
type layout struct {
	Word   string
	Cells  []int  // board index of each letter
	New    []bool // a new pion (else a letter already there)
	Shells int    // new pions on shell cells
	Side   []sideWord
}

// sideWord is a run of 2 or more letters a new pion makes across the word.
type sideWord struct {
	Word   string
	Shells int // new pions of the run on shells
}

// newLetters returns the letters of the new pions.
func (l *layout) newLetters() []byte {
	out := make([]byte, 0, len(l.Word))
	for i, n := range l.New {
		if n {
			out = append(out, l.Word[i])
		}
	}
	return out
}

// place checks the geometry of a proposal (CQ-D4) against the board and the
// player's pions and returns its layout with its side words. Whether the
// words are valid is checked apart (checkWords), at resolution (CQ-D6).
func (s *state) place(word string, r, c, dir int, hand []byte) (layout, error) {
	var l layout
	n := len(word)
	if n < 2 {
		return l, games.Refuse("coquillaude.err.too_short", word)
	}
	step := dirStep[dir]
	er, ec := r+step[0]*(n-1), c+step[1]*(n-1)
	if r < 0 || r >= Size || c < 0 || c >= Size || er < 0 || er >= Size || ec < 0 || ec >= Size {
		return l, games.Refuse("coquillaude.err.off_board", word, cellName(r, c))
	}
	// The word is the whole run on its line: the cells just before and
	// after it are empty.
	if br, bc := r-step[0], c-step[1]; br >= 0 && br < Size && bc >= 0 && bc < Size && s.at(br, bc) != '.' {
		return l, games.Refuse("coquillaude.err.run_before", word, cellName(br, bc), string(s.at(br, bc)))
	}
	if ar, ac := er+step[0], ec+step[1]; ar >= 0 && ar < Size && ac >= 0 && ac < Size && s.at(ar, ac) != '.' {
		return l, games.Refuse("coquillaude.err.run_after", word, cellName(ar, ac), string(s.at(ar, ac)))
	}
	l.Word = word
	l.Cells = make([]int, n)
	l.New = make([]bool, n)
	var need [26]int
	newCount, orange, touches := 0, false, false
	for i := 0; i < n; i++ {
		rr, cc := r+step[0]*i, c+step[1]*i
		idx := rr*Size + cc
		l.Cells[i] = idx
		switch b := s.Board[idx]; b {
		case '.':
			l.New[i] = true
			newCount++
			need[word[i]-'A']++
			if isShell[idx] {
				l.Shells++
			}
			if inOrange(rr, cc) {
				orange = true
			}
			if !touches && s.neighbourLetter(rr, cc) {
				touches = true
			}
		case word[i]:
			touches = true
		default:
			return l, games.Refuse("coquillaude.err.clash", word, cellName(rr, cc), string(b), string(word[i]))
		}
	}
	if newCount == 0 {
		return l, games.Refuse("coquillaude.err.no_new", word)
	}
	var have [26]int
	for _, b := range hand {
		have[b-'A']++
	}
	for i := 0; i < 26; i++ {
		if need[i] > have[i] {
			return l, games.Refuse("coquillaude.err.not_owned", word, string(rune('A'+i)), need[i], have[i])
		}
	}
	if s.boardEmpty() {
		if !orange {
			return l, games.Refuse("coquillaude.err.orange", word)
		}
	} else if !touches {
		return l, games.Refuse("coquillaude.err.connect", word)
	}
	l.Side = s.sideWords(&l, dir)
	return l, nil
}

// neighbourLetter tells whether one of the 4 orthogonal neighbours of a
// cell holds a letter: a pion there forms a side word with it. Touching at
// a corner does not connect (CQ-D4, revised: the sheet's later words cross
// or lie alongside, never corner to corner).
func (s *state) neighbourLetter(r, c int) bool {
	for _, d := range [4][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
		rr, cc := r+d[0], c+d[1]
		if rr >= 0 && rr < Size && cc >= 0 && cc < Size && s.Board[rr*Size+cc] != '.' {
			return true
		}
	}
	return false
}

// sideWords lists the runs of 2 or more letters that each new pion makes
// horizontally and vertically, other than the word itself (CQ-D4).
func (s *state) sideWords(l *layout, dir int) []sideWord {
	var out []sideWord
	var b [Size * Size]byte
	copy(b[:], s.Board)
	for i, idx := range l.Cells {
		b[idx] = l.Word[i]
	}
	for i, idx := range l.Cells {
		if !l.New[i] {
			continue
		}
		r, c := idx/Size, idx%Size
		for axis := dirRight; axis <= dirDown; axis++ {
			if axis == dir {
				continue
			}
			dr, dc := dirStep[axis][0], dirStep[axis][1]
			sr, sc := r, c
			for sr-dr >= 0 && sc-dc >= 0 && b[(sr-dr)*Size+sc-dc] != '.' {
				sr, sc = sr-dr, sc-dc
			}
			var w []byte
			for rr, cc := sr, sc; rr < Size && cc < Size && b[rr*Size+cc] != '.'; rr, cc = rr+dr, cc+dc {
				w = append(w, b[rr*Size+cc])
			}
			if len(w) < 2 {
				continue
			}
			sw := sideWord{Word: string(w)}
			if isShell[idx] {
				sw.Shells = 1
			}
			out = append(out, sw)
		}
	}
	return out
}

// form is one arrangement of the word's letters that scores: the word
// itself or a claimed anagram.
type form struct {
	Word   string
	Famous bool
}

// gameWordBonus is what COQUILLAUDE earns on top of its value. The sheet
// says "not 100 but 120", counting it as a word of 10 letters; it has 11,
// and must never be worth less than an ordinary word of its length
// (revised): 121 + 20 = 141 on plain cells, shells counted as usual.
const gameWordBonus = 20

// mainValue is the value of the main word: the sum over its forms of
// (L + S + F)^2, L its letters on the board, S its new pions on shells, F 2
// for a famous name; COQUILLAUDE adds gameWordBonus.
func mainValue(letters, shells int, forms []form) int {
	v := 0
	if forms[0].Word == gameWord {
		v = gameWordBonus
	}
	for _, f := range forms {
		x := letters + shells
		if f.Famous {
			x += 2
		}
		v += x * x
	}
	return v
}

// sideValue adds (letters + new pions on shells)^2 for each side word.
func sideValue(side []sideWord) int {
	v := 0
	for _, sw := range side {
		x := len(sw.Word) + sw.Shells
		v += x * x
	}
	return v
}

// isAnagram tells whether a is another arrangement of exactly the letters
// of w.
func isAnagram(w, a string) bool {
	if len(a) != len(w) || a == w {
		return false
	}
	var n [26]int
	for i := 0; i < len(w); i++ {
		n[w[i]-'A']++
		n[a[i]-'A']--
	}
	for _, x := range n {
		if x != 0 {
			return false
		}
	}
	return true
}
