package escogriffe

import (
	"fmt"
	"sort"
	"testing"
)

func TestExplore(t *testing.T) {
	var table []int
	byObj := map[int][]int{}
	blocked := 0
	for seed := uint64(1); len(table) < 1000; seed++ {
		for _, r := range playBots(t, 4, seed, 200_000, nil) {
			tt := (r.turns + 3) / 4
			table = append(table, tt)
			byObj[r.objective] = append(byObj[r.objective], tt)
			if r.blocked {
				blocked++
			}
		}
	}
	sort.Ints(table)
	n := len(table)
	over := 0
	for _, x := range table {
		if x >= 300 {
			over++
		}
	}
	fmt.Println("rounds", n, "median", table[n/2], "p90", table[n*9/10], "p99", table[n*99/100], "max", table[n-1], ">=300", over, "blocked", blocked)
	for o := 5; o <= 12; o++ {
		fmt.Println(o, len(byObj[o]), median(byObj[o]))
	}
}
