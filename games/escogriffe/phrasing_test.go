package escogriffe

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/tablee/tablee/bot"
	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/games/gamestest"
	"github.com/tablee/tablee/i18n"
)

// narrate gives the words of the bot's narration of a move: "pioche une
// carte", "prend 🟥●R/🟦■B sur la défausse 2", "jette 🟥●R/🟦■B sur la
// défausse 1", "pose 🙂/🟥●R en haut de sa figure", "passe".
func narrate(r i18n.Renderer, _ string, evs []games.Event) string {
	for _, ev := range evs {
		text := gamestest.Narrated(r, ev)
		switch ev.Msg.Key {
		case "escogriffe.ev_draw", "escogriffe.ev_take", "escogriffe.ev_discard", "escogriffe.ev_place", "escogriffe.ev_pass":
			return text
		case "escogriffe.ev_last_done":
			// "pose 🙂/👣 et termine sa figure de 7 cartes"
			for _, and := range []string{" et ", " and "} {
				text, _, _ = strings.Cut(text, and)
			}
			return text
		}
	}
	return ""
}

// TestNarrationPlaysBackAsTheMove: every move the bot narrates, the cards
// named by their drawing ("jette 🟥●R/🟦■B sur la défausse 1"), typed back
// in the narration's words, French or English, is the same move.
func TestNarrationPlaysBackAsTheMove(t *testing.T) {
	tables := []gamestest.Table{{Players: 2}, {Players: 3}, {Players: 5}}
	gamestest.CheckNarrationsPlayBack(t, engine{}, tables, 71, 300, narrate, nil, 200)
}

// typedMove is what the chat makes of a typed line (bot.TypedMove).
func typedMove(typed string) (string, bool) { return bot.TypedMove(engine{}, typed) }

// corpusPosition builds the positions of testdata/phrasings.txt: a dealt
// game of two, seat 0 to draw; "discard": after his draw.
func corpusPosition(t *testing.T) func(string) games.Game {
	return func(name string) games.Game {
		s := newState(t, 2, 1)
		switch name {
		case "draw":
			return s
		case "discard":
			gamestest.MustApply(t, s, 0, "pioche")
			return s
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

// A card named by its drawing is the card of the hand that looks so, or
// the card on top of the pile taken; another is refused with the reason.
func TestCardsNamedByTheirDrawing(t *testing.T) {
	s := newState(t, 2, 1)
	top := s.Piles[0][len(s.Piles[0])-1]
	want := newState(t, 2, 1)
	gamestest.MustApply(t, want, 0, "prendre 1")
	gamestest.MustApply(t, s, 0, "prendre "+cardText(top)+" sur la défausse 1")
	a, _ := s.Save()
	b, _ := want.Save()
	if string(a) != string(b) {
		t.Fatal("the card named on pile 1 is not the take of pile 1")
	}
	s = newState(t, 2, 1)
	gamestest.MustApply(t, s, 0, "pioche")
	k, id := 0, 0
	for k, id = range s.handCards(0) {
		break
	}
	want = newState(t, 2, 1)
	gamestest.MustApply(t, want, 0, "pioche")
	gamestest.MustApply(t, want, 0, "jeter "+strconv.Itoa(k)+" 2")
	gamestest.MustApply(t, s, 0, "jette "+cardText(id)+" sur la défausse 2")
	a, _ = s.Save()
	b, _ = want.Save()
	if string(a) != string(b) {
		t.Fatal("the card named in the hand is not that card")
	}
	s2 := newState(t, 2, 1)
	gamestest.RefusedWith(t, s2, 0, "prendre 🙂/🙂 sur la défausse 1", "escogriffe.no_face_pile")
	gamestest.RefusedWith(t, s2, 0, "pose 🙂/🙂 en haut", "escogriffe.no_face")
}

// The sentences the rules show are moves.
func TestRulesSentencesAreMoves(t *testing.T) {
	gamestest.CheckRulesSentences(t, "escogriffe.rules", func(ex string) error {
		if m, ok := parseMove(ex); !ok || m.verb == vNone {
			return fmt.Errorf("%+v", m)
		}
		return nil
	})
}
