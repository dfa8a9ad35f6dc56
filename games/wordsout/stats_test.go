package wordsout

import (
	"github.com/tablee/tablee/games"
	"math/bits"
	"strconv"
	"testing"

	"github.com/tablee/tablee/games/gamestest"
)

// naive plays the first card that keeps a row alive, calls every WORD OUT
// and never counters: the yardstick of the bot player.
func naive(g *Game, seat int) string {
	s := g.s
	switch s.Phase {
	case phaseCounter:
		return "non"
	case phaseCall:
		return "wordout"
	case phaseMore:
		return "fin"
	case phaseRestart:
		return restartTimeout(s.Hands[seat]) + " fin"
	}
	for r := range s.Rows {
		ext := uint32(1<<26 - 1)
		if w := s.word(r); w != "" {
			ext = g.dict.ExtendPrefixRight(w)
		}
		for _, c := range sortedHand(s.Hands[seat]) {
			switch {
			case c.Kind() == kindJoker && ext != 0:
				return "joker=" + string(rune('A'+bits.TrailingZeros32(ext))) + " " + strconv.Itoa(r+1)
			case c.layable() && c.Kind() != kindJoker && ext&(1<<(c.Letter()-'A')) != 0:
				return token(c) + " " + strconv.Itoa(r+1) + map[bool]string{true: " fin", false: ""}[c.Kind() == kindRejouer]
			}
		}
	}
	return "passe"
}

// TestBotBeatsNaive: the bot player wins most two-player games against the
// naive player, seats alternating.
func TestBotBeatsNaive(t *testing.T) {
	e := realEngine()
	n := 300
	if testing.Short() || gamestest.Race {
		n = 60
	}
	wins, botPoints, naivePoints := 0, 0, 0
	for i := 0; i < n; i++ {
		gg, _ := e.New(nil, 2, uint64(i)+5000)
		g := gg.(*Game)
		botSeat := i % 2
		for k := 0; k < 5000 && !g.s.Over; k++ {
			w := g.Waiting()[0].Seat
			mv := g.Bot(w, games.Strong)
			if w != botSeat {
				mv = naive(g, w)
			}
			if _, err := g.Apply(w, mv); err != nil {
				t.Fatalf("%q: %v", mv, err)
			}
		}
		sc := g.Result().Scores
		botPoints += sc[botSeat]
		naivePoints += sc[1-botSeat]
		if sc[botSeat] > sc[1-botSeat] {
			wins++
		}
	}
	t.Logf("bot wins %d of %d games; %.1f points a game against %.1f", wins, n, float64(botPoints)/float64(n), float64(naivePoints)/float64(n))
	if wins*10 < n*6 {
		t.Errorf("the bot wins only %d of %d games against the naive player", wins, n)
	}
}
