package wordsout

import (
	"strconv"
	"strings"

	"github.com/tablee/tablee/games"
)

// Move kinds.
const (
	mvLay      = iota + 1 // cards on a row (the row may be implied)
	mvCounter             // "contrer" + cards: an answer in the counter window
	mvPoubelle            // POUBELLE on a row
	mvPass                // pass and draw
	mvNo                  // no: no WORD OUT, no counter, no more cards
	mvWordOut             // WORD OUT!
	mvYes                 // yes (to the WORD OUT question)
)

// spec names a card of the hand. any: a bare letter, which takes the
// plain card of that letter first, then a REJOUER, then an INCONTRABLE.
type spec struct {
	kind   int
	letter byte
	any    bool
}

func (c spec) String() string {
	if c.any {
		return string(c.letter)
	}
	return token(mkCard(c.kind, c.letter))
}

// move is a parsed move string.
type move struct {
	kind  int
	cards []spec
	row   int  // 0-3, or -1 when not given
	call  bool // "wordout" after the cards
	stop  bool // "fin" after the cards
}

// maxMove bounds the length of a move (buttons carry 40 bytes at most;
// typed moves are refused beyond 200).
const maxMove = 200

// The move syntax, French and English, case-insensitive (see
// docs/games/wordsout.md):
//
//	poser E 2 / lay E 2 / E 2      E on row 2 (the verb is optional)
//	E+ S 2                         a REJOUER E then S, on row 2
//	E! 2                           the INCONTRABLE E
//	joker=Z 2 / ★Z 2               a JOKER given Z
//	E 2 wordout                    lay and call WORD OUT at once
//	E / poser E                    after a REJOUER or to restart a row: the row is implied
//	poubelle 3 / trash 3           POUBELLE on row 3
//	wordout / word out / oui       WORD OUT!
//	non / no / fin / done          no WORD OUT, no counter, no more cards
//	contrer S / counter E+ S       a counter
//	passe / pass / pioche / draw   pass and draw a card
func parseMove(text string) (move, error) {
	m := move{row: -1}
	low := strings.ToLower(strings.TrimSpace(text))
	low = strings.ReplaceAll(low, "word out", "wordout")
	low = strings.ReplaceAll(low, "word-out", "wordout")
	toks := strings.Fields(low)
	if len(toks) == 0 {
		return m, games.Refuse("wordsout.err.syntax", text)
	}
	if toks[0] = strings.TrimPrefix(toks[0], "/"); toks[0] == "" {
		toks = toks[1:]
		if len(toks) == 0 {
			return m, games.Refuse("wordsout.err.syntax", text)
		}
	}
	one := len(toks) == 1
	switch toks[0] {
	case "passe", "passer", "pass", "pioche", "piocher", "draw":
		if one {
			m.kind = mvPass
			return m, nil
		}
		return m, games.Refuse("wordsout.err.syntax", text)
	case "non", "no", "nan", "fin", "stop", "done", "ok", "assez", "enough":
		if one {
			m.kind = mvNo
			return m, nil
		}
		return m, games.Refuse("wordsout.err.syntax", text)
	case "wordout", "wordsout", "wo", "wordout!":
		if one {
			m.kind = mvWordOut
			return m, nil
		}
		return m, games.Refuse("wordsout.err.syntax", text)
	case "oui", "yes":
		if one {
			m.kind = mvYes
			return m, nil
		}
		return m, games.Refuse("wordsout.err.syntax", text)
	case "poubelle", "trash", "🗑":
		if one {
			return m, games.Refuse("wordsout.err.poubelle_row")
		}
		if len(toks) != 2 {
			return m, games.Refuse("wordsout.err.syntax", text)
		}
		r, err := parseRow(toks[1])
		if err != nil {
			return m, err
		}
		m.kind, m.row = mvPoubelle, r
		return m, nil
	case "contrer", "contre", "counter":
		m.kind = mvCounter
		toks = toks[1:]
	case "poser", "pose", "lay", "put", "play":
		m.kind = mvLay
		toks = toks[1:]
	default:
		m.kind = mvLay
	}
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		switch {
		case t == "wordout" || t == "wo":
			if i != len(toks)-1 || len(m.cards) == 0 {
				return m, games.Refuse("wordsout.err.syntax", text)
			}
			m.call = true
		case t == "fin" || t == "stop" || t == "done":
			if i != len(toks)-1 || len(m.cards) == 0 {
				return m, games.Refuse("wordsout.err.syntax", text)
			}
			m.stop = true
		case t[0] >= '0' && t[0] <= '9' || t[0] == '#':
			if m.row >= 0 || len(m.cards) == 0 {
				return m, games.Refuse("wordsout.err.syntax", text)
			}
			r, err := parseRow(t)
			if err != nil {
				return m, err
			}
			m.row = r
		case t == "joker" || t == "★" || t == "*":
			if i+1 >= len(toks) || !isLetter(toks[i+1]) {
				return m, games.Refuse("wordsout.err.joker_letter")
			}
			if m.row >= 0 {
				return m, games.Refuse("wordsout.err.syntax", text)
			}
			m.cards = append(m.cards, spec{kind: kindJoker, letter: upper(toks[i+1][0])})
			i++
		default:
			c, ok := parseCard(t)
			if !ok {
				if strings.HasPrefix(t, "joker") || strings.HasPrefix(t, "★") || strings.HasPrefix(t, "*") {
					return m, games.Refuse("wordsout.err.joker_letter")
				}
				return m, games.Refuse("wordsout.err.syntax", text)
			}
			if m.row >= 0 {
				return m, games.Refuse("wordsout.err.syntax", text)
			}
			m.cards = append(m.cards, c)
		}
	}
	if len(m.cards) == 0 {
		if m.kind == mvCounter {
			return m, games.Refuse("wordsout.err.counter_what")
		}
		return m, games.Refuse("wordsout.err.syntax", text)
	}
	if len(m.cards) > 2*handSize {
		return m, games.Refuse("wordsout.err.syntax", text)
	}
	return m, nil
}

// parseCard reads e, e+, e↻, e!, e🔒, joker=e, joker:e, *e, ★e.
func parseCard(t string) (spec, bool) {
	for _, p := range []string{"joker=", "joker:", "★", "*"} {
		if rest, ok := strings.CutPrefix(t, p); ok {
			if !isLetter(rest) {
				return spec{}, false
			}
			return spec{kind: kindJoker, letter: upper(rest[0])}, true
		}
	}
	if len(t) == 0 || t[0] < 'a' || t[0] > 'z' {
		return spec{}, false
	}
	l := upper(t[0])
	switch t[1:] {
	case "":
		return spec{letter: l, any: true}, true
	case "+", "↻":
		return spec{kind: kindRejouer, letter: l}, true
	case "!", "🔒":
		return spec{kind: kindIncontrable, letter: l}, true
	case "=", ".":
		return spec{kind: kindPlain, letter: l}, true
	}
	return spec{}, false
}

func parseRow(t string) (int, error) {
	t = strings.TrimPrefix(t, "#")
	n, err := strconv.Atoi(t)
	if err != nil {
		return 0, games.Refuse("wordsout.err.syntax_row", t)
	}
	if n < 1 || n > nRows {
		return 0, games.Refuse("wordsout.err.no_row", n)
	}
	return n - 1, nil
}

func isLetter(t string) bool { return len(t) == 1 && t[0] >= 'a' && t[0] <= 'z' }

func upper(c byte) byte { return c - 'a' + 'A' }
