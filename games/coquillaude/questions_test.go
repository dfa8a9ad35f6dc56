package coquillaude

import (
	"strings"
	"testing"

	"github.com/tablee/tablee/games/lexicon"
	"github.com/tablee/tablee/i18n"
)

// TestCQ_D2_QuestionsHaveAnAnswer: for each star level, both kinds of
// puzzle are made, and each has an answer the lexicon accepts; a wrong
// answer is refused.
func TestCQ_D2_QuestionsHaveAnAnswer(t *testing.T) {
	lex := lexicon.Default()
	for stars := 1; stars <= 3; stars++ {
		kinds := map[string]int{}
		for seed := uint64(0); seed < 60; seed++ {
			q := makeQuestion(lex, stars, seed)
			kinds[q.Puzzle]++
			if q.Example == "" || !lex.Has(q.Example) {
				t.Fatalf("%d stars seed %d: example %q not a word", stars, seed, q.Example)
			}
			if !q.right(lex, q.Example) {
				t.Fatalf("%d stars %+v: its own answer is wrong", stars, q)
			}
			if !q.right(lex, strings.ToLower(q.Example)) {
				t.Fatalf("case matters")
			}
			if q.right(lex, q.Example+"X") || q.right(lex, "") || q.right(lex, "deux mots") { // wrong answers
				t.Fatalf("%+v: a wrong answer is right", q)
			}
			if q.Puzzle == puzzleAnagram && q.right(lex, q.Given) {
				t.Fatalf("the word itself is its own anagram")
			}
			fr := i18n.Renderer{Lang: i18n.FR}
			if txt := fr.Text(q.msg()); !strings.Contains(txt, "Trouve") {
				t.Fatalf("question %q", txt)
			}
		}
		if len(kinds) < 2 {
			t.Errorf("%d stars: kinds %v", stars, kinds)
		}
	}
	// The sheet's kind of question: a draw of 8 letters.
	q := question{Puzzle: puzzleDraw, Len: 8, Given: sortedLetters("ZENITRAS")}
	if !q.right(lex, "TZARINES") && !q.right(lex, "ZENITRAS") {
		t.Logf("no answer known for the draw A E I N R S T Z")
	}
	q = question{Puzzle: puzzleAnagram, Given: "CHIEN"}
	if !q.right(lex, "chine") || !q.right(lex, "NICHE") || q.right(lex, "CHIEN") {
		t.Fatal("anagrams of CHIEN")
	}
}

// Questions are the same for the same seed (saved games replay).
func TestQuestionsDeterministic(t *testing.T) {
	lex := lexicon.Default()
	for seed := uint64(0); seed < 20; seed++ {
		a, b := makeQuestion(lex, 2, seed), makeQuestion(lex, 2, seed)
		if a.Given != b.Given || a.Example != b.Example {
			t.Fatalf("seed %d: %+v %+v", seed, a, b)
		}
	}
}

// A tiny dictionary without anagrams still gives answerable questions.
func TestQuestionsSmallDictionary(t *testing.T) {
	lex, err := lexicon.Build([]string{"maison", "chaton", "abricot", "tartine"})
	if err != nil {
		t.Fatal(err)
	}
	for stars := 1; stars <= 3; stars++ {
		for seed := uint64(0); seed < 10; seed++ {
			q := makeQuestion(lex, stars, seed)
			if !q.right(lex, q.botAnswer()) {
				t.Fatalf("%+v has no answer", q)
			}
		}
	}
}
