package games

import "fmt"

// Autoplay lets the game's bot players make up to n moves, the first
// waiting seat first: for pictures of a position (`tablee render`), demos
// and tests. It stops early when the game is over.
func Autoplay(g Game, n int) (played int, err error) {
	for ; played < n; played++ {
		waits := g.Waiting()
		if len(waits) == 0 || g.Result().Over {
			return played, nil
		}
		seat := waits[0].Seat
		move := g.Bot(seat, Strong)
		if _, err := g.Apply(seat, move); err != nil {
			return played, fmt.Errorf("bot move %q of seat %d refused: %w", move, seat, err)
		}
	}
	return played, nil
}
