package motsdetete

import (
	"slices"
	"strings"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/games/lexicon"
	"github.com/tablee/tablee/i18n"
)

// plan is a placement checked against the grid: its main word, its new
// cells and its side words, as cells. Letters are not part of it: the score
// of a placement depends only on its cells (MT-D4), which the bot uses.
type plan struct {
	start int
	down  bool
	main  []int   // the cells of the main word, in reading order
	fresh []int   // the new cells, in reading order
	sides [][]int // the side words, one per new cell that has one
}

// run returns the cells of the maximal run of letters through c along the
// direction, c included, with c counted as filled.
func (s *state) run(c int, down bool) []int {
	g := s.grid
	first := c
	for {
		p, ok := g.step(first, down, true)
		if !ok || s.cells[p] == 0 {
			break
		}
		first = p
	}
	out := []int{first}
	for x := first; ; {
		n, ok := g.step(x, down, false)
		if !ok || (s.cells[n] == 0 && n != c) {
			break
		}
		out = append(out, n)
		x = n
	}
	return out
}

// sideWord is the run across the line through the empty cell c, if it has
// two letters at least.
func (s *state) sideWord(c int, down bool) []int {
	r := s.run(c, !down)
	if len(r) < 2 {
		return nil
	}
	return r
}

// checkPlace is the structure of MT-D2: one line, exactly Die new letters on
// empty non-black cells, the whole main word typed, connection (the first
// word next to the centre cross). It returns the plan and the letters of the
// main word; the dictionary is not asked.
func (s *state) checkPlace(m move) (plan, error) {
	g := s.grid
	p := plan{start: m.cell, down: m.down}
	arrow := arrowOf(m.down)
	start := g.Name(m.cell)
	if len(m.word) < 2 {
		return p, games.Refuse("motsdetete.err.short", m.word)
	}
	var newLetters []byte
	c := m.cell
	for i := 0; i < len(m.word); i++ {
		if i > 0 {
			n, ok := g.step(c, m.down, false)
			if !ok {
				return p, games.Refuse("motsdetete.err.off_grid", m.word, start, arrow, len(m.word))
			}
			c = n
		}
		switch l := s.cells[c]; {
		case g.kind[c] == black:
			return p, games.Refuse("motsdetete.err.black", g.Name(c), m.word)
		case l == 0:
			p.fresh = append(p.fresh, c)
			newLetters = append(newLetters, m.word[i])
		case l != m.word[i]:
			return p, games.Refuse("motsdetete.err.clash", g.Name(c), string(l), string(m.word[i]))
		}
		p.main = append(p.main, c)
	}
	// The typed word must be the whole main word.
	before, hasBefore := g.step(m.cell, m.down, true)
	after, hasAfter := g.step(c, m.down, false)
	if (hasBefore && s.cells[before] != 0) || (hasAfter && s.cells[after] != 0) {
		head, whole := m.cell, m.word
		for x, ok := before, hasBefore; ok && s.cells[x] != 0; x, ok = g.step(x, m.down, true) {
			head, whole = x, string(s.cells[x])+whole
		}
		for x, ok := after, hasAfter; ok && s.cells[x] != 0; x, ok = g.step(x, m.down, false) {
			whole += string(s.cells[x])
		}
		return p, games.Refuse("motsdetete.err.continues", m.word, whole, g.Name(head), arrow)
	}
	if len(p.fresh) == 0 {
		return p, games.Refuse("motsdetete.err.no_new", m.word)
	}
	if len(p.fresh) != s.Die {
		return p, games.Refuse("motsdetete.err.count", s.Die, m.word, len(p.fresh), spaced(string(newLetters)))
	}
	touches := false
	for _, x := range p.fresh {
		if sw := s.sideWord(x, m.down); sw != nil {
			p.sides = append(p.sides, sw)
			touches = true
		}
	}
	if s.Written == 0 {
		if g.centre != nil && !slices.ContainsFunc(p.main, func(x int) bool { return g.centre[x] }) {
			return p, games.Refuse("motsdetete.err.centre", g.centreCells(), m.word)
		}
	} else if len(p.main) == len(p.fresh) && !touches {
		return p, games.Refuse("motsdetete.err.disconnected", m.word)
	}
	return p, nil
}

func arrowOf(down bool) string {
	if down {
		return "↓"
	}
	return "→"
}

func spaced(s string) string { return strings.Join(strings.Split(s, ""), " ") }

// words lists the main word then the side words as letters, once the new
// letters are on the grid.
func (s *state) words(p plan) []string {
	out := make([]string, 0, 1+len(p.sides))
	out = append(out, s.letters(p.main))
	for _, sw := range p.sides {
		out = append(out, s.letters(sw))
	}
	return out
}

func (s *state) letters(cells []int) string {
	b := make([]byte, len(cells))
	for i, c := range cells {
		b[i] = s.cells[c]
	}
	return string(b)
}

// bonusValue is a bonus cell's value without a roll: Quarté's fixed values
// (orange 4, yellow 8, red 12).
func (s *state) fixedBonus(kind uint8) (int, bool) {
	if s.Variant == Quarte {
		return 4 * rolls(kind), true
	}
	return 0, false
}

// score is MT-D4: each bonus cell of any new word gets one value for the
// turn (rolled once, twice or three times; fixed in Quarté), in the order of
// the cells; then every word adds the values of all its cells.
func (s *state) score(p plan) ([]scored, []roll, int) {
	g := s.grid
	var bonus []int
	add := func(cells []int) {
		for _, c := range cells {
			if rolls(g.kind[c]) > 0 && !slices.Contains(bonus, c) {
				bonus = append(bonus, c)
			}
		}
	}
	add(p.main)
	for _, sw := range p.sides {
		add(sw)
	}
	slices.Sort(bonus)
	val := map[int]int{}
	var rs []roll
	for _, c := range bonus {
		r := roll{Cell: g.Name(c), Kind: g.kind[c]}
		if v, ok := s.fixedBonus(g.kind[c]); ok {
			r.Value = v
		} else {
			for i := 0; i < rolls(g.kind[c]); i++ {
				d := s.roll6()
				r.Dice = append(r.Dice, d)
				r.Value += d
			}
		}
		val[c] = r.Value
		rs = append(rs, r)
	}
	sum := func(cells []int) int {
		n := 0
		for _, c := range cells {
			if v, ok := val[c]; ok {
				n += v
			} else {
				n += int(g.value[c])
			}
		}
		return n
	}
	ws := s.words(p)
	out := make([]scored, len(ws))
	total := 0
	out[0] = scored{ws[0], sum(p.main)}
	total += out[0].Points
	for i, sw := range p.sides {
		out[i+1] = scored{ws[i+1], sum(sw)}
		total += out[i+1].Points
	}
	return out, rs, total
}

// turn collects the events of one move.
type turn struct{ evs []games.Event }

func (t *turn) pub(m i18n.Msg) { t.evs = append(t.evs, games.Event{To: games.Everyone, Msg: m}) }

func (s *state) apply(lex *lexicon.Lexicon, seat int, text string) ([]games.Event, error) {
	if s.Over {
		return nil, games.Refuse("motsdetete.err.game_over")
	}
	if seat != s.Turn {
		return nil, games.Refuse("motsdetete.err.not_your_turn", i18n.Seat(s.Turn))
	}
	m, err := parseMove(s.grid, text)
	if err != nil {
		return nil, err
	}
	t := &turn{}
	rec := &turnRecord{Seat: seat, Die: s.Die}
	if m.pass {
		rec.Kind = kindPass
		s.record(t, rec)
		s.endTurn(t, seat, false, true)
		return t.evs, nil
	}
	p, err := s.checkPlace(m)
	if err != nil {
		return nil, err
	}
	rec.Cell, rec.Down, rec.Word = s.grid.Name(m.cell), m.down, m.word
	for _, c := range p.fresh {
		s.cells[c] = m.word[slices.Index(p.main, c)]
		rec.New += string(s.cells[c])
	}
	// MT-D2, MT-D3: every word must be in the dictionary; the check is
	// automatic.
	for _, w := range s.words(p) {
		if !lex.Has(w) && !slices.Contains(rec.Bad, w) {
			rec.Bad = append(rec.Bad, w)
		}
	}
	if len(rec.Bad) > 0 {
		if s.Forgiving {
			// House option "forgiving": refused, he may try again (the
			// state is a copy the caller drops).
			return nil, games.Refuse("motsdetete.err.not_word", strings.Join(rec.Bad, ", "), len(rec.Bad))
		}
		// MT-D3: the word is wiped off and the turn is lost.
		for _, c := range p.fresh {
			s.cells[c] = 0
		}
		rec.Kind = kindLost
		s.record(t, rec)
		s.endTurn(t, seat, false, false)
		return t.evs, nil
	}
	rec.Kind = kindPlay
	rec.Words, rec.Rolls, rec.Total = s.score(p)
	s.Written += len(p.fresh)
	s.Scores[seat] += rec.Total
	s.record(t, rec)
	s.endTurn(t, seat, true, false)
	return t.evs, nil
}

func (s *state) record(t *turn, rec *turnRecord) {
	s.Moves++
	s.Last = rec
	t.pub(recordMsg(rec))
}

// endTurn counts the turns without a word, applies the end of each variant,
// and gives the die to the next player.
func (s *state) endTurn(t *turn, seat int, wrote, passed bool) {
	if wrote {
		s.Fails[seat], s.Idle = 0, 0
	} else {
		s.Fails[seat]++
		s.Idle++
	}
	switch {
	case s.LastRoll:
		// Marathon: the survivor's last roll is played.
		s.finish(t)
		return
	case wrote && s.Target > 0 && s.Scores[seat] >= s.Target:
		t.pub(i18n.T("motsdetete.ev.target", i18n.Seat(seat), s.Scores[seat], s.Target))
		s.finish(t)
		return
	case s.Variant == Marathon:
		if s.Fails[seat] >= 2 {
			s.Out[seat] = true
			t.pub(i18n.T("motsdetete.ev.out", i18n.Seat(seat)))
			left := s.inPlay()
			switch len(left) {
			case 0:
				s.finish(t)
				return
			case 1:
				if s.Players > 1 {
					s.LastRoll = true
					s.Turn = left[0]
					s.rollDie()
					t.pub(i18n.T("motsdetete.ev.last_roll", i18n.Seat(s.Turn), s.Die))
					return
				}
			}
		}
	case s.Players == 1:
		// Solitaire: he plays until he cannot write a word (a pass).
		if passed {
			t.pub(i18n.T("motsdetete.ev.solo_end", s.Scores[seat]))
			s.finish(t)
			return
		}
	case s.Idle >= 2*s.Players:
		// Choice (docs): two rounds without a word end a blocked game.
		t.pub(i18n.T("motsdetete.ev.blocked"))
		s.finish(t)
		return
	}
	s.advance(t)
}

// inPlay lists the seats not out.
func (s *state) inPlay() []int {
	var out []int
	for p := 0; p < s.Players; p++ {
		if !s.Out[p] {
			out = append(out, p)
		}
	}
	return out
}

func (s *state) advance(t *turn) {
	for i := 1; i <= s.Players; i++ {
		q := (s.Turn + i) % s.Players
		if !s.Out[q] {
			s.Turn = q
			break
		}
	}
	s.rollDie()
	t.pub(i18n.T("motsdetete.ev.roll", i18n.Seat(s.Turn), s.Die))
}

func (s *state) finish(t *turn) {
	// The board of a finished game names the winner; no event says it
	// again beside it.
	s.Over, s.LastRoll = true, false
}
