package escogriffe

import (
	"strings"
	"testing"
)

func TestES_D1_DeckHas110CardsOfFourKinds(t *testing.T) {
	if len(Deck) != 110 {
		t.Fatalf("%d cards", len(Deck))
	}
	count := map[Kind]int{}
	heads, feet := map[int]int{}, map[int]int{}
	pairs := map[[2]int]int{}
	stretch := map[int]int{}
	for _, c := range Deck {
		count[c.Kind]++
		switch c.Kind {
		case Head:
			heads[c.Bottom]++
		case Feet:
			feet[c.Top]++
		case Body:
			if c.Top == c.Bottom || c.Top < 0 || c.Bottom < 0 {
				t.Errorf("%s: body with joins %d/%d", c.Code, c.Top, c.Bottom)
			}
			pairs[[2]int{c.Top, c.Bottom}]++
		case Stretch:
			if c.Top != c.Bottom {
				t.Errorf("%s: stretch with two joins", c.Code)
			}
			stretch[c.Top]++
		}
	}
	if count[Head] != 16 || count[Feet] != 16 || count[Body] != 62 || count[Stretch] != 16 {
		t.Fatalf("kinds %v, want 16 heads, 62 bodies, 16 stretches, 16 feet", count)
	}
	for j := range nJoins {
		if heads[j] != 1 || feet[j] != 1 {
			t.Errorf("join %d: %d heads, %d feet, want one of each", j, heads[j], feet[j])
		}
	}
	if len(pairs) != 62 {
		t.Errorf("two BODY cards share a pair of joins: %d distinct pairs", len(pairs))
	}
	if len(stretch) != 8 {
		t.Errorf("%d stretch designs, want 8", len(stretch))
	}
	for j, n := range stretch {
		if n != 2 {
			t.Errorf("stretch design on join %d: %d copies, want 2", j, n)
		}
	}
}

func TestES_D1_EveryJoinHasThreeBodiesInAndOut(t *testing.T) {
	for j := range nJoins {
		if len(bodyIn[j]) < 3 || len(bodyOut[j]) < 3 {
			t.Errorf("join %s: %d BODY cards entering, %d leaving, want 3 each", joinText(j), len(bodyIn[j]), len(bodyOut[j]))
		}
	}
}

// buildFigure searches a real figure of the given height in the deck, each
// card used once: HEAD, middle cards, FEET.
func buildFigure(height int) []int {
	used := make([]bool, DeckSize)
	var path []int
	var dfs func(join, left int) bool
	dfs = func(join, left int) bool {
		if left == 1 {
			if f := feetOf[join]; !used[f] {
				path = append(path, f)
				return true
			}
			return false
		}
		next := append(append([]int(nil), stretchAt[join]...), bodyOut[join]...)
		for _, id := range next {
			if used[id] {
				continue
			}
			used[id] = true
			path = append(path, id)
			if dfs(Deck[id].Bottom, left-1) {
				return true
			}
			path = path[:len(path)-1]
			used[id] = false
		}
		return false
	}
	for j := range nJoins {
		path = []int{headOf[j]}
		used[headOf[j]] = true
		if dfs(j, height-1) {
			return path
		}
		used[headOf[j]] = false
	}
	return nil
}

func TestES_D1_EveryHeightFrom5To12CanBeBuilt(t *testing.T) {
	for h := 5; h <= 12; h++ {
		fig := buildFigure(h)
		if len(fig) != h || !complete(fig) {
			t.Fatalf("no figure of %d cards in the deck", h)
		}
		for i := 1; i < len(fig); i++ {
			if Deck[fig[i-1]].Bottom != Deck[fig[i]].Top {
				t.Fatalf("height %d: joins do not match at %d", h, i)
			}
		}
	}
}

func TestES_D1_OnlyStretchCardsRepeat(t *testing.T) {
	texts := map[string][]int{}
	for id := range Deck {
		texts[cardText(id)] = append(texts[cardText(id)], id)
	}
	for text, ids := range texts {
		if len(ids) > 1 && Deck[ids[0]].Kind != Stretch {
			t.Errorf("%s drawn the same for %d cards", text, len(ids))
		}
		if len(ids) > 1 && !strings.HasSuffix(text, "🟧") {
			t.Errorf("repeated card %s not marked orange", text)
		}
	}
	// Every join shows its colour-blind-safe letter.
	for j := range nJoins {
		if !strings.ContainsAny(joinText(j), "RBVJ") {
			t.Errorf("join %d without a colour letter: %s", j, joinText(j))
		}
	}
}

func TestES_D1_DeckTextRejectsBadCards(t *testing.T) {
	bad := []string{
		"X01 BODY round-red round-red standing",
		"X01 HEAD round-red round-blue standing",
		"X01 FEET - round-red standing",
		"X01 BODY round-purple round-red standing",
		"X01 STRETCH round-red round-blue lying",
	}
	for _, line := range bad {
		if _, err := parseDeck(line); err == nil {
			t.Errorf("%q accepted", line)
		}
	}
}
