package escogriffe

import (
	"github.com/tablee/tablee/i18n"

	_ "embed"
	"fmt"
	"strings"
)

// ES-D1: the deck is data, committed in deck.txt and read once at start.

//go:embed deck.txt
var deckText string

// Kind is the kind of a card.
type Kind uint8

const (
	Head    Kind = iota // a bottom join only: the top of a figure
	Body                // a top join and a different bottom join
	Stretch             // orange background: the same join at top and bottom
	Feet                // a top join only: the bottom of a figure
)

// NoJoin marks the missing side of a HEAD (top) or FEET (bottom) card.
const NoJoin = -1

// Joins: 4 shapes x 4 colours, numbered shape*4+colour.
const (
	nShapes  = 4
	nColours = 4
	nJoins   = nShapes * nColours
	// DeckSize is the number of cards of the game.
	DeckSize = 110
)

var (
	shapeNames  = [nShapes]string{"round", "square", "triangle", "star"}
	colourNames = [nColours]string{"red", "blue", "green", "yellow"}
	// shapeGlyph and colourSquare draw a join on a phone; colourMark is the
	// colour-blind-safe letter (French initials, explained in the legend).
	shapeGlyph   = [nShapes]string{"●", "■", "▲", "★"}
	colourSquare = [nColours]string{"🟥", "🟦", "🟩", "🟨"}
	colourMark   = [nColours]string{"R", "B", "V", "J"}
)

// Card is one card of the deck.
type Card struct {
	Code     string // "H01", "B17", "S03", "F16"
	Kind     Kind
	Top      int // join, or NoJoin for a HEAD
	Bottom   int // join, or NoJoin for FEET
	Standing bool
}

// Deck is the 110 cards, indexed by card id. Ids are in deck.txt order:
// heads, bodies, stretches, feet; hands dealt are sorted by id.
var Deck []Card

var (
	headOf    [nJoins]int   // HEAD card whose bottom join is j
	feetOf    [nJoins]int   // FEET card whose top join is j
	stretchAt [nJoins][]int // STRETCH cards on join j (0 or 2)
	bodyOut   [nJoins][]int // BODY cards whose top join is j
	bodyIn    [nJoins][]int // BODY cards whose bottom join is j
)

func init() {
	d, err := parseDeck(deckText)
	if err != nil {
		panic(err)
	}
	Deck = d
	for j := range nJoins {
		headOf[j], feetOf[j] = -1, -1
	}
	for id, c := range Deck {
		switch c.Kind {
		case Head:
			headOf[c.Bottom] = id
		case Feet:
			feetOf[c.Top] = id
		case Stretch:
			stretchAt[c.Top] = append(stretchAt[c.Top], id)
		case Body:
			bodyOut[c.Top] = append(bodyOut[c.Top], id)
			edgesOut[c.Top] = append(edgesOut[c.Top], edge{id, c.Bottom})
			bodyIn[c.Bottom] = append(bodyIn[c.Bottom], id)
		}
	}
}

func parseJoin(s string) (int, error) {
	if s == "-" {
		return NoJoin, nil
	}
	shape, colour, ok := strings.Cut(s, "-")
	if !ok {
		return 0, fmt.Errorf("join %q: want shape-colour", s)
	}
	si, ci := -1, -1
	for i, n := range shapeNames {
		if n == shape {
			si = i
		}
	}
	for i, n := range colourNames {
		if n == colour {
			ci = i
		}
	}
	if si < 0 || ci < 0 {
		return 0, fmt.Errorf("join %q: unknown shape or colour", s)
	}
	return si*nColours + ci, nil
}

// parseDeck reads the card table and checks the shape of each card; the
// counts and the graph properties are checked by the tests.
func parseDeck(text string) ([]Card, error) {
	var out []Card
	for n, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Fields(line)
		if len(f) != 5 {
			return nil, fmt.Errorf("deck.txt:%d: want 5 fields, got %d", n+1, len(f))
		}
		c := Card{Code: f[0], Standing: f[4] == "standing"}
		switch f[1] {
		case "HEAD":
			c.Kind = Head
		case "BODY":
			c.Kind = Body
		case "STRETCH":
			c.Kind = Stretch
		case "FEET":
			c.Kind = Feet
		default:
			return nil, fmt.Errorf("deck.txt:%d: unknown kind %q", n+1, f[1])
		}
		var err error
		if c.Top, err = parseJoin(f[2]); err != nil {
			return nil, fmt.Errorf("deck.txt:%d: %v", n+1, err)
		}
		if c.Bottom, err = parseJoin(f[3]); err != nil {
			return nil, fmt.Errorf("deck.txt:%d: %v", n+1, err)
		}
		if f[4] != "standing" && f[4] != "lying" {
			return nil, fmt.Errorf("deck.txt:%d: orientation %q", n+1, f[4])
		}
		if (c.Top == NoJoin) != (c.Kind == Head) || (c.Bottom == NoJoin) != (c.Kind == Feet) {
			return nil, fmt.Errorf("deck.txt:%d: %s card with wrong joins", n+1, f[1])
		}
		if c.Kind == Stretch && c.Top != c.Bottom || c.Kind == Body && c.Top == c.Bottom {
			return nil, fmt.Errorf("deck.txt:%d: %s card with wrong joins", n+1, f[1])
		}
		out = append(out, c)
	}
	if len(out) != DeckSize {
		return nil, fmt.Errorf("deck.txt: %d cards, want %d", len(out), DeckSize)
	}
	return out, nil
}

// joinText draws a join: colour square, shape, colour-blind letter ("🟥●R").
func joinText(j int) string {
	return colourSquare[j%nColours] + shapeGlyph[j/nColours] + colourMark[j%nColours]
}

// lyingMark marks a lying card in text (ES-D1, revised: shown); the
// legend says it.
const lyingMark = "🛌"

// cardText draws a card top/bottom: "🙂/🟥●R", "🟥●R/🟦■B", "🟩▲V/🟩▲V🟧",
// "🟨★J/👣", and a lying card with its mark: "🟥●R/🟦■B🛌".
func cardText(id int) string {
	c := Deck[id]
	top, bottom := "🙂", "👣"
	if c.Top != NoJoin {
		top = joinText(c.Top)
	}
	if c.Bottom != NoJoin {
		bottom = joinText(c.Bottom)
	}
	s := top + "/" + bottom
	if c.Kind == Stretch {
		s += "🟧"
	}
	if !c.Standing {
		s += lyingMark
	}
	return s
}

// cardMsg is a card named in a message: its drawing, the same in every
// language.
func cardMsg(id int) i18n.Msg { return i18n.Raw(cardText(id)) }
