package motsdetete

import (
	"fmt"
	"strings"
	"testing"

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
	tables := []gamestest.Table{{Players: 1}, {Players: 2}, {Players: 3}, {Players: 4}}
	gamestest.CheckNarrationsPlayBack(t, realEngine(), tables, 51, 120, narrate, nil, 200)
}

// ChatMove is what the chat makes of a typed line (bot.TypedMove), set by
// chat_test.go: bot imports this package through the daily challenge
// (challenge, games/duplicate), so only an external test may import bot.
var ChatMove func(e games.Engine, typed string) (string, bool)

// typedMove is what the chat makes of a typed line.
func typedMove(typed string) (string, bool) { return ChatMove(realEngine(), typed) }

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
	gamestest.CheckCorpus(t, "testdata/phrasings.txt", corpusPosition(t), typedMove, nil)
}

// The sentences the rules show are moves.
func TestRulesSentencesAreMoves(t *testing.T) {
	gamestest.CheckRulesSentences(t, "motsdetete.rules", func(ex string) error {
		mv, ok := typedMove(ex)
		if m, err := parseMove(standardGrid, mv); !ok || err != nil || m.pass || m.word == "" {
			return fmt.Errorf("%+v %v", m, err)
		}
		return nil
	})
}
