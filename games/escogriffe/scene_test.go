package escogriffe

import (
	"fmt"
	"sort"
	"testing"

	"github.com/tablee/tablee/games"
)

// TestScene_ShowsOnlyVisibleCards: every card tile of the public picture is
// a figure card or the top of a discard pile, and each of those is drawn
// once: no hand or PIOCHE card reaches the picture.
func TestScene_ShowsOnlyVisibleCards(t *testing.T) {
	s := newState(t, 4, 11)
	for i := 0; i < 300 && !s.Over; i++ {
		var want []string
		for _, f := range s.Figures {
			for _, id := range f {
				want = append(want, describe(cardTile(id)))
			}
		}
		for _, p := range s.Piles {
			if len(p) > 0 {
				want = append(want, describe(cardTile(p[len(p)-1])))
			}
		}
		if d := s.shownDone(); d != nil {
			for _, f := range d.Figures {
				for _, id := range f.Cards {
					want = append(want, describe(cardTile(id)))
				}
			}
		}
		var got []string
		for _, b := range s.Scene().Blocks {
			for _, row := range b.Rows {
				for _, tile := range row {
					if tile.Text != sceneNoCard {
						got = append(got, describe(tile))
					}
				}
			}
		}
		sort.Strings(want)
		sort.Strings(got)
		if fmt.Sprint(want) != fmt.Sprint(got) {
			t.Fatalf("move %d: picture shows\n%v\nwant\n%v", i, got, want)
		}
		w := s.Waiting()[0].Seat
		play(t, s, w, s.Bot(w, games.Strong))
	}
}

func describe(t games.Tile) string {
	s := fmt.Sprintf("%s %d", t.Text, t.Fill)
	for _, j := range []*games.Join{t.Top, t.Bottom} {
		if j != nil {
			s += fmt.Sprintf(" %d/%d", j.Shape, j.Color)
		} else {
			s += " -"
		}
	}
	return s
}
