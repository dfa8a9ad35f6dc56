package wordsout

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tablee/tablee/bot"
	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/games/gamestest"
	"github.com/tablee/tablee/i18n"
)

// narrate gives the words of the bot's narration of a move: "pose E🟩↻
// S🟥 sur la rangée 2", "joue une POUBELLE sur la rangée 3", "passe et
// pioche une carte", "n'annonce pas WORD OUT sur MAISON", "WORD OUT".
func narrate(r i18n.Renderer, mv string, evs []games.Event) string {
	said := ""
	for _, ev := range evs {
		switch ev.Msg.Key {
		case "wordsout.ev.countered", "wordsout.ev.no_counter", "wordsout.ev.extended", "wordsout.ev.nobody_left":
			// The end of a counter window: what the answers made, told
			// when the last one comes, no narration of that answer.
			return ""
		}
	}
	for _, ev := range evs {
		text := gamestest.Narrated(r, ev)
		switch ev.Msg.Key {
		case "wordsout.ev.lay", "wordsout.ev.lay_failed", "wordsout.ev.poubelle":
			// "pose E sur la rangée 2 : ROBE"
			if said == "" {
				said, _, _ = strings.Cut(text, ":")
				said = strings.TrimSpace(said)
			}
		case "wordsout.ev.pass_draw":
			said, _, _ = strings.Cut(text, " (") // "passe et pioche une carte (pioche : 12)"
		case "wordsout.ev.pass", "wordsout.ev.no_call":
			if said == "" {
				said = text
			}
		case "wordsout.ev.wordout", "wordsout.ev.window", "wordsout.ev.safe_last", "wordsout.ev.wrong_call":
			// "WORD OUT ! Alice annonce…", "Alice annonce WORD OUT, mais…"
			if said == "" {
				said = "WORD OUT !"
			} else if !strings.HasSuffix(said, "WORD OUT") {
				said += " WORD OUT"
			}
		}
	}
	if strings.HasSuffix(mv, " fin") && said != "" {
		// No event says that the player stopped laying cards.
		said += " fin"
	}
	return said
}

// TestNarrationPlaysBackAsTheMove: every move the bot narrates (a lay,
// with its call, a POUBELLE, a pass, a call and its refusal), typed back
// in the narration's words, French or English, is the same move.
func TestNarrationPlaysBackAsTheMove(t *testing.T) {
	tables := []gamestest.Table{{Players: 2}, {Players: 3}, {Players: 4}}
	gamestest.CheckNarrationsPlayBack(t, realEngine(), tables, 41, 300, narrate, nil, 200)
}

// typedMove is what the chat makes of a typed line (bot.TypedMove).
func typedMove(typed string) (string, bool) { return bot.TypedMove(NewEngine(testDict), typed) }

// corpusPosition builds the positions of testdata/phrasings.txt.
func corpusPosition(t *testing.T) func(string) games.Game {
	return func(name string) games.Game {
		switch name {
		case "rows":
			// Rows RU, SE, AR, BA; in hand E L B S, a REJOUER E, an
			// INCONTRABLE B, a JOKER and a POUBELLE.
			return build(t, testDict, 2, [4]string{"R U", "S E", "A R", "B A"}, []string{"E L B S E+ B! * #", "E E"}, 10)
		case "call":
			// Seat 0 laid S on BA: BAS may be called.
			g := build(t, testDict, 2, [4]string{"R U", "S E", "A R", "B A"}, []string{"S E L", "E E"}, 10)
			gamestest.MustApply(t, g, 0, "S 4")
			return g
		case "more":
			// Seat 0 laid a REJOUER E on RU: another card on row 1, or stop.
			g := build(t, testDict, 2, [4]string{"R U", "S E", "A R", "B A"}, []string{"E+ L S", "E E"}, 10)
			gamestest.MustApply(t, g, 0, "E+ 1")
			return g
		}
		return nil
	}
}

// TestCorpusOfTypedMoves plays every line of testdata/phrasings.txt, moves
// typed as French players type them, through the chat's path: each is
// the move it means, or the refusal it must get.
func TestCorpusOfTypedMoves(t *testing.T) {
	gamestest.CheckCorpus(t, "testdata/phrasings.txt", corpusPosition(t), typedMove, nil)
}

// A letter typed alone is a card, whatever little word it looks like.
func TestParseLettersAreCards(t *testing.T) {
	for in, want := range map[string]string{
		"pose a 2":                 "A",
		"pose e a la rangée 2":     "E",
		"pose e a 2":               "E A",
		"pose l'e sur la rangée 2": "E",
		"pose l e sur la rangée 2": "L E",
		"pose d et e sur 2":        "D E",
		"pose le e et le s sur 2":  "E S",
		"n":                        "N",
		"j 2":                      "J",
		"pose un joker (z) sur 2":  "joker=Z",
		"pose le joker en z sur 2": "joker=Z",
	} {
		m, err := parseMove(in)
		if err != nil {
			t.Errorf("%q: %v", in, err)
			continue
		}
		var got []string
		for _, c := range m.cards {
			got = append(got, c.String())
		}
		if strings.Join(got, " ") != want {
			t.Errorf("%q: cards %v, want %s", in, got, want)
		}
	}
}

// The sentences the rules show are moves.
func TestRulesSentencesAreMoves(t *testing.T) {
	gamestest.CheckRulesSentences(t, "wordsout.rules", func(ex string) error {
		if m, err := parseMove(ex); err != nil || len(m.cards) == 0 {
			return fmt.Errorf("%+v %v", m, err)
		}
		return nil
	})
}
