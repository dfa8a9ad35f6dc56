package crackword

import (
	"os"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/tablee/tablee/games"
)

// TestBotVariants compares bot weights (run with CRACKWORD_AB=1, 800
// two-player games per variant; CRACKWORD_AB=3 or 4 for more players): one
// seat plays the variant, the others the default, all at Strong. It also
// tells how often the variant stacks a letter on the same letter and
// passes, the price of the bots' manners (docs/games/crackword.md).
func TestBotVariants(t *testing.T) {
	if os.Getenv("CRACKWORD_AB") == "" {
		t.Skip("set CRACKWORD_AB=1")
	}
	e := realEngine()
	variants := map[string]weights{}
	add := func(name string, f func(w *weights)) {
		w := botWeights
		f(&w)
		variants[name] = w
	}
	add("default", func(w *weights) {})
	add("takeRow0", func(w *weights) { w.takeRow = 0 })
	add("pass1", func(w *weights) { w.pass = 1 })
	add("stack0", func(w *weights) { w.stack = 0 })
	add("aimless0", func(w *weights) { w.aimless = 0 })
	names := make([]string, 0, len(variants))
	for name := range variants {
		names = append(names, name)
	}
	sort.Strings(names)
	players := 2
	if p, err := strconv.Atoi(os.Getenv("CRACKWORD_AB")); err == nil && p > 1 {
		players = p
	}
	for _, name := range names {
		vw := variants[name]
		wins, share, n := 0.0, 0.0, 800
		lays, stacks, passes, moves := 0, 0, 0, 0
		lastStacks := 0
		for i := 0; i < n; i++ {
			me := i % players
			gg, _ := e.New(nil, players, uint64(i)*31+7)
			g := gg.(*Game)
			for !g.s.Over {
				seat := g.Waiting()[0].Seat
				w := &botWeights
				if seat == me {
					w = &vw
				}
				mv := g.botWith(seat, games.Strong, w)
				if seat == me {
					f := strings.Fields(mv)
					switch {
					case len(f) >= 3:
						lays++
						if f[1] == "sur" {
							stacks++
						}
					}
					switch {
					case mv == "passe":
						passes++
					}
					moves++
					if g.s.LastHand && len(f) >= 3 && f[1] == "sur" {
						lastStacks++
					}
				}
				if _, err := g.Apply(seat, mv); err != nil {
					t.Fatalf("%s game %d seat %d (variant %d) %q: %v\n%v", name, i, seat, me, mv, err, g.s.Hand[seat])
				}
			}
			winners := g.Result().Winners()
			for _, p := range winners {
				if p == me {
					wins += 1 / float64(len(winners))
				}
			}
			share += 1 / float64(players)
		}
		t.Logf("%-12s wins %.0f of %d (fair share %.0f); stacks %.1f%% of lays, passes %.1f%% of moves", name, wins, n, share,
			100*float64(stacks)/float64(lays), 100*float64(passes)/float64(moves))
		t.Logf("   stacks during DERNIÈRE MAIN: %d of %d", lastStacks, stacks)
	}
}
