package gamestest

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/i18n"
)

func TestCheckNarrationsPlayBack(t *testing.T) {
	// A counter game ends after five bot moves "+1": five narrations in
	// each language, ten a table.
	tables := []Table{{Players: 2}, {Players: 2}}
	same := func(r i18n.Renderer, mv string, _ []games.Event) string { return mv }
	CheckNarrationsPlayBack(t, counterEngine{}, tables, 1, 100, same, nil, 20)
	for name, f := range map[string]func(tb testing.TB){
		"too few": func(tb testing.TB) { CheckNarrationsPlayBack(tb, counterEngine{}, tables, 1, 100, same, nil, 21) },
		"silent": func(tb testing.TB) {
			CheckNarrationsPlayBack(tb, counterEngine{}, tables, 1, 100, func(i18n.Renderer, string, []games.Event) string { return "" }, nil, 1)
		},
		"another move": func(tb testing.TB) {
			CheckNarrationsPlayBack(tb, counterEngine{}, tables, 1, 100, func(i18n.Renderer, string, []games.Event) string { return "+2" }, nil, 1)
		},
	} {
		if failed := run(t, f); len(failed) == 0 {
			t.Errorf("%s: no failure", name)
		}
	}
}

func TestCheckCorpus(t *testing.T) {
	corpus := func(moves int, extra string) string {
		path := filepath.Join(t.TempDir(), "phrasings.txt")
		text := "[zero]\n" + strings.Repeat("+1 => +1\n", moves) + "nonsense => ! t.no\n" + extra
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	position := func(string) games.Game { return &counter{} }
	asTyped := func(s string) (string, bool) { return s, true }
	CheckCorpus(t, corpus(MinPhrasings, ""), position, asTyped, nil)
	for name, path := range map[string]string{
		"too few":        corpus(MinPhrasings-1, ""),
		"another move":   corpus(MinPhrasings, "+1 => +2\n"),
		"another reason": corpus(MinPhrasings, "+1 => ! t.no\n"),
	} {
		if failed := run(t, func(tb testing.TB) { CheckCorpus(tb, path, position, asTyped, nil) }); len(failed) == 0 {
			t.Errorf("%s: no failure", name)
		}
	}
}

func TestCheckRulesSentences(t *testing.T) {
	i18n.Register(i18n.FR, map[string]string{"gtrules.rules": "Règles.\nPar exemple « +1 » ou « +2 ».", "gtrules.one": "Règles.\nPar exemple « +1 »."})
	i18n.Register(i18n.EN, map[string]string{"gtrules.rules": "Rules.\nFor example \"+1\" or \"+2\".", "gtrules.one": "Rules.\nFor example \"+1\" or \"+2\"."})
	var seen []string
	CheckRulesSentences(t, "gtrules.rules", func(s string) error { seen = append(seen, s); return nil })
	if strings.Join(seen, " ") != "+1 +2 +1 +2" {
		t.Fatalf("sentences checked: %q", seen)
	}
	for name, f := range map[string]func(tb testing.TB){
		"one sentence": func(tb testing.TB) { CheckRulesSentences(tb, "gtrules.one", func(string) error { return nil }) },
		"no move": func(tb testing.TB) {
			CheckRulesSentences(tb, "gtrules.rules", func(s string) error {
				if s == "+2" {
					return errors.New("not a move")
				}
				return nil
			})
		},
	} {
		if failed := run(t, f); len(failed) == 0 {
			t.Errorf("%s: no failure", name)
		}
	}
}
