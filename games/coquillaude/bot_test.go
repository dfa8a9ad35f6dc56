package coquillaude

import (
	"slices"
	"strings"
	"testing"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/games/gamestest"
	"github.com/tablee/tablee/games/lexicon"
)

// TestBotSuccessByStrength: the table's bot_success is the Strong bot's
// rate; Normal and Easy answer less often right, the less so the more
// stars (the default 70 %: Normal 63, 49, 35; Easy 56, 35, 17).
func TestBotSuccessByStrength(t *testing.T) {
	want := map[games.Strength][3]int{games.Strong: {70, 70, 70}, games.Normal: {63, 49, 35}, games.Easy: {56, 35, 17}}
	for level, w := range want {
		for stars := 1; stars <= 3; stars++ {
			if got := botSuccess(70, level, stars); got != w[stars-1] {
				t.Errorf("%v, %d stars: %d %%, want %d", level, stars, got, w[stars-1])
			}
		}
	}
	for rate := 0; rate <= 100; rate += 5 {
		for stars := 1; stars <= 3; stars++ {
			e, n, s := botSuccess(rate, games.Easy, stars), botSuccess(rate, games.Normal, stars), botSuccess(rate, games.Strong, stars)
			if s != rate || n > s || e > n || stars > 1 && n > botSuccess(rate, games.Normal, stars-1) {
				t.Errorf("rate %d, %d stars: easy %d, normal %d, strong %d", rate, stars, e, n, s)
			}
		}
	}
}

// TestBot_StrengthsPlayTheWordsTheyKnow plays mixed games and checks every
// proposal and challenge: Normal and Easy play only familiar words (Easy
// the 3,000 most used), side words included, claim only the anagrams they
// know and challenge exactly when they know more than were claimed; Strong
// claims every anagram the lexicon and the famous list know, and
// challenges whenever the lexicon knows more.
func TestBot_StrengthsPlayTheWordsTheyKnow(t *testing.T) {
	proposals := map[games.Strength]int{}
	seeds, least := uint64(6), 20
	if gamestest.Race {
		seeds, least = 2, 5
	}
	for seed := uint64(300); seed < 300+seeds; seed++ {
		g := newGame(t, 2+int(seed%3), seed, nil)
		for moves := 0; !g.s.Over; moves++ {
			w := g.Waiting()[0]
			level := games.Strengths[(int(seed)+w.Seat)%3]
			m := g.Bot(w.Seat, level)
			s := g.s
			switch {
			case s.Phase == phaseCompose && m != "rien":
				proposals[level]++
				checkProposal(t, g, w.Seat, level, m)
			case s.Phase == phaseChallenge:
				known := g.anagramsKnown(s.Placed.Word, level)
				challenge := strings.HasPrefix(m, "defi ")
				if challenge != (len(known) > s.Placed.Claimed) {
					t.Errorf("%v, %s claimed %d, knowing %v: %q", level, s.Placed.Word, s.Placed.Claimed, known, m)
				}
				if challenge && m != "defi "+strings.Join(known, ",") {
					t.Errorf("%v challenges %q, knowing %v", level, m, known)
				}
			}
			mustApply(t, g, w.Seat, m)
		}
	}
	for _, level := range games.Strengths {
		if proposals[level] < least {
			t.Errorf("%v: %d proposals checked", level, proposals[level])
		}
	}
}

func checkProposal(t *testing.T, g *Game, seat int, level games.Strength, m string) {
	t.Helper()
	mv, err := parseMove(m)
	if err != nil || mv.kind != mvPropose {
		t.Fatalf("%v: %q: %v", level, m, err)
	}
	p := mv.prop
	lay, err := g.s.place(p.Word, p.Row, p.Col, p.Dir, g.s.Hands[seat])
	if err != nil {
		t.Fatalf("%v: %q: %v", level, m, err)
	}
	words := []string{p.Word}
	for _, sw := range lay.Side {
		words = append(words, sw.Word)
	}
	for _, w := range words {
		if r := lexicon.Familiarity(w); !knows(level, w) || level != games.Strong && !level.Plays(r) {
			t.Errorf("%v plays %s (rank %d) in %q", level, w, r, m)
		}
	}
	for _, a := range p.Anagrams {
		if r := lexicon.Familiarity(a); level != games.Strong && (r == 0 || r > styles[level].claimRank) {
			t.Errorf("%v claims %s (rank %d) in %q", level, a, r, m)
		}
	}
	if all := g.anagramsKnown(p.Word, games.Strong); level == games.Strong && !slices.Equal(p.Anagrams, all) {
		t.Errorf("strong claims %v of %s, the lexicon knows %v", p.Anagrams, p.Word, all)
	}
}

// TestBot_ChallengeWithTheAnagramsItKnows: CHIEN placed with NICHE
// claimed; the lexicon knows CHINE and NICHE. Strong shows both and wins
// the word (CQ-D7); Normal and Easy know CHINE alone (NICHE is beyond the
// 3,000 most used words), one is not more than one: they let it be.
func TestBot_ChallengeWithTheAnagramsItKnows(t *testing.T) {
	for _, c := range []struct {
		level games.Strength
		want  string
	}{{games.Strong, "defi CHINE,NICHE"}, {games.Normal, "passe"}, {games.Easy, "passe"}} {
		g := composeGame(t, 2, nil, []string{"CHIEN"})
		proposeAlone(t, g, 0, "mot CHIEN H10 droite anagrammes=NICHE")
		if g.s.Phase != phaseChallenge {
			t.Fatalf("phase %d", g.s.Phase)
		}
		if got := g.Bot(1, c.level); got != c.want {
			t.Errorf("%v: %q, want %q", c.level, got, c.want)
		}
	}
}
