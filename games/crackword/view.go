package crackword

import (
	"sort"
	"strconv"
	"strings"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/i18n"
)

var superDigits = []string{"⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"}

func superscript(n int) string {
	var b strings.Builder
	for _, ch := range strconv.Itoa(n) {
		b.WriteString(superDigits[ch-'0'])
	}
	return b.String()
}

// boardRows draws the four rows: a line of top letters (★ on a JOKER, a
// superscript height on a covered stack) and under it the colours.
func (s *state) boardRows() []string {
	out := make([]string, 0, 8)
	for r, row := range s.Rows {
		label := strconv.Itoa(r + 1)
		if len(row) == 0 {
			out = append(out, label+" ⬜")
			continue
		}
		var top, col strings.Builder
		top.WriteString(label + " ")
		col.WriteString("  ")
		for _, st := range row {
			c := st[len(st)-1]
			cell := string(c.Letter())
			if c.Kind() == kindJoker {
				cell += "★"
			}
			if len(st) > 1 {
				cell += superscript(len(st))
			}
			n := len([]rune(cell))
			top.WriteString(cell)
			top.WriteString(strings.Repeat(" ", max(1, 3-n)))
			col.WriteString(colourSquares[c.Colour()] + strings.Repeat(" ", max(1, n-1)))
		}
		out = append(out, strings.TrimRight(top.String(), " "), strings.TrimRight(col.String(), " "))
	}
	return out
}

// Public is what the whole table sees: rows, counts, turn, last move. No
// hand and no PIOCHE order appear in it.
func (g *Game) Public() games.View {
	s := g.s
	v := games.View{Title: i18n.T("crackword.title"), Board: s.boardRows()}
	for p := 0; p < s.Players; p++ {
		key := "crackword.line.seat"
		if s.Out[p] {
			key = "crackword.line.seat_out"
		}
		v.Lines = append(v.Lines, i18n.T(key, i18n.Seat(p), colourSquares[p], len(s.Paquet[p]), len(s.Pioche[p]), len(s.Hand[p])))
	}
	if s.LastHand {
		v.Lines = append(v.Lines, i18n.T("crackword.line.last_hand"))
	}
	if s.Moves == 0 {
		v.Recall(0, s.Setup...)
	}
	if !s.Last.IsZero() {
		v.Recall(0, i18n.T("crackword.line.last", s.Last))
	}
	switch {
	case s.Over:
		v.Lines = append(v.Lines, i18n.T("crackword.line.over"))
		v.Lines = append(v.Lines, i18n.T("crackword.line.winner", g.Result().Victory()))
	case s.Phase == phaseCrack:
		v.Lines = append(v.Lines, i18n.T("crackword.line.turn_crack", i18n.Seat(s.Turn), s.word(s.Row), s.Row+1))
	case s.Phase == phaseRestart:
		v.Lines = append(v.Lines, i18n.T("crackword.line.turn_restart", i18n.Seat(s.Turn), s.Row+1))
	default:
		v.Lines = append(v.Lines, i18n.T("crackword.line.turn", i18n.Seat(s.Turn), colourSquares[s.Turn]))
	}
	return v
}

// sortedHand lists a hand letters first (A-Z), then JOKERs, then POUBELLEs.
func sortedHand(h []Card) []Card {
	out := append([]Card{}, h...)
	sort.Slice(out, func(i, j int) bool {
		if out[i].Kind() != out[j].Kind() {
			return out[i].Kind() < out[j].Kind()
		}
		return out[i].Letter() < out[j].Letter()
	})
	return out
}

// Private is one seat's hand and a hint of what he can do.
func (g *Game) Private(seat int) games.View {
	s := g.s
	v := games.View{Title: i18n.T("crackword.title")}
	if seat < 0 || seat >= s.Players {
		return v
	}
	h := sortedHand(s.Hand[seat])
	var letters, cols strings.Builder
	for _, c := range h {
		gl := cardGlyph(c)
		letters.WriteString(gl)
		letters.WriteString(strings.Repeat(" ", max(1, 3-len([]rune(gl)))))
		cols.WriteString(colourSquares[seat] + " ")
	}
	if len(h) > 0 {
		v.Board = []string{strings.TrimRight(letters.String(), " "), strings.TrimRight(cols.String(), " ")}
	}
	v.Lines = append(v.Lines, i18n.T("crackword.pv.hand", colourSquares[seat], len(h)))
	switch {
	case s.Over:
	case s.Out[seat]:
		v.Lines = append(v.Lines, i18n.T("crackword.pv.hint_out"))
	case seat != s.Turn:
		v.Lines = append(v.Lines, i18n.T("crackword.pv.hint_wait", i18n.Seat(s.Turn)))
	case s.Phase == phaseCrack:
		v.Lines = append(v.Lines, i18n.T("crackword.pv.hint_crack", s.word(s.Row)))
	case s.Phase == phaseRestart:
		v.Lines = append(v.Lines, i18n.T("crackword.pv.hint_restart", s.Row+1))
	case s.Assisted:
		v.Lines = append(v.Lines, i18n.T("crackword.pv.hint_play_assisted"))
	default:
		v.Lines = append(v.Lines, i18n.T("crackword.pv.hint_play"))
	}
	return v
}

// Choices offers the buttons of a move step by step: the card, then (for a
// JOKER) its letter, then the row and place, then the example word asked as
// free text. A crack offer is crack / no; a restart is the card alone.
func (g *Game) Choices(seat int, prefix string) []games.Choice {
	s := g.s
	if s.Over || seat != s.Turn {
		return nil
	}
	prefix = strings.TrimSpace(prefix)
	switch s.Phase {
	case phaseCrack:
		if prefix != "" {
			return nil
		}
		return []games.Choice{
			{Label: i18n.T("crackword.choice.crack", s.word(s.Row)), Move: "crack", Final: true},
			{Label: i18n.T("crackword.choice.nocrack"), Move: "non", Final: true},
		}
	case phaseRestart:
		switch strings.ToLower(prefix) {
		case "":
			// No "leave it empty": the restart is compulsory (CW-D6, CW-D7).
			return g.cardChoices(seat, true)
		case "joker":
			if !s.hasInHand(seat, kindJoker) {
				return nil
			}
			return jokerLetters(true)
		}
		return nil
	}
	switch strings.ToLower(prefix) {
	case "":
		out := g.cardChoices(seat, false)
		if s.hasInHand(seat, kindTrash) {
			for r := range s.Rows {
				if len(s.Rows[r]) > 0 {
					out = append(out, games.Choice{Label: i18n.T("crackword.choice.trash"), Move: "poubelle", Row: 98})
					break
				}
			}
		}
		return append(out, games.Choice{Label: i18n.T("crackword.choice.pass"), Move: "passe", Final: true, Row: 98})
	case "joker":
		if !s.hasInHand(seat, kindJoker) {
			return nil
		}
		return jokerLetters(false)
	case "poubelle", "trash":
		if !s.hasInHand(seat, kindTrash) {
			return nil
		}
		var out []games.Choice
		for r := range s.Rows {
			if len(s.Rows[r]) > 0 {
				out = append(out, games.Choice{Label: i18n.T("crackword.choice.trash_row", r+1, s.word(r)), Move: "poubelle " + strconv.Itoa(r+1), Final: true, Row: r})
			}
		}
		return out
	}
	m, err := parseMove(prefix)
	if err != nil || m.kind != mvCard {
		return nil
	}
	if m.joker && !s.hasInHand(seat, kindJoker) {
		return nil
	}
	if !m.joker && !s.hasLetter(seat, m.letter) {
		return nil
	}
	return g.placeChoices(cardToken(m), m.letter)
}

func cardToken(m move) string {
	if m.joker {
		return "joker=" + string(m.letter)
	}
	return string(m.letter)
}

func (s *state) hasLetter(seat int, l byte) bool {
	for _, c := range s.Hand[seat] {
		if c.Kind() == kindLetter && c.Letter() == l {
			return true
		}
	}
	return false
}

// cardChoices lists the distinct cards of the hand a player may lay.
func (g *Game) cardChoices(seat int, final bool) []games.Choice {
	var out []games.Choice
	seen := map[byte]bool{}
	joker := false
	for _, c := range sortedHand(g.s.Hand[seat]) {
		switch c.Kind() {
		case kindLetter:
			if !seen[c.Letter()] {
				seen[c.Letter()] = true
				out = append(out, games.Choice{Label: i18n.Raw(string(c.Letter())), Move: string(c.Letter()), Final: final, Row: len(out) / 6})
			}
		case kindJoker:
			joker = true
		}
	}
	if joker {
		out = append(out, games.Choice{Label: i18n.T("crackword.choice.joker"), Move: "joker", Row: 97})
	}
	return out
}

func jokerLetters(final bool) []games.Choice {
	out := make([]games.Choice, 26)
	for i := range out {
		l := string(rune('A' + i))
		out[i] = games.Choice{Label: i18n.Raw(l), Move: "joker=" + l, Final: final, Row: i / 7}
	}
	return out
}

// placeChoices lists the places letter l may go, one keyboard row per row
// of the table. With "assisted" only places some word allows are offered and
// the move is final; otherwise the example word is asked.
func (g *Game) placeChoices(card string, l byte) []games.Choice {
	s := g.s
	var out []games.Choice
	add := func(r int, move, seq string, label i18n.Msg) {
		c := games.Choice{Label: label, Move: move, Row: r}
		switch {
		case len(seq) == 1:
			c.Final = true
		case s.Assisted:
			if !g.dict.HasInfix(seq) {
				return
			}
			c.Final = true
		default:
			c.Move += " "
			c.Ask = i18n.T("crackword.ask.example", seq)
		}
		out = append(out, c)
	}
	for r, row := range s.Rows {
		rs := strconv.Itoa(r + 1)
		w := s.word(r)
		if len(row) == 0 {
			add(r, card+" droite "+rs, string(l), i18n.T("crackword.choice.start", r+1, string(l)))
			continue
		}
		add(r, card+" gauche "+rs, string(l)+w, i18n.T("crackword.choice.left", r+1, string(l)+w))
		for p, st := range row {
			if st[len(st)-1].Letter() == l {
				add(r, card+" sur "+rs+" "+strconv.Itoa(p+1), w, i18n.T("crackword.choice.on", r+1, p+1, w))
			}
		}
		add(r, card+" droite "+rs, w+string(l), i18n.T("crackword.choice.right", r+1, w+string(l)))
	}
	return out
}
