package coquillaude

import (
	"strings"

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

// puzzlesByStars: two kinds for each level (CQ-D2 examples): one star, an
// anagram of a 5-letter word or a 6-letter word with given first and last
// letters; two stars, an anagram of a 7-letter word or a 7-letter draw;
// three stars, an 8-letter draw or a 9-letter word with its first two and
// last two letters given.
var puzzlesByStars = [4][2]puzzleSpec{
	1: {{puzzleAnagram, 5, 0}, {puzzleEnds, 6, 1}},
	2: {{puzzleAnagram, 7, 0}, {puzzleDraw, 7, 0}},
	3: {{puzzleDraw, 8, 0}, {puzzleEnds, 9, 2}},
}

type puzzleSpec struct {
	Kind string
	Len  int
	Ends int // letters given at each end (puzzleEnds)
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

// makeQuestion builds a puzzle of the given stars from seed. It always has
// an answer: the word it was made from (or, for an anagram, another word
// the lexicon lists).
func makeQuestion(lex *lexicon.Lexicon, stars int, seed uint64) question {
	spec := puzzlesByStars[stars][seed%2]
	return makePuzzle(lex, spec, seed)
}

func makePuzzle(lex *lexicon.Lexicon, spec puzzleSpec, seed uint64) question {
	q := question{Puzzle: spec.Kind, Len: spec.Len, Ends: spec.Ends}
	switch spec.Kind {
	case puzzleAnagram:
		for try := uint64(0); try < 200; try++ {
			w, ok := lex.RandomWord(spec.Len, mix64(seed+try))
			if !ok {
				break
			}
			for _, a := range lex.Anagrams(w) {
				if a != w {
					q.Given, q.Example = w, a
					return q
				}
			}
		}
		// No word with an anagram found (a tiny server dictionary): ask
		// for the draw of a word instead, which always has its answer.
		return makePuzzle(lex, puzzleSpec{Kind: puzzleDraw, Len: spec.Len}, seed)
	case puzzleDraw:
		w, ok := lex.RandomWord(spec.Len, mix64(seed))
		for d := 1; !ok && d < 30; d++ {
			// No word of that length (a small server dictionary): the
			// nearest length that has some.
			if w, ok = lex.RandomWord(spec.Len-d, mix64(seed)); !ok {
				w, ok = lex.RandomWord(spec.Len+d, mix64(seed))
			}
		}
		q.Len = len(w)
		q.Given, q.Example = sortedLetters(w), w
	case puzzleEnds:
		w, ok := lex.RandomWord(spec.Len, mix64(seed))
		if !ok {
			return makePuzzle(lex, puzzleSpec{Kind: puzzleDraw, Len: spec.Len}, seed)
		}
		q.Given = w[:spec.Ends] + w[len(w)-spec.Ends:]
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
