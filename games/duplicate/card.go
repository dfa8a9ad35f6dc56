package duplicate

import "strings"

// Mark is how a player's turn went against the top, one symbol of the
// share card.
type Mark uint8

const (
	Far   Mark = iota // under three quarters of the top (a pass included)
	Close             // three quarters of the top or more
	Top               // the top's points: the top or as good
)

// MarkOf marks a turn. Close is three quarters of the top or more: a word
// one cell, one letter or one bonus short of the top (a few points off a
// top of 20 to 50) is close, while a move that missed the turn's idea (the
// bonus cells, the long word, the word across) is usually well under that
// (a Normal bot's misses in the tests score about half the top). A
// threshold to look at again once players' results are known.
func MarkOf(points, top int) Mark {
	switch {
	case points >= top:
		return Top
	case 4*points >= 3*top:
		return Close
	}
	return Far
}

// Symbol is the mark on the card: squares as in Wordle's grid, which
// players already read (green found, yellow close, black far).
func (m Mark) Symbol() string {
	switch m {
	case Top:
		return "🟩"
	case Close:
		return "🟨"
	}
	return "⬛"
}

// gameSymbols name a game on the card without a letter: the card must not
// hold any (a game's name shares letters with the words of the deal).
var gameSymbols = map[string]string{
	"motsdetete":  "🎲",
	"coquillaude": "🐚",
}

// Card is the share card of a player's challenge, to paste anywhere: the
// day, the game as a symbol, his percentage, and one mark per turn played,
// on one line per six turns. It holds no word and no letter of the deal
// (no letter at all), so it spoils nothing for who has yet to play; the
// catalogues may frame it with a sentence.
func (d *Deal) Card(day Day, points []int) string {
	_, _, pct := d.Running(points)
	game, ok := gameSymbols[d.Game]
	if !ok {
		game = "🎯"
	}
	var b strings.Builder
	b.WriteString("🗓️ " + day.String() + " " + game + " " + pct.String() + " %")
	for i, p := range points[:min(len(points), len(d.Turns))] {
		if i%6 == 0 {
			b.WriteString("\n")
		}
		b.WriteString(MarkOf(p, d.Turns[i].TopScore).Symbol())
	}
	return b.String()
}
