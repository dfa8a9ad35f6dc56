package crackword

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/tablee/tablee/bot"
	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/games/gamestest"
	"github.com/tablee/tablee/i18n"
)

// narrate gives the words of the bot's narration of a move: "pose S à
// droite de la rangée 4 ras", "joue une POUBELLE sur la rangée 3",
// "relance la rangée 2 avec E", "n'annonce pas CRACK WORD".
func narrate(r i18n.Renderer, _ string, evs []games.Event) string {
	said, crack := "", false
	for _, ev := range evs {
		text := gamestest.Narrated(r, ev)
		switch ev.Msg.Key {
		case "crackword.ev.lay":
			// "pose S à droite de la rangée 4 : RA → RAS (exemple : ras)"
			place, _, _ := strings.Cut(text, ":")
			said = strings.TrimSpace(place) + " " + ev.Msg.Args[6].(string)
		case "crackword.ev.lay_start", "crackword.ev.restart", "crackword.ev.crack_declined", "crackword.ev.pass":
			if said == "" {
				said = text
			}
		case "crackword.ev.trash", "crackword.ev.pass_nodraw":
			// "joue une POUBELLE sur la rangée 3 (MOT) : …", "passe (sa pioche est vide)"
			said, _, _ = strings.Cut(text, " (")
		case "crackword.ev.crack":
			if said == "" {
				said, _, _ = strings.Cut(text, "!") // "CRACK WORD ! Alice remporte…"
			} else {
				crack = true
			}
		}
	}
	if crack {
		said += " crack"
	}
	return said
}

// TestNarrationPlaysBackAsTheMove: every move the bot narrates (a lay,
// a restart, a POUBELLE, a pass, a call and its refusal), typed back in
// the narration's words, French or English, is the same move.
func TestNarrationPlaysBackAsTheMove(t *testing.T) {
	tables := []gamestest.Table{{Players: 2}, {Players: 3}, {Players: 4}, {Players: 2, Opts: games.Options{"assisted": "on"}}}
	gamestest.CheckNarrationsPlayBack(t, realEngine(), tables, 31, 300, narrate, nil, 200)
}

// typedMove is what the chat makes of a typed line (bot.TypedMove).
func typedMove(typed string) (string, bool) { return bot.TypedMove(realEngine(), typed) }

// positions of the corpus (testdata/phrasings.txt): seat 0 to play.
func corpusPosition(t *testing.T, d Dict) func(string) games.Game {
	return func(name string) games.Game {
		switch name {
		case "rows":
			// Row 1 ARB, row 2 MAIS, row 3 EN, row 4 LA; a hand to lay at
			// either end, on a card, a JOKER and a POUBELLE.
			return build(t, d, 2, [4]string{"Ar Rb Br", "Mr Ab Ir Sb", "Er Nb", "Lr Ab"}, []string{"E R O N S * #", "E E"}, 10)
		case "crack":
			// Seat 0 laid E after ARBR: ARBRE may be called.
			g := build(t, d, 2, [4]string{"Ar Rr Br Rb", "Mr Ab", "Er Nb", "Lr Ab"}, []string{"E S", "E E"}, 10)
			gamestest.MustApply(t, g, 0, "E droite 1")
			return g
		case "restart":
			// Row 2 was cracked: seat 0 restarts it.
			g := build(t, d, 2, [4]string{"Ar Rb Br", "Mr Ar Ir", "Er Nb", "Lr Ab"}, []string{"S E *", "E E"}, 10)
			gamestest.MustApply(t, g, 0, "S droite 2 maison crack")
			return g
		}
		return nil
	}
}

// TestCorpusOfTypedMoves plays every line of testdata/phrasings.txt, moves
// typed as French players type them, through the chat's path: each is
// the move it means, or the refusal it must get.
func TestCorpusOfTypedMoves(t *testing.T) {
	gamestest.CheckCorpus(t, "testdata/phrasings.txt", corpusPosition(t, realEngine().dict()), typedMove, nil)
}

// A word that is also one of the little words of a place (DE, LA, SUR,
// RANGÉE) is still the example after the place.
func TestParseKeepsFillerWordsAsExamples(t *testing.T) {
	for in, want := range map[string]move{
		"r à droite de la rangée 2 arbre":                 {kind: mvLay, letter: 'R', side: sideRight, row: 1, example: "arbre"},
		"L à droite de la rangée 2 la":                    {kind: mvLay, letter: 'L', side: sideRight, row: 1, example: "la"},
		"d à gauche de la rangée 3 de":                    {kind: mvLay, letter: 'D', side: sideLeft, row: 2, example: "de"},
		"e droite 2 de":                                   {kind: mvLay, letter: 'E', side: sideRight, row: 1, example: "de"},
		"s à droite de la rangée 1 sur":                   {kind: mvLay, letter: 'S', side: sideRight, row: 0, example: "sur"},
		"n droite 2 LIGNE":                                {kind: mvLay, letter: 'N', side: sideRight, row: 1, example: "LIGNE"},
		"e à droite de la rangée 2 rangée":                {kind: mvLay, letter: 'E', side: sideRight, row: 1, example: "rangée"},
		"a a droite 1 ami":                                {kind: mvLay, letter: 'A', side: sideRight, row: 0, example: "ami"},
		"l à droite 2 elle":                               {kind: mvLay, letter: 'L', side: sideRight, row: 1, example: "elle"},
		"j droite 2 jeu":                                  {kind: mvLay, letter: 'J', side: sideRight, row: 1, example: "jeu"},
		"e droite 2 mot":                                  {kind: mvLay, letter: 'E', side: sideRight, row: 1, example: "mot"},
		"e droite 2 exemple maison":                       {kind: mvLay, letter: 'E', side: sideRight, row: 1, example: "maison"},
		"c droite 2 crack crack":                          {kind: mvLay, letter: 'C', side: sideRight, row: 1, example: "crack", crack: true},
		"e sur 3 4 exemple":                               {kind: mvLay, letter: 'E', side: sideOn, row: 2, pos: 3, example: "exemple"},
		"e sur la carte 4 de la rangée 3 exemple":         {kind: mvLay, letter: 'E', side: sideOn, row: 2, pos: 3, example: "exemple"},
		"e sur la quatrième carte de la troisième rangée": {kind: mvLay, letter: 'E', side: sideOn, row: 2, pos: 3},
	} {
		got, err := parseMove(in)
		got.typed = ""
		if err != nil || got != want {
			t.Errorf("parseMove(%q) = %+v, %v; want %+v", in, got, err, want)
		}
	}
}

// A place half said is refused with what is missing, not with a little
// word taken for a number ("« de » n'est pas un numéro de rangée").
func TestParseSentenceRefusals(t *testing.T) {
	for in, key := range map[string]string{
		"r à droite de la rangée arbre":      "crackword.err.syntax_row",
		"r à droite de la rangée cinq":       "crackword.err.no_row",
		"r à droite arbre":                   "crackword.err.syntax_row",
		"r sur la rangée 2 arbre":            "crackword.err.no_position",
		"r à droite de la rangée 2 un arbre": "crackword.err.one_word",
		"poubelle sur la rangée":             "crackword.err.syntax_row",
		"joker à gauche 1 ami":               "crackword.err.joker_letter",
	} {
		_, err := parseMove(in)
		var r *games.Refusal
		if !errors.As(err, &r) || r.Msg.Key != key {
			t.Errorf("parseMove(%q) = %v, want %s", in, err, key)
		}
	}
}

// The sentences the rules show are moves.
func TestRulesSentencesAreMoves(t *testing.T) {
	gamestest.CheckRulesSentences(t, "crackword.rules", func(ex string) error {
		if m, err := parseMove(ex); err != nil || m.kind != mvLay {
			return fmt.Errorf("%+v %v", m, err)
		}
		return nil
	})
}
