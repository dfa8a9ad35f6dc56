package coquillaude

import (
	"sort"
	"strings"
	"sync"

	"github.com/tablee/tablee/games/lexicon"
)

// famousLex is the famous list and the game's own name as a lexicon, the
// valid words (CQ-D4, CQ-D5) that neither the dictionary nor the proper
// nouns may hold, for the exhaustive search.
var famousLex = sync.OnceValue(func() *lexicon.Lexicon {
	list := []string{gameWord}
	for w := range famous() {
		list = append(list, w)
	}
	lex, err := lexicon.Build(list)
	if err != nil {
		panic("coquillaude: the famous list: " + err.Error()) // the embedded list: a broken build
	}
	return lex
})

// BestProposal is the best proposal a seat's pions make on the present
// board, as the move to play it ("mot BRAIERAS H11 droite
// anagrammes=ARABISER,BRAISERA"), and its points; "" and 0 when no word
// fits. It is found by an exhaustive search, the duplicate's top: every
// placement in the four directions (CQ-D4) of every valid word the pions
// make with the board (the dictionary, the proper nouns that are names,
// the famous list, COQUILLAUDE), through every cell where a word may
// connect (the GADDAG walk of a Scrabble move generator, lexicon
// LineWords, each empty cell limited to the letters its side words
// allow). Each placement is valued with the scoring of the resolution
// (mainValue, sideValue), the word claiming every anagram that is valid,
// the names of the famous list counting as famous as they do by
// themselves (CQ-D5), no name off it (nobody votes alone); the best is
// then checked and scored by the resolution's own check and score. The
// strong bot's search, which tries a handful of the pions and at most
// 1,200 placements, plays well but may miss the best.
func (g *Game) BestProposal(seat int) (string, int) {
	s := g.s
	if seat < 0 || seat >= s.Players || len(s.Hands[seat]) == 0 {
		return "", 0
	}
	if g.forms == nil {
		g.forms = &formCache{bySorted: map[string][]form{}, byWord: map[string][]form{}}
	}
	ts := &topSearch{g: g, s: s, hand: string(s.Hands[seat]), formCache: g.forms}
	ts.crossChecks()
	for dir := dirRight; dir <= dirUpRight; dir++ {
		for _, cells := range lines(dir) {
			ts.line(dir, cells)
		}
	}
	sort.SliceStable(ts.cands, func(i, j int) bool { return ts.cands[i].value > ts.cands[j].value })
	for _, cd := range ts.cands {
		p := proposal{Word: cd.word, Row: cd.r, Col: cd.c, Dir: cd.dir}
		for _, f := range ts.byWord[cd.word][1:] {
			p.Anagrams = append(p.Anagrams, f.Word)
		}
		p.AnaFam = make([]bool, len(p.Anagrams))
		lay, votes := g.check(s, seat, &p)
		if !p.Valid || len(votes) > 0 {
			continue
		}
		sc, ok := g.score(&p, lay, nil)
		if !ok {
			continue
		}
		move := "mot " + p.Word + " " + cellName(p.Row, p.Col) + " " + dirWord[p.Dir]
		if len(p.Anagrams) > 0 {
			move += " anagrammes=" + strings.Join(p.Anagrams, ",")
		}
		return move, sc
	}
	return "", 0
}

// topSearch is one BestProposal: the pions, the letters each empty cell
// may take and the side words it would make, and the best placements so
// far.
type topSearch struct {
	g    *Game
	s    *state
	hand string
	// cross[a][cell] is the letters a new pion on an empty cell may take
	// given the run of letters across it on axis a (dirRight, dirDown):
	// every letter when there is none. run[a][cell] is that run's length
	// (the letters before and after the cell).
	cross [2][Size * Size]lexicon.LetterSet
	run   [2][Size * Size]int
	*formCache
	best  int
	cands []topCand // every placement worth best so far, or more
}

// formCache keeps the forms of the words a search met, for the next
// rounds of the same game: the board's letters stay, and the words through
// them come back round after round. It depends on the game's dictionaries
// only, which never change.
type formCache struct {
	bySorted map[string][]form // by sorted letters: the valid arrangements
	byWord   map[string][]form // by word: formsOf's answer
}

type topCand struct {
	word      string
	r, c, dir int
	value     int
}

// crossChecks fills cross and run from the board: for each empty cell and
// axis, the side word a pion there would make must be valid (CQ-D4).
func (ts *topSearch) crossChecks() {
	b := ts.s.Board
	for idx := range Size * Size {
		if b[idx] != '.' {
			continue
		}
		r, c := idx/Size, idx%Size
		for axis := dirRight; axis <= dirDown; axis++ {
			dr, dc := dirStep[axis][0], dirStep[axis][1]
			var before, after []byte
			for rr, cc := r-dr, c-dc; rr >= 0 && cc >= 0 && b[rr*Size+cc] != '.'; rr, cc = rr-dr, cc-dc {
				before = append([]byte{b[rr*Size+cc]}, before...)
			}
			for rr, cc := r+dr, c+dc; rr < Size && cc < Size && b[rr*Size+cc] != '.'; rr, cc = rr+dr, cc+dc {
				after = append(after, b[rr*Size+cc])
			}
			ts.run[axis][idx] = len(before) + len(after)
			if len(before)+len(after) == 0 {
				ts.cross[axis][idx] = lexicon.AllLetters
				continue
			}
			w := append(append(append([]byte(nil), before...), 'A'), after...)
			var set lexicon.LetterSet
			for l := byte('A'); l <= 'Z'; l++ {
				w[len(before)] = l
				if ts.g.w.valid(string(w)) {
					set = set.With(l)
				}
			}
			ts.cross[axis][idx] = set
		}
	}
}

// lines lists the cells of every line of a direction, in reading order:
// the rows, the columns, the diagonals down-right and up-right.
func lines(dir int) [][]int {
	var starts [][2]int
	switch dir {
	case dirRight:
		for r := range Size {
			starts = append(starts, [2]int{r, 0})
		}
	case dirDown:
		for c := range Size {
			starts = append(starts, [2]int{0, c})
		}
	case dirDownRight:
		for r := Size - 1; r >= 0; r-- {
			starts = append(starts, [2]int{r, 0})
		}
		for c := 1; c < Size; c++ {
			starts = append(starts, [2]int{0, c})
		}
	case dirUpRight:
		for r := range Size {
			starts = append(starts, [2]int{r, 0})
		}
		for c := 1; c < Size; c++ {
			starts = append(starts, [2]int{Size - 1, c})
		}
	}
	var out [][]int
	step := dirStep[dir]
	for _, st := range starts {
		var cells []int
		for r, c := st[0], st[1]; r >= 0 && r < Size && c < Size; r, c = r+step[0], c+step[1] {
			cells = append(cells, r*Size+c)
		}
		if len(cells) >= 2 {
			out = append(out, cells)
		}
	}
	return out
}

// line finds every placement on one line of a direction.
func (ts *topSearch) line(dir int, cells []int) {
	s := ts.s
	empty := s.boardEmpty()
	l := lexicon.Line{Letters: make([]byte, len(cells)), Allowed: make([]lexicon.LetterSet, len(cells)), Anchor: make([]bool, len(cells))}
	anchors := false
	for i, idx := range cells {
		r, c := idx/Size, idx%Size
		if b := s.Board[idx]; b != '.' {
			l.Letters[i] = b
			// A word crossing a letter connects (CQ-D4).
			l.Anchor[i] = true
		} else {
			switch dir {
			case dirRight:
				l.Allowed[i] = ts.cross[dirDown][idx]
			case dirDown:
				l.Allowed[i] = ts.cross[dirRight][idx]
			default:
				l.Allowed[i] = ts.cross[dirRight][idx] & ts.cross[dirDown][idx]
			}
			// The first word has a pion in the orange zone; a later one
			// connects by a pion orthogonally next to a letter (CQ-D4).
			l.Anchor[i] = empty && inOrange(r, c) || !empty && s.neighbourLetter(r, c)
		}
		anchors = anchors || l.Anchor[i]
	}
	if !anchors {
		return
	}
	w := ts.g.w
	for src, lex := range []*lexicon.Lexicon{w.dict, w.names, famousLex()} {
		lex.LineWords(l, ts.hand, func(start int, word []byte) {
			switch src {
			case 1: // a proper noun: a name, not letters standing for words
				if w.dict.Has(string(word)) || IsInitialism(string(word)) {
					return
				}
			case 2:
				if w.dict.Has(string(word)) || w.isName(string(word)) {
					return
				}
			}
			ts.value(dir, cells[start:start+len(word)], word)
		})
	}
}

// value values a placement as the resolution does (mainValue and
// sideValue, every valid arrangement claimed) and keeps it if it is worth
// the best so far or more.
func (ts *topSearch) value(dir int, cells []int, word []byte) {
	shells, side := 0, 0
	for _, idx := range cells {
		if ts.s.Board[idx] != '.' {
			continue
		}
		shell := 0
		if isShell[idx] {
			shell = 1
		}
		shells += shell
		for axis := dirRight; axis <= dirDown; axis++ {
			if axis == dir || ts.run[axis][idx] == 0 {
				continue
			}
			x := ts.run[axis][idx] + 1 + shell
			side += x * x
		}
	}
	n := len(word)
	v := mainValue(n, shells, ts.formsOf(word)) + side
	if v < ts.best {
		return
	}
	if v > ts.best {
		ts.best, ts.cands = v, ts.cands[:0]
	}
	ts.cands = append(ts.cands, topCand{word: string(word), r: cells[0] / Size, c: cells[0] % Size, dir: dir, value: v})
}

// formsOf is the word then every other valid arrangement of its letters
// (the dictionary's, the names', the famous list's), each famous when the
// list holds it. Most placements repeat a word found elsewhere: the forms
// are kept by word, and by sorted letters for the word's anagrams.
func (ts *topSearch) formsOf(word []byte) []form {
	if fs, ok := ts.byWord[string(word)]; ok {
		return fs
	}
	key := sortedLetters(string(word))
	all, ok := ts.bySorted[key]
	if !ok {
		seen := map[string]bool{}
		w := ts.g.w
		add := func(list []string) {
			for _, f := range list {
				if !seen[f] && w.valid(f) {
					seen[f] = true
					all = append(all, form{Word: f, Famous: famous()[f]})
				}
			}
		}
		add(w.dict.Anagrams(key))
		add(w.names.Anagrams(key))
		add(famousBySorted()[key])
		if key == sortedLetters(gameWord) {
			add([]string{gameWord})
		}
		sort.Slice(all, func(i, j int) bool { return all[i].Word < all[j].Word })
		ts.bySorted[key] = all
	}
	out := make([]form, 0, len(all))
	out = append(out, form{Word: string(word), Famous: famous()[string(word)]})
	for _, f := range all {
		if f.Word != out[0].Word {
			out = append(out, f)
		}
	}
	ts.byWord[out[0].Word] = out
	return out
}
