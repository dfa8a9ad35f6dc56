package crackword

import (
	"strconv"
	"strings"

	"github.com/tablee/tablee/games"
)

// Move kinds.
const (
	mvLay = iota + 1
	mvPass
	mvCrack
	mvTrash
	mvCard // a bare card: the restart of an emptied row
)

// Sides of a lay.
const (
	sideLeft = iota + 1
	sideRight
	sideOn
)

// move is a parsed move string.
type move struct {
	kind    int
	joker   bool
	letter  byte // the card's letter, or the letter given to the JOKER
	side    int
	row     int // 0-3
	pos     int // 0-based stack for sideOn
	example string
	crack   bool   // "crack" typed after the lay
	typed   string // the move as typed, to quote it back in a refusal
}

// The move syntax, French and English, case-insensitive:
//
//	E droite 2 maison      E right 2 maison      lay E at the right of row 2
//	E gauche 1 école       E left 1 école        lay E at the left of row 1
//	E sur 3 4 exemple      E on 3 4 example      lay E on the 4th card of row 3
//	joker=A gauche 1 ami   joker=A left 1 ami    a JOKER given the letter A
//	... crack              ... crack             lay and call CRACK WORD at once
//	poubelle 3             trash 3               POUBELLE on row 3
//	crack / non            crack / no            after a lay: call or not
//	E  /  joker=A                                the card restarting an emptied row
//	passe                  pass
//
// Rows and positions are counted from 1 (positions from the left).
func parseMove(text string) (move, error) {
	toks := strings.Fields(strings.ToLower(strings.TrimSpace(text)))
	m := move{typed: strings.Join(strings.Fields(text), " ")}
	if len(toks) == 0 {
		return m, games.Refuse("crackword.err.syntax", text)
	}
	if toks[0] != "" && toks[0][0] == '/' {
		toks[0] = toks[0][1:]
	}
	switch toks[0] {
	case "pass", "passe", "passer", "non", "no", "nan":
		if len(toks) == 1 {
			m.kind = mvPass
			return m, nil
		}
	case "crack", "craque", "crackword", "oui", "yes":
		if len(toks) == 1 || (len(toks) == 2 && toks[1] == "word") {
			m.kind = mvCrack
			return m, nil
		}
	case "poubelle", "trash", "🗑":
		if len(toks) == 2 {
			r, err := parseRow(toks[1])
			if err != nil {
				return m, err
			}
			m.kind, m.row = mvTrash, r
			return m, nil
		}
		if len(toks) == 1 {
			return m, games.Refuse("crackword.err.trash_row")
		}
	}
	// A card: a letter, joker=A, joker:A, joker A, *A, ★A.
	i := 0
	switch t := toks[0]; {
	case len(t) == 1 && t[0] >= 'a' && t[0] <= 'z':
		m.letter = upper(t[0])
		i = 1
	case t == "joker" || t == "jok" || t == "★" || t == "*":
		if len(toks) < 2 || !isLetter(toks[1]) {
			return m, games.Refuse("crackword.err.joker_letter")
		}
		m.joker, m.letter, i = true, upper(toks[1][0]), 2
	case strings.HasPrefix(t, "joker=") || strings.HasPrefix(t, "joker:") || strings.HasPrefix(t, "*") || strings.HasPrefix(t, "★"):
		rest := strings.TrimLeft(strings.TrimPrefix(strings.TrimPrefix(t, "joker"), "★"), "=:*")
		if !isLetter(rest) {
			return m, games.Refuse("crackword.err.joker_letter")
		}
		m.joker, m.letter, i = true, upper(rest[0]), 1
	default:
		return m, games.Refuse("crackword.err.syntax", text)
	}
	if i == len(toks) {
		m.kind = mvCard
		return m, nil
	}
	if toks[i] == "à" || toks[i] == "a" || toks[i] == "to" {
		i++
	}
	if i == len(toks) {
		return m, games.Refuse("crackword.err.syntax", text)
	}
	switch toks[i] {
	case "droite", "right", "d", "r", "dr", "→", "➡":
		m.side = sideRight
	case "gauche", "left", "g", "l", "ga", "←", "⬅":
		m.side = sideLeft
	case "sur", "on", "dessus", "top", "s", "o":
		m.side = sideOn
	default:
		return m, games.Refuse("crackword.err.syntax", text)
	}
	i++
	if i == len(toks) {
		return m, games.Refuse("crackword.err.syntax", text)
	}
	r, err := parseRow(toks[i])
	if err != nil {
		return m, err
	}
	m.row = r
	i++
	if m.side == sideOn {
		if i == len(toks) {
			return m, games.Refuse("crackword.err.syntax", text)
		}
		p, err := strconv.Atoi(toks[i])
		if err != nil || p < 1 || p > 99 {
			return m, games.Refuse("crackword.err.no_position", r+1, toks[i])
		}
		m.pos = p - 1
		i++
	}
	rest := toks[i:]
	// A last "crack" is always the call, never the example (the private
	// help says to add it at the end): without an example before it, the
	// row must read a word, which is then its own example (see lay).
	if n := len(rest); n > 0 && isCrackWord(rest[n-1]) {
		m.crack = true
		rest = rest[:n-1]
	}
	switch len(rest) {
	case 0:
	case 1:
		// The example keeps its typed case and accents: Fold handles them.
		m.example = exampleToken(text, rest[0])
	default:
		return m, games.Refuse("crackword.err.one_word", strings.Join(rest, " "))
	}
	m.kind = mvLay
	return m, nil
}

// isCrackWord tells whether t calls CRACK WORD at the end of a lay.
func isCrackWord(t string) bool { return t == "crack" || t == "craque" || t == "crackword" }

func exampleToken(text, lower string) string {
	for _, f := range strings.Fields(text) {
		if strings.ToLower(f) == lower {
			return f
		}
	}
	return lower
}

func parseRow(t string) (int, error) {
	t = strings.TrimPrefix(strings.TrimPrefix(t, "r"), "#")
	n, err := strconv.Atoi(t)
	if err != nil {
		return 0, games.Refuse("crackword.err.syntax_row", t)
	}
	if n < 1 || n > 4 {
		return 0, games.Refuse("crackword.err.no_row", n)
	}
	return n - 1, nil
}

func isLetter(t string) bool { return len(t) == 1 && t[0] >= 'a' && t[0] <= 'z' }

func upper(c byte) byte { return c - 'a' + 'A' }
