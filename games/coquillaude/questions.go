package coquillaude

import (
	"strings"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/games/lexicon"
	"github.com/tablee/tablee/i18n"
)

// Puzzle kinds (CQ-D2): every question is a French word puzzle the lexicon
// checks, made fresh for each game from its seed, with an answer known to
// exist.
const (
	puzzleAnagram = "ana"     // find an anagram (another word) of a word
	puzzleDraw    = "draw"    // find a word using exactly the letters of a draw
	puzzleEnds    = "ends"    // a word of n letters with given first and last letters
	puzzleBooklet = "booklet" // a question of the server's booklet
)

// puzzlesByStars: two kinds of puzzle for each level, their answer's
// length within the kind's range: one star, an anagram of a word or a word
// with its first and last letters; two stars, an anagram or a draw; three
// stars, a draw or a word with its first and last letters (two of each
// from 8 letters on). Which word a puzzle asks for is the stars' business
// (starsOf).
var puzzlesByStars = [4][2]puzzleSpec{
	1: {{Kind: puzzleAnagram, Min: 4, Max: 6}, {Kind: puzzleEnds, Min: 5, Max: 6}},
	2: {{Kind: puzzleAnagram, Min: 5, Max: 8}, {Kind: puzzleDraw, Min: 5, Max: 8}},
	3: {{Kind: puzzleDraw, Min: 7, Max: 9}, {Kind: puzzleEnds, Min: 7, Max: 9}},
}

type puzzleSpec struct {
	Kind     string
	Min, Max int // the answer's length
}

// endsGiven is how many letters an ends puzzle gives at each end.
func endsGiven(n int) int {
	if n >= 8 {
		return 2
	}
	return 1
}

// starsOf is how hard a word is to find, in stars, from its rarity and
// its length: a more familiar or a shorter answer earns fewer stars
// (docs/games/coquillaude.md, "Questions and the booklet"). rank is its
// lexicon.Familiarity (1 the most used word, 0 a word outside the list,
// counted as the rarest).
//
//	rarity: rank 1-1000 → 0, 1001-3000 → 1, beyond → 2
//	length: up to 5 letters → 0, 6 → 1, 7 → 2, 8 and more → 3
//	stars:  rarity + length 0-1 → ★, 2-3 → ★★, 4 and more → ★★★
func starsOf(rank, length int) int {
	d := 2
	switch {
	case rank > 0 && rank <= 1000:
		d = 0
	case rank > 0 && rank <= games.Known:
		d = 1
	}
	d += max(0, min(length, 8)-5)
	switch {
	case d <= 1:
		return 1
	case d <= 3:
		return 2
	}
	return 3
}

// question is the question being asked of a seat.
type question struct {
	Seat    int      `json:"seat"`
	Number  int      `json:"number"`
	Stars   int      `json:"stars"`
	Puzzle  string   `json:"puzzle"`
	Given   string   `json:"given,omitempty"` // the word to anagram, the draw, or prefix+suffix
	Len     int      `json:"len,omitempty"`
	Ends    int      `json:"ends,omitempty"`
	Example string   `json:"example,omitempty"` // a right answer, shown after the answer
	Text    string   `json:"text,omitempty"`    // a booklet question
	Answers []string `json:"answers,omitempty"` // a booklet question's accepted answers, folded
}

// makeQuestion builds a puzzle of the given stars from seed (CQ-D2): the
// word it is made from, its answer, is a familiar word whose rarity and
// length give those stars (starsOf), drawn among the lexicon's familiar
// words; an anagram puzzle shows another familiar word of the same
// letters. Any word the lexicon accepts is a right answer. A dictionary
// without such a word (a server's small list) falls back on any word of
// it, so that every puzzle has an answer.
func makeQuestion(lex *lexicon.Lexicon, stars int, seed uint64) question {
	stars = max(1, min(stars, 3))
	spec := puzzlesByStars[stars][seed%2]
	fw := familiarOf(lex)
	for _, sp := range []puzzleSpec{spec, puzzlesByStars[stars][1-seed%2]} {
		if q, ok := fw.puzzle(sp, stars, mix64(seed)); ok {
			return q
		}
	}
	return makePuzzle(lex, spec, seed)
}

// familiarWords are a lexicon's familiar words, by the stars of a
// puzzle asking for them (index 1-3): all of them, and those with another
// familiar word of the same letters (for the anagram puzzles).
type familiarWords struct {
	any, anagram [4][]string
	others       map[string][]string // sorted letters: the familiar words of them
}

// familiarByLexicon keeps familiarOf's index once per lexicon.
var familiarByLexicon = lexicon.NewDerived(indexFamiliar)

// familiarOf is a lexicon's familiar words (Lexicon.Familiar) indexed by
// stars and anagrams.
func familiarOf(lex *lexicon.Lexicon) *familiarWords { return familiarByLexicon.Of(lex) }

func indexFamiliar(lex *lexicon.Lexicon) *familiarWords {
	fw := &familiarWords{others: map[string][]string{}}
	var all []string
	for _, w := range lex.Familiar() {
		if len(w) >= 4 && len(w) <= 9 {
			all = append(all, w)
			k := sortedLetters(w)
			fw.others[k] = append(fw.others[k], w)
		}
	}
	for _, w := range all {
		st := starsOf(lexicon.Familiarity(w), len(w))
		fw.any[st] = append(fw.any[st], w)
		if len(fw.others[sortedLetters(w)]) > 1 {
			fw.anagram[st] = append(fw.anagram[st], w)
		}
	}
	return fw
}

// puzzle draws the answer of a puzzle of that spec and stars; false when
// no familiar word fits.
func (fw *familiarWords) puzzle(spec puzzleSpec, stars int, h uint64) (question, bool) {
	list := fw.any[stars]
	if spec.Kind == puzzleAnagram {
		list = fw.anagram[stars]
	}
	// The words of the spec's lengths, in the list's order: count them,
	// then take the h-th.
	n := 0
	for _, w := range list {
		if len(w) >= spec.Min && len(w) <= spec.Max {
			n++
		}
	}
	if n == 0 {
		return question{}, false
	}
	k := int(h % uint64(n))
	var w string
	for _, x := range list {
		if len(x) >= spec.Min && len(x) <= spec.Max {
			if k == 0 {
				w = x
				break
			}
			k--
		}
	}
	q := question{Puzzle: spec.Kind, Len: len(w), Example: w}
	switch spec.Kind {
	case puzzleAnagram:
		var given []string
		for _, x := range fw.others[sortedLetters(w)] {
			if x != w {
				given = append(given, x)
			}
		}
		q.Given = given[int(h>>32)%len(given)]
		q.Len = 0
	case puzzleDraw:
		q.Given = sortedLetters(w)
	case puzzleEnds:
		e := endsGiven(len(w))
		q.Ends = e
		q.Given = w[:e] + w[len(w)-e:]
	}
	return q, true
}

// makePuzzle makes a puzzle from any word of the lexicon, for a
// dictionary that has no familiar word of the stars asked.
func makePuzzle(lex *lexicon.Lexicon, spec puzzleSpec, seed uint64) question {
	n := (spec.Min + spec.Max + 1) / 2
	q := question{Puzzle: spec.Kind, Len: n}
	switch spec.Kind {
	case puzzleAnagram:
		for try := uint64(0); try < 200; try++ {
			w, ok := lex.RandomWord(n, mix64(seed+try))
			if !ok {
				break
			}
			for _, a := range lex.Anagrams(w) {
				if a != w {
					q.Given, q.Example, q.Len = w, a, 0
					return q
				}
			}
		}
		// No word with an anagram found (a tiny server dictionary): ask
		// for the draw of a word instead, which always has its answer.
		return makePuzzle(lex, puzzleSpec{Kind: puzzleDraw, Min: n, Max: n}, seed)
	case puzzleDraw:
		w, ok := lex.RandomWord(n, mix64(seed))
		for d := 1; !ok && d < 30; d++ {
			// No word of that length (a small server dictionary): the
			// nearest length that has some.
			if w, ok = lex.RandomWord(n-d, mix64(seed)); !ok {
				w, ok = lex.RandomWord(n+d, mix64(seed))
			}
		}
		q.Len = len(w)
		q.Given, q.Example = sortedLetters(w), w
	case puzzleEnds:
		w, ok := lex.RandomWord(n, mix64(seed))
		if !ok {
			return makePuzzle(lex, puzzleSpec{Kind: puzzleDraw, Min: n, Max: n}, seed)
		}
		q.Ends = endsGiven(n)
		q.Given = w[:q.Ends] + w[len(w)-q.Ends:]
		q.Example = w
	}
	return q
}

// right tells whether an answer is right: any answer the lexicon accepts
// (CQ-D2), or one of a booklet question's answers.
func (q *question) right(lex *lexicon.Lexicon, answer string) bool {
	a, ok := lexicon.Fold(answer)
	if !ok {
		return false
	}
	switch q.Puzzle {
	case puzzleBooklet:
		for _, x := range q.Answers {
			if x == a {
				return true
			}
		}
		return false
	case puzzleAnagram:
		return isAnagram(q.Given, a) && lex.Has(a)
	case puzzleDraw:
		return len(a) == len(q.Given) && sortedLetters(a) == q.Given && lex.Has(a)
	case puzzleEnds:
		k := q.Ends
		return len(a) == q.Len && a[:k] == q.Given[:k] && a[len(a)-k:] == q.Given[k:] && lex.Has(a)
	}
	return false
}

// msg is the question as players read it; the puzzle itself stays French.
func (q *question) msg() i18n.Msg {
	switch q.Puzzle {
	case puzzleBooklet:
		return i18n.T("coquillaude.q.booklet", q.Text)
	case puzzleAnagram:
		return i18n.T("coquillaude.q.anagram", q.Given)
	case puzzleDraw:
		return i18n.T("coquillaude.q.draw", q.Len, spaced(q.Given))
	case puzzleEnds:
		k := q.Ends
		return i18n.T("coquillaude.q.ends", q.Len, q.Given[:k], q.Given[k:])
	}
	return i18n.Raw("?")
}

// spaced writes letters with a space between them: "A E I N R S T Z".
func spaced(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// botAnswer is a right answer for the bot player.
func (q *question) botAnswer() string {
	if q.Puzzle == puzzleBooklet {
		if len(q.Answers) > 0 {
			return q.Answers[0]
		}
		return "?"
	}
	return q.Example
}
