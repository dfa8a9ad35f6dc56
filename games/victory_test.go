package games

import (
	"strings"
	"testing"

	"github.com/tablee/tablee/i18n"
)

// A shared win is one sentence naming every winner, with the verb in the
// plural, never one "gagne" per winner; one winner "gagne" alone.
func TestVictory_SharedWinIsOneSentence(t *testing.T) {
	names := []string{"alice", "Robot 1", "bob"}
	name := func(s int) string { return names[s] }
	for _, c := range []struct {
		lang   i18n.Lang
		seats  []int
		points int
		want   string
	}{
		{i18n.FR, []int{0}, 43, "alice gagne avec 43 points"},
		{i18n.FR, []int{0}, 1, "alice gagne avec 1 point"},
		{i18n.FR, []int{0, 1}, 43, "alice et Robot 1 se partagent la victoire avec 43 points"},
		{i18n.FR, []int{0, 1, 2}, 0, "alice, Robot 1 et bob se partagent la victoire avec 0 point"},
		{i18n.EN, []int{1}, 1, "Robot 1 wins with 1 point"},
		{i18n.EN, []int{0, 1}, 43, "alice and Robot 1 share the win with 43 points"},
		{i18n.EN, []int{0, 1, 2}, 0, "alice, Robot 1 and bob share the win with 0 points"},
	} {
		got := i18n.Renderer{Lang: c.lang, Name: name}.Text(Victory(c.seats, c.points))
		if got != c.want {
			t.Errorf("%s %v: %q, want %q", c.lang, c.seats, got, c.want)
		}
		if strings.Count(got, "gagne")+strings.Count(got, "wins") > 1 {
			t.Errorf("%q says the win more than once", got)
		}
	}
	r := i18n.Renderer{Lang: i18n.FR, Name: name}
	if got, want := r.Text(Result{Over: true, Scores: []int{7, 5, 7}}.Victory()), "alice et bob se partagent la victoire avec 7 points"; got != want {
		t.Errorf("a result's victory: %q, want %q", got, want)
	}
	if !Victory(nil, 3).IsZero() || !(Result{}).Victory().IsZero() {
		t.Error("no winner should say nothing")
	}
}
