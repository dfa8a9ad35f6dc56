package coquillaude

import (
	"bytes"
	"strings"
	"testing"

	"github.com/tablee/tablee/i18n"
)

func newDuplicate(t *testing.T, seed uint64) *Game {
	t.Helper()
	g, err := (&Engine{}).NewDuplicate(seed, 10)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestCQ_D1_DuplicateRoundsKeepTheBag: a duplicate's rounds draw from the
// bag of 171 pions (CQ-D1), which stays whole (bag, hand, board) round
// after round; each round's hand is 10 pions with vowels and consonants;
// a round saved loads back the same and is shown like a table's game.
func TestCQ_D1_DuplicateRoundsKeepTheBag(t *testing.T) {
	g := newDuplicate(t, 42)
	for round := 1; round <= 6; round++ {
		checkInvariants(t, g)
		if len(g.Pions(0)) != 10 || !balanced(g.s.Hands[0]) || g.s.Round != round {
			t.Fatalf("round %d: hand %s", round, g.Pions(0))
		}
		data, err := g.Save()
		if err != nil {
			t.Fatal(err)
		}
		back, err := (&Engine{}).Load(data)
		if err != nil {
			t.Fatal(err)
		}
		if again, _ := back.Save(); !bytes.Equal(again, data) {
			t.Fatalf("round %d: saved, loaded and saved again differs", round)
		}
		pub := render(i18n.FR, back.Public().Lines...)
		priv := render(i18n.FR, back.Private(0).Lines...)
		_ = back.(*Game).Scene()
		_ = back.(*Game).Choices(0, "")
		if strings.Contains(pub, g.Pions(0)) || priv == "" {
			t.Fatalf("round %d: the public view shows the pions, or the private view nothing:\n%s\n%s", round, pub, priv)
		}
		move, score := g.BestProposal(0)
		before := g.s.Scores[0]
		mustApply(t, g, 0, move)
		if got := g.s.Scores[0] - before; got != score || score < 25 {
			t.Fatalf("round %d: %q scored %d, BestProposal said %d", round, move, got, score)
		}
	}
}

// TestCQ_D5_FamousOnTheListCountsAlone: in a duplicate, a name of the
// famous list counts as famous with or without the claim, as at a table
// (CQ-D5): NAPOLEON across I11 and M11's shells is (8 + 2 + 2)² = 144.
func TestCQ_D5_FamousOnTheListCountsAlone(t *testing.T) {
	for _, move := range []string{"mot NAPOLEON H11 droite", "mot NAPOLEON H11 droite celebre"} {
		g := newDuplicate(t, 1)
		g.s.Bag = append(g.s.Bag, g.s.Hands[0]...)
		g.s.Hands[0] = nil
		for _, l := range []byte("NAPOLEON") {
			i := bytes.IndexByte(g.s.Bag, l)
			g.s.Hands[0] = append(g.s.Hands[0], l)
			g.s.Bag = append(g.s.Bag[:i], g.s.Bag[i+1:]...)
		}
		checkInvariants(t, g)
		mustApply(t, g, 0, move)
		if g.s.Scores[0] != 144 {
			t.Fatalf("%q: %d, want 144", move, g.s.Scores[0])
		}
	}
}

// The challenge tells a proposal as a sentence, its claims included; what
// is no proposal is not told.
func TestTellMove(t *testing.T) {
	e := &Engine{}
	fr, en := i18n.Renderer{Lang: i18n.FR}, i18n.Renderer{Lang: i18n.EN}
	for _, c := range []struct{ move, fr, en string }{
		{"mot AVEINT I11 diag anagrammes=ENVIAT,NATIVE", "AVEINT en I11, en diagonale descendante (2 anagrammes : ENVIAT, NATIVE)", "AVEINT at I11, diagonally down (2 anagrams: ENVIAT, NATIVE)"},
		{"mot motive i11 droite", "MOTIVE en I11, vers la droite", "MOTIVE at I11, rightwards"},
		{"mot NAPOLEON H11 droite celebre", "NAPOLEON en H11, vers la droite (personnage célèbre)", "NAPOLEON at H11, rightwards (a famous person)"},
	} {
		m, ok := e.TellMove(c.move)
		if !ok || fr.Text(m) != c.fr || en.Text(m) != c.en {
			t.Errorf("TellMove(%q) = %q / %q (%v), want %q / %q", c.move, fr.Text(m), en.Text(m), ok, c.fr, c.en)
		}
	}
	for _, move := range []string{"rien", "passe", "vote oui", "n'importe quoi"} {
		if _, ok := e.TellMove(move); ok {
			t.Errorf("TellMove(%q) told", move)
		}
	}
}
