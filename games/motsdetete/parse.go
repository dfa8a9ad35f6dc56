package motsdetete

import (
	"strings"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/games/lexicon"
)

// maxMoveBytes bounds a typed move: the longest real one ("O15 droite" and
// a word of 15 letters with accents) is far shorter.
const maxMoveBytes = 80

// move is a parsed move string.
type move struct {
	pass  bool
	cell  int
	down  bool
	typed string // the word as typed, for the messages
	word  string // folded A-Z
}

// parseMove reads a move, French or English, any case, accents ignored:
//
//	H3 bas DEPENSER        H3 down depenser       a word written downwards
//	H3 droite dépenser     H3 right DEPENSER      a word written to the right
//	H3 ↓ DEPENSER          H3 → DEPENSER          arrows
//	passe / pass / passer                          no word this turn
//
// The start cell is the column letter and the row number ("H3", also "3H");
// the word is the whole main word, letters already on the grid included.
// The three parts may come in any order as long as the cell comes first or
// the direction is recognisable ("H3 DEPENSER bas").
func parseMove(g *Grid, text string) (move, error) {
	var m move
	if len(text) > maxMoveBytes {
		return m, games.Refuse("motsdetete.err.syntax", clip(text))
	}
	toks := strings.Fields(strings.TrimSpace(text))
	if len(toks) > 0 && strings.HasPrefix(toks[0], "/") {
		toks[0] = toks[0][1:]
		if toks[0] == "move" || toks[0] == "coup" {
			toks = toks[1:]
		}
	}
	if len(toks) == 0 {
		return m, games.Refuse("motsdetete.err.syntax", text)
	}
	if isPass(toks) {
		m.pass = true
		return m, nil
	}
	if len(toks) != 3 {
		if len(toks) > 3 {
			return m, games.Refuse("motsdetete.err.one_word", text)
		}
		return m, games.Refuse("motsdetete.err.syntax", text)
	}
	cellAt := -1
	for i, t := range toks {
		if _, ok := g.parseCell(t); ok && cellAt < 0 {
			cellAt = i
		}
	}
	if cellAt < 0 {
		if looksLikeCell(toks[0]) {
			return m, games.Refuse("motsdetete.err.no_cell", toks[0], string(rune('A'+g.W-1)), g.H)
		}
		return m, games.Refuse("motsdetete.err.syntax", text)
	}
	m.cell, _ = g.parseCell(toks[cellAt])
	rest := append(append([]string{}, toks[:cellAt]...), toks[cellAt+1:]...)
	// The direction is the first of the two that names one ("bas bas": the
	// word BAS written downwards).
	d, ok := direction(rest[0])
	wordTok := rest[1]
	if !ok {
		if d, ok = direction(rest[1]); !ok {
			return m, games.Refuse("motsdetete.err.direction", rest[0])
		}
		wordTok = rest[0]
	}
	m.down = d
	f, ok := lexicon.Fold(wordTok)
	if !ok {
		return m, games.Refuse("motsdetete.err.letters", wordTok)
	}
	m.typed, m.word = wordTok, f
	return m, nil
}

func isPass(toks []string) bool {
	switch strings.ToLower(strings.Join(toks, " ")) {
	case "pass", "passe", "passer", "je passe", "pass turn", "skip":
		return true
	}
	return false
}

// direction recognises "bas"/"down" (true) and "droite"/"right" (false).
func direction(t string) (down, ok bool) {
	switch strings.ToLower(t) {
	case "bas", "b", "vertical", "verticale", "vert", "v", "colonne", "down", "dn", "col", "↓", "⬇", "⬇️", "⇣":
		return true, true
	case "droite", "dr", "horizontal", "horizontale", "horiz", "h", "ligne", "right", "r", "across", "→", "➡", "➡️", "⇢":
		return false, true
	}
	return false, false
}

// looksLikeCell: a letter and digits, or digits and a letter ("Z3", "A16").
func looksLikeCell(t string) bool {
	if len(t) < 2 || len(t) > 4 {
		return false
	}
	isL := func(c byte) bool { return (c|0x20) >= 'a' && (c|0x20) <= 'z' }
	isD := func(c byte) bool { return c >= '0' && c <= '9' }
	digits := func(s string) bool {
		for i := 0; i < len(s); i++ {
			if !isD(s[i]) {
				return false
			}
		}
		return true
	}
	return (isL(t[0]) && digits(t[1:])) || (isL(t[len(t)-1]) && digits(t[:len(t)-1]))
}

// clip shortens a long text for a message, cutting between runes.
func clip(s string) string {
	r := []rune(s)
	if len(r) > 30 {
		return string(r[:30]) + "…"
	}
	return s
}
