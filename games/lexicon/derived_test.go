package lexicon

import "testing"

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
