package cards

import (
	"encoding/json"
	"slices"
	"testing"
)

// TestRandIsSplitmix64: the sequence is the one Crack Word and
// L'Escogriffe compute by hand, so that they can switch without changing
// a saved game. Reference values of splitmix64 seeded with 0.
func TestRandIsSplitmix64(t *testing.T) {
	var r Rand
	want := []uint64{0xe220a8397b1dcdaf, 0x6e789e6aa1b965f4, 0x06c45d188009454f}
	for i, w := range want {
		if got := r.Uint64(); got != w {
			t.Fatalf("value %d = %#x, want %#x", i, got, w)
		}
	}
	// The hand-written form of the other engines.
	rng := uint64(1234)
	next := func() uint64 {
		rng += 0x9e3779b97f4a7c15
		z := rng
		z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
		z = (z ^ (z >> 27)) * 0x94d049bb133111eb
		return z ^ (z >> 31)
	}
	r = Rand(1234)
	for i := 0; i < 100; i++ {
		if a, b := r.Uint64(), next(); a != b {
			t.Fatalf("step %d: %x != %x", i, a, b)
		}
	}
}

func TestRandSaveLoad(t *testing.T) {
	type st struct {
		R Rand      `json:"rng"`
		P Pile[int] `json:"p"`
	}
	a := st{R: Rand(99), P: Pile[int]{1, 2, 3}}
	a.R.Uint64()
	data, err := json.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	var b st
	if err := json.Unmarshal(data, &b); err != nil {
		t.Fatal(err)
	}
	if b.R != a.R || !slices.Equal(a.P, b.P) {
		t.Fatalf("round trip: %+v != %+v (%s)", b, a, data)
	}
	if a.R.Uint64() != b.R.Uint64() {
		t.Fatal("the loaded Rand does not go on like the saved one")
	}
	// Large states survive JSON (no float64 on the way).
	c := st{R: Rand(^uint64(0) - 5)}
	data, _ = json.Marshal(c)
	var d st
	if err := json.Unmarshal(data, &d); err != nil || d.R != c.R {
		t.Fatalf("large state %s: %v %v", data, d.R, err)
	}
}

func TestShuffleIsAPermutationAndDeterministic(t *testing.T) {
	base := make([]int, 108)
	for i := range base {
		base[i] = i
	}
	a, b := slices.Clone(base), slices.Clone(base)
	ra, rb := Rand(7), Rand(7)
	Shuffle(&ra, a)
	Shuffle(&rb, b)
	if !slices.Equal(a, b) {
		t.Fatal("same seed, different shuffles")
	}
	if slices.Equal(a, base) {
		t.Fatal("shuffle left the order")
	}
	s := slices.Clone(a)
	slices.Sort(s)
	if !slices.Equal(s, base) {
		t.Fatal("not a permutation")
	}
	rc := Rand(8)
	c := slices.Clone(base)
	Shuffle(&rc, c)
	if slices.Equal(a, c) {
		t.Fatal("different seeds, same shuffle")
	}
}

func TestShuffleIsFair(t *testing.T) {
	// Each of 4 cards lands in each place about a quarter of the time.
	var count [4][4]int
	r := Rand(1)
	for n := 0; n < 40000; n++ {
		s := []int{0, 1, 2, 3}
		Shuffle(&r, s)
		for pos, c := range s {
			count[c][pos]++
		}
	}
	for c := range count {
		for pos, k := range count[c] {
			if k < 9400 || k > 10600 {
				t.Fatalf("card %d at %d: %d times of 40000", c, pos, k)
			}
		}
	}
}

func TestPileDrawPushTop(t *testing.T) {
	p := Pile[string]{"a", "b", "c"}
	if top, ok := p.Top(); !ok || top != "c" {
		t.Fatal(top)
	}
	got := p.Draw(2)
	if !slices.Equal(got, []string{"c", "b"}) || p.Len() != 1 {
		t.Fatal(got, p)
	}
	if got := p.Draw(5); !slices.Equal(got, []string{"a"}) || p.Len() != 0 {
		t.Fatal(got, p)
	}
	if got := p.Draw(1); got != nil {
		t.Fatal(got)
	}
	if _, ok := p.Top(); ok {
		t.Fatal("top of an empty pile")
	}
	p.Push("x", "y")
	if top, _ := p.Top(); top != "y" {
		t.Fatal(p)
	}
}

func TestPileInsertNeverOnTop(t *testing.T) {
	r := Rand(3)
	for n := 0; n < 200; n++ {
		p := Pile[int]{1, 2, 3}
		p.Insert(&r, 9)
		if p.Len() != 4 || p[3] == 9 {
			t.Fatalf("insert put the card on top: %v", p)
		}
	}
	var e Pile[int]
	e.Insert(&r, 5)
	if !slices.Equal(e, Pile[int]{5}) {
		t.Fatal(e)
	}
}

func TestDealRoundRobin(t *testing.T) {
	p := Pile[int]{}
	for i := 9; i >= 0; i-- {
		p.Push(i) // top is 0
	}
	hands := make([][]int, 3)
	got := Deal(&p, hands, 1, 8)
	// 10 cards to 3 players from seat 1: seats 1, 2, 0, 1, 2, 0, ...
	if !slices.Equal(got, []int{3, 4, 3}) {
		t.Fatalf("counts %v", got)
	}
	if !slices.Equal(hands[1], []int{0, 3, 6, 9}) || !slices.Equal(hands[2], []int{1, 4, 7}) || !slices.Equal(hands[0], []int{2, 5, 8}) {
		t.Fatalf("hands %v", hands)
	}
	if p.Len() != 0 {
		t.Fatal(p)
	}
	q := Pile[int]{1, 2, 3, 4, 5, 6, 7}
	hs := make([][]int, 2)
	if got := Deal(&q, hs, 0, 2); !slices.Equal(got, []int{2, 2}) || q.Len() != 3 {
		t.Fatal(got, q)
	}
}

func TestRemove(t *testing.T) {
	s := []int{1, 2, 3, 2}
	if !Remove(&s, 2) || !slices.Equal(s, []int{1, 3, 2}) {
		t.Fatal(s)
	}
	if Remove(&s, 7) {
		t.Fatal("removed a missing element")
	}
}
