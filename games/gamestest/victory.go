package gamestest

import (
	"strconv"
	"strings"
	"testing"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/i18n"
)

// SceneText is what a picture says, one text a line: the headings, notes
// and lines of its blocks in every language (French first).
func SceneText(sc games.Scene) string {
	var out []string
	for _, lang := range i18n.Langs {
		r := i18n.Renderer{Lang: lang}
		for _, b := range sc.Blocks {
			for _, m := range []i18n.Msg{b.Label, b.Note} {
				if !m.IsZero() {
					out = append(out, r.Text(m))
				}
			}
			for _, l := range b.Lines {
				out = append(out, r.Text(l.Text))
			}
		}
	}
	return strings.Join(out, "\n")
}

// CheckSharedWin checks what a finished game shows (ViewText or
// SceneText, seats unnamed: "#1", "#2") when the seats share the win: one
// sentence per language names them all, "#1 et #3 se partagent la
// victoire" and "#1 and #3 share the win", and no line says that one of
// them "gagne avec" or "wins with" his points alone.
func CheckSharedWin(t testing.TB, text string, seats ...int) {
	t.Helper()
	names := make([]string, len(seats))
	for i, s := range seats {
		names[i] = "#" + strconv.Itoa(s+1)
	}
	head := strings.Join(names[:len(names)-1], ", ")
	last := names[len(names)-1]
	for _, want := range []string{head + " et " + last + " se partagent la victoire avec ", head + " and " + last + " share the win with "} {
		if n := strings.Count(text, want); n != 1 {
			t.Errorf("%q said %d times, want once:\n%s", want, n, text)
		}
	}
	for _, alone := range []string{"gagne avec", "wins with"} {
		if strings.Contains(text, alone) {
			t.Errorf("a winner %q alone:\n%s", alone, text)
		}
	}
}
