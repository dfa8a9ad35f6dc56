package duplicate

import (
	"strings"
	"testing"
	"time"
	"unicode"

	"github.com/tablee/tablee/games"
)

// cardDay is the day on the cards of the tests: the spring change of
// summer time.
var cardDay = Day{2026, time.March, 29}

// TestMarkOf: the top's points (or more) is a top found, three quarters of
// them or more is close, less is far.
func TestMarkOf(t *testing.T) {
	for _, c := range []struct {
		points, top int
		want        Mark
	}{{40, 40, Top}, {41, 40, Top}, {30, 40, Close}, {39, 40, Close}, {29, 40, Far}, {0, 40, Far}, {0, 0, Top}} {
		if got := MarkOf(c.points, c.top); got != c.want {
			t.Errorf("MarkOf(%d, %d) = %v, want %v", c.points, c.top, got, c.want)
		}
	}
}

// TestCardHoldsNoLetterOfTheDeal: the share card of a whole challenge (a
// player who found some tops, came close and missed others) holds the day,
// the percentage and one mark per turn, and no letter at all: none of the
// tops' words, none of the game's name, nothing of the turns' positions.
func TestCardHoldsNoLetterOfTheDeal(t *testing.T) {
	d := mustDeal(t, realEngine(), 11)
	var points []int
	marks := map[Mark]int{}
	for i, turn := range d.Turns {
		move := turn.Top
		switch i % 3 {
		case 1: // the easy bot's move: sometimes close, sometimes not
			g, err := d.Position(i)
			if err != nil {
				t.Fatal(err)
			}
			move = g.Bot(0, games.Easy)
		case 2:
			move = "passe"
		}
		p, err := d.Score(i, move)
		if err != nil {
			t.Fatal(err)
		}
		points = append(points, p)
		marks[MarkOf(p, turn.TopScore)]++
	}
	card := d.Card(cardDay, points)
	t.Logf("\n%s", card)
	_, _, pct := d.Running(points)
	if !strings.HasPrefix(card, "🗓️ 2026-03-29 🎲 "+pct.String()+" %\n") {
		t.Fatalf("card %q", card)
	}
	symbols := 0
	for _, m := range []Mark{Top, Close, Far} {
		if n := strings.Count(card, m.Symbol()); n != marks[m] {
			t.Fatalf("%d %s on the card, want %d", n, m.Symbol(), marks[m])
		}
		symbols += marks[m]
	}
	if symbols != len(d.Turns) || marks[Top] == 0 || marks[Far] == 0 {
		t.Fatalf("marks %v over %d turns", marks, len(d.Turns))
	}
	for _, r := range card {
		if unicode.IsLetter(r) {
			t.Fatalf("the card holds the letter %q", r)
		}
	}
	for _, turn := range d.Turns {
		for _, l := range turn.TopWord + d.Game {
			if strings.ContainsRune(strings.ToUpper(card), unicode.ToUpper(l)) {
				t.Fatalf("the card holds %q of %s", l, turn.TopWord)
			}
		}
	}
}
