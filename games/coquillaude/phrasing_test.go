package coquillaude

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/games/gamestest"
	"github.com/tablee/tablee/i18n"
)

// narrate gives the words of the bot's narration of a move: "répond
// PIRATES", "ne propose rien", "ne défie pas", and the proposal as the
// private note tells it ("Proposition enregistrée : NAPOLEON en H11, vers
// la droite"), typed after /mot.
func narrate(r i18n.Renderer, mv string, evs []games.Event) string {
	for _, ev := range evs {
		text := gamestest.Narrated(r, ev)
		switch ev.Msg.Key {
		case "coquillaude.ev.right", "coquillaude.ev.wrong":
			said, _, _ := strings.Cut(text, ":") // "répond PIRATES : juste !…"
			return strings.TrimSpace(said)
		case "coquillaude.ev.proposed_none", "coquillaude.ev.no_challenge":
			return text
		case "coquillaude.pv.proposed":
			if strings.Contains(mv, "celebre") || strings.Contains(mv, "anagrammes=") {
				return "" // the note does not repeat the claims
			}
			_, said, _ := strings.Cut(text, ": ")
			said, _, _ = strings.Cut(said, ".")
			return "mot " + said
		}
	}
	return ""
}

// sameButTyped: two games are the same but for the proposals' text as
// typed, which the private view shows back.
func sameButTyped(a, b games.Game) bool {
	blank := func(g games.Game) []byte {
		data, _ := g.Save()
		c, err := (&Engine{}).Load(data)
		if err != nil {
			return nil
		}
		for _, p := range c.(*Game).s.Props {
			if p != nil {
				p.Text = ""
			}
		}
		out, _ := c.Save()
		return out
	}
	x, y := blank(a), blank(b)
	return x != nil && bytes.Equal(x, y)
}

// TestNarrationPlaysBackAsTheMove: every move the bot narrates (an
// answer, a proposal, nothing proposed, no challenge), typed back in the
// narration's words, French or English, is the same move.
func TestNarrationPlaysBackAsTheMove(t *testing.T) {
	tables := []gamestest.Table{{Players: 2}, {Players: 3}, {Players: 4}}
	gamestest.CheckNarrationsPlayBack(t, &Engine{}, tables, 61, 150, narrate, sameButTyped, 100)
}

// ChatMove is what the chat makes of a typed line (bot.TypedMove), set by
// chat_test.go: bot imports this package through the daily challenge
// (challenge, games/duplicate), so only an external test may import bot.
var ChatMove func(e games.Engine, typed string) (string, bool)

// typedMove is what the chat makes of a typed line.
func typedMove(typed string) (string, bool) { return ChatMove(&Engine{}, typed) }

// corpusPosition builds the positions of testdata/phrasings.txt.
func corpusPosition(t *testing.T) func(string) games.Game {
	return func(name string) games.Game {
		switch name {
		case "answer":
			return sheetGame(t) // seat 0 answers his question
		case "compose":
			return composeGame(t, 2, nil, []string{"MAISON"})
		case "vote":
			g := composeGame(t, 4, nil, []string{"AARON"})
			proposeAlone(t, g, 0, "mot AARON H10 droite celebre")
			return g
		case "challenge":
			g := composeGame(t, 3, nil, []string{"ABLUTION"})
			proposeAlone(t, g, 0, "mot ABLUTION G10 droite anagrammes=OUBLIANT")
			return g
		case "gift":
			// Seat 0 gives two pions to seat 1.
			g := composeGame(t, 2, nil, []string{"ABCDE", "FGHIJ"})
			g.s.Props = nil
			g.s.Gifts = []gift{{To: 1, N: 2, Number: 2233}}
			g.s.Given = []bool{false, true}
			g.s.Phase = phaseGift
			return g
		}
		return nil
	}
}

// TestCorpusOfTypedMoves plays every line of testdata/phrasings.txt, moves
// typed as French players type them, through the chat's path: each is
// the move it means, or the refusal it must get.
func TestCorpusOfTypedMoves(t *testing.T) {
	if IsFamous("AARON") {
		t.Skip("AARON is on the list: no vote")
	}
	gamestest.CheckCorpus(t, "testdata/phrasings.txt", corpusPosition(t), typedMove, sameButTyped)
}

// The word proposed may be one of the words that introduce it ("mot MOT
// H11 bas", "mot LE en H11 vers le bas"): a cell or a little word after it
// says it is the word.
func TestParseProposalOfLittleWords(t *testing.T) {
	for in, want := range map[string]string{
		"mot MOT R6 bas":                    "MOT",
		"mot le mot maison en h10 à droite": "MAISON",
		"mot la en h10 vers le bas":         "LA",
		"mot THE S11 droite":                "THE",
		"propose le mot de en h10 en bas":   "DE",
	} {
		m, err := parseMove(in)
		if err != nil || m.kind != mvPropose || m.prop.Word != want {
			t.Errorf("%q: %+v %v, want %s", in, m.prop, err, want)
		}
	}
}

// The sentences the rules show are moves.
func TestRulesSentencesAreMoves(t *testing.T) {
	gamestest.CheckRulesSentences(t, "coquillaude.rules", func(ex string) error {
		mv, ok := typedMove(ex)
		if m, err := parseMove(mv); !ok || err != nil || m.kind == mvPass {
			return fmt.Errorf("%+v %v", m, err)
		}
		return nil
	})
}
