package i18n

import "testing"

// A list says its items as a sentence does, in the reader's language: no
// comma before the last item, "et"/"and" (or "ou"/"or") before it.
func TestList_AndOrInBothLanguages(t *testing.T) {
	names := []string{"alice", "bob", "Chloé", "David"}
	seats := func(n int) []any {
		var s []any
		for i := range n {
			s = append(s, Seat(i))
		}
		return s
	}
	for _, c := range []struct {
		lang Lang
		m    Msg
		want string
	}{
		{FR, And(seats(1)...), "alice"},
		{FR, And(seats(2)...), "alice et bob"},
		{FR, And(seats(3)...), "alice, bob et Chloé"},
		{FR, And(seats(4)...), "alice, bob, Chloé et David"},
		{EN, And(seats(1)...), "alice"},
		{EN, And(seats(2)...), "alice and bob"},
		{EN, And(seats(3)...), "alice, bob and Chloé"},
		{EN, And(seats(4)...), "alice, bob, Chloé and David"},
		{FR, Or("A", "B", "C"), "A, B ou C"},
		{EN, Or("A", "B"), "A or B"},
		{FR, And(Raw("x"), T("i18n.list.one", Seat(1))), "x et bob"},
	} {
		r := Renderer{Lang: c.lang, Name: func(s int) string { return names[s] }}
		if got := r.Text(c.m); got != c.want {
			t.Errorf("%s: %q, want %q", c.lang, got, c.want)
		}
	}
	if !And().IsZero() || !Or().IsZero() {
		t.Error("an empty list should be the zero message")
	}
}
