package wordsout

import (
	"strings"
	"testing"

	"github.com/tablee/tablee/games"
	"github.com/tablee/tablee/games/gamestest"
	"github.com/tablee/tablee/games/lexicon"
	"github.com/tablee/tablee/i18n"
)

func TestPrefixRanks(t *testing.T) {
	m := newPrefixRanks([]string{"MAISON", "MAIS", "MARCHE", "ZABRE"}, func(w string) int {
		return map[string]int{"MAIS": 35, "MAISON": 120, "MARCHE": 900}[w]
	})
	for _, c := range []struct {
		prefix string
		want   int
	}{
		{"M", 35}, {"MA", 35}, {"MAIS", 35}, {"MAISO", 120}, {"MAR", 900}, {"MARCHE", 900},
		{"Z", 0}, {"ZAB", 0}, {"MAISONS", 0}, {"", 0},
	} {
		if got := m.rank(c.prefix); got != c.want {
			t.Errorf("rank(%q) = %d, want %d", c.prefix, got, c.want)
		}
	}
	// The bundled lexicon: a row heading to a familiar word, and one that
	// only a rare word begins with.
	d := realEngine().dict()
	if r := d.Familiar("MAISO"); r == 0 || r != lexicon.Familiarity("MAISON") {
		t.Errorf("Familiar(MAISO) = %d, want the rank of MAISON (%d)", r, lexicon.Familiarity("MAISON"))
	}
	if r := d.Familiar("ZABR"); r != 0 {
		t.Errorf("Familiar(ZABR) = %d, want 0 (only ZABRE and its forms begin so)", r)
	}
}

// cashBook tallies the words cashed at one strength: the words the bot
// aimed at (it laid its cards and called WORD OUT in one move: how many,
// how many of them familiar, lexicon.Familiarity, or common, games.Known)
// and the words it cashed as they came (a WORD OUT the game offered after
// a lay, a counter's WORD OUT, which the engine calls for the counterer).
type cashBook struct {
	aimed, familiar, common int
	came, cameFamiliar      int
	examples                []string
}

// TestFamiliarWords: Normal and Easy bots aim at the words people know,
// Easy at the most common ones (a word they do not know, they do not see:
// a row that happens to read one is a surprise they cash when the game
// offers it); Strong plays any word of the dictionary. Normal plays
// against Easy and Strong against Normal, two-player games.
func TestFamiliarWords(t *testing.T) {
	e := realEngine()
	n := gamestest.LadderGames(100)
	book := map[games.Strength]*cashBook{games.Easy: {}, games.Normal: {}, games.Strong: {}}
	for i := 0; i < 2*n; i++ {
		levels := []games.Strength{games.Normal, games.Easy}
		if i%2 == 1 {
			levels = []games.Strength{games.Strong, games.Normal}
		}
		if i/2%2 == 1 {
			levels[0], levels[1] = levels[1], levels[0]
		}
		gg, _ := e.New(nil, 2, uint64(i)+300)
		g := gg.(*Game)
		aimed := map[int]bool{} // per seat: its pending WORD OUT was aimed at
		for k := 0; k < 3000 && !g.s.Over; k++ {
			seat := g.Waiting()[0].Seat
			mv := g.Bot(seat, levels[seat])
			evs, err := g.Apply(seat, mv)
			if err != nil {
				t.Fatal(err)
			}
			for _, ev := range evs {
				if ev.To != games.Everyone {
					continue
				}
				switch ev.Msg.Key {
				case "wordsout.ev.wordout":
					who := int(ev.Msg.Args[0].(i18n.Seat))
					aimed[who] = who == seat && strings.HasSuffix(mv, " wordout")
				case "wordsout.ev.cash":
					who := int(ev.Msg.Args[0].(i18n.Seat))
					w := ev.Msg.Args[1].(string)
					b := book[levels[who]]
					r := lexicon.Familiarity(w)
					if !aimed[who] {
						b.came++
						if r > 0 {
							b.cameFamiliar++
						}
						continue
					}
					b.aimed++
					switch {
					case r > 0 && r <= games.Known:
						b.familiar++
						b.common++
					case r > 0:
						b.familiar++
					case len(b.examples) < 12:
						b.examples = append(b.examples, w)
					}
				}
			}
		}
	}
	share := func(k, of int) float64 { return float64(k) / float64(max(of, 1)) }
	all := func(b *cashBook) float64 { return share(b.familiar+b.cameFamiliar, b.aimed+b.came) }
	for _, l := range games.Strengths {
		b := book[l]
		t.Logf("%v: %d words aimed at, %.0f%% familiar, %.0f%% common; %d cashed as they came, %.0f%% familiar; all words %.0f%% familiar; unfamiliar aimed at: %s",
			l, b.aimed, 100*share(b.familiar, b.aimed), 100*share(b.common, b.aimed), b.came, 100*share(b.cameFamiliar, b.came), 100*all(b), strings.Join(b.examples, " "))
	}
	if f := share(book[games.Normal].familiar, book[games.Normal].aimed); f < 0.99 {
		t.Errorf("normal: %.0f%% of the words it aims at are familiar, want all", 100*f)
	}
	if f := share(book[games.Easy].common, book[games.Easy].aimed); f < 0.99 {
		t.Errorf("easy: %.0f%% of the words it aims at are common, want all", 100*f)
	}
	// All words cashed, surprises included: Normal and Easy well above
	// Strong, which plays the dictionary.
	if s, n := all(book[games.Strong]), all(book[games.Normal]); n < s+0.2 {
		t.Errorf("normal cashes %.0f%% familiar words, strong %.0f%%: want a difference of 20 points", 100*n, 100*s)
	}
	if e := all(book[games.Easy]); e < all(book[games.Strong])+0.1 {
		t.Errorf("easy cashes %.0f%% familiar words: want 10 points more than strong", 100*e)
	}
}
