package coquillaude

import (
	"strings"
	"testing"

	"github.com/tablee/tablee/games"
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

// TestCQ_D2_StarsFromRarityAndLength: a more familiar or a shorter answer
// never earns more stars (starsOf), and the rule reads as the docs write
// it.
func TestCQ_D2_StarsFromRarityAndLength(t *testing.T) {
	ranks := []int{1, 1000, 1001, 3000, 3001, 7000, 0} // most familiar first; 0 is the rarest
	for i, r := range ranks {
		for n := 4; n <= 12; n++ {
			if n > 4 && starsOf(r, n) < starsOf(r, n-1) {
				t.Errorf("rank %d: %d letters %d stars, %d letters %d", r, n, starsOf(r, n), n-1, starsOf(r, n-1))
			}
			if i > 0 && starsOf(r, n) < starsOf(ranks[i-1], n) {
				t.Errorf("%d letters: rank %d %d stars, rank %d %d", n, r, starsOf(r, n), ranks[i-1], starsOf(ranks[i-1], n))
			}
		}
	}
	for _, c := range []struct{ rank, n, stars int }{
		{61, 5, 1}, {2000, 5, 1}, {900, 6, 1}, {5000, 5, 2}, {2000, 6, 2}, {500, 7, 2}, {500, 8, 2},
		{2000, 7, 2}, {5000, 7, 3}, {2000, 8, 3}, {0, 9, 3},
	} {
		if got := starsOf(c.rank, c.n); got != c.stars {
			t.Errorf("starsOf(%d, %d) = %d, want %d", c.rank, c.n, got, c.stars)
		}
	}
}

// TestCQ_D2_QuestionsAskForFamiliarWords: over many seeds, every puzzle
// is made from a familiar word of its stars (a ★ answer is a word of 6
// letters at most among the 3,000 most used), an anagram puzzle shows a
// familiar word too, and the answers
// grow longer and rarer with the stars. Any word of the lexicon still
// answers it.
func TestCQ_D2_QuestionsAskForFamiliarWords(t *testing.T) {
	lex := lexicon.Default()
	const seeds = 300
	var meanLen, meanRare [4]float64
	for stars := 1; stars <= 3; stars++ {
		for seed := uint64(0); seed < seeds; seed++ {
			q := makeQuestion(lex, stars, seed*7919)
			a := q.Example
			r := lexicon.Familiarity(a)
			if r == 0 || starsOf(r, len(a)) != stars || !q.right(lex, a) {
				t.Fatalf("%d stars seed %d: %+v: answer %s of rank %d (%d stars)", stars, seed, q, a, r, starsOf(r, len(a)))
			}
			if stars == 1 && (r > games.Known || len(a) > 6) {
				t.Errorf("★ question %+v: answer %s of rank %d", q, a, r)
			}
			if q.Puzzle == puzzleAnagram && lexicon.Familiarity(q.Given) == 0 {
				t.Errorf("anagram puzzle of %s, no familiar word", q.Given)
			}
			meanLen[stars] += float64(len(a)) / seeds
			rare := float64(r)
			meanRare[stars] += rare / seeds
		}
		if stars > 1 && (meanLen[stars] <= meanLen[stars-1] || meanRare[stars] <= meanRare[stars-1]) {
			t.Errorf("%d stars: answers of %.1f letters, rank %.0f; %d stars: %.1f letters, rank %.0f",
				stars, meanLen[stars], meanRare[stars], stars-1, meanLen[stars-1], meanRare[stars-1])
		}
	}
	t.Logf("mean answer length by stars %.1f, mean rank %.0f", meanLen[1:], meanRare[1:])
}
