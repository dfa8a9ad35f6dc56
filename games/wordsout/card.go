package wordsout

import (
	"strings"

	"github.com/tablee/tablee/i18n"
)

// Card packs a card: its kind (bits 5-7) and its letter (bits 0-4: 1 for A
// up to 26 for Z, 0 for none). A JOKER carries the letter its player gave
// it only while it lies on a row. Green (+2) and red (x2) follow the letter
// (WO-D1), so a JOKER given a green or red letter counts as one.
type Card uint16

// Kinds of cards (WO-D1).
const (
	kindPlain       = 0 // SIMPLE, BONUS (green) or DOUBLE (red): the letter tells
	kindRejouer     = 1 // REJOUER ↻
	kindIncontrable = 2 // INCONTRABLE 🔒
	kindJoker       = 3 // JOKER ★ (also INCONTRABLE)
	kindPoubelle    = 4 // POUBELLE 🗑
)

func mkCard(kind int, letter byte) Card {
	c := Card(kind << 5)
	if letter >= 'A' && letter <= 'Z' {
		c |= Card(letter - 'A' + 1)
	}
	return c
}

// Kind is one of the kind constants.
func (c Card) Kind() int { return int(c>>5) & 7 }

// Letter is the letter shown (0 for a POUBELLE or a JOKER in hand).
func (c Card) Letter() byte {
	if l := c & 31; l > 0 && l <= 26 {
		return byte('A' + l - 1)
	}
	return 0
}

// Bare is the card without the letter given to a JOKER: what goes back to a
// hand, the PIOCHE or the discard, and what the invariants count.
func (c Card) Bare() Card {
	if c.Kind() == kindJoker {
		return mkCard(kindJoker, 0)
	}
	return c
}

func (c Card) withLetter(l byte) Card { return mkCard(c.Kind(), l) }

// layable tells whether the card can go on a row as a letter (a POUBELLE
// cannot).
func (c Card) layable() bool { return c.Kind() != kindPoubelle }

// safe tells whether a word holding this card is cashed with no counter
// (INCONTRABLE, and JOKER which is INCONTRABLE too: WO-D5).
func (c Card) safe() bool { return c.Kind() == kindIncontrable || c.Kind() == kindJoker }

const (
	greenLetters = "BCFHPV"  // BONUS: +2 points each (WO-D1)
	redLetters   = "JKQWXYZ" // DOUBLE: word value x2 each (WO-D1)
)

func isGreen(l byte) bool { return l != 0 && strings.IndexByte(greenLetters, l) >= 0 }
func isRed(l byte) bool   { return l != 0 && strings.IndexByte(redLetters, l) >= 0 }

// WO-D1: the 84 other letter cards, and among them the REJOUER and the
// INCONTRABLE ones.
var (
	plainCounts = [26]int{
		'A' - 'A': 9, 'D' - 'A': 3, 'E' - 'A': 16, 'G' - 'A': 2, 'I' - 'A': 8, 'L' - 'A': 5, 'M' - 'A': 3,
		'N' - 'A': 6, 'O' - 'A': 6, 'R' - 'A': 7, 'S' - 'A': 7, 'T' - 'A': 6, 'U' - 'A': 6,
	}
	rejouerCounts = map[byte]int{'A': 2, 'E': 3, 'I': 2, 'O': 1, 'U': 1, 'S': 1, 'R': 1, 'T': 1}
	incontrCounts = map[byte]int{'A': 1, 'E': 2, 'I': 1, 'N': 1, 'S': 1, 'R': 1, 'T': 1, 'L': 1, 'U': 1}
)

const setSize = 108

// deck returns one set of the 108 cards (WO-D1).
func deck() []Card {
	out := make([]Card, 0, setSize)
	for _, l := range []byte(greenLetters) {
		out = append(out, mkCard(kindPlain, l), mkCard(kindPlain, l))
	}
	for _, l := range []byte(redLetters) {
		out = append(out, mkCard(kindPlain, l))
	}
	for i, n := range plainCounts {
		l := byte('A' + i)
		r, u := rejouerCounts[l], incontrCounts[l]
		for k := 0; k < n; k++ {
			switch {
			case k < r:
				out = append(out, mkCard(kindRejouer, l))
			case k < r+u:
				out = append(out, mkCard(kindIncontrable, l))
			default:
				out = append(out, mkCard(kindPlain, l))
			}
		}
	}
	out = append(out, mkCard(kindJoker, 0), mkCard(kindJoker, 0))
	out = append(out, mkCard(kindPoubelle, 0), mkCard(kindPoubelle, 0), mkCard(kindPoubelle, 0))
	return out
}

// sets is the number of 108-card sets: two from 6 players (WO-D1).
func sets(players int) int {
	if players >= 6 {
		return 2
	}
	return 1
}

// value is the value of a word (sheet, "CALCUL DES POINTS"): 1 point per
// card, +2 per green letter, then x2 per red letter.
func value(cs []Card) int {
	v, mult := len(cs), 1
	for _, c := range cs {
		l := c.Letter()
		switch {
		case isGreen(l):
			v += 2
		case isRed(l):
			mult *= 2
		}
	}
	return v * mult
}

// word reads the letters of cards.
func word(cs []Card) string {
	b := make([]byte, len(cs))
	for i, c := range cs {
		b[i] = c.Letter()
	}
	return string(b)
}

// glyph is the neutral short form of a card, as on the board and in hands:
// E, B🟩 (green +2), J🟥 (red x2), E↻ (REJOUER), E🔒 (INCONTRABLE),
// ★ (JOKER in hand), ★Z🟥 (a JOKER given Z), 🗑 (POUBELLE).
func glyph(c Card) string {
	l := c.Letter()
	s := ""
	switch c.Kind() {
	case kindJoker:
		s = "★"
		if l == 0 {
			return s
		}
	case kindPoubelle:
		return "🗑"
	}
	s += string(l)
	switch {
	case isGreen(l):
		s += "🟩"
	case isRed(l):
		s += "🟥"
	}
	switch c.Kind() {
	case kindRejouer:
		s += "↻"
	case kindIncontrable:
		s += "🔒"
	}
	return s
}

// token is how a move names the card: E, E+ (REJOUER), E! (INCONTRABLE),
// joker=E, poubelle. Buttons send these.
func token(c Card) string {
	switch c.Kind() {
	case kindRejouer:
		return string(c.Letter()) + "+"
	case kindIncontrable:
		return string(c.Letter()) + "!"
	case kindJoker:
		if c.Letter() == 0 {
			return "joker"
		}
		return "joker=" + string(c.Letter())
	case kindPoubelle:
		return "poubelle"
	}
	return string(c.Letter())
}

// cardName is a card in a sentence: its glyph, or a word for the cards
// without a letter.
func cardName(c Card) i18n.Msg {
	switch {
	case c.Kind() == kindPoubelle:
		return i18n.T("wordsout.card.poubelle")
	case c.Kind() == kindJoker && c.Letter() == 0:
		return i18n.T("wordsout.card.joker")
	}
	return i18n.Raw(glyph(c))
}

func glyphs(cs []Card) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = glyph(c)
	}
	return strings.Join(parts, " ")
}
