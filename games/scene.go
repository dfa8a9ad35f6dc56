package games

import "github.com/tablee/tablee/i18n"

// Pictured is implemented by games that can describe their board for a
// picture (games/render draws it as a PNG). Games without it are shown as
// text only.
type Pictured interface {
	// Scene describes what Public shows, for drawing. It must show no more
	// than Public: a hidden card has no place in it.
	Scene() Scene
}

// PrivatePictured is implemented by games that can draw a seat's hand.
type PrivatePictured interface {
	PrivateScene(seat int) Scene
}

// Scene is a board described for drawing: blocks laid out top to bottom,
// each a heading, rows of tiles, and a note. Every game's board fits it:
// rows of cards, a crossword grid, figures of cards, a board of cells.
type Scene struct {
	Blocks []Block
	// Columns lays blocks side by side, so many columns to a line (0 or 1:
	// one under the other). Figures of Escogriffe stand side by side.
	// A Wide block always takes a line of its own.
	Columns int
}

// Block is one part of a scene.
type Block struct {
	Label i18n.Msg // a heading: "Rangée 1", "Alice — 12 points"
	Rows  [][]Tile
	Note  i18n.Msg // a line under the tiles
	// Grid draws the rows as a grid with row and column coordinates
	// (A-O across, 1-15 down), for boards where moves name cells.
	Grid bool
	// Wide takes the whole width even in a scene of columns.
	Wide bool
	// TileSize is the largest tile side in pixels, in place of the
	// default 96: smaller for tall blocks (a figure of twelve cards),
	// larger for cards whose marks must read on a phone; 0 keeps the
	// default. The width of the block caps it too.
	TileSize int
	// Lines come under the note, each led by a small tile when it has a
	// swatch: a key that says which colour and shape is whose, or what a
	// card's picture means.
	Lines []Line
	// Flow lays the lines one after another, wrapping between two lines
	// and never inside one, rather than one under the other (a legend).
	Flow bool
}

// Line is a line of text under a block, led by the small tile it
// explains, its Swatch, unless that is the zero Tile.
type Line struct {
	Swatch Tile
	Text   i18n.Msg
	Bold   bool // what the reader must see first: whose turn, the result
}

// Tile is one card or cell.
type Tile struct {
	Text   string // a letter or a short label: "E", "12"
	Corner string // small text in the top right: a value, a stack height
	Fill   Color  // the background
	// Mark is a shape drawn in the bottom left corner in the tile's
	// colour family, so that colour is never the only clue.
	Mark Shape
	// Top and Bottom are joins drawn on the tile's edges (Escogriffe).
	Top, Bottom *Join
	Empty       bool // an empty cell: drawn as a faint outline
	Highlight   bool // the last move
	// Lying draws the tile as a card lying on its side: wider than high,
	// in the middle of its square (Escogriffe's lying cards).
	Lying bool
	// Icon draws an action card as what it is: large in the middle of a
	// tile without text, in the top right corner of a tile with a letter.
	Icon Icon
}

// Join is a shape of a colour on a tile's edge.
type Join struct {
	Shape Shape
	Color Color
}

// Color is a colour of the picture palette: chosen to be told apart by
// readers with any common colour blindness (Okabe and Ito's palette).
type Color uint8

const (
	White Color = iota
	Red
	Blue
	Green
	Yellow
	Orange
	Sky
	Purple
	Gray
	Black
	Cream // plain board cells
)

// Shape is a mark that repeats what a colour says.
type Shape uint8

const (
	NoShape Shape = iota
	Circle
	Square
	Triangle
	Star
	Diamond
)

// Icon is the picture of an action card, drawn as shapes: the picture's
// font has no 🗑 ★ ↻ 🔒.
type Icon uint8

const (
	NoIcon     Icon = iota
	IconJoker       // a star: a JOKER takes any letter
	IconTrash       // a bin: a POUBELLE
	IconReplay      // a circular arrow: REJOUER, play again
	IconLock        // a padlock: INCONTRABLE, cannot be countered
)
