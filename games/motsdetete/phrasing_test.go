package motsdetete

import (
	"strings"
	"testing"

	"github.com/tablee/tablee/bot"
	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/games/gamestest"
	"github.com/tablee/tablee/i18n"
)

// narrate gives the words of the bot's narration of a move: "Alice, 🎲 4,
// écrit MAISON en H3↓, nouvelles lettres…" is "écrit MAISON en H3↓";
// "Alice, 🎲 4, passe." is "passe".
func narrate(r i18n.Renderer, _ string, evs []games.Event) string {
	for _, ev := range evs {
		switch ev.Msg.Key {
		case "motsdetete.ev.play", "motsdetete.ev.lost", "motsdetete.ev.pass":
			text := strings.TrimPrefix(r.Text(ev.Msg), gamestest.NarratedName+", ")
			_, text, _ = strings.Cut(text, ", ") // the die
			text, _, _ = strings.Cut(text, ",")
			text, _, _ = strings.Cut(text, ":")
			return strings.TrimSuffix(strings.TrimSpace(text), ".")
		}
	}
	return ""
}

// TestNarrationPlaysBackAsTheMove: every word the bot narrates ("écrit
// MAISON en H3↓", "writes MAISON at H3↓") and every pass, typed back in
// the narration's words, French or English, is the same move.
func TestNarrationPlaysBackAsTheMove(t *testing.T) {
	e := realEngine()
	n := 0
	for i, players := range []int{1, 2, 3, 4} {
		n += gamestest.CheckNarrationPlaysBack(t, e, nil, players, uint64(51+i), 120, narrate, nil)
	}
	if n < 200 {
		t.Fatalf("only %d narrations played back", n)
	}
}

// typedMove is what the chat makes of a typed line: bot.ParseText, then
// the move the table receives (bot.MoveOf).
func typedMove(typed string) (string, bool) {
	name, args, ok := bot.ParseText(typed)
	if !ok {
		return "", false
	}
	return bot.MoveOf(realEngine(), name, args)
}

// corpusPosition builds the positions of testdata/phrasings.txt: the
// sheet's small grid, empty, and the die of the scenario's name.
func corpusPosition(t *testing.T) func(string) games.Game {
	lex := smallLex(t, "DISQUE", "DISQUES", "DE", "LA", "EN", "LE", "BAS", "SOLO")
	return func(name string) games.Game {
		die := map[string]int{"six": 6, "two": 2, "three": 3}[name]
		if die == 0 {
			return nil
		}
		g := newGame(t, sheetGrid, lex, 2, nil)
		g.setDie(die)
		return g
	}
}

// TestCorpusOfTypedMoves plays every line of testdata/phrasings.txt, moves
// typed as French players type them, through the chat's path: each is
// the move it means, or the refusal it must get.
func TestCorpusOfTypedMoves(t *testing.T) {
	lines := gamestest.ReadPhrasings(t, "testdata/phrasings.txt")
	moves := 0
	for _, p := range lines {
		if p.Refusal == "" {
			moves++
		}
		gamestest.CheckPhrasing(t, p, corpusPosition(t), typedMove, nil)
	}
	if moves < 40 {
		t.Fatalf("%d phrasings of moves, want 40 at least", moves)
	}
}

// The little words of a sentence are skipped around the cell and the
// direction, and are the word when nothing else is left.
func TestParseSentences(t *testing.T) {
	g := standardGrid
	cell := func(n string) int { c, _ := g.parseCell(n); return c }
	for _, tc := range []struct {
		in   string
		cell string
		down bool
		word string
	}{
		{"j4 vers le bas test", "J4", true, "TEST"},
		{"écrit MAISON en H3↓", "H3", true, "MAISON"},
		{"writes MAISON at H3→", "H3", false, "MAISON"},
		{"écris maison à partir de la case h3 à droite", "H3", false, "MAISON"},
		{"h3 en bas", "H3", true, "EN"},
		{"h3 bas de", "H3", true, "DE"},
		{"h3 vers le bas de", "H3", true, "DE"},
		{"écris la en h3 vers la droite", "H3", false, "LA"},
		{"j'écris le mot de en h3 vers le bas", "H3", true, "DE"},
		{"h3 de haut en bas en", "H3", true, "EN"},
		{"write house starting at h3 going down", "H3", true, "HOUSE"},
	} {
		m, err := parseMove(g, tc.in)
		if err != nil || m.pass || m.cell != cell(tc.cell) || m.down != tc.down || m.word != tc.word {
			t.Errorf("%q: %+v %v", tc.in, m, err)
		}
	}
}

// The sentences the rules show are moves.
func TestRulesSentencesAreMoves(t *testing.T) {
	for _, lang := range i18n.Langs {
		exs := gamestest.LastLineExamples(lang, "motsdetete.rules")
		if len(exs) < 2 {
			t.Fatalf("%s: no sentence on the rules' last line", lang)
		}
		for _, ex := range exs {
			mv, ok := typedMove(ex)
			if m, err := parseMove(standardGrid, mv); !ok || err != nil || m.pass || m.word == "" {
				t.Errorf("%s: %q: %+v %v", lang, ex, m, err)
			}
		}
	}
}
