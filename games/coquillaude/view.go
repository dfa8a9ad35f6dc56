package coquillaude

import (
	"sort"
	"strings"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/i18n"
)

// boardLines draws the board for a chat's monospace: the region around the
// placed letters and the orange zone (two cells of margin), with column
// letters on top and row numbers on the left. A letter is a pion; "+" an
// empty cell of the orange zone, "*" an empty shell, "·" an empty cell. A
// phone shows the region of play; the whole board when the words spread.
func (s *state) boardLines() []string {
	r0, r1, c0, c1 := 8, 12, 8, 12
	for i := 0; i < len(s.Board); i++ {
		if s.Board[i] != '.' {
			r, c := i/Size, i%Size
			r0, r1, c0, c1 = min(r0, r), max(r1, r), min(c0, c), max(c1, c)
		}
	}
	r0, r1, c0, c1 = max(0, r0-2), min(Size-1, r1+2), max(0, c0-2), min(Size-1, c1+2)
	var out []string
	var hdr strings.Builder
	hdr.WriteString("   ")
	for c := c0; c <= c1; c++ {
		hdr.WriteByte(byte('A' + c))
		if c < c1 {
			hdr.WriteByte(' ')
		}
	}
	out = append(out, hdr.String())
	for r := r0; r <= r1; r++ {
		var b strings.Builder
		if r+1 < 10 {
			b.WriteByte(' ')
		}
		b.WriteString(itoa(r + 1))
		b.WriteByte(' ')
		for c := c0; c <= c1; c++ {
			switch l := s.at(r, c); {
			case l != '.':
				b.WriteByte(l)
			case isShell[r*Size+c]:
				b.WriteByte('*')
			case inOrange(r, c):
				b.WriteByte('+')
			default:
				b.WriteString("·")
			}
			if c < c1 {
				b.WriteByte(' ')
			}
		}
		out = append(out, b.String())
	}
	return out
}

// Public is what the whole table sees: the board, the scores and pion
// counts, the round's rolls and entries, the question asked, who has
// proposed (never what), the vote, the challenge, the last resolution.
func (g *Game) Public() games.View { return g.publicView(kindMsg, false) }

// publicView is Public with the entries named by kind: "★★" in the text,
// "2 étoiles" in the picture, whose font has no star. The picture, which
// stands alone, keeps the recap among its lines (inline).
func (g *Game) publicView(kind func(int) i18n.Msg, inline bool) games.View {
	s := g.s
	v := games.View{Title: i18n.T("coquillaude.title"), Board: s.boardLines()}
	recap := func(age int, ms ...i18n.Msg) {
		if inline {
			v.Lines = append(v.Lines, ms...)
		} else {
			v.Recall(age, ms...)
		}
	}
	v.Lines = append(v.Lines, i18n.T("coquillaude.line.legend"))
	if s.Solo > 0 {
		// The challenge: everyone plays the same round on the same board;
		// seats, scores, the bag and whom the table waits for are a
		// table's, and the last word placed is the top the challenge
		// tells.
		if !s.Over {
			v.Lines = append(v.Lines, i18n.T("coquillaude.line.duplicate", len(s.Hands[0])))
		}
		return v
	}
	for p := 0; p < s.Players; p++ {
		key := "coquillaude.line.seat"
		if p == s.First {
			key = "coquillaude.line.seat_first"
		}
		v.Lines = append(v.Lines, i18n.T(key, i18n.Seat(p), s.Scores[p], len(s.Hands[p])))
	}
	v.Lines = append(v.Lines, i18n.T("coquillaude.line.bag", len(s.Bag), s.Round))
	if s.Moves == 0 {
		recap(0, s.Setup...)
	}
	for _, l := range s.Log {
		if l.Result.IsZero() {
			v.Lines = append(v.Lines, i18n.T("coquillaude.line.roll", i18n.Seat(l.Seat), l.Number, kind(l.Kind)))
		} else {
			v.Lines = append(v.Lines, i18n.T("coquillaude.line.roll_result", i18n.Seat(l.Seat), l.Number, kind(l.Kind), l.Result))
		}
	}
	if len(s.Last) > 0 && s.Moves > 0 {
		age := s.Moves // a state saved before LastMove was kept: shown
		if s.LastMove > 0 {
			age = s.Moves - s.LastMove
		}
		recap(age, append([]i18n.Msg{i18n.T("coquillaude.line.last")}, s.Last...)...)
	}
	if s.Over {
		v.Lines = append(v.Lines, i18n.T("coquillaude.line.over"))
		v.Lines = append(v.Lines, i18n.T("coquillaude.line.winner", g.Result().Victory()))
		return v
	}
	switch s.Phase {
	case phaseAnswer:
		// The question was asked by the last move (or the setup, which
		// the recap already tells): it is a recap, left out of the board
		// that comes with the question's event.
		if s.Moves > 0 || inline {
			recap(0, i18n.T("coquillaude.line.question", i18n.Seat(s.Q.Seat), s.Q.Number, kind(s.Q.Stars), s.Q.msg()))
		}
	case phaseGift:
		gf := s.Gifts[0]
		v.Lines = append(v.Lines, i18n.T("coquillaude.line.gift", i18n.Seat(gf.To), gf.Number, gf.N, seatList(s.Given, false)))
	case phaseCompose:
		done := make([]bool, s.Players)
		for p, pr := range s.Props {
			done[p] = pr != nil
		}
		v.Lines = append(v.Lines, i18n.T("coquillaude.line.compose", seatList(done, true), seatList(done, false)))
	case phaseVote:
		it := s.Votes[s.VoteIdx]
		done := make([]bool, s.Players)
		for p, b := range s.Ballots {
			done[p] = b != 0
		}
		v.Lines = append(v.Lines, i18n.T("coquillaude.line.vote", it.Name, i18n.Seat(it.Seat), seatList(done, false)))
	case phaseChallenge:
		v.Lines = append(v.Lines, i18n.T("coquillaude.line.challenge", s.Placed.Word, s.Placed.Claimed, seatList(s.Challenged, false)))
	}
	return v
}

// seatList names the seats whose flag equals want: "#1 et #3" as a
// message, "personne" when none.
func seatList(flags []bool, want bool) i18n.Msg {
	var ms []any
	for p, f := range flags {
		if f == want {
			ms = append(ms, i18n.Seat(p))
		}
	}
	if len(ms) == 0 {
		return i18n.T("coquillaude.list.nobody")
	}
	return i18n.And(ms...)
}

// sortedHand is the hand in alphabetical order.
func sortedHand(h []byte) string {
	b := cloneBytes(h)
	sort.Slice(b, func(i, j int) bool { return b[i] < b[j] })
	return string(b)
}

// Private is one seat's pions, his proposal of the round and what to do.
func (g *Game) Private(seat int) games.View {
	s := g.s
	v := games.View{Title: i18n.T("coquillaude.title")}
	if seat < 0 || seat >= s.Players {
		return v
	}
	h := sortedHand(s.Hands[seat])
	if len(h) > 0 {
		// Rows of 12 pions fit a phone.
		for i := 0; i < len(h); i += 12 {
			v.Board = append(v.Board, spaced(h[i:min(len(h), i+12)]))
		}
	}
	v.Lines = append(v.Lines, i18n.T("coquillaude.pv.hand", len(h)))
	if s.Over {
		return v
	}
	waiting := false
	for _, w := range g.Waiting() {
		if w.Seat == seat {
			waiting = true
		}
	}
	switch s.Phase {
	case phaseAnswer:
		if waiting {
			v.Lines = append(v.Lines, i18n.T("coquillaude.pv.hint_answer", s.Q.msg()))
		}
	case phaseGift:
		if waiting {
			gf := s.Gifts[0]
			v.Lines = append(v.Lines, i18n.T("coquillaude.pv.hint_gift", min(gf.N, len(s.Hands[seat])), i18n.Seat(gf.To)))
		}
	case phaseCompose:
		if p := s.Props[seat]; p != nil && !p.None {
			v.Lines = append(v.Lines, i18n.T("coquillaude.pv.proposal", p.Text))
		} else if waiting {
			v.Lines = append(v.Lines, i18n.T("coquillaude.pv.hint_compose"))
		}
	case phaseVote:
		if waiting {
			v.Lines = append(v.Lines, i18n.T("coquillaude.pv.hint_vote", s.Votes[s.VoteIdx].Name))
		}
	case phaseChallenge:
		if waiting {
			v.Lines = append(v.Lines, i18n.T("coquillaude.pv.hint_challenge", s.Placed.Word, s.Placed.Claimed))
		}
	}
	return v
}

// Choices offers buttons: the answer (asked as text) or no answer; the
// gift pion by pion, or at random; the proposal (asked as text) or none;
// the vote; the challenge (asked as text) or none. Every payload move is
// at most 40 bytes.
func (g *Game) Choices(seat int, prefix string) []games.Choice {
	s := g.s
	waiting := false
	for _, w := range g.Waiting() {
		if w.Seat == seat {
			waiting = true
		}
	}
	if !waiting {
		return nil
	}
	prefix = strings.TrimSpace(strings.ToLower(prefix))
	switch s.Phase {
	case phaseAnswer:
		if prefix != "" {
			return nil
		}
		return []games.Choice{
			{Label: i18n.T("coquillaude.choice.answer"), Move: "reponse", Ask: i18n.T("coquillaude.ask.answer", s.Q.msg())},
			{Label: i18n.T("coquillaude.choice.no_answer"), Move: "passe", Final: true, Row: 1},
		}
	case phaseCompose:
		if prefix != "" {
			return nil
		}
		return []games.Choice{
			// The proposal is the rest of a move (word, cell, direction,
			// claims): several words, asked in one text.
			{Label: i18n.T("coquillaude.choice.propose"), Move: "mot", Ask: i18n.T("coquillaude.ask.propose"), AskWords: true},
			{Label: i18n.T("coquillaude.choice.nothing"), Move: "rien", Final: true, Row: 1},
		}
	case phaseVote:
		if prefix != "" {
			return nil
		}
		return []games.Choice{
			{Label: i18n.T("coquillaude.choice.yes"), Move: "vote oui", Final: true},
			{Label: i18n.T("coquillaude.choice.no"), Move: "vote non", Final: true},
			{Label: i18n.T("coquillaude.choice.abstain"), Move: "vote blanc", Final: true},
		}
	case phaseChallenge:
		if prefix != "" {
			return nil
		}
		return []games.Choice{
			{Label: i18n.T("coquillaude.choice.challenge"), Move: "defi", Ask: i18n.T("coquillaude.ask.challenge", s.Placed.Word, s.Placed.Claimed+1), AskWords: true},
			{Label: i18n.T("coquillaude.choice.no_challenge"), Move: "passe", Final: true, Row: 1},
		}
	case phaseGift:
		n := min(s.Gifts[0].N, len(s.Hands[seat]))
		// The prefix is "don" followed by the letters chosen so far.
		chosen := []byte{}
		if prefix != "" {
			f := strings.Fields(prefix)
			if f[0] != "don" {
				return nil
			}
			for _, x := range f[1:] {
				if len(x) != 1 || x[0] < 'a' || x[0] > 'z' {
					return nil
				}
				chosen = append(chosen, x[0]-'a'+'A')
			}
		}
		rest, ok := takeLetters(s.Hands[seat], chosen)
		if !ok || len(chosen) >= n {
			return nil
		}
		base := "don"
		for _, c := range chosen {
			base += " " + string(c)
		}
		var out []games.Choice
		seen := map[byte]bool{}
		for _, l := range []byte(sortedHand(rest)) {
			if seen[l] {
				continue
			}
			seen[l] = true
			out = append(out, games.Choice{Label: i18n.Raw(string(l)), Move: base + " " + string(l), Final: len(chosen)+1 == n, Row: len(out) / 8})
		}
		if len(chosen) == 0 {
			out = append(out, games.Choice{Label: i18n.T("coquillaude.choice.random"), Move: "don hasard", Final: true, Row: 9})
		}
		return out
	}
	return nil
}
