package coquillaude

import (
	"fmt"
	"strings"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/i18n"
)

// La Coquillaude in duplicate (the daily challenge, games/duplicate): one
// player, the same pions for everyone each round, one word proposed, the
// best proposal of the round (the top) placed for everyone. A round of the
// table game already is that (CQ-D6: everyone composes at once and only
// the best proposal is placed); what a duplicate cannot keep is the draw
// phase, where each player's pions come from his questions (CQ-D2) and the
// other players' gifts (CQ-D3): a fixed draw from the seed replaces both.

// NewDuplicate is the first round of La Coquillaude in duplicate: the
// empty board, the 171 pions of the bag (CQ-D1) shuffled by the seed, and
// the player's hand drawn from it, pions pions (at least 2 vowels and 2
// consonants when the bag allows, drawn again otherwise). Each word placed
// ends the round; the next one starts from the board with the word on it
// and a new hand: the pions the word left go back into the bag, which is
// shuffled, and pions pions are drawn. At a table a player keeps the pions
// he did not place; in a duplicate the hand left is the top's, not his
// own, and the rare pions no top places (K, W, X, a Q without U) would
// pile up in it round after round, leaving the last rounds half a hand.
func (e *Engine) NewDuplicate(seed uint64, pions int) (*Game, error) {
	if pions < 2 || pions > 30 {
		return nil, fmt.Errorf("coquillaude: duplicate of %d pions, want 2 to 30", pions)
	}
	s := &state{Players: 1, Rng: seed, Opts: settings{BotSuccess: 70, Durations: map[string]string{}},
		Bag: fullBag(), Hands: [][]byte{{}}, Board: strings.Repeat(".", Size*Size), Out: []byte{},
		Scores: []int{0}, Opening: []int{0}, Round: 1, Phase: phaseCompose, Rolls: []int{0},
		Props: []*proposal{nil}, Solo: pions}
	s.shuffle(s.Bag)
	s.refillSolo()
	return &Game{s: s, w: e.words(), book: currentBooklet()}, nil
}

// Board is the board row by row from the top, Size x Size letters, '.' for
// an empty cell.
func (g *Game) Board() string { return g.s.Board }

// Pions are a seat's pions, in the order they were drawn.
func (g *Game) Pions(seat int) string {
	if seat < 0 || seat >= g.s.Players {
		return ""
	}
	return string(g.s.Hands[seat])
}

// soloVowels is the least number of vowels, and of consonants, a duplicate
// hand holds when the bag allows: a hand of consonants alone makes no
// word, and everyone would lose the round alike.
const soloVowels = 2

// refillSolo draws the round's hand: the pions left go back into the bag,
// the bag is shuffled and Solo pions are drawn; a hand that lacks vowels or
// consonants goes back and is drawn again (at most 20 times: a bag near
// its end may hold no better).
func (s *state) refillSolo() {
	for range 20 {
		s.Bag = append(s.Bag, s.Hands[0]...)
		s.Hands[0] = []byte{}
		s.shuffle(s.Bag)
		s.draw(0, s.Solo)
		if balanced(s.Hands[0]) {
			return
		}
	}
}

func balanced(hand []byte) bool {
	vowels := 0
	for _, b := range hand {
		if strings.IndexByte("AEIOUY", b) >= 0 {
			vowels++
		}
	}
	return vowels >= soloVowels && len(hand)-vowels >= soloVowels
}

// applySolo plays a duplicate round's move: a proposal is checked at once
// as the resolution checks it (CQ-D6: pions, placement, words, side words,
// anagram claims), and a refused one returns the reason; an accepted one is
// placed and scores, and the next round's hand is drawn. A name off the
// famous list counts as not famous: there is nobody to vote (CQ-D5). No
// one can challenge the anagrams either (CQ-D7): a claim must simply be a
// valid word. A proposal under 25, or none, places nothing and ends the
// game, as the best proposal of a round under 25 does (CQ-D8).
func (g *Game) applySolo(s *state, seat int, text string) ([]games.Event, error) {
	if seat != 0 {
		return nil, games.Refuse("coquillaude.err.not_waiting", i18n.Seat(0))
	}
	m, err := parseMove(text)
	if err != nil {
		return nil, err
	}
	t := &tx{}
	switch m.kind {
	case mvPass:
		t.public("coquillaude.ev.end_none")
		g.endGame(s, t)
	case mvPropose:
		p := m.prop
		if _, err := s.place(p.Word, p.Row, p.Col, p.Dir, s.Hands[0]); err != nil {
			return nil, err
		}
		if err := p.checkClaims(); err != nil {
			return nil, err
		}
		lay, votes := g.check(s, 0, &p)
		if !p.Valid {
			return nil, &games.Refusal{Msg: p.Why}
		}
		voted := map[int]bool{}
		for _, v := range votes {
			voted[v.Form] = false
		}
		sc, ok := g.score(&p, lay, voted)
		if !ok {
			return nil, games.Refuse("coquillaude.why.no_vote_alone", strings.Join(p.claimsOffTheList(), ", "))
		}
		if sc < 25 {
			t.public("coquillaude.ev.end_low", sc)
			g.endGame(s, t)
			break
		}
		g.lay(s, 0, lay)
		s.LastWord = append([]int(nil), lay.Cells...)
		s.Scores[0] += sc
		t.public("coquillaude.ev.placed", i18n.Seat(0), p.Word, cellName(p.Row, p.Col), i18n.T("coquillaude.dir."+dirWord[p.Dir]), sc, len(lay.newLetters()))
		s.Last, s.LastMove = append([]i18n.Msg(nil), t.pub...), s.Moves+1
		s.Round++
		s.refillSolo()
	default:
		return nil, games.Refuse("coquillaude.err.phase_compose")
	}
	s.Moves++
	return t.evs, nil
}

// TellMove is a proposal as a sentence tells it ("AVEINT en I11, en
// diagonale descendante (5 anagrammes : ENVIAT, NATIVE, …)"), not as it is
// typed ("mot AVEINT I11 diag anagrammes=ENVIAT,NATIVE,…"): the challenge
// tells a player's move and the top so. ok is false for what is no
// proposal.
func (e *Engine) TellMove(move string) (msg i18n.Msg, ok bool) {
	m, err := parseMove(move)
	if err != nil || m.kind != mvPropose {
		return msg, false
	}
	p := m.prop
	msg = i18n.T("coquillaude.tell.move", p.Word, cellName(p.Row, p.Col), i18n.T("coquillaude.dir."+dirWord[p.Dir]))
	if p.Famous {
		msg = i18n.T("coquillaude.tell.famous", msg)
	}
	if len(p.Anagrams) > 0 {
		msg = i18n.T("coquillaude.tell.anagrams", msg, len(p.Anagrams), strings.Join(p.Anagrams, ", "))
	}
	return msg, true
}
