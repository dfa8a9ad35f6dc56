package lexicon

import (
	"sync"
	"testing"
)

// A Derived works its value out once per lexicon, and again only for a
// lexicon it let go of after many others.
func TestDerived(t *testing.T) {
	made := map[*Lexicon]int{}
	d := NewDerived(func(l *Lexicon) int { made[l]++; return l.Len() })
	a, _ := Build([]string{"CHAT", "CHIEN"})
	if d.Of(a) != 2 || d.Of(a) != 2 || made[a] != 1 {
		t.Fatalf("made %d times", made[a])
	}
	for i := 0; i < derivedKept; i++ {
		l, _ := Build([]string{"MOT"})
		d.Of(l)
	}
	if d.Of(a); made[a] != 2 {
		t.Errorf("after %d other lexicons: made %d times, want 2", derivedKept, made[a])
	}
}

// Bots of many tables ask for the same lexicon's value at once (the race
// detector watches the CI's first command run this): each gets the value,
// and a lexicon's value is worked out once.
func TestDerivedConcurrent(t *testing.T) {
	var mu sync.Mutex
	made := map[*Lexicon]int{}
	d := NewDerived(func(l *Lexicon) int {
		mu.Lock()
		made[l]++
		mu.Unlock()
		return l.Len()
	})
	var lexicons []*Lexicon
	for i := range 3 {
		l, _ := Build([]string{"CHAT", "CHIEN", "MOT"}[:i+1])
		lexicons = append(lexicons, l)
	}
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 100 {
				l := lexicons[(g+i)%len(lexicons)]
				if got := d.Of(l); got != l.Len() {
					t.Errorf("Of = %d, want %d", got, l.Len())
					return
				}
			}
		}()
	}
	wg.Wait()
	for i, l := range lexicons {
		if made[l] != 1 {
			t.Errorf("lexicon %d: worked out %d times", i, made[l])
		}
	}
}
