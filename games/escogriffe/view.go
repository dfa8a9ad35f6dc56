package escogriffe

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/i18n"
)

var keycaps = [8]string{"1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣", "8️⃣"}

// Public draws the table: objective, PIOCHE size, the tops of the discard
// piles, then one block per player (his figure top to bottom). No card of
// a hand or of the PIOCHE appears.
func (s *state) Public() games.View {
	board := []string{fmt.Sprintf("🎯 %d   🂠 %d", s.Objective, len(s.Pioche))}
	for p, pile := range s.Piles {
		top := "—"
		if len(pile) > 0 {
			top = cardText(pile[len(pile)-1])
		}
		board = append(board, fmt.Sprintf("🗑%d %s (%d)", p+1, top, len(pile)))
	}
	done := s.shownDone()
	if done != nil && !s.Over {
		// The figures completed in the round just finished, before the
		// new deal's: who completed it, its height and its points. (At the
		// end of the game they stand in their places below.)
		for _, f := range done.Figures {
			board = append(board, "", fmt.Sprintf("✅ %s %d/%d +%d", keycaps[f.Seat], len(f.Cards), done.Objective, f.Points))
			for _, id := range f.Cards {
				board = append(board, " "+cardText(id))
			}
		}
	}
	for seat := range s.Players {
		fig := s.Figures[seat]
		mark := ""
		if seat == s.waitingSeat() {
			mark = " 👈"
		}
		board = append(board, "", fmt.Sprintf("%s %d/%d ✋%d%s", keycaps[seat], len(fig), s.Objective, s.handSize(seat), mark))
		if len(fig) == 0 {
			board = append(board, " —")
		}
		for _, id := range fig {
			board = append(board, " "+cardText(id))
		}
	}
	lines := []i18n.Msg{i18n.T("escogriffe.line_round", s.Round, s.Objective, len(s.Pioche))}
	if done != nil {
		for _, f := range done.Figures {
			lines = append(lines, i18n.T("escogriffe.line_done", done.Round, i18n.Seat(f.Seat), len(f.Cards), f.Points))
		}
		if len(done.Figures) == 0 {
			lines = append(lines, i18n.T("escogriffe.line_done_blocked", done.Round))
		}
	}
	for seat := range s.Players {
		lines = append(lines, i18n.T("escogriffe.line_seat", i18n.Raw(keycaps[seat]), i18n.Seat(seat),
			s.Scores[seat], s.handSize(seat), len(s.Figures[seat]), s.Objective))
	}
	switch s.Phase {
	case phaseDraw:
		lines = append(lines, i18n.T("escogriffe.line_turn_draw", i18n.Seat(s.Turn)))
	case phaseDiscard:
		lines = append(lines, i18n.T("escogriffe.line_turn_discard", i18n.Seat(s.Turn)))
	case phaseLast:
		lines = append(lines, i18n.T("escogriffe.line_turn_last", i18n.Seat(s.waitingSeat())))
	case phaseOver:
		lines = append(lines, i18n.T("escogriffe.line_over"))
		lines = append(lines, i18n.T("escogriffe.line_winner", s.victory()))
	}
	lines = append(lines, i18n.T("escogriffe.line_legend"))
	v := games.View{Title: i18n.T("escogriffe.title"), Board: board, Lines: lines}
	if !s.Last.IsZero() {
		v.Recall(0, i18n.T("escogriffe.line_last", s.Last))
	}
	return v
}

// Private shows a seat its hand, numbered from 1, with ⬆/⬇ on the cards
// that may go on top / at the bottom of its figure now.
func (s *state) Private(seat int) games.View {
	v := games.View{Title: i18n.T("escogriffe.title")}
	if seat < 0 || seat >= s.Players {
		return v
	}
	var legal []placement
	switch {
	case s.Phase == phaseLast:
		if s.waitingSeat() == seat {
			legal = s.lastChanceMoves(seat)
		}
	case s.Phase == phaseDiscard && s.Turn == seat, s.Phase == phaseOver:
		// discard now (or nothing left to play): no placement
	default:
		legal = s.legalPlacements(seat)
	}
	marks := map[int]string{}
	var words []string
	for _, pl := range legal {
		if pl.side == sideTop {
			marks[pl.k] += "⬆"
		} else {
			marks[pl.k] += "⬇"
		}
		words = append(words, strconv.Itoa(pl.k)+sideArrow(pl.side))
	}
	for k, id := range s.handCards(seat) {
		line := fmt.Sprintf("%d. %s", k, cardText(id))
		if id == s.Drawn && s.Turn == seat && s.Phase == phaseDiscard {
			line += " 🆕"
		}
		if m := marks[k]; m != "" {
			line += " " + m
		}
		v.Board = append(v.Board, line)
	}
	v.Lines = append(v.Lines, i18n.T("escogriffe.line_hand", s.handSize(seat), len(s.Figures[seat]), s.Objective))
	switch {
	case s.Phase == phaseDiscard && s.Turn == seat:
		v.Lines = append(v.Lines, i18n.T("escogriffe.line_discard_now", i18n.Raw(cardText(s.Drawn))))
	case len(words) > 0:
		v.Lines = append(v.Lines, i18n.T("escogriffe.line_can_place", i18n.Raw(strings.Join(words, " "))))
	case s.waitingSeat() == seat:
		v.Lines = append(v.Lines, i18n.T("escogriffe.line_cannot_place"))
	}
	return v
}

func sideArrow(side int) string {
	if side == sideTop {
		return "⬆"
	}
	return "⬇"
}

func sideWord(side int) string {
	if side == sideTop {
		return "haut"
	}
	return "bas"
}

// Waiting: the seat to move, and what a deadline plays for it.
func (s *state) Waiting() []games.Wait {
	w := s.waitingSeat()
	if w < 0 {
		return nil
	}
	return []games.Wait{{Seat: w, Timeout: s.timeoutMove()}}
}

func (s *state) timeoutMove() string {
	switch s.Phase {
	case phaseDraw:
		if len(s.Pioche) > 0 {
			return "pioche"
		}
		for p, pile := range s.Piles {
			if len(pile) > 0 {
				return fmt.Sprintf("prendre %d", p+1)
			}
		}
	case phaseDiscard:
		// Discard the card just drawn: back on the pile it came from, or on
		// pile 1 when it came from the PIOCHE.
		k := s.numberOf(s.Turn, s.Drawn)
		p := 1
		if s.Forced > 0 {
			p = s.Forced
		} else if s.From > 0 {
			p = s.From
		}
		return fmt.Sprintf("jeter %d %d", k, p)
	case phaseLast:
		return "passe"
	}
	return ""
}

// Choices: the buttons of the current phase. Draw phase: PIOCHE, take pile
// N, and each legal placement. Discard phase: a card, then its pile (one
// step when only one pile is allowed). Last chance: completing placements
// and pass.
func (s *state) Choices(seat int, prefix string) []games.Choice {
	if seat != s.waitingSeat() {
		return nil
	}
	var out []games.Choice
	switch s.Phase {
	case phaseDraw:
		if prefix != "" {
			return nil
		}
		if len(s.Pioche) > 0 {
			out = append(out, games.Choice{Label: i18n.T("escogriffe.btn_draw", len(s.Pioche)), Move: "pioche", Final: true})
		}
		for p, pile := range s.Piles {
			if len(pile) > 0 {
				out = append(out, games.Choice{Label: i18n.T("escogriffe.btn_take", p+1, i18n.Raw(cardText(pile[len(pile)-1]))),
					Move: fmt.Sprintf("prendre %d", p+1), Final: true, Row: 1})
			}
		}
		for i, pl := range s.legalPlacements(seat) {
			out = append(out, s.placeChoice(seat, pl, 2+i/2))
		}
	case phaseDiscard:
		m, ok := parseMove(prefix)
		if prefix != "" {
			if _, held := s.cardAt(seat, m.a); !ok || m.verb != vDiscard || !held || m.b != 0 {
				return nil
			}
		}
		if prefix == "" {
			for k, id := range s.handCards(seat) {
				c := games.Choice{Label: i18n.T("escogriffe.btn_discard", k, i18n.Raw(cardText(id))), Row: len(out) / 3}
				if s.Forced > 0 {
					c.Move, c.Final = fmt.Sprintf("jeter %d %d", k, s.Forced), true
				} else {
					c.Move = fmt.Sprintf("jeter %d", k)
				}
				out = append(out, c)
			}
			return out
		}
		if s.Forced > 0 {
			return []games.Choice{{Label: i18n.T("escogriffe.btn_on_pile", s.Forced), Move: fmt.Sprintf("jeter %d %d", m.a, s.Forced), Final: true}}
		}
		for p := range s.Piles {
			out = append(out, games.Choice{Label: i18n.T("escogriffe.btn_on_pile", p+1), Move: fmt.Sprintf("jeter %d %d", m.a, p+1), Final: true})
		}
	case phaseLast:
		if prefix != "" {
			return nil
		}
		for i, pl := range s.lastChanceMoves(seat) {
			out = append(out, s.placeChoice(seat, pl, i/2))
		}
		out = append(out, games.Choice{Label: i18n.T("escogriffe.btn_pass"), Move: "passe", Final: true, Row: 4})
	}
	return out
}

func (s *state) placeChoice(seat int, pl placement, row int) games.Choice {
	id, _ := s.cardAt(seat, pl.k)
	return games.Choice{
		Label: i18n.T("escogriffe.btn_place", pl.k, i18n.Raw(cardText(id)), i18n.T(sideKey(pl.side))),
		Move:  fmt.Sprintf("poser %d %s", pl.k, sideWord(pl.side)),
		Final: true, Row: row,
	}
}
