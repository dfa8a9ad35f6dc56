package wordsout

import (
	"sort"
	"testing"
	"github.com/tablee/tablee/games"
)

func TestTmpStuck(t *testing.T) {
	e := realEngine()
	cnt := map[string]int{}
	ends, jokers, pb := 0, 0, 0
	sizes := map[int]int{}
	lastDeal := 0
	for i := 0; i < 600; i++ {
		gg, _ := e.New(nil, 2, uint64(i)+1)
		g := gg.(*Game)
		for k := 0; k < 3000 && !g.s.Over; k++ {
			seat := g.Waiting()[0].Seat
			g.Apply(seat, g.Bot(seat, games.Strong))
		}
		if g.s.Passes >= g.s.Players {
			ends++
			for _, h := range g.s.Hands {
				sizes[len(h)]++
				for _, c := range h {
					cnt[token(c)]++
					if c.Kind() == kindJoker { jokers++ }
					if c.Kind() == kindPoubelle { pb++ }
				}
			}
		}
		if g.s.Deals > 1 { lastDeal++ }
	}
	type kv struct{ k string; v int }
	var l []kv
	for k, v := range cnt { l = append(l, kv{k, v}) }
	sort.Slice(l, func(i, j int) bool { return l[i].v > l[j].v })
	t.Logf("all-pass ends %d; hand sizes %v; %v", ends, sizes, l)
}
