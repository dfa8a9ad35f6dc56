package render

import (
	"image/color"

	"github.com/tablee/tablee/games"
)

// Colour is the colour a picture draws for a games.Color, for the games'
// tests of contrast between the colours they lay one on another.
func Colour(c games.Color) color.RGBA { return pictPalette[fillIndex(c)].(color.RGBA) }

// Drawn colours that no games.Color names: the picture's background, the
// ink of texts and of the outline around a join, the border of a tile.
var (
	Background = background
	Ink        = ink
	TileBorder = named[iBorder]
)
