package games

import "testing"

func TestStrengthChoose(t *testing.T) {
	cands := []Candidate{
		{Score: 50, Rank: 0},    // a word few people know: ZABRES
		{Score: 30, Rank: 5000}, // known, not common
		{Score: 20, Rank: 200},  // common
		{Score: 10, Rank: 100},
		{Score: 5, Rank: 1}, // a pass
		{Score: 1, Rank: 50},
	}
	count := func(s Strength) map[int]int {
		n := map[int]int{}
		for salt := uint64(0); salt < 4000; salt++ {
			n[s.Choose(cands, salt)]++
		}
		return n
	}
	if n := count(Strong); n[0] != 4000 {
		t.Errorf("strong: %v, want always the best score", n)
	}
	n := count(Normal)
	if n[0] != 0 {
		t.Errorf("normal played a word it does not know: %v", n)
	}
	if n[1] < 2700 || n[1] > 3300 || n[2]+n[3] < 700 || n[2]+n[3] > 1300 {
		t.Errorf("normal: %v, want its best three times out of four, else the next two", n)
	}
	n = count(Easy)
	if n[0]+n[1] != 0 {
		t.Errorf("easy played an uncommon word: %v", n)
	}
	for _, i := range []int{2, 3, 4, 5} {
		if n[i] < 800 || n[i] > 1200 {
			t.Errorf("easy: %v, want its four best at random", n)
		}
	}
}

// A bot that knows none of the words plays anyway: a game never waits on a
// bot for want of a familiar word.
func TestStrengthChooseNeverStalls(t *testing.T) {
	cands := []Candidate{{Score: 3, Rank: 0}, {Score: 9, Rank: 0}}
	for _, s := range Strengths {
		if got := s.Choose(cands, 7); got != 1 {
			t.Errorf("%v chose %d, want the best of what it can play", s, got)
		}
	}
	if got := Easy.Choose([]Candidate{{Score: 1, Rank: 6000}, {Score: 2, Rank: 0}}, 1); got != 0 {
		t.Errorf("easy chose %d, want the word a Normal bot knows", got)
	}
	if Easy.Choose(nil, 1) != -1 {
		t.Error("no candidate must give -1")
	}
}

func TestChance(t *testing.T) {
	hits := 0
	for salt := uint64(0); salt < 10000; salt++ {
		if Chance(salt, 0.3) {
			hits++
		}
	}
	if hits < 2800 || hits > 3200 {
		t.Errorf("Chance(0.3) happened %d times in 10000", hits)
	}
	if Chance(1, 0) || !Chance(1, 1) {
		t.Error("Chance(0) or Chance(1) wrong")
	}
}
